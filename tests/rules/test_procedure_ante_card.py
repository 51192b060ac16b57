"""procedure.ante_card: a card turned face up sets the deal's ante (the boot) by its suit.

gamekillerapp.com, "Teen Patti": "the dealer reveals the first card from the deck. This card is called the "boot."
[...] The value of the boot is determined by the suit of the card. The suits are ranked in the following order:
spades, hearts, clubs, and diamonds. If the boot is a spade, the value of the boot is multiplied by four. If the
boot is a heart, the value of the boot is multiplied by three. If the boot is a club, the value of the boot is
multiplied by two. If the boot is a diamond, the value of the boot is multiplied by one."

Read as a rule over Teen Patti (a boot of 1 each): one card is turned face up for the deal, and every player's
boot is 4, 3, 2 or 1 as its suit is a spade, a heart, a club or a diamond. The page turns it once the first bets
are in; the profile turns it for the boot itself, before anybody bets.
"""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import speaking
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.diff import compare
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, read_log
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.errors import ProfileError
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, nets, play


def _boot_card(centre: str) -> Deal:
    return deal_with(compile_rules(load_profile("boot-card")), FOUR, centre=parse_cards(centre))


@pytest.mark.parametrize(("card", "boot"), [("9s", 4), ("Qh", 3), ("2c", 2), ("Ad", 1)])
def test_the_turned_cards_suit_multiplies_the_boot(card: str, boot: int) -> None:
    """"If the boot is a spade, the value of the boot is multiplied by four ... a heart ... three ... a club ...
    two ... a diamond ... one": each of the four players puts in that many boots of 1, whatever the rank."""
    deal = _boot_card(card)
    assert [(p.player, p.what, p.amount) for p in deal.posted] == [(seat, "ante", Fraction(boot)) for seat in "ABCD"]
    assert {p.rule for p in deal.posted} == {"procedure.ante_card"}
    assert deal.pot == 4 * boot and deal.level is None and deal.to_act == "A"


def test_a_spade_boot_is_what_the_winner_takes() -> None:
    """A spade turned: four boots of 4; A bets, everyone else packs, and A wins the other three players' boots."""
    deal = play(_boot_card("5s"), ["A bet 1", "B fold", "C fold", "D fold"])
    assert nets(deal) == {"A": 12, "B": -4, "C": -4, "D": -4}


def test_the_betting_is_teen_pattis_whatever_the_boot() -> None:
    """The boot card sets the boot alone: the first chaal still opens at the table's stake (1 blind)."""
    deal = _boot_card("Ks")
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 1


def test_without_the_rule_no_card_is_turned_and_the_boot_is_one() -> None:
    session = Session(compile_rules(load_profile("teen-patti")), ["A", "B", "C"], seed=3)
    deal = session.start_deal()
    assert session.current_centre() == () and deal.pot == 3


def test_a_deal_without_its_boot_card_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        deal_with(compile_rules(load_profile("boot-card")), FOUR)
    assert refused.value.rule == "procedure.ante_card"


def test_the_session_turns_a_card_each_deal_and_the_boot_follows_it() -> None:
    session = Session(compile_rules(load_profile("boot-card")), ["A", "B", "C"], seed=3)
    seen: Dict[str, set] = {}
    for _ in range(12):
        deal = session.start_deal()
        (card,) = session.current_centre()
        seen.setdefault(card.suit_name, set()).update(p.amount for p in deal.posted)
        while not deal.is_over:
            session.act(deal.legal_actions()[-1].action())
        session.finish_deal()
    expected = {"spades": {4}, "hearts": {3}, "clubs": {2}, "diamonds": {1}}
    assert seen and all(seen[suit] == expected[suit] for suit in seen)
    assert len(seen) > 1, "the seed turned one suit only"


def _log(seed: int = 7) -> List[Dict[str, Any]]:
    session = Session(compile_rules(load_profile("boot-card")), ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    with LogWriter.for_session(out, session, profile_name="boot-card"):
        play_session(session, random_chooser(random.Random(seed)), max_deals=6)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _write(path: Path, lines: List[Dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_the_log_writes_the_card_and_each_boot_and_the_audit_checks_the_boot(tmp_path: Path) -> None:
    lines = _log()
    assert audit(read_log(str(_write(tmp_path / "clean.jsonl", lines)))).ok
    deal_line = next(line for line in lines if line.get("type") == "deal")
    times = {"s": 4, "h": 3, "c": 2, "d": 1}[deal_line["centre"][-1]]
    assert [post["amount"] for post in deal_line["posts"]] == [times] * 4
    deal_line["posts"][0]["amount"] = 5 - times  # a boot the card does not set
    violations = audit(read_log(str(_write(tmp_path / "boot.jsonl", lines)))).violations
    assert [v.rule for v in violations][:1] == ["procedure.ante_card"]


def test_a_changed_boot_card_in_a_log_is_caught(tmp_path: Path) -> None:
    lines = _log()
    deal_line = next(line for line in lines if line.get("type") == "deal")
    deal_line["centre"] = "2c" if deal_line["centre"] != "2c" else "2d"
    assert not audit(read_log(str(_write(tmp_path / "card.jsonl", lines)))).ok


def test_rulebook_and_diff_say_it_in_each_language() -> None:
    text = " ".join(render_text(build_rulebook(load_profile("boot-card"))).split())
    assert "its suit sets the ante: a spade four times the ante" in text
    assert "Each deal goes: ante card, forced stakes, cut, deal, betting, showdown, next dealer" in text
    found = compare([("teen-patti", load_profile("teen-patti")), ("boot-card", load_profile("boot-card"))])
    difference = found.find("procedure.ante_card")
    assert difference is not None and "a spade four times" in difference.sentences["boot-card"]
    assert difference.sentences["teen-patti"] == "no card sets the ante"
    for lang, words in (("zh", "黑桃为底注的四倍"), ("hi", "हुकुम हो तो बूट का चार गुना")):
        with speaking(lang):
            assert words in " ".join(render_text(build_rulebook(load_profile("boot-card"))).split())


@pytest.mark.parametrize("extra", ["stakes: {forced: {kind: boot, amount: 2}}",
                                   "stakes: {ante: 0}",
                                   "session: {bankroll: finite, starting_stack: 100}",
                                   "format: {betting: false}"])
def test_a_boot_card_the_rest_cannot_play_is_refused(extra: str) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text(f"extends: standard\nname: x\nprocedure: {{ante_card: suit}}\n{extra}\n")
    assert "procedure.ante_card" in str(refused.value)
