"""The side-show (``seeing.side_show``): a seen player asks the previous player for a private
comparison; the asked player accepts or refuses; accepted, the weaker hand folds.

Who may ask is the side-show policy's refusal (:class:`~bragrules.rules.side_show.SideShowPolicy`,
asked through :mod:`bragrules.rules.hooks` like every area's), so what is offered and what is
refused agree. This module prices the request, keeps the question while it waits for its answer
(``deal.side_show``: the asker and the asked), and settles the answer. Every function takes the
:class:`~bragrules.engine.deal.Deal`.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> rules = compile_rules(Profile.model_validate({"seeing": {"side_show": {"allowed": True}}}))
>>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"),
...                                      "C": parse_cards("2c 7h Jd")})
>>> for text in ["A look", "A bet 2", "B look", "B bet 2", "C look"]:
...     _ = deal.apply_text(text)
>>> [str(o.action()) for o in deal.legal_actions()]
['C bet 2', 'C sideshow 2', 'C fold']
>>> _ = deal.apply_text("C sideshow 2")
>>> deal.to_act, [o.kind for o in deal.legal_actions()]
('B', ['accept', 'refuse'])
>>> deal.apply_text("B accepts")
SideShowAnswer(player='B', asker='C', accepted=True, loser='C')
>>> str(deal.actions[-1]), deal.in_play, deal.to_act
('B accepts, C folds', ['A', 'B'], 'A')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Message
from bragrules.engine import betting
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.bet_record import CHAAL, record_bet
from bragrules.engine.events import Event, SideShow, SideShowAnswer
from bragrules.engine.state import PlayerState
from bragrules.engine.wild_cards import fold_hands
from bragrules.rules.fixed import HISTORY_CARDS, TURN_ORDER
from bragrules.rules.session import STARTING_STACK_RULE
from bragrules.rules.side_show import ALLOWED_RULE, COST_RULE, TIE_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def previous_bettor(deal: "Deal", name: str) -> Optional[PlayerState]:
    """The nearest player before ``name`` in the order of play who has not folded (None: nobody)."""
    seats = deal.seats
    at = deal.order.index(name)
    for back in range(1, len(seats)):
        state = seats[at - back]
        if not state.folded:
            return state
    return None


def _price(deal: "Deal", state: PlayerState) -> Optional[int]:
    """What asking costs the player now, in units: the chaal (the least bet), 0 when free,
    None when the player cannot pay the chaal."""
    policy = deal.rules.side_show
    assert policy is not None
    if not policy.pays_chaal:
        return 0
    return deal.chaal_u(state.name)


def option(deal: "Deal", state: PlayerState) -> Optional[LegalAction]:
    """The side-show offered at the player's turn, with its exact cost (None when it cannot be paid);
    who may ask at all is the policy's refusal, which :meth:`Deal.legal_actions` asks after."""
    if deal.level_u is None:
        return None
    price = _price(deal, state)
    if price is None:
        return None
    amount = deal.units.money(price) if deal.rules.side_show is not None and deal.rules.side_show.pays_chaal else None
    return LegalAction(state.name, "sideshow", amount=amount)


def answers(deal: "Deal") -> List[LegalAction]:
    """What the asked player may answer. Where the hands are not known to the engine (real cards at a
    kept table), the two compare them in private and the acceptance says which folds."""
    assert deal.side_show is not None
    asker, asked = deal.side_show
    refuse = LegalAction(asked, "refuse")
    if deal.players[asker].hand is None or deal.players[asked].hand is None:
        return [LegalAction(asked, "accept", target=asker), LegalAction(asked, "accept", target=asked), refuse]
    return [LegalAction(asked, "accept"), refuse]


def ask(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A side-show asked for: priced as the profile says, then the question waits for its answer."""
    policy = deal.rules.side_show
    if policy is None:
        raise RuleViolation(ALLOWED_RULE, "this profile has no side-show")
    if deal.level_u is None:
        raise RuleViolation(ALLOWED_RULE, "nobody has made a bet yet: there is nobody to ask for a side-show")
    previous = previous_bettor(deal, state.name)
    assert previous is not None  # the policy refuses a side-show with nobody to ask
    price = _price(deal, state)
    units = deal.units
    if price is None:
        raise RuleViolation(STARTING_STACK_RULE, "{player} cannot pay the chaal a side-show costs", player=state.name)
    paid = action.amount
    if policy.pays_chaal:
        if paid is None or units.to_units(paid) != price:
            raise RuleViolation(COST_RULE, "a side-show costs the chaal, {price}, paid with the request, not {paid}",
                                price=units.money(price), paid=paid if paid is not None else Message("nothing"))
    elif paid is not None and paid != 0:
        raise RuleViolation(COST_RULE, "asking for a side-show costs nothing here, not {paid}", paid=paid)
    if not apply:
        return None
    amount = None
    if policy.pays_chaal:
        level = units.level_for(price, False)
        assert level is not None and deal.level_u is not None
        record_bet(deal, state, price, max(level, deal.level_u), CHAAL)
        amount = units.money(price)
    deal.side_show = (state.name, previous.name)
    return SideShow(state.name, previous.name, amount)


def refuse_unanswered(deal: "Deal", state: PlayerState, kind: str) -> None:
    """While a side-show waits for its answer, only the asked player acts, and only to answer."""
    assert deal.side_show is not None
    asker, asked = deal.side_show
    if state.name != asked:
        raise RuleViolation(TURN_ORDER, "{asked} must first answer {asker}'s side-show", asked=asked, asker=asker)
    if kind not in ("accept", "refuse"):
        raise RuleViolation(ALLOWED_RULE, "{asked} must accept or refuse {asker}'s side-show first", asked=asked, asker=asker)


def loser_of(deal: "Deal", asker: str, asked: str, claimed: Optional[str]) -> Optional[str]:
    """Who folds at an accepted side-show: the weaker hand, on equal hands as ``seeing.side_show.tie``
    says (None: nobody). Hands nobody recorded: the loser the history claims."""
    policy = deal.rules.side_show
    assert policy is not None
    if claimed is not None and claimed not in (asker, asked):
        raise RuleViolation(ALLOWED_RULE, "a side-show between {asker} and {asked} cannot fold {claimed}", asker=asker, asked=asked, claimed=claimed)
    mine, theirs = deal.players[asker].hand, deal.players[asked].hand
    if mine is None or theirs is None:
        if claimed is None:
            missing = ", ".join(p for p in (asker, asked) if deal.players[p].hand is None)
            raise RuleViolation(HISTORY_CARDS, "the cards of {missing} are needed for this side-show but were not recorded (or write who"
                                               " folded: 'B accepts, C folds')", missing=missing)
        return claimed
    decided = deal.comparer.versus(mine, theirs)  # the showdown's answer: special hands too
    if decided:
        loser = asked if decided > 0 else asker
        if claimed is not None and claimed != loser:
            winner = asker if loser == asked else asked
            raise RuleViolation(ALLOWED_RULE, "at a side-show the weaker hand folds: {winner}'s beats {loser}'s, so "
                                              "{loser} folds, not {claimed}", winner=winner, loser=loser, claimed=claimed)
        return loser
    tied: Optional[str] = asker if policy.asker_folds_tie else None
    if claimed is not None and claimed != tied:
        said = Message("{asker}, who asked, folds", asker=asker) if policy.asker_folds_tie else Message("nobody folds")
        raise RuleViolation(TIE_RULE, "the hands of {asker} and {asked} are equal: {said}, not {claimed}", asker=asker,
                            asked=asked, said=said, claimed=claimed)
    return tied


def answer(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """The asked player's answer: accepted, the hands are compared and the weaker folds; refused,
    play goes on or comes back to the asker (``seeing.side_show.refused``)."""
    pending = deal.side_show
    if pending is None:
        raise RuleViolation(ALLOWED_RULE, "nobody has asked for a side-show")
    asker, asked = pending
    accepted = action.kind == "accept"
    loser = loser_of(deal, asker, asked, action.target) if accepted else None
    if not apply:
        return None
    deal.side_show = None
    if not accepted:
        policy = deal.rules.side_show
        assert policy is not None
        deal.refused_at = (asker, len(deal.actions) + 1)  # until the asker's next action
        event = SideShowAnswer(state.name, asker, False)
        if not policy.asker_pays:
            betting.advance(deal)
        return event
    if loser is not None:
        folded = deal.players[loser]
        folded.folded = True
        folded.inspected = None
        fold_hands(deal, folded.hands.values())
    event = SideShowAnswer(state.name, asker, True, loser)
    remaining = [seat.name for seat in deal.seats if not seat.folded]
    if len(remaining) == 1:  # another left the hand while the side-show waited (a penalty): the last one wins
        betting.lone_survivor(deal, remaining[0])
    else:
        betting.advance(deal)
    return event


def recorded(action: Action, event: Event) -> Action:
    """The action as a history writes it: an accepted side-show with the hand that folded."""
    if type(event) is SideShowAnswer and event.loser is not None and action.target is None:
        return action._replace(target=event.loser)
    return action


def refused_asker(deal: "Deal") -> Optional[str]:
    """The player to act, while their side-show has just been refused at this turn (else None)."""
    refused = deal.refused_at
    if refused is None or refused[1] != len(deal.actions) or deal.side_show is not None:
        return None
    return refused[0] if deal.to_act == refused[0] else None


def compared(deal: "Deal", player: str) -> List[SideShowAnswer]:
    """The side-shows ``player`` accepted or asked for and had compared, in order."""
    return [e for e in deal.events if type(e) is SideShowAnswer and e.accepted and player in (e.player, e.asker)]
