"""The engine reports which rules decided how a deal ended (``DealResult.decided_by``);
``arbitrate`` cites them instead of working them out from outside."""

from __future__ import annotations

from .helpers import FOUR, deal_with, play, rules_for

EQUAL = {"A": "Kc 9c 4c", "B": "Kd 9d 4d", "C": "2c 7h Jd", "D": "3s 8h Qd"}


def test_a_see_between_equal_hands_is_decided_by_the_tie_rule() -> None:
    deal = play(deal_with(rules_for("traditional"), EQUAL),
                ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["B"]  # the caller loses a tie
    assert deal.result.decided_by == ["seeing.tie"]


def test_a_see_between_unequal_hands_needs_no_special_rule() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR),
                ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"])
    assert deal.result is not None and deal.result.decided_by == []


def test_folds_before_anybody_bets() -> None:
    deal = play(deal_with(rules_for("standard"), FOUR), ["A fold", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["D"]  # still blind, and collects
    assert deal.result.decided_by == ["folding.nobody_bet", "folding.blind_survivor"]
    carried = play(deal_with(rules_for("standard", folding={"nobody_bet": "carries"}), FOUR),
                   ["A fold", "B fold", "C fold"])
    assert carried.result is not None and carried.result.outcome == "carried"
    assert carried.result.decided_by == ["folding.nobody_bet"]


def test_a_blind_survivor() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR), ["A bet 1", "B fold", "C fold", "D fold", "A retain"])
    assert deal.result is not None and deal.result.outcome == "carried"  # traditional: the pot carries
    assert deal.result.decided_by == ["folding.blind_survivor", "blind.retention"]
