"""Exact heads-up chances: a hand against one random hand from the rest of the pack.

:func:`hand_equity` counts, for one hand, every hand an opponent could hold
from the cards left (``C(49, 3) = 18,424`` of them for three cards from a
52-card pack) and how many of them it beats, ties and loses to under the
profile's ranking. Four-Card hands play their best three against the
opponent's best three (and, where the profile says so, the discarded card
breaks ties). Nothing is sampled: the counts are exact integers and the
chances exact fractions. Who beats whom is what the showdown says
(:meth:`~bragrules.engine.showdown.Comparer.order`): wild cards chosen in
each hand, the joker dealt to each player (every opponent holds one too),
the centre's wild ranks and the special hands that beat a category outside
the order all count.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile())
>>> eq = hand_equity(rules, "3c 3d 3h")
>>> (eq.win, eq.tie, eq.lose), eq.opponents
((18424, 0, 0), 18424)
>>> hand_equity(rules, "Ac Ad Ah").lose          # only the four prials of threes beat it
4

:func:`equity_table` gives the same for every strength class at once: for
each distinct strength, the counts summed over every hand of that strength
against every opponent hand sharing no card with it, so the chances are
exact given only the strength (card removal makes two hands of one strength
differ slightly; the table averages over them exactly). It is worked out by
counting, not by pairing hands: for a hand ``{a, b, c}`` of strength ``s``,
the opponent hands below ``s`` that share no card with it are

    (all hands below s) - (those holding a, b or c) + (those holding two of them)

by inclusion and exclusion, with the per-card counts kept as running totals
by strength and the per-pair counts (50 hands each) as sorted lists.

>>> table = equity_table(rules.ranking.ranker)
>>> len(table), sum(row.total for row in table)
(741, 407170400)
>>> top = table[0]
>>> top.category, top.example, (top.win, top.tie, top.lose)
('prial', '3h 3d 3c', (73696, 0, 0))

The whole table is for three-card hands: formats dealing more cards play
the best three of them, and a table of those is not worked out here (a
single hand of four cards is, by :func:`hand_equity`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple, Union, cast

from bragrules.core.cards import CARDS, Card, parse_cards
from bragrules.core.errors import BragError, RuleViolation
from bragrules.core.i18n import tr
from bragrules.core.money import format_money
from bragrules.engine.reading import read_hand
from bragrules.engine.showdown import Comparer
from bragrules.rules.ranking import STRIDE, STRIDE2, HandRanker, triple_index

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.showdown import Key
    from bragrules.rules.compile import Rules

__all__ = [
    "Equity",
    "EquityError",
    "EquityRow",
    "MAX_CARDS",
    "counted_equity",
    "equity_table",
    "hand_equity",
    "naive_equity",
]

MAX_CARDS = 4
"""The most cards a hand may hold for an exact single-hand enumeration (best three play)."""

_JOKER_DISCARD_RANK = 13  # a discarded joker counts above an ace (as HandRanker.four_card_key)

HandLike = Union[str, Sequence[int]]


class EquityError(BragError, ValueError):
    """A hand whose chances cannot be worked out under the profile (wrong size, repeated card...)."""


@dataclass(frozen=True)
class Equity:
    """One hand's exact heads-up counts against every opponent hand from the cards left."""

    hand: Tuple[Card, ...]
    win: int
    tie: int
    lose: int
    category: str
    strength: int
    description: str

    @property
    def opponents(self) -> int:
        return self.win + self.tie + self.lose

    def chances(self) -> Tuple[Fraction, Fraction, Fraction]:
        """(win, tie, lose) as exact fractions summing to 1."""
        return _chances(self.win, self.tie, self.lose)

    def to_json(self) -> Dict[str, object]:
        return {
            "hand": [str(c) for c in self.hand],
            "category": self.category,
            "strength": self.strength,
            "description": self.description,
            "opponents": self.opponents,
            **_counts_json(self.win, self.tie, self.lose),
        }


@dataclass(frozen=True)
class EquityRow:
    """One strength class: counts summed over its hands against every disjoint opponent hand.

    ``rank`` is 1 for the best class; ``hands`` is how many hands of the pack
    have the strength, and ``total == hands * opponents``.
    """

    strength: int
    rank: int
    category: str
    example: str
    hands: int
    win: int
    tie: int
    lose: int

    @property
    def total(self) -> int:
        return self.win + self.tie + self.lose

    def chances(self) -> Tuple[Fraction, Fraction, Fraction]:
        """(win, tie, lose) as exact fractions summing to 1."""
        return _chances(self.win, self.tie, self.lose)

    def to_json(self) -> Dict[str, object]:
        return {
            "rank": self.rank,
            "strength": self.strength,
            "category": self.category,
            "example": self.example,
            "hands": self.hands,
            "pairs": self.total,
            **_counts_json(self.win, self.tie, self.lose),
        }


def _chances(win: int, tie: int, lose: int) -> Tuple[Fraction, Fraction, Fraction]:
    """(win, tie, lose) as exact fractions of their total.

    >>> _chances(1, 1, 2)
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    """
    total = win + tie + lose
    return Fraction(win, total), Fraction(tie, total), Fraction(lose, total)


def _counts_json(win: int, tie: int, lose: int) -> Dict[str, object]:
    """Counts with their exact chances ("a/b") and percentages, as Equity and EquityRow write them."""
    chances = _chances(win, tie, lose)
    out: Dict[str, object] = {"win": win, "tie": tie, "lose": lose}
    for name, chance in zip(("win", "tie", "lose"), chances):
        out[f"{name}_chance"] = format_money(chance)
    for name, chance in zip(("win", "tie", "lose"), chances):
        out[f"{name}_percent"] = _percent(chance)
    return out


def _percent(value: Fraction) -> float:
    return round(float(value * 100), 4)


# ---------------------------------------------------------------------------
# One hand
# ---------------------------------------------------------------------------


def _comparer_and_format(rules_or_ranker: Union[HandRanker, "Rules"], centre: Sequence[int] = ()
                         ) -> Tuple[Comparer, int, int]:
    """(the showdown's comparer, cards dealt, hands per player) from Rules or a bare ranker; with the
    face-up centre cards of a profile whose wild cards they decide (``ranking.wild.from_centre``)."""
    if isinstance(rules_or_ranker, HandRanker):
        if centre:
            raise EquityError(tr("a bare ranking turns no centre card up"))
        return Comparer.of(rules_or_ranker), 3, 1
    from bragrules.engine.wild_cards import wild_deal_comparer

    comparer = rules_or_ranker.comparer
    wild = comparer.wild
    if centre and (wild is None or not wild.from_centre):
        raise EquityError(tr("ranking.wild.from_centre: this profile turns no centre card up to decide wild cards"))
    if wild is not None and wild.from_centre:
        try:
            comparer = wild_deal_comparer(rules_or_ranker, [CARDS[int(c)] for c in centre])
        except RuleViolation as exc:
            raise EquityError(str(exc) + ("" if centre else tr(" (give them with --centre)"))) from None
    fmt = rules_or_ranker.profile.format
    return comparer, fmt.cards_dealt, fmt.hands


def _read_hand(ranker: HandRanker, hand: HandLike) -> List[int]:
    cards: List[int] = [int(c) for c in (parse_cards(hand) if isinstance(hand, str) else hand)]
    for card in cards:
        if not 0 <= card < ranker.pack_size or card in ranker.stripped:
            name = CARDS[card] if 0 <= card < len(CARDS) else card
            raise EquityError(tr("{card} is not in this pack", card=name))
    if len(set(cards)) != len(cards):
        raise EquityError(tr("a card appears twice in the hand"))
    return cards


def hand_equity(rules_or_ranker: Union[HandRanker, "Rules"], hand: HandLike, centre: HandLike = ()) -> Equity:
    """Exact (win, tie, lose) counts of ``hand`` against every opponent hand from the cards left.

    ``rules_or_ranker`` is compiled :class:`~bragrules.rules.compile.Rules` (the hand
    must then hold the format's cards: three, or four for Four-Card; formats
    of several hands take one three-card hand) or a bare
    :class:`~bragrules.rules.ranking.HandRanker` (three cards). ``centre``: the
    deal's face-up centre cards where they decide wild cards (left out of the pack).

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> four = compile_rules(load_profile("four-card"))
    >>> eq = hand_equity(four, "Ah Ad Ac 2c")
    >>> eq.opponents, eq.category, eq.lose > 0
    (194580, 'prial', True)
    """
    shown = [int(c) for c in (parse_cards(centre) if isinstance(centre, str) else centre)]
    comparer, dealt, hands = _comparer_and_format(rules_or_ranker, shown)
    ranker = comparer.ranker
    cards = _read_hand(ranker, hand)
    size = 3 if hands > 1 else dealt
    if len(cards) != size:
        if hands > 1:
            raise EquityError(tr("this format arranges {hands} hands of three cards: give one three-card hand, not "
                                 "{count} cards", hands=hands, count=len(cards)))
        raise EquityError(tr("this format deals {dealt} cards: give a hand of {dealt}, not {count}", dealt=dealt,
                             count=len(cards)))
    if size > MAX_CARDS:
        raise EquityError(tr("exact chances are enumerated for hands of up to {most} cards; {size} cards would mean "
                             "{count} opponent hands", most=MAX_CARDS, size=size,
                             count=f"{comb(ranker.pack_size - size, size):,}"))
    try:
        reading = read_hand(comparer, [CARDS[c] for c in cards])
    except RuleViolation as exc:
        raise EquityError(str(exc)) from None
    if set(cards) & set(shown):
        raise EquityError(tr("a card of the hand is among the centre's"))
    joker = comparer.wild.joker if comparer.wild is not None else None
    rest = [c for c in ranker.cards if c not in set(cards) and c not in shown and c != joker]
    if comparer.wild is not None or comparer.special:
        win, tie, lose = _compared_counts(comparer, reading.key, rest, size, joker)
    elif size == 3:
        win, tie, lose = _three_card_counts(ranker, cards, rest)
    else:
        win, tie, lose = _best_three_counts(ranker, cards, rest, comparer.discard_breaks_ties)
    return Equity(
        hand=tuple(CARDS[c] for c in cards),
        win=win,
        tie=tie,
        lose=lose,
        category=reading.category,
        strength=reading.strength,
        description=reading.description,
    )


def _compared_counts(comparer: Comparer, mine: "Key", rest: Sequence[int], size: int, joker: Optional[int]
                     ) -> Tuple[int, int, int]:
    """Opponent hands from ``rest`` (each with its own joker where one is dealt to each player) that
    ``mine`` beats, ties and loses to, each compared by the showdown's :meth:`~Comparer.order`."""
    key, order = comparer.key, comparer.order
    counts = [0, 0, 0]  # lose, tie, win: indexed by order + 1
    own = (CARDS[joker],) if joker is not None else ()
    pack = [CARDS[c] for c in rest]
    for opponent in itertools.combinations(pack, size - len(own)):
        counts[order(mine, key(opponent + own)) + 1] += 1
    return counts[2], counts[1], counts[0]


def _three_card_counts(ranker: HandRanker, cards: Sequence[int], rest: Sequence[int]) -> Tuple[int, int, int]:
    """Opponent three-card hands from ``rest`` below, equal to and above ``cards``."""
    table = ranker.table
    a, b, c = cards
    mine = table[triple_index(a, b, c)]
    below = equal = total = 0
    n = len(rest)
    for i in range(n - 2):
        x = rest[i] * STRIDE2
        for j in range(i + 1, n - 1):
            row = table[x + rest[j] * STRIDE:x + rest[j] * STRIDE + STRIDE]
            for k in range(j + 1, n):
                s = row[rest[k]]
                if s < mine:
                    below += 1
                elif s == mine:
                    equal += 1
            total += n - 1 - j
    return below, equal, total - below - equal


def _four_key(table: List[int], a: int, b: int, c: int, d: int, discard_ties: bool) -> int:
    """The best three of four as one integer (with the discard's rank when it breaks ties)."""
    sd = table[triple_index(a, b, c)]
    sc = table[triple_index(a, b, d)]
    sb = table[triple_index(a, c, d)]
    sa = table[triple_index(b, c, d)]
    best = max(sa, sb, sc, sd)
    if not discard_ties:
        return best
    discard = -1
    for s, x in ((sa, a), (sb, b), (sc, c), (sd, d)):
        if s == best:
            r = x >> 2 if x < 52 else _JOKER_DISCARD_RANK
            if r > discard:
                discard = r
    return best * 14 + discard


def _best_three_counts(
    ranker: HandRanker, cards: Sequence[int], rest: Sequence[int], discard_ties: bool
) -> Tuple[int, int, int]:
    """Four-card hands: best three against best three, over every opponent four from ``rest``."""
    table = ranker.table
    a, b, c, d = cards
    mine = _four_key(table, a, b, c, d, discard_ties)
    below = equal = total = 0
    for a, b, c, d in itertools.combinations(rest, 4):
        key = _four_key(table, a, b, c, d, discard_ties)
        total += 1
        if key < mine:
            below += 1
        elif key == mine:
            equal += 1
    return below, equal, total - below - equal


def naive_equity(ranker: HandRanker, hand: HandLike) -> Tuple[int, int, int]:
    """(win, tie, lose) of a three-card hand by comparing it with every opponent hand in turn.

    The plain pair loop, kept as the reference the counting is checked against: each pair
    compared by the showdown (:meth:`~bragrules.engine.showdown.Comparer.order`).
    """
    cards = _read_hand(ranker, hand)
    held = set(cards)
    order = Comparer.of(ranker).order
    mine = (ranker.strength(cards),)
    win = tie = lose = 0
    for opp in itertools.combinations(ranker.cards, 3):
        if held.intersection(opp):
            continue
        decided = order(mine, (ranker.strength(opp),))
        if decided > 0:
            win += 1
        elif decided == 0:
            tie += 1
        else:
            lose += 1
    return win, tie, lose


# ---------------------------------------------------------------------------
# Every strength at once, by counting
# ---------------------------------------------------------------------------


class _Counts:
    """Counts of three-card hands by strength: in the pack, holding a card, holding two cards."""

    def __init__(self, ranker: HandRanker) -> None:
        table = ranker.table
        size = ranker.pack_size
        n_strengths = ranker.distinct_strengths()
        hands = ranker.all_hands()
        strengths = [table[triple_index(a, b, c)] for a, b, c in hands]
        per_strength = [0] * n_strengths
        per_card = [[0] * n_strengths for _ in range(size)]
        per_pair: Dict[int, List[int]] = {}
        for (a, b, c), s in zip(hands, strengths):
            per_strength[s] += 1
            per_card[a][s] += 1
            per_card[b][s] += 1
            per_card[c][s] += 1
            for key in (a * 54 + b, a * 54 + c, b * 54 + c):
                found = per_pair.get(key)
                if found is None:
                    per_pair[key] = [s]
                else:
                    found.append(s)
        for values in per_pair.values():
            values.sort()
        self.hands = hands
        self.strengths = strengths
        self.per_strength = per_strength
        self.below = _running(per_strength)
        self.card_count = per_card
        self.card_below = [_running(row) for row in per_card]
        self.pair = per_pair
        self.opponents = comb(size - 3, 3)


def _running(counts: Sequence[int]) -> List[int]:
    """``out[s]`` = how many are below ``s``."""
    out: List[int] = []
    total = 0
    for count in counts:
        out.append(total)
        total += count
    return out




def _counts_for(ranker: HandRanker) -> _Counts:
    cached = ranker.memo.get("equity_counts")
    if isinstance(cached, _Counts):
        return cached
    counts = ranker.memo["equity_counts"] = _Counts(ranker)
    return counts


def counted_equity(ranker: HandRanker, hand: HandLike) -> Tuple[int, int, int]:
    """(win, tie, lose) of a three-card hand by counting (as the table does), not by pairing.

    >>> from bragrules.profile.models import Ranking
    >>> from bragrules.rules.ranking import compile_ranking
    >>> r = compile_ranking(Ranking())
    >>> counted_equity(r, "Kc 9c 4c") == naive_equity(r, "Kc 9c 4c")
    True
    """
    cards = _read_hand(ranker, hand)
    if len(cards) != 3:
        raise EquityError(f"counting works on three-card hands, not {len(cards)} cards")
    counts = _counts_for(ranker)
    s = ranker.strength(cards)
    below, equal = _disjoint_counts(counts, cards, s)
    below += _outside_order(counts, cards, Comparer.of(ranker).exceptions().get(s, ()))
    return below, equal, counts.opponents - below - equal


def _disjoint_counts(counts: _Counts, hand: Sequence[int], s: int) -> Tuple[int, int]:
    """(below, equal): opponent hands sharing no card with ``hand`` (of strength ``s``), by inclusion-exclusion."""
    a, b, c = sorted(hand)
    cb = counts.card_below
    pab, pac, pbc = counts.pair[a * 54 + b], counts.pair[a * 54 + c], counts.pair[b * 54 + c]
    lab, lac, lbc = bisect_left(pab, s), bisect_left(pac, s), bisect_left(pbc, s)
    below = counts.below[s] - cb[a][s] - cb[b][s] - cb[c][s] + lab + lac + lbc
    equal = _disjoint_equal(counts, a, b, c, s) - 1  # the hand itself holds all three cards
    return below, equal


def _disjoint_equal(counts: _Counts, a: int, b: int, c: int, t: int) -> int:
    """Hands of strength ``t`` sharing no card with the sorted hand ``a, b, c`` (itself counted when of ``t``)."""
    cc, pair = counts.card_count, counts.pair
    pab, pac, pbc = pair[a * 54 + b], pair[a * 54 + c], pair[b * 54 + c]
    return (counts.per_strength[t] - cc[a][t] - cc[b][t] - cc[c][t]
            + bisect_right(pab, t) - bisect_left(pab, t) + bisect_right(pac, t) - bisect_left(pac, t)
            + bisect_right(pbc, t) - bisect_left(pbc, t))


def _outside_order(counts: _Counts, hand: Sequence[int], exceptions: Sequence[Tuple[int, int]]) -> int:
    """What the hands won outside the order of strengths add to a hand's wins (special hands:
    :meth:`~bragrules.engine.showdown.Comparer.exceptions`), over the hands sharing no card with it."""
    if not exceptions:
        return 0
    a, b, c = sorted(hand)
    return sum(sign * _disjoint_equal(counts, a, b, c, t) for t, sign in exceptions)




def equity_table(rules_or_ranker: Union[HandRanker, "Rules"]) -> List[EquityRow]:
    """Every strength class of three-card hands with its exact (win, tie, lose) counts, best first.

    Cached per ranker. Summed over the table, win + tie + lose counts every
    ordered pair of disjoint hands once (``22,100 x 18,424 = 407,170,400``
    for the 52-card pack). Who beats whom is the showdown's answer: a special
    hand wins the category it beats. Wild cards chosen at the table make each
    hand's value its own: such a profile has no table (a hand has its chances).
    """
    comparer = (Comparer.of(rules_or_ranker) if isinstance(rules_or_ranker, HandRanker)
                else rules_or_ranker.comparer)
    if comparer.wild is not None:
        raise EquityError(tr("{rule}: each hand is valued with wild cards chosen at the table, so hands of one "
                             "strength differ: give a hand for its exact chances", rule=comparer.wild.rules[0]))
    ranker = comparer.ranker
    cached = ranker.memo.get("equity_table")
    if cached is not None:
        return list(cast(List[EquityRow], cached))
    exceptions = comparer.exceptions()
    counts = _counts_for(ranker)
    n_strengths = ranker.distinct_strengths()
    wins = [0] * n_strengths
    ties = [0] * n_strengths
    example: List[Optional[Tuple[int, int, int]]] = [None] * n_strengths
    below_total, per_strength = counts.below, counts.per_strength
    cb, cc, pair = counts.card_below, counts.card_count, counts.pair
    for (a, b, c), s in zip(counts.hands, counts.strengths):
        # a < b < c: all_hands() lists sorted triples
        pab, pac, pbc = pair[a * 54 + b], pair[a * 54 + c], pair[b * 54 + c]
        lab, lac, lbc = bisect_left(pab, s), bisect_left(pac, s), bisect_left(pbc, s)
        cba, cbb, cbc = cb[a], cb[b], cb[c]
        wins[s] += below_total[s] - cba[s] - cbb[s] - cbc[s] + lab + lac + lbc
        if s in exceptions:
            wins[s] += _outside_order(counts, (a, b, c), exceptions[s])
        ties[s] += (
            per_strength[s] - cc[a][s] - cc[b][s] - cc[c][s]
            + bisect_right(pab, s) + bisect_right(pac, s) + bisect_right(pbc, s) - lab - lac - lbc - 1
        )
        if example[s] is None:
            example[s] = (a, b, c)
    rows: List[EquityRow] = []
    opponents = counts.opponents
    for s in range(n_strengths - 1, -1, -1):
        total = per_strength[s] * opponents
        hand = example[s]
        assert hand is not None
        shown = " ".join(str(card) for card in ranker.evaluate(hand).played)
        rows.append(
            EquityRow(
                strength=s,
                rank=n_strengths - s,
                category=ranker.category(s),
                example=shown,
                hands=per_strength[s],
                win=wins[s],
                tie=ties[s],
                lose=total - wins[s] - ties[s],
            )
        )
    ranker.memo["equity_table"] = rows
    return list(rows)
