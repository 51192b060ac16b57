"""Hand ranking: a :class:`~bragrules.profile.models.Ranking` compiled into a lookup.

Every three-card hand gets one integer, its *strength*: the bigger strength
wins and equal strengths tie. :func:`compile_ranking` turns a ranking spec
into a :class:`HandRanker` holding a flat table of the strength of every
ordered triple of cards, so scoring a hand is one index into a list.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Ranking
>>> ranker = compile_ranking(Ranking())
>>> hand = parse_cards("Kc 9c 4c")
>>> ranker.category(ranker.strength(hand)), ranker.describe(hand)
('flush', 'flush, K-9-4')

A mixed run beats every flush, and 3-3-3 is the best hand of all (002):

>>> ranker.strength(parse_cards("5s 6h 7d")) > ranker.strength(hand)
True
>>> best = max(ranker.all_hands(), key=ranker.strength)
>>> ranker.describe(best)
'prial of threes'

The order of the cards never matters, and suits never break ties unless
the spec says so:

>>> ranker.strength(parse_cards("Ah Kd 9c")) == ranker.strength(parse_cards("9s Ac Kh"))
True

The table may be read directly too: the
strength of cards ``a``, ``b``, ``c`` (card indices 0 to 53, in any order)
is ``ranker.table[triple_index(a, b, c)]``.
Impossible triples (a card repeated, or a joker the pack does not hold)
read ``-1``.

>>> a, b, c = parse_cards("Kc 9c 4c")
>>> ranker.table[triple_index(a, b, c)] == ranker.strength(hand)
True
>>> ranker.table[triple_index(a, a, c)]
-1

Four-Card Brag plays the best three of the cards held:

>>> ev = ranker.evaluate(parse_cards("7h 2c 7s Kd"))
>>> ev.played, ev.discarded, ev.category
((7s, 7h, Kd), (2c,), 'pair')

How the spec is read
--------------------

- A hand takes the highest category of ``category_order`` it qualifies
  for; a running flush also qualifies as a run and as a flush, so an order
  without ``running_flush`` ranks it as a run. A hand qualifying for no
  listed category is high card, compared card by card (a run under
  ``[prial, pair, high_card]`` is just three cards, ace high).
- Within a category: prials by rank (3-3-3 on top under ``threes_high``),
  runs by their top card (A-2-3 above A-K-Q under ``a23_high``, below 4-3-2
  under ``akq_high``; K-A-2 is never a run), pairs by pair rank then
  kicker, flushes and high cards card by card from the highest, ace high.
- ``suits_break_ties``: hands still equal are compared suit by suit, in the
  order the cards are compared (highest rank first; for a pair the pair
  first, its higher suit first, then the kicker), by ``suit_order``. Every
  hand of the pack then has a strength of its own.
- Wild cards (named cards, ranks, jokers) stand for any of the 52 cards
  not already in the hand (two wild cards never stand for the same card),
  and the hand takes its best *reading*. The
  reading where every wild card stands for itself is the natural one (a
  joker has none). With ``natural_beats_wild`` a natural reading beats
  every wild reading of equal rank, before suits are looked at, so a hand
  whose cards at face value already reach its best rank is natural and
  plays as it is; without it, a hand is natural when its face value is its
  best value outright, and natural and wild hands of equal value tie.
- Strengths are dense, ``0`` to ``distinct_strengths() - 1``, and compare
  only within one ranker.

>>> from bragrules.profile.models import Wild
>>> twos = compile_ranking(Ranking(wild=Wild(ranks=["2"])))
>>> [twos.describe(h) for h in ("2c 2d 9h", "2c Ac 3c", "2d Ac 3c")]
['prial of nines (2d as 9d, 2c as 9c)', 'running flush, A-2-3', 'running flush, A-2-3 (2d as 2c)']
>>> twos.evaluate("2c Ac 3c").natural, twos.evaluate("2d Ac 3c").natural
(True, False)
>>> twos.strength("2c Ac 3c") > twos.strength("2d Ac 3c")
True
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Optional, Sequence, Tuple

from bragrules.core.cards import (
    JOKER_BASE,
    SUIT_NAMES,
    parse_cards,
)
from bragrules.rules.ranking_hands import STRIDE, STRIDE2, CardsLike, HandReading, triple_index
from bragrules.rules.ranking_spec import (
    Evaluation,
    RankingSpec,
    natural_values,
    plain_rows,
    rank_tables,
    wild_cards,
)
from bragrules.rules.ranking_special import upsets, wild_order

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.vocabulary import Words

__all__ = [
    "CATEGORIES",
    "STRIDE",
    "STRIDE2",
    "Evaluation",
    "HandRanker",
    "triple_index",
    "RankingSpec",
    "clear_cache",
    "compile_ranking",
]

CATEGORIES: Tuple[str, ...] = ("prial", "running_flush", "run", "flush", "pair", "high_card")
"""Every category name, in the standard order (highest first)."""

_N = 52  # cards that a wild card may stand for
_N2 = _N * _N
_SUIT_KEYS = 64  # 4 ** 3: room for the suits of three cards

_RANK_OF = [c >> 2 for c in range(_N)]
_NEG_ROW = [-1] * STRIDE
_NEG_BLOCK = [-1] * STRIDE2

def _weakest(values: Sequence[int]) -> int:
    """The least value that is a reading at all (``-1`` marks none)."""
    return min((v for v in values if v >= 0), default=-1)


class HandRanker(HandReading):
    """A compiled ranking: the strength of every hand, and how to read it.

    Build one with :func:`compile_ranking` (cached) rather than directly.

    Attributes:
        spec: the ranking compiled (a :class:`~bragrules.profile.models.Ranking`).
        jokers: jokers in the pack (0 to 2); the pack is cards ``0 .. 51 + jokers``.
        category_order: the categories from highest to lowest.
        table: ``list[int]`` of ``STRIDE ** 3`` strengths; the hand ``a, b, c``
            (any order) is at ``triple_index(a, b, c)``; ``-1`` for impossible triples.
        wild: the indices of the wild cards in the pack.

    >>> from bragrules.profile.models import Ranking, Wild
    >>> twos = compile_ranking(Ranking(wild=Wild(ranks=["2"])))
    >>> twos.describe("2c 5h 5d")
    'prial of fives (2c as 5c)'
    >>> twos.strength("7c 7h 7d") > twos.strength("2c 7h 7d")   # natural beats wild
    True
    """

    category_order: Tuple[str, ...]
    table: List[int]

    def __init__(self, spec: RankingSpec, jokers: int = 0, open_wild: bool = False,
                 stripped: FrozenSet[int] = frozenset(), like: Optional["HandRanker"] = None) -> None:
        if like is not None:  # the same ranking told in other words: share its tables, work out nothing
            self._share(like)
            return
        if not 0 <= jokers <= 2:
            raise ValueError(f"a pack holds 0 to 2 jokers, not {jokers}")
        self.spec = spec
        self.jokers = jokers
        self.pack_size = JOKER_BASE + jokers  # the cards are numbered below it (the table's stride)
        self.stripped = stripped  # cards stripped from the pack (pack.stripped_ranks): in no hand
        self.cards: Tuple[int, ...] = tuple(c for c in range(self.pack_size) if c not in stripped)
        """The pack's cards: every hand counted, every opponent's hand, comes from these."""
        self._tables = rank_tables(spec)
        self._order = self._tables.order
        self.category_order = self._order.names
        self.suits_break_ties = spec.suits_break_ties
        self.lowball = spec.lowball
        self.wild: FrozenSet[int] = wild_cards(spec, jokers)
        self._barred: FrozenSet[str] = frozenset(spec.wild.barred_from)
        """The categories a wild card may not complete (``ranking.wild.barred_from``)."""
        self.open_wild = open_wild
        """Whether more cards may be wild in one hand than the spec names (:meth:`wild_strength`)."""
        # tables other modules derive from this ranking, worked out once and kept with it
        # (the chances of each strength, the equity counts, the bots' shares)
        self.memo: Dict[object, object] = {}
        # suit value: 3 for the highest suit of spec.suit_order
        suit_order: List[str] = list(spec.suit_order)
        self._suit_value = [3 - suit_order.index(name) for name in SUIT_NAMES]
        # sort key of a card: rank, then suit value
        self._card_key = [(c >> 2) * 4 + self._suit_value[c & 3] for c in range(_N)]
        # with wild cards chosen per deal or per hand, any card may be wild: the grades allow for it
        self._wild_order = wild_order(spec, frozenset(range(self.pack_size)) if open_wild else self.wild,
                                      self.category_order)
        self._grades = self._wild_order.grades
        self._suit_span = _SUIT_KEYS if spec.suits_break_ties else 1
        self._nv: List[int] = []  # natural values of all 52**3 triples; -1 for a triple repeating a card
        self._best1: List[int] = []
        self._best2: List[int] = []
        self._top = 0
        self._top_reading: Optional[List[int]] = None
        self._natural_of: List[bool] = []
        self._category_of: List[str] = []
        self._hands: Tuple[Tuple[int, int, int], ...] = tuple(itertools.combinations(self.cards, 3))
        self._counts: Optional[Dict[str, int]] = None
        self._fours: List[int] = []  # the strength of four of a kind of each rank, when the ranking has it
        self._masked: Dict[int, int] = {}  # open_wild: (triple_index << 3 | wild positions) -> strength
        self._one_suit = spec.points if spec.points.read is not None and spec.points.one_suit else None
        if (not self.wild and not self.suits_break_ties and not open_wild and self._one_suit is None
                and not self._order.top_cards):  # a card above its rank-mates is keyed card by card
            self._compile_plain()
        else:
            self._compile_general()
        self.upsets: Optional[List[Tuple[int, int]]] = upsets(self._tables, self._upset_keys, self._category_of)
        """Per strength, the strengths it beats outside the order (a special hand's category) as
        ``(low, high)``, ``(0, -1)`` for none; None when no hand is special (compare strengths plainly)."""

    # -- compiling -------------------------------------------------------

    def _rank_key(self, value: int) -> int:
        """The rank key (level * 2197 + within) of a pre-compression value."""
        return value // self._suit_span // self._grades

    def _decode_category(self, value: int) -> str:
        """The category of a pre-compression value."""
        return self._order.category_of_key(self._rank_key(value))

    def _reading_category(self, value: int) -> str:
        """The category of a reading's value (a natural value: no wild grade in it)."""
        return self._order.category_of_key(value // self._suit_span)

    def _compress(self, values: Sequence[int]) -> Dict[int, int]:
        """Dense strengths 0 .. n-1 for the distinct values, keeping their order (reversed under lowball)."""
        distinct = sorted(set(values), reverse=self.lowball)
        self._category_of = [self._decode_category(v) for v in distinct]
        self._upset_keys = [self._rank_key(v) for v in distinct]
        return {v: i for i, v in enumerate(distinct)}

    def _reachable(self) -> List[int]:
        """The rank keys some three cards of the pack (any pack) make, suits never breaking ties."""
        keys_m, keys_s, keys_t = self._tables.keys
        found = set()
        for r1 in range(13):
            for r2 in range(r1 + 1):
                for r3 in range(r2 + 1):
                    i = r1 * 169 + r2 * 13 + r3
                    found.add(keys_t[i])  # three suits: any three ranks
                    if r1 != r3:
                        found.add(keys_m[i])  # two of one suit: a pair, or three ranks
                    if r1 > r2 > r3:
                        found.add(keys_s[i])  # one suit: three ranks
        return sorted(found)

    def _compile_plain(self) -> None:
        """No wild cards, suits never count: strength depends on the ranks and the pattern of suits only."""
        fours = self._four_values(1, 1)
        dense = self._compress([*self._reachable(), *fours])
        self._fours = [dense[v] for v in fours]
        rows = plain_rows(self._tables, dense, STRIDE)
        table: List[int] = []
        extend = table.extend
        for a in range(STRIDE):
            if a >= _N:
                extend(_NEG_BLOCK)
                continue
            base = a * _N
            for b in range(STRIDE):
                if b >= _N or b == a:
                    extend(_NEG_ROW)
                    continue
                row = rows[base + b].copy()
                row[a] = -1
                row[b] = -1
                extend(row)
        self.table = table
        self._distinct = len(self._category_of)

    def _four_values(self, grades: int, span: int) -> List[int]:
        """The values of four of a kind of each rank (natural, no suits counted), when the ranking has it."""
        if self._order.fours is None:
            return []
        top = grades - 1  # a four is natural
        return [(self._order.four_key(rank) * grades + top) * span for rank in range(13)]

    def _best_value(self, a: int, b: int, c: int, wild: Optional[FrozenSet[int]] = None) -> Tuple[int, bool]:
        """The value of a hand's best reading, and whether that reading is natural.

        A reading says what each wild card stands for; the natural reading
        has every wild card stand for itself (a joker has none). With
        ``natural_beats_wild`` the natural reading outranks every other
        reading of equal rank, suits aside, so a hand is natural when its
        face value reaches the best rank; otherwise a hand is natural when
        its face value is the best value outright. ``wild``: the wild cards (the ranker's own by default).
        """
        if wild is None:
            wild = self.wild
        naturals = [x for x in (a, b, c) if x not in wild]
        nv = self._nv
        if len(naturals) == 3:
            return nv[a * _N2 + b * _N + c], True
        if len(naturals) == 2:
            best = self._best1[naturals[0] * _N + naturals[1]]
        elif len(naturals) == 1:
            best = self._best2[naturals[0]]
        else:
            best = self._top
        if a >= _N or b >= _N or c >= _N:
            return best, False  # a joker has no face value
        face = nv[a * _N2 + b * _N + c]
        if self._barred and face >= 0 and (best < 0 or (face < best if self.lowball else face > best)):
            return face, True  # every wild card standing for itself: a natural hand, whatever its category
        span = self._suit_span
        if face // span == best // span and self._wild_order.prefers_natural(self._reading_category(best)):
            return face, True
        return best, face == best

    def _unbarred(self, nv: List[int]) -> List[int]:
        """The natural values a wild card may stand in: those of a category it may complete
        (``ranking.wild.barred_from``: none of the others; ``-1`` marks them, as no reading)."""
        if not self._barred:
            return nv
        barred: Dict[int, bool] = {}
        out = []
        for value in nv:
            if value >= 0:
                no = barred.get(value)
                if no is None:
                    no = barred[value] = self._reading_category(value) in self._barred
                if no:
                    value = -1
            out.append(value)
        return out

    def _compile_general(self) -> None:
        """Suits that break ties, or wild cards: value each hand of the pack, then fill the table."""
        nv = self._nv = natural_values(self._tables, self._suit_value, self.suits_break_ties, self._one_suit)
        # a wild card stands for a card not already in the hand: repeated cards are no reading at all
        for x in range(_N):
            for y in range(_N):
                nv[x * _N2 + x * _N + y] = nv[x * _N2 + y * _N + x] = nv[y * _N2 + x * _N + x] = -1
        if self.wild or self.open_wild:
            pick = _weakest if self.lowball else max  # a wild card stands for what wins: the weakest under lowball
            readable = self._unbarred(nv)
            self._best1 = [pick(readable[i:i + _N]) for i in range(0, _N2 * _N, _N)]
            self._best2 = [pick(readable[i:i + _N2]) for i in range(0, _N2 * _N, _N2)]
            self._top = pick(readable)
        values: List[int] = []
        grades, span = self._grades, self._suit_span
        masked: Dict[int, int] = {}
        if self.open_wild:
            values = self._masked_values(masked)
        elif self.wild:
            best_value = self._best_value
            grade_of = self._wild_order.grade
            for a, b, c in self._hands:
                best, natural = best_value(a, b, c)
                if grades > 1:  # the wild grade sits between rank and suits
                    grade = grade_of((a, b, c), natural, self._reading_category(best), self.lowball)
                    best = ((best // span) * grades + grade) * span + best % span
                values.append(best)
        else:
            values = [nv[a * _N2 + b * _N + c] for a, b, c in self._hands]
        fours = self._four_values(grades, span)
        dense = self._compress([*values, *masked.values(), *fours])
        self._masked = {key: dense[value] for key, value in masked.items()}
        self._fours = [dense[v] for v in fours]
        table = [-1] * (STRIDE2 * STRIDE)
        for (a, b, c), value in zip(self._hands, values):
            s = dense[value]
            a2, b2, c2 = a * STRIDE2, b * STRIDE2, c * STRIDE2
            a1, b1, c1 = a * STRIDE, b * STRIDE, c * STRIDE
            table[a2 + b1 + c] = s
            table[a2 + c1 + b] = s
            table[b2 + a1 + c] = s
            table[b2 + c1 + a] = s
            table[c2 + a1 + b] = s
            table[c2 + b1 + a] = s
        self.table = table
        self._distinct = len(self._category_of)

    def _masked_values(self, masked: Dict[int, int]) -> List[int]:
        """``open_wild``: each hand's value with its own wild cards, and with every other choice of wild
        cards among its three (kept in ``masked`` by :meth:`wild_strength`'s key)."""
        values: List[int] = []
        wild, grades, span = self.wild, self._grades, self._suit_span
        best_value, grade_of = self._best_value, self._wild_order.grade
        for a, b, c in self._hands:
            base = triple_index(a, b, c) << 3
            own = (a in wild) | (b in wild) << 1 | (c in wild) << 2
            for mask in range(8):
                if mask & own != own:
                    continue
                chosen = frozenset(x for k, x in enumerate((a, b, c)) if mask >> k & 1)
                best, natural = best_value(a, b, c, chosen)
                if grades > 1:  # the wild grade sits between rank and suits
                    grade = grade_of((a, b, c), natural, self._reading_category(best), self.lowball, chosen)
                    best = ((best // span) * grades + grade) * span + best % span
                masked[base | mask] = best
                if mask == own:
                    values.append(best)
        return values

    def wild_strength(self, cards: Sequence[int], wild: FrozenSet[int]) -> int:
        """The strength of three cards when ``wild`` cards are wild besides the ranker's own.

        For wild cards chosen per deal or per hand (:mod:`bragrules.rules.wild_deal`); the ranker must be
        compiled with ``open_wild``. Strengths compare with :meth:`strength`'s.

        >>> from bragrules.profile.models import Ranking
        >>> r = compile_ranking(Ranking(), open_wild=True)
        >>> hand = parse_cards("Ah Kh 2d")
        >>> r.describe(hand, frozenset({hand[2]})), r.wild_strength(hand, frozenset()) == r.strength(hand)
        ('running flush, A-K-Q (2d as Qh)', True)
        """
        if not self.open_wild:
            raise ValueError("this ranking was compiled without open_wild")
        x, y, z = sorted(int(card) for card in cards)
        own = self.wild
        mask = (x in wild or x in own) | (y in wild or y in own) << 1 | (z in wild or z in own) << 2
        return self._masked[triple_index(x, y, z) << 3 | mask]

    # -- three cards -----------------------------------------------------

    def strength(self, cards: CardsLike) -> int:
        """The strength of exactly three cards (any order): bigger wins, equal ties.

        Cards are not checked: a repeated card or a joker the pack lacks
        gives ``-1``. Text is parsed (slower).

        >>> from bragrules.profile.models import Ranking
        >>> r = compile_ranking(Ranking())
        >>> r.strength("Ac 2d 3h") > r.strength("Ah Kd Qc") > r.strength("4c 3d 2h")
        True
        >>> r.strength("Kd Ah 2c") < r.strength("2c 3d 4h")   # K-A-2 is no run
        True
        """
        if isinstance(cards, str):
            cards = parse_cards(cards)
        a, b, c = cards
        return self.table[triple_index(a, b, c)]

    def beats(self, a: int, b: int) -> bool:
        """Whether a hand of strength ``a`` wins over one of strength ``b``: the bigger strength,
        unless a special hand beats the other's category outside the order (``ranking.special_hands``).

        >>> from bragrules.profile.models import Ranking
        >>> zjh = compile_ranking(Ranking.model_validate(
        ...     {"special_hands": [{"ranks": [2, 3, 5], "suited": False, "beats": "prial"}]}))
        >>> s235, aaa, akq = zjh.strength("2c 3d 5h"), zjh.strength("Ac Ad Ah"), zjh.strength("Ac Kd Qh")
        >>> zjh.beats(s235, aaa), zjh.beats(aaa, s235), zjh.beats(akq, s235), zjh.beats(s235, akq)
        (True, False, True, False)
        """
        ups = self.upsets
        if ups is not None:
            low, high = ups[a]
            if low <= b <= high:
                return True
            low, high = ups[b]
            if low <= a <= high:
                return False
        return a > b

    def category(self, strength: int) -> str:
        """The category of a strength.

        >>> from bragrules.profile.models import Ranking
        >>> r = compile_ranking(Ranking(category_order=["prial", "pair", "high_card"]))
        >>> r.category(r.strength("5h 6h 7h"))
        'high_card'
        """
        if not 0 <= strength < self._distinct:
            raise ValueError(f"{strength} is not a strength of this ranking")
        return self._category_of[strength]

    def distinct_strengths(self) -> int:
        """How many different strengths the hands of the pack take.

        Strengths run densely from 0 to ``distinct_strengths() - 1``.

        >>> from bragrules.profile.models import Ranking
        >>> compile_ranking(Ranking()).distinct_strengths()
        741
        """
        return self._distinct

    def all_hands(self) -> List[Tuple[int, int, int]]:
        """Every three-card hand of the pack, as sorted card indices.

        >>> from bragrules.profile.models import Ranking
        >>> len(compile_ranking(Ranking()).all_hands())
        22100
        """
        return list(self._hands)

    def counts(self) -> Dict[str, int]:
        """Hands of the pack in each category (every category named, zero included).

        >>> from bragrules.profile.models import Ranking
        >>> compile_ranking(Ranking()).counts()
        {'prial': 52, 'running_flush': 48, 'run': 720, 'flush': 1096, 'pair': 3744, 'high_card': 16440}
        """
        if self._counts is None:
            counts = {cat: 0 for cat in self.category_order}
            counts.update({cat: 0 for cat in CATEGORIES if cat not in counts})
            table, cat_of = self.table, self._category_of
            for a, b, c in self._hands:
                counts[cat_of[table[triple_index(a, b, c)]]] += 1
            self._counts = counts
        return dict(self._counts)

    def _share(self, like: "HandRanker") -> None:
        """Take every table ``like`` worked out (:meth:`named`). Listed, not copied wholesale: a compiled
        ranker has no ``__dict__`` for ``copy.copy`` to read; tests/rules/test_ranking_named.py fails when an
        attribute the ranker sets is missing here."""
        self.spec, self.jokers, self.pack_size = like.spec, like.jokers, like.pack_size
        self.stripped, self.cards, self._tables = like.stripped, like.cards, like._tables
        self._order, self.category_order, self.suits_break_ties = like._order, like.category_order, like.suits_break_ties
        self.lowball, self.wild, self._barred = like.lowball, like.wild, like._barred
        self.open_wild, self.memo, self._suit_value = like.open_wild, like.memo, like._suit_value
        self._card_key, self._wild_order, self._grades = like._card_key, like._wild_order, like._grades
        self._suit_span, self._nv, self._best1 = like._suit_span, like._nv, like._best1
        self._best2, self._top, self._top_reading = like._best2, like._top, like._top_reading
        self._natural_of, self._category_of, self._hands = like._natural_of, like._category_of, like._hands
        self._counts, self._fours, self._masked = like._counts, like._fours, like._masked
        self._one_suit, self.upsets, self._upset_keys = like._one_suit, like.upsets, like._upset_keys
        self._distinct, self.table, self.words = like._distinct, like.table, like.words

    def named(self, words: "Words") -> "HandRanker":
        """This ranking told in a game's own words (``vocabulary.hands``): the same tables, shared, with
        :meth:`describe` naming each hand as the game does. The plain words give back this ranker itself.

        >>> from bragrules.profile.models import Ranking
        >>> from bragrules.rules.vocabulary import PLAIN, Words
        >>> plain = compile_ranking(Ranking())
        >>> plain.named(PLAIN) is plain, plain.named(Words(hands={"prial": "trail"})).describe("3c 3d 3h")
        (True, 'trail of threes')
        >>> plain.describe("3c 3d 3h")
        'prial of threes'
        """
        if words == self.words:
            return self
        told = HandRanker(self.spec, self.jokers, self.open_wild, self.stripped, like=self)
        told.words = words
        return told

    def __repr__(self) -> str:
        return (
            f"HandRanker({' > '.join(self.category_order)}, jokers={self.jokers}, "
            f"{self._distinct} strengths)"
        )


# ---------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------

_CACHE: "OrderedDict[Tuple[str, int, bool, FrozenSet[int]], HandRanker]" = OrderedDict()
_CACHE_MAX = 16  # compiled rankings kept (each holds tables over every hand); the oldest goes first


def compile_ranking(spec: RankingSpec, jokers: int = 0, open_wild: bool = False,
                    stripped: FrozenSet[int] = frozenset()) -> HandRanker:
    """The :class:`HandRanker` for a spec and a pack with ``jokers`` jokers (cached); ``open_wild`` for
    wild cards chosen per deal or per hand (:meth:`HandRanker.wild_strength`); ``stripped`` cards taken
    out. A stripped pack ranks hands as the full one does; it only holds fewer of them.

    >>> from bragrules.profile.models import Ranking
    >>> compile_ranking(Ranking()) is compile_ranking(Ranking())
    True
    >>> compile_ranking(Ranking(), jokers=1)
    HandRanker(prial > running_flush > run > flush > pair > high_card, jokers=1, 877 strengths)
    """
    key = (spec.model_dump_json(), jokers, open_wild, stripped)
    ranker = _CACHE.get(key)
    if ranker is not None:
        _CACHE.move_to_end(key)
        return ranker
    ranker = _CACHE[key] = HandRanker(spec, jokers, open_wild, stripped)
    if len(_CACHE) > _CACHE_MAX:
        _CACHE.popitem(last=False)
    return ranker


def clear_cache() -> None:
    """Forget every compiled ranking (for benchmarks and tests)."""
    _CACHE.clear()
