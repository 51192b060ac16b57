"""The rulings, one for each kind of dispute: an action, an exposure, a peek, a tie."""

from __future__ import annotations

from typing import List, Optional

from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.core.money import ZERO
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.arrange import hand_strengths, out_of_order
from bragrules.engine.deal import Deal
from bragrules.rules.disputes import DELIBERATE_LOOK_RULE, EXPOSURE_AFTER_BETTING_RULE, EXPOSURE_BEFORE_BETTING_RULE
from bragrules.rules.fixed import DEAL_OVER
from bragrules.rules.format import HAND_ORDER_RULE, WRONG_ORDER_RULE
from bragrules.rules.hand_ranking import SUITS_BREAK_TIES_RULE, order_rule
from bragrules.rules.seeing import COST_BASIS_RULE, COST_MULTIPLE_RULE, TIE, TIE_RULE
from bragrules.rules.vocabulary import said

from .ending import cites, ending_record, ending_words, finish_ruling, hand_words
from .model import (
    AMOUNT_RULES,
    COMPANIONS,
    Dispute,
    Ruling,
    Situation,
)
from .text import money_text, net_text, options_text, turn_text

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


def _allowed_summary(deal: Deal, action: Action) -> str:
    player, kind = action.player, action.kind
    state = deal.players[player]
    bank = deal.rules.procedure.bank
    if bank is not None and kind in ("bet", "fold"):  # a banking game: a stake against the bank, or a fold
        if kind == "fold":
            return f"{action} is allowed: {player} folds, losing the ante to the house"
        if bank.house:
            return f"{action} is allowed: the Play bet, equal to the ante, against the house's dealer"
        return f"{action} is allowed: {player} stakes {money_text(action.amount or ZERO)} against the bank"
    if kind == "bet":
        assert action.amount is not None
        level = deal.rules.stakes.level_for(action.amount, state.blind)
        verb = "opens" if deal.level is None else "raises" if level > deal.level else "keeps"
        text = f"{action} is allowed: it {verb} the level at {money_text(level)}"
        if state.blind:
            text += f" ({player} is blind and pays {money_text(deal.rules.stakes.blind_rate)} of the level)"
        return text
    if kind == "see":
        opponent = next(p for p in deal.contenders if p != player)
        return f"{action} is allowed: {player} sees {opponent} for exactly {money_text(action.amount or ZERO)}"
    if kind == "fold":
        return f"{action} is allowed: a player may fold at their turn, and what they have paid stays in the pot"
    if kind == "look":
        if state.two_hands:
            return f"{action} is allowed: {player} looks at one of two hands, then keeps or discards it"
        return f"{action} is allowed: from now on {player} is a seen player and pays the seen rate"
    if kind == "check":
        return f"{action} is allowed: nobody has bet yet"
    if kind == "arrange" and _out_of_order(deal, action):
        return (f"{action} is allowed, but the hands are not strongest first: the arrangement stands and {player} "
                "wins no hand this deal")
    return f"{action} is allowed"


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
    ruling.summary = _allowed_summary(deal, action)
    paths = _allowed_paths(deal, action)
    if action.kind == "arrange" and _out_of_order(deal, action):
        paths += [HAND_ORDER_RULE, WRONG_ORDER_RULE]
    return finish_ruling(ruling, sit, after, paths)


def _refused(sit: Situation, ruling: Ruling, action: Action, exc: RuleViolation) -> Ruling:
    deal, player = sit.deal, action.player
    ruling.allowed = False
    ruling.outcome = "refused"
    paths = [exc.rule, *COMPANIONS.get(exc.rule, ())]
    refused = said(exc.message, deal.rules.words)  # in the game's words: Teen Patti's show, not a see
    if deal.result is not None:  # after the end: the end stands (a concession there, say, breaks its own rule)
        why = "the deal is already over" if exc.rule == DEAL_OVER else refused
        ruling.summary = f"{action} is not allowed: {why}"
        ending = ending_words(sit, deal)
        ruling.net, ruling.winners, ruling.carried = ending.net, ending.winners, ending.carried
        ruling.next = f"nothing changes: {ending.text}; net: {net_text(ending.net)}"
        ruling.citations = cites(sit, paths + ending.paths)
        return ruling
    if exc.rule in (COST_MULTIPLE_RULE, COST_BASIS_RULE) and action.amount is not None:  # a see at the wrong price
        see = _option(deal, "see")
        if see is not None and see.amount is not None:
            cost, paid = see.amount, action.amount
            if paid < cost:
                ruling.outcome = "owed"
                ruling.owed = {player: cost - paid}
                middle = f"{player} paid {money_text(paid)} and owes {money_text(cost - paid)} more"
            else:
                ruling.outcome = "corrected"
                ruling.owed = {player: cost - paid}
                middle = f"{player} paid {money_text(paid)} and takes {money_text(paid - cost)} back"
            ruling.summary = (f"a see costs exactly {money_text(cost)} here: {middle}; the see is corrected before the "
                              "cards are turned, and is binding once the money is in (000)")
            after = deal.snapshot()
            after.apply(see.action())
            return finish_ruling(ruling, sit, after, paths, lead=f"corrected to {money_text(cost)}, the see stands: ")
    if exc.rule in AMOUNT_RULES and action.kind == "bet" and action.amount is not None:
        bet = _option(deal, "bet")
        if bet is not None and bet.amount is not None and action.amount < bet.amount:
            ruling.outcome = "owed"
            ruling.owed = {player: bet.amount - action.amount}
            ruling.summary = (f"{action} is not allowed: {refused}; to stay in, {player} owes "
                              f"{money_text(bet.amount - action.amount)} more (a bet of {money_text(bet.amount)}), or folds")
    if not ruling.summary:
        ruling.summary = f"{action} is not allowed: {refused}"
    to_act = deal.to_act
    if to_act is not None:
        ruling.to_act = to_act
        ruling.options = deal.legal_actions()
        if to_act == player:
            ruling.next = f"{player} may instead {options_text(ruling.options)}"
        else:
            ruling.next = f"it is {to_act}'s turn: {to_act} may {options_text(ruling.options)}"
    ruling.citations = cites(sit, paths)
    return ruling


def _check_pair(sit: Situation, dispute: Dispute) -> None:
    deal = sit.deal
    for name in (dispute.player, dispute.target):
        assert name is not None
        if name not in deal.players:
            raise HistoryError(f"dispute: {name} is not dealt in deal {sit.number}", sit.file, dispute.line)
    if deal.result is not None:
        raise HistoryError(f"dispute: deal {sit.number} is already over ({deal.result.reason}): "
                           f"there is nothing left to rule on", sit.file, dispute.line)


def _rule_exposure(sit: Situation, dispute: Dispute) -> Ruling:
    _check_pair(sit, dispute)
    deal = sit.deal
    x, y = dispute.player, dispute.target
    assert x is not None and y is not None
    begun = deal.level is not None
    path = EXPOSURE_AFTER_BETTING_RULE if begun else EXPOSURE_BEFORE_BETTING_RULE
    ruling = Ruling(sit.label, None, "", "", "")
    when = "after betting began" if begun else "before any betting"
    exposed = deal.snapshot()
    exposed.apply(Action(x, "expose", target=y))  # the same rule the engine applies to a history
    if exposed.can(Action(y, "redeal")):
        ruling.outcome = "redeal"
        ruling.net = {p: ZERO for p in deal.order}
        paid = "every stake" if begun else "all antes"
        if begun:
            ruling.summary = (f"{x} saw {y}'s cards by accident {when}: under this profile the whole hand is "
                              f"redealt all the same, with {paid} returned")
            ruling.next = "the hand is dealt again; nobody gains or loses by this deal"
        else:
            ruling.summary = (f"{x} saw {y}'s cards by accident {when}: {y} may demand a redeal of the "
                              f"whole hand, with {paid} returned")
            ruling.next = (f"if {y} demands it, the hand is dealt again and nobody gains or loses by this deal; "
                           f"if not, the deal goes on: {turn_text(deal)}")
        if deal.carried_in:
            ruling.next += f"; the pot carried in ({money_text(deal.carried_in)}) stays for the new deal"
        ruling.citations = cites(sit, [path])
        return ruling
    if begun:
        return _goes_on(ruling, sit, path, f"{x} saw {y}'s cards by accident {when}: no misdeal; {y} may fold or "
                        "continue at their discretion")
    return _goes_on(ruling, sit, path, f"{x} saw {y}'s cards by accident {when}: under this profile there is no redeal")


def _goes_on(ruling: Ruling, sit: Situation, path: str, summary: str) -> Ruling:
    """A ruling that changes nothing: the deal goes on from where it stands, under the rule ``path``."""
    deal = sit.deal
    ruling.outcome = "continue"
    ruling.summary = summary
    ruling.to_act = deal.to_act
    ruling.options = deal.legal_actions()
    ruling.next = f"the deal goes on: {turn_text(deal)}"
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
        return _goes_on(ruling, sit, path,
                        f"{x} looked at {y}'s cards on purpose: under this profile {x} plays on, without penalty")
    if deal.players[x].folded:
        return _goes_on(ruling, sit, path, f"{x} looked at {y}'s cards on purpose, but has already folded: the "
                        "penalty (a fold, bets staying in the pot) changes nothing")
    try:
        after = deal.snapshot()
        after.apply(Action(x, "peek", target=y))  # the engine folds x at once, the turn staying where it was
    except RuleViolation as exc:
        raise HistoryError(f"dispute: {x} cannot be folded now ({exc.message})", sit.file, dispute.line) from None
    paid = deal.players[x].contributed
    ruling.outcome = "forced_fold"
    ruling.summary = (f"{x} looked at {y}'s cards on purpose: {x} must fold at once, and the {money_text(paid)} "
                      f"{x} has put in stays in the pot")
    return finish_ruling(ruling, sit, after, [path])


def _rule_tie(sit: Situation, dispute: Dispute) -> Ruling:
    deal = sit.deal
    ruling = Ruling(sit.label, None, "", "", "")
    lead = ""
    if deal.result is not None:
        after = deal
        record = ending_record(deal)
        if not deal.result.showdown or record.caller is None or record.opponent is None:
            raise HistoryError(f"dispute: tie: deal {sit.number} did not end at a see ({deal.result.reason})",
                               sit.file, dispute.line)
    else:
        option = _option(deal, "see")
        if option is None:
            raise HistoryError(
                f"dispute: tie: deal {sit.number} has had no see, and {deal.to_act} cannot see now; "
                "write the see itself as the dispute (e.g. 'A see 4')", sit.file, dispute.line)
        after = deal.snapshot()
        after.apply(option.action())
        record = ending_record(after)
        assert record.caller is not None and record.opponent is not None
        lead = f"if {record.caller} sees {record.opponent} now for {money_text(option.amount or ZERO)}: "
    assert after.result is not None and record.caller is not None and record.opponent is not None
    caller, opponent = record.caller, record.opponent
    tied = record.tied  # the engine compared the two hands at the see
    if tied is None:
        raise HistoryError(f"dispute: tie: the hands of {caller} and {opponent} cannot be compared one against "
                           "one (not recorded, or several hands each)", sit.file, dispute.line)
    ending = ending_words(sit, after)
    if tied:
        ruling.summary = f"{lead}{hand_words(sit, after, caller)} and {hand_words(sit, after, opponent)} are equal: " \
                         f"{TIE.sentence(sit.profile)}"
        paths = [TIE_RULE]
    else:
        ruling.summary = f"{lead}not a tie: {hand_words(sit, after, ending.winners[0])} is the better hand"
        paths = [order_rule(sit.profile)]
        if sit.profile.ranking.suits_break_ties:
            paths.append(SUITS_BREAK_TIES_RULE)
    ruling.outcome = ending.outcome
    ruling.net, ruling.winners, ruling.carried = ending.net, ending.winners, ending.carried
    ruling.next = f"{lead}{ending.text}; net: {net_text(ending.net)}"
    ruling.citations = cites(sit, paths + [p for p in ending.paths if p not in paths])
    return ruling


RULERS = {"action": _rule_action, "exposure": _rule_exposure, "peek": _rule_peek, "tie": _rule_tie}


__all__ = ["RULERS"]
