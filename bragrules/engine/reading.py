"""One hand read as the showdown reads it: its key, the cards that play, the wild cards, in words.

``bragrules rank`` prints these. Everything comes from the profile's
:class:`~bragrules.engine.showdown.Comparer`, the one that decides a
showdown, so what ``rank`` says of two hands is who wins between them:
wild cards chosen in each hand (``ranking.wild.per_hand``), the joker dealt
to each player (``joker_each``), a Kissing-Missing kiss or miss
(``kiss_miss``), the discard that breaks ties, and the special hands that
beat a category outside the order (``ranking.special_hands``).

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile import load_profile_text
>>> from bragrules.rules.compile import compile_rules
>>> lowest = compile_rules(load_profile_text(
...     "extends: standard\\nname: lowest\\nranking: {wild: {per_hand: lowest_rank}}\\n")).comparer
>>> reading = read_hand(lowest, parse_cards("2c 9h 9s"))
>>> reading.category, reading.description, [str(c) for c in reading.wild]
('prial', 'prial of nines (2c as 9c)', ['2c'])

Two hands compare by :func:`compare`, the showdown's own answer:

>>> compare(lowest, reading, read_hand(lowest, parse_cards("Ah Ad Kc")))   # K is the lowest: A-A-A
-1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional, Sequence, Tuple

from bragrules.core.cards import CARDS, JOKER_BASE, Card
from bragrules.rules.wild_deal import kiss_miss_reading
from bragrules.rules.wild_sums import sum_reading

if TYPE_CHECKING:
    from bragrules.engine.showdown import Comparer, Key
    from bragrules.rules.ranking import HandRanker
    from bragrules.rules.ranking_spec import Evaluation

__all__ = ["Reading", "compare", "read_hand"]


class Reading(NamedTuple):
    """A hand as the showdown values it (a named tuple: ``rank`` makes one for every hand it reads).

    ``key`` is what the showdown compares (bigger wins, equal keys tie and the tie rule decides), its
    first element the ``strength``; ``beats`` is, for a special hand, the category and the strengths
    ``(low, high)`` it beats outside that order (None otherwise). ``played`` are the cards that play
    (a Kissing-Missing hand's kiss or miss among them), ``discarded`` the rest, ``wild`` the played
    cards that are wild in this hand.
    """

    key: "Key"
    category: str
    played: Tuple[Card, ...]
    discarded: Tuple[Card, ...]
    wild: Tuple[Card, ...]
    natural: bool
    description: str
    beats: Optional[Tuple[str, int, int]] = None

    @property
    def strength(self) -> int:
        return self.key[0]


def read_hand(comparer: "Comparer", cards: Sequence[Card]) -> Reading:
    """The :class:`Reading` of ``cards``; refused as :meth:`~bragrules.engine.showdown.Comparer.check`
    refuses a hand the profile does not deal."""
    ranker = comparer.ranker
    wild = comparer.wild
    if wild is None:  # the ranker's own evaluation checks the cards as the comparer would
        ev = ranker.evaluate(cards)
        key = comparer.key(cards)
        own = ranker.wild
        reading = Reading(key, ev.category, ev.played, ev.discarded, tuple(c for c in ev.played if int(c) in own),
                          ev.natural, ranker.describe(ev) if own else _plain_words(ranker, ev))
    elif wild.kiss_miss:
        comparer.check(cards)
        key = comparer.key(cards)
        _, pair, plays = kiss_miss_reading(ranker, cards, wild.steps)
        shown = ranker.evaluate([*plays, JOKER_BASE] if pair else plays).played  # in the order a hand is read
        played = tuple(c for c in shown if not c.is_joker) + tuple(CARDS[c] for c in pair)
        discarded = tuple(c for c in cards if c not in played)
        reading = Reading(key, ranker.category(key[0]), played, discarded, tuple(CARDS[c] for c in pair),
                          not pair, comparer.describe(cards))
    elif wild.summing:
        comparer.check(cards)
        key = comparer.key(cards)
        _, groups, plays = sum_reading(ranker, cards, comparer.deal_wild)
        grouped = tuple(CARDS[c] for g in groups for c in g)
        played = tuple(CARDS[c] for c in plays) + grouped
        reading = Reading(key, ranker.category(key[0]), played, tuple(c for c in cards if c not in played),
                          grouped + tuple(CARDS[c] for c in plays if c in comparer.deal_wild),
                          not grouped and not any(c in comparer.deal_wild for c in plays), comparer.describe(cards))
    else:
        comparer.check(cards)
        key = comparer.key(cards)
        chosen = comparer.hand_wild(cards)
        ev = ranker.evaluate(cards, chosen or None)
        reading = Reading(key, ev.category, ev.played, ev.discarded,
                          tuple(c for c in ev.played if c in chosen or int(c) in ranker.wild), ev.natural,
                          ranker.describe(ev))
    ups = ranker.upsets
    if ups is not None:
        low, high = ups[key[0]]
        if low <= high:
            return reading._replace(beats=(ranker.category(low), low, high))
    return reading


def _plain_words(ranker: "HandRanker", ev: "Evaluation") -> str:
    """A hand in words where no card is wild: a function of its strength alone, worked out once per strength;
    except for hands counted as points, where hands of one strength read differently (556 and 554 are equally
    near 555; 9-K-4 and 9-Q-4 both read 940), so each is said as it is."""
    if ranker.spec.points.read is not None:
        return ranker.describe(ev)
    words = ranker.memo.setdefault("words_by_strength", {})
    assert isinstance(words, dict)
    found = words.get(ev.strength)
    if found is None:
        found = words[ev.strength] = ranker.describe(ev)
    return str(found)


def compare(comparer: "Comparer", a: Reading, b: Reading) -> int:
    """Who wins between two readings, as the showdown decides (:meth:`~bragrules.engine.showdown.Comparer.order`)."""
    return comparer.order(a.key, b.key)
