"""The disputes area (bragrules/rules/disputes.py): a deliberate look, an accidental exposure and the redeal it may bring, scenario by scenario from 000's fine points."""

from __future__ import annotations

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.history import parse_sheet

from ..helpers import FOUR, deal_with, play, rules_for


def test_a_deliberate_look_folds_the_looker_at_once_out_of_turn() -> None:
    """000: "Players who deliberately look at another player's cards must fold immediately and
    their bet remains in the pot." The turn stays with the player whose turn it was."""
    deal = deal_with(rules_for("standard"), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2"])
    assert deal.to_act == "C"
    deal.apply_text("D peeks at A's cards")
    assert deal.players["D"].folded and deal.to_act == "C"
    assert deal.players["D"].contributed == 1 and deal.pot == 8


def test_an_exposure_before_betting_brings_a_redeal_with_antes_returned() -> None:
    """000: "the affected player may demand a redeal of the whole hand, with all antes returned,
    before any betting has taken place. Once betting has begun, a misdeal is not declared"."""
    deal = deal_with(rules_for("standard"), FOUR)
    deal.apply_text("A exposes B")
    deal.apply_text("B redeal")
    assert deal.result is not None and deal.result.outcome == "redeal"
    assert all(v == 0 for v in deal.result.net.values())
    late = deal_with(rules_for("standard"), FOUR)
    play(late, ["A look", "A bet 2", "C exposes"])
    with pytest.raises(RuleViolation) as refused:
        late.apply_text("C redeal")
    assert refused.value.rule == "disputes.exposure_after_betting"
    too_late = deal_with(rules_for("standard"), FOUR)
    play(too_late, ["B exposes", "A look", "A bet 2"])
    with pytest.raises(RuleViolation) as refused:
        too_late.apply_text("B redeal")
    assert refused.value.rule == "disputes.exposure_before_betting"


def test_disputes_in_a_sheet_are_audited_and_arbitrated_by_the_same_rules() -> None:
    """A history records ``X peeks Y``; the audit applies 000's penalty and arbitrate agrees."""
    text = """
profile: standard
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
    actions: [A look, A bet 2, D peeks B, B look, B bet 2, C fold, A see 4]
    result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}
"""
    report = audit(parse_sheet(text), "standard")
    assert report.ok, [str(v) for v in report.violations]
    situation = parse_sheet(text.replace("A see 4]", "]").replace(
        "    result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}\n", "    dispute: B peeks A\n"))
    (ruling,) = arbitrate(situation, ["standard"]).rulings
    assert ruling.outcome == "forced_fold"
    assert ruling.winners == ["A"]  # B folds at once: A, the last one left (seen), takes the pot


def test_arbitrate_rules_an_exposure_before_betting_with_the_engine() -> None:
    """000: "the affected player may demand a redeal of the whole hand, with all antes returned"."""
    situation = parse_sheet("""
profile: standard
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
    actions: []
    dispute: A exposes B
""")
    standard, house = arbitrate(situation, ["standard", "traditional"]).rulings
    assert standard.outcome == "redeal" and all(v == 0 for v in standard.net.values())
    assert "B may demand a redeal" in standard.summary


def test_after_betting_the_exposed_player_folds_or_plays_on() -> None:
    """000: "Once betting has begun, a misdeal is not declared for accidental exposure: the affected
    player simply folds or continues at their discretion"."""
    deal = play(deal_with(rules_for("standard"), FOUR), ["A look", "A bet 2", "C exposes B"])
    assert deal.result is None and deal.to_act == "B"
    assert {"bet", "fold"} <= {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B redeal")
    assert refused.value.rule == "disputes.exposure_after_betting"
    play(deal, ["B look", "B bet 2"])  # B continues, at B's discretion
    assert deal.players["B"].contributed == 3 and deal.to_act == "C"


def test_a_house_may_redeal_after_betting_with_every_stake_returned() -> None:
    """``disputes.exposure_after_betting: redeal``: the house extends 000's redeal past the first bet."""
    deal = deal_with(rules_for("standard", disputes={"exposure_after_betting": "redeal"}), FOUR)
    play(deal, ["A look", "A bet 2", "C exposes B", "B redeal"])
    assert deal.result is not None and deal.result.outcome == "redeal"
    assert all(v == 0 for v in deal.result.net.values()) and deal.result.carried_out == 0


def test_a_house_that_plays_on_refuses_the_redeal_before_betting() -> None:
    """``disputes.exposure_before_betting: continue``: no redeal even before any bet; play goes on."""
    deal = deal_with(rules_for("standard", disputes={"exposure_before_betting": "continue"}), FOUR)
    deal.apply_text("A exposes B")
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B redeal")
    assert refused.value.rule == "disputes.exposure_before_betting"
    assert deal.result is None and deal.to_act == "A" and deal.pot == 4


def test_a_house_that_forgives_a_deliberate_look_lets_the_looker_play_on() -> None:
    """``disputes.deliberate_look: continue`` against 000's "must fold immediately": nothing changes
    but the record of the look."""
    deal = deal_with(rules_for("standard", disputes={"deliberate_look": "continue"}), FOUR)
    play(deal, ["A look", "A bet 2"])
    deal.apply_text("D peeks A")
    assert not deal.players["D"].folded and deal.to_act == "B" and deal.pot == 6
