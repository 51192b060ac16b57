"""The engine's fast paths on a bet, each held to its slow twin over random legal play.

- ``betting.level_bounds`` keeps the stakes' last answer for the moment of the deal it answers:
  it must be the policy's own answer (``StakesPolicy.level_bounds``) at every turn.
- ``betting.bet_range`` skips the bounds when the stakes are open-ended (no raise limit, no stop,
  no highest stake) and a level is set: its range must be the one the bounds give.
- ``betting.bet`` skips the bounds for such a bet at or above the level: whether it refuses a bet
  must agree with the first bound the bet breaks.

Whether the stakes are open-ended is derived from the policy's fields (``StakesPolicy.compile``), not
listed: the random profiles here move any stakes field (every leaf of ``stakes`` in the model, one
added later included), so a bound the fast path would skip is met here.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Dict, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragrules.core.derived import departs
from bragrules.core.errors import RuleViolation
from bragrules.engine import betting, discard
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, random_chooser
from bragrules.explainers.explain import value_of
from bragrules.profile import builtin_names, load_profile, load_profile_text
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules
from bragrules.rules.hooks import first_broken, legal_range
from bragrules.rules.stakes import NO_BOUND_ONCE_A_LEVEL_IS_SET, StakesPolicy

from .conformance import _nested_set, _validated, candidate_values, rule_fields, shipped
from .conftest import scaled
from .helpers import shipped_profile

BETTING = [name for name in builtin_names() if shipped_profile(name).format.betting
           and shipped_profile(name).procedure.bank.kind is None]
"""The games of betting for a pot (a banking game's stakes are the bank's: tests/rules/test_procedure_bank.py)."""
OPEN_ENDED = "extends: standard\nname: open\ntable: {min_players: 2}\n"
CAPPED = "extends: standard\nname: capped\ntable: {min_players: 2}\nstakes: {raises_stop_at: 12, max_stake: 6}\n"


def _slow_range(deal: Deal) -> Tuple[int, Optional[int], int]:
    """The bet range from the policy's bounds alone, with no stack to narrow it (the slow twin of bet_range)."""
    assert deal.to_act is not None
    state = deal.players[deal.to_act]
    bounds = deal.rules.stakes.level_bounds(deal, state, deal.units)
    low, high = legal_range(bounds)
    assert low is not None
    step = deal.units.step
    for bound in bounds:
        if bound.step:
            step = bound.step
    if high is not None:
        high -= (high - low) % step  # the most on the steps (a pot limit need not be)
    pay = deal.units.payment
    return pay(low, state.blind), None if high is None else pay(high, state.blind), pay(step, state.blind)


def _walk(rules: Rules, seed: int, deals: int = 6) -> int:
    """Random legal play, checking both fast paths at every turn; how many turns were checked."""
    names = ["A", "B", "C", "D"][: max(2, min(4, rules.table.max_players))]
    session = Session(rules, names, seed=seed, dealer=names[-1])
    choose = random_chooser(random.Random(seed))
    checked = 0
    for _ in range(deals):
        deal = session.start_deal()
        while deal.result is None and deal.to_act is not None:
            state = deal.players[deal.to_act]
            if rules.format.betting and not deal.arranging and not rules.format.exchange:
                assert betting.level_bounds(deal, state) == rules.stakes.level_bounds(deal, state, deal.units)
                low, high, step, all_in = betting.bet_range(deal, state)
                if state.stack_u is None:  # a stack narrows the range after the bounds
                    assert (low, high, step) == _slow_range(deal)
                _bets_agree(deal)
                checked += 1
            session.act(choose(deal))
        session.finish_deal()
        if session.is_over:
            break
    return checked


def _bets_agree(deal: Deal) -> None:
    """A bet just above the range's top, at it and at the level: refused exactly when a bound breaks."""
    assert deal.to_act is not None
    state = deal.players[deal.to_act]
    if state.stack_u is not None or deal.choosing or deal.showing or deal.retaining or state.inspected \
            or deal.side_show is not None:  # a side-show awaits its answer: no bet now
        return
    if deal.side_show is not None:  # a side-show awaits its answer: no bet is open until it is given
        return
    if deal.rules.format.discard_step and discard.pending(deal, state):  # a discard first, then the betting
        return
    if deal.hunt is not None:  # the hunt for the jokers first (procedure.hunt_rounds), then the betting
        return
    if deal.points_draws is not None and deal.points_draws.turn is not None:  # the pips stake's draws first
        return
    if any(policy.refusal(deal, state, "bet") for policy in deal.rules.asking_refusal):  # another area refuses
        return
    units = deal.units
    low, high, step, _ = betting.bet_range(deal, state)
    for paid in {low, low + step, (high or low + 3 * step), (high or low) + step}:
        level = units.level_for(paid, state.blind)
        if level is None or level % units.step:
            continue
        bounds = deal.rules.stakes.level_bounds(deal, state, units)
        expected = first_broken(bounds, level)
        try:
            deal.verify(Action(state.name, "bet", amount=units.money(paid)))
            refused = None
        except RuleViolation as exc:
            refused = exc.rule
        assert refused == (expected.rule if expected is not None else None), (paid, level, bounds)


@pytest.mark.parametrize("name", BETTING)
def test_the_fast_paths_agree_with_the_bounds_under_every_shipped_profile(name: str) -> None:
    assert _walk(compile_rules(load_profile(name)), seed=7) > 10


@settings(max_examples=scaled(10), deadline=None)
@given(seed=st.integers(0, 10_000), which=st.sampled_from([OPEN_ENDED, CAPPED]))
def test_the_fast_paths_agree_with_the_bounds_in_random_play(seed: int, which: str) -> None:
    rules = compile_rules(load_profile_text(which))
    assert rules.stakes.open_ended == (which == OPEN_ENDED)
    _walk(rules, seed)


STAKES_FIELDS = [path for path in rule_fields() if path.startswith("stakes.")]


@st.composite
def stakes_profiles(draw: st.DrawFn) -> Profile:
    """A shipped betting profile with up to four of its stakes fields moved, each to a value its type
    offers (``candidate_values``); a move the profile does not validate with is left out."""
    data = shipped(draw(st.sampled_from(BETTING))).model_dump(mode="json")
    profile = _validated(data)
    assert profile is not None
    for path in draw(st.lists(st.sampled_from(STAKES_FIELDS), max_size=4, unique=True)):
        values = candidate_values(path, value_of(profile, path))
        if not values:
            continue
        moved = copy.deepcopy(data)
        _nested_set(moved, path, draw(st.sampled_from(values)))
        found = _validated(moved)
        if found is not None:
            data, profile = moved, found
    return profile


@settings(max_examples=scaled(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=stakes_profiles(), seed=st.integers(0, 10_000))
def test_the_fast_paths_agree_with_the_bounds_whatever_the_stakes(profile: Profile, seed: int) -> None:
    """The differential property: under any stakes, at every turn of random legal play, the fast
    paths give what the bounds give."""
    _walk(compile_rules(profile), seed, deals=3)


@pytest.mark.parametrize("stakes", [{"ante": 2}, {"opening_max": 5}, {"pot_limit": 50}, {"raised_out": True},
                                    {"check": "before_first_bet"}, {"blind_rate": 1}, {"level_step": "1/2"}])
def test_a_field_that_bounds_no_raise_keeps_the_fast_path(stakes: Dict[str, Any]) -> None:
    assert compile_rules(load_profile("standard")).stakes.open_ended
    data = load_profile("standard").model_dump(mode="json")
    data["stakes"].update(stakes)
    assert compile_rules(Profile.model_validate(data)).stakes.open_ended


@pytest.mark.parametrize("stakes", [{"max_bet": 10}, {"max_stake": 8}, {"raises_stop_at": 20},
                                    {"raise_limit": {"kind": "max_increase", "amount": 2}},
                                    {"raise_limit": {"kind": "multiple", "factor": 2}},
                                    {"raise_limit": {"whole_multiples": True}}])
def test_a_field_that_bounds_a_raise_turns_the_fast_path_off(stakes: Dict[str, Any]) -> None:
    data = load_profile("standard").model_dump(mode="json")
    data["stakes"].update(stakes)
    assert not compile_rules(Profile.model_validate(data)).stakes.open_ended


def test_a_field_added_later_turns_the_fast_path_off_until_declared() -> None:
    """A rule added to the stakes' policy is read by the fast path's flag without anyone listing it:
    off its plain value, the flag is off; only declared among the fields that bound no raise is it left aside."""

    class WithMostRaises(StakesPolicy):
        __slots__ = ("most_raises",)

    def made(most: Optional[int]) -> WithMostRaises:
        plain = StakesPolicy.compile(Profile())
        policy = WithMostRaises(plain.ante, plain.blind_rate, plain.level_step, plain.opening_min, plain.opening_max,
                                plain.raises, plain.check_allowed, plain.pot_opening_capped)
        policy.most_raises = most
        return policy

    plain, limited = made(None), made(1)
    assert not departs(plain, made(None), NO_BOUND_ONCE_A_LEVEL_IS_SET)
    assert departs(limited, plain, NO_BOUND_ONCE_A_LEVEL_IS_SET)
    assert not departs(limited, plain, {**NO_BOUND_ONCE_A_LEVEL_IS_SET, "most_raises": "declared"})


def test_the_fields_left_aside_are_fields_of_the_policy() -> None:
    """Each field the fast path may leave aside names a field the policy has (a renamed one would leave
    nothing aside, and the fast path would merely be taken less)."""
    from bragrules.core.derived import policy_fields

    assert set(NO_BOUND_ONCE_A_LEVEL_IS_SET) <= set(policy_fields(StakesPolicy.compile(Profile())))
