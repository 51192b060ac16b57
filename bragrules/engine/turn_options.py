"""What the player to act may do (:meth:`~bragrules.engine.deal.Deal.legal_actions`), in two parts:
a question the deal is waiting on (a side-show to answer, a blind survivor's hand to keep or let go,
a hand looked at, a discard, one of two hands to choose, a hand to show or concede, hands to arrange,
an exchange game's turn), else a betting turn, each choice with its exact cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.engine import betting, discard, exchange, retention, side_show, spare
from bragrules.engine.actions import LegalAction
from bragrules.engine.state import PlayerState

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal


def waiting_on(deal: "Deal", state: PlayerState) -> Optional[List[LegalAction]]:
    """The answers to the question the deal is waiting on from ``state`` (None: a betting turn)."""
    player = state.name
    if deal.side_show is not None:
        return side_show.answers(deal)
    if deal.retaining is not None:  # a blind survivor's decision comes first, a look at one of two or not
        if state.two_hands and deal.rules.blind.retain_of_two == "choice":
            keeps = [LegalAction(player, "retain", target=t) for t in ("new", "old")]
        else:
            keeps = [LegalAction(player, "retain")]
        return keeps + [LegalAction(player, "release")]
    if state.inspected is not None:
        return [LegalAction(player, "keep"), LegalAction(player, "discard")]
    if deal.rules.format.discard_step and discard.pending(deal, state):  # format.discard_before_betting
        return discard.options(deal, state)
    if deal.choosing:
        return [LegalAction(player, "look", target=t) for t in ("old", "new")]
    if deal.showing is not None:
        return [LegalAction(player, "show"), LegalAction(player, "concede")]
    if deal.arranging:
        take = spare.option(deal, state) if deal.spare_dealt is not None else None
        return [exchange.arrange_option(deal, state)] + ([take] if take is not None else [])
    if deal.rules.format.exchange:
        return exchange.exchange_options(deal, state)
    return None


def betting_turn(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """A betting turn's choices, in the menu's order: arrange (several hands, seen), look (blind),
    bet, check (nobody has bet, where allowed), see, ask for a side-show, fold. What an area refuses
    is taken out by the deal."""
    player = state.name
    rules = deal.rules
    options: List[LegalAction] = []
    if rules.format.hands > 1 and state.seen:
        options.append(exchange.arrange_option(deal, state))
    if not state.seen and (not rules.blind.look_fee_stake or retention.may_pay_to_look(deal, state)):  # look fee
        if state.two_hands:
            options += [LegalAction(player, "look", target=t) for t in ("old", "new")]
        else:
            options.append(LegalAction(player, "look"))
    bet = betting.bet_option(deal, state)
    if bet is not None:
        options.append(bet)
    if deal.level_u is None and rules.stakes.check_allowed:
        options.append(LegalAction(player, "check"))
    see = betting.see_option(deal, state)
    if see is not None:
        options.append(see)
    if rules.side_show is not None:
        asked_for = side_show.option(deal, state)
        if asked_for is not None:
            options.append(asked_for)
    options.append(LegalAction(player, "fold"))
    return options


__all__ = ["betting_turn", "waiting_on"]
