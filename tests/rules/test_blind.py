"""Blind play and retention exactly as 002 section 05 describes it."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.history import parse_sheet
from bragrules.profile import load_profile

from ..helpers import FOUR, deal_with, play, rules_for

OLD = tuple(parse_cards("As Ad Ac"))


def two_hand_deal(**kwargs: object):
    """Deal 2 after A retained a blind hand: A holds old (a prial of aces) and new (Kc 9c 4c)."""
    return deal_with(rules_for("traditional"), FOUR, retained={"A": OLD}, carried=5, **kwargs)


def test_blind_survivor_retains_the_unseen_hand() -> None:
    """002 section 05: "If all opponents fold while you remain blind, you do NOT collect. Carry the
    whole pot into the next deal and you may retain that unseen hand." Retaining is A's choice."""
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A bet 1", "B fold", "C fold", "D fold"])
    assert deal.result is None and deal.to_act == "A"
    assert [o.kind for o in deal.legal_actions()] == ["retain", "release"]
    play(deal, ["A retain"])
    assert deal.result is not None
    assert deal.result.outcome == "carried"
    assert deal.result.retained == {"A": tuple(parse_cards("Kc 9c 4c"))}
    # the retained hand stays out of the pack; the folded hands go under it
    used = deal.used_cards()
    assert not set(used) & set(deal.result.retained["A"])
    assert len(used) == 9


def test_two_hands_pay_one_blind_rate() -> None:
    deal = two_hand_deal()
    assert deal.players["A"].two_hands
    bet = [o for o in deal.legal_actions() if o.kind == "bet"][0]
    assert bet.amount == 1 / 2 * 1 or bet.amount == deal.rules.stakes.payment(deal.rules.stakes.opening_min, True)
    deal.apply_text("A bet 1")  # level 2, one blind rate
    assert deal.pot == 5 + 4 + 1


def test_look_then_keep_discards_the_other_unseen() -> None:
    deal = two_hand_deal()
    play(deal, ["A look old"])
    assert [o.kind for o in deal.legal_actions()] == ["keep", "discard"]
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A bet 2")
    assert info.value.rule == "blind.retention"
    deal.apply_text("A keep")
    state = deal.players["A"]
    assert state.seen and not state.two_hands and state.hand == OLD
    deal.apply_text("A bet 2")  # now seen: pays the level
    assert state.contributed == 1 + 2


def test_look_then_discard_keeps_the_other_blind_then_it_may_be_inspected() -> None:
    deal = two_hand_deal()
    play(deal, ["A look new", "A discard"])
    state = deal.players["A"]
    assert not state.seen and state.hand == OLD
    deal.apply_text("A look old")
    assert state.seen


def test_never_inspect_both_then_choose() -> None:
    deal = two_hand_deal()
    deal.apply_text("A look new")
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A look old")
    assert info.value.rule == "blind.retention"
    with pytest.raises(RuleViolation):
        deal.apply_text("A look")  # which hand? with two, a look names old or new


def test_looking_only_at_your_own_turn() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B look")
    assert info.value.rule == "blind.look"
    anytime = deal_with(rules_for("traditional", blind={"look": "any_time"}), FOUR)
    anytime.apply_text("B look")
    assert anytime.players["B"].seen and anytime.to_act == "A"


def test_seen_never_becomes_blind() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2"])
    with pytest.raises(RuleViolation):
        deal.apply_text("A look")
    assert deal.players["A"].seen


def test_folding_again_with_both_unseen_retains_only_one() -> None:
    """002 section 05: "If everyone folds again while both remain unseen, retain only ONE unseen hand
    for the next deal; never accumulate three." """
    deal = two_hand_deal()
    play(deal, ["A bet 1", "B fold", "C fold", "D fold"])
    assert [str(o.action()) for o in deal.legal_actions()] == ["A retain new", "A retain old", "A release"]
    play(deal, ["A retain"])  # unsaid: the newer
    assert deal.result is not None and deal.result.outcome == "carried"
    assert len(deal.result.retained) == 1
    (kept,) = deal.result.retained.values()
    assert len(kept) == 3
    # the other unseen hand goes under the pack with the folded ones
    assert len(deal.used_cards()) == 12
    third = deal_with(rules_for("traditional"), FOUR, retained=deal.result.retained, carried=deal.result.carried_out)
    assert len(third.players["A"].hands) == 2  # never three


def test_showdown_requires_choosing_a_single_hand() -> None:
    deal = two_hand_deal()
    play(deal, ["A bet 1", "B bet 1", "C fold", "D fold", "A bet 1"])
    deal.apply_text("B see 2")  # blind B sees blind A; A must choose a hand before cards are turned
    assert not deal.is_over and deal.to_act == "A"
    assert {o.kind for o in deal.legal_actions()} == {"look"}
    with pytest.raises(RuleViolation):
        deal.apply_text("A bet 1")
    play(deal, ["A look old", "A keep"])
    assert deal.result is not None and deal.result.winners == ["A"]  # aces against 5-6-7


def test_a_see_is_paid_once_while_the_caller_chooses_one_of_two_hands() -> None:
    """002 section 05: with a retained hand and a new one, a player shows only one of them; the see
    that brought the showdown is paid once, and while the hand is chosen nothing else is done."""
    rules = rules_for("house")
    deal = Deal(rules, ["A", "B"], {"A": parse_cards("2c 3d 5h"), "B": parse_cards("Kc Kd 4s")},
                retained={"B": parse_cards("7c 8d 9h")})
    play(deal, ["A look", "A bet 1", "B bet 1/2", "A bet 1", "B see 1"])
    assert [o.kind for o in deal.legal_actions()] == ["look", "look"]  # B chooses old or new
    paid = deal.players["B"].contributed
    with pytest.raises(RuleViolation):
        deal.apply_text("B see 1")
    assert deal.players["B"].contributed == paid


def test_a_survivor_left_inspecting_one_of_two_hands_is_offered_what_is_allowed() -> None:
    """000: "Players who deliberately look at another player's cards must fold immediately". Two such
    looks out of turn leave A alone, blind, looking at the retained hand: every action the deal then
    offers A is one it accepts (under retention, to retain the unseen hand or release it)."""
    deal = Deal(rules_for("house"), ["A", "B", "C"],
                {"A": parse_cards("2c 3d 5h"), "B": parse_cards("Kc Kd 4s"), "C": parse_cards("Qh Jh 2s")},
                retained={"A": parse_cards("7c 8d 9h")})
    play(deal, ["A look old", "B peeks C", "C peeks B"])
    assert deal.players["B"].folded and deal.players["C"].folded and deal.to_act == "A"
    options = deal.legal_actions()
    assert options and all(deal.can(o.action()) for o in options), options


def test_a_blind_survivor_may_release_the_hand() -> None:
    """002: "you may retain that unseen hand": may, so the survivor may also let it go."""
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A bet 1", "B fold", "C fold", "D fold", "A release"])
    assert deal.result is not None and deal.result.outcome == "carried" and deal.result.retained == {}
    assert len(deal.used_cards()) == 12


def test_which_of_two_unseen_hands_is_kept_follows_the_profile() -> None:
    """002: "If everyone folds again while both remain unseen, retain only ONE unseen hand"."""
    retained = {"A": tuple(Action.parse("A arrange As Ad Ac").cards[0])}  # type: ignore[index]
    for rule, keep in (("choice", "old"), ("older", "old"), ("newer", "new")):
        deal = deal_with(rules_for("traditional", blind={"retain_of_two": rule}), FOUR, retained=retained,
                         carried=F(5))
        play(deal, ["A bet 1", "B fold", "C fold", "D fold"])
        deal.apply_text("A retain old" if rule == "choice" else "A retain")
        assert deal.result is not None
        assert deal.result.retained["A"] == deal.players["A"].hands[keep]
    strict = deal_with(rules_for("traditional", blind={"retain_of_two": "newer"}), FOUR, retained=retained)
    play(strict, ["A bet 1", "B fold", "C fold", "D fold"])
    with pytest.raises(RuleViolation) as refused:
        strict.apply_text("A retain old")
    assert refused.value.rule == "blind.retain_of_two"


def test_the_profile_default_decides_when_a_history_is_silent() -> None:
    """A sheet that does not say: ``blind.retain_default`` decides, retain or release."""
    text = """
profile: traditional
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
    actions: [A bet 1, B fold, C fold, D fold]
    result: {carried: true, pot: 5}
"""
    report = audit(parse_sheet(text), "traditional")
    assert report.ok and report.carried == 5
    from bragrules.profile.models import Profile
    data = load_profile("traditional").model_dump(mode="json")
    data["blind"]["retain_default"] = "release"
    released = audit(parse_sheet(text), Profile.model_validate(data), keep_deals=True)
    assert released.ok and released.deals[0].carried_out == 5


def test_seen_only_practice_everyone_looks_at_once() -> None:
    """002: "Seen-only teaching exercise: everyone looks immediately, so all payments use the seen rate
    and sees cost twice it" (``blind.allowed: false``)."""
    deal = deal_with(rules_for("seen-only"), FOUR)
    assert all(state.seen for state in deal.players.values())
    with pytest.raises(RuleViolation):
        deal.apply_text("A bet 1/2")
    play(deal, ["A bet 2", "B bet 2", "C fold", "D fold"])
    assert [o.amount for o in deal.legal_actions() if o.kind == "see"] == [4]
