"""The draws for the pips stake (``pots.points_draw``): a step of the deal before the betting.

The pack left after the hands is the stock (a log writes it as the deal's ``centre``; nobody sees it). In turn
from the eldest hand, each player whose pips fall short of the target (``pots.points_target``) draws cards one
at a time from the top of the stock (``draw``) until they ``stand``; a player who makes the target stops, and
one who passes it has overdrawn, is out of the pips stake and stops too. The cards drawn are the drawer's
alone to see until the settlement, and count toward the pips stake only, never in the hand that is bragged.
Wikipedia, "Post and pair": "Any player whose cards fall short of that number is entitled (in due turn) to
receive a card or cards from the stock, in the hope of amending his points, but if he overdraws he is out of
the game."

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> rules = compile_rules(load_profile("post-and-pair"))
>>> deal = Deal(rules, ["A", "B"], {"A": parse_cards("Kc 9d 5h"), "B": parse_cards("Ac 2d 3h")},
...             centre=parse_cards("7s 6c 8d"))
>>> deal.to_act, [(o.kind, o.target) for o in deal.legal_actions()]
('B', [('draw', 'stock'), ('stand', None)])
>>> _ = deal.apply_text("B draw stock"); _ = deal.apply_text("B draw stock")
>>> [str(c) for c in deal.points_draws.drawn["B"]], deal.to_act
(['7s', '6c'], 'B')
>>> _ = deal.apply_text("B stand"); deal.to_act, deal.points_draws.turn is None
('A', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import Draw, Event, Stand
from bragrules.engine.state import PlayerState
from bragrules.rules.pots import POINTS_DRAW_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal

__all__ = ["PointsDraws", "act", "open_draws", "options", "start"]


class PointsDraws:
    """The stock (top first), the cards each player drew, and who draws now (an index in the order of play;
    None once the draws are over)."""

    __slots__ = ("stock", "drawn", "turn")

    def __init__(self, order: Sequence[str], stock: Sequence[Card]) -> None:
        self.stock: List[Card] = list(stock)
        self.drawn: Dict[str, List[Card]] = {name: [] for name in order}
        self.turn: Optional[int] = None


def start(deal: "Deal") -> Optional[PointsDraws]:
    """The draws of a deal whose profile plays them (None otherwise): the deal's centre becomes the stock."""
    pots = deal.rules.pots
    if pots is None or not pots.draws:
        return None
    draws = PointsDraws(deal.order, deal.centre)
    deal.centre = []
    return draws


def short(deal: "Deal", name: str) -> bool:
    """Whether a player's pips (the cards dealt and drawn) fall short of the target (cards not known: yes)."""
    pots = deal.rules.pots
    draws = deal.points_draws
    assert pots is not None and draws is not None
    hand = deal.players[name].hand
    if hand is None:
        return True
    return pots.pips(tuple(hand) + tuple(draws.drawn[name])) < pots.target


def _next(deal: "Deal", after: int) -> Optional[int]:
    """The next player after seat ``after`` who is short of the target (None: the draws are over)."""
    draws = deal.points_draws
    if draws is None or not draws.stock:
        return None
    for i in range(after + 1, len(deal.order)):
        if short(deal, deal.order[i]):
            return i
    return None


def open_draws(deal: "Deal") -> None:
    """The step: the first player short of the target draws first (nobody: no draws; an empty stock: none)."""
    draws = deal.points_draws
    if draws is None or deal.result is not None or not draws.stock:
        return
    draws.turn = _next(deal, -1)


def options(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """A draw from the stock while it holds a card, or stand."""
    draws = deal.points_draws
    assert draws is not None
    out = [LegalAction(state.name, "draw", target="stock")] if draws.stock else []
    out.append(LegalAction(state.name, "stand"))
    return out


def act(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A draw or a stand by the player whose turn it is to draw; anything else waits for the draws."""
    draws = deal.points_draws
    assert draws is not None
    if draws.turn is None:
        raise RuleViolation(POINTS_DRAW_RULE, "the draws for the pips stake are over: they come before the betting")
    drawer = deal.order[draws.turn]
    if state.name != drawer:
        raise RuleViolation(POINTS_DRAW_RULE, "{drawer} draws for the pips stake now; {player} waits", drawer=drawer, player=state.name)
    kind = action.kind
    if kind not in ("draw", "stand"):
        raise RuleViolation(POINTS_DRAW_RULE, "the draws for the pips stake come before the betting: {drawer} draws from the stock or "
                                              "stands", drawer=drawer)
    if kind == "draw" and action.target not in (None, "stock"):
        raise RuleViolation(POINTS_DRAW_RULE, "the draws for the pips stake are from the stock")
    if kind == "draw" and not draws.stock:
        raise RuleViolation(POINTS_DRAW_RULE, "the stock is empty")
    if not apply:
        return None
    if kind == "stand":
        draws.turn = _next(deal, draws.turn)
        return Stand(drawer)
    card = draws.stock.pop(0)
    draws.drawn[drawer].append(card)
    if not short(deal, drawer) or not draws.stock:  # made the target, overdrawn, or nothing left to draw
        draws.turn = _next(deal, draws.turn)
    return Draw(drawer, "stock", card)
