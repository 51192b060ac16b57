"""Two cards of a hand that together make one joker: Kissing-Missing's kiss (a pair) and miss (two ranks
with one between), Skip Sequence's sequence and skip; the hand's best reading and its words.

A ``pair`` selector of ``ranking.wild.select`` (``kiss_miss`` is its shorthand) deals five cards; two of
them that are ``steps`` ranks apart count together as one joker, one more card is discarded, and three
play. The ranker holds the joker (``Jk``) as a wild card, so a reading is a lookup in its table.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Sequence, Tuple

from bragrules.core.cards import CARDS, JOKER_BASE
from bragrules.core.i18n import ENGLISH, language, tr
from bragrules.rules.wild_select import kisses

if TYPE_CHECKING:
    from bragrules.rules.ranking import HandRanker

__all__ = ["KISS_MISS_SAMPLE", "kiss_miss_reading", "kiss_miss_words"]


KISS_MISS_SAMPLE = 20_480
"""Five-card holdings sampled (the same every run) to place a Kissing-Missing hand among others."""


def kiss_miss_reading(ranker: "HandRanker", hand: Sequence[int],
                      steps: Sequence[int] = (0, 2)) -> Tuple[int, Tuple[int, ...], Tuple[int, ...]]:
    """A Kissing-Missing hand's best reading: (strength, the two cards made its joker (none: no joker),
    the two or three cards that play beside it). The ranker holds the joker (``Jk``) as a wild card.
    ``steps``: how many ranks apart two cards that make the joker are (Kissing-Missing's kiss and miss,
    ``(0, 2)``; Skip Sequence's ``(1, 2)``).

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile.model_validate({"format": {"cards_dealt": 5}, "ranking": {"wild": {"kiss_miss": True}}}))
    >>> _, joker, plays = kiss_miss_reading(rules.ranking.ranker, parse_cards("6c 8d Kh Ks 2c"))
    >>> [str(CARDS[c]) for c in joker], [str(CARDS[c]) for c in plays]
    (['6c', '8d'], ['Kh', 'Ks'])
    """
    cards = [int(c) for c in hand]
    table = ranker.table
    stride2, stride = 54 * 54, 54
    best = -1
    joker_pair: Tuple[int, ...] = ()
    plays: Tuple[int, ...] = ()
    for a, b, c in itertools.combinations(cards, 3):
        strength = table[a * stride2 + b * stride + c]
        if strength > best:
            best, plays = strength, (a, b, c)
    joker = JOKER_BASE
    for i, j in itertools.combinations(range(len(cards)), 2):
        if not kisses(cards[i], cards[j], steps):
            continue
        rest = [c for n, c in enumerate(cards) if n not in (i, j)]
        for x, y in itertools.combinations(rest, 2):
            strength = table[x * stride2 + y * stride + joker]
            if strength > best:
                best, joker_pair, plays = strength, (cards[i], cards[j]), (x, y)
    return best, joker_pair, plays


def kiss_miss_words(ranker: "HandRanker", hand: Sequence[int], steps: Sequence[int] = (0, 2)) -> str:
    """A Kissing-Missing hand in words: its reading, the joker's two cards, the cards discarded.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile.model_validate({"format": {"cards_dealt": 5}, "ranking": {"wild": {"kiss_miss": True}}}))
    >>> kiss_miss_words(rules.ranking.ranker, parse_cards("6c 8d Kh Ks 2c"))
    'prial of kings (6c 8d a miss, as Kc); 2c discarded'
    """
    _, pair, plays = kiss_miss_reading(ranker, hand, steps)
    out = [c for c in (int(x) for x in hand) if c not in pair and c not in plays]
    gone = "; " + tr("{cards} discarded", cards=" ".join(str(CARDS[c]) for c in out)) if out else ""  # none left after a chosen discard
    if not pair:
        return f"{ranker.describe(list(plays))}{gone}"
    text = ranker.describe([*plays, JOKER_BASE])
    kind = _pair_kind(pair, steps)
    made = f"{CARDS[pair[0]]} {CARDS[pair[1]]} {kind}"
    if language() == ENGLISH and "(Jk as " in text:  # the joker's two cards in its place (another language: beside)
        text = text.replace("(Jk as ", f"({made}, as ")
    else:
        text = f"{text} ({made})"
    return f"{text}{gone}"


def _pair_kind(pair: Tuple[int, ...], steps: Sequence[int]) -> str:
    """What two cards that make one joker are called: Kissing-Missing's kiss and miss, else a pair, a
    sequence (consecutive ranks) or a skip (one rank between)."""
    same = pair[0] >> 2 == pair[1] >> 2
    if tuple(sorted(steps)) == (0, 2):
        return tr("a kiss") if same else tr("a miss")
    if same:
        return tr("a pair")
    return tr("a sequence") if kisses(pair[0], pair[1], (1,)) else tr("a skip")
