"""Comparing hands at a showdown.

A :class:`Comparer` turns a player's cards into a key (bigger wins). With
one hand per player the key is the hand's strength (best three of the cards
dealt), plus the discarded card for Four-Card tables where it breaks ties.
Who wins between equal keys is the tie policy's business, not the comparer's.

:meth:`Comparer.order` is the one answer to "which of two hands wins": the
showdown, a side-show, ``rank``, ``equity``, the bots' shares, the solver and
the audit all ask it (or count with :meth:`Comparer.beaten`, which it
decides), so no two of them can disagree.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> comparer = compile_rules(Profile()).comparer
>>> comparer.versus(parse_cards("5s 6h 7d"), parse_cards("Kc 9c 4c"))   # a run beats a flush
1
>>> comparer.versus(parse_cards("Kc 9c 4c"), parse_cards("Kd 9d 4d"))   # equal: the tie rule decides
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from bragrules.core.cards import JOKER_BASE, Card
from bragrules.core.errors import RuleViolation
from bragrules.core.rule_id import Rule
from bragrules.rules.procedure import TRUMP_CARD_RULE
from bragrules.rules.ranking import HandRanker
from bragrules.rules.wild_deal import (
    JOKER_EACH_RULE,
    WildDealPolicy,
    kiss_miss_words,
)
from bragrules.rules.wild_sums import sum_words

if TYPE_CHECKING:
    from bragrules.rules.compile import Rules

Key = Tuple[int, ...]


@dataclass(frozen=True)
class Comparer:
    """Keys for one-hand formats (Three-Card and Four-Card): made once per profile (``rules.comparer``).

    With wild cards chosen per deal or per hand (``wild``), each deal has its own comparer
    (:meth:`for_deal`), which values every hand with the wild cards of its deal and its own.
    """

    ranker: "HandRanker"
    suit_ranker: "HandRanker"
    discard_breaks_ties: bool
    wild: Optional[WildDealPolicy] = None
    deal_wild: FrozenSet[int] = frozenset()
    """The cards wild in every hand of this deal (the centre's ranks)."""
    trump: Optional[int] = None
    """The deal's trump suit (``procedure.trump_card``): between hands otherwise equal, a trump card outranks a card
    of the same rank in another suit (None: no trump)."""

    def for_deal(self, centre: Sequence[Card]) -> "Comparer":
        """The comparer of a deal with these face-up centre cards (this one when no wild card is chosen)."""
        wild = self.wild
        if wild is None:
            return self
        return Comparer(self.ranker, self.suit_ranker, self.discard_breaks_ties, wild, wild.deal_wild(centre))

    def hand_wild(self, cards: Sequence[Card]) -> FrozenSet[int]:
        """The cards of a hand wild because of the deal or the hand (none without such a rule)."""
        wild = self.wild
        if wild is None:
            return frozenset()
        return wild.hand_wild(cards, self.deal_wild, self.ranker)

    def decided(self, hands: Sequence[Sequence[Card]]) -> Tuple[Rule, ...]:
        """The wild-card rules that made a card wild in any of these hands (what a showdown cites)."""
        wild = self.wild
        if wild is None:
            return ()
        return wild.decided(hands, self.deal_wild)

    def describe(self, cards: Sequence[Card]) -> str:
        """A hand in words, its wild cards chosen per deal or per hand included."""
        if self.wild is not None and self.wild.kiss_miss:
            return kiss_miss_words(self.ranker, cards, self.wild.steps)
        if self.wild is not None and self.wild.summing:
            return sum_words(self.ranker, cards, self.deal_wild)
        return self.ranker.describe(cards, self.hand_wild(cards) or None)

    def key(self, cards: Sequence[int]) -> Key:
        """A hand's key: the bigger beats the smaller, but where a special hand decides (:meth:`wins`)."""
        ranker = self.ranker
        if self.wild is not None:
            return (self.wild.strength(ranker, cards, self.deal_wild),)
        if len(cards) == 3:
            return (ranker.strength(cards),)
        if self.discard_breaks_ties:
            return tuple(ranker.four_card_key(cards))
        return (ranker.evaluate(cards).strength,)

    def with_trump(self, suit: Optional[int]) -> "Comparer":
        """The comparer of a deal whose trump suit is ``suit`` (this one when None): the keys of :meth:`key`, each
        followed by which of the hand's cards are trumps (:func:`trump_order`)."""
        if suit is None:
            return self
        return TrumpComparer(self.ranker, self.suit_ranker, self.discard_breaks_ties, self.wild, self.deal_wild, suit)

    def trump_decided(self, hands: Sequence[Sequence[Card]]) -> Tuple[Rule, ...]:
        """``procedure.trump_card`` when the trump suit told apart two of these hands that are otherwise equal
        (what a showdown cites), else nothing."""
        if self.trump is None:
            return ()
        plain = [Comparer.key(self, hand) for hand in hands]
        for i, first in enumerate(plain):
            for j in range(i + 1, len(plain)):
                if first == plain[j] and self.key(hands[i]) != self.key(hands[j]):
                    return (TRUMP_CARD_RULE,)
        return ()

    @classmethod
    def of(cls, ranker: "HandRanker") -> "Comparer":
        """The comparer of a bare ranking: hands of three (or the best three of more), no wild card
        chosen at the table, no discard breaking ties."""
        return cls(ranker, ranker, False)

    def check(self, cards: Sequence[int]) -> None:
        """Refuse cards that are no hand of this profile's showdown (``ValueError`` for cards that are no
        hand of the pack, :class:`RuleViolation` naming the wild-card rule a hand's shape breaks); the
        same cards are then valued by :meth:`key`.

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.core.cards import parse_cards
        >>> compile_rules(load_profile("joker")).comparer.check(parse_cards("Ks Kd Qh"))
        Traceback (most recent call last):
        ...
        bragrules.core.errors.RuleViolation: ranking.wild.joker_each: a hand is 2 cards of the pack and its player's own joker, Jk
        """
        hand = self.ranker.check(cards)
        wild = self.wild
        if wild is None:
            return
        jokers = sum(1 for c in hand if c >= JOKER_BASE)
        if wild.kiss_miss:
            if jokers:
                raise RuleViolation(wild.first_rule, "the pack has no jokers: a kiss or a miss makes the one joker")
            return
        if wild.joker is not None:
            if len(hand) != 3 or jokers != 1:
                raise RuleViolation(JOKER_EACH_RULE, "a hand is 2 cards of the pack and its player's own joker, Jk")
            return
        if len(hand) != wild.cards:
            raise RuleViolation(wild.first_rule, "wild cards chosen at the table value hands of {cards} cards, not {n_hand}", cards=wild.cards, n_hand=len(hand))

    @property
    def by_strength(self) -> bool:
        """Whether, for hands of three, the strength alone says who wins: the bigger, equal strengths equal
        (no wild card chosen at the table, no special hand). What a count over strengths may rely on."""
        return self.wild is None and self.ranker.upsets is None

    @property
    def special(self) -> bool:
        """Whether some hand beats another outside the order of keys (``ranking.special_hands``)."""
        return self.ranker.upsets is not None

    def order(self, a: Key, b: Key) -> int:
        """Who wins between hands of keys ``a`` and ``b``: ``1`` when ``a`` beats ``b``, ``-1`` when ``b``
        beats ``a``, ``0`` when they are equal (then the tie rule decides, ``seeing.tie``).

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.core.cards import parse_cards
        >>> zjh = compile_rules(load_profile("zha-jin-hua")).comparer
        >>> k235, kaaa, kakq = (zjh.key(parse_cards(h)) for h in ("2c 3d 5h", "Ac Ad Ah", "As Ks Qs"))
        >>> zjh.order(k235, kaaa), zjh.order(kaaa, kakq), zjh.order(kakq, k235)   # a circle
        (1, 1, 1)
        """
        if a == b:
            return 0
        return 1 if self.wins(a, b) else -1

    def versus(self, a: Sequence[int], b: Sequence[int]) -> int:
        """:meth:`order` of two hands' cards."""
        return self.order(self.key(a), self.key(b))

    def exceptions(self) -> Dict[int, Tuple[Tuple[int, int], ...]]:
        """Per strength ``s``, the strengths it is compared with outside their order, as ``(t, 1)`` where a
        hand of strength ``s`` beats one of the bigger strength ``t``, ``(t, -1)`` where it loses to one of
        the smaller strength ``t`` (special hands, ``ranking.special_hands``); empty for a plain order.
        Decided by :meth:`order`, worked out once per ranking.

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> zjh = compile_rules(load_profile("zha-jin-hua")).comparer
        >>> found = zjh.exceptions()
        >>> sorted({zjh.ranker.category(t) for pairs in found.values() for t, _ in pairs})
        ['high_card', 'prial']
        """
        ranker = self.ranker
        cached = ranker.memo.get("order_exceptions")
        if isinstance(cached, dict):
            return cached
        found: Dict[int, Set[Tuple[int, int]]] = {}
        for u, (low, high) in enumerate(ranker.upsets or ()):
            for t in range(low, high + 1):
                for s, other in ((u, t), (t, u)):
                    decided = self.order((s,), (other,))
                    if decided and (decided > 0) != (s > other):
                        found.setdefault(s, set()).add((other, decided))
        out = {s: tuple(sorted(pairs)) for s, pairs in found.items()}
        ranker.memo["order_exceptions"] = out
        return out

    def beaten(self, counts: Sequence[int]) -> List[int]:
        """Per strength ``s``: how many of the hands counted (``counts[t]`` hands of strength ``t``) a hand
        of strength ``s`` beats, as :meth:`order` decides.

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> comparer = compile_rules(load_profile("standard")).comparer
        >>> comparer.beaten([2, 0, 3])
        [0, 2, 2]
        """
        out: List[int] = []
        below = 0
        for count in counts:
            out.append(below)
            below += count
        for s, pairs in self.exceptions().items():
            for t, sign in pairs:
                out[s] += sign * counts[t]
        return out

    def wins(self, a: Key, b: Key) -> bool:
        """Whether key ``a`` beats key ``b``: the bigger key, unless a special hand decides.

        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.core.cards import parse_cards
        >>> zjh = compile_rules(Profile.model_validate({"ranking": {"special_hands": [
        ...     {"ranks": [2, 3, 5], "suited": False, "beats": "prial"}]}})).comparer
        >>> zjh.wins(zjh.key(parse_cards("2c 3d 5h")), zjh.key(parse_cards("Ac Ad Ah")))
        True
        """
        ranker = self.ranker
        if ranker.upsets is not None and a[0] != b[0]:
            return ranker.beats(a[0], b[0])
        return a > b

    def circle_key(self, key: Key, present: Sequence[Key]) -> Key:
        """A key for comparing hands that beat each other in a circle: a special hand that beats a
        hand present counts just above the best hand of the category it beats, the rest as they are
        (dayujiemeng.com, Zha Jin Hua: "当豹子存在时，特殊牌型 > 豹子", when a leopard is present the
        special hand beats it)."""
        ups = self.ranker.upsets
        if ups is not None:
            low, high = ups[key[0]]
            if any(low <= other[0] <= high for other in present):
                return (high * 2 + 1,) + key[1:]
        return (key[0] * 2,) + key[1:]

    def suit_key(self, cards: Sequence[Card]) -> Key:
        if self.wild is not None:
            return (self.wild.strength(self.suit_ranker, cards, self.deal_wild),)
        return (self.suit_ranker.evaluate(cards).strength,)

    def category(self, cards: Sequence[Card]) -> str:
        ranker = self.ranker
        if self.wild is not None:
            return ranker.category(self.wild.strength(ranker, cards, self.deal_wild))
        if len(cards) == 3:
            return ranker.category(ranker.strength(cards))
        return ranker.evaluate(cards).category


@dataclass(frozen=True)
class TrumpComparer(Comparer):
    """A deal's comparer under a trump suit (``procedure.trump_card``): between hands otherwise equal, the first
    trump where the other hand holds a card of the same rank in another suit wins.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> plain = compile_rules(load_profile("teen-patti")).comparer
    >>> hukam = plain.with_trump(parse_cards("2h")[0].suit)
    >>> plain.versus(parse_cards("Kh Qd 9c"), parse_cards("Ks Qc 9d")), hukam.versus(parse_cards("Kh Qd 9c"), parse_cards("Ks Qc 9d"))
    (0, 1)
    """

    def key(self, cards: Sequence[int]) -> Key:
        trump = self.trump
        assert trump is not None
        return Comparer.key(self, cards) + trump_order(cards, trump)


def trump_order(cards: Sequence[int], trump: int) -> Key:
    """Which cards of a hand are trumps, from the cards that count most: those of the most common rank first (a
    pair before its odd card), then from the highest rank; 1 for a trump. Between hands otherwise equal the
    bigger wins, so the first trump where the other hand has a card of another suit decides.

    >>> from bragrules.core.cards import parse_cards
    >>> spades = parse_cards("2s")[0].suit
    >>> trump_order(parse_cards("Kh Ks 4s"), spades), trump_order(parse_cards("Kd Kc 4h"), spades)
    ((1, 0, 1), (0, 0, 0))
    """
    held = [Card(c) for c in cards]
    ranks = [c.rank for c in held]
    ordered = sorted(held, key=lambda c: (-ranks.count(c.rank), -c.rank, c.suit != trump))
    return tuple(1 if not c.is_joker and c.suit == trump else 0 for c in ordered)


def best_players(
    players: Sequence[str],
    key: Callable[[str], Key],
    comparer: Optional[Comparer] = None,
) -> List[str]:
    """The players whose key is highest (several when tied), in the order given.

    With a ``comparer`` whose special hands beat one category outside the order: the players
    no other hand beats; when every hand is beaten by another (a circle), the special hands that
    beat a hand present count above its category (:meth:`Comparer.circle_key`).
    """
    keys: Dict[str, Key] = {p: key(p) for p in players}
    if comparer is not None and comparer.special:
        order = comparer.order
        unbeaten = [p for p in players if not any(order(keys[q], keys[p]) > 0 for q in players if q != p)]
        if unbeaten:
            return unbeaten
        present = list(keys.values())
        keys = {p: comparer.circle_key(k, present) for p, k in keys.items()}
    top = max(keys.values())
    return [p for p in players if keys[p] == top]


def settle_pair(
    rules: "Rules",
    caller: str,
    opponent: str,
    key: Callable[[str], Key],
    suit_key: Callable[[str], Key],
    order: Sequence[str],
) -> List[str]:
    """Winners of a see between two players: the better hand (:meth:`Comparer.order`), else the tie policy."""
    decided = rules.comparer.order(key(caller), key(opponent))
    if decided:
        return [caller] if decided > 0 else [opponent]
    return rules.seeing.resolve_tie(caller, opponent, order, suit_key)


def settle_many(
    rules: "Rules",
    players: Sequence[str],
    key: Callable[[str], Key],
    suit_key: Callable[[str], Key],
    order: Sequence[str],
    caller: Optional[str] = None,
    opponent: Optional[str] = None,
) -> List[str]:
    """Winners among several players (a pot layer with all-in players, or a no-betting showdown).

    Equal best hands: between the caller and the opponent of a see the tie
    policy decides; among others the pot is split, except that eldest-hand and
    suit tie policies pick one player.
    """
    best = best_players(players, key, rules.comparer)
    if len(best) == 1:
        return best
    if caller is not None and opponent is not None and set(best) == {caller, opponent}:
        return rules.seeing.resolve_tie(caller, opponent, order, suit_key)
    tie = rules.seeing.tie_among_many
    if tie == "eldest_hand":
        return [next(p for p in order if p in best)]
    if tie == "suits":
        return best_players(best, suit_key)
    return [p for p in order if p in best]
