"""A deal's opening steps, run in the order the procedure lists them (:attr:`ProcedurePolicy.steps`).

The procedure (:mod:`bragrules.rules.procedure`) lists every step of a deal, each owned by its area. Those a deal
runs itself before the first action are here, one function a step, found by the step's name: the forced stakes
(the antes, or the posts of ``stakes.forced``, with every hand seen where nobody plays blind), the bust card
(``procedure.bust_card``), the hunt for the jokers (``procedure.hunt_rounds``) and the start of the betting (open-ended or a fixed number of rounds: who acts first).
The deal itself, the cut and the next dealer are the session's steps; the showdown is the settlement's. A step a
profile adds is a function here and a name in the procedure's list, never a branch inside the deal.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> [run.__name__ for run in opening(compile_rules(Profile()).procedure.steps)]
['forced_stakes', 'first_turn']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, Tuple

from bragrules.engine import bank, betting, exchange, forced, hunt, points_draws, settlement
from bragrules.engine.events import Fold, Look
from bragrules.rules.procedure import BUST_CARD_RULE, Step

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal

__all__ = ["OPENING", "opening"]


def forced_stakes(deal: "Deal") -> None:
    """The antes (or the forced posts), every hand seen where nobody plays blind; the turn before the first seat."""
    rules = deal.rules
    if rules.forced is None:
        betting.post_antes(deal)
    bank = rules.procedure.bank
    if (not rules.blind.allowed or not rules.format.betting) and not (bank is not None and bank.side_chosen):
        # (a Pair Plus chosen, procedure.bank.pair_plus_max: the hands are looked at once it is)
        for state in deal.players.values():
            state.seen = True
            deal.events.append(Look(state.name, automatic=True))
            settlement.declare(deal, state)
    deal.turn = len(deal.order) - 1
    if rules.forced is not None:  # posted once every player is blind or seen, so a blind post is a blind bet
        live = forced.post(deal)
        if live is not None:
            deal.turn = live  # the player after the last live post acts first


def bust_card(deal: "Deal") -> None:
    """``procedure.bust_card``: every player holding a card of the turned card's rank packs now, their stakes left
    in the pot. A player left alone takes the pot; with nobody left, the pot carries into the next deal."""
    busted = deal.rules.procedure.busted(deal.centre, [(state.name, state.hand) for state in deal.seats])
    if not busted:
        return
    if deal.out_by is None:
        deal.out_by = {}
    for name in busted:
        state = deal.players[name]
        state.folded = True
        deal.folded_hands.extend(hand for hand in state.hands.values() if hand is not None)
        deal.out_by[name] = BUST_CARD_RULE
        deal.events.append(Fold(name))
    left = deal.in_play
    turned = deal.rules.procedure.turned_card(deal.centre, "bust")
    if not left:
        settlement.finish_carried(deal, f"the bust card {turned} makes every player pack")
    elif len(left) == 1:
        settlement.finish_won(deal, [left[0]], showdown=False,
                              reason=f"the bust card {turned} makes everyone else pack; {left[0]} takes the pot")


def first_turn(deal: "Deal") -> None:
    """Who acts first: the first to exchange, to arrange, or to bet (nothing once the deal is over)."""
    rules = deal.rules
    if deal.hunt is not None:  # the hunt for the jokers comes first: the betting starts when it ends (engine/hunt.py)
        return
    if rules.format.exchange:
        deal.turn = 0
    elif not rules.format.betting:
        exchange.next_to_arrange(deal)
    else:
        betting.advance(deal)


OPENING: Dict[str, Callable[["Deal"], None]] = {
    "forced stakes": forced_stakes,
    "bust card": bust_card,
    "draws for the pips stake": points_draws.open_draws,
    "joker hunt": hunt.open_hunt,
    "betting": first_turn,
    "betting rounds": first_turn,
    "stakes against the bank": bank.open_bank,
}
"""The steps a deal runs before its first action, by the name the procedure gives them."""


_FOUND: Dict[int, Tuple[Tuple[Step, ...], Tuple[Callable[["Deal"], None], ...]]] = {}


def opening(steps: Tuple[Step, ...]) -> Tuple[Callable[["Deal"], None], ...]:
    """The functions of a procedure's opening steps, in its order (the session's and the settlement's left out);
    found once for each list of steps (a compiled procedure keeps its list)."""
    found = _FOUND.get(id(steps))
    if found is not None and found[0] is steps:
        return found[1]
    runs = tuple(OPENING[step.name] for step in steps if step.name in OPENING)
    if len(_FOUND) > 256:
        _FOUND.clear()
    _FOUND[id(steps)] = (steps, runs)
    return runs
