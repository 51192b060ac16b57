"""How big a tree would be, before it is built: its decisions, its nodes and the memory a solve of it takes.

The public tree grows about as ``levels ** max_raises`` (``--max-raises 20 --levels 10``
has some 10^20 decisions), and a solve keeps two arrays of float64 per decision, a
column per hand for a seen player's (22,100 hands in a full pack). So a solve first
sizes its tree, without building it, against a stated budget (:class:`Budget`):

* an **estimate** from random lines of play (Knuth's estimator: along a line drawn at
  random, each node counts for the product of the branchings above it; the mean over
  the lines is the tree's size in expectation), a fraction of a second, refuses at once
  a tree well over the budget (:data:`CLEARLY_OVER` times it);
* otherwise an exact **count**, a walk of the tree that keeps nothing, stopped as soon as
  it passes the budget.

What a solve needs, in bytes (:meth:`TreeSize.memory`): :data:`NODE_BYTES` a node of the
tree (decisions, leaves and showdowns: the objects and their histories), and
:data:`CELL_BYTES` an action of a decision per hand it is played with (one for a blind
decision, every hand for a seen one): the regrets and the average strategy, float64 each,
and about as much again while an iteration runs.

>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(load_profile("standard"))
>>> size = count(rules, max_raises=1, levels=1, max_bets=2)
>>> size.decisions, size.exact, size.memory(hands_of(rules)) < 100 * 2**20
(16, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Iterator, List, NamedTuple, Optional, Tuple

from bragrules.core.i18n import tr
from bragrules.engine.actions import Action
from bragrules.solver.tree import Unsupported, _Builder, check_supported, check_war_cap, seat_names

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["Budget", "CELL_BYTES", "DEFAULT_MEMORY", "MAX_BETS", "MAX_CELLS", "MAX_DECISIONS", "MAX_LEVELS",
           "MAX_RAISES", "NODE_BYTES", "Shape", "TreeSize",
           "TreeTooLarge", "check_fits", "count", "estimate", "hands_of", "walk"]

MAX_RAISES, MAX_LEVELS, MAX_BETS = 20, 10, 40
"""The abstraction's bounds (``solve --max-raises``, ``--levels``, ``--max-bets``), and a strategy file's."""

MAX_DECISIONS = 100_000
"""The most decisions a solved tree, and so a strategy file, may have: building and counting a tree
takes about a third of a millisecond a decision, each iteration of the solve longer."""

MAX_CELLS = 2**28
"""The most probabilities a strategy holds (an action per hand of each decision): 268,435,456, 512 MiB
as a file writes them (float16) and 2 GiB as it is read (float64). A tree that would hold more is not
solved, so that every strategy written reads back."""

DEFAULT_MEMORY = 4 * 2**30
"""The memory a solve may take unless told otherwise (``solve --memory``), in bytes: 4 GiB."""

NODE_BYTES = 1024
"""Bytes a node of the tree takes while solving (measured: about 1,050 with its history)."""

CELL_BYTES = 40
"""Bytes an action of a decision takes per hand while solving: regrets and average strategy in float64,
and about as much again for the values of an iteration and of the evaluation (measured: 36 in all)."""

CLEARLY_OVER = 8
"""An estimate this many times over the budget is refused at once, without counting."""

PROBES = 200
"""Random lines of play the estimate draws (always the same ones: the estimate is deterministic)."""

MAX_DEPTH = 200
"""The most actions in a line of the tree (the builder's own limit: past it, the tree does not end)."""


class TreeTooLarge(ValueError):
    """The tree of these options would not fit the budget (the message says how big it is)."""


@dataclass(frozen=True)
class Budget:
    """What a solve may use: ``memory`` bytes, :data:`MAX_DECISIONS` decisions and :data:`MAX_CELLS`
    probabilities in its strategy."""

    memory: int = DEFAULT_MEMORY
    decisions: int = MAX_DECISIONS
    cells: int = MAX_CELLS

    def exceeded(self, size: "TreeSize", hands: int, margin: int = 1) -> bool:
        """Whether ``size`` (with ``hands`` hands) is over this budget, ``margin`` times it."""
        return (size.decisions > margin * self.decisions or size.memory(hands) > margin * self.memory
                or size.cells(hands) > margin * self.cells)


@dataclass(frozen=True)
class TreeSize:
    """A tree's size: decisions, nodes (decisions, leaves and showdowns), and the actions of its blind and
    its seen decisions. ``exact``: counted; else an estimate, or a count stopped at a budget (``at_least``)."""

    decisions: int
    nodes: int
    blind_actions: int
    seen_actions: int
    exact: bool = True
    at_least: bool = False

    def cells(self, hands: int) -> int:
        """Actions times the hands each is played with: what the solver keeps arrays of."""
        return self.blind_actions + self.seen_actions * hands

    def memory(self, hands: int) -> int:
        """The bytes a solve of this tree takes (:data:`NODE_BYTES`, :data:`CELL_BYTES`)."""
        return NODE_BYTES * self.nodes + CELL_BYTES * self.cells(hands)

    def words(self, hands: int) -> str:
        """The size for people: ``"1,182 decisions and 2.1 GiB"``, ``"more than ..."``, ``"about ..."``."""
        how = "more than " if self.at_least else "" if self.exact else "about "
        return f"{how}{_count_words(self.decisions)} decisions and {how}{_bytes_words(self.memory(hands))}"


class Shape(NamedTuple):
    """A decision as the walk meets it: its history, whose (0 or 1), blind or not, and its actions' texts."""

    history: Tuple[str, ...]
    player: int
    blind: bool
    actions: List[str]


def hands_of(rules: "Rules") -> int:
    """The hands of the profile's pack: three cards of its cards."""
    return comb(len(rules.ranking.ranker.cards), 3)


class _Walker(_Builder):
    """The builder's own steps (the deal replayed, what it waits for settled, the options the abstraction
    keeps) without the tree: the decisions in the order the builder lists them, and the ends counted."""

    def __init__(self, rules: "Rules", max_raises: int, levels: int, max_bets: int, seats: int = 2,
                 war_cap: str = "fold") -> None:
        # the builder's state without its payoffs (a walk never settles a showdown)
        self.seats = seat_names(seats)
        self.rules, self.max_raises, self.levels, self.max_bets = rules, max_raises, levels, max_bets
        self.war_cap = war_cap
        self.notes: List[str] = []
        self.ends = 0

    def shapes(self) -> Iterator[Shape]:
        """Each decision, in the builder's order (depth first, actions in order); ``ends`` counts the rest."""
        stack: List[Tuple[List[Action], int]] = [([], 0)]
        while stack:
            actions, bets_made = stack.pop()
            deal = self.deal(actions)
            self.settle_awaited(deal)
            if deal.cards_needed or deal.is_over or self.at_war_cap(deal, bets_made):
                self.ends += 1
                continue
            actions = list(deal.actions)
            history = tuple(str(a) for a in actions)
            if len(history) > MAX_DEPTH:
                raise Unsupported("the tree does not end: lower --max-bets")
            options = self.options(deal, bets_made)
            if not options:
                raise Unsupported(f"after {' / '.join(history)} no action is left in the tree")
            player = deal.to_act
            assert player is not None
            yield Shape(history, self.seats.index(player), not deal.players[player].seen, [str(a) for a in options])
            for action in reversed(options):
                stack.append((actions + [action], bets_made + (action.kind == "bet")))

    def probe(self, rng: random.Random) -> Tuple[float, float, float, float]:
        """One random line of play, applied to one deal as it goes: each node met weighs the product of the
        branchings above it. (decisions, nodes, blind actions, seen actions) as this line estimates them."""
        deal = self.deal([])
        bets_made, weight = 0, 1.0
        decisions = nodes = blind = seen = 0.0
        for _ in range(MAX_DEPTH + 1):
            self.settle_awaited(deal)
            nodes += weight
            if deal.cards_needed or deal.is_over:
                break
            player = deal.to_act
            assert player is not None
            options = self.options(deal, bets_made)
            if not options:
                break
            decisions += weight
            if deal.players[player].seen:
                seen += weight * len(options)
            else:
                blind += weight * len(options)
            action = options[rng.randrange(len(options))]
            deal.apply(action)
            bets_made += action.kind == "bet"
            weight *= len(options)
        return decisions, nodes, blind, seen


def walk(rules: "Rules", max_raises: int, levels: int, max_bets: int, seats: int = 2,
         war_cap: str = "fold") -> Iterator[Shape]:
    """The tree's decisions in the order :func:`~bragrules.solver.tree.build_tree` lists them, one at a
    time, keeping nothing (what a strategy file is checked against), a war of three or more ending at the
    cap as ``war_cap`` says."""
    check_supported(rules)
    check_war_cap(rules, war_cap, seats)
    return _Walker(rules, max_raises, levels, max_bets, seats, war_cap).shapes()


def count(rules: "Rules", max_raises: int, levels: int, max_bets: int, budget: Optional[Budget] = None
          ) -> TreeSize:
    """The tree's size, counted by walking it; with a ``budget``, the count stops as soon as it passes it
    (``at_least``: the tree is bigger than that)."""
    check_supported(rules)
    walker = _Walker(rules, max_raises, levels, max_bets)
    hands = hands_of(rules)
    decisions = blind = seen = 0
    for shape in walker.shapes():
        decisions += 1
        if shape.blind:
            blind += len(shape.actions)
        else:
            seen += len(shape.actions)
        if budget is not None:
            size = TreeSize(decisions, decisions + walker.ends, blind, seen, exact=False, at_least=True)
            if budget.exceeded(size, hands):
                return size
    return TreeSize(decisions, decisions + walker.ends, blind, seen)


def estimate(rules: "Rules", max_raises: int, levels: int, max_bets: int, probes: int = PROBES) -> TreeSize:
    """The tree's size as ``probes`` random lines of play estimate it (the same lines every time)."""
    check_supported(rules)
    walker = _Walker(rules, max_raises, levels, max_bets)
    rng = random.Random(0)
    totals = [0.0, 0.0, 0.0, 0.0]
    for _ in range(probes):
        for i, value in enumerate(walker.probe(rng)):
            totals[i] += value
    decisions, nodes, blind, seen = (round(t / probes) for t in totals)
    return TreeSize(decisions, nodes, blind, seen, exact=False)


def check_fits(rules: "Rules", max_raises: int, levels: int, max_bets: int, budget: Optional[Budget] = None
               ) -> TreeSize:
    """The tree's size when it fits the ``budget``; else :class:`TreeTooLarge` saying how big it would be.

    The options first (within :data:`MAX_RAISES`, :data:`MAX_LEVELS`, :data:`MAX_BETS`), then the estimate
    (a tree :data:`CLEARLY_OVER` times the budget is refused at once), then the count, stopped at the budget."""
    if not (0 <= max_raises <= MAX_RAISES and 1 <= levels <= MAX_LEVELS and 1 <= max_bets <= MAX_BETS):
        raise ValueError(f"max_raises must be 0 to {MAX_RAISES}, levels 1 to {MAX_LEVELS} and max_bets 1 to "
                         f"{MAX_BETS}")
    budget = budget or Budget()
    hands = hands_of(rules)
    guess = estimate(rules, max_raises, levels, max_bets)
    if budget.exceeded(guess, hands, CLEARLY_OVER):
        raise TreeTooLarge(_too_large(guess, hands, budget))
    size = count(rules, max_raises, levels, max_bets, budget)
    if size.at_least:
        raise TreeTooLarge(_too_large(size, hands, budget))
    return size


def _too_large(size: TreeSize, hands: int, budget: Budget) -> str:
    """Why a tree is refused: how big it is (estimated, or counted until it passed the budget) and the budget."""
    if size.at_least:
        over = [tr("more than {count} decisions", count=_count_words(budget.decisions))
                if size.decisions > budget.decisions else "",
                tr("more than {size} of memory", size=_bytes_words(budget.memory))
                if size.memory(hands) > budget.memory else "",
                tr("more than {count} probabilities to keep", count=_count_words(budget.cells))
                if size.cells(hands) > budget.cells else ""]
        need = tr("{over} (counted until then: {count} decisions, {size})", over=tr(" and ").join(w for w in over if w),
                  count=_count_words(size.decisions), size=_bytes_words(size.memory(hands)))
    else:
        need = tr("about {count} decisions and {size} of memory (estimated from {probes} random lines of play)",
                  count=_count_words(size.decisions), size=_bytes_words(size.memory(hands)), probes=PROBES)
    return tr("the tree of these options would need {need}, with {hands} hands; the budget is {count} decisions and "
              "{size}: lower --max-raises, --levels or --max-bets, or raise --memory", need=need, hands=f"{hands:,}",
              count=_count_words(budget.decisions), size=_bytes_words(budget.memory))


def _count_words(n: int) -> str:
    """A count for people: exact below a billion, else in powers of ten.

    >>> _count_words(1182), _count_words(31_600_000_000_000_000_000)
    ('1,182', '3.2e+19')
    """
    return f"{n:,}" if n < 10**9 else f"{n:.1e}"


def _bytes_words(n: int) -> str:
    """Bytes for people, in binary units.

    >>> _bytes_words(512), _bytes_words(3 * 2**30 // 2), _bytes_words(2**70)
    ('512 bytes', '1.5 GiB', '1.2e+21 bytes')
    """
    if n >= 2**60:
        return f"{n:.1e} bytes"
    for unit, size in (("PiB", 2**50), ("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            value = n / size
            return f"{value:,.0f} {unit}" if value >= 1000 else f"{value:.1f} {unit}"
    return f"{n} bytes"
