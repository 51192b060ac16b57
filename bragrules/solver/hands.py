"""The hands of a heads-up deal, their strengths, and sums over an opponent's range with card removal.

Every three-card hand of the profile's pack (22,100 of a full pack, fewer when ranks are
stripped) is a row. Two players' hands never share a card, so a sum over the opponent's
hands ``o`` for one of ours ``h`` runs over the ``o`` disjoint from ``h`` only. It is counted
exactly by inclusion and exclusion over the cards they share, as poker solvers do::

    sum over o disjoint from h  =  sum over all o
                                 - sum over the 3 cards c of h   (the o holding c)
                                 + sum over the 3 pairs p of h   (the o holding p)
                                 - the weight of h itself

and the same with the hands weaker than ``h`` only (sorted by strength, prefix sums per
card and per pair), so a showdown against a whole range costs a few hundred thousand
additions, not 22,100 squared.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> short = Profile(pack={"stripped_ranks": list("23456789T")}, table={"min_players": 2, "max_players": 2})
>>> space = HandSpace.for_rules(compile_rules(short))
>>> space.n_hands, space.n_cards   # J, Q, K, A: 16 cards
(560, 16)
>>> import numpy as np
>>> sums = space.sums(np.ones(space.n_hands))
>>> int(sums.disjoint[0])   # the hands of the 13 other cards
286
"""

from __future__ import annotations

import importlib
import itertools
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

from bragrules.solver.numeric import Array, np

_compiled: Any
try:  # the optional compiled sums (setup.py builds them when BRAGRULES_COMPILE asks): the same results, faster
    _compiled = importlib.import_module("bragrules.solver._kernel")
except ImportError:
    _compiled = None

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["HandSpace", "OpponentSums", "COMPILED_MISSING", "compiled_available"]

COMPILED_MISSING = ("the solver's compiled sums are not built: BRAGRULES_COMPILE=solver pip install -e . "
                    "(or python setup.py build_ext --inplace with it set)")


def compiled_available() -> bool:
    """Whether the compiled sums (``bragrules/solver/_kernel.c``) are built and imported."""
    return _compiled is not None


class OpponentSums(NamedTuple):
    """Per hand ``h`` of ours: the opponent's weight over the hands disjoint from ``h`` in all
    (``disjoint``), those strictly weaker (``weaker``) and those weaker or equal (``not_stronger``)."""

    disjoint: Array
    weaker: Array
    not_stronger: Array


def _add3(rows: Array) -> Array:
    """The sum of three rows (faster than ``sum(axis=0)`` on a short axis)."""
    return rows[0] + rows[1] + rows[2]


class HandSpace:
    """The hands of one pack, by index, with what the sums over a range need.

    ``hands[i]`` are the three cards (the engine's card numbers) of hand ``i``;
    ``strength[i]`` its strength by the profile's compiled ranker (bigger wins).
    """

    def __init__(self, cards: Sequence[int], strength_of: Dict[Tuple[int, int, int], int]) -> None:
        self.cards: Tuple[int, ...] = tuple(sorted(cards))
        self.n_cards = n = len(self.cards)
        triples = list(itertools.combinations(range(n), 3))
        self.n_hands = len(triples)
        self.local = np.array(triples, dtype=np.int64)  # (N, 3) cards numbered 0..n-1
        self.hands: List[Tuple[int, int, int]] = [
            (self.cards[a], self.cards[b], self.cards[c]) for a, b, c in triples]
        self.index: Dict[Tuple[int, int, int], int] = {h: i for i, h in enumerate(self.hands)}
        self.strength = np.array([strength_of[h] for h in self.hands], dtype=np.int64)
        self._prepare()

    @classmethod
    def for_rules(cls, rules: "Rules") -> "HandSpace":
        """The hands of the profile's pack, valued as the showdown values them (cached on the ranker); the
        sums rely on the strength alone deciding who wins (:attr:`~bragrules.engine.showdown.Comparer.by_strength`)."""
        comparer = rules.comparer
        if not comparer.by_strength:
            raise ValueError("the solver's sums need hands whose strength alone says who wins")
        ranker = comparer.ranker
        cached = ranker.memo.get("solver_hand_space")
        if isinstance(cached, HandSpace):
            return cached
        cards = ranker.cards
        key = comparer.key
        space = cls(cards, {h: key(h)[0] for h in itertools.combinations(sorted(cards), 3)})
        ranker.memo["solver_hand_space"] = space
        return space

    def hand_of(self, cards: Sequence[int]) -> int:
        """The index of a hand given its cards in any order."""
        a, b, c = sorted(int(x) for x in cards)
        return self.index[(a, b, c)]

    # -- what the sums need, worked out once ------------------------------

    def _prepare(self) -> None:
        n, hands, strength = self.n_cards, self.local, self.strength
        order = np.argsort(strength, kind="stable")
        self._order = order
        sorted_strength = strength[order]
        # hands strictly weaker than each, and weaker or equal, counted over all hands
        self._lt_all = np.searchsorted(sorted_strength, strength, side="left")
        self._le_all = np.searchsorted(sorted_strength, strength, side="right")
        # the hands holding each card, and each pair, in order of strength
        pair_id = np.full((n, n), -1, dtype=np.int64)
        pairs = list(itertools.combinations(range(n), 2))
        for k, (a, b) in enumerate(pairs):
            pair_id[a, b] = pair_id[b, a] = k
        self.n_pairs = len(pairs)
        hand_pairs = np.stack([pair_id[hands[:, 0], hands[:, 1]], pair_id[hands[:, 0], hands[:, 2]],
                               pair_id[hands[:, 1], hands[:, 2]]], axis=1)  # (N, 3)
        self._hand_pairs = hand_pairs
        self._card_lists, self._card_lt, self._card_le = self._lists(hands, n, order, strength)
        self._pair_lists, self._pair_lt, self._pair_le = self._lists(hand_pairs, len(pairs), order, strength)
        assert self._card_lists.shape == (n, (n - 1) * (n - 2) // 2)
        assert self._pair_lists.shape == (len(pairs), n - 2)
        # flat positions in the row-wise running sums (each row a leading -0.0, then its running sum):
        # for each hand's three cards (pairs) the row's end, and where the weaker (not stronger) hands end
        cw, pw = self._card_lists.shape[1], self._pair_lists.shape[1]
        self._ix = {
            "c_end": hands * (cw + 1) + cw, "c_lt": self._card_lt, "c_le": self._card_le,
            "p_end": hand_pairs * (pw + 1) + pw, "p_lt": self._pair_lt, "p_le": self._pair_le,
        }
        self._ix = {k: np.ascontiguousarray(v.T) for k, v in self._ix.items()}  # (3, N): a row per card
        self._tables: object = None  # the compiled sums' copy of the hands, made at its first use

    @staticmethod
    def _lists(members: Array, groups: int, order: Array, strength: Array
               ) -> Tuple[Array, Array, Array]:
        """For groups (cards or pairs) held by hands: each group's hands in order of strength (a
        row per group), and for each hand and each of its three groups, the flat position in a
        row-wise prefix-sum array (one column more per row) where the hands of that row strictly
        weaker (``lt``) or weaker or equal (``le``) end."""
        n_hands = members.shape[0]
        rank = np.empty(n_hands, dtype=np.int64)
        rank[order] = np.arange(n_hands)
        flat_group = members.ravel()
        flat_hand = np.repeat(np.arange(n_hands), 3)
        # sort the memberships by group, then by strength order
        key = np.lexsort((rank[flat_hand], flat_group))
        width = n_hands * 3 // groups
        lists = flat_hand[key].reshape(groups, width)
        list_strength = strength[lists]
        # the rows laid end to end are sorted by (group, strength): one binary search finds, for
        # each hand and group, where that group's hands weaker (not stronger) than it end
        span = int(strength.max()) + 1
        keys = (np.arange(groups)[:, None] * span + list_strength).ravel()
        wanted = members * span + strength[:, None]  # (N, 3)
        row = members * width
        lt = np.searchsorted(keys, wanted, side="left") - row + members * (width + 1)
        le = np.searchsorted(keys, wanted, side="right") - row + members * (width + 1)
        return lists, lt, le

    # -- the sums -----------------------------------------------------------

    def sums(self, weights: Array, compiled: Optional[bool] = None) -> OpponentSums:
        """For the opponent's weights over hands (a vector of ``n_hands``): per hand of ours the
        weight of the opponent's disjoint hands, of those weaker, and of those not stronger.

        ``compiled``: the compiled kernel (``True``, an error when it is not built), numpy
        (``False``), or the kernel when it is built (``None``). Both give the same numbers, bit for
        bit: the kernel does the numpy code's operations in the numpy code's order.
        """
        w = np.ascontiguousarray(weights, dtype=np.float64)
        if compiled is None:
            compiled = _compiled is not None
        if compiled:
            return self._sums_compiled(w)
        take = np.take
        ix = self._ix
        # running sums in order of strength, overall and along each card's (pair's) row, each
        # after a leading -0.0 (which adds to any x as x: the compiled sums start from it too)
        total = np.empty(self.n_hands + 1)
        total[0] = -0.0
        np.cumsum(take(w, self._order), out=total[1:])
        card = np.empty((self._card_lists.shape[0], self._card_lists.shape[1] + 1))
        card[:, 0] = -0.0
        np.cumsum(take(w, self._card_lists), axis=1, out=card[:, 1:])
        pair = np.empty((self._pair_lists.shape[0], self._pair_lists.shape[1] + 1))
        pair[:, 0] = -0.0
        np.cumsum(take(w, self._pair_lists), axis=1, out=pair[:, 1:])
        card, pair = card.ravel(), pair.ravel()
        # per hand: its three cards' and three pairs' sums in all, and over the hands below it
        disjoint = total[-1] - _add3(take(card, ix["c_end"])) + _add3(take(pair, ix["p_end"])) - w
        weaker = take(total, self._lt_all) - _add3(take(card, ix["c_lt"])) + _add3(take(pair, ix["p_lt"]))
        not_stronger = take(total, self._le_all) - _add3(take(card, ix["c_le"])) + _add3(take(pair, ix["p_le"])) - w
        return OpponentSums(disjoint, weaker, not_stronger)

    def _sums_compiled(self, w: Array) -> OpponentSums:
        if _compiled is None:
            raise RuntimeError(COMPILED_MISSING)
        if self._tables is None:
            self._tables = _compiled.tables(
                np.ascontiguousarray(self.local, dtype=np.int64), np.ascontiguousarray(self._hand_pairs, dtype=np.int64),
                np.ascontiguousarray(self._order, dtype=np.int64), np.ascontiguousarray(self.strength, dtype=np.int64),
                self.n_cards, self.n_pairs)
        n = self.n_hands
        out = OpponentSums(np.empty(n), np.empty(n), np.empty(n))
        _compiled.sums(self._tables, w, out.disjoint, out.weaker, out.not_stronger)
        return out

    def pairs_of_opponents(self) -> int:
        """How many hands an opponent may hold against any one hand of ours: C(n - 3, 3)."""
        k = self.n_cards - 3
        return k * (k - 1) * (k - 2) // 6
