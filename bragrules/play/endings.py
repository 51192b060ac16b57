"""Why a deal ended, in the language spoken: made from the result's own data (the kind of ending, who saw
whom, who was left, the lives lost, the hands each won), never from its recorded sentence.

A deal's result records its reason in English (``A saw B``): histories, the audit and their hashes read
that sentence, so it stays as it is. A person at the table reads :func:`spoken_reason` instead, each
sentence whole in the catalogue with the players' names filled in.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.core.i18n import speaking
>>> from bragrules.engine.deal import Deal
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B"],
...             {"A": parse_cards("2c 5d 9h"), "B": parse_cards("Kc Kd 4s")})
>>> for move in ("A look", "A bet 2", "B look", "B see 4"):
...     _ = deal.apply_text(move)
>>> deal.result.reason, spoken_reason(deal)
('B saw A', 'B saw A')
>>> with speaking("zh"):
...     said = spoken_reason(deal)
>>> "A" in said and "B" in said and "saw" not in said
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple

from bragrules.core.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal
    from bragrules.engine.state import DealResult


def spoken_reason(deal: "Deal") -> str:
    """Why ``deal`` (over) ended, in the language spoken: the same account as its recorded reason, told
    from the result's data (a banking game's settlement too); an ending an area words itself (a bust card) keeps
    the area's words."""
    result = deal.result
    assert result is not None
    if deal.rules.format.lives is not None and result.showdown:
        return _lives(result.lives_lost)
    if deal.rules.format.hands > 1 and result.showdown and _shown(deal) and _arranged(deal):
        return _hands_won(deal)
    kind = result.ending.kind if result.ending is not None else ""
    told = _BY_KIND.get(kind)
    said = told(deal, result) if told is not None else None
    return said if said is not None else result.reason


def _lives(lost: List[str]) -> str:
    """Crash's ending: who lost a life at the showdown (tied lowest hands: each, or nobody)."""
    if len(lost) == 1:
        return tr("lowest hand: {player} loses a life", player=lost[0])
    if lost:
        return tr("tied lowest hands: {players} each lose a life", players=", ".join(lost))
    return tr("tied lowest hands: nobody loses a life")


def _arranged(deal: "Deal") -> bool:
    return all(deal.players[p].arrangement is not None for p in _shown(deal))


def _shown(deal: "Deal") -> List[str]:
    """Who showed at the deal's end, in the order the hands were turned."""
    from bragrules.engine.events import Result

    ended = [e for e in deal.events if isinstance(e, Result)]
    return [name for name, _ in ended[-1].shown] if ended else []


def _hands_won(deal: "Deal") -> str:
    """Several hands each: how many hands each player won (a player whose hands stand out of order wins
    none), and, when nobody won enough of them, that the pot carries."""
    from bragrules.engine.arrange import hand_strengths, hand_winners

    result = deal.result
    assert result is not None
    players = _shown(deal)
    strengths = {p: hand_strengths(deal.rules, deal.players[p].arrangement or ()) for p in players}
    ending = result.ending
    tally = {p: 0 for p in players}
    for won_by in hand_winners(deal.rules, strengths, ending.caller if ending else None,
                               ending.opponent if ending else None):
        if won_by is not None:
            tally[won_by] += 1
    counted = _scored(deal, players, _penalties(deal, strengths, ", ".join(f"{p} {tally[p]}" for p in players)))
    if result.outcome == "carried":
        return tr("hands won: {tally}; nobody won {needed}: the pot carries", tally=counted,
                  needed=deal.rules.format.hands_needed)
    return tr("hands won: {tally}", tally=counted)


def _penalties(deal: "Deal", strengths: Dict[str, Tuple[int, ...]], said: str) -> str:
    """``said``, then each player whose hands stand out of order (``format.wrong_order``)."""
    from bragrules.engine.arrange import penalised

    for name in penalised(deal.rules, strengths):
        said = tr("{said}; {more}", said=said,
                  more=tr("{player} set the hands out of order and wins none", player=name))
    return said


def _scored(deal: "Deal", players: List[str], said: str) -> str:
    """``said``, then the points each player scored (``session.points``)."""
    from bragrules.rules.points import score_text

    if deal.rules.session.points is None or deal.points_won is None:
        return said
    return tr("{said}; {more}", said=said, more=tr("points: {scores}", scores=score_text(deal.points_won, players)))


def _see(deal: "Deal", result: "DealResult") -> Optional[str]:
    """A see: who saw whom, or, where the second player conceded, who takes the pot unshown."""
    ending = result.ending
    if result.conceded and result.winners:
        return tr("{player} concedes without showing; {winner} takes the pot", player=result.conceded[0],
                  winner=result.winners[0])
    if ending is None or ending.caller is None or ending.opponent is None:
        return None
    return tr("{caller} saw {opponent}", caller=ending.caller, opponent=ending.opponent)


def _showdown(deal: "Deal", result: "DealResult") -> Optional[str]:
    """Any other showdown: a see, everyone left showing (the rule forcing it named), the pot split high
    and low."""
    if result.ending is not None and result.ending.caller is not None:
        said = _see(deal, result)
    elif any(deal.players[p].hand is None for p in result.winners):
        said = tr("hands not recorded: winner as claimed")
    elif deal.forced_by is not None:
        said = _forced(deal, str(deal.forced_by))
    else:
        said = tr("everyone left shows")
    if said is not None and deal.low_hands:  # seeing.split: high_low
        high = ", ".join(p for p in result.winners if p not in deal.low_hands)
        said = tr("{said}; {more}", said=said, more=tr("the pot is split high-low: {high} highest, {low} lowest",
                                                       high=high, low=", ".join(deal.low_hands)))
    return said


def _forced(deal: "Deal", rule: str) -> str:
    """Why everyone still in showed: the rule that forced it (the pot's limit, every stake matched, the betting
    rounds played), else the rule named."""
    from bragrules.core.i18n import amount_text, ntr

    if rule == "stakes.pot_limit" and deal.rules.stakes.pot_limit is not None:
        return tr("the pot has reached its limit of {limit}: everyone still in shows",
                  limit=amount_text(deal.rules.stakes.pot_limit))
    if rule == "seeing.matched_showdown":
        return tr("every stake still in is matched: everyone still in shows")
    rounds = deal.rules.procedure.rounds
    if rule == "procedure.betting_rounds" and rounds is not None:
        return ntr("{n} betting round has been played: everyone still in shows",
                   "{n} betting rounds have been played: everyone still in shows", rounds)
    return tr("everyone left shows, as {rule} requires", rule=rule)


def _folded(deal: "Deal", result: "DealResult") -> Optional[str]:
    survivor = result.ending.survivor if result.ending is not None else None
    return tr("everyone else folded; {player} takes the pot", player=survivor) if survivor else None


def _carried_blind(deal: "Deal", result: "DealResult") -> Optional[str]:
    """A blind survivor who does not collect: the pot carries (the unseen hand kept or let go, where the
    profile lets a blind hand be kept)."""
    survivor = result.ending.survivor if result.ending is not None else None
    if survivor is None:
        return None
    if not deal.rules.blind.retention:
        return tr("{player} is left alone but blind: the pot carries", player=survivor)
    if survivor in result.retained:
        return tr("{player} is left alone but blind: the pot carries, and the hand is retained", player=survivor)
    return tr("{player} is left alone but blind: the pot carries, and the hand is released", player=survivor)


def _bank(deal: "Deal", result: "DealResult") -> Optional[str]:
    """A banking game's settlement (``procedure.bank``): the bank's hand, then each player's stakes against it
    (:class:`~bragrules.rules.bank_settled.BankSettled`), the hand named in the language spoken."""
    settled = result.bank_settled
    return settled.said(deal.comparer.describe).text() if settled is not None else None


def _redealt(deal: "Deal", result: "DealResult") -> Optional[str]:
    """A redeal: a player's exposed cards dealt again, or the deal declared void."""
    from bragrules.engine.events import Redeal, Void

    last = next((e for e in reversed(deal.events) if isinstance(e, (Redeal, Void))), None)
    if isinstance(last, Void):
        return tr("{player} declared the deal void: it is dealt again, every stake returned", player=last.player)
    if isinstance(last, Redeal):
        return tr("the cards of {player} were exposed: the hand is dealt again, every stake returned",
                  player=last.player)
    return None


_BY_KIND: Dict[str, Callable[["Deal", "DealResult"], Optional[str]]] = {
    "see": _see,
    "showdown": _showdown,
    "folded": _folded,
    "folded_blind": _folded,
    "folded_unbet": _folded,
    "carried_unbet": lambda deal, result: tr("everyone folded before anybody bet"),
    "carried_blind": _carried_blind,
    "carried_checked": lambda deal, result: tr("everyone checked: nobody bet"),
    "redeal": _redealt,
    "abandoned": lambda deal, result: tr("time is up: the hand is abandoned, every stake returned"),
    "bank": _bank,
}
"""Each kind of ending the engine names (:data:`~bragrules.engine.state.ENDING_KINDS`) told from the result's
data; None from one: its data do not say it (the recorded reason is read)."""


__all__ = ["spoken_reason"]
