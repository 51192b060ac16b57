"""Cards that add up to a turned card: "Add up get joker" (``ranking.wild.select`` with ``relation: sum``).

varunvaswani.blogspot.com's Teen Patti variations: "give 5 cards to everyone, open one card….any card/cards
that add up to that number form a joker". Five cards are dealt; one card is turned face up in the centre. A
card of its number is a joker by itself; two or three cards of the hand whose numbers add up to it (ace 1,
two to ten their pips, jack 11, queen 12, king 13: :func:`~bragrules.rules.wild_select.pip_number`) together
make one joker. The hand plays three: jokers made so, and cards of the hand beside them; the rest are
discarded, and the best reading plays.

The ranker values such a joker as a wild card: one card of the group stands in the three played, marked
wild, so a reading is one lookup in the ranker's table of wild hands (:meth:`HandRanker.wild_strength`).

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Ranking
>>> from bragrules.rules.ranking import compile_ranking
>>> ranker = compile_ranking(Ranking(), open_wild=True)
>>> nines = frozenset(parse_cards("9c 9d 9h 9s"))           # a nine turned: the nines are jokers
>>> sum_words(ranker, parse_cards("4c 5d Kh Ks 2c"), nines)   # 4 + 5 = 9: one joker with the kings
'prial of kings (4c+5d as Kc); 2c discarded'
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, FrozenSet, List, Sequence, Tuple

from bragrules.core.cards import CARDS, JOKER_BASE
from bragrules.rules.wild_select import pip_number

if TYPE_CHECKING:
    from bragrules.rules.ranking import HandRanker

__all__ = ["SumReading", "adds_up", "sum_reading", "sum_target", "sum_wild", "sum_words"]

SumReading = Tuple[int, Tuple[Tuple[int, ...], ...], Tuple[int, ...]]
"""A hand's best reading: (strength, the groups of cards each made one joker, the hand's cards played beside
them)."""


def sum_target(deal_wild: FrozenSet[int]) -> int:
    """The number cards add up to: the turned card's, read from the deal's wild cards (every card of the turned
    rank); 0 when nothing was turned (or a joker was).

    >>> from bragrules.core.cards import parse_cards
    >>> sum_target(frozenset(parse_cards("Kc Kd Kh Ks"))), sum_target(frozenset())
    (13, 0)
    """
    ranks = {int(c) >> 2 for c in deal_wild if int(c) < JOKER_BASE}
    if len(ranks) != 1:
        return 0
    return pip_number(next(iter(ranks)))


def _groups(cards: Sequence[int], target: int) -> List[Tuple[int, ...]]:
    """Every two or three cards of ``cards`` whose numbers add up to ``target``."""
    if target < 2:
        return []
    out: List[Tuple[int, ...]] = []
    for size in (2, 3):
        for group in itertools.combinations(cards, size):
            if sum(pip_number(c >> 2) for c in group) == target:
                out.append(group)
    return out


def adds_up(hand: Sequence[int], deal_wild: FrozenSet[int]) -> bool:
    """Whether two or three cards of ``hand`` add up to the turned card's number (a joker is there to make).

    >>> from bragrules.core.cards import parse_cards
    >>> adds_up(parse_cards("4c 5d Kh Ks 2c"), frozenset(parse_cards("9c 9d 9h 9s")))
    True
    """
    return bool(_groups([int(c) for c in hand if int(c) < JOKER_BASE], sum_target(deal_wild)))


def sum_reading(ranker: "HandRanker", hand: Sequence[int], deal_wild: FrozenSet[int]) -> SumReading:
    """A hand's best reading when cards adding up to the turned card make one joker.

    Tried in order, the first of equal strengths kept: three of the hand's cards (a card of the turned number
    wild), then one group and two cards, then two groups and one card.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Ranking
    >>> from bragrules.rules.ranking import compile_ranking
    >>> ranker = compile_ranking(Ranking(), open_wild=True)
    >>> sevens = frozenset(parse_cards("7c 7d 7h 7s"))
    >>> _, groups, plays = sum_reading(ranker, parse_cards("3c 4d Ah 6s Qc"), sevens)   # 3+4 and A+6
    >>> [[str(CARDS[c]) for c in g] for g in groups], [str(CARDS[c]) for c in plays]
    ([['3c', '4d'], ['Ah', '6s']], ['Qc'])
    >>> sum_reading(ranker, parse_cards("3c 4d Ah 6s Qc"), frozenset())[1]   # nothing turned: no joker
    ()
    """
    cards = [int(c) for c in hand]
    wild_here = frozenset(c for c in cards if c in deal_wild)
    best = -1
    groups: Tuple[Tuple[int, ...], ...] = ()
    plays: Tuple[int, ...] = ()
    for trio in itertools.combinations(cards, 3):
        strength = ranker.wild_strength(trio, wild_here)
        if strength > best:
            best, plays = strength, trio
    found = _groups(cards, sum_target(deal_wild))
    for chosen in itertools.chain(((g,) for g in found), itertools.combinations(found, 2)):
        used = [c for g in chosen for c in g]
        if len(set(used)) != len(used):
            continue
        rest = [c for c in cards if c not in used]
        stand = tuple(g[0] for g in chosen)
        for others in itertools.combinations(rest, 3 - len(chosen)):
            strength = ranker.wild_strength(stand + others, wild_here | frozenset(stand))
            if strength > best:
                best, groups, plays = strength, chosen, others
    return best, groups, plays


def sum_wild(ranker: "HandRanker", hand: Sequence[int], deal_wild: FrozenSet[int]) -> FrozenSet[int]:
    """The cards of ``hand`` wild in its best reading: each group's cards, and the played cards of the turned
    number."""
    _, groups, plays = sum_reading(ranker, hand, deal_wild)
    return frozenset(CARDS[c] for c in [*(c for g in groups for c in g), *(c for c in plays if c in deal_wild)])


def sum_words(ranker: "HandRanker", hand: Sequence[int], deal_wild: FrozenSet[int]) -> str:
    """A hand in words: its best reading, each group that made a joker, the cards discarded."""
    _, groups, plays = sum_reading(ranker, hand, deal_wild)
    stand = tuple(g[0] for g in groups)
    wild = frozenset(c for c in plays if c in deal_wild) | frozenset(stand)
    text = ranker.describe([CARDS[c] for c in stand + plays], wild or None)
    for g in groups:
        text = text.replace(f"{CARDS[g[0]]} as", f"{'+'.join(str(CARDS[c]) for c in g)} as", 1)
    kept = {c for g in groups for c in g} | set(plays)
    out = [str(CARDS[c]) for c in (int(x) for x in hand) if c not in kept]
    return f"{text}; {' '.join(out)} discarded" if out else text
