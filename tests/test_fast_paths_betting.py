"""The engine's fast paths on a bet, each held to its slow twin over random legal play.

- ``betting.level_bounds`` keeps the stakes' last answer for the moment of the deal it answers:
  it must be the policy's own answer (``StakesPolicy.level_bounds``) at every turn.
- ``betting.bet_range`` skips the bounds when the stakes are open-ended (no raise limit, no stop,
  no highest stake) and a level is set: its range must be the one the bounds give.
- ``betting.bet`` skips the bounds for such a bet at or above the level: whether it refuses a bet
  must agree with the first bound the bet breaks.
"""

from __future__ import annotations

import random
from typing import Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.core.errors import RuleViolation
from bragrules.engine import betting, discard
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, random_chooser
from bragrules.profile import builtin_names, load_profile, load_profile_text
from bragrules.rules.compile import Rules, compile_rules
from bragrules.rules.hooks import first_broken, legal_range

from .conftest import scaled

BETTING = [name for name in builtin_names() if load_profile(name).format.betting]
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
    if state.stack_u is not None or deal.choosing or deal.showing or deal.retaining or state.inspected:
        return
    if deal.side_show is not None:  # a side-show awaits its answer: no bet is open until it is given
        return
    if deal.rules.format.discard_step and discard.pending(deal, state):  # a discard first, then the betting
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
