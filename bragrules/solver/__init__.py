"""A heads-up solver for any profile: the public tree of one deal, discounted CFR over hand ranges.

The API (also what the OpenSpiel adapter's cross-check calls)::

    from bragrules.solver import solve
    result = solve(profile, iterations=200, max_raises=1, levels=1)
    result.values          # each seat's value per deal, in stakes: (first to act, dealer)
    result.best_response   # each seat's value best-responding to the other's strategy
    result.exploitability  # the mean of the two seats' gains from deviating (NashConv / 2): one seat
                           # alone may gain up to twice it
    result.valuation       # each seat's value with its interval [s - BR2, BR1] (s = 0: zero-sum), the
                           # kind of game (zero-, constant- or general-sum) and the house's take
    result.strategy        # a Strategy: the average strategy of every decision, savable and playable

numpy is needed: ``pip install 'bragrules[solver]'``.

>>> from bragrules.profile.models import Profile
>>> short = Profile(pack={"stripped_ranks": list("23456789T")}, table={"min_players": 2, "max_players": 2},
...                 stakes={"opening_max": 1})
>>> result = solve(short, iterations=60, max_raises=1, levels=1)
>>> result.exploitability < 0.05
True
>>> abs(sum(result.values)) < 1e-9   # no rake, the carried pot split: a zero-sum game
True
>>> seat1 = result.valuation.seats[0]
>>> result.valuation.kind, seat1.low <= seat1.value <= seat1.high   # [-BR2, BR1]
('zero-sum', True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple, Union

from bragrules.profile.models import Profile
from bragrules.solver.cfr import CFR
from bragrules.solver.hands import HandSpace
from bragrules.solver.size import Budget, TreeTooLarge, check_fits
from bragrules.solver.strategy import Strategy
from bragrules.solver.tree import Tree, Unsupported, build_tree, check_supported
from bragrules.solver.valuation import Valuation, valuation

__all__ = ["Budget", "Progress", "Result", "Strategy", "TreeTooLarge", "Unsupported", "Valuation", "solve",
           "solver_for"]


@dataclass(frozen=True)
class Progress:
    """One measurement while solving: after ``iteration`` iterations and ``seconds``."""

    iteration: int
    seconds: float
    exploitability: float
    values: Tuple[float, float]


@dataclass
class Result:
    """What :func:`solve` found: values per seat (first to act, dealer), the exploitability
    (stakes per deal), the strategy, and the exploitability measured along the way."""

    values: Tuple[float, float]
    best_response: Tuple[float, float]
    exploitability: float
    strategy: Strategy
    iterations: int
    seconds: float
    history: List[Progress] = field(default_factory=list)
    cpu_seconds: float = 0.0
    """The CPU time this process spent solving (the tree and the iterations), beside ``seconds`` of wall time."""

    @property
    def tree(self) -> Tree:
        tree = self.strategy.tree
        assert tree is not None  # a strategy just solved keeps its tree
        return tree

    @property
    def valuation(self) -> Valuation:
        """Each seat's value with the interval the two best responses put on the game's value
        (:mod:`bragrules.solver.valuation`), and the kind of game, with what the house takes."""
        tree = self.tree
        return valuation(self.values, self.best_response, tree.payoff_sum, tree.takes,
                         carry_lost=bool(tree.carried) and tree.carry_share < 0.5)


def _rules(profile: Union[Profile, "object"]):  # type: ignore[no-untyped-def]
    from bragrules.rules.compile import Rules, compile_rules

    if isinstance(profile, Rules):
        return profile
    if isinstance(profile, str):
        from bragrules.profile import load_profile

        return compile_rules(load_profile(profile))
    assert isinstance(profile, Profile)
    return compile_rules(profile)


def solver_for(profile: object, max_raises: int = 3, levels: int = 2, max_bets: Optional[int] = None,
               carry_share: float = 0.5, budget: Optional[Budget] = None) -> CFR:
    """A fresh :class:`~bragrules.solver.cfr.CFR` over the tree of ``profile`` (a Profile, compiled
    Rules, or a shipped profile's name), for callers that iterate themselves.

    The tree is sized first, without building it (:func:`~bragrules.solver.size.check_fits`): one that
    would not fit the ``budget`` (4 GiB and 100,000 decisions unless told) is :class:`TreeTooLarge`,
    saying how big it would be."""
    rules = _rules(profile)
    check_supported(rules)
    check_fits(rules, max_raises, levels, max_bets if max_bets is not None else max_raises + 1, budget)
    tree = build_tree(rules, max_raises=max_raises, levels=levels, max_bets=max_bets, carry_share=carry_share)
    return CFR(tree, HandSpace.for_rules(rules))


def solve(profile: object, iterations: int = 200, max_raises: int = 3, levels: int = 2,
          max_bets: Optional[int] = None, carry_share: float = 0.5, target: Optional[float] = None,
          every: int = 10, progress: Optional[Callable[[Progress], None]] = None,
          iterated: Optional[Callable[[int, float], None]] = None, budget: Optional[Budget] = None) -> Result:
    """Solve one heads-up deal of ``profile``: ``iterations`` of discounted CFR (fewer when the
    exploitability, measured every ``every`` iterations, falls to ``target`` stakes per deal).

    ``max_raises``, ``levels``, ``max_bets`` and ``carry_share`` are the tree's abstraction
    (:func:`~bragrules.solver.tree.build_tree`), sized against ``budget`` before it is built
    (:func:`solver_for`). ``progress`` is called with each measurement, ``iterated`` after every
    iteration with the iterations done and the seconds since the start.
    """
    rules = _rules(profile)
    cpu = time.process_time()
    cfr = solver_for(rules, max_raises, levels, max_bets, carry_share, budget)
    started = time.perf_counter()
    history: List[Progress] = []
    values: Tuple[float, float] = (0.0, 0.0)
    best: Tuple[float, float] = (0.0, 0.0)
    exploitability = float("inf")
    for i in range(1, iterations + 1):
        cfr.iterate()
        if iterated is not None:
            iterated(i, time.perf_counter() - started)
        if i % every == 0 or i == iterations:
            v, b, exploitability = cfr.evaluate()
            values, best = (v[0], v[1]), (b[0], b[1])
            point = Progress(i, time.perf_counter() - started, exploitability, values)
            history.append(point)
            if progress is not None:
                progress(point)
            if target is not None and exploitability <= target:
                break
    strategy = Strategy.from_solver(cfr, rules.profile)
    return Result(values, best, exploitability, strategy, cfr.iterations, time.perf_counter() - started, history,
                  time.process_time() - cpu)
