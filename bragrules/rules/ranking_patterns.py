"""Compiling hand patterns: the category and rank key of every rank triple, for each pattern of suits.

A ranking is an ordered list of categories (``ranking.categories``, or the list the named fields
stand for: :func:`bragrules.rules.hand_patterns.expand`). Compiling it gives every triple of
ranks, in each of the three patterns of suits three cards can show (two of one suit, all of one
suit, three suits), the entry of the list it falls in and a *rank key*: the bigger key wins,
equal keys tie. The ranker (:mod:`bragrules.rules.ranking`) turns the keys into strengths; this
module works at compile time only, so a ranking costs nothing more at play.

A key is ``level * span + (tier * 4096 + cards) * 2 + plain``: the category's level (the
highest category the highest level); the entry's tier inside its category (entries listed
first, and hands an entry places first, above the rest); the cards compared as the entry says
(each card a value 0 to 15: the ranks 2 to A as 1 to 13, an ace read low 0, a rank counted
above the ace 15; reversed, 13 down to 1 and an ace read low 14); ``plain`` is 0 for a hand a
special hand without a name covers (it ranks just below the same cards that are not special).

>>> from bragrules.profile.models import Ranking
>>> order = compile_order(Ranking())
>>> order.names
('prial', 'running_flush', 'run', 'flush', 'pair', 'high_card')
>>> [order.entries[order.classify((12, 1, 0), SAME)[0]].name, order.entries[order.classify((1, 1, 1), THREE)[0]].name]
['running_flush', 'prial']
>>> order.classify((12, 1, 0), MIXED)[1] > order.classify((12, 11, 10), MIXED)[1]   # A-2-3 above A-K-Q
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet, List, Optional, Protocol, Sequence, Tuple

from bragrules.core.cards import parse_card, parse_rank

MIXED, SAME, THREE = 0, 1, 2
"""The patterns of suits of three cards: two of one suit (``MIXED``), all of one suit, three suits."""

CARDS_ROOM = 4096
"""Room for the cards' part of a key: three values of 0 to 15."""

ACE = 12


# ---------------------------------------------------------------------------
# What compiling reads
# ---------------------------------------------------------------------------


class RunSpec(Protocol):
    """A run written out (:class:`~bragrules.rules.hand_patterns.Run`)."""

    @property
    def step(self) -> int: ...  # pragma: no cover
    @property
    def ace(self) -> str: ...  # pragma: no cover
    @property
    def wrap(self) -> bool: ...  # pragma: no cover


class OrderSpec(Protocol):
    """How a category's hands compare (:class:`~bragrules.rules.hand_patterns.CategoryOrder`)."""

    @property
    def reversed(self) -> bool: ...  # pragma: no cover
    @property
    def top(self) -> Optional[str]: ...  # pragma: no cover
    @property
    def first(self) -> Sequence[Sequence[str]]: ...  # pragma: no cover
    @property
    def suits_before_kickers(self) -> bool: ...  # pragma: no cover
    @property
    def top_card(self) -> Optional[str]: ...  # pragma: no cover


class BeatsSpec(Protocol):
    """What a special hand beats (:class:`~bragrules.rules.hand_patterns.Beats`)."""

    @property
    def category(self) -> str: ...  # pragma: no cover
    @property
    def lowest(self) -> Optional[Sequence[str]]: ...  # pragma: no cover
    @property
    def highest(self) -> Optional[Sequence[str]]: ...  # pragma: no cover


class PatternSpec(Protocol):
    """One entry of a ranking's list (:class:`~bragrules.rules.hand_patterns.CategoryPattern`)."""

    @property
    def name(self) -> Optional[str]: ...  # pragma: no cover
    @property
    def cards(self) -> int: ...  # pragma: no cover
    @property
    def ranks(self) -> object: ...  # pragma: no cover
    @property
    def suits(self) -> str: ...  # pragma: no cover
    @property
    def order(self) -> OrderSpec: ...  # pragma: no cover
    def hands(self) -> Tuple[Tuple[int, int, int], ...]: ...  # pragma: no cover
    def compared_by(self) -> str: ...  # pragma: no cover
    def beats_of(self) -> Optional[BeatsSpec]: ...  # pragma: no cover


class PatternsSpec(Protocol):
    """A ranking as the compiler reads it: its list of categories (written, or its shorthands')."""

    def category_patterns(self) -> Sequence[PatternSpec]: ...  # pragma: no cover


# ---------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------


def run_reading(ranks: Sequence[int], step: int = 1, ace: str = "high_or_low", wrap: bool = False
                ) -> Optional[Tuple[int, int, int]]:
    """The places of three ranks read as a run of ``step`` (lowest first), or None when they are none.

    An ace stands above the king (12) or below the two (-1) as ``ace`` allows; with ``wrap`` the
    ranks may run on past the ace to the two (K-A-2 is 11, 12, 13).

    >>> run_reading((12, 1, 0)), run_reading((12, 11, 10)), run_reading((11, 12, 0)), run_reading((12, 1, 0), ace="high")
    ((-1, 0, 1), (10, 11, 12), None, None)
    >>> run_reading((12, 3, 1), step=2), run_reading((11, 12, 0), wrap=True), run_reading((7, 5, 3), step=2)
    ((-1, 1, 3), (11, 12, 13), (3, 5, 7))
    """
    low, mid, high = sorted(ranks)
    if low == mid or mid == high:
        return None
    if wrap:
        for start, then, last in ((low, mid, high), (mid, high, low + 13), (high, low + 13, mid + 13)):
            if then - start == step and last - then == step:
                return start, then, last
        return None
    options = []
    if high != ACE or ace != "low":
        options.append((low, mid, high))
    if high == ACE and ace != "high":
        options.append((-1, low, mid))
    for start, then, last in options:
        if then - start == step and last - then == step:
            return start, then, last
    return None


def matches_ranks(pattern: PatternSpec, ranks: Sequence[int]) -> bool:
    """Whether three ranks (highest first) fit a pattern's ranks, suits aside."""
    value = pattern.ranks
    r1, r2, r3 = ranks
    if isinstance(value, str):
        if value == "any":
            return True
        if value == "all_equal":
            return r1 == r3
        if value == "two_equal":
            return r1 != r3 and (r1 == r2 or r2 == r3)
        if value == "all_different":
            return r1 > r2 > r3
        return run_reading(ranks) is not None  # "run"
    if isinstance(value, list):
        return (r1, r2, r3) in pattern.hands()
    run: RunSpec = value  # type: ignore[assignment]
    return run_reading(ranks, run.step, run.ace, run.wrap) is not None


def matches_suits(suits: str, pattern_of_suits: int) -> bool:
    """Whether a pattern of suits (``MIXED``, ``SAME``, ``THREE``) fits a pattern's suits."""
    if suits == "any":
        return True
    if suits == "all_equal":
        return pattern_of_suits == SAME
    if suits == "all_different":
        return pattern_of_suits == THREE
    return pattern_of_suits != SAME  # not_all_equal


# ---------------------------------------------------------------------------
# The compiled list
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One entry of the list, compiled: where its hands rank and how they compare.

    ``values`` gives each rank's value (index 0 = two .. 12 = ace, 1 to 15); ``low_ace`` the value
    of an ace read low in a run; ``level`` the category's (-1 for a special hand without a name);
    ``tier`` the entry's plain hands' tier in its category; ``first`` the hands placed first.
    """

    index: int
    pattern: PatternSpec
    name: Optional[str]
    level: int
    tier: int
    values: Tuple[int, ...]
    low_ace: int
    by: str
    first: Tuple[Tuple[int, int, int], ...]
    shape: str = "any"
    """What the ranks ask: ``any``, ``all_equal``, ``two_equal``, ``all_different``, ``run``, ``hands``."""
    run: Optional[Tuple[int, str, bool]] = None
    """A run's step, aces and wrap."""
    hands: FrozenSet[Tuple[int, int, int]] = frozenset()
    suit_patterns: FrozenSet[int] = frozenset((MIXED, SAME, THREE))
    """The patterns of suits the entry takes."""
    top_card: int = -1
    """The card (its index) counted above its rank-mates, one above their value; -1 for none."""

    @property
    def suits_first(self) -> bool:
        """Whether pairs compare by their suits before the odd card."""
        return self.pattern.order.suits_before_kickers

    def fits(self, ranks: Tuple[int, int, int], suits: int) -> bool:
        """Whether three ranks (highest first) in a pattern of suits fit the entry."""
        if suits not in self.suit_patterns:
            return False
        shape = self.shape
        if shape == "any":
            return True
        r1, r2, r3 = ranks
        if shape == "all_equal":
            return r1 == r3
        if shape == "two_equal":
            return r1 != r3 and (r1 == r2 or r2 == r3)
        if shape == "all_different":
            return r1 > r2 > r3
        if shape == "hands":
            return ranks in self.hands
        if self.run == _PLAIN_RUN:  # the texts' run, the common case: read without sorting
            return r1 > r2 > r3 and (r1 - r3 == 2 or (r1, r2, r3) == (ACE, 1, 0))
        assert self.run is not None
        return r1 > r2 > r3 and run_reading(ranks, *self.run) is not None

    def reading(self, ranks: Sequence[int]) -> Optional[Tuple[int, int, int]]:
        """The places of three ranks read as this entry's run (lowest first); None when it is no run."""
        if self.run is None:
            return None
        return run_reading(sorted(ranks, reverse=True), *self.run)

    def cards_value(self, ranks: Sequence[int]) -> int:
        """The cards' part of a key for ranks (highest first) in this entry."""
        by = self.by
        if by == "equal":
            return 0
        values = self.values
        if by == "pair":
            pair = ranks[1]
            kicker = ranks[0] if ranks[0] != pair else ranks[2]
            return values[pair] * 16 + values[kicker]
        if self.run is None:
            reading = None
        elif self.run == _PLAIN_RUN and ranks[0] - ranks[2] == 2 and ranks[0] > ranks[1]:
            reading = (ranks[2], ranks[1], ranks[0])
        else:
            reading = run_reading(ranks, *self.run)
        if reading is not None:
            counted = sorted((self.low_ace if p < 0 else values[p % 13] for p in reading), reverse=True)
        else:
            counted = sorted((values[r] for r in ranks), reverse=True)
        a, b, c = counted[:3]
        return a * 256 + b * 16 + c

    def card_bump(self, cards: Sequence[int]) -> int:
        """What three concrete cards (their indices) add to the cards' part of their key for holding the
        card counted above its rank-mates (``order.top_card``): one in the place its rank takes, the first
        of its equals (0 without it).

        The rank tables key hands by their ranks, every card of a rank alike; this lifts the one card
        into the value its rank leaves free below the next rank up (:func:`_values`).
        """
        card = self.top_card
        if card < 0 or card not in cards or self.by == "equal":
            return 0
        ranks = sorted((c >> 2 for c in cards), reverse=True)
        rank = card >> 2
        if self.by == "pair":
            return 16 if ranks[1] == rank else 1
        reading = None if self.run is None else run_reading(ranks, *self.run)
        if reading is not None:
            counted = [(self.low_ace if p < 0 else self.values[p % 13], (ACE if p < 0 else p % 13) == rank)
                       for p in reading]
        else:
            counted = [(self.values[r], r == rank) for r in ranks]
        counted.sort(key=lambda item: (item[0], item[1]), reverse=True)  # the named card first of its equals
        place = next(n for n, (_, named) in enumerate(counted) if named)
        return (256, 16, 1)[place]

    def tier_of(self, ranks: Sequence[int]) -> int:
        """The tier of ranks (highest first) in this entry: above the rest when placed first."""
        key = (ranks[0], ranks[1], ranks[2])
        if key in self.first:
            return self.tier + len(self.first) - self.first.index(key)
        return self.tier


_PLAIN_RUN = (1, "high_or_low", False)
"""The texts' run: consecutive ranks, an ace high or low, no wrapping."""

_SUIT_PATTERNS = {"any": frozenset((MIXED, SAME, THREE)), "all_equal": frozenset((SAME,)),
                  "all_different": frozenset((THREE,)), "not_all_equal": frozenset((MIXED, THREE))}


def _entry(index: int, pattern: PatternSpec, level: int, tier: int,
           first: Tuple[Tuple[int, int, int], ...] = ()) -> Entry:
    """An entry of the list compiled."""
    values, low_ace = _values(pattern.order)
    top_card = -1 if pattern.order.top_card is None else int(parse_card(pattern.order.top_card))
    value = pattern.ranks
    run: Optional[Tuple[int, str, bool]] = None
    hands = frozenset(pattern.hands())
    if value == "run":
        shape, run = "run", _PLAIN_RUN
    elif isinstance(value, str):
        shape = value
    elif isinstance(value, list):
        shape = "hands"
    else:
        spec: RunSpec = value  # type: ignore[assignment]
        shape, run = "run", (spec.step, spec.ace, spec.wrap)
    return Entry(index, pattern, pattern.name, level, tier, values, low_ace, pattern.compared_by(), first,
                 shape, run, hands, _SUIT_PATTERNS[pattern.suits], top_card)


def _values(order: OrderSpec) -> Tuple[Tuple[int, ...], int]:
    """Each rank's value (two first) and an ace read low's, under an order: 1 to 13 and 0 (reversed,
    13 down to 1 and 14), a rank on top 15. A card counted above its rank-mates (``top_card``) leaves
    a value free above its rank's: the ranks above it count one more.

    >>> class Order:
    ...     reversed, top, top_card = False, None, "Kd"
    >>> _values(Order())
    ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14), 0)
    """
    if order.reversed:
        values, low_ace = [13 - r for r in range(13)], 14
    else:
        values, low_ace = [r + 1 for r in range(13)], 0
    if order.top_card is not None:
        named = values[parse_card(order.top_card).rank]
        values = [v + 1 if v > named else v for v in values]
        low_ace += 1 if low_ace > named else 0
    if order.top is not None:
        values[parse_rank(str(order.top))] = 15
    return tuple(values), low_ace


def _categories(patterns: Sequence[PatternSpec]) -> List[List[int]]:
    """The categories of a list, highest first: the indices of each one's entries (named entries next
    to each other with one name are one category)."""
    groups: List[List[int]] = []
    for index, pattern in enumerate(patterns):
        if pattern.name is None:
            continue
        if groups and patterns[groups[-1][-1]].name == pattern.name and groups[-1][-1] == index - 1:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def _ranks_of(hand: Sequence[str]) -> Tuple[int, int, int]:
    """A hand of three ranks as written, highest first."""
    a, b, c = sorted((parse_rank(str(r)) for r in hand), reverse=True)
    return a, b, c


class CompiledOrder:
    """A ranking's list of categories, compiled: every rank triple's entry and rank key.

    ``names``: the categories, highest first; ``entries``: the list's entries in order;
    ``span``: the room of one level of keys; ``split``: whether three suits rank apart from two
    of one suit somewhere (else a triple's keys for them are the same); ``fours``: the entry of
    four of a kind, if the list has one.
    """

    def __init__(self, patterns: Sequence[PatternSpec]) -> None:
        groups = _categories(patterns)
        self.names: Tuple[str, ...] = tuple(str(patterns[group[0]].name) for group in groups)
        built: Dict[int, Entry] = {}
        tiers = 1
        for number, group in enumerate(groups):
            level = len(groups) - 1 - number
            tier = 0
            for index in reversed(group):  # the last entry of a category is its lowest tier
                pattern = patterns[index]
                first = tuple(_ranks_of(hand) for hand in pattern.order.first)
                built[index] = _entry(index, pattern, level, tier, first)
                tier += 1 + len(first)
            tiers = max(tiers, tier)
        for index, pattern in enumerate(patterns):
            if pattern.name is None:
                built[index] = _entry(index, pattern, -1, 0)
        self.entries: Tuple[Entry, ...] = tuple(built[i] for i in range(len(patterns)))
        self.span = tiers * CARDS_ROOM * 2
        named = [e for e in self.entries if e.name is not None and e.pattern.cards == 3]
        # named hands are found first, wherever they rank; then the list in order
        self._search = tuple([e for e in named if e.pattern.hands()] + [e for e in named if not e.pattern.hands()])
        self.specials = tuple(e for e in self.entries if e.name is None)
        self.split = any(e.pattern.suits == "all_different" for e in self.entries)
        fours = [e for e in self.entries if e.pattern.cards == 4]
        self.fours: Optional[Entry] = fours[0] if fours else None
        self.top_cards: FrozenSet[int] = frozenset(e.top_card for e in self.entries if e.top_card >= 0)
        """The cards some entry counts above their rank-mates (keyed card by card, not by ranks alone)."""

    @classmethod
    def of_points(cls) -> "CompiledOrder":
        """The order of hands counted as points: one category, ``points``, the key the points."""
        order = cls(())
        order.names = ("points",)
        order.span = 1 << 40
        return order

    def level_of(self, name: str) -> int:
        """The level of a category (the highest category the highest level)."""
        return len(self.names) - 1 - self.names.index(name)

    def key(self, entry: Entry, ranks: Sequence[int], plain: bool = True) -> int:
        """The rank key of ranks (highest first) in an entry."""
        return entry.level * self.span + (entry.tier_of(ranks) * CARDS_ROOM + entry.cards_value(ranks)) * 2 + plain

    def classify(self, ranks: Sequence[int], suits: int) -> Tuple[int, int]:
        """The entry (its index) and rank key of three ranks (highest first) in a pattern of suits.

        A named hand (an entry whose ranks are hands) is found first; otherwise the first entry of
        the list the cards fit. A special hand without a name that covers them makes the key one
        lower: just below the same cards not special.
        """
        hand = (ranks[0], ranks[1], ranks[2])
        for entry in self._search:
            if entry.fits(hand, suits):
                plain = not any(s.fits(hand, suits) for s in self.specials)
                return entry.index, self.key(entry, hand, plain)
        raise ValueError(f"no category takes {ranks}: the last category must take every hand")

    def four_key(self, rank: int) -> int:
        """The rank key of four cards of ``rank`` (the list must have four of a kind)."""
        assert self.fours is not None
        return self.key(self.fours, (rank, rank, rank))

    def category_of_key(self, key: int) -> str:
        """The category a rank key belongs to."""
        return self.names[len(self.names) - 1 - key // self.span]

    def beaten_keys(self, beats: BeatsSpec) -> Tuple[int, int]:
        """The range of rank keys (lowest, highest) a special hand beats in its category."""
        level = self.level_of(beats.category)
        low, high = level * self.span, (level + 1) * self.span - 1
        for bound, pick in ((beats.lowest, min), (beats.highest, max)):
            if bound is None:
                continue
            ranks = _ranks_of(bound)
            keys = [key for suits in (MIXED, SAME, THREE) for index, key in [self.classify(ranks, suits)]
                    if self.entries[index].name == beats.category and not (suits == SAME and ranks[0] == ranks[2])]
            if not keys:
                raise ValueError(f"beats names {'-'.join(str(r) for r in bound)}, which is not a hand of "
                                 f"{beats.category}")
            if pick is min:
                low = min(keys) - 1  # a special hand's own key sits one below
            else:
                high = max(keys)
        return low, high


_RANK_TRIPLES: Tuple[Tuple[int, int, int], ...] = tuple(
    (r1, r2, r3) for r1 in range(13) for r2 in range(r1 + 1) for r3 in range(r2 + 1))
"""Every triple of ranks, highest first."""

_PLACES: Tuple[Tuple[int, ...], ...] = tuple(
    tuple(sorted({a * 169 + b * 13 + c for a, b, c in itertools.permutations(ranks)})) for ranks in _RANK_TRIPLES)
"""Where each triple of ranks is kept in a table, in every order."""


@dataclass
class RankTables:
    """The rank key and entry of every ordered rank triple, in each pattern of suits.

    ``keys[suits][r1 * 169 + r2 * 13 + r3]`` (the ranks in any order; ``suits`` one of ``MIXED``,
    ``SAME``, ``THREE``); when nothing ranks three suits apart from two of one suit (``split``
    false) ``keys[THREE] is keys[MIXED]``. ``entries`` alike, the index of the entry in
    ``order.entries`` (-1 for hands counted as points).
    """

    keys: Tuple[List[int], List[int], List[int]]
    entries: Tuple[List[int], List[int], List[int]]
    order: CompiledOrder
    split: bool

    def entry(self, ranks: Sequence[int], suits: int) -> Optional[Entry]:
        """The entry three ranks (in any order) fall in under a pattern of suits; None for points."""
        index = self.entries[suits][ranks[0] * 169 + ranks[1] * 13 + ranks[2]]
        return self.order.entries[index] if index >= 0 else None

    def upset_keys(self) -> Dict[int, Tuple[str, int, int]]:
        """For each rank key whose hands beat others outside the order: the category they beat and the
        range of its rank keys beaten (lowest, highest)."""
        found: Dict[int, Tuple[str, int, int]] = {}
        order = self.order
        beaters = [e for e in order.entries if e.pattern.beats_of() is not None]
        if not beaters:
            return found
        beaten = {e.index: (beats.category, *order.beaten_keys(beats))
                  for e in beaters for beats in [e.pattern.beats_of()] if beats is not None}
        for ranks in _RANK_TRIPLES:
            i = ranks[0] * 169 + ranks[1] * 13 + ranks[2]
            for suits in (MIXED, SAME, THREE):
                if suits == SAME and ranks[0] == ranks[2]:
                    continue
                index, key = self.entries[suits][i], self.keys[suits][i]
                for entry in beaters:
                    if entry.index == index or (entry.name is None and entry.fits(ranks, suits)):
                        found[key] = beaten[entry.index]
        return found


def compile_order(spec: PatternsSpec) -> CompiledOrder:
    """The compiled list of a ranking's categories."""
    return CompiledOrder(spec.category_patterns())


def pattern_tables(order: CompiledOrder) -> RankTables:
    """The rank key and entry of every rank triple under a compiled list."""
    size = 13 ** 3
    classes = (MIXED, SAME, THREE) if order.split else (MIXED, SAME)
    keys: List[List[int]] = [[0] * size for _ in classes]
    entries: List[List[int]] = [[0] * size for _ in classes]
    for ranks, places in zip(_RANK_TRIPLES, _PLACES):
        for n, suits in enumerate(classes):
            index, key = order.classify(ranks, suits)
            k, e = keys[n], entries[n]
            for i in places:
                k[i] = key
                e[i] = index
    if not order.split:
        keys.append(keys[MIXED])
        entries.append(entries[MIXED])
    return RankTables((keys[0], keys[1], keys[2]), (entries[0], entries[1], entries[2]), order, order.split)


def point_tables(key_of: Callable[[Tuple[int, int, int]], int], order: CompiledOrder) -> RankTables:
    """Rank tables of hands counted as points: every triple's key its points, whatever the suits."""
    size = 13 ** 3
    keys = [0] * size
    for r1 in range(13):
        for r2 in range(13):
            for r3 in range(13):
                keys[r1 * 169 + r2 * 13 + r3] = key_of((r1, r2, r3))
    entries = [-1] * size
    return RankTables((keys, keys, keys), (entries, entries, entries), order, False)


def suit_pattern(a: int, b: int, c: int) -> int:
    """The pattern of suits of three cards (card indices): ``MIXED``, ``SAME`` or ``THREE``.

    >>> suit_pattern(0, 4, 8), suit_pattern(0, 5, 8), suit_pattern(0, 5, 10)
    (1, 0, 2)
    """
    sa, sb, sc = a & 3, b & 3, c & 3
    if sa == sb == sc:
        return SAME
    if sa != sb and sb != sc and sa != sc:
        return THREE
    return MIXED


__all__ = [
    "MIXED",
    "SAME",
    "THREE",
    "CompiledOrder",
    "Entry",
    "RankTables",
    "compile_order",
    "matches_ranks",
    "matches_suits",
    "pattern_tables",
    "run_reading",
    "suit_pattern",
]
