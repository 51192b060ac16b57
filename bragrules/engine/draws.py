"""The cards of an exchange game outside the hands, and its draws: a face-down centre card (Bastard
Brag), a stock and a discard pile (Stop the Bus with draws), and the counts the compulsory exchanges
read (``format.exchange``).

Every card is in one place: a hand, the centre (``deal.centre``, its face-down position unknown to all
but the player who laid a card there), the stock (face down, top first) or the discard pile (face up,
top last). A draw puts the stock's top card or the top discard into the hand; the throw that must
follow puts one card of the hand on the pile.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> rules = compile_rules(Profile.model_validate({"format": {"betting": False, "lives": 3,
...     "exchange": {"enabled": True, "source": "stock_or_discard"}}, "blind": {"allowed": False},
...     "stakes": {"ante": 0}}))
>>> deal = Deal(rules, ["A", "B"], {"A": parse_cards("2c 7h Jd"), "B": parse_cards("3s 8h Qd")},
...             centre=parse_cards("Kc Ks Kd 4h"))
>>> str(deal.view("A").discard_top), deal.view("A").stock_left
('Kc', 3)
>>> _ = deal.apply_text("A draw discard"); _ = deal.apply_text("A discard 2c")
>>> [str(c) for c in deal.players["A"].hand], str(deal.view("B").discard_top)
(['7h', 'Jd', 'Kc'], '2c')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import Draw, Event, Pass, Throw
from bragrules.engine.state import PlayerState
from bragrules.rules.exchange import MUST_TAKE_RULE, SOURCE_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


class ExchangeState:
    """The cards outside the hands and the counts of one deal's exchange.

    ``stock``: face down, top first; ``pile``: the discard pile, top last; ``holding``: the player who drew
    and must discard; ``taken``: the player to act has taken a card and may knock or pass
    (``must_take_before_knock``); ``counts``: each player's exchanges; ``down_by``: who laid the face-down
    centre card (None: it was dealt, nobody knows it).
    """

    __slots__ = ("stock", "pile", "holding", "taken", "counts", "down_by")

    def __init__(self, order: Sequence[str], stock: Sequence[Card] = (), pile: Sequence[Card] = ()) -> None:
        self.stock: List[Card] = list(stock)
        self.pile: List[Card] = list(pile)
        self.holding: Optional[str] = None
        self.taken: Optional[str] = None
        self.counts: Dict[str, int] = {name: 0 for name in order}
        self.down_by: Optional[str] = None

    def spare(self) -> List[Card]:
        """The stock and the discard pile: cards to go under the pack when the deal is over."""
        return self.stock + self.pile


def start(deal: "Deal", order: Sequence[str]) -> Optional[ExchangeState]:
    """The exchange's record for a new deal (None without an exchange): with draws, the cards dealt to
    the centre become the stock, its top card turned to start the discard pile."""
    fmt = deal.rules.format
    if not fmt.exchange:
        return None
    if not fmt.draws:
        return ExchangeState(order)
    if not deal.centre:
        raise RuleViolation(SOURCE_RULE, "a draw game needs a stock: the cards left after the deal")
    state = ExchangeState(order, deal.centre[1:], deal.centre[:1])
    deal.centre = []
    return state


def take_options(deal: "Deal", state: PlayerState, xs: ExchangeState) -> List[LegalAction]:
    """A draw game's takes: the stock's top card (while the stock lasts), the top discard."""
    out: List[LegalAction] = []
    if xs.stock:
        out.append(LegalAction(state.name, "draw", target="stock"))
    if xs.pile:
        out.append(LegalAction(state.name, "draw", target="discard"))
    return out


def draw(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    xs = _record(deal)
    if not deal.rules.format.draws:
        raise RuleViolation(SOURCE_RULE, "this game exchanges with the centre: swap, not draw")
    _refuse_pending(xs, state, "draw")
    source = action.target
    cards = xs.stock if source == "stock" else xs.pile
    if not cards:
        raise RuleViolation(SOURCE_RULE, "the stock is empty: take the top discard") if source == "stock" \
            else RuleViolation(SOURCE_RULE, "the discard pile is empty: draw from the stock")
    if not apply:
        return None
    card = cards.pop(0) if source == "stock" else cards.pop()
    state.hands = {"new": (*(state.hand or ()), card)}
    xs.holding = state.name
    return Draw(state.name, source or "stock", card)


def throw(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    xs = _record(deal)
    if xs.holding != state.name:
        raise RuleViolation(SOURCE_RULE, "{player} has not drawn: draw a card before discarding one", player=state.name)
    assert action.cards is not None
    card = action.cards[0][0]
    hand = list(state.hand or ())
    if card not in hand:
        raise RuleViolation(SOURCE_RULE, "{card} is not in {player}'s hand", card=card, player=state.name)
    if not apply:
        return None
    hand.remove(card)
    state.hands = {"new": tuple(hand)}
    xs.pile.append(card)
    xs.holding = None
    event = Throw(state.name, card)
    taken(deal, state)
    return event


def pass_turn(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    xs = _record(deal)
    if xs.taken != state.name:
        raise RuleViolation(MUST_TAKE_RULE, "a turn passes by itself unless a card was just taken: take a card")
    if not apply:
        return None
    xs.taken = None
    from bragrules.engine.exchange import next_exchange_turn

    next_exchange_turn(deal)
    return Pass(state.name)


def taken(deal: "Deal", state: PlayerState) -> None:
    """A card taken (a swap, a draw and its discard): counted; then the turn passes, or, when a knock comes
    after the take, nobody has knocked and the player has made the exchanges a knock needs, the player
    may knock or pass."""
    xs = _record(deal)
    xs.counts[state.name] += 1
    fmt = deal.rules.format
    if fmt.must_take and deal.knocked_by is None and xs.counts[state.name] >= fmt.min_exchanges:
        xs.taken = state.name
        return
    from bragrules.engine.exchange import next_exchange_turn

    next_exchange_turn(deal)


def refuse_pending(deal: "Deal", state: PlayerState, kind: str) -> None:
    """A drawn card must be discarded, and a card taken before a knock leaves only a knock or a pass."""
    _refuse_pending(_record(deal), state, kind)


def _refuse_pending(xs: ExchangeState, state: PlayerState, kind: str) -> None:
    if xs.holding == state.name and kind != "throw":
        raise RuleViolation(SOURCE_RULE, "{player} drew a card: discard one to return to three", player=state.name)
    if xs.taken == state.name and kind not in ("knock", "pass"):
        raise RuleViolation(MUST_TAKE_RULE, "{player} has taken a card this turn: knock or pass", player=state.name)


def _record(deal: "Deal") -> ExchangeState:
    xs = deal.exchange_state
    if xs is None:
        raise RuleViolation(SOURCE_RULE, "this format has no exchange")
    return xs


__all__ = ["ExchangeState", "draw", "pass_turn", "refuse_pending", "start", "take_options", "taken", "throw"]
