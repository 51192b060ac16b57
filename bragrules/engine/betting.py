"""Betting and seeing: what a turn may cost, the bets, checks, folds and sees, the antes, and whose turn is next.

The range of a bet comes from the stakes' bounds (:meth:`~bragrules.rules.stakes.StakesPolicy.level_bounds`)
and a refused bet is refused by the first bound it breaks, so what is offered and what is refused
cannot disagree. Every function takes the :class:`~bragrules.engine.deal.Deal`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, List, NoReturn, Optional, Tuple

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import N_, Message
from bragrules.core.money import ZERO
from bragrules.core.rule_id import Rule
from bragrules.engine import forced, settlement, showing
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.bet_record import pay, pay_in, record_bet
from bragrules.engine.events import (
    Ante,
    Bet,
    Check,
    Event,
    Fold,
    See,
)
from bragrules.engine.state import PlayerState
from bragrules.engine.wild_cards import fold_hands
from bragrules.rules.blind import RETENTION_RULE
from bragrules.rules.fixed import HISTORY_CARDS, SEE_TWO
from bragrules.rules.hooks import Bound, first_broken, legal_range
from bragrules.rules.seeing import COST_BASIS_RULE, COST_MULTIPLE_RULE, FEE_TO_RULE, SeePolicy
from bragrules.rules.session import COVERING_RULE, STARTING_STACK_RULE
from bragrules.rules.stakes import BLIND_RATE_RULE, CHECK_RULE, LEVEL_STEP_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def bet_range(deal: "Deal", state: PlayerState) -> Tuple[int, Optional[int], int, bool]:
    """(least payment, most payment or None, payment step, all-in only) in units: the stakes' bounds
    on the level (:meth:`~bragrules.rules.stakes.StakesPolicy.level_bounds`) at the player's rate, then
    narrowed to the player's stack."""
    units = deal.units
    blind = state.blind
    level = deal.level_u
    high: Optional[int]
    if level is not None and deal.rules.stakes.open_ended:
        low, high, step = level, None, units.step  # the fast path of open_ended_range: no bound above
    else:
        bounds = level_bounds(deal, state)
        found, high = legal_range(bounds)
        assert found is not None, "the stakes always bound a bet from below"
        low, step = found, units.step
        for bound in bounds:
            if bound.step:
                step = bound.step
        if high is not None and (high - low) % step:
            high -= (high - low) % step  # the most is a level on the steps (a pot limit need not be)
    step_pay = units.payment(step, blind)
    low_pay = units.payment(low, blind)
    high_pay = units.payment(high, blind) if high is not None else None
    stack = state.stack_u
    if stack is not None:
        if low_pay > stack:
            return stack, stack, step_pay, True
        if high_pay is None or high_pay > stack:
            high_pay = stack - (stack - low_pay) % step_pay
    return low_pay, high_pay, step_pay, False


def level_bounds(deal: "Deal", state: PlayerState) -> List[Bound]:
    """The stakes' bounds on the player's bet now (:meth:`~bragrules.rules.stakes.StakesPolicy.level_bounds`).

    The one fast path of the bounds: they are asked for the bet a turn offers and again for the bet
    the player then makes, at the same moment of the deal, so the last answer is kept on the deal
    with the moment it answers (how many actions were applied, whose, seen or blind) and given again
    while that moment lasts. ``tests/test_fast_paths_betting.py`` holds it to the policy's own answer.
    """
    key = (len(deal.actions), state.name, state.seen)
    kept = deal.bounds_memo
    if kept is not None and kept[0] == key:
        return kept[1]
    bounds = deal.rules.stakes.level_bounds(deal, state, deal.units)
    deal.bounds_memo = (key, bounds)
    return bounds


def bet_option(deal: "Deal", state: PlayerState) -> Optional[LegalAction]:
    low, high, step, all_in = bet_range(deal, state)
    money = deal.units.money
    if all_in:
        if deal.rules.session.covering_side_pot and low > 0:
            return LegalAction(state.name, "bet", amount=money(low), max_amount=money(low), all_in=True)
        return None
    return LegalAction(state.name, "bet", money(low), money(high) if high is not None else None, money(step))


def see_cost(deal: "Deal", state: PlayerState, opponent: PlayerState) -> Optional[int]:
    """What a see costs the caller, in units (None while there is nothing to double)."""
    assert deal.level_u is not None
    units = deal.units
    basis = deal.rules.seeing.see.basis_amount(units.payment(deal.level_u, state.blind), opponent.last_u)
    return None if basis is None else units.times_multiple(basis)


BASIS_WORDS = {"caller_rate": N_("the caller's own rate"), "opponent_last_bet": N_("the opponent's last bet")}
OTHER_BASIS = {"caller_rate": "opponent_last_bet", "opponent_last_bet": "caller_rate"}


def other_basis_cost(deal: "Deal", state: PlayerState, opponent: PlayerState) -> Optional[int]:
    """What the see would cost on the basis the profile does not use (``seeing.cost_basis``), in
    units; None when that is no price, or the same as the profile's. A see paid at it is priced on
    the wrong basis (the rule it breaks is ``seeing.cost_basis``, not the multiple)."""
    assert deal.level_u is not None
    units = deal.units
    own = units.payment(deal.level_u, state.blind)
    other = opponent.last_u if deal.rules.seeing.see.basis == "caller_rate" else own
    if other is None or not other:
        return None
    price = units.times_multiple(other)
    return None if price == see_cost(deal, state, opponent) else price


def see_option(deal: "Deal", state: PlayerState) -> Optional[LegalAction]:
    if deal.level_u is None or len(deal.contenders) != 2:
        return None
    opponent = deal.players[opponent_of(deal, state.name)]
    if not deal.rules.seeing.may_see(state.blind, opponent.blind):
        return None
    cost = see_cost(deal, state, opponent)
    if cost is None:
        return None
    if state.stack_u is not None and cost > state.stack_u:
        if deal.rules.session.covering_side_pot and state.stack_u > 0:
            return LegalAction(state.name, "see", amount=deal.units.money(state.stack_u), all_in=True)
        return None
    return LegalAction(state.name, "see", deal.units.money(cost))


def opponent_of(deal: "Deal", player: str) -> str:
    return next(p for p in deal.contenders if p != player)


def level_paid(deal: "Deal", state: PlayerState, amount: Fraction, paid: Optional[int]) -> int:
    """The level a bet of ``amount`` (``paid`` in units) sets, or the refusal of the rule it breaks: the
    stack; then the stakes' bounds on the level, their least and most before the grid of
    ``stakes.level_step`` (a bet below the level is refused as one, off the grid or not: under Teen Patti,
    a seen player's 1 against a blind stake of 1, the level 2, is below the level, not off its steps of 2);
    then the grid; then a bound's own steps (a fixed raise, whole multiples)."""
    units = deal.units
    rules = deal.rules
    blind = not state.seen
    if state.stack_u is not None and (paid is None or paid > state.stack_u):
        raise RuleViolation(
            STARTING_STACK_RULE, "{player} has only {stack} and cannot pay {amount}", player=state.name,
            stack=state.stack or ZERO, amount=amount
        )
    new_level = units.level_for(paid, blind) if paid is not None else None
    level = deal.level_u
    open_ended = new_level is not None and level is not None and rules.stakes.open_ended and new_level >= level
    broken = None
    if not open_ended:  # see bet_range: at or above the level, nothing bounds it but the grid
        bounds = level_bounds(deal, state)
        broken = first_broken(bounds, new_level) if new_level is not None else None
        if broken is not None or new_level is None:  # below the least or above the most, the grid aside
            exact = new_level if new_level is not None else units.exact_level(amount, blind)
            outside = next((b for b in bounds if not b.encloses(exact)), None)
            if outside is not None:
                refuse_level(deal, state, outside, amount)
    if new_level is None or new_level % units.step:
        raise RuleViolation(
            LEVEL_STEP_RULE,
            "a {rate} payment of {amount} is not a level in steps of {step}", rate=Message("blind") if blind else Message("seen"),
            amount=amount, step=rules.stakes.level_step,
        )
    if broken is not None:
        refuse_level(deal, state, broken, amount)
    return new_level


def refuse_level(deal: "Deal", state: PlayerState, broken: Bound, amount: Fraction) -> NoReturn:
    """Refuse a bet of ``amount`` by the bound it breaks, in the stakes' words."""
    units = deal.units
    high = bet_range(deal, state)[1]
    most = None if high is None else units.money(high)
    raise RuleViolation(broken.rule, deal.rules.stakes.refusal_words(broken, deal, state, units, amount, most))


def bet(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if deal.choosing:
        raise RuleViolation(RETENTION_RULE, "{player} must choose one hand for the showdown", player=state.name)
    units = deal.units
    money = units.money
    if state.stack_u is None:  # no bankroll: never all in, and the range words only a refusal
        all_in, low = False, 0
    else:
        low, _, _, all_in = bet_range(deal, state)
    amount = action.amount if action.amount is not None else ZERO
    paid = units.to_units(amount)
    rules = deal.rules
    blind = not state.seen
    if all_in:
        if not (rules.session.covering_side_pot and low > 0):
            raise RuleViolation(
                COVERING_RULE, "{player} cannot cover {due} and must fold under this profile", player=state.name,
                due=deal.due(state.name),
            )
        if paid != low:
            raise RuleViolation(COVERING_RULE, "{player} is short and may only go all in for {low}", player=state.name, low=money(low))
        new_level = deal.level_u
    else:
        new_level = level_paid(deal, state, amount, paid)
    if not apply:
        return None
    assert paid is not None
    if all_in:
        state.all_in = True
    record_bet(deal, state, paid, new_level)
    event = Bet(state.name, amount, None if new_level is None else money(new_level), blind, all_in)
    if not (deal.rules.asking_forced_show and forced_show(deal)):
        advance(deal)
    return event


def forced_show(deal: "Deal") -> bool:
    """Ask the areas whether everyone still in shows now (:meth:`~bragrules.rules.hooks.AreaPolicy.forced_show`,
    ``stakes.pot_limit``, ``seeing.matched_showdown``); if one says so, the showdown of everyone left is
    settled, with that rule among those that decided it. Asked after a bet and a fold, with two or more in."""
    if deal.result is not None or deal.players_in < 2:
        return False
    for policy in deal.rules.asking_forced_show:
        forced = policy.forced_show(deal, deal.units)
        if forced is not None:
            deal.forced_by = forced.rule
            settlement.showdown_all(deal, forced.reason)
            return True
    return False


def check(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if not deal.rules.stakes.check_allowed:
        raise RuleViolation(CHECK_RULE, "no free check: bet, see or fold")
    if deal.level_u is not None:
        raise RuleViolation(CHECK_RULE, "a check is allowed only while nobody has made a bet")
    if not apply:
        return None
    deal.checked.add(state.name)
    event = Check(state.name)
    if all(p in deal.checked for p in deal.contenders):
        if any(deal.players[p].all_in for p in deal.in_play):
            settlement.showdown_all(deal)  # the others are all in from the ante: nothing is left to bet
        else:
            settlement.finish_carried(deal, "everyone checked: nobody bet")
    else:
        advance(deal)
    return event


def fold(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    if deal.choosing:
        raise RuleViolation(RETENTION_RULE, "{player} must choose one hand for the showdown", player=state.name)
    if not apply:
        return None
    state.folded = True
    state.inspected = None
    fold_hands(deal, state.hands.values())
    event = Fold(state.name)
    remaining = [seat.name for seat in deal.seats if not seat.folded]
    if len(remaining) == 1:
        lone_survivor(deal, remaining[0])
    elif not (deal.rules.asking_forced_show and forced_show(deal)):
        advance(deal)
    return event


def see(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A see: checked (:func:`_opponent_to_see`, :func:`_see_paid`, :func:`_see_cards_known`), then,
    when ``apply``, paid (:func:`_pay_see`) and the two hands shown (or each chooses one first)."""
    opponent = _opponent_to_see(deal, state)
    amount = action.amount if action.amount is not None else ZERO
    cost = _see_paid(deal, state, opponent, amount)
    _see_cards_known(deal, state, opponent)
    if not apply:
        return None
    _pay_see(deal, state, cost)
    deal.see_pair = (state.name, opponent.name)
    event = See(state.name, amount, opponent.name)
    deal.choosing = [p for p in (state.name, opponent.name) if deal.players[p].two_hands]
    if not deal.choosing:
        showing.showdown(deal)
    return event


def _opponent_to_see(deal: "Deal", state: PlayerState) -> PlayerState:
    """The one player ``state`` may see: refused unless two are left betting, the profile lets a
    player of this kind (blind or seen) see the other, and somebody has bet."""
    if deal.choosing:
        raise RuleViolation(RETENTION_RULE, "{player} must choose one hand for the showdown", player=state.name)
    rules = deal.rules
    if len(deal.contenders) != 2:
        raise RuleViolation(
            SEE_TWO, "only two players may see; {n} are still betting", n=len(deal.contenders)
        )
    opponent = deal.players[opponent_of(deal, state.name)]
    if not rules.seeing.may_see(state.blind, opponent.blind):
        caller = Message("blind") if state.blind else Message("seen")
        other = Message("blind") if opponent.blind else Message("seen")
        raise RuleViolation(
            rules.seeing.see.rule_for(state.blind, opponent.blind),
            "a {caller} player cannot see a {other} player: bet or fold", caller=caller, other=other,
        )
    if deal.level_u is None:
        raise RuleViolation(COST_BASIS_RULE, "nobody has made a bet yet: there is nothing to see")
    return opponent


def _see_paid(deal: "Deal", state: PlayerState, opponent: PlayerState, amount: Fraction) -> int:
    """What the see costs, in units, when ``amount`` is exactly that: the price on the profile's basis,
    or a whole short stack where a side pot may be played for; else refused, naming the rule."""
    rules = deal.rules
    money = deal.units.money
    cost = see_cost(deal, state, opponent)
    if cost is None:
        raise RuleViolation(COST_BASIS_RULE, "{opponent} has made no bet yet: nothing to double", opponent=opponent.name)
    paid = deal.units.to_units(amount)
    if state.stack_u is not None and cost > state.stack_u:
        if not (rules.session.covering_side_pot and paid == state.stack_u and state.stack_u > 0):
            raise RuleViolation(
                COVERING_RULE,
                "{player} cannot cover the see ({cost}); they have {stack}", player=state.name, cost=money(cost),
                stack=state.stack or ZERO,
            )
        cost = state.stack_u
    if paid != cost:
        if paid == other_basis_cost(deal, state, opponent):
            basis = deal.rules.seeing.see.basis
            raise RuleViolation(
                COST_BASIS_RULE,
                "a see is priced on {basis}: {cost} here, not {amount}, the price on {other_basis}",
                basis=Message(BASIS_WORDS[basis]), cost=money(cost), amount=amount,
                other_basis=Message(BASIS_WORDS[OTHER_BASIS[basis]]),
            )
        rate = Message("blind") if state.blind else Message("seen")
        raise RuleViolation(
            COST_MULTIPLE_RULE,
            "a {rate} player's see costs exactly {cost} here, not {amount}", rate=rate, cost=money(cost), amount=amount,
        )
    return cost


def _see_cards_known(deal: "Deal", state: PlayerState, opponent: PlayerState) -> None:
    """A see compares the two hands: refused when a history did not record them (unless the deal can
    settle without them: a winner told, a concession, or cards still to be entered at a kept table)."""
    missing = [p for p in (state.name, opponent.name) if any(h is None for h in deal.players[p].hands.values())]
    if missing and not deal.winner_hint and not showing.may_concede(deal) and not deal.wait_for_cards:
        raise RuleViolation(
            HISTORY_CARDS,
            "the cards of {missing} are needed for this see but were not recorded", missing=', '.join(missing),
        )


def _pay_see(deal: "Deal", state: PlayerState, cost: int) -> None:
    """The see paid: into the pot, or (``seeing.fee_to: opponent``) as a fee to the player seen,
    outside the pot and settled with the deal; a stack spent on it is all in."""
    if deal.rules.seeing.fee_to_opponent:  # a show fee to the player seen, outside the pot (settled with the deal)
        deal.fee_u = cost
        state.last_u = cost
        if state.stack_u is not None:
            state.stack_u -= cost
    else:
        pay(deal, state, cost)
    if state.stack_u is not None and state.stack_u == 0:
        state.all_in = True


def post_antes(deal: "Deal") -> None:
    units, players, events = deal.units, deal.players, deal.events
    full = units.ante
    full_money = units.money(full)
    posted = units.ante_events  # the whole ante's event for each player, made once (an event is immutable)
    for name in deal.order:
        state = players[name]
        if state.stack_u is None:  # no bankroll: the whole ante, no bet (the player's last payment stays)
            if full:
                pay_in(deal, state, full)
                event = posted.get(name)
                if event is None:
                    event = posted[name] = Ante(name, full_money)
                events.append(event)
            continue
        ante = full
        if ante >= state.stack_u:
            ante = state.stack_u
            state.all_in = True
        if ante:
            pay(deal, state, ante)
            state.last_u = None
            events.append(Ante(name, units.money(ante)))


def advance(deal: "Deal") -> None:
    if deal.result is not None:
        return
    # one pass round the table from the next seat: the first who can act, and whether another can
    seats, order = deal.seats, deal.order
    n = len(seats)
    turn = deal.turn
    following = -1
    able = 0
    for step in range(1, n + 1):
        candidate = turn + step
        if candidate >= n:
            candidate -= n
        state = seats[candidate]
        if not state.folded and not state.all_in:
            able += 1
            if following < 0:
                following = candidate
            elif able > 1:  # two can act: that is all the test below needs to know
                break
    if able <= 1 and len(deal.in_play) > 1:
        if not able or has_matched(deal, order[following]):
            settlement.showdown_all(deal)
            return
    if following < 0:
        settlement.showdown_all(deal)  # nobody can act: everyone left is all in
        return
    deal.turn = following


def has_matched(deal: "Deal", player: str) -> bool:
    state = deal.players[player]
    others = [deal.players[p].paid_u for p in deal.in_play if p != player]
    return state.last_u is not None and state.paid_u >= max(others, default=0)


def lone_survivor(deal: "Deal", player: str) -> None:
    state = deal.players[player]
    if deal.rules.forced is not None and forced.unmet(deal, player):  # stakes.forced.compensation
        forced.finish_unmet(deal, player)
        return
    nobody_bet = deal.level_u is None
    if nobody_bet and deal.rules.folding.nobody_bet_carries:
        settlement.finish_carried(deal, "everyone folded before anybody bet")
        return
    if state.blind and not deal.rules.folding.blind_survivor_collects:
        if deal.rules.blind.retention:
            deal.retaining = player  # the survivor says whether to keep the unseen hand
            return
        deal.folded_hands.extend(h for h in state.hands.values() if h is not None)
        settlement.finish_carried(deal, f"{player} is left alone but blind: the pot carries")
        return
    settlement.finish_won(deal, [player], showdown=False, reason=f"everyone else folded; {player} takes the pot")


def consulted(deal: "Deal", state: PlayerState, kind: str) -> List[Rule]:
    """The rules that allow a bet, a see or a check by the player now (what a ruling cites)."""
    if kind == "bet":
        found = [bound.rule for bound in level_bounds(deal, state)]
        if state.blind:
            found.append(BLIND_RATE_RULE)
        return found
    if kind == "see":
        opponent = next((p for p in deal.contenders if p != state.name), None)
        other = deal.players[opponent].blind if opponent is not None else False
        found = [SeePolicy.rule_for(state.blind, other), COST_MULTIPLE_RULE, COST_BASIS_RULE]
        if deal.rules.seeing.fee_to_opponent:
            found.append(FEE_TO_RULE)
        return found
    if kind == "check":
        return [CHECK_RULE]
    return []
