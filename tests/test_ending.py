"""The engine records how a deal ended (``DealResult.ending``, an :class:`Ending`): the kind of
ending, who saw whom, whether the hands at the see were equal and the rule that then decided,
the winners. One scenario per kind; ``arbitrate`` words these records and works nothing out itself."""

from __future__ import annotations

from bragrules.engine.actions import Action
from bragrules.engine.deal import ENDING_KINDS, Deal, Ending

from .helpers import FOUR, deal_with, play, rules_for

EQUAL = {"A": "Kc 9c 4c", "B": "Kd 9d 4d", "C": "2c 7h Jd", "D": "3s 8h Qd"}
SEEN = ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold"]


def ending(deal: Deal) -> Ending:
    assert deal.result is not None and deal.result.ending is not None
    assert deal.result.ending.kind in (*ENDING_KINDS, "lives")  # the engine's kinds, or Crash's through the hook
    assert list(deal.result.ending.winners) == deal.result.winners
    return deal.result.ending


def test_a_see_between_unequal_hands() -> None:
    record = ending(play(deal_with(rules_for("traditional"), FOUR), [*SEEN, "A see 4"]))
    assert record == Ending("see", ("B",), None, "A", "B", tied=False, tie_rule=None)


def test_a_see_between_equal_hands_names_the_tie_rule() -> None:
    record = ending(play(deal_with(rules_for("traditional"), EQUAL), [*SEEN, "A see 4"]))
    assert record == Ending("see", ("B",), None, "A", "B", tied=True, tie_rule="seeing.tie")  # against the caller
    split = ending(play(deal_with(rules_for("traditional", seeing={"tie": "split"}), EQUAL), [*SEEN, "A see 4"]))
    assert split.kind == "see" and split.tied and split.winners == ("A", "B") and split.tie_rule == "seeing.tie"


def test_a_seen_survivor_wins_without_showing() -> None:
    record = ending(play(deal_with(rules_for("traditional"), FOUR), ["A look", "A bet 2", "B fold", "C fold", "D fold"]))
    assert record == Ending("folded", ("A",), "A")


def test_a_blind_survivor_who_collects() -> None:
    record = ending(play(deal_with(rules_for("standard"), FOUR), ["A bet 1", "B fold", "C fold", "D fold"]))
    assert record == Ending("folded_blind", ("A",), "A")


def test_everyone_folds_before_anybody_bets() -> None:
    record = ending(play(deal_with(rules_for("standard"), FOUR), ["A fold", "B fold", "C fold"]))
    assert record == Ending("folded_unbet", ("D",), "D")
    carried = ending(play(deal_with(rules_for("standard", folding={"nobody_bet": "carries"}), FOUR),
                          ["A fold", "B fold", "C fold"]))
    assert carried == Ending("carried_unbet", (), "D")


def test_a_blind_survivor_who_does_not_collect() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR), ["A bet 1", "B fold", "C fold", "D fold", "A retain"])
    assert ending(deal) == Ending("carried_blind", (), "A")


def test_everyone_checks() -> None:
    deal = play(deal_with(rules_for("standard", stakes={"check": "before_first_bet"}), FOUR),
                ["A check", "B check", "C check", "D check"])
    assert ending(deal) == Ending("carried_checked", ())


def test_several_hands_with_no_overall_winner() -> None:
    hands = {"A": "Ah Ad Ac 2c 4d 6h 9s", "B": "Ks Kd Kc 5s 6s 7s Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = play(deal_with(rules_for("seven-card"), hands), [
        "A look", "A arrange Ah Ad Ac | 2c 4d 6h", "A bet 2",
        "B look", "B arrange Ks Kd Kc | 5s 6s 7s", "B bet 2", "C fold", "A see 4",
    ])
    record = ending(deal)
    # A's aces beat the kings, B's running flush beats A's six high: both hands must win, so nobody does
    assert record.kind == "carried_no_winner" and (record.caller, record.opponent) == ("A", "B")
    assert record.tied is None  # several hands each: not compared one against one


def test_any_other_showdown() -> None:
    hands = {"A": "Ah Ad Ac 5s 6s 7s 9h", "B": "Ks Kd Kc 2c 4d 6h Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = play(deal_with(rules_for("seven-card"), hands),
                ["A look", "A arrange Ah Ad Ac | 5s 6s 7s", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    record = ending(deal)
    assert record == Ending("showdown", ("A",), None, "A", "B", tied=None)


def test_a_life_lost_in_crash() -> None:
    deal = deal_with(rules_for("crash"), {"A": "2c 4d 6h", "B": "Kd Kc 9s", "C": "As Ad Ac"})
    assert ending(deal).kind == "lives" and deal.result is not None and deal.result.lives_lost == ["A"]


def test_a_redeal_after_an_exposure() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    deal.apply(Action("A", "expose", target="B"))
    deal.apply(Action("B", "redeal"))
    assert ending(deal) == Ending("redeal", ())


def test_an_area_names_its_own_ending_through_the_hook() -> None:
    """The kinds of ending are an open set: an area's ``ending`` answer is the deal's ending, cited and worded."""
    from dataclasses import replace

    from bragrules.core.rule_id import Rule
    from bragrules.rules.hooks import AreaPolicy, EndingAnswer

    class Sunset(AreaPolicy):
        def ending(self, table: object, outcome: str, winners: tuple) -> EndingAnswer:
            return EndingAnswer("sunset", (Rule("stakes.ante"),), f"the sun set: {winners[0]} takes the pot")

    rules = rules_for("traditional")
    rules = replace(rules, asking_ending=(Sunset(),))
    deal = play(deal_with(rules, FOUR), [*SEEN, "A see 4"])
    assert deal.result is not None and deal.result.ending is not None
    assert deal.result.ending.kind == "sunset" and deal.result.ending.words == "the sun set: B takes the pot"
    assert deal.result.decided_by == ["stakes.ante"]
