"""Kept tables (``play --keep``, ``serve --keep``): the real cards shown at a see or a
showdown, entered as the table reads them, checked against the pack and the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, Set

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.engine import settlement, showing
from bragrules.rules.fixed import DEAL_OVER, HISTORY_CARDS

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def enter_cards(deal: "Deal", player: str, cards: Sequence[Card], apply: bool) -> None:
    if deal.result is not None:
        raise RuleViolation(DEAL_OVER, "the deal is over")
    if not deal.needed:
        raise RuleViolation(HISTORY_CARDS, "no cards are awaited: cards are entered when they are shown")
    if player not in deal.needed:
        raise RuleViolation(HISTORY_CARDS, "{player}'s cards are not awaited; the cards awaited: {needed}", player=player, needed=', '.join(deal.needed))
    count = deal.rules.format.cards_dealt
    if len(cards) != count:
        raise RuleViolation(HISTORY_CARDS, "a hand here is {count} cards, not {n_cards}", count=count, n_cards=len(cards))
    pack = deal.rules.pack
    seen: Set[Card] = set()
    for card in cards:
        if not pack.holds(int(card)):
            rule, why = pack.missing_rule(int(card))
            raise RuleViolation(rule, "{card} is not in this pack: {why}", card=card, why=why)
        if card in seen:
            raise RuleViolation(HISTORY_CARDS, "{card} is entered twice: a pack holds each card once", card=card)
        seen.add(card)
    state = deal.players[player]
    which = "new" if "new" in state.hands else "old"
    for name in deal.order:
        for key, held in deal.players[name].hands.items():
            if (name, key) == (player, which) or held is None:
                continue
            for card in held:
                if card in seen:
                    raise RuleViolation(HISTORY_CARDS, "{card} is already known: it is in {name}'s hand", card=card, name=name)
    for card in (*deal.centre, *(c for hand in deal.folded_hands for c in hand)):
        if card in seen:
            raise RuleViolation(HISTORY_CARDS, "{card} is already known elsewhere in this deal", card=card)
    if not apply:
        return
    hand = tuple(cards)
    state.hands[which] = hand
    deal.entered[player] = (which, hand)
    origin_hands, origin_retained = deal.origin[1], deal.origin[2]
    if which == "new":
        origin_hands[player] = hand  # a snapshot is rebuilt knowing the cards
    elif origin_retained is not None:
        origin_retained[player] = hand
    deal.needed.remove(player)
    if deal.needed:
        return
    then, deal.then = deal.then, None
    if then == "first":
        showing.showdown(deal)
    elif then == "see":
        showing.settle_see(deal)
    else:
        settlement.showdown_all(deal)
