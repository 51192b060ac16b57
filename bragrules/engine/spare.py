"""The spare hand of a short table (``session.points.spare_hand``, 13-card Crash): dealt face down after
the players' cards when the pack holds one more player's cards, and taken, at most once, by a player at
their turn to arrange, their own cards discarded in its place.

The spare is dealt as the deal's face-down centre: a log writes it as the deal's ``centre``, the seed or
the pack followed by the audit deals it there, and the cards left in the centre when the deal is over
(the spare, or the hand given up for it) go under the pack with the rest.

gamerules.com (Crash, 13 Card Brag): "There are still four 13-card hands dealt, 3 hands to the players
and one spare hand. Beginning with the player to the left of the dealer, players can discard their hand
and exchange it with the spare hand. It is often played that an additional stake must be placed if you
take the spare hand." boardgamearena.com (Crash): "If someone does, everyone else must keep the cards
they were dealt."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.bet_record import pay
from bragrules.engine.events import Event, TakeSpare
from bragrules.engine.state import PlayerState
from bragrules.rules.compile import Rules
from bragrules.rules.points import SPARE_HAND_RULE, SPARE_STAKE_RULE, spare_dealt

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def centre_count(rules: Rules, players: int, left: int) -> int:
    """The cards dealt to the centre for a table of ``players``, from a pack with ``left`` cards after the
    hands: with draws (an exchange's, or the pips stake's), all of them (the stock); else the format's face-up centre, the spare hand when
    one is dealt, the cards the procedure turns face up (a bust card) and those it lays for a hunt for the jokers.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(load_profile("thirteen-card-brag"))
    >>> centre_count(rules, 3, 13), centre_count(rules, 4, 0)
    (13, 0)
    >>> centre_count(compile_rules(load_profile("stop-the-bus-draw")), 3, 43)
    43
    """
    if rules.format.draws or rules.procedure.points_draw:  # the stock: every card left
        return left if rules.procedure.points_draw else rules.format.centre_count(left)
    spare = spare_dealt(players, rules.format.cards_dealt, rules.pack.size, rules.session.points)
    hunted = rules.procedure.hunt_rounds * players  # procedure.hunt_rounds: one more a round for each player
    return rules.format.centre_cards + (rules.format.cards_dealt if spare else 0) + rules.procedure.turned + hunted


def option(deal: "Deal", state: PlayerState) -> Optional[LegalAction]:
    """``take``, while the spare hand lies untaken and this player has not arranged (None otherwise)."""
    if deal.spare_dealt is None or deal.spare_taken is not None or state.arrangement is not None:
        return None
    return LegalAction(state.name, "take", amount=deal.rules.session.points.spare_stake
                       if deal.rules.session.points is not None and deal.rules.session.points.spare_stake else None)


def take(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """Take the spare hand: the player's own cards go to the centre, face down, and the spare is theirs."""
    points = deal.rules.session.points
    if deal.spare_dealt is None or points is None:
        raise RuleViolation(SPARE_HAND_RULE, "no spare hand is dealt in this deal")
    if deal.spare_taken is not None:
        raise RuleViolation(SPARE_HAND_RULE, "{spare_taken} has taken the spare hand: everyone else keeps the cards they were dealt", spare_taken=deal.spare_taken)
    if state.arrangement is not None:
        raise RuleViolation(SPARE_HAND_RULE, "{player} has set out their hands: the spare hand is taken before arranging", player=state.name)
    stake_u = deal.units.to_units_exact(points.spare_stake) if points.spare_stake else 0
    if stake_u and state.stack_u is not None and stake_u > state.stack_u:
        raise RuleViolation(SPARE_STAKE_RULE, "{player} cannot pay the stake of the spare hand", player=state.name)
    if not apply:
        return None
    own = state.hand
    state.hands = {"new": tuple(deal.centre)}
    deal.centre = list(own or ())
    deal.spare_taken = state.name
    if stake_u:
        pay(deal, state, stake_u)
    return TakeSpare(state.name, points.spare_stake)
