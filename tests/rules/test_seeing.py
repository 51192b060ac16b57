"""The seeing area (bragrules/rules/seeing.py): who may see whom, what a see costs, how a tie goes, scenario by scenario from the rule texts."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.history import parse_sheet
from bragrules.profile import load_profile

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
    """002: "Blind against seen: pay the current seen level, twice your normal blind payment. Blind
    against blind: also pay twice the blind rate" (``seeing.blind_sees_seen``, ``seeing.blind_sees_blind``)."""
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


def test_the_caller_shows_first_under_caller_first() -> None:
    """``seeing.exposure: caller_first``: the caller's cards are turned first."""
    deal = deal_with(rules_for("traditional", seeing={"exposure": "caller_first"}), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"])
    assert [p for p, _ in deal.events[-1].shown] == ["A", "B"]
    opponent_first = deal_with(rules_for("traditional"), FOUR)
    play(opponent_first, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"])
    assert [p for p, _ in opponent_first.events[-1].shown] == ["B", "A"]  # 002: "Opponent exposes first"


@pytest.mark.parametrize("exposure, first, second", [("opponent_first", "B", "A"), ("caller_first", "A", "B")])
def test_written_shows_are_the_turning_of_cards_in_the_exposure_order(exposure: str, first: str, second: str) -> None:
    """000: "Both players then reveal their cards"; 002: "Opponent exposes first". Under a profile
    where both hands are shown, ``X show`` after the see is the record of X turning their cards:
    read in the order ``seeing.exposure`` gives, refused under it out of that order, and it
    changes nothing of the result."""
    see = ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"]
    rules = rules_for("traditional", seeing={"exposure": exposure})
    in_order = deal_with(rules, FOUR)
    play(in_order, [*see, f"{first} show", f"{second} show"])
    assert in_order.result is not None and in_order.result.winners == ["B"]
    assert [e.player for e in in_order.events[-2:]] == [first, second]
    out_of_order = deal_with(rules, FOUR)
    play(out_of_order, [*see, f"{second} show"])  # the first hand's turning left unsaid
    with pytest.raises(RuleViolation) as refused:
        out_of_order.apply_text(f"{first} show")
    assert refused.value.rule == "seeing.exposure"
    with pytest.raises(RuleViolation) as again:
        in_order.apply_text(f"{first} show")
    assert again.value.rule == "deal_over"  # a hand is turned once
    conceding = deal_with(rules, FOUR)
    play(conceding, see)
    with pytest.raises(RuleViolation) as conceded:
        conceding.apply_text(f"{second} concede")
    assert conceded.value.rule == "seeing.concede_unseen"  # both hands are shown: nobody concedes


def test_the_second_to_show_may_concede_unseen() -> None:
    """002: "Opponent exposes first; caller wins only with a strictly better hand". With
    ``concede_unseen`` the caller, shown a better hand, may give up without showing."""
    rules = rules_for("traditional", seeing={"concede_unseen": True})
    deal = deal_with(rules, FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"])
    assert deal.result is None and deal.to_act == "A"
    assert [o.kind for o in deal.legal_actions()] == ["show", "concede"]
    assert deal.shown_beats("A")  # B's run beats A's flush
    with pytest.raises(RuleViolation):
        deal.apply_text("A bet 2")
    deal.apply_text("A concede")
    result = deal.result
    assert result is not None and result.winners == ["B"] and result.conceded == ["A"]
    assert {p: int(v) for p, v in result.net.items()} == {"A": -7, "B": 9, "C": -1, "D": -1}
    assert [p for p, _ in deal.events[-1].shown] == ["B"]  # A's cards are never shown


def test_the_audit_accepts_a_conceded_hand_nobody_saw() -> None:
    """The conceded cards stay unknown: a sheet writes them as ?? and the audit still settles."""
    sheet = parse_sheet("""
profile: traditional
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: '?? ?? ??', B: 5s 6h 7d}
    actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4, A concede]
    result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}
""")
    from bragrules.profile.models import Profile
    data = load_profile("traditional").model_dump(mode="json")
    data["seeing"]["concede_unseen"] = True
    report = audit(sheet, Profile.model_validate(data))
    assert report.ok, [str(v) for v in report.violations]
    refusing = audit(sheet, "traditional")  # no concession under 002 as written
    assert any(v.rule == "seeing.concede_unseen" for v in refusing.violations)


def test_a_blind_caller_pays_twice_its_own_rate_or_twice_the_last_bet() -> None:
    """002: "Blind against seen: pay the current seen level, twice your normal blind payment"
    (``cost_basis: caller_rate``); 000: "To see, you pay twice the amount of the other player's last
    bet" (``cost_basis: opponent_last_bet``). A blind A sees a seen B who bet 2: 2 under 002, 4 under 000."""
    actions = ["A bet 1", "B look", "B bet 2", "C fold", "D fold"]
    for basis, cost in (("caller_rate", 2), ("opponent_last_bet", 4)):
        deal = play(deal_with(rules_for("traditional", seeing={"cost_basis": basis}), FOUR), actions)
        (see,) = [o for o in deal.legal_actions() if o.kind == "see"]
        assert (see.player, see.amount) == ("A", cost), basis
        with pytest.raises(RuleViolation) as refused:
            deal.apply_text(f"A see {6 - cost}")  # the other basis's cost: the basis broken
        assert refused.value.rule == "seeing.cost_basis"
        with pytest.raises(RuleViolation) as neither:
            deal.apply_text(f"A see {cost + 1}")  # no basis's cost: the multiple
        assert neither.value.rule == "seeing.cost_multiple"
        deal.apply_text(f"A see {cost}")
        assert deal.result is not None


def test_a_house_may_forbid_a_see_between_seen_players() -> None:
    """002: "Seen against seen: pay twice the current level"; ``seen_sees_seen: false`` takes the see
    away (bet on or fold), and names the rule when one is asked for."""
    actions = ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold"]
    deal = play(deal_with(rules_for("traditional", seeing={"seen_sees_seen": False}), FOUR), actions)
    assert "see" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A see 4")
    assert refused.value.rule == "seeing.seen_sees_seen"
    allowed = play(deal_with(rules_for("traditional"), FOUR), actions)
    assert [o.amount for o in allowed.legal_actions() if o.kind == "see"] == [4]
