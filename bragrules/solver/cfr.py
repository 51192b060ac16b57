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


def _weighted(strategy: Array, values: Array) -> Array:
    """The strategy's expected value per hand: the sum over the actions (rows) of probability times value."""
    out = strategy[0] * values[0]
    for k in range(1, values.shape[0]):
        out += strategy[k] * values[k]
    return out


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
        # each decision's current strategy, kept until its regrets change (a discount does not change
        # it: regret matching reads the positive regrets' proportions, which a discount keeps)
        self._current: Dict[int, Array] = {}
        self._discount = (1.0, 1.0)

    # -- strategies ----------------------------------------------------------

    @staticmethod
    def _matched(regret: Array) -> Array:
        """Regret matching: the positive regrets normalised (uniform where none is positive).

        One array of the regrets' shape is made (the positive part, normalised in place).
        """
        positive = np.maximum(regret, 0.0)
        total = positive.sum(axis=0)
        none = total <= 0
        if none.any():
            total[none] = 1.0
            positive /= total
            positive[:, none] = 1.0 / regret.shape[0]
        else:
            positive /= total
        return positive

    def current(self, decision: Decision) -> Array:
        """The current strategy of a decision (regret matching), not to be written to."""
        found = self._current.get(decision.id)
        if found is None:
            found = self._current[decision.id] = self._matched(self.regrets[decision.id])
        return found

    def _discounted(self, decision: Decision) -> Array:
        """The decision's regrets, discounted for this iteration: positive ones times ``t^α / (t^α + 1)``,
        negative ones times ``t^β / (t^β + 1)`` (a zero stays zero)."""
        r = self.regrets[decision.id]
        positive, negative = self._discount
        np.multiply(r, positive, out=r, where=r > 0)
        np.multiply(r, negative, out=r, where=r < 0)
        return r

    def average(self, decision: Decision) -> Array:
        """The average strategy of a decision: a row per action, a column per hand (one column if blind)."""
        s = self.sums[decision.id]
        total = s.sum(axis=0)
        none = total <= 0
        out = s / np.where(none, 1.0, total)
        if none.any():
            out[:, none] = 1.0 / s.shape[0]
        return out

    # -- the sums at the leaves ------------------------------------------------

    def _opp_sums(self, base: Array) -> OpponentSums:
        key = id(base)
        found = self._cache.get(key)
        if found is None or found[0] is not base:
            found = (base, self.space.sums(base))
            self._cache[key] = found
        return found[1]

    def _leaf(self, node: Node, seat: int, base: Array, scale: float) -> Array:
        """``seat``'s counterfactual values at an ending, per hand. At a showdown a hand wins against
        the weaker, ties the equal and loses to the stronger: ``hi * weaker + tie * (not_stronger -
        weaker) + lo * (disjoint - not_stronger)``, gathered as ``(hi - tie) * weaker + (tie - lo) *
        not_stronger + lo * disjoint`` (three products of a vector by a number)."""
        sums = self._opp_sums(base)
        if isinstance(node, Leaf):
            return (node.payoff[seat] * scale) * sums.disjoint
        assert isinstance(node, Showdown)
        mine_higher, mine_lower = (node.win, node.lose) if seat == 0 else (node.lose, node.win)
        hi, tie, lo = mine_higher[seat] * scale, node.tie[seat] * scale, mine_lower[seat] * scale
        out = (hi - tie) * sums.weaker
        out += (tie - lo) * sums.not_stronger
        out += lo * sums.disjoint
        return out

    # -- one traversal -----------------------------------------------------------

    def _walk(self, node: Node, seat: int, base: Array, scale: float) -> Tuple[Array, Array]:
        """The counterfactual values of ``seat``'s hands below ``node``, nothing updated: with both on
        the average strategy, and with ``seat`` best-responding to the other's average. The two share
        the opponent's reach, so one walk gives both."""
        if not isinstance(node, Decision):
            leaf = self._leaf(node, seat, base, scale)
            return leaf, leaf
        strategy = self.average(node)
        if node.player == seat:
            averaged, best = zip(*(self._walk(act.child, seat, base, scale) for act in node.actions))
            stacked = np.stack(best)  # (A, N)
            if node.blind:
                reply = stacked[int(np.argmax(stacked.sum(axis=1)))]
            else:
                reply = stacked.max(axis=0)
            return _weighted(strategy, np.stack(averaged)), reply
        # the opponent's decision
        total: Optional[Tuple[Array, Array]] = None
        for k, act in enumerate(node.actions):
            if node.blind:
                p = float(strategy[k, 0])
                if p <= 0.0:
                    continue
                v = self._walk(act.child, seat, base, scale * p)
            else:
                row = strategy[k]
                if not row.any():
                    continue
                v = self._walk(act.child, seat, base * row, scale)
            total = v if total is None else (total[0] + v[0], total[1] + v[1])
        return total if total is not None else (np.zeros(self.n), np.zeros(self.n))

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
            value = _weighted(strategy, stacked)
            stacked -= value  # the regrets of this iteration
            self._add_average(node, strategy, own)
            regrets = self._discounted(node)
            if node.blind:
                regrets += stacked.sum(axis=1, keepdims=True)
            else:
                regrets += stacked
            del self._current[node.id]
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
            for k, act in enumerate(node.actions):
                self._accumulate(act.child, seat, own * strategy[k])
            self._add_average(node, strategy, own)
            self._discounted(node)
        else:
            for act in node.actions:
                self._accumulate(act.child, seat, own)

    def _add_average(self, node: Decision, strategy: Array, own: Array) -> None:
        """Add ``strategy`` to the decision's average, weighted by the iteration's weight times the
        seat's own reach."""
        if node.blind:
            weighted = strategy * (self._avg_weight * float(own[0]))
        else:
            weighted = strategy * (self._avg_weight * own)
        self.sums[node.id] += weighted

    # -- iterating ------------------------------------------------------------------

    def iterate(self) -> None:
        """One iteration: each seat in turn discounts its regrets and updates them (each decision's
        discount is applied where the walk meets it, every decision of the seat once)."""
        self.iterations += 1
        t = float(self.iterations)
        self._discount = (t ** ALPHA / (t ** ALPHA + 1.0), t ** BETA / (t ** BETA + 1.0))
        self._avg_weight = t ** GAMMA
        for seat in (0, 1):
            self._cache = {}
            self._walk_own(self.tree.root, seat, self._ones, 1.0, self._ones)
        self._cache = {}

    def values(self, seat: int) -> Tuple[float, float]:
        """``seat``'s value per deal with both on the average strategy, and best-responding."""
        self._cache = {}
        averaged, best = self._walk(self.tree.root, seat, self._ones, 1.0)
        self._cache = {}
        return float(averaged.sum()) / self.norm, float(best.sum()) / self.norm

    def value(self, seat: int, mode: str) -> float:
        """``seat``'s value per deal: ``"avg"`` with both on the average strategy, ``"br"`` best-responding."""
        if mode not in ("avg", "br"):
            raise ValueError(f"mode is 'avg' or 'br', not {mode!r}")
        return self.values(seat)[0 if mode == "avg" else 1]

    def evaluate(self) -> Tuple[List[float], List[float], float]:
        """Each seat's value on the average strategies, each seat's best-response value, and the
        exploitability: the mean over the seats of what a best response gains (NashConv / 2).
        One walk a seat gives both its values."""
        first, best_first = self.values(0)
        second, best_second = self.values(1)
        values = [first, -first if self.tree.zero_sum else second]
        best = [best_first, best_second]
        return values, best, (best[0] - values[0] + best[1] - values[1]) / 2.0

    def strategy(self) -> Dict[int, Array]:
        """The average strategy of every decision, by id."""
        return {d.id: self.average(d) for d in self.tree.decisions}
