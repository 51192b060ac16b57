"""Comparing hands at a showdown.

A :class:`Comparer` turns a player's cards into a key (bigger wins). With
one hand per player the key is the hand's strength (best three of the cards
dealt), plus the discarded card for Four-Card tables where it breaks ties.
Who wins between equal keys is the tie policy's business, not the comparer's.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> comparer = compile_rules(Profile()).comparer
>>> comparer.key(parse_cards("5s 6h 7d")) > comparer.key(parse_cards("Kc 9c 4c"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.rule_id import Rule
from bragrules.rules.ranking import HandRanker
from bragrules.rules.wild_deal import WildDealPolicy, kiss_miss_words

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
            return kiss_miss_words(self.ranker, cards)
        return self.ranker.describe(cards, self.hand_wild(cards) or None)

    def key(self, cards: Sequence[Card]) -> Key:
        ranker = self.ranker
        if self.wild is not None:
            return (self.wild.strength(ranker, cards, self.deal_wild),)
        if len(cards) == 3:
            return (ranker.strength(cards),)
        if self.discard_breaks_ties:
            return tuple(ranker.four_card_key(cards))
        return (ranker.evaluate(cards).strength,)

    @property
    def special(self) -> bool:
        """Whether some hand beats another outside the order of keys (``ranking.special_hands``)."""
        return self.ranker.upsets is not None

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
    if comparer is not None:
        wins = comparer.wins
        unbeaten = [p for p in players if not any(wins(keys[q], keys[p]) for q in players if q != p)]
        if unbeaten:
            return unbeaten
        present = list(keys.values())
        keys = {p: comparer.circle_key(k, present) for p, k in keys.items()}
    top = max(keys.values())
    return [p for p in players if keys[p] == top]


def _special(rules: "Rules") -> Optional[Comparer]:
    comparer = rules.comparer
    return comparer if comparer.special else None


def settle_pair(
    rules: "Rules",
    caller: str,
    opponent: str,
    key: Callable[[str], Key],
    suit_key: Callable[[str], Key],
    order: Sequence[str],
) -> List[str]:
    """Winners of a see between two players: the better hand, else the tie policy."""
    a, b = key(caller), key(opponent)
    special = _special(rules)
    if special is not None and a != b:
        return [caller] if special.wins(a, b) else [opponent]
    if a > b:
        return [caller]
    elif b > a:
        return [opponent]
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
    best = best_players(players, key, _special(rules))
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
