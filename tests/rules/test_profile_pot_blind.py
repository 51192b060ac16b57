"""pot-blind: Teen Patti with a pot blind, the dealer's live blind equal to the pot (``stakes.forced.pot_share: 1``).

3pattimaster.com, "Mastering the pot blind": "one player may put a "pot blind" equal to the pot (or a fraction
of it) before cards are dealt"; "if the pot is $50 and the pot blind rule asks the designated player to post a pot
blind equal to the pot, they commit $50 before action. That bet becomes part of the pot and often affects how other
players act: they must call, raise, or fold against an already sizeable stake". 3pattimaster.com, "Master pot
blind strategy": "Blinds may be posted by a rotating player, the dealer, or a designated "pot blind" seat";
"Pot blinds can be fixed amounts or a percentage of the pot".

Read as a rule over Teen Patti (boot 1 each, a blind player paying half the seen stake, stakes in steps of 2): the
dealer, whose seat goes round with the deal, posts a live blind equal to the pot as it stands once the boots are
in (a pot carried in included) before anyone acts. Deals are set up with the order of play from the dealer's left,
the dealer last (D deals, A acts first).
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
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, read_log
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.loader import profile_hash
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, nets, play, run_cli

SIX = {**FOUR, "E": "4d 9h Kd", "F": "2d 3c 9c"}


def _pot_blind(hands: Dict[str, str] = FOUR, **kwargs: Any) -> Deal:
    return deal_with(compile_rules(load_profile("pot-blind")), hands, **kwargs)


def test_the_designated_player_posts_a_blind_equal_to_the_pot() -> None:
    """"if the pot is $50 and the pot blind rule asks the designated player to post a pot blind equal to the pot,
    they commit $50 before action": four boots make a pot of 4, and the dealer D puts in 4 more, so the pot
    doubles before anybody acts."""
    deal = _pot_blind()
    boots = [p for p in deal.posted if p.what == "ante"]
    assert [(p.player, p.amount) for p in boots] == [(seat, Fraction(1)) for seat in "ABCD"]
    blind = deal.posted[-1]
    assert (blind.player, blind.what, blind.amount, blind.live) == ("D", "blind", Fraction(4), True)
    assert blind.rule == "stakes.forced.pot_share"
    assert deal.pot == 8 and deal.to_act == "A"


def test_six_players_make_a_blind_of_six() -> None:
    """The blind follows the pot, not a table of four: six boots, a blind of 6, the seen stake at 12."""
    deal = _pot_blind(SIX)
    assert (deal.posted[-1].player, deal.posted[-1].amount) == ("F", 6)
    assert deal.pot == 12 and deal.level == 12 and deal.to_act == "A"
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 6  # A, blind: half the stake


def test_a_pot_carried_in_is_part_of_the_pot_the_blind_equals() -> None:
    """A pot of 10 carried from the last deal and four boots: the pot stands at 14 when the blind is posted, and
    the blind is 14 (the seen stake 28)."""
    deal = _pot_blind(carried=Fraction(10))
    assert deal.posted[-1].amount == 14
    assert deal.pot == 28 and deal.level == 28


def test_a_fraction_of_the_pot() -> None:
    """"equal to the pot (or a fraction of it)": half the pot of four boots is a blind of 2, the seen stake 4."""
    rules = compile_rules(load_profile_text("extends: pot-blind\nname: half\nstakes: {forced: {pot_share: 1/2}}\n"))
    deal = deal_with(rules, FOUR)
    assert deal.posted[-1].amount == 2 and deal.pot == 6 and deal.level == 4


def test_the_others_must_call_raise_or_fold_against_it() -> None:
    """"they must call, raise, or fold against an already sizeable stake": the blind of 4, posted blind, is
    the first bet. A, blind, pays at least 4 (a seen player at least 8); less is refused and changes nothing."""
    deal = _pot_blind()
    assert deal.level == 8
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 4
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 2")
    assert refused.value.rule == "betting.at_least_level"
    assert deal.pot == 8 and deal.to_act == "A"
    play(deal, ["A look"])
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 8
    play(deal, ["A bet 16"])  # a raise: twice the stake, seen
    assert deal.level == 16 and deal.pot == 24


def test_everyone_folding_to_the_pot_blind_leaves_it_the_pot() -> None:
    """Nobody calls: the dealer's blind takes the boots (a blind survivor collects in Teen Patti)."""
    deal = play(_pot_blind(), ["A fold", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["D"]
    assert nets(deal) == {"A": -1, "B": -1, "C": -1, "D": 3}


def test_without_the_pot_blind_teen_patti_opens_at_the_boot() -> None:
    """The same seats under teen-patti: no blind, the pot is the boots, and the first chaal opens at 1."""
    deal = deal_with(compile_rules(load_profile("teen-patti")), FOUR)
    assert deal.pot == 4 and deal.level is None
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 1


def test_the_blind_rotates_with_the_deal() -> None:
    """"Blinds may be posted by a rotating player, the dealer": each deal's dealer posts it, the pot of four
    boots each time (no pot carried: a blind survivor collects)."""
    session = Session(compile_rules(load_profile("pot-blind")), ["A", "B", "C", "D"], seed=5)
    posters = []
    for _ in range(4):
        deal = session.start_deal()
        posters.append((session.dealer, deal.posted[-1].player, deal.posted[-1].amount))
        while not deal.is_over:
            session.act(deal.legal_actions()[-1].action())
        session.finish_deal()
    assert [dealer for dealer, _, _ in posters] == [poster for _, poster, _ in posters]
    assert len({dealer for dealer, _, _ in posters}) == 4
    assert {amount for _, _, amount in posters} == {Fraction(4)}


def _log(profile_text: str, seed: int, deals: int, fold: bool = False) -> List[Dict[str, Any]]:
    """A session's log lines under the profile: random play, or everyone folding to the blind (``fold``)."""
    session = Session(compile_rules(load_profile_text(profile_text)), ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    with LogWriter.for_session(out, session, include_profile=True):
        if fold:
            for _ in range(deals):
                deal = session.start_deal()
                while not deal.is_over:
                    options = deal.legal_actions()
                    session.act(next((o for o in options if o.kind == "fold"), options[-1]).action())
                session.finish_deal()
        else:
            play_session(session, random_chooser(random.Random(seed)), max_deals=deals)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _audited(lines: List[Dict[str, Any]], tmp_path: Path) -> List[Any]:
    path = tmp_path / "pot-blind.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return audit(read_log(str(path))).violations


def test_the_log_records_the_pot_blind_and_the_audit_checks_it(tmp_path: Path) -> None:
    lines = _log("extends: pot-blind\nname: pot-blind\n", seed=7, deals=6)
    assert _audited(lines, tmp_path) == []
    deal_line = next(line for line in lines if line.get("type") == "deal")
    assert deal_line["posts"][-1] == {"player": deal_line["dealer"], "post": "blind", "amount": 4}
    deal_line["posts"][-1]["amount"] = 2  # a smaller blind than the pot
    violations = _audited(lines, tmp_path)
    assert [v.rule for v in violations][:1] == ["stakes.forced.pot_share"]
    assert "blind before deal 1 is 4, not 2" in violations[0].message


CARRIED = "extends: pot-blind\nname: pot-blind-carried\nfolding: {blind_survivor: carries}\n"
"""The pot blind where a blind survivor does not collect: the pot carries into the next deal."""


def test_the_audit_recomputes_the_blind_from_the_pot_carried_in(tmp_path: Path) -> None:
    """Everyone folds to the dealer's blind, blind, and the pot carries: 8 into the second deal, whose blind is
    8 and four boots, 12; 24 into the third, whose blind is 28. A log writing the second blind as four boots
    (the pot without the pot carried in) breaks the rule, and the audit says what the blind is."""
    lines = _log(CARRIED, seed=1, deals=3, fold=True)
    deals = [line for line in lines if line.get("type") == "deal"]
    assert [line["carried_in"] for line in deals] == [0, 8, 24]
    assert [line["posts"][-1]["amount"] for line in deals] == [4, 12, 28]
    assert _audited(lines, tmp_path) == []
    deals[1]["posts"][-1]["amount"] = 4
    violations = _audited(lines, tmp_path)
    assert [v.rule for v in violations][:1] == ["stakes.forced.pot_share"]
    assert "blind before deal 2 is 12, not 4" in violations[0].message


FIXED = """extends: teen-patti
name: pot-blind
description: 'Teen Patti with a pot blind: the dealer puts in a live blind the size of a four-handed pot of boots'
source: '3pattimaster.com "Mastering the pot blind" and "Master pot blind strategy", over the common Teen Patti game (teen-patti)'
stakes: {forced: {kind: blind, who: dealer, amount: 4, live: true}}
"""
"""The profile as it was shipped with the fixed form, four boots whatever the pot (the pages' other option)."""


def test_the_fixed_form_plays_and_hashes_as_before(tmp_path: Path) -> None:
    """"Pot blinds can be fixed amounts": ``amount: 4`` in place of ``pot_share`` is the blind of four boots
    whatever the pot, with the rule hash the logs recorded for it before the pot blind was a field (so those logs
    still audit), and the audit cites ``stakes.forced.amount``."""
    fixed = load_profile_text(FIXED)
    assert profile_hash(fixed) == "83105528c6433e0c1de0a1e6e97dd1bc9961799228fb8fd2f7e16541bb93a87a"
    deal = deal_with(compile_rules(fixed), SIX)
    assert deal.posted[-1].amount == 4 and deal.posted[-1].rule == "stakes.forced.amount"
    lines = _log(FIXED, seed=7, deals=4)
    assert _audited(lines, tmp_path) == []
    next(line for line in lines if line.get("type") == "deal")["posts"][-1]["amount"] = 6
    assert [v.rule for v in _audited(lines, tmp_path)][:1] == ["stakes.forced.amount"]


def test_the_rulebook_says_what_the_blind_does_and_play_follows_it() -> None:
    """The book (read here, as a table reads it) says who posts the blind, that it is the pot, and that it opens
    the level at twice the pot; the deal does what it says: the dealer's blind of 4, blind, opens at 8, which a
    blind player pays half of."""
    text = " ".join(render_text(build_rulebook(load_profile("pot-blind"))).split())
    assert "The dealer posts a blind of the whole pot as it stands once the antes are in, before anybody looks." in text
    assert "The blind opens the level at twice the pot it is posted into." in text
    assert "rounded down to the step below, never below 2; the level it sets is at most the highest stake, 128." in text
    assert "The first chaal opens the level" not in text
    deal = _pot_blind()
    assert deal.level == 8 and deal.posted[-1].player == deal.order[-1]
    play(deal, ["A bet 4", "B look", "B bet 8"])  # blind: half the level; seen: the level
    play(deal, ["C look"])
    with pytest.raises(RuleViolation):
        deal.apply_text("C bet 4")  # seen, C pays the full level of 8
    assert deal.to_act == "C" and deal.pot == 20


def test_play_posts_the_pot_blind_for_the_table_seated(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    """``bragrules play -p pot-blind``: six players' boots, and the dealer's blind of 6 said before the betting."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", "pot-blind", "--auto", "--hands", "2", "--seed", "4",
                             "-n", "6", "--log", "six.jsonl", "--no-explain")
    assert code == 0, out + err
    assert "Before the betting: antes 1 each; Ada posts a blind of 6 (the first bet)." in out
    assert audit(str(tmp_path / "six.jsonl")).ok


def test_arbitrate_rules_a_bet_below_the_blind(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    """``bragrules arbitrate``: a blind bet of 2 against the pot blind of 4 is short by 2 under pot-blind; the same
    bet opens the betting under teen-patti, which has no blind."""
    sheet = tmp_path / "short.yaml"
    sheet.write_text("profile: pot-blind\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                     "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
                     "    actions: []\n    dispute: A bet 2\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "arbitrate", str(sheet), "-p", "pot-blind", "-p", "teen-patti",
                             "--json")
    assert code == 0, err
    pot_blind, teen_patti = json.loads(out)["rulings"]
    assert (pot_blind["allowed"], pot_blind["outcome"], pot_blind["owed"]) == (False, "owed", {"A": 2})
    assert "the level is 8" in pot_blind["summary"]
    assert (teen_patti["allowed"], teen_patti["outcome"]) == (True, "allowed")
