"""What compiling a ranking reads, and the tables built before the ranker: the category and
rank key of every rank triple, the wild cards, the value of every natural hand.

:mod:`bragrules.rules.ranking` builds a :class:`~bragrules.rules.ranking.HandRanker` from these.

>>> from bragrules.profile.models import Ranking
>>> classify(12, 11, 10, True, Ranking())[0], classify(1, 1, 1, False, Ranking())   # A-K-Q suited; 3-3-3
('running_flush', ('prial', 10998))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import FrozenSet, List, Optional, Protocol, Sequence, Tuple, Union

from bragrules.core.cards import JOKER_BASE, Card, parse_card, parse_rank

N = 52
"""Cards that a wild card may stand for."""
N2 = N * N
WITHIN = 2197
"""``13 ** 3``: room for every within-category key."""
SUIT_KEYS = 64
"""``4 ** 3``: room for the suits of three cards."""
RANK_OF = [c >> 2 for c in range(N)]


class WildSpec(Protocol):
    """What compiling reads of ``ranking.wild``."""

    @property
    def cards(self) -> Sequence[str]: ...  # pragma: no cover
    @property
    def ranks(self) -> Sequence[str]: ...  # pragma: no cover
    @property
    def jokers(self) -> bool: ...  # pragma: no cover
    @property
    def natural_beats_wild(self) -> Union[bool, Sequence[str]]: ...  # pragma: no cover
    @property
    def cards_ranked(self) -> bool: ...  # pragma: no cover


class SpecialSpec(Protocol):
    """What compiling reads of one of ``ranking.special_hands``."""

    @property
    def suited(self) -> Optional[bool]: ...  # pragma: no cover
    @property
    def beats(self) -> Optional[str]: ...  # pragma: no cover
    @property
    def place(self) -> str: ...  # pragma: no cover
    @property
    def ante_back(self) -> bool: ...  # pragma: no cover
    def rank_values(self) -> Tuple[int, int, int]: ...  # pragma: no cover


class PointsSpec(Protocol):
    """What compiling reads of ``ranking.points``."""

    @property
    def read(self) -> Optional[str]: ...  # pragma: no cover
    @property
    def one_suit(self) -> bool: ...  # pragma: no cover
    @property
    def three_of_a_kind(self) -> Optional[Fraction]: ...  # pragma: no cover
    def value_of_rank(self, rank: int) -> int: ...  # pragma: no cover


class RankingSpec(Protocol):
    """What compiling reads of a ranking: a :class:`~bragrules.profile.models.Ranking`
    (or anything with the same fields).

    This module does not import the models (nor pydantic) itself.
    ``model_dump_json()`` is the ranking's canonical JSON, the key of the cache.
    """

    @property
    def category_order(self) -> Sequence[str]: ...  # pragma: no cover
    @property
    def prial_order(self) -> str: ...  # pragma: no cover
    @property
    def run_order(self) -> str: ...  # pragma: no cover
    @property
    def suits_break_ties(self) -> bool: ...  # pragma: no cover
    @property
    def suit_order(self) -> Sequence[str]: ...  # pragma: no cover
    @property
    def suits_before_kickers(self) -> bool: ...  # pragma: no cover
    @property
    def lowball(self) -> bool: ...  # pragma: no cover
    @property
    def special_hands(self) -> Sequence[SpecialSpec]: ...  # pragma: no cover
    @property
    def points(self) -> PointsSpec: ...  # pragma: no cover
    @property
    def wild(self) -> WildSpec: ...  # pragma: no cover
    def model_dump_json(self) -> str: ...  # pragma: no cover


@dataclass(frozen=True)
class Evaluation:
    """The value of a hand, and for more than three cards which three play.

    ``played`` is in display order (pair before kicker, runs high to low,
    A-2-3 as written); ``stands_for`` gives the cards the played three count
    as, position by position: the same cards unless a wild card stands for
    another. ``natural`` is false when a wild card had to stand for
    something other than itself.
    """

    strength: int
    category: str
    played: Tuple[Card, ...]
    discarded: Tuple[Card, ...]
    natural: bool
    stands_for: Tuple[Card, ...] = ()


# ---------------------------------------------------------------------------
# Compiling a spec
# ---------------------------------------------------------------------------

A23_KEY = {"a23_high": 26, "akq_a23": 23, "akq_high": 1}
"""Where A-2-3 goes among the runs, whose keys are twice their top card (4-3-2: 4 up to A-K-Q: 24)."""

PRIAL_TOP = {
    name: rank for rank, name in enumerate((
        "twos_high", "threes_high", "fours_high", "fives_high", "sixes_high", "sevens_high", "eights_high",
        "nines_high", "tens_high", "jacks_high", "queens_high", "kings_high", "ace_high"))
}
"""The rank of the best prial under each ``prial_order``."""


def special_matches(special: SpecialSpec, r1: int, r2: int, r3: int, same_suit: bool) -> bool:
    """Whether ranks ``r1 >= r2 >= r3`` (all of one suit or not) are the special hand."""
    if (r1, r2, r3) != special.rank_values():
        return False
    return special.suited is None or special.suited == same_suit


def point_key(ranks: Sequence[int], points: PointsSpec) -> int:
    """The value of three ranks counted as points (all of them counting): higher is better.

    >>> class Digits:
    ...     read, one_suit = "digits", False
    ...     def value_of_rank(self, rank): return 1 if rank == 12 else 0 if rank >= 8 else rank + 2
    >>> point_key((7, 5, 12), Digits())   # 9, 7, A: 971
    971
    """
    values = sorted((points.value_of_rank(r) for r in ranks), reverse=True)
    if points.read == "digits":
        key = 0
        for value in values:
            key = key * 10 + value
        return key
    return sum(values)


def one_suit_points(a: int, b: int, c: int, points: PointsSpec) -> int:
    """Points of three cards when only cards of one suit count together: the best suit's total
    (three of a kind's own value aside: :func:`one_suit_halves`)."""
    by_suit = [0, 0, 0, 0]
    for card in (a, b, c):
        by_suit[card & 3] += points.value_of_rank(card >> 2)
    return max(by_suit)


def one_suit_halves(a: int, b: int, c: int, points: PointsSpec) -> int:
    """Twice the points of three cards counted as 31: the best suit's total, or three of a kind's
    value (``points.three_of_a_kind``, a whole number or a half) where that is more.

    >>> class ThirtyOne:
    ...     read, one_suit, three_of_a_kind = "sum", True, Fraction(61, 2)
    ...     def value_of_rank(self, rank): return 11 if rank == 12 else min(rank + 2, 10)
    >>> one_suit_halves(0, 1, 2, ThirtyOne()), one_suit_halves(48, 44, 40, ThirtyOne())   # 2-2-2; A-K-Q of clubs
    (61, 62)
    """
    value = 2 * one_suit_points(a, b, c, points)
    prial = points.three_of_a_kind
    if prial is not None and a >> 2 == b >> 2 == c >> 2:
        value = max(value, int(prial * 2))
    return value


def classify(
    r1: int, r2: int, r3: int, same_suit: bool, spec: RankingSpec
) -> Tuple[str, int]:
    """Category and rank key (level * 2197 + within) of ranks ``r1 >= r2 >= r3``.

    A hand takes the highest listed category it qualifies for; a running
    flush also qualifies as a run and as a flush, so leaving
    ``running_flush`` out ranks it as a run (or a flush, whichever is
    listed higher). A hand that qualifies for no listed category is high
    card, compared card by card.
    """
    if spec.points.read is not None:
        return "points", point_key((r1, r2, r3), spec.points)
    order = spec.category_order
    for special in spec.special_hands:
        if special.place == "tops" and special.beats is not None and special_matches(special, r1, r2, r3, same_suit):
            level = len(order) - 1 - list(order).index(special.beats)
            return special.beats, level * WITHIN + WITHIN - 1
    prial = r1 == r3
    distinct = r1 > r2 > r3
    pair = not prial and not distinct
    a23 = (r1, r2, r3) == (12, 1, 0)
    run = distinct and (r1 - r3 == 2 or a23)
    flush = same_suit and distinct
    if a23:
        run_key = A23_KEY[spec.run_order]
    else:
        run_key = r1 * 2  # 4 (4-3-2) up to 24 (A-K-Q)
    top_prial = PRIAL_TOP[spec.prial_order]
    high = r1 * 169 + r2 * 13 + r3
    for index, cat in enumerate(order):
        level = len(order) - 1 - index
        if cat == "prial" and prial:
            within = 13 if r1 == top_prial else r1
        elif cat == "running_flush" and run and flush:
            within = run_key
        elif cat == "run" and run:
            within = run_key
        elif cat == "flush" and flush:
            within = high
        elif cat == "pair" and pair:
            kicker = r3 if r1 == r2 else r1
            within = r2 * 13 + kicker
        elif cat == "high_card":
            within = high
        else:
            continue
        return cat, level * WITHIN + within
    raise AssertionError("category_order ends with high_card")  # pragma: no cover


def rank_tables(spec: RankingSpec) -> Tuple[List[List[int]], List[List[str]]]:
    """Rank keys and categories of every ordered rank triple, unsuited [0] and suited [1].

    Indexed by ``r1 * 169 + r2 * 13 + r3`` in any order of the ranks.
    """
    keys = [[0] * WITHIN, [0] * WITHIN]
    cats = [[""] * WITHIN, [""] * WITHIN]
    for r1 in range(13):
        for r2 in range(r1 + 1):
            for r3 in range(r2 + 1):
                perms = set(itertools.permutations((r1, r2, r3)))
                for same in (0, 1):
                    cat, key = classify(r1, r2, r3, bool(same), spec)
                    k, c = keys[same], cats[same]
                    for p in perms:
                        i = p[0] * 169 + p[1] * 13 + p[2]
                        k[i] = key
                        c[i] = cat
    return keys, cats


def wild_cards(spec: RankingSpec, jokers: int) -> FrozenSet[int]:
    """Indices of the wild cards in a pack of ``52 + jokers`` cards."""
    wild = {int(parse_card(text)) for text in spec.wild.cards}
    for text in spec.wild.ranks:
        rank = parse_rank(text)
        wild.update(rank * 4 + s for s in range(4))
    jokers_in_pack = set(range(JOKER_BASE, JOKER_BASE + jokers))
    if spec.wild.jokers:
        wild |= jokers_in_pack
    elif jokers_in_pack - wild:
        raise ValueError("jokers in the pack must be wild (ranking.wild.jokers: true)")
    return frozenset(c for c in wild if c < JOKER_BASE + jokers)


def natural_values(rank_keys: Sequence[List[int]], rank_cats: Sequence[List[str]],
                   card_key: Sequence[int], suit_value: Sequence[int], suits_break_ties: bool,
                   pair_suits_first: bool = False, suit_points: Optional[PointsSpec] = None) -> List[int]:
    """The value of every ordered triple of the 52 cards, repeated cards allowed.

    Index ``a * 2704 + b * 52 + c``. Triples repeating a card are filled
    in here too and struck out by the caller: a wild card never stands
    for a card already in the hand.
    """
    keys0, keys1 = rank_keys
    if suit_points is not None:
        return _one_suit_values(suit_points, SUIT_KEYS if suits_break_ties else 1)
    if not suits_break_ties:
        plain_rows = []
        suited_rows = []
        for pair_index in range(169):
            base = pair_index * 13
            row = list(map(keys0[base:base + 13].__getitem__, RANK_OF))
            plain_rows.append(row)
            suited = keys1[base:base + 13]
            for s in range(4):
                srow = row.copy()
                srow[s::4] = suited
                suited_rows.append(srow)
        nv: List[int] = []
        extend = nv.extend
        for a in range(N):
            ra, sa = a >> 2, a & 3
            for b in range(N):
                pair_index = ra * 13 + (b >> 2)
                if sa == b & 3:
                    extend(suited_rows[pair_index * 4 + sa])
                else:
                    extend(plain_rows[pair_index])
        return nv
    nv = [0] * (N2 * N)
    cats0, cats1 = rank_cats
    ck = card_key
    sv = suit_value
    for a in range(N):
        ra, sa = a >> 2, a & 3
        for b in range(a, N):
            rb, sb = b >> 2, b & 3
            for c in range(b, N):
                rc, sc = c >> 2, c & 3
                i = ra * 169 + rb * 13 + rc
                if sa == sb == sc:
                    key, cat = keys1[i], cats1[i]
                else:
                    key, cat = keys0[i], cats0[i]
                if cat == "pair":
                    p = rb  # the middle card of a<=b<=c always belongs to the pair
                    cs = sorted((a, b, c), key=lambda x: ((x >> 2) == p, ck[x]), reverse=True)
                    if pair_suits_first:  # the pair's suits come before the odd card, which comes last
                        level = key - key % WITHIN
                        key = level + p * 16 + sv[cs[0] & 3] * 4 + sv[cs[1] & 3]
                        value = key * SUIT_KEYS + (cs[2] >> 2) * 4 + sv[cs[2] & 3]
                        for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                            nv[x * N2 + y * N + z] = value
                        continue
                else:
                    cs = sorted((a, b, c), key=ck.__getitem__, reverse=True)
                value = key * SUIT_KEYS + sv[cs[0] & 3] * 16 + sv[cs[1] & 3] * 4 + sv[cs[2] & 3]
                for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    nv[x * N2 + y * N + z] = value
    return nv


def _one_suit_values(points: PointsSpec, span: int) -> List[int]:
    """Natural values of every ordered triple when only cards of one suit count together (31).

    ``span`` is the room the caller keeps for suits (suits never decide between totals here).
    """
    nv = [0] * (N2 * N)
    for a in range(N):
        for b in range(a, N):
            for c in range(b, N):
                value = one_suit_halves(a, b, c, points) * span
                for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    nv[x * N2 + y * N + z] = value
    return nv
