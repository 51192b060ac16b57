"""Monte Carlo CFR for tables of three and four: external sampling over the engine's own tree.

At three seats and more, the exact solver's sums over every pair of hands
(:mod:`bragrules.solver.cfr`) do not fit. This module solves the same public tree, built
by the engine (:func:`~bragrules.solver.tree.build_tree` with ``seats``) under the same caps
as heads-up (``max_raises``, ``levels``, ``max_bets``; at three or more in, no bet past twice
``max_bets``, the war ended there as ``war_cap`` says, :mod:`bragrules.solver.pool`), by **external-sampling MCCFR** (Lanctot et al., 2009; as OpenSpiel's
``external_sampling_mccfr.py``): each iteration deals one set of hands at random, and for
each seat in turn walks every action of that seat and one action, drawn from the current
strategy, of every other seat; the regrets of the seat walked are updated, and the other
seats' average strategies are added to where they are met ("simple" averaging).

The hand abstraction, stated: a seen player's hand is known to the strategy only by its
**equity bucket**, ``buckets`` equal slices of the hands ordered by strength (a hand's
place among all the pack's hands, ties together: its equity against one random hand,
card removal aside), bucket 0 the weakest. A blind player's decision is one information
set, as heads-up. The buckets of every hand are written in the strategy file.

Deterministic for a seed: the deals and the draws come from one ``random.Random(seed)``.

>>> from bragrules.profile.models import Profile
>>> short = Profile(pack={"stripped_ranks": list("23456789")}, table={"min_players": 2, "max_players": 6},
...                 stakes={"opening_max": 1})
>>> first = solve_multiway(short, seats=3, iterations=200, max_raises=1, levels=1, max_bets=2, seed=7)
>>> again = solve_multiway(short, seats=3, iterations=200, max_raises=1, levels=1, max_bets=2, seed=7)
>>> first.strategy.meta["seats"], first.strategy.meta["n_buckets"]
(3, 8)
>>> all((first.strategy.decisions[h].probabilities == again.strategy.decisions[h].probabilities).all()
...     for h in first.strategy.decisions)
True
"""

from __future__ import annotations

import bisect
import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from bragrules.solver.hands import HandSpace
from bragrules.solver.numeric import Array, np
from bragrules.solver.pool import DEFAULT_WAR_CAP
from bragrules.solver.tree import Decision, Leaf, Node, Pool, Showdown, Tree, build_tree, check_supported

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver.sharded import Runner
    from bragrules.solver.strategy import Strategy

__all__ = ["DEFAULT_BUCKETS", "MultiwayCFR", "MultiwayResult", "SeatValue", "bucket_hands", "solve_multiway"]

DEFAULT_BUCKETS = 8
"""Equity buckets a seen player's hand is known by, unless told."""

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def bucket_hands(strength: Sequence[int], buckets: int) -> List[int]:
    """Each hand's equity bucket: its place among all hands by ``strength`` (ties at their middle place,
    so tied hands share a bucket), cut into ``buckets`` equal slices, 0 the weakest.

    >>> bucket_hands([5, 1, 3, 3, 9, 7], 3)
    [1, 0, 0, 0, 2, 2]
    """
    if buckets < 1:
        raise ValueError("buckets must be 1 or more")
    ordered = sorted(strength)
    n = len(ordered)
    out = []
    for s in strength:
        lo, hi = bisect.bisect_left(ordered, s), bisect.bisect_right(ordered, s)
        middle = (lo + hi - 1) / 2.0
        out.append(min(buckets - 1, int(middle * buckets / n)))
    return out


def _matched(regret: List[float]) -> List[float]:
    """Regret matching: positive regrets normalised, uniform when none is positive.

    >>> _matched([2.0, -1.0, 2.0]), _matched([-1.0, 0.0])
    ([0.5, 0.0, 0.5], [0.5, 0.5])
    """
    positive = [r if r > 0.0 else 0.0 for r in regret]
    total = sum(positive)
    if total <= 0.0:
        return [1.0 / len(regret)] * len(regret)
    return [p / total for p in positive]


def _draw(probabilities: List[float], u: float) -> int:
    for k, p in enumerate(probabilities):
        u -= p
        if u < 0.0:
            return k
    return len(probabilities) - 1


class MultiwayCFR:
    """External-sampling MCCFR's state: per decision, a list of regrets and of strategy sums per column
    (one column for a blind decision, one per equity bucket for a seen one)."""

    def __init__(self, tree: Tree, space: HandSpace, seats: int, buckets: int = DEFAULT_BUCKETS,
                 seed: int = 0) -> None:
        self.tree, self.space, self.seats = tree, space, seats
        self.bucket_of = bucket_hands([int(s) for s in space.strength], buckets)
        self.n_buckets = buckets
        self.strength = [int(s) for s in space.strength]
        self.rng = random.Random(seed)
        self.seed = seed
        self.regrets: Dict[int, List[List[float]]] = {}
        self.sums: Dict[int, List[List[float]]] = {}
        for d in tree.decisions:
            columns = 1 if d.blind else buckets
            self.regrets[d.id] = [[0.0] * len(d.actions) for _ in range(columns)]
            self.sums[d.id] = [[0.0] * len(d.actions) for _ in range(columns)]
        self.iterations = 0

    def deal(self, rng: random.Random) -> List[int]:
        """One hand per seat, drawn without replacement: each seat's hand index."""
        cards = rng.sample(range(self.space.n_cards), 3 * self.seats)
        local = self.space.cards
        return [self.space.hand_of([local[c] for c in cards[3 * i:3 * i + 3]]) for i in range(self.seats)]

    def _column(self, node: Decision, hands: List[int]) -> int:
        return 0 if node.blind else self.bucket_of[hands[node.player]]

    def _ending(self, node: Node, hands: List[int]) -> Tuple[float, ...]:
        if isinstance(node, Leaf):
            return node.payoff
        if isinstance(node, Pool):
            return node.payoff([self.strength[h] for h in hands])
        assert isinstance(node, Showdown)
        first, second = (self.strength[hands[s]] for s in node.shown)
        if first > second:
            return node.win
        return node.lose if first < second else node.tie

    def _walk(self, node: Node, seat: int, hands: List[int]) -> float:
        if not isinstance(node, Decision):
            return self._ending(node, hands)[seat]
        column = self._column(node, hands)
        regret = self.regrets[node.id][column]
        strategy = _matched(regret)
        if node.player != seat:
            sums = self.sums[node.id][column]
            for k, p in enumerate(strategy):
                sums[k] += p
            k = _draw(strategy, self.rng.random())
            return self._walk(node.actions[k].child, seat, hands)
        values = [self._walk(act.child, seat, hands) for act in node.actions]
        value = sum(p * v for p, v in zip(strategy, values))
        for k, v in enumerate(values):
            regret[k] += v - value
        return value

    def iterate(self) -> None:
        """One iteration: one deal drawn, then each seat walked in turn."""
        self.iterations += 1
        hands = self.deal(self.rng)
        for seat in range(self.seats):
            self._walk(self.tree.root, seat, hands)

    def average(self, decision: Decision) -> List[List[float]]:
        """The average strategy of a decision: per column, a probability per action."""
        out = []
        for row in self.sums[decision.id]:
            total = sum(row)
            out.append([x / total for x in row] if total > 0 else [1.0 / len(row)] * len(row))
        return out

    def mean_regret(self) -> float:
        """The positive regret per iteration, summed over every information set and seat: the bound CFR
        shrinks (as 1/sqrt(T)); a strategy profile is an approximate equilibrium as it falls."""
        if not self.iterations:
            return math.inf
        total = sum(max(0.0, max(row)) for rows in self.regrets.values() for row in rows)
        return total / self.iterations

    def values(self, deals: int, seed: int) -> List["SeatValue"]:
        """Each seat's value per deal with every seat playing the average strategy: the exact expectation
        over the actions, on ``deals`` deals drawn with ``seed``, with a 95% interval over the deals."""
        rng = random.Random(seed)
        averages = {d.id: self.average(d) for d in self.tree.decisions}
        per_seat: List[List[float]] = [[] for _ in range(self.seats)]
        for _ in range(deals):
            hands = self.deal(rng)
            for seat, v in enumerate(self._expect(self.tree.root, hands, averages)):
                per_seat[seat].append(v)
        return [SeatValue.of(seat, xs) for seat, xs in enumerate(per_seat)]

    def _expect(self, node: Node, hands: List[int], averages: Dict[int, List[List[float]]]) -> List[float]:
        if not isinstance(node, Decision):
            return list(self._ending(node, hands))
        strategy = averages[node.id][self._column(node, hands)]
        total = [0.0] * self.seats
        for p, act in zip(strategy, node.actions):
            if p > 0.0:
                for seat, v in enumerate(self._expect(act.child, hands, averages)):
                    total[seat] += p * v
        return total

    def gains(self, deals: int, seed: int) -> List[float]:
        """What each seat gains per deal by best-responding, alone, to the others' average strategies, on
        ``deals`` deals drawn with ``seed``: in the abstract game (it knows its own hand's bucket), the best
        response chosen on those deals. Their sum is the NashConv of the sample; it does not bound a
        three-player game's value as heads-up, but it falls to zero as the strategies near an equilibrium."""
        rng = random.Random(seed)
        hands = [self.deal(rng) for _ in range(deals)]
        columns = np.array([[self.bucket_of[h[s]] for h in hands] for s in range(self.seats)], dtype=np.int64)
        strength = np.array([[self.strength[h[s]] for h in hands] for s in range(self.seats)], dtype=np.int64)
        averages = {d.id: np.array(self.average(d), dtype=np.float64).T for d in self.tree.decisions}
        lists = {d.id: self.average(d) for d in self.tree.decisions}
        plain = [float(x) for x in np.mean([self._expect(self.tree.root, h, lists) for h in hands], axis=0)]
        out = []
        for seat in range(self.seats):
            walk = _BestResponse(seat, columns, strength, averages)
            out.append(float(walk.value(self.tree.root, np.ones(deals)).mean()) - plain[seat])
        return out

    def probabilities(self, decision: Decision) -> Array:
        """The average strategy as the strategy file holds it: a row per action, a column per bucket."""
        table: Array = np.array(self.average(decision), dtype=np.float64)
        return table.T


class _BestResponse:
    """One seat's best response on a sample of deals, vectorised over the deals: a value per deal."""

    def __init__(self, seat: int, columns: Array, strength: Array, averages: Dict[int, Array]) -> None:
        self.seat, self.columns, self.strength, self.averages = seat, columns, strength, averages

    def value(self, node: Node, reach: Array) -> Array:
        n = reach.shape[0]
        if isinstance(node, Leaf):
            return np.full(n, node.payoff[self.seat])
        if isinstance(node, Showdown):
            first, second = self.strength[node.shown[0]], self.strength[node.shown[1]]
            out: Array = np.where(first > second, node.win[self.seat],
                                  np.where(first < second, node.lose[self.seat], node.tie[self.seat]))
            return out
        if isinstance(node, Pool):
            shown = self.strength[list(node.shown)]
            best = shown.max(axis=0)
            mask = sum((shown[k] == best).astype(np.int64) << s for k, s in enumerate(node.shown))
            table = np.zeros(1 << self.strength.shape[0])
            for m, paid in node.payoffs.items():
                table[m] = paid[self.seat]
            pooled: Array = table[mask]
            return pooled
        assert isinstance(node, Decision)
        table = self.averages[node.id]  # a row per action, a column per bucket
        column = np.zeros(n, dtype=np.int64) if node.blind else self.columns[node.player]
        if node.player != self.seat:
            total = np.zeros(n)
            for k, act in enumerate(node.actions):
                p = table[k][column]
                if p.any():
                    total += p * self.value(act.child, reach * p)
            return total
        values = np.stack([self.value(act.child, reach) for act in node.actions])  # (A, deals)
        width = table.shape[1]
        gathered = np.stack([np.bincount(column, weights=reach * row, minlength=width) for row in values])
        best = gathered.argmax(axis=0)  # the best action of each bucket
        picked: Array = values[best[column], np.arange(n)]
        return picked


@dataclass(frozen=True)
class SeatValue:
    """One seat's value per deal (first to act is seat 0), with its 95% interval over the deals."""

    seat: int
    value: float
    low: float
    high: float
    deals: int

    @classmethod
    def of(cls, seat: int, xs: List[float]) -> "SeatValue":
        n = len(xs)
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        return cls(seat, mean, mean - half, mean + half, n)


@dataclass
class MultiwayResult:
    """What :func:`solve_multiway` found: the strategy (savable and playable), the positive regret per
    iteration measured along the way, and the time it took (wall and CPU)."""

    strategy: "Strategy"
    solver: MultiwayCFR
    regret: List[Tuple[int, float]]
    seconds: float
    cpu_seconds: float


def solve_multiway(profile: object, seats: int = 3, iterations: int = 20_000, max_raises: int = 1,
                   levels: int = 1, max_bets: Optional[int] = None, carry_share: float = 0.5,
                   buckets: int = DEFAULT_BUCKETS, seed: int = 0, every: int = 0, shards: int = 1,
                   runner: Optional["Runner"] = None, war_cap: str = DEFAULT_WAR_CAP) -> MultiwayResult:
    """Solve one deal of ``profile`` at a table of ``seats`` (3 or 4) by external-sampling MCCFR:
    ``iterations`` deals, the tree's caps as :func:`~bragrules.solver.solve`'s, a war of three or more
    ended at the cap as ``war_cap`` says (:mod:`bragrules.solver.pool`), hands known by ``buckets``
    equity buckets; the regret bound recorded every ``every`` iterations (0: at the end).

    ``shards`` above 1 splits the iterations into shards run from one snapshot a round
    (:mod:`bragrules.solver.sharded`), by ``runner`` (in this process unless told; a cluster's with
    :func:`~bragrules.solver.sharded.dask_runner`): the same strategy wherever they run."""
    from bragrules.solver import _rules
    from bragrules.solver.strategy import Strategy

    if not 3 <= seats <= 4:
        raise ValueError(f"the multiway solver plays 3 or 4 seats, not {seats}")
    if not 0 <= seed < 2**63:
        raise ValueError(f"a seed is from 0 to 2^63 - 1 (the strategy file keeps it), not {seed}")
    rules = _rules(profile)
    check_supported(rules)
    cpu, started = time.process_time(), time.perf_counter()
    tree = build_tree(rules, max_raises=max_raises, levels=levels, max_bets=max_bets, carry_share=carry_share,
                      seats=seats, war_cap=war_cap)
    cfr = MultiwayCFR(tree, HandSpace.for_rules(rules), seats, buckets, seed)
    regret: List[Tuple[int, float]] = []
    if shards > 1:
        from bragrules.solver.sharded import local_runner, solve_sharded

        options = (tree.max_raises, tree.levels, tree.max_bets, carry_share, buckets, war_cap)
        solve_sharded(cfr, rules.profile.model_dump_json(), options, iterations, shards, seed,
                      runner or local_runner)
        regret.append((cfr.iterations, cfr.mean_regret()))
    for i in range(1, iterations + 1 if shards <= 1 else 1):
        cfr.iterate()
        if (every and i % every == 0) or i == iterations:
            regret.append((i, cfr.mean_regret()))
    strategy = Strategy.from_multiway(cfr, rules.profile)
    return MultiwayResult(strategy, cfr, regret, time.perf_counter() - started, time.process_time() - cpu)
