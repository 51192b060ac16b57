"""The rulings of a banking game (``procedure.bank``): a tie with the bank, an exposure, a peek.

In a banking game every stake is settled against one hand, the banker's or the house dealer's, never for a
pot between players: a "tie" asks who takes each stake whose hand equals the bank's, and what is paid
(``procedure.bank.ties``: the bank wins, or the stakes go back); a hand exposed or looked at changes no stake,
since each is settled against the bank's hand as dealt (``procedure.bank.kind``), and the deal goes on.

Banco, C's K-Q-2 equal to nothing, A's pair of aces beating the banker's kings, and B's jack-high losing:

>>> from bragrules.history import parse_sheet
>>> from bragrules.arbitrate import arbitrate
>>> sheet = parse_sheet('''
... profile: banco
... players: [A, B, C, D]
... dealer: D
... deals:
...   - cards: {A: Ac Ad 4c, B: 2c 7h Jd, C: Kc Kd 9h, D: Ks Kh 9s}
...     actions: [A bet 5, B bet 3, C bet 2]
...     dispute: tie
... ''')
>>> (ruling,) = arbitrate(sheet).rulings
>>> ruling.summary
"C's pair of kings, nine kicker equals the banker D's: equal hands: the bank wins; C's stake of 2 goes to the bank"
>>> {p: int(v) for p, v in ruling.net.items()}, ruling.rules
({'A': 5, 'B': -3, 'C': -2, 'D': 0}, ['procedure.bank.ties', 'procedure.bank.kind'])
"""

from __future__ import annotations

from typing import List, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Later, Message, tr
from bragrules.core.money import ZERO
from bragrules.engine.bank import banker_of
from bragrules.rules.bank import KIND_RULE, TIES, TIES_RULE

from .ending import cites, reason_words
from .model import Dispute, Ruling, Situation
from .text import as_is, net_words, turn_words

__all__ = ["rule_bank_dispute"]


def _bank_hand(sit: Situation) -> Tuple[Message, Tuple[Card, ...]]:
    """Who holds the bank's hand (``the dealer`` for the house), and the hand."""
    deal = sit.deal
    banker = banker_of(deal)
    held = tuple(deal.centre) if banker is None else deal.players[banker].hand
    assert held is not None
    return (Message("the dealer") if banker is None else Message("the banker {banker}", banker=banker)), held


def _rule_tie(sit: Situation, dispute: Dispute) -> Ruling:
    """Who takes each stake whose hand equals the bank's, as the deal was settled (``procedure.bank.ties``)."""
    deal = sit.deal
    result = deal.result
    if result is None:
        raise HistoryError(Message("dispute: tie: deal {deal} is not settled against the bank yet ({turn}); write the "
                                   "last stake as the dispute (e.g. 'C bet 2')", deal=str(sit.number),
                                   turn=turn_words(deal)), sit.file, dispute.line)
    holder, bank_hand = _bank_hand(sit)
    banker = banker_of(deal)
    tied: List[str] = []
    for name in deal.order:
        state = deal.players[name]
        if name == banker or state.folded or not state.bets or state.hand is None:
            continue
        if deal.comparer.versus(state.hand, bank_hand) == 0:
            tied.append(name)
    ruling = Ruling(sit.label, None, "", "", "")
    ties_push = TIES.read(sit.profile) == "push"
    if tied:
        said = [_tied_words(sit, name, holder, ties_push) for name in tied]
        summary = as_is(Later(_joined, said))
        paths = [str(TIES_RULE), str(KIND_RULE)]
    else:
        summary = Message("no stake's hand equals {holder}'s ({hand}): each stake is settled by the better hand",
                          holder=holder, hand=Later(deal.comparer.describe, bank_hand))
        paths = [str(KIND_RULE)]
    ruling.outcome = result.outcome
    ruling.net, ruling.winners, ruling.carried = dict(result.net), list(result.winners), ZERO
    ruling.say(summary=summary, next=Message("the settlement stands: {reason}; net: {net}", reason=Later(reason_words, deal),
                                             net=net_words(dict(result.net))))
    ruling.citations = cites(sit, paths + [p for p in result.decided_by if p not in paths])
    return ruling


def _rule_seen(sit: Situation, dispute: Dispute) -> Ruling:
    """A hand exposed or looked at: it changes no stake (each is settled against the bank's hand as dealt)."""
    deal = sit.deal
    x, y = dispute.player, dispute.target
    for name in (x, y):
        if name not in deal.players:
            raise HistoryError(Message("dispute: {player} is not dealt in deal {deal}", player=name,
                                       deal=str(sit.number)), sit.file, dispute.line)
    if deal.result is not None:
        raise HistoryError(Message("dispute: deal {deal} is already over ({reason}): there is nothing left to rule on",
                                   deal=str(sit.number), reason=Later(reason_words, deal)), sit.file, dispute.line)
    ruling = Ruling(sit.label, None, "", "", "")
    ruling.outcome = "continue"
    if dispute.kind == "peek":
        summary = Message("{x} looked at {y}'s cards: in a banking game that changes no stake, since each is settled "
                          "against the bank's hand alone, as dealt; nobody is penalised and nothing is dealt again",
                          x=x, y=y)
    else:
        summary = Message("{x} saw by accident {y}'s cards: in a banking game that changes no stake, since each is "
                          "settled against the bank's hand alone, as dealt; nobody is penalised and nothing is dealt "
                          "again", x=x, y=y)
    ruling.to_act = deal.to_act
    ruling.options = deal.legal_actions()
    ruling.say(summary=summary, next=Message("the deal goes on: {turn}", turn=turn_words(deal)))
    ruling.citations = cites(sit, [str(KIND_RULE)])
    return ruling


def _tied_words(sit: Situation, name: str, holder: Message, ties_push: bool) -> Message:
    """A stake whose hand equals the bank's, and where it goes."""
    deal = sit.deal
    words = {"player": name, "hand": Later(deal.comparer.describe, deal.players[name].hand or ()), "holder": holder,
             "rule": Later(TIES.sentence, sit.profile), "stake": deal.players[name].contributed}
    if ties_push:
        return Message("{player}'s {hand} equals {holder}'s: {rule}; {player}'s stake of {stake} goes back", **words)
    return Message("{player}'s {hand} equals {holder}'s: {rule}; {player}'s stake of {stake} goes to the bank", **words)


def _joined(said: List[Message]) -> str:
    return tr("; ").join(one.text() for one in said)


def rule_bank_dispute(sit: Situation, dispute: Dispute) -> Ruling:
    """A banking game's ruling on a tie, an exposure or a peek."""
    if dispute.kind == "tie":
        return _rule_tie(sit, dispute)
    return _rule_seen(sit, dispute)
