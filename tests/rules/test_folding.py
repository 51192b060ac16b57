"""The folding area (bragrules/rules/folding.py): the lone survivor and the pot nobody bet on, scenario by scenario from the rule texts."""

from __future__ import annotations

from ..helpers import FOUR, deal_with, nets, play, rules_for


def test_seen_lone_survivor_collects_without_showing() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B fold", "C fold", "D fold"])
    assert deal.result is not None
    assert deal.result.winners == ["A"] and not deal.result.showdown
    assert nets(deal) == {"A": 3, "B": -1, "C": -1, "D": -1}


def test_blind_survivor_collects_or_carries() -> None:
    """``folding.blind_survivor``: 002's blind survivor "may retain that unseen hand" and the pot carries
    (``carries``); under 000 the last player left "wins everything in the pot" (``collects``)."""
    carries = deal_with(rules_for("traditional"), FOUR)
    play(carries, ["A bet 1", "B fold", "C fold", "D fold", "A retain"])
    assert carries.result is not None and carries.result.outcome == "carried"
    assert carries.result.carried_out == 5  # four antes and a blind payment of 1 (level 2)
    assert carries.result.retained == {"A": carries.players["A"].hand}
    collects = deal_with(rules_for("standard"), FOUR)
    play(collects, ["A bet 1/2", "B fold", "C fold", "D fold"])
    assert collects.result is not None and collects.result.winners == ["A"]


def test_nobody_bet_carries_under_003_variant() -> None:
    deal = deal_with(rules_for("casual", folding={"nobody_bet": "carries"}), FOUR)
    play(deal, ["A fold", "B fold", "C fold"])
    assert deal.result is not None and deal.result.outcome == "carried"
    plain = deal_with(rules_for("casual"), FOUR)
    play(plain, ["A fold", "B fold", "C fold"])
    assert plain.result is not None and plain.result.winners == ["D"]
