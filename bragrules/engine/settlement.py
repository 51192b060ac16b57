"""Settling a deal: the showdown of everyone left, the hands compared, the pot and side pots paid,
the bonuses, and the record of how the deal ended and which rules decided it.

Every function takes the :class:`~bragrules.engine.deal.Deal` being settled; the deal
calls them, never a player.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO
from bragrules.engine.arrange import (
    auto_arrange,
    hand_strengths,
    hand_winners,
    minimum_strength,
    penalised,
)
from bragrules.engine.discard import chosen_key
from bragrules.engine.events import (
    Arrange,
    Bonus,
    Result,
)
from bragrules.engine.pots import DealTable, pot_rules, settle_side_pots
from bragrules.engine.rake import take_rake, take_table_fee
from bragrules.engine.refunds import pay_antes_back
from bragrules.engine.showdown import Key, settle_many, settle_pair
from bragrules.engine.state import DealResult, Ending, Hand, PlayerState, share
from bragrules.rules.blind import RETENTION_RULE
from bragrules.rules.fixed import HISTORY_CARDS
from bragrules.rules.folding import BLIND_SURVIVOR_RULE, NOBODY_BET_RULE
from bragrules.rules.format import MINIMUM_HAND_RULE, TIED_HAND_RULE, WINNING_RULE, WRONG_ORDER_RULE
from bragrules.rules.hand_ranking import SPECIAL_HANDS_RULE
from bragrules.rules.hooks import PotWon
from bragrules.rules.points import score_text
from bragrules.rules.seeing import FEE_TO_RULE, SPLIT_RULE, TIE_RULE
from bragrules.rules.session import AT_LIMIT_RULE, BONUS_RULES
from bragrules.rules.stakes import CHECK_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def showdown_all(deal: "Deal", reason: str = "everyone left shows") -> None:
    """Everyone still in shows and the best takes the pot (``reason``: why, when a rule forced it)."""
    players = deal.in_play
    if await_unknown(deal, players, "all"):
        return
    if deal.rules.format.lives is not None:
        settle_lives(deal, players)
        return
    if deal.rules.format.hands > 1:
        settle_hands(deal, players, None, None)
        return
    winners = best_of(deal, players, None, None)
    finish_won(deal, winners, showdown=True, reason=reason, exposure=list(players))


def settle_lives(deal: "Deal", players: Sequence[str]) -> None:
    """Crash: the lowest hand at the showdown loses a life (tied lowest: as the profile says)."""
    keys = {p: hand_key(deal, p) for p in players}
    low = min(keys.values())
    lowest = [p for p in players if keys[p] == low]
    if len(lowest) > 1 and not deal.rules.format.lowest_tie_all_lose:
        lowest = []
    best = settle_many(deal.rules, players, partial(hand_key, deal), partial(suit_key, deal), deal.order)
    reason = (
        f"lowest hand: {', '.join(lowest)} loses a life" if len(lowest) == 1
        else f"tied lowest hands: {', '.join(lowest)} each lose a life" if lowest
        else "tied lowest hands: nobody loses a life"
    )
    finish_won(deal, best, showdown=True, reason=reason, exposure=list(players), lives_lost=lowest)


def settle_hands(deal: "Deal", players: Sequence[str], caller: Optional[str], opponent: Optional[str]) -> None:
    """Several hands each: compared hand by hand; the pot goes to a player winning enough of them."""
    strengths: Dict[str, Tuple[int, ...]] = {}
    for name in players:
        state = deal.players[name]
        if state.arrangement is None:
            assert state.hand is not None
            state.arrangement = auto_arrange(deal.rules, state.hand).hands
            deal.events.append(Arrange(name, tuple(state.arrangement), automatic=True))
        strengths[name] = hand_strengths(deal.rules, state.arrangement)
    needed = deal.rules.format.hands_needed
    tally = {p: 0 for p in players}
    for won_by in hand_winners(deal.rules, strengths, caller, opponent):
        if won_by is not None:
            tally[won_by] += 1
    winners = [p for p in players if tally[p] >= needed]
    summary = ", ".join(f"{p} {tally[p]}" for p in players)
    for name in penalised(deal.rules, strengths):
        summary += f"; {name} set the hands out of order and wins none (format.wrong_order)"
    points = deal.rules.session.points
    if points is not None:  # session.points: each hand won scores, a tied hand nothing, every hand a bonus
        deal.points_won = points.score(tally, deal.rules.format.hands)
        summary += f"; points: {score_text(deal.points_won, players)}"
    if len(winners) != 1:
        finish_carried(deal, f"hands won: {summary}; nobody won {needed}: the pot carries", shown=list(players))
        return
    finish_won(deal, winners, showdown=True, reason=f"hands won: {summary}", exposure=list(players))


def await_unknown(deal: "Deal", players: Sequence[str], then: str) -> bool:
    """Cards missing at a showdown: wait for them to be entered (keep mode), settle on the
    history's claim, else refuse."""
    missing = [p for p in players if deal.players[p].hand is None]
    if not missing:
        return False
    if deal.wait_for_cards:
        deal.needed, deal.then = missing, then
        return True
    if deal.winner_hint:
        winners = [p for p in deal.winner_hint if p in players]
        if winners:
            finish_won(deal, winners, showdown=True, reason="hands not recorded: winner as claimed")
            return True
    raise RuleViolation(
        HISTORY_CARDS,
        "the cards of {missing} are needed for the showdown but were not recorded", missing=', '.join(missing),
    )


def hand_key(deal: "Deal", player: str) -> Key:
    state = deal.players[player]
    hand = state.hand
    assert hand is not None
    if state.discarded is not None:  # format.discard_before_betting: the cards left play
        return chosen_key(deal.comparer, hand, state.discarded)
    return deal.comparer.key(hand)


def suit_key(deal: "Deal", player: str) -> Key:
    hand = deal.players[player].hand
    assert hand is not None
    return deal.comparer.suit_key(hand)


def best_of(deal: "Deal", players: Sequence[str], caller: Optional[str], opponent: Optional[str]) -> List[str]:
    if caller is not None and opponent is not None and len(players) == 2:
        return settle_pair(deal.rules, caller, opponent, partial(hand_key, deal), partial(suit_key, deal), deal.order)
    return settle_many(deal.rules, players, partial(hand_key, deal), partial(suit_key, deal), deal.order, caller, opponent)


def pot_layers(deal: "Deal") -> List[Tuple[Fraction, List[str]]]:
    """The pot split into a main pot and side pots: (amount, eligible players)."""
    contributions = {p: s.contributed for p, s in deal.players.items()}
    caps = sorted({s.contributed for s in deal.players.values() if s.all_in and not s.folded})
    alive = deal.in_play
    layers: List[Tuple[Fraction, List[str]]] = []
    previous = ZERO
    for cap in caps + [max(contributions.values())]:
        if cap <= previous:
            continue
        amount = sum((min(c, cap) - min(c, previous) for c in contributions.values()), ZERO)
        # a player still able to bet is never capped: they paid less only because a see costs double
        eligible = [p for p in alive if contributions[p] >= cap or not deal.players[p].all_in]
        if not eligible:  # overpayment nobody can match: back to the players who made it
            eligible = [p for p in alive if contributions[p] >= previous] or alive
        layers.append((amount, eligible))
        previous = cap
    if layers:
        first_amount, first_eligible = layers[0]
        layers[0] = (first_amount + deal.carried_in, first_eligible)
    else:
        layers.append((deal.carried_in, alive))
    return layers


def finish_won(
    deal: "Deal",
    winners: List[str],
    showdown: bool,
    reason: str,
    exposure: Optional[List[str]] = None,
    lives_lost: Optional[List[str]] = None,
    conceded: Optional[List[str]] = None,
    table_fee: bool = True,
) -> None:
    """The pot (and each layer of it) paid to its winners, the rake and the bonuses taken, the deal finished;
    ``table_fee=False``: the table fee is left for the caller to take once it has settled the rest."""
    shown = [p for p in exposure or () if deal.players[p].hand is not None] if showdown else []
    split = deal.rules.seeing.high_low and len(shown) > 1  # seeing.split: high_low
    payouts = pay_pot(deal, winners, showdown, shown if split else [])
    if split:
        deal.low_hands = lowest_of(deal, shown)
        reason += f"; the pot is split high-low: {', '.join(winners)} highest, {', '.join(deal.low_hands)} lowest"
    rake = take_rake(deal, payouts) if deal.rules.house.takes_rake else ZERO  # house.rake: before paying out
    if deal.bonus_paid:
        declare_dealt(deal)
        bonuses = bonus_payments(deal, bonus_players(deal, exposure if showdown else None), payouts)
    else:  # no hand earns a bonus under this profile
        bonuses = dict.fromkeys(deal.order, ZERO)
    if showdown and deal.rules.ranking.ante_back is not None:  # a special hand beaten has its ante back
        pay_antes_back(deal, exposure, list(winners), bonuses)
    all_won = [p for p in deal.order if payouts[p] is not ZERO and payouts[p].numerator > 0]  # in seat order
    won_by_prial = showdown and any(
        deal.players[p].hand is not None and deal.comparer.category(deal.players[p].hand) == "prial"  # type: ignore[arg-type]
        for p in all_won
    )
    if not all_won:
        all_won = list(winners)
    outcome = "won" if len(all_won) == 1 else "split"
    finish(deal, outcome, all_won, payouts, bonuses, ZERO, showdown, won_by_prial, {}, reason, exposure,
           lives_lost or [], conceded or [], rake)
    if table_fee:  # house.table_fee: the last of the settlement, in every net
        take_table_fee(deal)


def pay_pot(deal: "Deal", winners: List[str], showdown: bool, split: Sequence[str]) -> Dict[str, Fraction]:
    """The pot (and each layer of it, players all in at a showdown) paid to its winners: what each is paid.
    ``split``: the hands shown whose lowest takes half of each layer it is in (``seeing.split: high_low``)."""
    payouts: Dict[str, Fraction] = dict.fromkeys(deal.order, ZERO)
    caller, opponent = deal.see_pair if deal.see_pair else (None, None)
    if not (showdown and any(deal.players[p].all_in for p in deal.in_play)):
        share_high_low(payouts, winners, lowest_of(deal, split), deal.pot)
        return payouts
    known = all(deal.players[p].hand is not None for p in deal.in_play)
    for amount, eligible in pot_layers(deal):
        if set(eligible) == set(deal.in_play) or (len(eligible) > 1 and not known):
            layer_winners = [w for w in winners if w in eligible] or eligible
        elif len(eligible) > 1:
            layer_winners = best_of(deal, eligible, caller, opponent)
        else:
            layer_winners = eligible
        share_high_low(payouts, layer_winners, lowest_of(deal, [p for p in split if p in eligible]), amount)
    return payouts


def lowest_of(deal: "Deal", players: Sequence[str]) -> List[str]:
    """``seeing.split: high_low``: the lowest of these hands, the last the ranking puts them (equal lowest: all);
    none when every hand is equal, the tie rule then deciding the whole pot as it decides the highest."""
    if len(players) < 2:
        return []
    keys = {p: hand_key(deal, p) for p in players}
    low = min(keys.values())
    if low == max(keys.values()):
        return []
    return [p for p in players if keys[p] == low]


def share_high_low(payouts: Dict[str, Fraction], high: Sequence[str], low: Sequence[str], amount: Fraction) -> None:
    """``amount`` paid half to the best hands and half to the lowest (all of it to the best when there is no low).

    >>> payouts = dict.fromkeys("ABC", ZERO)
    >>> share_high_low(payouts, ["A"], ["B", "C"], Fraction(9))
    >>> payouts
    {'A': Fraction(9, 2), 'B': Fraction(9, 4), 'C': Fraction(9, 4)}
    """
    if not low:
        share(payouts, high, amount)
        return
    half = amount / 2
    share(payouts, high, half)
    share(payouts, low, amount - half)


def declare(deal: "Deal", state: PlayerState) -> None:
    """``session.bonus.when: dealt``: a bonus hand is declared when its holder looks at it."""
    if not deal.rules.session.bonus_when_dealt or state.name in deal.declared or state.hand is None:
        return
    category = deal.comparer.category(state.hand)
    if deal.rules.session.bonus.get(category):
        deal.declared.append(state.name)
        deal.events.append(Bonus(state.name, deal.rules.session.bonus[category], category))


def declare_dealt(deal: "Deal") -> None:
    """``session.bonus.needs_look: false``: at settlement every bonus hand dealt in this deal is
    declared, looked at or not (a hand nobody recorded is not)."""
    if not deal.rules.session.bonus_unlooked:
        return
    for name in deal.order:
        hand = bonus_hand(deal, name)
        if name in deal.declared or hand is None:
            continue
        category = deal.comparer.category(hand)
        if deal.rules.session.bonus.get(category):
            deal.declared.append(name)
            deal.events.append(Bonus(name, deal.rules.session.bonus[category], category))


def bonus_hand(deal: "Deal", player: str) -> Hand:
    """The hand a player's bonus is reckoned on: the one held (shown or declared on looking),
    or under ``session.bonus.needs_look: false`` the one dealt in this deal, whatever became of it."""
    if deal.rules.session.bonus_unlooked:
        dealt = deal.origin[1].get(player)
        return None if dealt is None else tuple(dealt)
    return deal.players[player].hand


def bonus_players(deal: "Deal", shown: Optional[Sequence[str]]) -> List[str]:
    """Whose hands earn a bonus: those shown at a showdown, and those declared (when: dealt);
    under ``needs_look: false`` those dealt one, and nobody else (a retained hand earned in its own deal)."""
    players = list(deal.declared)
    if deal.rules.session.bonus_unlooked:
        return players
    for player in shown or ():
        if player not in players:
            players.append(player)
    return players


def bonus_payments(deal: "Deal", shown: Sequence[str], payouts: Optional[Dict[str, Fraction]] = None) -> Dict[str, Fraction]:
    """Bonuses for prials and running flushes shown (or declared), paid by every other player.

    With finite stacks nobody pays more than they hold after the pot is paid out.
    """
    bonuses = {p: ZERO for p in deal.order}
    if not shown or not deal.bonus_paid:
        return bonuses
    for player in shown:
        hand = bonus_hand(deal, player)
        if hand is None:
            continue
        amount = deal.rules.session.bonus.get(deal.comparer.category(hand), ZERO)
        if not amount:
            continue
        for other in deal.order:
            if other == player:
                continue
            pay = amount
            stack = deal.players[other].stack
            if stack is not None:
                held = stack + (payouts or {}).get(other, ZERO) + bonuses[other]
                pay = max(ZERO, min(amount, held))
            bonuses[other] -= pay
            bonuses[player] += pay
    return bonuses


def finish_carried(
    deal: "Deal",
    reason: str,
    retained: Optional[Dict[str, Hand]] = None,
    shown: Optional[List[str]] = None,
) -> None:
    payouts = {p: ZERO for p in deal.order}
    if deal.bonus_paid:
        declare_dealt(deal)
    bonuses = bonus_payments(deal, bonus_players(deal, shown))
    finish(deal, "carried", [], payouts, bonuses, deal.pot, bool(shown), False, retained or {}, reason, shown)
    take_table_fee(deal)  # house.table_fee: a deal played, its pot carried, costs its fee too


def finish(
    deal: "Deal",
    outcome: str,
    winners: List[str],
    payouts: Dict[str, Fraction],
    bonuses: Dict[str, Fraction],
    carried_out: Fraction,
    showdown: bool,
    won_by_prial: bool,
    retained: Dict[str, Hand],
    reason: str,
    exposure: Optional[List[str]],
    lives_lost: Optional[List[str]] = None,
    conceded: Optional[List[str]] = None,
    rake: Fraction = ZERO,
) -> None:
    """Write the deal's result: each player's net (:func:`_nets`, the side pots' added), how it ended
    and the rules that decided it (:func:`_decided_by`), then its ``Result`` event."""
    players = deal.players
    pot = deal.units.money(deal.pot_u)
    net = _nets(deal, outcome, payouts, bonuses)
    side: Tuple[PotWon, ...] = ()
    if deal.rules.pots is not None:  # pots: the side pots beside the deal's own, each judged by its rule
        side = _add_side_pots(deal, outcome, winners, net)
    ending, decided_by = _decided_by(deal, outcome, winners, showdown, bonuses, side)
    scored = deal.points_won
    deal.result = DealResult(
        outcome=outcome,
        winners=winners,
        pot=pot,
        payouts=payouts,
        bonuses=bonuses,
        net=net,
        carried_out=carried_out,
        showdown=showdown,
        won_by_prial=won_by_prial,
        retained=retained,
        reason=reason,
        lives_lost=list(lives_lost or []),
        arrangements={
            p: [[str(c) for c in h] for h in players[p].arrangement or ()]
            for p in deal.order
            if players[p].arrangement is not None
        } if deal.rules.format.hands > 1 else {},  # only several hands are arranged
        conceded=list(conceded or []),
        decided_by=decided_by,
        ending=ending,
        rake=rake,
        sent_out=tuple(deal.sent_out) if deal.sent_out else (),
        pots=side,
        points=dict(scored) if scored is not None else None,
    )
    shown = tuple({p: players[p].hand for p in exposure}.items()) if exposure else ()
    deal.events.append(Result(pot, outcome, tuple(winners), reason, shown,
                              tuple(lives_lost) if lives_lost else (), tuple(conceded) if conceded else ()))


def _nets(deal: "Deal", outcome: str, payouts: Dict[str, Fraction],
          bonuses: Dict[str, Fraction]) -> Dict[str, Fraction]:
    """Each player's net for the deal (payout and bonus gained, less what they paid in; the see fee
    moved from the caller to the opponent under ``seeing.fee_to: opponent``, or back to the caller
    when the deal is redealt or abandoned), and each stack as settled. In whole units where it can."""
    units = deal.units
    money = units.money
    known = units.known_money  # money(), its usual answer read inline: a deal settles every seat
    players = deal.players
    net: Dict[str, Fraction] = {}
    fee_payer = fee_payee = None
    if deal.fee_u and deal.see_pair is not None:  # seeing.fee_to: opponent (a redeal gives it back)
        fee_payer = deal.see_pair[0]
        fee_payee = fee_payer if outcome in ("redeal", "abandoned") else deal.see_pair[1]
    for p in deal.order:
        state = players[p]
        gained = payouts[p]
        bonus = bonuses[p]
        # most deals pay no bonus and most players win nothing: skip adding zeros (ZERO itself, quickly)
        if bonus is not ZERO and bonus:
            gained = gained + bonus
        paid_u = state.paid_u
        if fee_payer is not None:
            if p == fee_payee:
                gained = gained + money(deal.fee_u)
            if p == fee_payer:
                paid_u += deal.fee_u
        gained_u = 0 if gained is ZERO or not gained else units.to_units(gained)  # None: not whole units
        if gained_u is None:
            net[p] = gained - money(paid_u)
        else:
            amount = known.get(gained_u - paid_u)
            net[p] = amount if amount is not None else money(gained_u - paid_u)
        if state.stack_u is not None:
            state.settled_stack = (
                money(state.stack_u + gained_u) if gained_u is not None else money(state.stack_u) + gained
            )
    return net


def _add_side_pots(deal: "Deal", outcome: str, winners: List[str], net: Dict[str, Fraction]) -> Tuple[PotWon, ...]:
    """``pots``: the side pots beside the deal's own settled, each judged by its rule; what each
    player won or paid in them added to ``net`` and to their settled stack. The pots, for the result."""
    players = deal.players
    side, side_net = settle_side_pots(deal, outcome, winners)
    for p, amount in side_net.items():
        if amount:
            net[p] = net[p] + amount
            settled = players[p].settled_stack
            if settled is not None:
                players[p].settled_stack = settled + amount
    return side


def _decided_by(deal: "Deal", outcome: str, winners: List[str], showdown: bool, bonuses: Dict[str, Fraction],
                side: Tuple[PotWon, ...]) -> Tuple[Ending, List[str]]:
    """How the deal ended (:func:`ending_of`) and every rule that decided it: the ending's, the side
    pots' (``pots``) and, under ``session.points``, the rules that scored."""
    ending, decided_by = ending_of(deal, outcome, winners, showdown, bonuses)
    if side:
        decided_by = decided_by + pot_rules(deal, side, winners if outcome == "won" else ())
    scored = deal.points_won
    if scored is not None and deal.rules.session.points is not None:  # session.points: the rules that scored
        decided_by += [r for r in deal.rules.session.points.reasons(scored, deal.rules.format.hands)
                       if r not in decided_by]
    return ending, decided_by


def ending_of(deal: "Deal", outcome: str, winners: List[str], showdown: bool,
              bonuses: Dict[str, Fraction]) -> Tuple[Ending, List[str]]:
    """How the deal ended (an :class:`Ending`) and the profile fields that decided it, for a ruling to cite.

    Only what the deal already knows at settlement: who is left, whether anybody bet, the see
    being settled. The rules: lives in Crash; a carried pot: nobody betting, a blind survivor
    who does not collect, everyone checking, or several hands with no overall winner; a pot
    taken by folds: nobody betting, a blind survivor collecting; a see between equal hands: the
    tie rule; and any bonus paid for a hand shown.
    """
    see = deal.see_pair  # the see being settled (its event is recorded once the settlement is done)
    caller, opponent = see if see is not None else (None, None)
    tied = _see_tied(deal)
    won = tuple(winners)
    if outcome == "redeal":  # a dispute's redeal: the ruling cites the dispute rule it applied
        return Ending("redeal", won, caller=caller, opponent=opponent, tied=tied), []
    if outcome == "abandoned":  # the time limit stopped play mid-hand
        return Ending("abandoned", won, caller=caller, opponent=opponent, tied=tied), [AT_LIMIT_RULE]
    for policy in deal.rules.asking_ending:  # an area's own kind of ending (format.lives, the procedure's steps)
        answer = policy.ending(DealTable.of(deal), outcome, won)
        if answer is not None:
            return Ending(answer.kind, won, caller=caller, opponent=opponent, tied=tied, words=answer.words), \
                list(answer.rules)
    if outcome == "carried":
        ending, rules = _carried_ending(deal, won, caller, opponent, tied)
        return ending, rules + ([deal.forced_by] if deal.forced_by is not None else []) + _hand_rules(deal, showdown)
    paths: List[str] = []
    if deal.fee_u and see is not None:
        paths.append(FEE_TO_RULE)
    if not showdown:
        survivor = winners[0]
        nobody_bet = deal.level_u is None
        if nobody_bet:
            paths.append(NOBODY_BET_RULE)
        blind = deal.players[survivor].blind
        if blind:
            paths.append(BLIND_SURVIVOR_RULE)
        kind = "folded_unbet" if nobody_bet else "folded_blind" if blind else "folded"
        ending = Ending(kind, won, survivor, caller, opponent, tied)
    else:
        if deal.forced_by is not None:  # a rule forced everyone still in to show (stakes.pot_limit, ...)
            paths.append(deal.forced_by)
        if tied:
            paths.append(TIE_RULE)
        if deal.low_hands:  # seeing.split: high_low paid half the pot to the lowest hand
            paths.append(SPLIT_RULE)
        ending = Ending("showdown" if tied is None else "see", won, None, caller, opponent, tied,
                        TIE_RULE if tied else None)
        if deal.comparer.wild is not None:  # wild cards chosen at the table, in the hands compared
            paths.extend(deal.comparer.decided([s.hand for s in deal.seats if s.hand is not None and not s.folded]))
        if deal.comparer.trump is not None:  # the deal's trump suit told equal hands apart (procedure.trump_card)
            paths.extend(deal.comparer.trump_decided([s.hand for s in deal.seats if s.hand is not None and not s.folded]))
    return ending, paths + _hand_rules(deal, showdown) + _bonus_rules(deal, bonuses, paths)


def _hand_rules(deal: "Deal", showdown: bool) -> List[str]:
    """Several hands at a showdown: ``format.wrong_order`` when a player's hands stood out of order and won
    nothing, ``format.minimum_hand`` when a place went to nobody for want of a pair."""
    fmt = deal.rules.format
    if not showdown or fmt.hands == 1 or not (fmt.wrong_order_scores_nothing or fmt.minimum_pair):
        return []
    strengths = {p: hand_strengths(deal.rules, deal.players[p].arrangement or ()) for p in deal.in_play
                 if deal.players[p].arrangement is not None}
    found: List[str] = []
    out_of_order = penalised(deal.rules, strengths)
    if out_of_order:
        found.append(WRONG_ORDER_RULE)
    if fmt.minimum_pair and strengths:
        least = minimum_strength(deal.rules.ranking.ranker)
        left = [p for p in strengths if p not in out_of_order]
        if any(left and all(i >= len(strengths[p]) or strengths[p][i] < least for p in left) for i in range(fmt.hands)):
            found.append(MINIMUM_HAND_RULE)
    return found


def _see_tied(deal: "Deal") -> Optional[bool]:
    """Whether the two hands of the see being settled were equal, when one hand each is known."""
    see = deal.see_pair
    if see is None or deal.rules.format.hands != 1:
        return None
    if deal.players[see[0]].hand is None or deal.players[see[1]].hand is None:
        return None
    return deal.comparer.order(hand_key(deal, see[0]), hand_key(deal, see[1])) == 0  # as the see was settled


def _carried_ending(deal: "Deal", won: Tuple[str, ...], caller: Optional[str], opponent: Optional[str],
                    tied: Optional[bool]) -> Tuple[Ending, List[str]]:
    """A carried pot: nobody betting, a blind survivor who does not collect, everyone checking,
    or several hands with no overall winner."""
    nobody_bet = deal.level_u is None
    alone = deal.in_play
    survivor = alone[0] if len(alone) == 1 else None
    if survivor is not None and nobody_bet and deal.rules.folding.nobody_bet_carries:
        return Ending("carried_unbet", won, survivor, caller, opponent, tied), [NOBODY_BET_RULE]
    if survivor is not None:
        return Ending("carried_blind", won, survivor, caller, opponent, tied), [BLIND_SURVIVOR_RULE, RETENTION_RULE]
    if nobody_bet and not (deal.rules.format.hands > 1 and not deal.rules.format.betting):
        return Ending("carried_checked", won, None, caller, opponent, tied), [CHECK_RULE]
    return Ending("carried_no_winner", won, None, caller, opponent, tied), [WINNING_RULE, TIED_HAND_RULE]


def _bonus_rules(deal: "Deal", bonuses: Dict[str, Fraction], cited: List[str]) -> List[str]:
    """The bonus rules of the hands paid a bonus, each once."""
    found: List[str] = []
    ranking = deal.rules.ranking
    if ranking.ante_back is not None and any(
            bonus > 0 and ranking.gets_ante_back(deal.players[p].hand or ()) for p, bonus in bonuses.items()):
        found.append(SPECIAL_HANDS_RULE)
    for player, bonus in (bonuses.items() if deal.bonus_paid else ()):
        hand = bonus_hand(deal, player)
        if bonus > 0 and hand is not None:
            category = deal.comparer.category(hand)
            rule = BONUS_RULES.get(category)
            if deal.rules.session.bonus.get(category) and rule is not None and rule not in cited + found:
                found.append(rule)
    return found


def used_cards(deal: "Deal") -> List[Card]:
    """Cards to go under the pack when the deal is over: folded hands first, then the rest.

    Retained hands stay out of the pack.
    """
    out: List[Card] = []
    kept = {c for hand in (deal.result.retained.values() if deal.result else []) if hand for c in hand}
    for hand in deal.folded_hands:
        out.extend(c for c in hand if c not in kept)
    out.extend(deal.centre)
    if deal.exchange_state is not None:  # a draw game's stock and discard pile (engine/draws.py)
        out.extend(deal.exchange_state.spare())
    if deal.points_draws is not None:  # the cards drawn for the pips stake, then the stock (engine/points_draws.py)
        for name in deal.order:
            out.extend(deal.points_draws.drawn[name])
        out.extend(deal.points_draws.stock)
    gathered = {c for c in out}
    for name in deal.order:
        for held in deal.players[name].hands.values():
            if held is None:
                continue
            for card in held:
                if card not in gathered and card not in kept:
                    out.append(card)
                    gathered.add(card)
    return out
