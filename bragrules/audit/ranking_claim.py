"""Which ranking field a wrong winner goes against.

A history that names the wrong winner of a showdown has most often ranked the hands by another
rule than the profile's: the usual order where the table plays lowball, a leopard over Zha Jin
Hua's 2-3-5, a natural pair over an equal pair made with a bragger. The audit then cites the
ranking field that decided the showdown rather than ``history.result``: the field that, set back
to its usual value, gives the winners the history names.

Only asked when a claim's winners are wrong, so it costs nothing in a clean audit.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> ranker = compile_rules(load_profile("muflis")).ranking.ranker
>>> hands = {"A": parse_cards("Kc 2d 3c"), "B": parse_cards("Kh Kd 9c")}
>>> deciding_field(ranker, hands, ["B"])
'ranking.lowball'
>>> deciding_field(ranker, hands, ["A"]) is None   # what the profile says: nothing to blame
True
"""

from __future__ import annotations

from typing import Any, Callable, List, Mapping, Optional, Sequence

from bragrules.rules.ranking import HandRanker, compile_ranking

Reset = Callable[[Any], Any]


def _reset(path: str) -> Reset:
    """A function giving a ranking with the field at ``path`` at its usual value (the standard game's)."""
    from bragrules.profile.models import Ranking

    default = Ranking()
    parts = path.split(".")[1:]

    def apply(spec: Any) -> Any:
        if parts[0] == "wild":
            return spec.model_copy(update={"wild": spec.wild.model_copy(update={parts[1]: getattr(default.wild, parts[1])})})
        if parts[0] == "points":
            return spec.model_copy(update={"points": default.points})
        update = {parts[0]: getattr(default, parts[0])}
        if parts[0] == "suits_break_ties":
            update["suits_before_kickers"] = False
        return spec.model_copy(update=update)

    return apply


RANKING_FIELDS = (
    "ranking.lowball", "ranking.special_hands", "ranking.points.read", "ranking.categories", "ranking.category_order",
    "ranking.prial_order", "ranking.run_order", "ranking.suits_before_kickers", "ranking.suits_break_ties",
    "ranking.wild.natural_beats_wild", "ranking.wild.cards_ranked", "ranking.wild.cards", "ranking.wild.ranks",
)
"""The ranking fields a wrong winner may be blamed on, in the order they are tried."""


def _value(spec: Any, path: str) -> Any:
    holder = spec
    for part in path.split(".")[1:]:
        holder = getattr(holder, part)
    return holder


def _winners(ranker: HandRanker, hands: Mapping[str, Sequence[Any]]) -> List[str]:
    strengths = {p: ranker.evaluate(list(cards)).strength for p, cards in hands.items()}
    players = list(hands)
    unbeaten = [p for p in players if not any(ranker.beats(strengths[q], strengths[p]) for q in players if q != p)]
    if unbeaten:
        return unbeaten
    top = max(strengths.values())
    return [p for p in players if strengths[p] == top]


def deciding_field(ranker: HandRanker, hands: Mapping[str, Sequence[Any]], claimed: Sequence[str]) -> Optional[str]:
    """The ranking field (set away from its usual value) that, set back, makes ``claimed`` the
    winners among ``hands``; None when no single field does (or the claim is what the profile says)."""
    if set(_winners(ranker, hands)) == set(claimed):
        return None
    from bragrules.profile.models import Ranking

    spec = ranker.spec

    default = Ranking()
    for path in RANKING_FIELDS:
        if _value(spec, path) == _value(default, path):
            continue
        other = compile_ranking(_reset(path)(spec), ranker.jokers)
        if set(_winners(other, hands)) == set(claimed):
            return path
    return None


__all__ = ["RANKING_FIELDS", "deciding_field"]
