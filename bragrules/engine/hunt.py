"""The hunt for the jokers before the betting (``procedure.hunt_rounds``, Teen Patti's Joker Hunt).

The centre cards that decide the wild cards are laid face up with as many more as the rounds times
the players. Each round, going round the table, each player either takes one of them for a card of
their own, which goes face down out of play (``A swap 7c Kh``: the card given, then the centre card
taken; a player must have looked to give a card), or turns one of them face down, out of play
(``A close Kh``). When every player has had every turn, the cards left face up decide the wild cards
and the betting starts as the profile plays it. Nothing else is done during the hunt but a look.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> rules = compile_rules(load_profile("joker-hunt"))
>>> deal = Deal(rules, ["A", "B"], {"A": parse_cards("2c 7d 9h"), "B": parse_cards("3c 4d 6s")},
...             centre=parse_cards("Kh Qs 9c 5d 8h 2s Jd"))
>>> [str(o.action()) for o in deal.legal_actions()][:3]
['A close Kh', 'A close Qs', 'A close 9c']
>>> for text in ["A look", "A swap 2c 9c", "B close Kh", "A close Qs", "B close 5d"]:
...     _ = deal.apply_text(text)
>>> deal.centre, deal.hunt is None
([8h, 2s, Jd], True)
>>> deal.comparer.describe(parse_cards("9c 8d 9h"))   # the eights are jokers now
'trail of nines (8d as 9d)'
>>> deal.apply_text("A swap 9h 8h")
Traceback (most recent call last):
...
bragrules.core.errors.RuleViolation: procedure.hunt_rounds: the hunt for the jokers is over: the betting has begun
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.cards import Card, parse_card
from bragrules.core.errors import RuleViolation
from bragrules.engine import betting, retention
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import Close, Event, Swap
from bragrules.engine.state import PlayerState
from bragrules.rules.procedure import HUNT_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal

__all__ = ["HUNT_KINDS", "HuntState", "act", "drop", "laid", "open_hunt", "options"]

HUNT_KINDS = frozenset(("swap", "close"))
"""The actions of the hunt: a card taken for one's own, or a card turned face down."""


class HuntState:
    """The hunt as it stands: the turns still to play (players, in order), the seat whose turn follows the
    forced stakes (where the betting starts from), and the cards put out of play (given, closed)."""

    __slots__ = ("turns", "before_betting", "out")

    def __init__(self, turns: List[str], before_betting: int) -> None:
        self.turns = turns
        self.before_betting = before_betting
        self.out: List[Card] = []


def laid(rules_turned: int, rounds: int, players: int) -> int:
    """The centre cards laid for a hunt: those that decide the wild cards and one more a round for each player.

    >>> laid(3, 2, 5)   # zeenews.india.com: "if there are 5 players, then open 5*2 + 3 = 13 cards"
    13
    """
    return rules_turned + rounds * players


def open_hunt(deal: "Deal") -> None:
    """The procedure's step: every player's turns, round after round, from the first seat."""
    rounds = deal.rules.procedure.hunt_rounds
    deal.hunt = HuntState([name for _ in range(rounds) for name in deal.order], deal.turn)
    deal.turn = 0


def options(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """A hunter's turn: a centre card turned face down, each; once looked, a card of one's own for each centre
    card; blind, the look."""
    name = state.name
    out = [LegalAction(name, "close", target=str(card)) for card in deal.centre]
    if state.seen and state.hand is not None:
        out += [LegalAction(name, "swap", cards=((mine,), (centre,))) for mine in state.hand for centre in deal.centre]
    else:
        out.append(LegalAction(name, "look"))
    return out


def act(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """Check (and apply) an action under a hunt: a look, a swap or a close at one's turn of the hunt; a swap or a
    close once the hunt is over is refused (``procedure.hunt_rounds``)."""
    kind = action.kind
    hunt = deal.hunt
    if hunt is None:
        raise RuleViolation(HUNT_RULE, "the hunt for the jokers is over: the betting has begun")
    if kind == "look":
        return retention.look(deal, state, action, apply)
    if kind not in HUNT_KINDS:
        raise RuleViolation(HUNT_RULE, "the hunt for the jokers comes first: {player} takes a centre card for one of their own, "
                                       "or turns one face down", player=state.name)
    cards = action.cards
    if kind == "close":
        card = _centre_card(deal, parse_card(action.target) if action.target is not None else None)
        if not apply:
            return None
        deal.centre.remove(card)
        hunt.out.append(card)
        deal.folded_hands.append((card,))
        event: Event = Close(state.name, card)
    else:
        if action.target is not None or not cards or len(cards) != 2:
            raise RuleViolation(HUNT_RULE, "a swap names one of your cards, then the centre card taken")
        if not state.seen:
            raise RuleViolation(HUNT_RULE, "{player} must look before giving a card for a centre card", player=state.name)
        mine, took = cards[0][0], _centre_card(deal, cards[1][0])
        hand = list(state.hand or ())
        if mine not in hand:
            raise RuleViolation(HUNT_RULE, "{mine} is not in {player}'s hand", mine=mine, player=state.name)
        if not apply:
            return None
        hand[hand.index(mine)] = took
        state.hands = {"new": tuple(hand)}
        deal.centre.remove(took)
        hunt.out.append(mine)
        deal.folded_hands.append((mine,))
        event = Swap(state.name, mine, took)
    _next_turn(deal, hunt)
    return event


def _centre_card(deal: "Deal", card: Optional[Card]) -> Card:
    if card is None or card not in deal.centre:
        raise RuleViolation(HUNT_RULE, "{card} is not face up in the centre", card=card) if card is not None \
            else RuleViolation(HUNT_RULE, "name a face-up centre card")
    return card


def _next_turn(deal: "Deal", hunt: HuntState) -> None:
    """The next hunter; after the last turn the cards left face up decide the wild cards, and the betting starts."""
    hunt.turns.pop(0)
    if hunt.turns:
        deal.turn = deal.order.index(hunt.turns[0])
    else:
        _finish(deal, hunt)


def _finish(deal: "Deal", hunt: HuntState) -> None:
    """The cards left face up decide the wild cards (every one of them, where a player put out of the hand by a
    dispute left turns unplayed), and the betting starts from the seat after the forced stakes."""
    deal.hunt = None
    deal.comparer = deal.rules.comparer.for_deal(deal.centre)
    deal.turn = hunt.before_betting
    betting.advance(deal)


def drop(deal: "Deal", name: str) -> None:
    """A player put out of the hand during the hunt (a dispute's fold) plays none of their turns left."""
    hunt = deal.hunt
    assert hunt is not None
    was_next = bool(hunt.turns) and hunt.turns[0] == name
    hunt.turns = [p for p in hunt.turns if p != name]
    if not hunt.turns:
        _finish(deal, hunt)
    elif was_next:
        deal.turn = deal.order.index(hunt.turns[0])
