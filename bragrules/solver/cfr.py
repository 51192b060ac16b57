"""Discounted CFR over the public tree, vectorised over the hands, and exact best responses.

The algorithm is discounted counterfactual regret minimisation (Brown and Sandholm, 2019)
with its usual parameters, alpha = 1.5, beta = 0, gamma = 2, and alternating updates: at
iteration ``t`` the seat updated first multiplies its positive regrets by
``t^1.5 / (t^1.5 + 1)`` and its negative ones by ``1/2``, adds this iteration's regrets,
and adds its current strategy to its average with weight ``t^2``.

Each traversal carries, for every hand of the seat updated, its counterfactual value, and
for the opponent a vector of reach over the opponent's hands. A seen player's decision has
a strategy per hand; a blind player's decision is one information set over all hands (it
does not see them), so its strategy is one row and its regrets sum over the hands. The
opponent's reach is kept as a vector times a number, so that a blind opponent's actions
(the same for every hand) and the traversing seat's own actions do not make new vectors,
and the sums at the leaves (card removal by inclusion and exclusion,
:class:`~bragrules.solver.hands.HandSpace`) are worked out once per distinct vector.

Values are in stakes per deal: a sum over our hands and the opponent's disjoint hands,
divided by the number of such pairs of hands.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from bragrules.solver.hands import HandSpace, OpponentSums
from bragrules.solver.numeric import Array, np
from bragrules.solver.tree import Decision, Leaf, Node, Showdown, Tree

__all__ = ["CFR", "ALPHA", "BETA", "GAMMA"]

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0

Array = Array


class CFR:
    """The solver's state: regrets and strategy sums per decision, and the iterations run."""

    def __init__(self, tree: Tree, space: HandSpace) -> None:
        self.tree = tree
        self.space = space
        n = space.n_hands
        self.n = n
        self.norm = float(n * space.pairs_of_opponents())
        self.regrets: Dict[int, Array] = {}
        self.sums: Dict[int, Array] = {}
        for d in tree.decisions:
            shape = (len(d.actions), 1 if d.blind else n)
            self.regrets[d.id] = np.zeros(shape)
            self.sums[d.id] = np.zeros(shape)
        self.iterations = 0
        self._avg_weight = 1.0
        self._cache: Dict[int, Tuple[Array, OpponentSums]] = {}
        self._ones = np.ones(n)

    # -- strategies ----------------------------------------------------------

    @staticmethod
    def _matched(regret: Array) -> Array:
        """Regret matching: the positive regrets normalised (uniform where none is positive)."""
        positive = np.maximum(regret, 0.0)
        total = positive.sum(axis=0, keepdims=True)
        uniform = 1.0 / regret.shape[0]
        return np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)

    def current(self, decision: Decision) -> Array:
        return self._matched(self.regrets[decision.id])

    def average(self, decision: Decision) -> Array:
        """The average strategy of a decision: a row per action, a column per hand (one column if blind)."""
        s = self.sums[decision.id]
        total = s.sum(axis=0, keepdims=True)
        uniform = 1.0 / s.shape[0]
        return np.where(total > 0, s / np.where(total > 0, total, 1.0), uniform)

    # -- the sums at the leaves ------------------------------------------------

    def _opp_sums(self, base: Array) -> OpponentSums:
        key = id(base)
        found = self._cache.get(key)
        if found is None or found[0] is not base:
            found = (base, self.space.sums(base))
            self._cache[key] = found
        return found[1]

    def _leaf(self, node: Node, seat: int, base: Array, scale: float) -> Array:
        sums = self._opp_sums(base)
        if isinstance(node, Leaf):
            return (node.payoff[seat] * scale) * sums.disjoint
        assert isinstance(node, Showdown)
        weaker, ties, stronger = sums.weaker, sums.not_stronger - sums.weaker, sums.disjoint - sums.not_stronger
        mine_higher, mine_lower = (node.win, node.lose) if seat == 0 else (node.lose, node.win)
        return scale * (mine_higher[seat] * weaker + node.tie[seat] * ties + mine_lower[seat] * stronger)

    # -- one traversal -----------------------------------------------------------

    def _walk(self, node: Node, seat: int, base: Array, scale: float, mode: str) -> Array:
        """The counterfactual values of ``seat``'s hands below ``node``.

        ``mode``: ``"br"`` (``seat`` best-responds to the opponent's average) or ``"avg"`` (both
        play the average); nothing is updated.
        """
        if not isinstance(node, Decision):
            return self._leaf(node, seat, base, scale)
        if node.player == seat:
            strategy = self.average(node)
            values = []
            for act in node.actions:
                values.append(self._walk(act.child, seat, base, scale, mode))
            stacked = np.stack(values)  # (A, N)
            if mode == "br":
                if node.blind:
                    return stacked[int(np.argmax(stacked.sum(axis=1)))]
                return stacked.max(axis=0)
            return (strategy * stacked).sum(axis=0)
        # the opponent's decision
        strategy = self.average(node)
        total: Optional[Array] = None
        for k, act in enumerate(node.actions):
            if node.blind:
                p = float(strategy[k, 0])
                if p <= 0.0:
                    continue
                v = self._walk(act.child, seat, base, scale * p, mode)
            else:
                row = strategy[k]
                if not row.any():
                    continue
                v = self._walk(act.child, seat, base * row, scale, mode)
            total = v if total is None else total + v
        return total if total is not None else np.zeros(self.n)

    def _walk_own(self, node: Node, seat: int, base: Array, scale: float, own: Array) -> Array:
        """One CFR update of ``seat``: its counterfactual values, its own reach carried down its actions
        (the weight of its average strategy), its regrets and average updated on the way back."""
        if not isinstance(node, Decision):
            return self._leaf(node, seat, base, scale)
        strategy = self.current(node)
        if node.player == seat:
            values = []
            for k, act in enumerate(node.actions):
                child_own = own * strategy[k]
                values.append(self._walk_own(act.child, seat, base, scale, child_own))
            stacked = np.stack(values)
            value = (strategy * stacked).sum(axis=0)
            regret = stacked - value
            if node.blind:
                regret = regret.sum(axis=1, keepdims=True)
            self.regrets[node.id] += regret
            weight = self._avg_weight
            if node.blind:
                self.sums[node.id] += weight * float(own[0]) * strategy
            else:
                self.sums[node.id] += weight * own * strategy
            return value
        total: Optional[Array] = None
        for k, act in enumerate(node.actions):
            if node.blind:
                p = float(strategy[k, 0])
                if p <= 0.0:  # the opponent never goes there: no value, no regret, but our average still counts
                    self._accumulate(act.child, seat, own)
                    continue
                v = self._walk_own(act.child, seat, base, scale * p, own)
            else:
                row = strategy[k]
                if not row.any():
                    self._accumulate(act.child, seat, own)
                    continue
                v = self._walk_own(act.child, seat, base * row, scale, own)
            total = v if total is None else total + v
        return total if total is not None else np.zeros(self.n)

    def _accumulate(self, node: Node, seat: int, own: Array) -> None:
        """Below a point the opponent never reaches: ``seat``'s current strategies added to its
        averages (weighted by its own reach, which the opponent's play does not change), so that a
        best response that goes there meets the strategy played, not an untouched uniform one."""
        if not isinstance(node, Decision):
            return
        strategy = self.current(node)
        if node.player == seat:
            weight = self._avg_weight
            if node.blind:
                self.sums[node.id] += weight * float(own[0]) * strategy
            else:
                self.sums[node.id] += weight * own * strategy
            for k, act in enumerate(node.actions):
                self._accumulate(act.child, seat, own * strategy[k])
        else:
            for act in node.actions:
                self._accumulate(act.child, seat, own)

    # -- iterating ------------------------------------------------------------------

    def iterate(self) -> None:
        """One iteration: each seat in turn discounts its regrets and updates them."""
        self.iterations += 1
        t = float(self.iterations)
        positive = t ** ALPHA / (t ** ALPHA + 1.0)
        negative = t ** BETA / (t ** BETA + 1.0)
        self._avg_weight = t ** GAMMA
        for seat in (0, 1):
            for d in self.tree.decisions:
                if d.player == seat:
                    r = self.regrets[d.id]
                    r *= np.where(r > 0, positive, negative)
            self._cache = {}
            self._walk_own(self.tree.root, seat, self._ones, 1.0, self._ones)
        self._cache = {}

    def value(self, seat: int, mode: str) -> float:
        """``seat``'s value per deal: ``"avg"`` with both on the average strategy, ``"br"`` best-responding."""
        self._cache = {}
        v = self._walk(self.tree.root, seat, self._ones, 1.0, mode)
        self._cache = {}
        return float(v.sum()) / self.norm

    def evaluate(self) -> Tuple[List[float], List[float], float]:
        """Each seat's value on the average strategies, each seat's best-response value, and the
        exploitability: the mean over the seats of what a best response gains (NashConv / 2)."""
        first = self.value(0, "avg")
        values = [first, -first if self.tree.zero_sum else self.value(1, "avg")]
        best = [self.value(0, "br"), self.value(1, "br")]
        return values, best, (best[0] - values[0] + best[1] - values[1]) / 2.0

    def strategy(self) -> Dict[int, Array]:
        """The average strategy of every decision, by id."""
        return {d.id: self.average(d) for d in self.tree.decisions}
