"""The seeing area (bragrules/rules/seeing.py): who may see whom, what a see costs, how a tie goes, scenario by scenario from the rule texts."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bragrules.core.errors import RuleViolation

from ..helpers import FOUR, deal_with, nets, play, rules_for


def test_worked_pot_tie_goes_against_the_caller() -> None:
    """002: 'If the hands had equal strength, A as caller would still lose.'"""
    hands = {"A": "5c 6d 7h", "B": "5s 6h 7d", "C": "2c 7c Jd", "D": "3s 8h Qd"}
    deal = deal_with(rules_for("traditional"), hands)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["B"]
    assert nets(deal)["A"] == -7


def test_tie_split_shares_the_pot_exactly() -> None:
    hands = {"A": "5c 6d 7h", "B": "5s 6h 7d", "C": "2c 7c Jd", "D": "3s 8h Qd"}
    deal = deal_with(rules_for("traditional", seeing={"tie": "split"}), hands)
    play(deal, ["A look", "A bet 2", "B look", "B bet 3", "C fold", "D fold", "A see 6"])
    assert deal.result is not None
    assert deal.result.outcome == "split"
    # pot 4 + 2 + 3 + 6 = 15, each takes 15/2
    assert nets(deal) == {"A": F(15, 2) - 9, "B": F(15, 2) - 4, "C": -1, "D": -1}


def test_tie_eldest_hand_wins() -> None:
    hands = {"A": "5c 6d 7h", "B": "5s 6h 7d", "C": "2c 7c Jd"}
    deal = deal_with(rules_for("traditional", seeing={"tie": "eldest_hand"}), hands)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["A"]


def test_tie_by_suits() -> None:
    hands = {"A": "5c 6d 7h", "B": "5s 6h 7d", "C": "2c 7c Jd"}
    deal = deal_with(rules_for("traditional", seeing={"tie": "suits"}), hands)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    # highest card: 7h (A) against 7d (B); hearts rank above diamonds
    assert deal.result is not None and deal.result.winners == ["A"]


def test_seen_player_cannot_see_a_blind_player() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B bet 1", "C fold", "D fold"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A see 4")
    assert info.value.rule == "seeing.seen_sees_blind"
    assert "see" not in [o.kind for o in deal.legal_actions()]


def test_blind_sees_seen_for_the_level_and_blind_sees_blind() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B bet 1", "C fold", "D fold", "A bet 2"])
    see = [o for o in deal.legal_actions() if o.kind == "see"]
    assert see and see[0].amount == 2  # blind against seen: the seen level, twice the blind payment
    deal.apply_text("B see 2")
    assert deal.is_over
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A bet 1", "B bet 1", "C fold", "D fold"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A see 1")
    assert info.value.rule == "seeing.cost_multiple"
    deal.apply_text("A see 2")  # blind against blind: twice the blind rate (the level, 2)
    assert deal.result is not None and deal.result.pot == 4 + 1 + 1 + 2


def test_wrong_see_amount_is_refused_and_changes_nothing() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold"])
    before = (deal.pot, deal.to_act, len(deal.events))
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A see 3")
    assert info.value.rule == "seeing.cost_multiple"
    assert "exactly 4" in info.value.message
    assert (deal.pot, deal.to_act, len(deal.events)) == before


def test_see_only_with_two_players_left() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("C see 4")
    assert info.value.rule == "seeing.two_players"


def test_see_cost_twice_the_other_players_last_bet_under_000() -> None:
    deal = deal_with(rules_for("standard"), FOUR)
    play(deal, ["A look", "A bet 3", "B look", "B bet 5", "C fold", "D fold"])
    see = [o for o in deal.legal_actions() if o.kind == "see"][0]
    assert see.amount == 10  # twice B's last bet of 5
    deal.apply_text("A see 10")
    assert deal.result is not None and deal.result.winners == ["B"]
