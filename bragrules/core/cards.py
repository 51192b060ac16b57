"""Cards, ranks, suits, parsing and the pack.

A :class:`Card` is a small ``int`` (so that lookups stay fast) with a name:
``rank * 4 + suit`` where ranks run 0 (two) to 12 (ace) and suits are
clubs, diamonds, hearts, spades (0 to 3). Jokers are 52 and 53.

>>> c = parse_card("Kc")
>>> c, c.rank_char, c.suit_char, int(c)
(Kc, 'K', 'c', 44)
>>> parse_card("K♣") == parse_card("kc") == c
True
>>> parse_cards("10h, Th 2s")
[Th, Th, 2s]
>>> parse_cards("Ah Zz")
Traceback (most recent call last):
...
bragrules.core.cards.CardError: 'Zz' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)
>>> str(parse_card("Jk")), parse_card("joker").is_joker
('Jk', True)
"""

from __future__ import annotations

import random
import re
from typing import Iterable, List, Optional, Sequence, Tuple

from bragrules.core.i18n import Message, Told
from bragrules.core.shuffling import shuffle
from bragrules.core.text import quote

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings", "aces")
JOKER_BASE = 52


class CardError(Told, ValueError):
    """A card string that does not name a card (the message names the bad token): its words are a
    :class:`~bragrules.core.i18n.Message`, read in the language of whoever reads them (``message``: English)."""


class Card(int):
    """One card: an ``int`` from 0 to 53 that prints as ``Kc`` (jokers ``Jk``).

    Use :func:`parse_card` or :data:`CARDS`; the constructor takes the index.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> "Card":
        if not 0 <= index < JOKER_BASE + 2:
            raise CardError(Message("card index {index} is out of range", index=str(index)))
        return super().__new__(cls, index)

    @property
    def is_joker(self) -> bool:
        return int(self) >= JOKER_BASE

    @property
    def rank(self) -> int:
        """0 (two) to 12 (ace); -1 for a joker."""
        return -1 if self.is_joker else int(self) >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades; -1 for a joker."""
        return -1 if self.is_joker else int(self) & 3

    @property
    def rank_char(self) -> str:
        return "?" if self.is_joker else RANK_CHARS[self.rank]

    @property
    def suit_char(self) -> str:
        return "?" if self.is_joker else SUIT_CHARS[self.suit]

    @property
    def suit_name(self) -> str:
        return "joker" if self.is_joker else SUIT_NAMES[self.suit]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol: ``K♣``, ``10♥``; ``🃏`` for a joker."""
        if self.is_joker:
            return "Jk"
        rank = "10" if self.rank_char == "T" else self.rank_char
        return rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return _NAMES[self]  # made once below: cards are printed in every log line and result

    __repr__ = __str__

    def __reduce__(self) -> Tuple[type, Tuple[int]]:
        return (Card, (int(self),))


CARDS: Tuple[Card, ...] = tuple(Card(i) for i in range(JOKER_BASE + 2))
"""Every card by index (0 to 51, then the two jokers)."""

# each card's name, by index: "2c" ... "As", then the two jokers
_NAMES: Tuple[str, ...] = tuple(RANK_CHARS[i >> 2] + SUIT_CHARS[i & 3] for i in range(JOKER_BASE)) + ("Jk", "Jk2")

STANDARD_PACK: Tuple[Card, ...] = CARDS[:JOKER_BASE]

_SUIT_LOOKUP = {
    "c": 0, "♣": 0, "♧": 0,
    "d": 1, "♦": 1, "♢": 1,
    "h": 2, "♥": 2, "♡": 2,
    "s": 3, "♠": 3, "♤": 3,
}
_RANK_LOOKUP = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_LOOKUP["10"] = 8
_RANK_LOOKUP["1"] = 12  # never reached alone; "1" is refused below
_TOKEN = re.compile(r"[\s,]+")


def parse_rank(text: str) -> int:
    """A rank from ``"K"``, ``"k"``, ``"10"``, ``"T"``, ``"2"``: 0 (two) to 12 (ace).

    >>> parse_rank("10"), parse_rank("a"), parse_rank("2")
    (8, 12, 0)
    """
    key = str(text).strip().upper()
    if key in _RANK_LOOKUP and key != "1":
        return _RANK_LOOKUP[key]
    raise CardError(Message("{text} is not a rank (2-10, J, Q, K, A; T for ten)", text=quote(text)))


def parse_card(text: str) -> Card:
    """One card from ``Kc``, ``K♣``, ``kc``, ``10h``, ``Th``; ``Jk``/``joker`` for a joker."""
    token = str(text).strip()
    lower = token.lower()
    if lower in ("jk", "joker", "jk1", "🃏"):
        return CARDS[JOKER_BASE]
    if lower == "jk2":
        return CARDS[JOKER_BASE + 1]
    if len(token) >= 2:
        rank_text, suit_text = token[:-1], token[-1].lower()
        rank_key = rank_text.upper()
        if suit_text in _SUIT_LOOKUP and rank_key in _RANK_LOOKUP and rank_key != "1":
            return CARDS[_RANK_LOOKUP[rank_key] * 4 + _SUIT_LOOKUP[suit_text]]
    raise CardError(Message("{text} is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)", text=quote(token)))


def split_tokens(text: str) -> List[str]:
    """Card tokens separated by spaces or commas."""
    return [t for t in _TOKEN.split(text.strip()) if t]


def parse_cards(text: str | Iterable[str]) -> List[Card]:
    """Several cards, separated by spaces or commas (or given as a list of tokens)."""
    tokens = split_tokens(text) if isinstance(text, str) else [str(t) for t in text]
    return [parse_card(t) for t in tokens]


def parse_hand(text: str | Iterable[str], size: Optional[int] = None) -> List[Card]:
    """Cards of one hand: no card twice, and exactly ``size`` cards when given.

    >>> parse_hand("Ah Ah Kd")
    Traceback (most recent call last):
    ...
    bragrules.core.cards.CardError: Ah appears twice in one hand
    """
    cards = parse_cards(text)
    seen = set()
    for card in cards:
        if card in seen and not card.is_joker:
            raise CardError(Message("{card} appears twice in one hand", card=str(card)))
        seen.add(card)
    if size is not None and len(cards) != size:
        raise CardError(Message("a hand needs {size} cards, got {count}", size=str(size), count=str(len(cards))))
    return cards


def format_cards(cards: Sequence[int]) -> str:
    """``Kc 9c 4c``."""
    return " ".join([_NAMES[c] for c in cards])


class Pack:
    """An ordered pack. Cards are dealt from the top; used hands go to the bottom.

    Shuffles use an explicit :class:`random.Random`, never the global one, so
    the same seed gives the same deals.

    >>> pack = Pack.fresh(jokers=0)
    >>> rng = random.Random(7)
    >>> pack.shuffle(rng); top = pack.deal(3); len(pack)
    49
    >>> pack.put_under(top); len(pack), pack.cards[-3:] == top
    (52, True)
    """

    __slots__ = ("cards",)

    def __init__(self, cards: Iterable[int]):
        self.cards: List[Card] = [CARDS[c] for c in cards]

    @classmethod
    def fresh(cls, jokers: int = 0) -> "Pack":
        return cls(range(JOKER_BASE + jokers))

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, rng: random.Random) -> None:
        shuffle(self.cards, rng)

    def cut(self, at: int) -> None:
        """Cut: the top ``at`` cards go to the bottom."""
        self.cards = self.cards[at:] + self.cards[:at]

    def deal(self, count: int) -> List[Card]:
        if count > len(self.cards):
            raise CardError(Message("the pack has {size} cards, {count} needed", size=str(len(self.cards)), count=str(count)))
        dealt, self.cards = self.cards[:count], self.cards[count:]
        return dealt

    def take(self, cards: Iterable[int]) -> None:
        """Remove named cards from the pack (dealing a known hand)."""
        wanted = [CARDS[c] for c in cards]
        for card in wanted:
            try:
                self.cards.remove(card)
            except ValueError:
                raise CardError(Message("{card} is not in the pack", card=str(card))) from None

    def put_under(self, cards: Iterable[int]) -> None:
        self.cards.extend(CARDS[c] for c in cards)
