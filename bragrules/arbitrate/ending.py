"""How a ruling cites the rules that decide it, and words the way a deal ends (the engine's record of it)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Dict, List, Optional, Sequence, Set

from bragrules.core.i18n import ENGLISH, Later, Message, language, tr
from bragrules.core.money import ZERO
from bragrules.engine.deal import ENDING_KINDS, Deal, Ending
from bragrules.explainers.explain import explain, in_play, json_value, source_of, value_of
from bragrules.profile.models import Profile
from bragrules.rules.blind import RETAIN_DEFAULT_RULE

from .model import (
    FIXED_RULES,
    LEAVES,
    Citation,
    Ruling,
    Situation,
)
from .text import as_is, money_text, net_words, turn_words


def hand_words(sit: Situation, deal: Deal, player: str) -> str:
    """A player's hand in the language spoken: its name and its cards."""
    hand = deal.players[player].hand
    if hand is None:
        return tr("{player}'s unrecorded hand", player=player)
    cards = " ".join(str(c) for c in hand)
    if len(hand) == 3:
        return tr("{player}'s {hand} ({cards})", player=player, hand=deal.comparer.describe(hand), cards=cards)
    return tr("{player}'s {cards}", player=player, cards=cards)


# ---------------------------------------------------------------------------
# Citations
# ---------------------------------------------------------------------------


def _cite(profile: Profile, path: str) -> List[Citation]:
    """The citations for a rule: a leaf field, the fields under a group (those in play), or a fixed rule."""
    if path in LEAVES:
        value = json_value(profile, path)
        return [Citation(path, value, explain(path, value_of(profile, path), profile), source_of(path, value))]
    children = [p for p in LEAVES if p.startswith(path + ".")]
    if children:
        chosen = [p for p in children if in_play(p, profile)] or children[:1]
        return [c for p in chosen for c in _cite(profile, p)]
    sentence, source = FIXED_RULES.get(path, (path.replace("_", " ").replace(".", ": "), ""))
    return [Citation(path, None, sentence, source)]


def cite_rules(profile: Profile, paths: Sequence[str]) -> List[Citation]:
    """The rules named by ``paths`` as a ruling cites them, each once: the profile's value, its
    sentence and its source (a group of fields: those in play). The words of every ruling, and of
    the endings the engine records (:attr:`~bragrules.engine.state.DealResult.decided_by`).

    >>> from bragrules.profile import load_profile
    >>> [c.sentence for c in cite_rules(load_profile("traditional"), ["seeing.tie"])]
    ['a tie goes against the player who called the see']
    """
    out: List[Citation] = []
    seen: Set[str] = set()
    for path in paths:
        for citation in _cite(profile, path):
            if citation.path not in seen:
                seen.add(citation.path)
                out.append(citation)
    return out


def cites(sit: Situation, paths: Sequence[str]) -> List[Citation]:
    """The citations of a ruling in ``sit`` (:func:`cite_rules` under its profile)."""
    return cite_rules(sit.profile, paths)


# ---------------------------------------------------------------------------
# How a deal ends
# ---------------------------------------------------------------------------


@dataclass
class EndingWords:
    outcome: str
    said: Message
    net: Dict[str, Fraction]
    winners: List[str]
    carried: Fraction
    paths: List[str]

    @property
    def text(self) -> str:
        """The ending in English."""
        return self.said.english()


def ending_record(deal: Deal) -> Ending:
    """What the engine says happened at the end of ``deal`` (over)."""
    assert deal.result is not None and deal.result.ending is not None
    return deal.result.ending


_WITH_SIDES = "{ending}{sides}"


def _with_sides(said: Message, deal: Deal) -> Message:
    if deal.result is None or not deal.result.pots:
        return said
    return Message(_WITH_SIDES, ending=said, sides=Later(side_pot_text, deal))  # read in the reader's language


def ending_words(sit: Situation, deal: Deal) -> EndingWords:
    """The deal's ending in a ruling's words: the engine's record of it (:class:`Ending`), worded."""
    result = deal.result
    assert result is not None
    record = ending_record(deal)
    paths = list(result.decided_by)  # the engine says which rules decided the ending
    net = dict(result.net)
    if record.kind not in ENDING_KINDS:  # an area's own ending (Crash's lives, a step of the procedure): its own words
        words = result.bank_settled.against() if result.bank_settled is not None else record.words  # procedure.bank
        return EndingWords(result.outcome, _with_sides(as_is(words or Later(reason_words, deal)), deal),
                           net, list(result.winners), result.carried_out, paths)
    if result.outcome == "carried":
        return EndingWords("carried", _with_sides(_carried_words(deal), deal), net, [], result.carried_out, paths)
    said = _won_words(sit, deal)
    if any(result.bonuses.values()):
        said = Message("{ending}; bonuses: {bonuses}", ending=said,
                       bonuses=net_words({p: v for p, v in result.bonuses.items() if v}))
    return EndingWords(result.outcome, _with_sides(said, deal), net, list(result.winners), ZERO, paths)


def _carried_words(deal: Deal) -> Message:
    """A pot carried into the next deal, and why."""
    result = deal.result
    assert result is not None
    record = ending_record(deal)
    kind, player, pot = record.kind, record.survivor, result.pot
    if kind == "carried_unbet":
        return Message("everyone folded before anybody bet: the pot of {pot} carries into the next deal", pot=pot)
    if kind == "carried_blind" and player is not None:
        if player not in result.retained:
            return Message("{player} is left alone but blind and does not collect: the pot of {pot} carries into the "
                           "next deal; {player}'s hand is not kept", player=player, pot=pot)
        hand = result.retained[player]
        if hand is None:
            return Message("{player} is left alone but blind and does not collect: the pot of {pot} carries into the "
                           "next deal, and {player} may keep the unseen hand to hold beside the next one",
                           player=player, pot=pot)
        return Message("{player} is left alone but blind and does not collect: the pot of {pot} carries into the next "
                       "deal, and {player} may keep the unseen hand ({cards}) to hold beside the next one",
                       player=player, pot=pot, cards=" ".join(str(c) for c in hand))
    if kind == "carried_checked":
        return Message("everyone checked and nobody bet: the pot of {pot} carries into the next deal", pot=pot)
    return Message("{reason}: the pot of {pot} carries into the next deal", reason=Later(reason_words, deal), pot=pot)


def _won_words(sit: Situation, deal: Deal) -> Message:
    """A pot taken: by folds, at a see, or as the engine says."""
    result = deal.result
    assert result is not None
    record = ending_record(deal)
    kind, winners, pot = record.kind, list(result.winners), result.pot
    if kind == "folded_unbet":
        return Message("everyone else folded before anybody bet: {winner} takes the pot of {pot}", winner=winners[0],
                       pot=pot)
    if kind == "folded_blind":
        return Message("everyone else has folded: {winner}, still blind, takes the pot of {pot}", winner=winners[0],
                       pot=pot)
    if kind == "folded":
        return Message("everyone else has folded: {winner} takes the pot of {pot} without showing",
                       winner=winners[0], pot=pot)
    if kind == "see" and record.caller is not None and record.opponent is not None:
        caller, opponent = record.caller, record.opponent
        a, b = Later(hand_words, sit, deal, caller), Later(hand_words, sit, deal, opponent)
        if record.tied and len(winners) > 1:
            return Message("{caller} saw {opponent}: {hand} and {other} are equal, and the pot of {pot} is split",
                           caller=caller, opponent=opponent, hand=a, other=b, pot=pot)
        if record.tied:
            return Message("{caller} saw {opponent}: {hand} and {other} are equal, and {winner} takes the pot of "
                           "{pot}", caller=caller, opponent=opponent, hand=a, other=b, winner=winners[0], pot=pot)
        loser = opponent if winners == [caller] else caller
        return Message("{caller} saw {opponent}: {hand} beats {other}; {winner} takes the pot of {pot}",
                       caller=caller, opponent=opponent, hand=Later(hand_words, sit, deal, winners[0]),
                       other=Later(hand_words, sit, deal, loser), winner=winners[0], pot=pot)
    if len(winners) > 1:
        return Message("{reason}: {winners} take the pot of {pot}", reason=Later(reason_words, deal),
                       winners=Later(_and_words, winners), pot=pot)
    return Message("{reason}: {winner} takes the pot of {pot}", reason=Later(reason_words, deal), winner=" and ".join(winners),
                   pot=pot)


def reason_words(deal: Deal) -> str:
    """Why ``deal`` ended: the engine's recorded English in English, else told from the result's data in the
    language spoken (:func:`bragrules.play.endings.spoken_reason`), the record itself untouched."""
    assert deal.result is not None
    if language() == ENGLISH:
        return deal.result.reason
    from bragrules.play.endings import spoken_reason

    return spoken_reason(deal)


def _and_words(names: List[str]) -> str:
    return tr(" and ").join(names)


def side_pot_text(deal: Deal) -> str:
    """The side pots of a deal in a ruling's words, each with who took it and why (``pots``; empty without)."""
    result, policy = deal.result, deal.rules.pots
    if result is None or policy is None or not result.pots:
        return ""
    from bragrules.rules.pots import pot_won_said

    text = "; " + "; ".join(pot_won_said(pot) for pot in result.pots)
    sweeper = policy.sweep_of(result.pots, result.winners if result.outcome == "won" else ())
    if sweeper is not None and policy.sweep is not None:
        text += "; " + tr("{player} wins every pot and is paid {amount} more by every other player", player=sweeper,
                          amount=money_text(policy.sweep))
    return text


def finish_ruling(ruling: Ruling, sit: Situation, deal: Deal, paths: Sequence[str],
                  lead: Optional[Message] = None) -> Ruling:
    """Fill in what follows an applied action: the deal's end, or who acts next.

    A blind survivor's choice to retain or release the hand is projected with the profile's default
    (``blind.retain_default``), as the audit does when a history does not say.
    """
    lead = lead or as_is()
    if deal.awaiting == "retain":
        default = deal.default_action()
        assert default is not None
        survivor = default.player
        deal = deal.snapshot()
        deal.apply(default)
        if default.kind == "retain":
            lead = Message("{lead}{player} may retain the unseen hand or release it (retaining it unless {player} says "
                           "otherwise); ", lead=lead, player=survivor)
        else:
            lead = Message("{lead}{player} may retain the unseen hand or release it (releasing it unless {player} says "
                           "otherwise); ", lead=lead, player=survivor)
        extra: List[str] = [RETAIN_DEFAULT_RULE]
    else:
        extra = []
    if deal.result is not None:
        ending = ending_words(sit, deal)
        ruling.net = ending.net
        ruling.winners = ending.winners
        ruling.carried = ending.carried
        ruling.say(next=Message("{lead}{ending}; net: {net}", lead=lead, ending=ending.said, net=net_words(ending.net)))
        paths = [*paths, *ending.paths]
    else:
        ruling.to_act = deal.to_act
        ruling.options = deal.legal_actions()
        ruling.say(next=Message("{lead}the deal goes on: {turn}", lead=lead, turn=turn_words(deal)))
    ruling.citations = cites(sit, [*paths, *extra])
    return ruling


__all__ = ["EndingWords", "cite_rules", "cites", "ending_record", "ending_words", "finish_ruling", "hand_words",
           "side_pot_text"]
