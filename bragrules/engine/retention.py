"""Looking, and blind hands kept from one deal to the next (``blind.retention``): a look at one of
two hands, keeping or discarding it, and a blind survivor retaining or releasing the unseen hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import N_, Message
from bragrules.core.rule_id import Rule
from bragrules.engine import settlement, showing
from bragrules.engine.actions import Action
from bragrules.engine.bet_record import pay_in
from bragrules.engine.events import (
    Discard,
    Event,
    Keep,
    Look,
    Release,
    Retain,
)
from bragrules.engine.state import Hand, PlayerState
from bragrules.rules.blind import LOOK_FEE_RULE, LOOK_RULE, RETAIN_OF_TWO_RULE, RETENTION_RULE
from bragrules.rules.fixed import DEAL_OVER

RETAIN_WORDS = {"newer": N_("newer"), "older": N_("older")}
"""Which of two unseen hands a profile retains (``blind.retain_of_two``), in words."""

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def look_fee(deal: "Deal") -> int:
    """What a look costs now under ``blind.look_fee: stake``, in units: what a blind bet at the current level pays
    (before anybody bets, the blind rate of the least opening bet)."""
    units = deal.units
    level = deal.level_u if deal.level_u is not None else units.to_units_exact(deal.rules.stakes.opening_min)
    return units.payment(level, True)


def may_pay_to_look(deal: "Deal", state: PlayerState) -> bool:
    """Whether the player can pay what a look costs now (``blind.look_fee``; always, where looking is free)."""
    if not deal.rules.blind.look_fee_stake or state.stack_u is None or deal.choosing:
        return True
    return look_fee(deal) <= state.stack_u


def look(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if state.seen:
        if not deal.rules.blind.allowed and action.target is None:
            return Look(state.name, already_seen=True) if apply else None
        raise RuleViolation(LOOK_RULE, "{player} has already looked", player=state.name)
    # whose turn it is was checked before this is reached (unless blind.look lets a player look any time)
    target = action.target
    if target not in (None, "old", "new"):
        raise RuleViolation(RETENTION_RULE, "there is no hand called {target}: look, look old or look new", target=repr(target))
    two_hands = len(state.hands) == 2
    if two_hands:
        if target is None:
            raise RuleViolation(
                RETENTION_RULE, "{player} holds two hands: look old or look new", player=state.name
            )
    elif target is not None and target not in state.hands:
        raise RuleViolation(RETENTION_RULE, "{player} has no {target} hand to look at", player=state.name, target=target)
    fee = look_fee(deal) if deal.rules.blind.look_fee_stake and not deal.choosing else 0
    if fee and state.stack_u is not None and fee > state.stack_u:
        raise RuleViolation(LOOK_FEE_RULE, "{player} cannot pay the {fee} a look costs", player=state.name, fee=deal.units.money(fee))
    if not apply:
        return None
    if fee:  # into the pot, but no bet: the level, the raises and the player's last bet stay as they were
        pay_in(deal, state, fee)
    if two_hands:
        assert target is not None
        state.inspected = target
        return Look(state.name, state.hands[target], hand=target)
    # one hand left: looking makes the player seen
    state.seen = True
    if deal.rules.session.bonus_when_dealt:
        settlement.declare(deal, state)
    if deal.choosing and deal.choosing[0] == state.name:
        finish_choice(deal, state.name)
    return Look(state.name, state.hand)


def keep_or_discard(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if state.inspected is None:
        raise RuleViolation(
            RETENTION_RULE, "{player} has not looked at one of two hands; nothing to {kind}", player=state.name, kind=action.kind
        )
    if not apply:
        return None
    looked = state.inspected
    other = "old" if looked == "new" else "new"
    state.inspected = None
    if action.kind == "keep":
        dropped = state.hands[other]
        state.hands = {looked: state.hands[looked]}
        state.seen = True
        settlement.declare(deal, state)
    else:
        dropped = state.hands[looked]
        state.hands = {other: state.hands[other]}
    if dropped is not None:
        deal.folded_hands.append(dropped)
    if deal.choosing and deal.choosing[0] == state.name:
        finish_choice(deal, state.name)
    if action.kind == "keep":
        return Keep(state.name, looked, state.seen)
    return Discard(state.name, looked, state.seen)


def retain(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A blind survivor keeps one unseen hand for the next deal (``retain``) or lets it go (``release``)."""
    if deal.retaining is None:
        raise RuleViolation(RETENTION_RULE, "only a blind survivor whose pot carries retains or releases a hand")
    keep: Optional[str] = None
    if action.kind == "retain":
        if state.two_hands:
            rule = deal.rules.blind.retain_of_two
            if rule == "choice":
                keep = action.target or "new"
            else:
                keep = "new" if rule == "newer" else "old"
                if action.target is not None and action.target != keep:
                    raise RuleViolation(
                        RETAIN_OF_TWO_RULE,
                        "of two unseen hands this profile retains the {which} one, not the {target}",
                        which=Message(RETAIN_WORDS.get(rule, rule)), target=action.target,
                    )
        else:
            (keep,) = state.hands
            if action.target is not None and action.target != keep:
                raise RuleViolation(RETENTION_RULE, "{player} holds only the {keep} hand", player=state.name, keep=keep)
    elif action.target is not None:
        raise RuleViolation(RETENTION_RULE, "release takes no hand: every unseen hand is released")
    if not apply:
        return None
    deal.retaining = None
    retained: Dict[str, Hand] = {}
    for label, hand in state.hands.items():
        if label == keep:
            retained[state.name] = hand
        elif hand is not None:
            deal.folded_hands.append(hand)
    if keep is None:
        reason = f"{state.name} is left alone but blind: the pot carries, and the hand is released"
    else:
        reason = f"{state.name} is left alone but blind: the pot carries, and the hand is retained"
    event: Event = Retain(state.name, keep) if keep else Release(state.name)
    settlement.finish_carried(deal, reason, retained)
    return event


def retained_again(deal: "Deal", action: Action) -> RuleViolation:
    """The refusal of ``retain`` or ``release`` once the deal is over. The blind survivor whose
    retention ended it has already kept or let go the unseen hand, and another is never retained
    (002: "retain only ONE unseen hand for the next deal; never accumulate three"): of two hands
    ``blind.retain_of_two`` decided which one, of one ``blind.retention`` kept it. Anyone else
    acts after the deal's end (``deal_over``).

    >>> from bragrules.core.cards import parse_hand
    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B", "C"],
    ...             {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d"), "C": parse_hand("2c 3c 8h")})
    >>> for text in ("A bet 1", "B fold", "C fold", "A retain"):
    ...     _ = deal.apply_text(text)
    >>> deal.apply_text("A retain")
    Traceback (most recent call last):
    ...
    bragrules.core.errors.RuleViolation: blind.retention: A has already retained the unseen hand: only one unseen hand is kept for the next deal
    """
    result = deal.result
    ending = result.ending if result is not None else None
    state = deal.players.get(action.player)
    if ending is None or ending.kind != "carried_blind" or ending.survivor != action.player or state is None \
            or not any(isinstance(e, (Retain, Release)) for e in deal.events):
        return RuleViolation(DEAL_OVER, "the deal is over")
    kept = action.player in result.retained  # type: ignore[union-attr]
    if state.two_hands:
        what = Message("kept one of the two unseen hands") if kept else Message("released the unseen hands")
        return RuleViolation(RETAIN_OF_TWO_RULE, "{player} has already {what}: of two, only one is kept for the next "
                                                 "deal, never both", player=action.player, what=what)
    if kept:
        return RuleViolation(RETENTION_RULE, "{player} has already retained the unseen hand: only one unseen hand is "
                                             "kept for the next deal", player=action.player)
    return RuleViolation(RETENTION_RULE, "{player} has already released the unseen hand: only one unseen hand is "
                                         "kept for the next deal", player=action.player)


def finish_choice(deal: "Deal", player: str) -> None:
    deal.choosing.pop(0)
    if not deal.choosing:
        showing.showdown(deal)


def consulted(deal: "Deal", state: PlayerState, kind: str) -> List[Rule]:
    """The rules that allow a look, a keep or a discard by the player now (what a ruling cites)."""
    if kind == "look":
        return [RETENTION_RULE] if state.two_hands else [LOOK_RULE]
    if kind in ("keep", "discard"):
        return [RETENTION_RULE]
    return []
