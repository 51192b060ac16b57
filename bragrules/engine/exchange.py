"""Formats without the usual betting round: arranging several hands (Seven- and Nine-Card), and
Stop the Bus's exchange with the centre (swap, knock, stand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.engine import settlement
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.arrange import auto_arrange, check_arrangement
from bragrules.engine.events import (
    Arrange,
    Event,
    Knock,
    Stand,
    Swap,
)
from bragrules.engine.state import PlayerState
from bragrules.rules.blind import LOOK_RULE
from bragrules.rules.fixed import HISTORY_CARDS
from bragrules.rules.format import EXCHANGE_RULE, HANDS_RULE, SWAP_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def exchange_options(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    options: List[LegalAction] = []
    hand = state.hand or ()
    if "one" in deal.rules.format.swap_kinds:
        for mine in hand:
            for centre in deal.centre:
                options.append(LegalAction(state.name, "swap", cards=((mine,), (centre,))))
    if "all" in deal.rules.format.swap_kinds:
        options.append(LegalAction(state.name, "swap", target="all"))
    options.append(LegalAction(state.name, "stand" if deal.knocked_by else "knock"))
    return options


def arrange_option(deal: "Deal", state: PlayerState) -> LegalAction:
    cards = state.hand
    hint = None
    if cards is not None:
        hint = deal.hints.get(cards)
        if hint is None:
            hint = deal.hints[cards] = auto_arrange(deal.rules, cards).hands
    return LegalAction(state.name, "arrange", cards=hint)


def arrange(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if deal.rules.format.hands == 1:
        raise RuleViolation(HANDS_RULE, "this format plays one hand; there is nothing to arrange")
    if not state.seen:
        raise RuleViolation(LOOK_RULE, f"{state.name} must look before arranging their cards")
    if action.cards is None:
        raise RuleViolation(HANDS_RULE, "an arrangement lists the hands, separated by |")
    if state.hand is None:
        raise RuleViolation(HISTORY_CARDS, f"the cards of {state.name} were not recorded")
    arrangement = check_arrangement(deal.rules, state.hand, action.cards)
    if not apply:
        return None
    state.arrangement = arrangement
    event = Arrange(state.name, tuple(arrangement))
    if deal.arranging:
        next_to_arrange(deal)
    return event


def swap(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    hand = list(state.hand or ())
    if action.target == "all":
        if "all" not in deal.rules.format.swap_kinds:
            raise RuleViolation(SWAP_RULE, "only one card may be swapped at a time")
        if not apply:
            return None
        state.hands = {"new": tuple(deal.centre)}
        deal.centre = hand
        event: Event = Swap(state.name)
    else:
        if "one" not in deal.rules.format.swap_kinds:
            raise RuleViolation(SWAP_RULE, "the whole hand is swapped with the centre, not one card")
        cards = action.cards
        if not cards or len(cards) != 2 or any(len(part) != 1 for part in cards):
            raise RuleViolation(EXCHANGE_RULE, "a swap names one of your cards and one centre card")
        mine, centre = cards[0][0], cards[1][0]
        if mine not in hand:
            raise RuleViolation(EXCHANGE_RULE, f"{mine} is not in {state.name}'s hand")
        if centre not in deal.centre:
            raise RuleViolation(EXCHANGE_RULE, f"{centre} is not in the centre")
        if not apply:
            return None
        hand[hand.index(mine)] = centre
        deal.centre[deal.centre.index(centre)] = mine
        state.hands = {"new": tuple(hand)}
        event = Swap(state.name, mine, centre)
    next_exchange_turn(deal)
    return event


def knock(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if action.kind == "knock" and deal.knocked_by is not None:
        raise RuleViolation(EXCHANGE_RULE, f"{deal.knocked_by} has already knocked: swap or stand")
    if action.kind == "stand" and deal.knocked_by is None:
        raise RuleViolation(EXCHANGE_RULE, "nobody has knocked yet: swap or knock")
    if not apply:
        return None
    if action.kind == "knock":
        deal.knocked_by = state.name
        start = deal.order.index(state.name)
        deal.final_turns = [deal.order[(start + i) % len(deal.order)] for i in range(1, len(deal.order))]
        deal.final_turns.insert(0, state.name)  # popped at once below
    event: Event = Knock(state.name) if action.kind == "knock" else Stand(state.name)
    next_exchange_turn(deal)
    return event


def next_exchange_turn(deal: "Deal") -> None:
    """Round the table until somebody knocks; then one more turn each, then all show."""
    if deal.knocked_by is None:
        deal.turn = (deal.turn + 1) % len(deal.order)
        return
    if deal.final_turns:
        deal.final_turns.pop(0)
    if not deal.final_turns:
        settlement.showdown_all(deal)
        return
    deal.turn = deal.order.index(deal.final_turns[0])


def next_to_arrange(deal: "Deal") -> None:
    """No betting: the next player to arrange, or the showdown when everyone has."""
    for index, name in enumerate(deal.order):
        if deal.arranging and deal.players[name].arrangement is None and deal.players[name].hand is not None:
            deal.turn = index
            return
    settlement.showdown_all(deal)
