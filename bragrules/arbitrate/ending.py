"""How a ruling cites the rules that decide it, and words the way a deal ends (the engine's record of it)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Dict, List, Sequence, Set

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
from .text import money_text, net_text, turn_text


def hand_words(sit: Situation, deal: Deal, player: str) -> str:
    hand = deal.players[player].hand
    if hand is None:
        return f"{player}'s unrecorded hand"
    cards = " ".join(str(c) for c in hand)
    if len(hand) == 3:
        return f"{player}'s {deal.comparer.describe(hand)} ({cards})"
    return f"{player}'s {cards}"


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
    text: str
    net: Dict[str, Fraction]
    winners: List[str]
    carried: Fraction
    paths: List[str]


def ending_record(deal: Deal) -> Ending:
    """What the engine says happened at the end of ``deal`` (over)."""
    assert deal.result is not None and deal.result.ending is not None
    return deal.result.ending


def ending_words(sit: Situation, deal: Deal) -> EndingWords:
    """The deal's ending in a ruling's words: the engine's record of it (:class:`Ending`), worded."""
    result = deal.result
    assert result is not None
    record = ending_record(deal)
    paths = list(result.decided_by)  # the engine says which rules decided the ending
    pot = money_text(result.pot)
    net = dict(result.net)
    kind = record.kind
    if kind not in ENDING_KINDS:  # an area's own ending (Crash's lives, a step of the procedure): its own words
        return EndingWords(result.outcome, (record.words or result.reason) + side_pot_text(deal), net,
                           list(result.winners), result.carried_out, paths)
    if result.outcome == "carried":
        player = record.survivor
        if kind == "carried_unbet":
            text = f"everyone folded before anybody bet: the pot of {pot} carries into the next deal"
        elif kind == "carried_blind" and player is not None:
            text = f"{player} is left alone but blind and does not collect: the pot of {pot} carries into the next deal"
            if player in result.retained:
                hand = result.retained[player]
                shown = f" ({' '.join(str(c) for c in hand)})" if hand is not None else ""
                text += f", and {player} may keep the unseen hand{shown} to hold beside the next one"
            else:
                text += f"; {player}'s hand is not kept"
        elif kind == "carried_checked":
            text = f"everyone checked and nobody bet: the pot of {pot} carries into the next deal"
        else:
            text = f"{result.reason}: the pot of {pot} carries into the next deal"
        return EndingWords("carried", text + side_pot_text(deal), net, [], result.carried_out, paths)
    winners = list(result.winners)
    if kind == "folded_unbet":
        text = f"everyone else folded before anybody bet: {winners[0]} takes the pot of {pot}"
    elif kind == "folded_blind":
        text = f"everyone else has folded: {winners[0]}, still blind, takes the pot of {pot}"
    elif kind == "folded":
        text = f"everyone else has folded: {winners[0]} takes the pot of {pot} without showing"
    elif kind == "see" and record.caller is not None and record.opponent is not None:
        caller, opponent = record.caller, record.opponent
        a, b = hand_words(sit, deal, caller), hand_words(sit, deal, opponent)
        if record.tied:
            if len(winners) > 1:
                text = f"{caller} saw {opponent}: {a} and {b} are equal, and the pot of {pot} is split"
            else:
                text = f"{caller} saw {opponent}: {a} and {b} are equal, and {winners[0]} takes the pot of {pot}"
        else:
            loser = opponent if winners == [caller] else caller
            text = (f"{caller} saw {opponent}: {hand_words(sit, deal, winners[0])} beats "
                    f"{hand_words(sit, deal, loser)}; {winners[0]} takes the pot of {pot}")
    else:
        who = " and ".join(winners)
        text = f"{result.reason}: {who} {'take' if len(winners) > 1 else 'takes'} the pot of {pot}"
    if any(result.bonuses.values()):
        text += "; bonuses: " + net_text({p: v for p, v in result.bonuses.items() if v})
    return EndingWords(result.outcome, text + side_pot_text(deal), net, winners, ZERO, paths)


def side_pot_text(deal: Deal) -> str:
    """The side pots of a deal in a ruling's words, each with who took it and why (``pots``; empty without)."""
    result, policy = deal.result, deal.rules.pots
    if result is None or policy is None or not result.pots:
        return ""
    from bragrules.rules.pots import pot_won_words

    text = "; " + "; ".join(pot_won_words(pot) for pot in result.pots)
    sweeper = policy.sweep_of(result.pots, result.winners if result.outcome == "won" else ())
    if sweeper is not None and policy.sweep is not None:
        text += f"; {sweeper} wins every pot and is paid {money_text(policy.sweep)} more by every other player"
    return text


def finish_ruling(ruling: Ruling, sit: Situation, deal: Deal, paths: Sequence[str], lead: str = "") -> Ruling:
    """Fill in what follows an applied action: the deal's end, or who acts next.

    A blind survivor's choice to retain or release the hand is projected with the profile's default
    (``blind.retain_default``), as the audit does when a history does not say.
    """
    if deal.awaiting == "retain":
        default = deal.default_action()
        assert default is not None
        survivor = default.player
        deal = deal.snapshot()
        deal.apply(default)
        lead += (f"{survivor} may retain the unseen hand or release it "
                 f"({'retaining it' if default.kind == 'retain' else 'releasing it'} unless {survivor} says otherwise); ")
        extra: List[str] = [RETAIN_DEFAULT_RULE]
    else:
        extra = []
    if deal.result is not None:
        ending = ending_words(sit, deal)
        ruling.net = ending.net
        ruling.winners = ending.winners
        ruling.carried = ending.carried
        ruling.next = f"{lead}{ending.text}; net: {net_text(ending.net)}"
        paths = [*paths, *ending.paths]
    else:
        ruling.to_act = deal.to_act
        ruling.options = deal.legal_actions()
        ruling.next = f"{lead}the deal goes on: {turn_text(deal)}"
    ruling.citations = cites(sit, [*paths, *extra])
    return ruling


__all__ = ["EndingWords", "cite_rules", "cites", "ending_record", "ending_words", "finish_ruling", "hand_words",
           "side_pot_text"]
