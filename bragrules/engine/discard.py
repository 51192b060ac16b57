"""Four-Card Brag's discard before the betting (``format.discard_before_betting``).

A player who has looked, and still holds every card dealt, discards one card face down before any
other action but a fold; the cards left play. A blind player keeps every card, and the best three
play as before. The action is written ``A discard 7h``; the discard of a looked-at hand of two
(retention) stays ``A discard``.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> from bragrules.engine.deal import Deal
>>> rules = compile_rules(Profile.model_validate({"format": {"cards_dealt": 4, "discard_before_betting": True}}))
>>> deal = Deal(rules, ["A", "B"], {"A": parse_cards("Ah Ad 9c 5s"), "B": parse_cards("Kc Kd 2h 7s")})
>>> _ = deal.apply_text("A look")
>>> [str(o.target) for o in deal.legal_actions() if o.kind == "discard"]
['Ah', 'Ad', '9c', '5s']
>>> deal.apply_text("A discard 5s")
DiscardCard(player='A', card=5s)
>>> deal.players["A"].hand
(Ah, Ad, 9c)
>>> [o.kind for o in deal.legal_actions()][:2]
['bet', 'fold']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Sequence

from bragrules.core.cards import Card, CardError, parse_card
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import DiscardCard, Event
from bragrules.engine.state import PlayerState
from bragrules.rules.format import DISCARD_STEP_RULE

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal
    from bragrules.engine.showdown import Comparer, Key

_JOKER_RANK = 13  # a discarded joker counts above an ace, as HandRanker.four_card_key counts it


def pending(deal: "Deal", state: PlayerState) -> bool:
    """Whether ``state`` owes the discard now: seen, in the hand, one hand of every card dealt."""
    if not state.seen or state.folded or state.discarded is not None or len(state.hands) != 1:
        return False
    hand = state.hand
    return hand is not None and len(hand) == deal.rules.format.cards_dealt


def options(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """The discards offered (one per card held), then the fold."""
    hand = state.hand
    assert hand is not None
    return [LegalAction(state.name, "discard", target=str(card)) for card in hand] + [LegalAction(state.name, "fold")]


def refuse_before_discard(deal: "Deal", state: PlayerState, kind: str) -> None:
    """Any action but the discard, a fold or a look is refused while the discard is owed."""
    if kind not in ("discard", "fold", "look") and pending(deal, state):
        raise RuleViolation(DISCARD_STEP_RULE, "{player} has looked and must discard one card before betting",
                            player=state.name)


def discard(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """``A discard 7h``: the card goes face down out of the hand (the retention's ``A discard`` otherwise)."""
    if action.target is None:
        from bragrules.engine import retention  # retention's discard of a hand of two (it imports the settlement)

        return retention.keep_or_discard(deal, state, action, apply)
    if not deal.rules.format.discard_step:
        raise RuleViolation(DISCARD_STEP_RULE, "this format has no discard before betting")
    if not pending(deal, state):
        if state.discarded is not None:
            raise RuleViolation(DISCARD_STEP_RULE, "{player} has already discarded", player=state.name)
        if not state.seen:
            raise RuleViolation(DISCARD_STEP_RULE, "{player} must look before discarding", player=state.name)
        raise RuleViolation(DISCARD_STEP_RULE, "{player} has nothing to discard", player=state.name)
    try:
        card = parse_card(action.target)
    except CardError:
        raise RuleViolation(DISCARD_STEP_RULE, "{target} is not a card", target=repr(action.target)) from None
    hand = state.hand
    assert hand is not None
    if card not in hand:
        raise RuleViolation(DISCARD_STEP_RULE, "{player} holds no {card}", player=state.name, card=card)
    if not apply:
        return None
    key = next(k for k, h in state.hands.items() if h is not None)
    state.hands = {key: tuple(c for c in hand if c != card)}
    state.discarded = card
    deal.folded_hands.append((card,))
    return DiscardCard(state.name, card)


def chosen_key(comparer: "Comparer", hand: Sequence[Card], discarded: Card) -> "Key":
    """The key of a hand after a chosen discard: the cards left, and where the discarded card breaks ties
    (``format.discard_breaks_ties``) its rank, as the key of a hand whose best three play by themselves."""
    if comparer.discard_breaks_ties and comparer.wild is None and len(hand) == 3:
        rank = _JOKER_RANK if discarded.is_joker else discarded.rank
        return (comparer.ranker.strength(hand), rank)
    return comparer.key(hand)


def best_discard(comparer: "Comparer", hand: Sequence[Card]) -> Card:
    """The card whose discard leaves the strongest hand (a bot's, or a hint's, choice)."""
    return max(hand, key=lambda card: comparer.key([c for c in hand if c != card]))


__all__ = ["best_discard", "chosen_key", "discard", "options", "pending", "refuse_before_discard"]
