"""Whose move it is: the refusals a deal checks before a move's own rules, for the player who is not the one
awaited, not the one whose turn it is, or asking for a move this format or moment of the deal does not offer
(:meth:`bragrules.engine.deal.Deal._check` asks them in that order)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragrules.core.errors import RuleViolation
from bragrules.engine.state import PlayerState
from bragrules.rules.blind import LOOK_RULE, RETENTION_RULE
from bragrules.rules.exchange import EXCHANGE_RULE
from bragrules.rules.fixed import FOLDED, TURN_ORDER
from bragrules.rules.format import BETTING_RULE
from bragrules.rules.seeing import CONCEDE_UNSEEN_RULE

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal

EXCHANGE_KINDS = frozenset(("swap", "knock", "stand", "draw", "throw", "pass"))
"""The actions of Stop the Bus's exchange with the centre."""


def refuse_while_awaited(deal: "Deal", state: PlayerState, kind: str) -> None:
    """A decision awaited comes first: the second to show at a see, a blind survivor's hand."""
    player, second, retaining = state.name, deal.showing, deal.retaining
    if second is not None and not deal.choosing and player == second and kind not in ("show", "concede", "look"):
        raise RuleViolation(CONCEDE_UNSEEN_RULE, "{player} must show or concede", player=player)
    if retaining is not None and player == retaining and kind not in ("retain", "release"):
        raise RuleViolation(RETENTION_RULE, "{player} is left alone, blind: retain the unseen hand or release it", player=player)

def refuse_out_of_turn(deal: "Deal", state: PlayerState, kind: str) -> None:
    """The usual case: only the player whose turn it is acts (the result and awaited cards are ruled out)."""
    awaited = deal.showing is not None or deal.retaining is not None
    to_act = deal.to_act if awaited or deal.choosing else deal.order[deal.turn]
    player = state.name
    if player == to_act:
        return
    if kind == "look" and not state.folded and not deal.choosing:
        raise RuleViolation(LOOK_RULE, "{player} may look only at their own turn", player=player)
    if state.folded:
        out = deal.out_by.get(player) if deal.out_by else None
        if out is not None:
            raise RuleViolation(out, "{player} is out of the hand: only matched, then raised", player=player)
        raise RuleViolation(FOLDED, "{player} has folded", player=player)
    raise RuleViolation(TURN_ORDER, "it is {to_act}'s turn, not {player}'s", to_act=to_act, player=player)

def refuse_out_of_phase(deal: "Deal", state: PlayerState, kind: str) -> None:
    """What this format and this moment of the deal leave open: the exchange's actions only in
    Stop the Bus, arranging only while everyone arranges, keep or discard after a look at one of two."""
    if deal.rules.format.exchange:
        if kind not in EXCHANGE_KINDS:
            raise RuleViolation(EXCHANGE_RULE, "Stop the Bus: swap with the centre (or draw and discard), knock, "
                                               "or stand after a knock")
    elif kind in EXCHANGE_KINDS:
        raise RuleViolation(EXCHANGE_RULE, "this format has no exchange with the centre")
    if deal.arranging and kind != "arrange" and kind != "take":
        raise RuleViolation(BETTING_RULE, "there is no betting in this format: arrange your hands")
    if state.inspected is not None and deal.retaining is None and kind not in ("keep", "discard", "fold"):
        raise RuleViolation(
            RETENTION_RULE, "{player} looked at the {inspected} hand and must keep or discard it first", player=state.name, inspected=state.inspected,
        )


__all__ = ["EXCHANGE_KINDS", "refuse_out_of_phase", "refuse_out_of_turn", "refuse_while_awaited"]
