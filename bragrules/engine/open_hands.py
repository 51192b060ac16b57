"""Playing open (``format.open.faceup``, Faceup): a seen player, at their turn, bets the chaal (or twice it, as
the profile says) and turns their whole hand face up for everyone; it stays face up to the end of the deal.

The bet is a bet like any other (:func:`bragrules.engine.betting.bet` checks and pays it, the stakes'
bounds and all); what playing open adds is its price and the sight of the hand, which
:meth:`bragrules.engine.view.PlayerView.face_up` reads from the deal's actions. Every function takes the
:class:`~bragrules.engine.deal.Deal`.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> rules = compile_rules(Profile.model_validate({"format": {"open": {"faceup": "double_chaal"}}}))
>>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"),
...                                      "C": parse_cards("2c 7h Jd")})
>>> _ = deal.apply_text("A look")
>>> [str(o.action()) for o in deal.legal_actions()]
['A bet 1', 'A open 2', 'A fold']
>>> deal.apply_text("A opens 2")
Bet(player='A', amount=Fraction(2, 1), level=Fraction(2, 1), blind=False, all_in=False)
>>> deal.view(None).face_up()
{'A': (Kc, 9c, 4c)}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Message
from bragrules.core.rule_id import Rule
from bragrules.engine import betting
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import Event
from bragrules.engine.state import PlayerState
from bragrules.rules.open_hands import FACEUP_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def opened(deal: "Deal", name: str) -> bool:
    """Whether ``name`` plays open in this deal (an ``open`` among the deal's actions)."""
    return any(a.kind == "open" and a.player == name for a in deal.actions)


def _price(deal: "Deal", state: PlayerState) -> Optional[int]:
    """What playing open bets now, in units: the chaal times the profile's multiple (None: not payable)."""
    chaal = deal.chaal_u(state.name)
    return None if chaal is None else chaal * deal.rules.format.faceup


def option(deal: "Deal", state: PlayerState) -> Optional[LegalAction]:
    """Playing open, offered to a seen player not yet open, at its exact price when the stakes allow that bet."""
    if not deal.rules.format.faceup or not state.seen or opened(deal, state.name):
        return None
    price = _price(deal, state)
    if price is None:
        return None
    _, high, _, _ = betting.bet_range(deal, state)
    if high is not None and price > high:
        return None
    return LegalAction(state.name, "open", amount=deal.units.money(price))


def consulted(deal: "Deal", state: PlayerState) -> List[Rule]:
    """The rules that allow playing open now (what a ruling cites): the rule itself, then the stakes' bounds on
    the bet it makes."""
    return [FACEUP_RULE, *betting.consulted(deal, state, "bet")]


def open_hand(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """``X opens N``: checked (the profile allows it, X is seen and not yet open, N is its price), then bet."""
    multiple = deal.rules.format.faceup
    if not multiple:
        raise RuleViolation(FACEUP_RULE, "nobody plays open at this table")
    if not state.seen:
        raise RuleViolation(FACEUP_RULE, "{player} is blind: look at the cards before playing them open", player=state.name)
    if opened(deal, state.name):
        raise RuleViolation(FACEUP_RULE, "{player} already plays open", player=state.name)
    price = _price(deal, state)
    if price is None:
        raise RuleViolation(FACEUP_RULE, "{player} cannot pay the chaal that playing open bets", player=state.name)
    units = deal.units
    paid = action.amount
    if paid is None or units.to_units(paid) != price:
        what = Message("the chaal") if multiple == 1 else Message("twice the chaal")
        raise RuleViolation(FACEUP_RULE, "playing open bets {what}, {price}, not {paid}", what=what,
                            price=units.money(price), paid=paid if paid is not None else Message("nothing"))
    return betting.bet(deal, state, Action(state.name, "bet", amount=paid), apply)


__all__ = ["consulted", "open_hand", "opened", "option"]
