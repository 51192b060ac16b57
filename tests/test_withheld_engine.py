""":meth:`Deal.withheld`: a move the engine itself takes away at a turn (not an area's refusal) is named
with its rule too, so a table can say why before anyone tries it: the see with two left that a seen
player may not call on a blind one, a bet or a see a short stack cannot pay where it must fold."""

from __future__ import annotations

from fractions import Fraction

from bragrules.core.cards import parse_cards
from bragrules.engine.deal import Deal
from bragrules.profile import load_profile
from bragrules.profile.loader import load_profile_text
from bragrules.rules.compile import compile_rules

SHORT = "extends: standard\nsession: {bankroll: finite, starting_stack: 20, covering: must_fold}\n"


def _deal(profile, stacks=None) -> Deal:  # type: ignore[no-untyped-def]
    return Deal(compile_rules(profile), ["A", "B", "C"],
                {p: parse_cards(c) for p, c in zip("ABC", ("Kc 9c 4c", "5s 6h 7d", "Ah Ad 2s"))}, stacks=stacks)


def test_a_short_stack_that_must_fold_is_told_why_it_may_not_bet() -> None:
    deal = _deal(load_profile_text(SHORT), stacks={"A": Fraction(20), "B": Fraction(20), "C": Fraction(2)})
    deal.apply_text("A look")
    deal.apply_text("A bet 4")
    deal.apply_text("B look")
    deal.apply_text("B bet 4")
    assert deal.to_act == "C" and "bet" not in [o.kind for o in deal.legal_actions()]
    (gone,) = [(option.kind, str(refused.rule)) for option, refused in deal.withheld()]
    assert gone == ("bet", "session.covering")
    message = deal.withheld()[0][1].message
    assert "C cannot cover" in message and "must fold" in message, message


def test_nothing_is_said_withheld_where_every_move_is_offered() -> None:
    deal = _deal(load_profile("standard"))
    for text in ("A look", "A bet 2", "B bet 1"):
        deal.apply_text(text)
    assert deal.withheld() == []  # three still in: the see is no question yet, and the bet is offered
    before = len(deal.actions)
    deal.withheld()
    assert len(deal.actions) == before  # asking changes nothing
