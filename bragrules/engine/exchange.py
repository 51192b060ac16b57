"""Formats without the usual betting round: arranging several hands (Seven- and Nine-Card), and
Stop the Bus's exchange with the centre (swap, knock, stand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Message
from bragrules.engine import draws, settlement
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
from bragrules.rules.exchange import (
    EXCHANGE_RULE,
    FACE_DOWN_RULE,
    MIN_EXCHANGES_RULE,
    MUST_TAKE_RULE,
    SOURCE_RULE,
    STAND_AFTER_KNOCK_RULE,
    SWAP_RULE,
)
from bragrules.rules.fixed import HISTORY_CARDS
from bragrules.rules.format import HANDS_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def exchange_options(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """The takes of a turn (swaps with the centre, or draws), then the knock or, after a knock, the stand
    (``stand_after_knock``); a drawn card's discards; a knock or a pass once a card is taken
    (``must_take_before_knock``)."""
    fmt = deal.rules.format
    xs = deal.exchange_state
    assert xs is not None
    name = state.name
    hand = state.hand or ()
    if xs.holding == name:
        return [LegalAction(name, "throw", cards=((card,),)) for card in hand]
    if xs.taken == name:
        return [LegalAction(name, "pass"), LegalAction(name, "knock")]
    options: List[LegalAction] = []
    if fmt.draws:
        options += draws.take_options(deal, state, xs)
    down = fmt.face_down
    if "one" in fmt.swap_kinds:
        for mine in hand:
            for index, centre in enumerate(deal.centre):
                if index == down:
                    options.append(LegalAction(name, "swap", target="down", cards=((mine,),)))
                else:
                    options.append(LegalAction(name, "swap", cards=((mine,), (centre,))))
    if "all" in fmt.swap_kinds:
        options.append(LegalAction(name, "swap", target="all"))
    if deal.knocked_by:
        if fmt.stand_after_knock:
            options.append(LegalAction(name, "stand"))
    elif may_knock(deal, state):
        options.append(LegalAction(name, "knock"))
    return options


def may_knock(deal: "Deal", state: PlayerState) -> bool:
    """Whether the player to act may knock now (before any take of this turn)."""
    fmt = deal.rules.format
    xs = deal.exchange_state
    assert xs is not None
    return not fmt.must_take and xs.counts[state.name] >= fmt.min_exchanges


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
        raise RuleViolation(LOOK_RULE, "{player} must look before arranging their cards", player=state.name)
    if action.cards is None:
        raise RuleViolation(HANDS_RULE, "an arrangement lists the hands, separated by |")
    if state.hand is None:
        raise RuleViolation(HISTORY_CARDS, "the cards of {player} were not recorded", player=state.name)
    arrangement = check_arrangement(deal.rules, state.hand, action.cards)
    if not apply:
        return None
    state.arrangement = arrangement
    event = Arrange(state.name, tuple(arrangement))
    if deal.arranging:
        next_to_arrange(deal)
    return event


def swap(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    fmt = deal.rules.format
    if fmt.draws:
        raise RuleViolation(SOURCE_RULE, "this game draws from the stock or the discard pile: draw, not swap")
    draws.refuse_pending(deal, state, "swap")
    hand = list(state.hand or ())
    down = fmt.face_down
    xs = deal.exchange_state
    assert xs is not None
    if action.target == "all":
        if "all" not in fmt.swap_kinds:
            raise RuleViolation(SWAP_RULE, "only one card may be swapped at a time")
        if not apply:
            return None
        state.hands = {"new": tuple(deal.centre)}
        deal.centre = hand
        if down is not None:
            xs.down_by = state.name
        event: Event = Swap(state.name)
    elif action.target == "down":
        if down is None:
            raise RuleViolation(FACE_DOWN_RULE, "every centre card lies face up: name the one you take")
        if "one" not in fmt.swap_kinds:
            raise RuleViolation(SWAP_RULE, "the whole hand is swapped with the centre, not one card")
        assert action.cards is not None
        mine = action.cards[0][0]
        if mine not in hand:
            raise RuleViolation(EXCHANGE_RULE, "{mine} is not in {player}'s hand", mine=mine, player=state.name)
        if not apply:
            return None
        took = deal.centre[down]
        hand[hand.index(mine)] = took
        deal.centre[down] = mine
        xs.down_by = state.name
        state.hands = {"new": tuple(hand)}
        event = Swap(state.name, mine, took)
    else:
        if "one" not in deal.rules.format.swap_kinds:
            raise RuleViolation(SWAP_RULE, "the whole hand is swapped with the centre, not one card")
        cards = action.cards
        if not cards or len(cards) != 2 or any(len(part) != 1 for part in cards):
            raise RuleViolation(EXCHANGE_RULE, "a swap names one of your cards and one centre card")
        mine, centre = cards[0][0], cards[1][0]
        if mine not in hand:
            raise RuleViolation(EXCHANGE_RULE, "{mine} is not in {player}'s hand", mine=mine, player=state.name)
        if down is not None and centre not in [c for i, c in enumerate(deal.centre) if i != down]:
            # one refusal whether or not the card named is the face-down one: it must not tell which card lies there
            raise RuleViolation(FACE_DOWN_RULE, "{centre} is not one of the face-up centre cards; the middle one lies face down: swap for"
                                                " it with 'down'", centre=centre)
        if centre not in deal.centre:
            raise RuleViolation(EXCHANGE_RULE, "{centre} is not in the centre", centre=centre)
        if not apply:
            return None
        hand[hand.index(mine)] = centre
        deal.centre[deal.centre.index(centre)] = mine
        state.hands = {"new": tuple(hand)}
        event = Swap(state.name, mine, centre)
    draws.taken(deal, state)
    return event


def knock(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    fmt = deal.rules.format
    xs = deal.exchange_state
    assert xs is not None
    draws.refuse_pending(deal, state, action.kind)
    take = Message("draw") if fmt.draws else Message("swap")
    if action.kind == "knock" and deal.knocked_by is not None:
        last = Message("{take} or stand", take=take) if fmt.stand_after_knock else take
        raise RuleViolation(EXCHANGE_RULE, "{player} has already knocked: {last}", player=deal.knocked_by, last=last)
    if action.kind == "stand" and deal.knocked_by is None:
        raise RuleViolation(EXCHANGE_RULE, "nobody has knocked yet: {take} or knock", take=take)
    if action.kind == "stand" and not fmt.stand_after_knock:
        raise RuleViolation(STAND_AFTER_KNOCK_RULE, "every turn takes a card, the last one after a knock too: {take}",
                            take=take)
    if action.kind == "knock" and fmt.must_take and xs.taken != state.name:
        raise RuleViolation(MUST_TAKE_RULE, "a turn must take a card before the bus may be stopped")
    if action.kind == "knock" and xs.counts[state.name] < fmt.min_exchanges:
        made = xs.counts[state.name]
        raise RuleViolation(MIN_EXCHANGES_RULE, "exchanging is compulsory: {player} may stick only after {min_exchanges} exchanges "
                                                "({made} made)", player=state.name, min_exchanges=fmt.min_exchanges, made=made)
    if not apply:
        return None
    xs.taken = None
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
