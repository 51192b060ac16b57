"""A bet recorded: the one place that pays it and keeps every count a rule reads of the betting.

Three kinds of payment set or meet the level of a deal: a bet at a player's turn, a live forced
bet posted before the betting (a blind, a boot that counts as a bet), and the chaal paid with a
side-show request. Each is recorded by :func:`record_bet`, which pays it into the pot and keeps the
counts the rules read through :class:`~bragrules.rules.hooks.Betting` and
:class:`~bragrules.rules.hooks.Bettor`: a player's blind bets (``blind.max_blind_turns``), the
raises made (``stakes.raises_stop_at``), each player's bets at their turns (``procedure.betting_rounds``), the bets at the current level (``seeing.matched_showdown``)
and whose bet last matched it (``stakes.raised_out``), with the level itself. A kind of bet says
which counts it moves (:class:`BetKind`), so a rule that needs a new count adds it here once, for
every kind of bet, and nowhere else in the engine.

>>> TURN.raises, POSTED.raises, CHAAL.matches
(True, False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional

from bragrules.engine.events import Fold
from bragrules.engine.state import PlayerState
from bragrules.engine.wild_cards import fold_hands

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal

__all__ = ["BetKind", "CHAAL", "POSTED", "TURN", "pay", "pay_in", "put_out", "record_bet"]


class BetKind(NamedTuple):
    """Which counts a kind of bet moves.

    ``blind``: a bet made unseen counts among the player's blind bets; ``raises``: a bet lifting a level
    already set counts as a raise; ``matches``: the bet counts at the level (the bets made at it, whose
    bet last matched it) and a raise by it asks the areas whether a player is put out (``put_out``);
    ``turn``: the bet is made at the player's turn, and counts among their bets of the deal (the betting
    rounds played, ``procedure.betting_rounds``).
    """

    blind: bool
    raises: bool
    matches: bool
    turn: bool


TURN = BetKind(blind=True, raises=True, matches=True, turn=True)
"""A bet at a player's turn: every count moves."""
POSTED = BetKind(blind=True, raises=False, matches=False, turn=False)
"""A live forced bet posted before the betting: it sets the level (a big blind after a small one is no raise)."""
CHAAL = BetKind(blind=True, raises=True, matches=False, turn=True)
"""The chaal paid with a side-show request: it may lift the level, and answers no question of matching."""


def pay(deal: "Deal", state: PlayerState, amount: int) -> None:
    """A payment into the pot, in units: the player's total and last payment, the pot, the stack."""
    pay_in(deal, state, amount)
    state.last_u = amount


def pay_in(deal: "Deal", state: PlayerState, amount: int) -> None:
    """A payment into the pot that is no bet, in units (a dead post, a fee to look, a fine): the player's
    total, the pot and the stack; the level, every count of the betting and the player's last payment
    stay as they were."""
    state.paid_u += amount
    deal.pot_u += amount
    if state.stack_u is not None:
        state.stack_u -= amount


def record_bet(deal: "Deal", state: PlayerState, paid: int, level: Optional[int], kind: BetKind = TURN) -> bool:
    """Pay a bet of ``paid`` units setting the level to ``level`` (units, seen-equivalent) and keep every
    count of the betting; returns whether it raised a level already set.

    A stack spent on it leaves the player all in. For a bet that ``matches`` (a turn's bet), a raise asks
    the areas whether it puts a player out before the bet is counted as the last to match or not, since
    that question reads the bet before it.
    """
    pay(deal, state, paid)
    if state.stack_u is not None and state.stack_u == 0:
        state.all_in = True
    if kind.blind and not state.seen:
        state.blind_bets += 1
    if kind.turn:
        state.bets += 1
    before = deal.level_u
    raised = level is not None and before is not None and level > before
    if raised and kind.raises:
        deal.raises_made += 1
    deal.level_u = level
    if not kind.matches:
        return raised
    matched = level is not None and level == before
    deal.bets_at_level = deal.bets_at_level + 1 if matched else 0  # else the bet set the level (an opening, a raise)
    if raised and deal.rules.asking_put_out:
        put_out(deal, state.name)
    deal.last_match = state.name if matched else None
    return raised


def put_out(deal: "Deal", raiser: str) -> None:
    """Ask the areas whether the raise just made puts a player out of the hand
    (:meth:`~bragrules.rules.hooks.AreaPolicy.put_out`, ``stakes.raised_out``): that player is folded,
    their stakes left in the pot, and the rule that put them out is what refuses their later actions."""
    for policy in deal.rules.asking_put_out:
        out = policy.put_out(deal, raiser)
        if out is None:
            continue
        state = deal.players[out.player]
        if state.folded:
            continue
        state.folded = True
        state.inspected = None
        fold_hands(deal, state.hands.values())
        if deal.out_by is None:
            deal.out_by = {}
        deal.out_by[out.player] = out.rule
        deal.events.append(Fold(out.player))
