"""The fine points of 000: a peek at another's cards, an exposure and the redeal it may bring,
and a hand abandoned at a time limit (every stake returned); a deal declared void for any cause
(``disputes.void_deal``: every stake returned, dealt again) and a player's own cards shown to the
table on purpose (``disputes.self_exposure``: no penalty, a fold, a fine into the pot, or out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO
from bragrules.engine import betting, hunt, settlement
from bragrules.engine.actions import DISPUTE_KINDS, Action
from bragrules.engine.bet_record import pay_in
from bragrules.engine.events import (
    Event,
    Expose,
    Flash,
    Peek,
    Redeal,
    Void,
)
from bragrules.engine.state import PlayerState
from bragrules.engine.wild_cards import fold_hands
from bragrules.rules.disputes import (
    EXPOSURE_AFTER_BETTING_RULE,
    EXPOSURE_BEFORE_BETTING_RULE,
    SELF_EXPOSURE_RULE,
    VOID_DEAL_RULE,
)
from bragrules.rules.fixed import DEAL_OVER, PLAYERS
from bragrules.rules.format import BETTING_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def dispute(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """``X peeks Y``, ``X exposes [Y]`` and ``X redeal``: out of turn, whoever is to act."""
    if not deal.rules.format.betting:
        raise RuleViolation(BETTING_RULE, "there is no betting in this format: a peek or an exposure "
                                              "changes nothing, and there are no stakes to return")
    if deal.see_pair is not None or deal.retaining is not None:
        raise RuleViolation(DEAL_OVER, "the betting is over: nothing is left to dispute in this deal")
    if action.kind == "redeal":
        return redeal(deal, state, apply)
    if action.kind == "void":
        return void(deal, state, apply)
    if action.kind == "flash":
        return flash(deal, state, apply)
    target = action.target
    if target is not None and target not in deal.players:
        raise RuleViolation(PLAYERS, "{target} is not in this deal", target=target)
    if target == state.name:
        raise RuleViolation(PLAYERS, "{player} cannot {kind} their own cards: name another player", player=state.name, kind=action.kind)
    if action.kind == "peek":
        if target is None:
            raise RuleViolation(PLAYERS, "a peek names the player whose cards were looked at")
        if not apply:
            return None
        forced = deal.rules.disputes.peek_folds and not state.folded
        event = Peek(state.name, target, forced)
        if forced:
            force_fold(deal, state)
        return event
    affected = deal.players[target] if target is not None else state
    if not apply:
        return None
    before = deal.level_u is None
    if not affected.folded and (deal.rules.disputes.redeal_before_betting if before else deal.rules.disputes.redeal_after_betting):
        deal.redeal_from[affected.name] = -1 if before else len(deal.actions) + 1
    return Expose(state.name, affected.name, before)


def redeal(deal: "Deal", state: PlayerState, apply: bool) -> Optional[Event]:
    since = deal.redeal_from.get(state.name)
    before_rule = EXPOSURE_BEFORE_BETTING_RULE
    if since is None:
        exposed = any(isinstance(e, Expose) and e.affected == state.name for e in deal.events)
        if not exposed:
            raise RuleViolation(before_rule, "{player}'s cards have not been exposed: there is no redeal to demand", player=state.name)
        rule = before_rule if deal.level_u is None else EXPOSURE_AFTER_BETTING_RULE
        raise RuleViolation(rule, "under this profile an exposure of {player}'s cards brings no redeal: play continues", player=state.name)
    if since < 0 and deal.level_u is not None:
        raise RuleViolation(before_rule, "betting has begun: a redeal is demanded before any betting takes place")
    if since >= 0 and any(a.kind not in DISPUTE_KINDS and a.kind != "look" for a in deal.actions[since:]):
        raise RuleViolation(EXPOSURE_AFTER_BETTING_RULE, "the redeal is demanded at once, before play goes on")
    if not apply:
        return None
    payouts = {p: s.contributed for p, s in deal.players.items()}
    retained = {p: h for p, h in (deal.origin[2] or {}).items()}
    settlement.finish(deal, "redeal", [], payouts, {p: ZERO for p in deal.order}, deal.carried_in, False, False,
                 {p: tuple(h) if h is not None else None for p, h in retained.items()},
                 f"{state.name}'s cards were exposed: the hand is dealt again, every stake returned", None)
    return Redeal(state.name)


def void(deal: "Deal", state: PlayerState, apply: bool) -> Optional[Event]:
    """``X void``: the deal is declared void for any cause before it is settled (D02: "Malfunction
    voids all pays and plays"): every stake returned, as a redeal (the same dealer deals again from a
    shuffled pack; it does not count as a deal), the rule cited as what decided the ending.

    >>> from bragrules.core.cards import parse_hand
    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> hands = {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d"), "C": parse_hand("2c 7h Jd")}
    >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B", "C"], hands)
    >>> deal.apply_text("C void")
    Traceback (most recent call last):
    ...
    bragrules.core.errors.RuleViolation: disputes.void_deal: under this profile a deal is never declared void: play goes on
    """
    if not deal.rules.disputes.void_deal:
        raise RuleViolation(VOID_DEAL_RULE, "under this profile a deal is never declared void: play goes on")
    if not apply:
        return None
    payouts = {p: s.contributed for p, s in deal.players.items()}
    retained = {p: tuple(h) if h is not None else None for p, h in (deal.origin[2] or {}).items()}
    settlement.finish(deal, "redeal", [], payouts, {p: ZERO for p in deal.order}, deal.carried_in, False, False,
                      retained, f"{state.name} declared the deal void: it is dealt again, every stake returned", None)
    assert deal.result is not None
    deal.result = deal.result._replace(decided_by=[VOID_DEAL_RULE])
    return Void(state.name)


def flash(deal: "Deal", state: PlayerState, apply: bool) -> Optional[Event]:
    """``X flashes``: X showed their own cards to the table on purpose (D05), and pays the
    profile's penalty at once, out of turn: none, a fold (their bets stay in the pot), a fine into
    the pot (what they have, if less), or a fold and out of the session. A player who has folded
    has no hand left to show."""
    if state.folded:
        raise RuleViolation(SELF_EXPOSURE_RULE, "{player} has folded: there is no hand left to show", player=state.name)
    if not apply:
        return None
    policy = deal.rules.disputes
    penalty = policy.self_exposure
    fine = ZERO
    if penalty == "fine" and policy.self_exposure_fine is not None:
        fine_u = deal.units.to_units(policy.self_exposure_fine)
        assert fine_u is not None  # the fine is among the amounts the deal's money unit covers
        if state.stack_u is not None:
            fine_u = min(fine_u, state.stack_u)
        if fine_u:  # into the pot, but no bet: the level and the player's last bet stay as they were
            pay_in(deal, state, fine_u)
            if state.stack_u is not None:
                state.all_in = state.all_in or state.stack_u == 0
        fine = deal.units.money(fine_u)
    event = Flash(state.name, penalty, fine)
    if penalty in ("fold", "out"):
        if penalty == "out":
            deal.sent_out.append(state.name)
        force_fold(deal, state)  # its events (the deal's end, maybe) follow the penalty's
    return event


def abandon(deal: "Deal", reason: str = "time is up: the hand is abandoned, every stake returned") -> Event:
    """Stop the deal where it stands (``session.end.at_limit: abandon``): every stake of it is
    returned to whoever paid it, no bonus is paid, the pot carried in stays carried and retained
    hands stay retained. Whether the time allows it is the session's to say
    (:meth:`~bragrules.engine.session.Session.abandon_deal`). A deal already over raises.

    >>> from bragrules.engine.deal import Deal

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B"], {"A": None, "B": None})
    >>> _ = deal.apply_text("A bet 3")
    >>> deal.abandon().outcome, deal.result.net, deal.result.ending.kind
    ('abandoned', {'A': Fraction(0, 1), 'B': Fraction(0, 1)}, 'abandoned')
    """
    if deal.result is not None:
        raise RuleViolation(DEAL_OVER, "the deal is over: there is nothing left to abandon")
    payouts = {p: s.contributed for p, s in deal.players.items()}
    retained = {p: tuple(h) if h is not None else None for p, h in (deal.origin[2] or {}).items()}
    settlement.finish(deal, "abandoned", [], payouts, {p: ZERO for p in deal.order}, deal.carried_in, False, False,
                 retained, reason, None)
    return deal.events[-1]


def force_fold(deal: "Deal", state: PlayerState) -> None:
    """A fold at once, out of turn (a deliberate look): the turn stays where it was."""
    was_turn = deal.to_act == state.name
    state.folded = True
    state.inspected = None
    fold_hands(deal, state.hands.values())
    if state.name in deal.choosing:
        deal.choosing.remove(state.name)
    remaining = deal.in_play
    if len(remaining) == 1:
        betting.lone_survivor(deal, remaining[0])
    elif deal.hunt is not None:  # procedure.hunt_rounds: the folder's turns of the hunt are dropped
        hunt.drop(deal, state.name)
    elif was_turn:
        betting.advance(deal)
    else:
        contenders = deal.contenders
        if len(contenders) <= 1 and (not contenders or betting.has_matched(deal, contenders[0])):
            settlement.showdown_all(deal)
