"""Which field a wrong winner goes against.

A history that names the wrong winner of a showdown has most often ranked the hands by another
rule than the profile's: the usual order where the table plays lowball, a leopard over Zha Jin
Hua's 2-3-5, a natural pair over an equal pair made with a bragger, or the tie at a see settled
another way. The audit then cites that field rather than ``history.result``: the field under
which the deal, replayed, comes to what the history says. A ranking field is set back to its usual
value (the standard game's); the tie rule (``seeing.tie``), where it decided the deal, is set to
each of its other values. The claim is read whole: whether it names the winners (``winner: B``),
gives only the nets, or both (a log's result line), the deal must replay to every part of it that
follows from who won (:func:`bragrules.audit.claims.agrees_on_winners`), so one mistake is cited
under one rule however it is written.

Only asked when a claim is wrong at a showdown whose hands are all known, so it costs nothing in a
clean audit; each trial is the deal replayed by the engine (:meth:`Deal.snapshot` under other rules),
which answers who wins as it always does.

>>> from bragrules.core.cards import parse_hand
>>> from bragrules.engine.deal import Deal
>>> from bragrules.history import ResultClaim
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> hands = {"A": parse_hand("Kc 2d 3c"), "B": parse_hand("Kh Kd 9c")}
>>> deal = Deal(compile_rules(load_profile("muflis")), ["A", "B"], hands)
>>> for text in ("A look", "A bet 2", "B look", "B bet 2", "A see 2"):
...     _ = deal.apply_text(text)
>>> deal.result.winners
['A']
>>> deciding_field(deal, ResultClaim(winners=["B"]))
'ranking.lowball'
>>> deciding_field(deal, ResultClaim(net={"A": -5, "B": 5}))     # B's winnings: the same mistake
'ranking.lowball'
>>> deciding_field(deal, ResultClaim(net={"A": -5, "B": 4})) is None   # no field gives these nets
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Optional, Tuple

from bragrules.core.errors import RuleViolation
from bragrules.core.rule_id import field_rule
from bragrules.rules.seeing import TIE_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal
    from bragrules.history import ResultClaim
    from bragrules.profile.models import Profile

RANKING_FIELDS = (
    "ranking.lowball", "ranking.special_hands", "ranking.points.read", "ranking.categories", "ranking.category_order",
    "ranking.prial_order", "ranking.run_order", "ranking.suits_before_kickers", "ranking.suits_break_ties",
    "ranking.wild.natural_beats_wild", "ranking.wild.cards_ranked", "ranking.wild.cards", "ranking.wild.ranks",
    "ranking.wild.per_hand", "ranking.wild.kiss_miss", "ranking.wild.from_centre", "ranking.wild.select",
    "ranking.wild.at_most", "ranking.wild.barred_from",
)
"""The ranking fields a wrong winner may be blamed on, in the order they are tried."""

TIES = ("caller_loses", "split", "suits", "eldest_hand")
"""The values of ``seeing.tie``, tried in this order."""


def _value(holder: Any, path: str) -> Any:
    for part in path.split(".")[1:]:
        holder = getattr(holder, part)
    return holder


def _reset(profile: "Profile", path: str) -> "Profile":
    """``profile`` with the ranking field at ``path`` at its usual value (the standard game's)."""
    from bragrules.profile.models import Ranking

    default, spec = Ranking(), profile.ranking
    parts = path.split(".")[1:]
    if parts[0] == "wild":
        ranking = spec.model_copy(update={"wild": spec.wild.model_copy(update={parts[1]: getattr(default.wild, parts[1])})})
    elif parts[0] == "points":
        ranking = spec.model_copy(update={"points": default.points})
    else:
        update = {parts[0]: getattr(default, parts[0])}
        if parts[0] == "suits_break_ties":
            update["suits_before_kickers"] = False
        ranking = spec.model_copy(update=update)
    return profile.model_copy(update={"ranking": ranking})


def _trials(profile: "Profile", tie_decided: bool) -> Iterator[Tuple[str, "Profile"]]:
    """Each field a claim may go against, with the profile that field's other value makes: every ranking
    field away from its usual value, set back; then, where the tie decided the deal, each other tie rule."""
    from bragrules.profile.models import Ranking

    default = Ranking()
    for path in RANKING_FIELDS:
        if _value(profile.ranking, path) != _value(default, path):
            yield field_rule(path), _reset(profile, path)
    if tie_decided:
        for tie in TIES:
            if tie != profile.seeing.tie:
                yield TIE_RULE, profile.model_copy(update={"seeing": profile.seeing.model_copy(update={"tie": tie})})


def deciding_field(deal: "Deal", claim: "ResultClaim") -> Optional[str]:
    """The rule of the field under whose other value ``deal`` replays to what ``claim`` says of who won
    (its outcome, winners and nets); None when no one field does, or the deal's hands are not all known
    (its result then comes from the claim, and nothing can be blamed)."""
    from bragrules.audit.claims import agrees_on_winners
    from bragrules.profile.models import Profile
    from bragrules.rules.compile import compile_rules

    result = deal.result
    if result is None or not result.showdown or deal.winner_hint is not None:
        return None
    if any(deal.players[p].hand is None for p in deal.in_play if p not in result.conceded):
        return None
    for rule, variant in _trials(deal.rules.profile, TIE_RULE in result.decided_by):
        try:  # the other value as a profile of its own: one it makes invalid explains nothing
            profile = Profile.model_validate(variant.model_dump(mode="json"))
        except ValueError:
            continue
        try:
            trial = deal.snapshot(compile_rules(profile))
        except RuleViolation:  # an action the other rule would refuse: not the rule the claim followed
            continue
        if trial.result is not None and agrees_on_winners(claim, trial.result):
            return rule
    return None


__all__ = ["RANKING_FIELDS", "TIES", "deciding_field"]
