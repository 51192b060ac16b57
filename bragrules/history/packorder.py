"""Following a pack that is not shuffled between deals.

002: "Shuffle before the first deal, then only after a showdown won by a
prial. Put folded and completed hands under the pack without shuffling;
retained blind hands stay out." Under such a profile (``pack.shuffle:
after_prial_showdown`` or ``first_deal_only``) the next deal comes off the
top of the pack as the last one left it, so a card that went under the pack
cannot be dealt again before the cards above it are used.

A :class:`PackTracker` keeps what a history tells of the pack, top to bottom,
as layers: the cards never dealt since the last shuffle (their order is
unknown: only membership can be checked), then each deal's used cards in the
order they went under. A layer is *ordered* when the order the cards went
under is known exactly (a log written by ``play``: the audit replays the deal,
so :meth:`~bragrules.engine.deal.Deal.used_cards` gives it), or a bag of cards
whose order is unknown (a sheet). Where some cards of a deal are unknown the
tracker forgets everything until the next shuffle: it never guesses.

Jokers are told apart by no history people write, so any joker stands for any
other here. The tracker never holds more than the pack, so a log of any
length is followed in constant memory.

>>> from bragrules.core.cards import parse_cards
>>> pack = PackTracker(jokers=0)
>>> pack.shuffle(out=[])
>>> first = parse_cards("As Kd 2c 7h 9s Qd")
>>> pack.deal(first, exact=True) is None            # after a shuffle any card may come first
True
>>> pack.put_under(parse_cards("7h As 9s"), exact=True, label="after deal 1")   # deal 1's used cards, in order
>>> pack.put_under(parse_cards("Kd 2c Qd"), exact=True, label="after deal 1")
>>> rest = [c for c in range(52) if c not in first]
>>> pack.deal(rest[:40], exact=True) is None        # deeper into the cards never dealt: fine
True
>>> print(pack.deal(parse_cards("2c 7h As 9s"), exact=True))
2c went under the pack (after deal 1) and cannot be dealt before the 9 cards above it: the pack is not shuffled before this deal
>>> pack.known                                      # a contradiction: nothing more is claimed until a shuffle
False

Once the cards never dealt are used up, the order is known card by card:

>>> pack.shuffle(out=[])
>>> pack.deal(first, exact=True) is None and pack.deal(rest, exact=True) is None
True
>>> pack.put_under(parse_cards("7h As 9s Kd 2c Qd"), exact=True)
>>> print(pack.deal(parse_cards("2c 7h As 9s Kd Qd"), exact=True))
2c comes off the pack where 7h lies: the pack is not shuffled, and 7h went under it before 2c
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence

from bragrules.core.cards import CARDS, JOKER_BASE, Card

Hand = Optional[Sequence[int]]


_KEYS = tuple(range(JOKER_BASE)) + (JOKER_BASE, JOKER_BASE)
_key = _KEYS.__getitem__
"""A card as the tracker tells cards apart (every joker is the same): one lookup, for long logs."""


def _name(key: int) -> str:
    return str(CARDS[key])


@dataclass
class _Layer:
    """Cards lying together in the pack: in a known order (``ordered``) or as a bag."""

    ordered: bool
    cards: List[int] = field(default_factory=list)  # ordered: top first
    bag: "Counter[int]" = field(default_factory=Counter)  # unordered
    label: str = "never dealt since the shuffle"

    def __len__(self) -> int:
        return len(self.cards) if self.ordered else sum(self.bag.values())

    def holds(self, key: int) -> bool:
        return key in self.cards if self.ordered else self.bag[key] > 0


class PackTracker:
    """What is known of an unshuffled pack between deals.

    ``shuffle(out)`` starts again from a shuffled pack (``out``: the hands
    kept out of it, None for a hand nobody recorded); ``deal(cards, exact)``
    checks the cards a deal takes off the top and returns why they cannot
    have come off it (None when they can); ``put_under(cards, exact)`` puts a
    deal's used cards under the pack; ``forget()`` gives up until the next
    shuffle. ``exact`` says that ``cards`` are in the order they leave or
    join the pack; otherwise only which cards they are counts.

    >>> from bragrules.core.cards import parse_cards
    >>> pack = PackTracker()
    >>> pack.shuffle(out=[parse_cards("Ah Ad Ac")])      # a retained hand stays out
    >>> print(pack.deal(parse_cards("Ac 2c 3c"), exact=False))
    Ac is not in the pack
    >>> pack.known                                     # a contradiction: nothing more is claimed
    False
    """

    def __init__(self, jokers: int = 0, stripped: Iterable[int] = ()):
        self.size = JOKER_BASE + jokers
        self.stripped = frozenset(stripped)  # cards not in the pack at all (pack.stripped_ranks)
        self.layers: List[_Layer] = []
        self.known = False
        self.deals = 0

    # -- what changes the pack ----------------------------------------------------

    def shuffle(self, out: Iterable[Hand]) -> None:
        """A shuffled pack: every card but those kept ``out``, in an unknown order."""
        self.layers = []
        bag: "Counter[int]" = Counter(map(_key, (c for c in range(self.size) if c not in self.stripped)))
        for hand in out:
            if hand is None:  # a hand nobody recorded is out of the pack: which cards remain is unknown
                self.forget()
                return
            bag.subtract(map(_key, hand))
        if any(count < 0 for count in bag.values()):
            self.forget()
            return
        self.layers = [_Layer(ordered=False, bag=+bag)]
        self.known = True

    def forget(self) -> None:
        """Nothing more is known of the pack until the next shuffle."""
        self.layers = []
        self.known = False

    def put_under(self, cards: Optional[Sequence[int]], exact: bool, label: str = "") -> None:
        """Cards go under the pack (``None``: cards nobody recorded, so the pack is no longer known)."""
        if not self.known:
            return
        if cards is None:
            self.forget()
            return
        if not cards:
            return
        keys = list(map(_key, cards))
        name = label or "used cards"
        layer = _Layer(ordered=True, cards=keys, label=name) if exact else _Layer(ordered=False, bag=Counter(keys), label=name)
        self.layers.append(layer)

    def deal(self, cards: Sequence[Optional[int]], exact: bool) -> Optional[str]:
        """Take ``cards`` off the top of the pack; why they cannot come from it, or None.

        ``cards`` in the order they come off the pack when ``exact`` (None
        for a card not recorded), else in any order. A card not recorded
        makes the pack unknown until the next shuffle. After a contradiction
        the pack is unknown too: one deal is reported once.
        """
        if not self.known:
            return None
        if any(c is None for c in cards) or len(cards) > sum(len(layer) for layer in self.layers):
            self.forget()
            return None
        keys = list(map(_key, cards))  # type: ignore[arg-type]  # no None here
        problem = self._take_exact(keys) if exact else self._take_bag(keys)
        if problem is not None:
            self.forget()
        return problem

    # -- the checks ---------------------------------------------------------------

    def _where(self, key: int, above: Optional[int] = None) -> str:
        """Why ``key`` cannot be dealt now; ``above``: the cards of this deal already taken, when the
        count of the cards still above it is exact (the cards dealt in order)."""
        for index, layer in enumerate(self.layers[1:], start=1):
            if layer.holds(key):
                if above is None:
                    count = "the cards above it"
                else:
                    before = sum(len(lay) for lay in self.layers[:index])
                    count = f"the {before} card{'s' if before != 1 else ''} above it"
                return (f"{_name(key)} went under the pack ({layer.label}) and cannot be dealt before "
                        f"{count}: the pack is not shuffled before this deal")
        return f"{_name(key)} is not in the pack"

    def _label_of(self, key: int) -> str:
        return next(layer.label for layer in self.layers if layer.holds(key))

    def _take_exact(self, keys: List[int]) -> Optional[str]:
        position = 0
        while position < len(keys):
            layer = self.layers[0]
            if layer.ordered:
                expected = layer.cards[0]
                if keys[position] != expected:
                    if not any(lay.holds(keys[position]) for lay in self.layers):
                        return f"{_name(keys[position])} is not in the pack"
                    return (f"{_name(keys[position])} comes off the pack where {_name(expected)} lies: the pack is "
                            f"not shuffled, and {_name(expected)} went under it before {_name(keys[position])}")
                layer.cards.pop(0)
            else:
                if layer.bag[keys[position]] <= 0:
                    return self._where(keys[position], position)
                layer.bag[keys[position]] -= 1
                if layer.bag[keys[position]] == 0:
                    del layer.bag[keys[position]]
            position += 1
            if not len(layer):
                self.layers.pop(0)
        return None

    def _take_bag(self, keys: List[int]) -> Optional[str]:
        dealt: "Counter[int]" = Counter(keys)
        wanted = len(keys)
        while wanted:
            layer = self.layers[0]
            bag = Counter(layer.cards) if layer.ordered else layer.bag
            if len(layer) <= wanted:  # the whole layer is dealt: every card of it must be among the cards
                missing = bag - dealt
                if missing:
                    extra = dealt - bag
                    below = [c for c in sorted(extra) if any(lay.holds(c) for lay in self.layers[1:])]
                    if below:
                        return (f"{_name(below[0])} went under the pack ({self._label_of(below[0])}) and is dealt "
                                f"while {_name(min(missing))}, above it, stays in the pack: the pack is not "
                                "shuffled before this deal")
                    return self._where(min(extra)) if extra else f"{_name(min(missing))} is not dealt"
                dealt -= bag
                wanted -= len(layer)
                self.layers.pop(0)
            else:  # part of it: the rest of the cards all come from it
                extra = dealt - bag
                if extra:
                    return self._where(min(extra))
                left = bag - dealt
                self.layers[0] = _Layer(ordered=False, bag=left, label=layer.label)
                wanted = 0
        return None


def deal_sequence(order: Sequence[str], hands: Dict[str, Any], cards_each: int, singly: bool,
                  centre: Optional[Sequence[Card]] = None, centre_cards: int = 0) -> List[Optional[Card]]:
    """The cards of a deal in the order they came off the pack (None where not recorded).

    ``singly``: one card at a time round the table, so the i-th player gets
    every n-th card; else each player's cards together. Centre cards come
    after the hands.

    >>> from bragrules.core.cards import parse_cards
    >>> hands = {"B": parse_cards("2c 3c"), "A": None}
    >>> deal_sequence(["B", "A"], hands, 2, singly=True, centre=parse_cards("Kd"), centre_cards=1)
    [2c, None, 3c, None, Kd]
    >>> deal_sequence(["B", "A"], hands, 2, singly=False)
    [2c, 3c, None, None]
    """
    out: List[Optional[Card]] = []
    if singly:
        for index in range(cards_each):
            for player in order:
                hand = hands.get(player)
                out.append(hand[index] if hand is not None else None)
    else:
        for player in order:
            hand = hands.get(player)
            out.extend(hand if hand is not None else [None] * cards_each)
    if centre_cards:
        out.extend(centre if centre is not None else [None] * centre_cards)
    return out


__all__ = ["PackTracker", "deal_sequence"]
