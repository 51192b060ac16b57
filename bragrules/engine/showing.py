"""The see: who turns cards first (``seeing.exposure``), a concession unseen
(``seeing.concede_unseen``), and the record of cards turned.

Every function takes the :class:`~bragrules.engine.deal.Deal`; the handlers
(``show_or_concede``, ``turned_at_see``) check an action and, asked to, apply it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.engine import settlement
from bragrules.engine.actions import Action
from bragrules.engine.events import (
    Concede,
    Event,
    Show,
)
from bragrules.engine.state import PlayerState
from bragrules.rules.fixed import DEAL_OVER, TURN_ORDER
from bragrules.rules.seeing import CONCEDE_UNSEEN_RULE, EXPOSURE_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def exposure_order(deal: "Deal") -> List[str]:
    """The two players of the see in the order they turn their cards (``seeing.exposure``)."""
    assert deal.see_pair is not None
    caller, opponent = deal.see_pair
    return [caller, opponent] if deal.rules.seeing.caller_shows_first else [opponent, caller]


def may_concede(deal: "Deal") -> bool:
    """Whether the second to show at a see may concede unseen: the profile allows it and only
    the two players of the see are left in the deal."""
    return deal.rules.seeing.concede_unseen and len(deal.in_play) == 2


def showdown(deal: "Deal") -> None:
    assert deal.see_pair is not None
    first, second = exposure_order(deal)
    if may_concede(deal) and deal.shown_first is None:
        if deal.wait_for_cards and deal.players[first].hand is None:
            deal.needed, deal.then = [first], "first"  # the first hand is turned: its cards are entered
            return
        deal.shown_first = first  # the first hand is turned; the second player shows or concedes
        deal.showing = second
        deal.events.append(Show(first, deal.players[first].hand))
        return
    settle_see(deal)


def settle_see(deal: "Deal") -> None:
    assert deal.see_pair is not None
    caller, opponent = deal.see_pair
    exposure = exposure_order(deal)
    if settlement.await_unknown(deal, exposure, "see"):  # awaited in the order the hands are turned
        return
    if deal.rules.format.hands > 1:
        settlement.settle_hands(deal, exposure, caller, opponent)
        return
    winners = settlement.best_of(deal, deal.in_play, caller, opponent)
    settlement.finish_won(deal, winners, showdown=True, reason=f"{caller} saw {opponent}", exposure=exposure)


def unshown(deal: "Deal") -> List[str]:
    """Players whose cards nobody at the table has seen once the deal is over: those who
    conceded at a see without having revealed their hand some other way (an arrangement
    written out, a bonus hand declared). A log writes their cards as unknown."""
    if deal.result is None:
        return []
    return [p for p in deal.result.conceded
            if deal.players[p].arrangement is None and p not in deal.declared]


def shown_beats(deal: "Deal", player: str) -> bool:
    """At a see, while ``player`` may still concede: whether the hand turned first wins against
    theirs under the profile (ties as ``seeing.tie`` says). What the player can see for themselves."""
    first = deal.shown_first
    if first is None or deal.showing != player or deal.see_pair is None:
        return False
    if deal.players[first].hand is None or deal.players[player].hand is None:
        return False
    trial = deal.snapshot()
    trial.apply(Action(player, "show"))
    result = trial.result
    return result is not None and player not in result.winners


def show_or_concede(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if deal.showing is None or deal.choosing:
        raise RuleViolation(CONCEDE_UNSEEN_RULE, "nobody is waiting to show at a see")
    if not apply:
        return None
    first = deal.shown_first
    assert first is not None
    deal.showing = None
    if action.kind == "show":
        deal.shows.append(state.name)
        event: Event = Show(state.name, state.hand)
        settle_see(deal)
        return event
    event = Concede(state.name)
    settlement.finish_won(deal, [first], showdown=True, reason=f"{state.name} concedes without showing; {first} takes the pot",
                     exposure=[first], conceded=[state.name])
    return event


def turned_at_see(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """``X show`` written for a player of the see whose cards the engine turns itself (both
    hands once the see is settled; the first hand while the second player may concede): the
    record of X turning their cards, checked against ``seeing.exposure``. A show written
    without the one before it leaves that one unsaid, turned in its place; a show written
    after the one that follows it in the exposure order (the second player's show or
    concession) is out of order, the deal over or not: these records are written after the
    see that settles the deal, so the see's rules judge them, where every other action after
    the end is ``deal_over``. A show written twice, or by a player who conceded, is
    ``deal_over``. ``X concede`` is refused here by the rule it breaks:
    ``seeing.concede_unseen`` where both hands are shown, ``seeing.exposure`` for the player
    who shows first.

    >>> from bragrules.core.cards import parse_hand
    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B"],
    ...             {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d")})
    >>> for text in ("A look", "A bet 2", "B look", "B bet 2", "A see 4", "A show"):
    ...     _ = deal.apply_text(text)
    >>> deal.apply_text("B show")
    Traceback (most recent call last):
    ...
    bragrules.core.errors.RuleViolation: seeing.exposure: B shows after A, but at a see the opponent, B, turns cards first
    """
    assert deal.see_pair is not None
    name, result = state.name, deal.result
    if name not in deal.see_pair:
        if result is not None:
            raise RuleViolation(DEAL_OVER, "the deal is over")
        raise RuleViolation(TURN_ORDER, "it is {to_act}'s turn, not {name}'s", to_act=deal.to_act, name=name)
    order = exposure_order(deal)
    first, second = order
    if action.kind == "concede":  # only the second to show, and only where the profile lets them
        if not deal.rules.seeing.concede_unseen:
            raise RuleViolation(CONCEDE_UNSEEN_RULE,
                                "under this profile both hands are shown at a see; nobody concedes")
        if name == first:  # over or not: the first to turn never concedes (seeing.exposure)
            raise RuleViolation(EXPOSURE_RULE, "at a see {first} turns cards first: {name} cannot concede", first=first, name=name)
        raise RuleViolation(DEAL_OVER, "the deal is over")
    if result is not None and name in result.conceded:
        raise RuleViolation(DEAL_OVER, "{name} conceded without showing; the deal is over", name=name)
    if name in deal.shows:
        if result is not None:
            raise RuleViolation(DEAL_OVER, "{name} has already shown", name=name)
        # the first hand is turned and the second player is to show or concede: a second show by
        # the first is the order of exposure broken, not a turn taken out of turn
        other = second if name == first else first
        raise RuleViolation(EXPOSURE_RULE, "{name} has already shown: at a see {other} shows or concedes next", name=name, other=other)
    conceded = result is not None and second in result.conceded
    if name == first and (second in deal.shows or conceded):  # written after the second's show or concession
        who = "the caller" if deal.rules.seeing.caller_shows_first else "the opponent"
        after = f"{second} conceded" if conceded else second
        raise RuleViolation(EXPOSURE_RULE, "{name} shows after {after}, but at a see {who}, {name}, turns cards first", name=name, after=after, who=who)
    if not apply:
        return None
    deal.shows.append(name)
    return Show(name, state.hand)
