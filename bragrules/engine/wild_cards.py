"""A deal's wild cards chosen at the table: the comparer that values its hands with them.

Asked once, when a deal is made, and only under a profile that chooses wild
cards per deal or per hand (:mod:`bragrules.rules.wild_deal`): the deal's
face-up centre cards decide the wild ranks of the deal, and each hand's own
cards its lowest (or highest) rank.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"from_centre": 1}}}))
>>> comparer = wild_deal_comparer(rules, parse_cards("8d"))
>>> comparer.describe(parse_cards("8h 3c 3d"))
'prial of threes (8h as 3h)'
>>> wild_deal_comparer(rules, [])
Traceback (most recent call last):
...
bragrules.core.errors.RuleViolation: ranking.wild.from_centre: 1 face-up centre card decides the wild cards; the deal has 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Sequence, Tuple

from bragrules.core.cards import CARDS, Card
from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import N_
from bragrules.engine.showdown import Comparer
from bragrules.rules.compile import Rules
from bragrules.rules.wild_deal import JOKER_EACH_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal

__all__ = ["deal_hands", "fold_hands", "wild_deal_comparer"]


def deal_hands(rules: Rules, cards: Sequence[Card], order: Sequence[str]) -> Dict[str, Tuple[Card, ...]]:
    """Each player's hand from the cards dealt off the pack, in order (one at a time round the table,
    or a hand at a time): with a joker dealt to each player, it ends each hand.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"joker_each": True}}}))
    >>> deal_hands(rules, parse_cards("2c 3c 4c 5c"), ["A", "B"])
    {'A': (2c, 4c, Jk), 'B': (3c, 5c, Jk)}
    """
    n = len(order)
    count = cards_from_pack(rules)
    if rules.table.deal_singly:  # one card at a time round the table: the i-th player gets every n-th card
        hands = {p: tuple(cards[i::n]) for i, p in enumerate(order)}
    else:
        hands = {p: tuple(cards[i * count:(i + 1) * count]) for i, p in enumerate(order)}
    wild = rules.comparer.wild
    if wild is not None and wild.joker is not None:
        joker = CARDS[wild.joker]
        return {p: (*hand, joker) for p, hand in hands.items()}
    return hands


def cards_from_pack(rules: Rules) -> int:
    """How many cards of each hand come off the pack (all of them, but a joker dealt to each player)."""
    wild = rules.comparer.wild
    return rules.format.cards_dealt - (1 if wild is not None and wild.joker is not None else 0)


def back_to_pack(rules: Rules, cards: Sequence[Card]) -> List[Card]:
    """The cards that go under the pack after a deal: all but the jokers dealt to each player."""
    wild = rules.comparer.wild
    if wild is None or wild.joker is None:
        return list(cards)
    return [c for c in cards if c != wild.joker]


def wild_deal_comparer(rules: Rules, centre: Sequence[Card],
                       hands: Sequence[Tuple[str, Optional[Sequence[Card]]]] = ()) -> Comparer:
    """The comparer of a deal dealt these centre cards; refused (``ranking.wild.from_centre``) when the
    deal has not the centre cards that decide its wild cards, or (``ranking.wild.joker_each``) when a
    hand does not end with the one joker dealt to its player."""
    wild = rules.comparer.wild
    if wild is not None and wild.joker is not None:
        player = wild.missing_joker(hands)
        if player is not None:
            raise RuleViolation(JOKER_EACH_RULE, "{player}'s hand must end with the joker dealt to each player ({n} cards "
                                                 "of the pack, then Jk)", player=player, n=rules.format.cards_dealt - 1)
    if wild is not None and wild.from_centre and len(centre) != wild.from_centre:
        n = wild.from_centre
        raise RuleViolation(
            next(s.rule for s in wild.selectors if s.source == "centre"),
            N_("{n} face-up centre card decides the wild cards; the deal has {have}") if n == 1 else
            N_("{n} face-up centre cards decide the wild cards; the deal has {have}"), n=n, have=len(centre),
        )
    return rules.comparer.for_deal(centre)


def fold_hands(deal: "Deal", hands: Iterable[Optional[Sequence[Card]]]) -> None:
    """A folder's hands laid among the deal's folded hands (every fold passes here). Where a folder's cards
    replace those that decide the wild cards (``ranking.wild.select``'s ``on_fold: replaced``, Pack Jack), they
    lie face up on the table and the deal's comparer is worked out again from them, at once, so that every
    comparison after the fold (a side-show, the showdown, the audit replaying the deal) reads the table as
    it then stands.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.engine.deal import Deal
    >>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"select": [
    ...     {"source": "centre", "turned": 3, "on_fold": "replaced"}]}}}))
    >>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("Ah Ad 3s"), "B": parse_cards("Kc Kd 2h"),
    ...     "C": parse_cards("9c 5d Jh")}, centre=parse_cards("3c 6d 7h"))
    >>> deal.comparer.describe(parse_cards("Ah Ad 3s"))
    'prial of aces (3s as Ac)'
    >>> fold_hands(deal, [parse_cards("9c 5d Jh")])
    >>> deal.comparer.describe(parse_cards("Ah Ad 3s"))
    'pair of aces, three kicker'
    """
    known = [tuple(hand) for hand in hands if hand is not None]
    deal.folded_hands.extend(known)
    wild = deal.rules.comparer.wild
    if known and wild is not None and wild.replaced_on_fold:
        deal.comparer = deal.rules.comparer.for_deal([CARDS[c] for c in wild.deciding(deal.centre, deal.folded_hands)])
