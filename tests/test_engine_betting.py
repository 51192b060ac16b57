"""Betting, the deal as a whole and the engine's contract (refusals change nothing, snapshots), scenario by scenario from the rule texts."""

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


def test_action_out_of_turn() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B bet 1")
    assert info.value.rule == "turn_order"
    assert deal.to_act == "A" and deal.pot == 4


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
