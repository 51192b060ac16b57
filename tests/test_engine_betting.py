"""Betting, seeing and folding, scenario by scenario from the rule texts."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bragrules.core.errors import RuleViolation

from .helpers import FOUR, deal_with, nets, play, rules_for


def test_worked_pot_of_002_section_06() -> None:
    """Four ante 1; A pays 2, B pays 2, C and D fold; A pays 4 to see B; B's run beats A's flush."""
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C look", "C fold", "D look", "D fold", "A see 4"])
    assert deal.result is not None
    assert deal.result.pot == 12
    assert deal.result.winners == ["B"]
    assert nets(deal) == {"A": -7, "B": 9, "C": -1, "D": -1}
    assert sum(nets(deal).values()) == 0


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


def test_blind_pays_half_and_a_seen_player_pays_the_level() -> None:
    """002: 'a seen bet 4 and blind bet 2 are equivalent, so the next seen player needs 4, not 2.'"""
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 4", "B bet 2"])
    assert deal.level == 4
    deal.apply_text("C look")
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("C bet 2")
    assert info.value.rule == "betting.at_least_level"
    deal.apply_text("C bet 4")
    assert deal.pot == 4 + 4 + 2 + 4


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


def test_raise_over_the_cap() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B bet 4")  # blind: level 8, a raise of 6 over the cap of 5
    assert info.value.rule == "stakes.raise_limit"
    deal.apply_text("B bet 7/2")  # level 7: a raise of exactly 5
    assert deal.level == 7


def test_opening_range() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    deal.apply_text("A look")
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A bet 6")
    assert info.value.rule == "stakes.opening_max"
    deal = deal_with(rules_for("traditional", stakes={"opening_min": 2}), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A bet 1/2")
    assert info.value.rule == "stakes.opening_min"


def test_fixed_and_pot_limits() -> None:
    fixed = deal_with(rules_for("standard", stakes={"raise_limit": {"kind": "fixed", "amount": 2}}), FOUR)
    play(fixed, ["A look", "A bet 2", "B look"])
    with pytest.raises(RuleViolation) as info:
        fixed.apply_text("B bet 3")
    assert info.value.rule == "stakes.raise_limit"
    play(fixed, ["B bet 4", "C look", "C bet 4"])
    pot = deal_with(rules_for("standard", stakes={"raise_limit": {"kind": "pot"}}), FOUR)
    play(pot, ["A look", "A bet 2", "B look"])  # pot is 4 antes + 2 = 6: level may go to 2 + 6
    with pytest.raises(RuleViolation):
        pot.apply_text("B bet 9")
    pot.apply_text("B bet 8")


def test_action_out_of_turn() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B bet 1")
    assert info.value.rule == "turn_order"
    assert deal.to_act == "A" and deal.pot == 4


def test_no_free_check_unless_the_house_allows() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A check")
    assert info.value.rule == "stakes.check"
    house = deal_with(rules_for("standard", stakes={"check": "before_first_bet"}), FOUR)
    play(house, ["A check", "B check", "C check", "D check"])
    assert house.result is not None and house.result.outcome == "carried"
    assert house.result.carried_out == 4


def test_seen_lone_survivor_collects_without_showing() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B fold", "C fold", "D fold"])
    assert deal.result is not None
    assert deal.result.winners == ["A"] and not deal.result.showdown
    assert nets(deal) == {"A": 3, "B": -1, "C": -1, "D": -1}


def test_blind_survivor_collects_or_carries() -> None:
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


def test_see_cost_twice_the_other_players_last_bet_under_000() -> None:
    deal = deal_with(rules_for("standard"), FOUR)
    play(deal, ["A look", "A bet 3", "B look", "B bet 5", "C fold", "D fold"])
    see = [o for o in deal.legal_actions() if o.kind == "see"][0]
    assert see.amount == 10  # twice B's last bet of 5
    deal.apply_text("A see 10")
    assert deal.result is not None and deal.result.winners == ["B"]


def test_example_of_003_section_5() -> None:
    """Ante 5; P2 blind 5; P3 folds; P4 10; P1 10; P2 looks, folds; P4 20; P1 sees for 40; P4's flush wins."""
    hands = {"P2": "Qd 8c 3h", "P3": "9d 5c 2h", "P4": "4s 6s 9s", "P1": "7c 7d Kh"}
    deal = deal_with(rules_for("casual"), hands, order=["P2", "P3", "P4", "P1"])
    play(deal, [
        "P2 bet 5", "P3 look", "P3 fold", "P4 look", "P4 bet 10", "P1 look", "P1 bet 10",
        "P2 look", "P2 fold", "P4 bet 20", "P1 see 40",
    ])
    assert deal.result is not None and deal.result.winners == ["P4"]
    assert nets(deal) == {"P4": 70, "P1": -55, "P2": -10, "P3": -5}


def test_seen_only_practice_everyone_looks_at_once() -> None:
    deal = deal_with(rules_for("seen-only"), FOUR)
    assert all(state.seen for state in deal.players.values())
    with pytest.raises(RuleViolation):
        deal.apply_text("A bet 1/2")
    play(deal, ["A bet 2", "B bet 2", "C fold", "D fold"])
    assert [o.amount for o in deal.legal_actions() if o.kind == "see"] == [4]


def test_illegal_action_leaves_the_state_unchanged() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2"])
    snapshot = deal.snapshot()
    for bad in ["B bet 1/2", "C bet 2", "B see 4", "B keep", "A look", "B bet 100"]:
        with pytest.raises(RuleViolation):
            deal.apply_text(bad)
    assert deal.pot == snapshot.pot and deal.level == snapshot.level
    assert deal.to_act == snapshot.to_act
    assert [e for e in deal.events] == [e for e in snapshot.events]
    assert {p: (s.seen, s.contributed) for p, s in deal.players.items()} == {
        p: (s.seen, s.contributed) for p, s in snapshot.players.items()
    }


def test_legal_actions_are_all_accepted() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold"])
    options = deal.legal_actions()
    assert {o.kind for o in options} >= {"bet", "see", "fold"}
    tried = 0
    for option in options:
        probe = deal.snapshot()
        for amount in option.amounts() or [None]:
            trial = probe.snapshot()
            event = trial.apply(option.action(amount))
            assert trial.actions[-1] == option.action(amount) and event.player == "A"
            tried += 1
    assert tried > len(options)  # several amounts of the bet, each accepted


def test_actions_built_in_code_are_held_to_the_shape_of_written_ones() -> None:
    """A malformed action made through the API is refused like an illegal one, and changes nothing."""
    from bragrules.core.cards import parse_card
    from bragrules.core.errors import RuleViolation
    from bragrules.engine.actions import Action

    deal = deal_with(rules_for("traditional"), FOUR)
    king = parse_card("Kc")
    for bad in (Action("A", "swap", cards=((), ())), Action("A", "swap", cards=((king,),)),
                Action("A", "bet", amount=2.5), Action("A", "bet"), Action("A", "fold", amount=1),  # type: ignore[arg-type]
                Action("A", "look", target="sideways"), Action("A B", "fold"), Action("A", "dance"),
                Action("A", "arrange", cards=(("Kc",),))):  # type: ignore[arg-type]
        with pytest.raises(RuleViolation):
            deal.verify(bad)
        assert deal.actions == [] and deal.to_act == "A"
    assert str(Action.parse("A bet 2")) == "A bet 2"
    deal.verify(Action("A", "bet", amount=2))  # an int amount is exact: accepted


def test_matched_payments_never_end_betting() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C look", "C bet 2", "D look", "D bet 2"])
    assert not deal.is_over and deal.to_act == "A"
    play(deal, ["A bet 2", "B bet 2", "C bet 2", "D bet 2"])
    assert not deal.is_over and deal.to_act == "A"


def test_a_snapshot_is_the_same_deal_and_independent_of_it() -> None:
    rules = rules_for("traditional", session={"bankroll": "finite", "starting_stack": 20})
    deal = deal_with(rules, FOUR, stacks={p: F(20) for p in FOUR}, carried=F(3))
    play(deal, ["A look", "A bet 2", "B bet 1"])
    copy = deal.snapshot()
    state = lambda d: (d.pot, d.level, d.to_act, d.events, d.actions, d.legal_actions(),  # noqa: E731
                       {p: (s.seen, s.contributed, s.stack) for p, s in d.players.items()})
    assert state(copy) == state(deal)
    copy.apply_text("C fold")
    assert deal.to_act == "C" and not deal.players["C"].folded and len(deal.actions) == 3
    play(deal, ["C fold", "D fold", "A bet 2", "B fold"])
    assert copy.result is None and deal.result is not None
