"""The engine's invariants under random profiles and random play (architecture.md)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, List, Optional, Tuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.rules.compile import compile_rules

from .strategies import profiles

NAMES = ["A", "B", "C", "D", "E", "F"]


def fingerprint(deal: Deal) -> Tuple[Any, ...]:
    players = tuple(
        (p, s.seen, s.folded, s.all_in, s.contributed, s.last_paid, s.inspected, s.stack, tuple(sorted(s.hands.items())))
        for p, s in deal.players.items()
    )
    return (deal.pot, deal.level, deal.to_act, len(deal.events), len(deal.actions), deal.result, players)


def replay(deal: Deal, hands: dict, retained: dict, carried: Fraction, stacks: Optional[dict], centre: tuple) -> Deal:
    again = Deal(deal.rules, deal.order, hands, retained=retained, carried=carried, stacks=stacks, centre=centre)
    for action in deal.actions:
        again.apply(action)
    if deal.result is not None and deal.result.outcome == "abandoned":  # stopped at the time limit
        again.abandon(deal.result.reason)
    return again


class BragMachine(RuleBasedStateMachine):
    """Random legal play with random illegal attempts mixed in."""

    session: Session

    @initialize(profile=profiles(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
    def setup(self, profile: Any, players: int, seed: int) -> None:
        self.rules = compile_rules(profile)
        players = min(players, profile.table.max_players)
        self.now = 0.0  # a clock that moves only when the machine says so: time-limited sessions end
        self.session = Session(self.rules, NAMES[:players], seed=seed, clock=lambda: self.now, started=0.0)
        self.total = sum(self.session.balances.values())
        self.full_pack = list(range(52 + self.rules.pack.jokers))
        self._begin()

    def _begin(self) -> None:
        self.deal: Optional[Deal] = None
        if self.session.is_over:
            return
        self.balances_before = dict(self.session.balances)
        self.in_at_start = set(self.session.in_rotation())
        assert self.session.dealer in self.in_at_start, "the deal was passed to a player who is out"
        self.deal = self.session.start_deal()
        meta = self.session._current_meta
        assert meta is not None
        self.start = (dict(meta["hands"]), dict(meta["retained"]), meta["carried_in"],
                      {p: self.session.balances[p] for p in meta["order"]} if self.rules.session.finite else None,
                      tuple(meta["centre"]))
        self.seen_once: set = set()
        if self.deal.is_over:  # no betting: the deal ends as it is dealt
            self._deal_over(self.deal)

    @precondition(lambda self: self.deal is not None)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        deal = self.deal
        assert deal is not None
        if self.session.time_up():  # session.end.at_limit: abandon: play stops, every stake returned
            before = dict(self.balances_before)
            self.session.abandon_deal()
            assert deal.result is not None and all(v == 0 for v in deal.result.net.values())
            self._deal_over(deal)
            assert self.session.is_over and self.session.balances == before
            return
        options = deal.legal_actions()
        assert options, "a deal that is not over always offers an action"
        option = data.draw(st.sampled_from(options))
        amounts = option.amounts(limit=4)
        amount = data.draw(st.sampled_from(amounts)) if amounts else None
        self.session.act(option.action(amount))
        if deal.is_over:
            self._deal_over(deal)

    @precondition(lambda self: self.deal is not None)
    @rule(player=st.sampled_from(NAMES + ["Z"]), other=st.sampled_from(NAMES + [None]),
          kind=st.sampled_from(["peek", "expose", "redeal"]))
    def dispute(self, player: str, other: Optional[str], kind: str) -> None:
        """000's fine points happen out of turn: a peek, an exposure, a demanded redeal."""
        deal = self.deal
        assert deal is not None
        action = Action(player, kind, target=None if kind == "redeal" else other)
        if not self._attempt(deal, action):
            return
        if kind == "peek" and deal.rules.disputes.peek_folds:
            assert deal.players[player].folded  # a deliberate look: the looker folds at once
        if deal.is_over:
            self._deal_over(deal)

    @precondition(lambda self: self.deal is not None)
    @rule(player=st.sampled_from(NAMES + ["Z"]),
          kind=st.sampled_from(["look", "bet", "see", "fold", "check", "keep", "discard", "show", "concede",
                                "retain", "release"]),
          amount=st.fractions(min_value=0, max_value=60, max_denominator=4), look_at=st.sampled_from([None, "old", "new"]))
    def any_action(self, player: str, kind: str, amount: Fraction, look_at: Optional[str]) -> None:
        deal = self.deal
        assert deal is not None
        action = Action(player, kind, amount=amount if kind in ("bet", "see") else None,
                        target=look_at if kind in ("look", "retain") else None)
        if not self._attempt(deal, action):
            return
        if deal.is_over:
            self._deal_over(deal)

    def _attempt(self, deal: Deal, action: Action) -> bool:
        """Apply ``action`` if it is legal; a refusal names its rule and changes nothing."""
        before = fingerprint(deal)
        try:
            self.session.act(action)
        except RuleViolation as exc:
            assert exc.rule
            assert fingerprint(deal) == before, f"{action} was refused but changed the deal"
            return False
        return True

    def _deal_over(self, deal: Deal) -> None:
        assert deal.result is not None
        result = deal.result
        assert sum(result.net.values()) == deal.carried_in - result.carried_out
        if result.outcome in ("redeal", "abandoned"):
            assert all(v == 0 for v in result.net.values()) and result.carried_out == deal.carried_in
        for player in result.conceded:  # a conceded hand is never shown
            assert player not in dict(deal.events[-1].shown)
        if self.rules.session.finite:
            for state in deal.players.values():
                assert state.stack is not None and state.stack >= 0
        hands, retained, carried, stacks, centre = self.start
        again = replay(deal, hands, retained, carried, stacks, centre)
        assert again.result == result
        self.session.finish_deal()
        assert len(result.retained) <= 1
        self._begin()

    @precondition(lambda self: self.deal is not None)
    @rule(minutes=st.integers(0, 2))
    def time_passes(self, minutes: int) -> None:
        """The table's clock moves on (000: a session may be played "for ... a time limit")."""
        self.now += 60 * minutes + 1

    @precondition(lambda self: self.deal is None)
    @rule()
    def session_over(self) -> None:
        assert self.session.is_over
        winners = self.session.winners()
        score = self.session.lives if self.rules.format.lives is not None else self.session.net()
        assert winners and all(score[w] == max(score.values()) for w in winners)

    @invariant()
    def money_is_conserved(self) -> None:
        if not hasattr(self, "session"):
            return
        s = self.session
        if self.deal is not None and not self.deal.is_over:
            contributed = sum(st_.contributed for st_ in self.deal.players.values())
            assert sum(s.balances.values()) - contributed + self.deal.pot == self.total
        else:
            assert sum(s.balances.values()) + s.state.carried == self.total

    @invariant()
    def every_card_in_one_place(self) -> None:
        if not hasattr(self, "session"):
            return
        everything = list(self.session.pack.cards) + self.session.cards_in_play()
        assert sorted(everything) == self.full_pack

    @invariant()
    def exactly_one_to_act_or_over(self) -> None:
        deal = getattr(self, "deal", None)
        if deal is None:
            return
        if deal.is_over:
            assert deal.to_act is None and deal.legal_actions() == []
        else:
            actor = deal.to_act
            assert actor is not None and not deal.players[actor].folded

    @invariant()
    def players_out_neither_deal_nor_play(self) -> None:
        """A player out of chips or lives is passed over: never the dealer, never dealt in."""
        if not hasattr(self, "session"):
            return
        session = self.session
        still_in = set(session.in_rotation())
        if session.is_over or len(still_in) < 2:
            return
        assert session.dealer in still_in, f"{session.dealer} deals but is out"
        if self.deal is not None:
            assert set(self.deal.order) <= self.in_at_start, "a player who was out is dealt in"

    @invariant()
    def seen_never_becomes_blind(self) -> None:
        deal = getattr(self, "deal", None)
        if deal is None:
            return
        now_seen = {p for p, s in deal.players.items() if s.seen}
        assert self.seen_once <= now_seen
        self.seen_once = now_seen


BragMachine.TestCase.settings = settings(
    stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestBragMachine = BragMachine.TestCase


@settings(deadline=None)
@given(profile=profiles(), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_same_seed_same_session(profile: Any, seed: int, players: int) -> None:
    players = min(players, profile.table.max_players)

    def run() -> List[Any]:
        session = Session(compile_rules(profile), NAMES[:players], seed=seed)
        play_session(session, random_chooser(random.Random(seed)), max_deals=12)
        return [(r.dealer, r.hands, r.actions, r.result) for r in session.records] + [session.balances]

    assert run() == run()
