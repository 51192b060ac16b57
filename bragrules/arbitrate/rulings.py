"""The rulings, one for each kind of dispute: an action, an exposure, a peek, a tie."""

from __future__ import annotations

from fractions import Fraction
from typing import List, Optional, Sequence

from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.core.i18n import Later, Message
from bragrules.core.money import ZERO
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.arrange import hand_strengths, out_of_order
from bragrules.engine.deal import Deal
from bragrules.rules.disputes import DELIBERATE_LOOK_RULE, EXPOSURE_AFTER_BETTING_RULE, EXPOSURE_BEFORE_BETTING_RULE
from bragrules.rules.fixed import DEAL_OVER
from bragrules.rules.format import HAND_ORDER_RULE, WRONG_ORDER_RULE
from bragrules.rules.hand_ranking import SUITS_BREAK_TIES_RULE, order_rule
from bragrules.rules.seeing import COST_BASIS_RULE, COST_MULTIPLE_RULE, TIE, TIE_RULE
from bragrules.rules.vocabulary import Words, said

from .ending import cites, ending_record, ending_words, finish_ruling, hand_words, reason_words
from .model import (
    AMOUNT_RULES,
    COMPANIONS,
    Dispute,
    Ruling,
    Situation,
)
from .text import as_is, net_words, options_words, turn_words

# ---------------------------------------------------------------------------
# The rulings
# ---------------------------------------------------------------------------


def _option(deal: Deal, kind: str) -> Optional[LegalAction]:
    return next((o for o in deal.legal_actions() if o.kind == kind), None)


def _allowed_paths(deal: Deal, action: Action) -> List[str]:
    """The rules the engine consulted to allow ``action`` (:meth:`Deal.consulted`), with their companions."""
    paths: List[str] = []
    for rule in deal.consulted(action):
        paths += [rule, *COMPANIONS.get(rule, ())]
    return list(dict.fromkeys(paths))


def _allowed_summary(deal: Deal, action: Action) -> Message:
    player, kind, act = action.player, action.kind, str(action)
    state = deal.players[player]
    bank = deal.rules.procedure.bank
    if bank is not None and kind in ("bet", "fold"):  # a banking game: a stake against the bank, or a fold
        if kind == "fold":
            return Message("{action} is allowed: {player} folds, losing the ante to the house", action=act,
                           player=player)
        if bank.house:
            return Message("{action} is allowed: the Play bet, equal to the ante, against the house's dealer",
                           action=act)
        return Message("{action} is allowed: {player} stakes {amount} against the bank", action=act, player=player,
                       amount=action.amount or ZERO)
    if kind == "bet":
        assert action.amount is not None
        level = deal.rules.stakes.level_for(action.amount, state.blind)
        if state.blind:
            return _bet_allowed_blind(deal, act, player, level)
        if deal.level is None:
            return Message("{action} is allowed: it opens the level at {level}", action=act, level=level)
        if level > deal.level:
            return Message("{action} is allowed: it raises the level at {level}", action=act, level=level)
        return Message("{action} is allowed: it keeps the level at {level}", action=act, level=level)
    return _other_allowed(deal, action)


def _bet_allowed_blind(deal: Deal, act: str, player: str, level: Fraction) -> Message:
    rate = deal.rules.stakes.blind_rate
    if deal.level is None:
        return Message("{action} is allowed: it opens the level at {level} ({player} is blind and pays {rate} of "
                       "the level)", action=act, level=level, player=player, rate=rate)
    if level > deal.level:
        return Message("{action} is allowed: it raises the level at {level} ({player} is blind and pays {rate} of "
                       "the level)", action=act, level=level, player=player, rate=rate)
    return Message("{action} is allowed: it keeps the level at {level} ({player} is blind and pays {rate} of "
                   "the level)", action=act, level=level, player=player, rate=rate)


def _other_allowed(deal: Deal, action: Action) -> Message:
    player, kind, act = action.player, action.kind, str(action)
    if kind == "see":
        opponent = next(p for p in deal.contenders if p != player)
        return Message("{action} is allowed: {player} sees {opponent} for exactly {amount}", action=act,
                       player=player, opponent=opponent, amount=action.amount or ZERO)
    if kind == "fold":
        return Message("{action} is allowed: a player may fold at their turn, and what they have paid stays in "
                       "the pot", action=act)
    if kind == "look":
        if deal.players[player].two_hands:
            return Message("{action} is allowed: {player} looks at one of two hands, then keeps or discards it",
                           action=act, player=player)
        return Message("{action} is allowed: from now on {player} is a seen player and pays the seen rate",
                       action=act, player=player)
    if kind == "check":
        return Message("{action} is allowed: nobody has bet yet", action=act)
    if kind == "arrange" and _out_of_order(deal, action):
        return Message("{action} is allowed, but the hands are not strongest first: the arrangement stands and "
                       "{player} wins no hand this deal", action=act, player=player)
    return Message("{action} is allowed", action=act)


def _out_of_order(deal: Deal, action: Action) -> bool:
    """An arrangement that stands out of order and so wins nothing (``format.wrong_order: scores_nothing``)."""
    if not deal.rules.format.wrong_order_scores_nothing or not action.cards:
        return False
    return out_of_order(hand_strengths(deal.rules, action.cards))


def _rule_action(sit: Situation, dispute: Dispute) -> Ruling:
    deal, action = sit.deal, dispute.action
    assert action is not None
    ruling = Ruling(sit.label, None, "", "", "")
    try:
        deal.verify(action)
    except RuleViolation as exc:
        return _refused(sit, ruling, action, exc)
    after = deal.snapshot()
    after.apply(action)
    ruling.allowed = True
    ending = after
    if after.awaiting == "retain":  # a blind survivor's unsaid choice: as the audit takes it
        ending = after.snapshot()
        default = ending.default_action()
        assert default is not None
        ending.apply(default)
    ruling.outcome = "allowed" if ending.result is None else ending.result.outcome
    ruling.say(summary=_allowed_summary(deal, action))
    paths = _allowed_paths(deal, action)
    if action.kind == "arrange" and _out_of_order(deal, action):
        paths += [HAND_ORDER_RULE, WRONG_ORDER_RULE]
    return finish_ruling(ruling, sit, after, paths)


def _refusal(exc: RuleViolation, words: Words) -> str:
    """A refusal as read: in English in the game's words (Teen Patti's show, not a see), else in the reader's
    language."""
    return said(exc.text(), words)


def _refused(sit: Situation, ruling: Ruling, action: Action, exc: RuleViolation) -> Ruling:
    deal, player, act = sit.deal, action.player, str(action)
    ruling.allowed = False
    ruling.outcome = "refused"
    paths = [exc.rule, *COMPANIONS.get(exc.rule, ())]
    refused = Later(_refusal, exc, deal.rules.words)
    if deal.result is not None:  # after the end: the end stands (a concession there, say, breaks its own rule)
        why = Message("the deal is already over") if exc.rule == DEAL_OVER else refused
        ending = ending_words(sit, deal)
        ruling.net, ruling.winners, ruling.carried = ending.net, ending.winners, ending.carried
        ruling.say(summary=Message("{action} is not allowed: {why}", action=act, why=why),
                   next=Message("nothing changes: {ending}; net: {net}", ending=ending.said, net=net_words(ending.net)))
        ruling.citations = cites(sit, paths + ending.paths)
        return ruling
    if exc.rule in (COST_MULTIPLE_RULE, COST_BASIS_RULE) and action.amount is not None:  # a see at the wrong price
        see = _option(deal, "see")
        if see is not None and see.amount is not None:
            return _see_corrected(sit, ruling, action, see, paths)
    if exc.rule in AMOUNT_RULES and action.kind == "bet" and action.amount is not None:
        bet = _option(deal, "bet")
        if bet is not None and bet.amount is not None and action.amount < bet.amount:
            ruling.outcome = "owed"
            ruling.owed = {player: bet.amount - action.amount}
            ruling.say(summary=Message("{action} is not allowed: {why}; to stay in, {player} owes {owed} more (a bet "
                                       "of {bet}), or folds", action=act, why=refused, player=player,
                                       owed=bet.amount - action.amount, bet=bet.amount))
    if not ruling.summary:
        ruling.say(summary=Message("{action} is not allowed: {why}", action=act, why=refused))
    to_act = deal.to_act
    if to_act is not None:
        ruling.to_act = to_act
        ruling.options = deal.legal_actions()
        options = options_words(ruling.options, deal.rules.words)
        if to_act == player:
            ruling.say(next=Message("{player} may instead {options}", player=player, options=options))
        else:
            ruling.say(next=Message("it is {player}'s turn: {player} may {options}", player=to_act, options=options))
    ruling.citations = cites(sit, paths)
    return ruling


def _see_corrected(sit: Situation, ruling: Ruling, action: Action, see: LegalAction, paths: Sequence[str]) -> Ruling:
    """A see paid at the wrong price: what is owed or taken back, and the see at its price."""
    player, deal = action.player, sit.deal
    assert see.amount is not None and action.amount is not None
    cost, paid = see.amount, action.amount
    ruling.owed = {player: cost - paid}
    if paid < cost:
        ruling.outcome = "owed"
        ruling.say(summary=Message(
            "a see costs exactly {cost} here: {player} paid {paid} and owes {owed} more; the see is corrected "
            "before the cards are turned, and is binding once the money is in (000)", cost=cost, player=player,
            paid=paid, owed=cost - paid))
    else:
        ruling.outcome = "corrected"
        ruling.say(summary=Message(
            "a see costs exactly {cost} here: {player} paid {paid} and takes {back} back; the see is corrected "
            "before the cards are turned, and is binding once the money is in (000)", cost=cost, player=player,
            paid=paid, back=paid - cost))
    after = deal.snapshot()
    after.apply(see.action())
    return finish_ruling(ruling, sit, after, paths,
                         lead=Message("corrected to {cost}, the see stands: ", cost=cost))


def _check_pair(sit: Situation, dispute: Dispute) -> None:
    deal = sit.deal
    for name in (dispute.player, dispute.target):
        assert name is not None
        if name not in deal.players:
            raise HistoryError(Message("dispute: {player} is not dealt in deal {deal}", player=name,
                                       deal=str(sit.number)), sit.file, dispute.line)
    if deal.result is not None:
        raise HistoryError(Message("dispute: deal {deal} is already over ({reason}): there is nothing left to rule on",
                                   deal=str(sit.number), reason=Later(reason_words, deal)), sit.file, dispute.line)


def _rule_exposure(sit: Situation, dispute: Dispute) -> Ruling:
    _check_pair(sit, dispute)
    deal = sit.deal
    x, y = dispute.player, dispute.target
    assert x is not None and y is not None
    begun = deal.level is not None
    path = EXPOSURE_AFTER_BETTING_RULE if begun else EXPOSURE_BEFORE_BETTING_RULE
    ruling = Ruling(sit.label, None, "", "", "")
    exposed = deal.snapshot()
    exposed.apply(Action(x, "expose", target=y))  # the same rule the engine applies to a history
    if exposed.can(Action(y, "redeal")):
        ruling.outcome = "redeal"
        ruling.net = {p: ZERO for p in deal.order}
        if begun:
            summary = Message("{x} saw {y}'s cards by accident after betting began: under this profile the whole "
                              "hand is redealt all the same, with every stake returned", x=x, y=y)
            after = Message("the hand is dealt again; nobody gains or loses by this deal")
        else:
            summary = Message("{x} saw {y}'s cards by accident before any betting: {y} may demand a redeal of the "
                              "whole hand, with all antes returned", x=x, y=y)
            after = Message("if {y} demands it, the hand is dealt again and nobody gains or loses by this deal; if "
                            "not, the deal goes on: {turn}", y=y, turn=turn_words(deal))
        if deal.carried_in:
            after = Message("{next}; the pot carried in ({amount}) stays for the new deal", next=after,
                            amount=deal.carried_in)
        ruling.say(summary=summary, next=after)
        ruling.citations = cites(sit, [path])
        return ruling
    if begun:
        return _goes_on(ruling, sit, path, Message("{x} saw {y}'s cards by accident after betting began: no "
                                                   "misdeal; {y} may fold or continue at their discretion", x=x, y=y))
    return _goes_on(ruling, sit, path, Message("{x} saw {y}'s cards by accident before any betting: under this "
                                               "profile there is no redeal", x=x, y=y))


def _goes_on(ruling: Ruling, sit: Situation, path: str, summary: Message) -> Ruling:
    """A ruling that changes nothing: the deal goes on from where it stands, under the rule ``path``."""
    deal = sit.deal
    ruling.outcome = "continue"
    ruling.to_act = deal.to_act
    ruling.options = deal.legal_actions()
    ruling.say(summary=summary, next=Message("the deal goes on: {turn}", turn=turn_words(deal)))
    ruling.citations = cites(sit, [path])
    return ruling


def _rule_peek(sit: Situation, dispute: Dispute) -> Ruling:
    _check_pair(sit, dispute)
    deal = sit.deal
    x, y = dispute.player, dispute.target
    assert x is not None and y is not None
    path = DELIBERATE_LOOK_RULE
    ruling = Ruling(sit.label, None, "", "", "")
    if sit.profile.disputes.deliberate_look != "fold":
        return _goes_on(ruling, sit, path, Message("{x} looked at {y}'s cards on purpose: under this profile {x} "
                                                   "plays on, without penalty", x=x, y=y))
    if deal.players[x].folded:
        return _goes_on(ruling, sit, path, Message("{x} looked at {y}'s cards on purpose, but has already folded: "
                                                   "the penalty (a fold, bets staying in the pot) changes nothing",
                                                   x=x, y=y))
    try:
        after = deal.snapshot()
        after.apply(Action(x, "peek", target=y))  # the engine folds x at once, the turn staying where it was
    except RuleViolation as exc:
        raise HistoryError(Message("dispute: {player} cannot be folded now ({why})", player=x, why=exc.said),
                           sit.file, dispute.line) from None
    ruling.outcome = "forced_fold"
    ruling.say(summary=Message("{x} looked at {y}'s cards on purpose: {x} must fold at once, and the {paid} {x} has "
                               "put in stays in the pot", x=x, y=y, paid=deal.players[x].contributed))
    return finish_ruling(ruling, sit, after, [path])


def _rule_tie(sit: Situation, dispute: Dispute) -> Ruling:
    deal = sit.deal
    ruling = Ruling(sit.label, None, "", "", "")
    lead = as_is()
    if deal.result is not None:
        after = deal
        record = ending_record(deal)
        if not deal.result.showdown or record.caller is None or record.opponent is None:
            raise HistoryError(Message("dispute: tie: deal {deal} did not end at a see ({reason})", deal=str(sit.number),
                                       reason=Later(reason_words, deal)), sit.file, dispute.line)
    else:
        option = _option(deal, "see")
        if option is None:
            raise HistoryError(Message(
                "dispute: tie: deal {deal} has had no see, and {player} cannot see now; write the see itself as the "
                "dispute (e.g. 'A see 4')", deal=str(sit.number), player=str(deal.to_act)), sit.file, dispute.line)
        after = deal.snapshot()
        after.apply(option.action())
        record = ending_record(after)
        assert record.caller is not None and record.opponent is not None
        lead = Message("if {caller} sees {opponent} now for {amount}: ", caller=record.caller,
                       opponent=record.opponent, amount=option.amount or ZERO)
    assert after.result is not None and record.caller is not None and record.opponent is not None
    caller, opponent = record.caller, record.opponent
    tied = record.tied  # the engine compared the two hands at the see
    if tied is None:
        raise HistoryError(Message("dispute: tie: the hands of {caller} and {opponent} cannot be compared one against "
                                   "one (not recorded, or several hands each)", caller=caller, opponent=opponent),
                           sit.file, dispute.line)
    ending = ending_words(sit, after)
    if tied:
        ruling.say(summary=Message("{lead}{hand} and {other} are equal: {rule}", lead=lead,
                                   hand=Later(hand_words, sit, after, caller),
                                   other=Later(hand_words, sit, after, opponent), rule=Later(TIE.sentence, sit.profile)))
        paths = [TIE_RULE]
    else:
        ruling.say(summary=Message("{lead}not a tie: {hand} is the better hand", lead=lead,
                                   hand=Later(hand_words, sit, after, ending.winners[0])))
        paths = [order_rule(sit.profile)]
        if sit.profile.ranking.suits_break_ties:
            paths.append(SUITS_BREAK_TIES_RULE)
    ruling.outcome = ending.outcome
    ruling.net, ruling.winners, ruling.carried = ending.net, ending.winners, ending.carried
    ruling.say(next=Message("{lead}{ending}; net: {net}", lead=lead, ending=ending.said, net=net_words(ending.net)))
    ruling.citations = cites(sit, paths + [p for p in ending.paths if p not in paths])
    return ruling


RULERS = {"action": _rule_action, "exposure": _rule_exposure, "peek": _rule_peek, "tie": _rule_tie}


__all__ = ["RULERS"]
