"""What compiling a ranking reads, and the tables built before the ranker: the category and
rank key of every rank triple (its categories compiled by :mod:`bragrules.rules.ranking_patterns`,
or its points counted), the wild cards, the value of every natural hand.

:mod:`bragrules.rules.ranking` builds a :class:`~bragrules.rules.ranking.HandRanker` from these.

>>> from bragrules.profile.models import Ranking
>>> tables = rank_tables(Ranking())
>>> [tables.entry((12, 11, 10), SAME).name, tables.entry((1, 1, 1), THREE).name]   # A-K-Q suited; 3-3-3
['running_flush', 'prial']
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Dict, FrozenSet, List, Optional, Protocol, Sequence, Tuple, Union

from bragrules.core.cards import JOKER_BASE, Card, parse_card, parse_rank
from bragrules.rules.ranking_patterns import (
    CARDS_ROOM,
    MIXED,
    SAME,
    THREE,
    CompiledOrder,
    PatternSpec,
    RankTables,
    compile_order,
    pattern_tables,
    point_tables,
)

N = 52
"""Cards that a wild card may stand for."""
N2 = N * N
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
    @property
    def barred_from(self) -> Sequence[str]: ...  # pragma: no cover


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
    @property
    def target(self) -> Optional[int]: ...  # pragma: no cover
    @property
    def side(self) -> str: ...  # pragma: no cover
    def value_of_rank(self, rank: int) -> int: ...  # pragma: no cover


class RankingSpec(Protocol):
    """What compiling reads of a ranking: a :class:`~bragrules.profile.models.Ranking`
    (or anything with the same fields).

    This module does not import the models (nor pydantic) itself.
    ``model_dump_json()`` is the ranking's canonical JSON, the key of the cache.
    """

    def category_patterns(self) -> Sequence[PatternSpec]: ...  # pragma: no cover
    @property
    def suits_break_ties(self) -> bool: ...  # pragma: no cover
    @property
    def suit_order(self) -> Sequence[str]: ...  # pragma: no cover
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


def point_count(ranks: Sequence[int], points: PointsSpec) -> Tuple[int, Tuple[int, ...]]:
    """The count of three ranks (all of them counting) and the ranks in the order read: the digits
    arranged to read highest, or nearest the target; the points added up.

    >>> class Digits:
    ...     read, one_suit, target, side = "digits", False, None, "either"
    ...     def value_of_rank(self, rank): return 1 if rank == 12 else 0 if rank >= 8 else rank + 2
    >>> point_count((7, 5, 12), Digits())   # 9, 7, A: 971
    (971, (7, 5, 12))
    >>> Digits.target = 555
    >>> point_count((7, 5, 12), Digits())   # 9, 7, A arranged nearest 555: 719
    (719, (5, 12, 7))
    """
    if points.read != "digits":
        return sum(points.value_of_rank(r) for r in ranks), tuple(sorted(ranks, key=points.value_of_rank, reverse=True))
    best: Optional[Tuple[int, int, Tuple[int, ...]]] = None
    for order in itertools.permutations(sorted(ranks, key=points.value_of_rank, reverse=True)):
        count = 0
        for rank in order:
            count = count * 10 + points.value_of_rank(rank)
        key = count if points.target is None else nearness(count, points.target, points.side)
        if best is None or key > best[0]:
            best = (key, count, order)
    assert best is not None
    return best[1], best[2]


def nearness(count: int, target: int, side: str) -> int:
    """How near a count comes to a target, higher nearer (never negative): on the side ``side`` asks
    for (``below``: not over; ``above``: not under) any count beats every count off it.

    >>> nearness(554, 555, "either") == nearness(556, 555, "either"), nearness(554, 555, "below") > nearness(556, 555, "below")
    (True, True)
    """
    distance = abs(count - target)
    off = (side == "below" and count > target) or (side == "above" and count < target)
    return (1000 if off else 2000) - distance


def point_key(ranks: Sequence[int], points: PointsSpec) -> int:
    """The value of three ranks counted as points (all of them counting): higher is better.

    >>> class Digits:
    ...     read, one_suit, target, side = "digits", False, None, "either"
    ...     def value_of_rank(self, rank): return 1 if rank == 12 else 0 if rank >= 8 else rank + 2
    >>> point_key((7, 5, 12), Digits())   # 9, 7, A: 971
    971
    """
    count, _ = point_count(ranks, points)
    return count if points.target is None else nearness(count, points.target, points.side)


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


def rank_tables(spec: RankingSpec) -> RankTables:
    """Rank keys and entries of every ordered rank triple, in each pattern of suits
    (:class:`~bragrules.rules.ranking_patterns.RankTables`): the ranking's categories compiled,
    or its points counted.

    >>> from bragrules.profile.models import Ranking
    >>> tables = rank_tables(Ranking())
    >>> tables.order.category_of_key(tables.keys[SAME][12 * 169 + 1 * 13 + 0])   # A-2-3 of one suit
    'running_flush'
    """
    if spec.points.read is not None:
        points = spec.points
        return point_tables(lambda ranks: point_key(ranks, points), CompiledOrder.of_points())
    return pattern_tables(compile_order(spec))


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


def natural_values(tables: RankTables, suit_value: Sequence[int], suits_break_ties: bool,
                   suit_points: Optional[PointsSpec] = None) -> List[int]:
    """The value of every ordered triple of the 52 cards, repeated cards allowed.

    Index ``a * 2704 + b * 52 + c``. Triples repeating a card are filled
    in here too and struck out by the caller: a wild card never stands
    for a card already in the hand. With ``suits_break_ties`` a value is
    the rank key times 64 and the three suits in the order the cards are
    compared (a pair's two cards first; with ``suits_before_kickers`` the
    pair's suits before the odd card's rank).
    """
    if suit_points is not None:
        return _one_suit_values(suit_points, SUIT_KEYS if suits_break_ties else 1)
    if not suits_break_ties:
        out: List[int] = []
        extend = out.extend
        for row in plain_rows(tables):
            extend(row)
    else:
        out = _suited_values(tables, suit_value)
    if tables.order.top_cards:
        _lift_top_cards(out, tables, SUIT_KEYS if suits_break_ties else 1)
    return out


def _lift_top_cards(nv: List[int], tables: RankTables, span: int) -> None:
    """Raise the value of every hand holding a card its entry counts above its rank-mates
    (``order.top_card``): the rank tables gave it the value of its rank (see
    :meth:`~bragrules.rules.ranking_patterns.Entry.card_bump`). ``span``: the room kept for suits."""
    order = tables.order
    for card in order.top_cards:
        for x in range(N):
            for y in range(x + 1, N):
                if card in (x, y):
                    continue
                a, b, c = sorted((card, x, y), reverse=True)
                suits = SAME if a & 3 == b & 3 == c & 3 else THREE if len({a & 3, b & 3, c & 3}) == 3 else MIXED
                index = tables.entries[suits][(a >> 2) * 169 + (b >> 2) * 13 + (c >> 2)]
                if index < 0 or order.entries[index].top_card != card:
                    continue
                lift = order.entries[index].card_bump((a, b, c)) * 2 * span
                for i in (a * N2 + b * N + c, a * N2 + c * N + b, b * N2 + a * N + c, b * N2 + c * N + a,
                          c * N2 + a * N + b, c * N2 + b * N + a):
                    nv[i] += lift


def plain_rows(tables: RankTables, dense: Optional[Dict[int, int]] = None, stride: int = N) -> List[List[int]]:
    """When suits never break ties: for each two cards ``a, b`` (at ``a * 52 + b``), the value of
    every third card beside them, ``stride`` of them (52, or 54 with the jokers' places left -1).

    A value is the hand's rank key, or with ``dense`` its strength (-1 for a key no hand
    reaches). Rows are shared between pairs of cards: copy one before changing it.
    """
    keys_m, keys_s, keys_t = tables.keys
    if dense is not None:
        get = dense.get
        keys_m, keys_s = [get(v, -1) for v in keys_m], [get(v, -1) for v in keys_s]
        keys_t = [get(v, -1) for v in keys_t] if tables.split else keys_m
    tail = [-1] * (stride - N)
    mixed_rows: List[List[int]] = []
    suited_rows: List[List[int]] = []
    split_rows: Dict[int, List[int]] = {}
    for pair_index in range(169):
        base = pair_index * 13
        row = list(map(keys_m[base:base + 13].__getitem__, RANK_OF)) + tail
        mixed_rows.append(row)
        suited = keys_s[base:base + 13]
        for s in range(4):
            srow = row.copy()
            srow[s:N:4] = suited
            suited_rows.append(srow)
        if tables.split:  # two cards of different suits: a third of neither suit makes three suits
            three = list(map(keys_t[base:base + 13].__getitem__, RANK_OF)) + tail
            for sa in range(4):
                for sb in range(4):
                    if sa != sb:
                        trow = three.copy()
                        trow[sa:N:4] = row[sa:N:4]
                        trow[sb:N:4] = row[sb:N:4]
                        split_rows[pair_index * 16 + sa * 4 + sb] = trow
    rows: List[List[int]] = []
    append = rows.append
    for a in range(N):
        ra, sa = a >> 2, a & 3
        for b in range(N):
            pair_index = ra * 13 + (b >> 2)
            sb = b & 3
            if sa == sb:
                append(suited_rows[pair_index * 4 + sa])
            elif split_rows:
                append(split_rows[pair_index * 16 + sa * 4 + sb])
            else:
                append(mixed_rows[pair_index])
    return rows


def _suited_values(tables: RankTables, suit_value: Sequence[int]) -> List[int]:
    """The value of every ordered triple when suits break ties (see :func:`natural_values`)."""
    nv = [0] * (N2 * N)
    order = tables.order
    sv = suit_value
    card_keys: Dict[int, List[int]] = {}  # per entry: rank value, then suit, of every card
    span = order.span
    for a in range(N):
        ra, sa = a >> 2, a & 3
        for b in range(a, N):
            rb, sb = b >> 2, b & 3
            for c in range(b, N):
                rc, sc = c >> 2, c & 3
                i = ra * 169 + rb * 13 + rc
                suits = SAME if sa == sb == sc else THREE if sa != sb != sc != sa else MIXED
                key = tables.keys[suits][i]
                index = tables.entries[suits][i]
                entry = order.entries[index] if index >= 0 else None  # None: points
                ck = card_keys.get(index)
                if ck is None:
                    values = entry.values if entry is not None else tuple(range(1, 14))
                    ck = card_keys[index] = [values[x >> 2] * 4 + sv[x & 3] for x in range(N)]
                if entry is not None and entry.by == "pair" and not ra == rb == rc:
                    p = rb  # the middle card of a<=b<=c always belongs to the pair
                    cs = sorted((a, b, c), key=lambda x: ((x >> 2) == p, ck[x]), reverse=True)
                    if entry.suits_first:  # the pair's suits come before the odd card, which comes last
                        rest = key % span
                        tier = (rest >> 1) // CARDS_ROOM
                        key = key - rest + ((tier * CARDS_ROOM + entry.values[p] * 256 + sv[cs[0] & 3] * 16
                                             + sv[cs[1] & 3]) * 2 + (rest & 1))
                        value = key * SUIT_KEYS + entry.values[cs[2] >> 2] * 4 + sv[cs[2] & 3]
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
