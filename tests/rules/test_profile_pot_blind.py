"""pot-blind: Teen Patti with a pot blind, composed of the forced bets that exist (``stakes.forced``).

3pattimaster.com, "Mastering the pot blind": "one player may put a "pot blind" equal to the pot (or a fraction
of it) before cards are dealt"; "if the pot is $50 and the pot blind rule asks the designated player to post a pot
blind equal to the pot, they commit $50 before action. That bet becomes part of the pot and often affects how other
players act: they must call, raise, or fold against an already sizeable stake". 3pattimaster.com, "Master pot
blind strategy": "Blinds may be posted by a rotating player, the dealer, or a designated "pot blind" seat";
"Pot blinds can be fixed amounts or a percentage of the pot".

Read as a rule over Teen Patti (boot 1 each, a blind player paying half the seen stake): the dealer, whose seat
goes round with the deal, posts a live blind of four boots, the pot of a table of four, before anyone acts.
Deals are set up with the order of play from the dealer's left, the dealer last (D deals, A acts first).
"""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, read_log
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, nets, play


def _pot_blind() -> Deal:
    return deal_with(compile_rules(load_profile("pot-blind")), FOUR)


def test_the_designated_player_posts_a_blind_equal_to_the_pot() -> None:
    """"post a pot blind equal to the pot ... before action": four boots make a pot of 4, and the dealer D
    puts in 4 more, so the pot doubles before anybody acts."""
    deal = _pot_blind()
    boots = [p for p in deal.posted if p.what == "ante"]
    assert [(p.player, p.amount) for p in boots] == [(seat, Fraction(1)) for seat in "ABCD"]
    blind = deal.posted[-1]
    assert (blind.player, blind.what, blind.amount, blind.live) == ("D", "blind", sum(p.amount for p in boots), True)
    assert deal.pot == 8 and deal.to_act == "A"


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
    """"Blinds may be posted by a rotating player, the dealer": each deal's dealer posts it."""
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


def test_the_log_records_the_pot_blind_and_the_audit_checks_it(tmp_path: Path) -> None:
    session = Session(compile_rules(load_profile("pot-blind")), ["A", "B", "C", "D"], seed=7)
    out = io.StringIO()
    with LogWriter.for_session(out, session, profile_name="pot-blind"):
        play_session(session, random_chooser(random.Random(7)), max_deals=6)
    path = tmp_path / "pot-blind.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")
    assert audit(read_log(str(path))).ok
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    deal_line = next(line for line in lines if line.get("type") == "deal")
    assert deal_line["posts"][-1] == {"player": deal_line["dealer"], "post": "blind", "amount": 4}
    deal_line["posts"][-1]["amount"] = 2  # a smaller blind than the profile's
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    violations = audit(read_log(str(path))).violations
    assert [v.rule for v in violations][:1] == ["stakes.forced.amount"]


def test_the_rulebook_says_what_the_blind_does_and_play_follows_it() -> None:
    """The book (read here, as a table reads it) says who posts the blind and that it opens the level; the deal
    does what it says: the dealer's blind of 4, blind, opens at 8, which a blind player pays half of."""
    text = " ".join(render_text(build_rulebook(load_profile("pot-blind"))).split())
    assert "The dealer posts a blind of 4 before anybody looks." in text
    assert "The blind opens the level at 8." in text and "The first bet opens the level" not in text
    deal = _pot_blind()
    assert deal.level == 8 and deal.posted[-1].player == deal.order[-1]
    play(deal, ["A bet 4", "B look", "B bet 8"])  # blind: half the level; seen: the level
    play(deal, ["C look"])
    with pytest.raises(RuleViolation):
        deal.apply_text("C bet 4")  # seen, C pays the full level of 8
    assert deal.to_act == "C" and deal.pot == 20
