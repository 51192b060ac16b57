"""stakes.forced.pot_share: a pot blind, the blind sized by the pot as it stands when it is posted.

https://3pattimaster.com/blog/mastering-the-pot-blind-smart-poker-strategies: "one player may put a "pot blind"
equal to the pot (or a fraction of it) before cards are dealt"; "if the pot is $50 and the pot blind rule asks the
designated player to post a pot blind equal to the pot, they commit $50 before action".
https://www.3pattimaster.com/blog/master-pot-blind-strategy: "Pot blinds can be fixed amounts or a percentage of the
pot".

Over the common Teen Patti game (boot 1 each, a blind player paying half the seen stake, stakes in steps of 2, the
highest stake 128) unless a scenario says otherwise. Deals are set up with the order of play from the dealer's left,
the dealer last (D deals, A acts first).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.core.i18n import with_language
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.diff import compare
from bragrules.explainers.explain import explain
from bragrules.profile import load_profile
from bragrules.profile.loader import profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules
from bragrules.rules.forced_bets import ForcedPolicy

from ..helpers import FOUR, deal_with, nets, play, rules_for

THREE = {seat: FOUR[seat] for seat in "ABC"}
SIX = {**FOUR, "E": "4d 9h Kd", "F": "2d 3c 9c"}


def pot_blind(share: Any = 1, base: str = "teen-patti", **forced: Any) -> Rules:
    """The rules of ``base`` with the dealer's pot blind of ``share`` of the pot."""
    return rules_for(base, stakes={"forced": {"kind": "blind", "pot_share": share, **forced}})


# ---------------------------------------------------------------------------
# The page's worked example: a blind equal to the pot
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("hands, blind", [(FOUR, 4), (SIX, 6), ({**FOUR, "E": "4d 9h Kd"}, 5)])
def test_the_blind_equals_the_pot_of_boots(hands: Dict[str, str], blind: int) -> None:
    """"if the pot is $50 ... post a pot blind equal to the pot, they commit $50 before action": a boot of 1 from
    each player makes the pot, and the dealer's blind is that pot, whatever the number of players."""
    deal = deal_with(pot_blind(), hands)
    dealer = deal.order[-1]
    assert [(p.player, p.what, p.amount, p.live) for p in deal.posted][-1] == (dealer, "blind", blind, True)
    assert deal.pot == 2 * blind and deal.level == 2 * blind and deal.to_act == "A"


def test_a_pot_carried_from_the_last_deal_is_in_the_pot() -> None:
    """A pot of 10 carried in and four boots: the pot stands at 14 when the blind is posted, so the blind is 14."""
    deal = deal_with(pot_blind(), FOUR, carried=Fraction(10))
    assert deal.posted[-1].amount == 14 and deal.pot == 28 and deal.level == 28


def test_a_fraction_of_the_pot() -> None:
    """"equal to the pot (or a fraction of it)": half the pot of four boots is 2, posted blind, the stake 4."""
    deal = deal_with(pot_blind("1/2"), FOUR)
    assert deal.posted[-1].amount == 2 and deal.pot == 6 and deal.level == 4
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 2  # A, blind: at least the blind


def test_antes_missed_while_away_are_in_the_pot() -> None:
    """A player back from sitting out posts the 2 antes missed before the boots (``table.sitting_out:
    post_missed``): dead money in the pot, so the pot blind counts them, 2 and four boots."""
    deal = deal_with(pot_blind(), FOUR, missed={"B": Fraction(2)})
    assert [(p.player, p.what, p.amount) for p in deal.posted][:1] == [("B", "missed", 2)]
    assert deal.posted[-1].amount == 6 and deal.pot == 12


def test_the_pot_counts_what_a_short_stack_paid() -> None:
    """A finite bankroll: A holds ½, less than the boot, and is all in for it; the pot stands at 3½ when the blind
    is posted, so a blind equal to it would set the stake at 7, off the steps of 2: it is 3, the stake 6."""
    stacks = {"A": Fraction(1, 2), "B": Fraction(20), "C": Fraction(20), "D": Fraction(20)}
    deal = deal_with(pot_blind(), FOUR, stacks=stacks)
    assert deal.posted[-1].amount == 3 and deal.pot == Fraction(13, 2) and deal.level == 6
    assert deal.players["A"].all_in


def test_the_blind_on_the_player_after_the_dealer() -> None:
    """"Blinds may be posted by a rotating player, the dealer, or a designated "pot blind" seat" (``who: next``):
    A posts the pot, B acts first."""
    deal = deal_with(pot_blind(who="next"), FOUR)
    assert (deal.posted[-1].player, deal.posted[-1].amount) == ("A", 4) and deal.to_act == "B"


# ---------------------------------------------------------------------------
# Exact money on the level steps
# ---------------------------------------------------------------------------


def test_a_share_between_two_steps_is_rounded_down_to_the_step_below() -> None:
    """Three boots and half the pot: 1½, a stake of 3 posted blind, between Teen Patti's steps of 2 and 4: the
    blind is rounded down to the step below, 1 (stake 2). Under the standard game (steps of 1) the same half pot
    is exact, 1½ (stake 3)."""
    deal = deal_with(pot_blind("1/2"), THREE)
    assert deal.posted[-1].amount == 1 and deal.level == 2 and deal.pot == 4
    exact = deal_with(pot_blind("1/2", base="standard"), THREE)
    assert exact.posted[-1].amount == Fraction(3, 2) and exact.level == 3 and exact.pot == Fraction(9, 2)


def test_a_share_below_one_step_is_one_step() -> None:
    """A tenth of four boots sets a stake of 0.8, below the first step: the blind is one step, 1 posted blind."""
    deal = deal_with(pot_blind("1/10"), FOUR)
    assert deal.posted[-1].amount == 1 and deal.level == 2


def test_the_blind_sets_no_stake_above_the_highest() -> None:
    """A pot of 200 carried in: a blind equal to the pot would set the stake at 408, past Teen Patti's highest
    stake of 128 (``stakes.max_stake``), so it is 64, the stake 128, which the next player can still meet."""
    deal = deal_with(pot_blind(), FOUR, carried=Fraction(200))
    assert deal.posted[-1].amount == 64 and deal.level == 128
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 64


def test_where_nobody_plays_blind_the_pot_is_the_stake() -> None:
    """Without blind play (``blind.allowed: false``) the blind is posted seen: equal to the pot, it sets the
    stake at the pot."""
    data = load_profile("teen-patti").model_dump(mode="json")
    data["blind"]["allowed"] = False
    data["stakes"]["forced"] = {"kind": "blind", "pot_share": 1}
    deal = deal_with(compile_rules(Profile.model_validate(data)), FOUR)
    assert deal.posted[-1].amount == 4 and deal.level == 4


def test_everyone_folding_to_the_pot_blind() -> None:
    deal = play(deal_with(pot_blind(), FOUR), ["A fold", "B fold", "C fold"])
    assert nets(deal) == {"A": -1, "B": -1, "C": -1, "D": 3}


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([1, "1/2", "1/3", 2]), st.sampled_from(["teen-patti", "standard"]), st.booleans(),
       st.integers(0, 10_000))
def test_money_is_conserved_under_a_pot_blind(share: Any, base: str, finite: bool, seed: int) -> None:
    data = load_profile(base).model_dump(mode="json")
    data["stakes"]["forced"] = {"kind": "blind", "pot_share": share}
    data["folding"]["blind_survivor"] = "carries"  # pots carried in, for the blind to follow
    if finite:
        data["session"].update({"bankroll": "finite", "starting_stack": 12, "end": {"kind": "one_player_left"}})
    session = Session(compile_rules(Profile.model_validate(data)), ["A", "B", "C", "D"], seed=seed)
    total = sum(session.balances.values())
    play_session(session, random_chooser(random.Random(seed)), max_deals=12)
    assert sum(session.balances.values()) + session.state.carried == total
    assert all(balance >= 0 for balance in session.balances.values()) or not finite


# ---------------------------------------------------------------------------
# The profile: validation, and the hash of the profiles without it
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("forced, words", [
    ({"kind": "blind", "pot_share": 0}, "a share of the pot must be positive"),
    ({"kind": "blind", "pot_share": "-1/2"}, "a share of the pot must be positive"),
    ({"kind": "blinds", "pot_share": 1}, "pot_share sizes a blind by the pot (kind: blind), but the kind is blinds"),
    ({"kind": "none", "pot_share": 1}, "but the kind is none"),
    ({"kind": "blind", "pot_share": 1, "amount": 4}, "not both: give amount or pot_share"),
    ({"kind": "blind", "pot_share": 1, "live": False}, "it is live (live: true)"),
    ({"kind": "blind"}, "needs an amount, or a share of the pot (pot_share)"),
])
def test_a_pot_share_the_rules_cannot_play_is_refused(forced: Dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match="stakes.forced") as refused:
        Profile.model_validate({"stakes": {"forced": forced}})
    assert words in str(refused.value)


def test_a_profile_without_it_hashes_as_before() -> None:
    """``pot_share`` left out, or null, hashes the same: a fixed blind's profile, and every log recorded under it,
    keeps its hash."""
    fixed = {"stakes": {"forced": {"kind": "blind", "amount": 1}}}
    unset = {"stakes": {"forced": {"kind": "blind", "amount": 1, "pot_share": None}}}
    assert profile_hash(Profile.model_validate(fixed)) == profile_hash(Profile.model_validate(unset))
    shared = {"stakes": {"forced": {"kind": "blind", "pot_share": 1}}}
    assert profile_hash(Profile.model_validate(shared)) != profile_hash(Profile.model_validate(fixed))
    assert ForcedPolicy.compile(Profile.model_validate(fixed)).pot_share is None  # type: ignore[union-attr]


# ---------------------------------------------------------------------------
# The words: explain, diff, the rulebook, in English, Chinese and Hindi
# ---------------------------------------------------------------------------


def _teen_patti_pot_blind() -> Profile:
    return pot_blind().profile


def test_explain_and_diff_say_the_pot_blind() -> None:
    profile = _teen_patti_pot_blind()
    assert explain("stakes.forced.pot_share", 1, profile).startswith(
        "the blind is the whole pot as it stands once the antes are in, a pot carried in included")
    difference = compare([("teen-patti", load_profile("teen-patti")), ("pot blind", profile)]).find(
        "stakes.forced.pot_share")
    assert difference is not None and difference.in_play["pot blind"] and not difference.in_play["teen-patti"]
    half = Profile.model_validate({"stakes": {"forced": {"kind": "blind", "pot_share": "1/2"}}})
    assert "½ of the pot" in explain("stakes.forced.pot_share", Fraction(1, 2), half)
    twice = Profile.model_validate({"stakes": {"forced": {"kind": "blind", "pot_share": 2}}})
    assert "twice the pot" in explain("stakes.forced.pot_share", 2, twice)


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_the_pot_blind_is_said_in_each_language(lang: str) -> None:
    profile = _teen_patti_pot_blind()
    english = explain("stakes.forced.pot_share", 1, profile)
    spoken = with_language(lang, explain, "stakes.forced.pot_share", 1, profile)
    assert spoken and spoken != english and "the whole pot" not in spoken
    kind = with_language(lang, explain, "stakes.forced.kind", "blind", profile)
    assert "the whole pot" not in kind and "posts a blind" not in kind
