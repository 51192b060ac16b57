"""The folding area: what happens when all but one player fold, and carried pots.

>>> from bragrules.profile.models import Profile
>>> can_carry(Profile()), can_carry(Profile.model_validate({"folding": {"nobody_bet": "carries"}}))
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, List, Literal, Optional

from pydantic import Field

from bragrules.core.i18n import tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Section, choice
from bragrules.rules.forced_bets import live_kind
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import money_text, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Folding(Area):
    """What happens when all but one player fold.

    A player who folds forfeits the ante and every bet (all three texts). A
    lone seen survivor takes the pot without showing (all three texts).
    """

    blind_survivor: Literal["collects", "carries"] = Field(
        "collects",
        description="A blind player whose opponents have all folded. `collects`: takes the pot; `carries`: "
        "does not collect, the whole pot carries into the next deal (and the hand may be "
        "retained, `blind.retention`).",
    )
    nobody_bet: Literal["last_player_wins", "carries"] = Field(
        "last_player_wins",
        description="Everyone folds before anybody has bet. `last_player_wins`: the last player is a lone "
        "survivor like any other and takes the pot, unless still blind where `folding.blind_survivor` is "
        "`carries` (under 002 the last player has had no turn, so is blind, and the pot carries); "
        "`carries`: the pot carries to the next deal (003's variant, \"没人下注\").",
    )

# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------

BLIND_SURVIVOR_RULE = field_rule("folding.blind_survivor")
NOBODY_BET_RULE = field_rule("folding.nobody_bet")


@dataclass(frozen=True, slots=True)
class FoldingPolicy(AreaPolicy):
    """Carry-over as the engine asks it: who takes a pot when everyone else folds.

    >>> from bragrules.profile.models import Profile
    >>> FoldingPolicy.compile(Profile()).nobody_bet_carries
    False
    """

    blind_survivor_collects: bool
    nobody_bet_carries: bool

    @classmethod
    def compile(cls, p: "Profile") -> "FoldingPolicy":
        return cls(p.folding.blind_survivor == "collects", p.folding.nobody_bet == "carries")



BLIND_SURVIVOR = choice(
    "folding.blind_survivor",
    lambda p: p.folding.blind_survivor,
    {
        "collects": "a blind player whose opponents all fold takes the pot",
        "carries": "a blind player whose opponents all fold does not collect: the whole pot "
        "carries into the next deal",
    },
    {"collects": "000, 003", "carries": "002"},
    in_play=lambda p: p.format.betting and p.blind.allowed,
)
def survivor_unbet_may_be_seen(p: "Profile") -> bool:
    """Whether the last player left when everyone folds before anybody bets can have looked at
    their cards. They have had no turn (every turn before a bet is a fold), so only a look out of
    turn (``blind.look: any_time``) or at a check makes them seen; without blind play everyone is.

    >>> from bragrules.profile import load_profile
    >>> [survivor_unbet_may_be_seen(load_profile(n)) for n in ("traditional", "casual", "classic")]
    [False, True, True]
    """
    blind = p.blind
    return not blind.allowed or blind.look == "any_time" or p.stakes.check == "before_first_bet"


def nobody_bet(p: "Profile") -> str:
    """What happens when everyone folds before anybody bets: the field itself, and, when the
    last player may still be blind, the blind survivor's rule (002 section 05: "If all opponents
    fold while you remain blind, you do NOT collect").

    >>> from bragrules.profile import load_profile
    >>> nobody_bet(load_profile("traditional"))
    'if everyone folds before anybody bets, the last player, who has had no turn and is still blind, does not collect: the whole pot carries into the next deal'
    >>> nobody_bet(load_profile("standard"))
    'if everyone folds before anybody bets, the last player takes the antes'
    """
    if p.folding.nobody_bet == "carries":
        return tr("if everyone folds before anybody bets, the pot carries to the next deal")
    pot = can_carry(p)
    if not (p.blind.allowed and p.folding.blind_survivor == "carries"):
        return (tr("if everyone folds before anybody bets, the last player takes the pot") if pot else
                tr("if everyone folds before anybody bets, the last player takes the antes"))
    if not survivor_unbet_may_be_seen(p):
        return tr("if everyone folds before anybody bets, the last player, who has had no turn and is still blind, "
                  "does not collect: the whole pot carries into the next deal")
    return (tr("if everyone folds before anybody bets, the last player takes the pot if they have looked at their "
               "cards; a blind last player does not collect, and the whole pot carries into the next deal") if pot else
            tr("if everyone folds before anybody bets, the last player takes the antes if they have looked at their "
               "cards; a blind last player does not collect, and the whole pot carries into the next deal"))


NOBODY_BET = FieldText(
    "folding.nobody_bet",
    lambda p: p.folding.nobody_bet,
    nobody_bet,
    {"last_player_wins": "000, 002", "carries": "003's variant"},
    lambda p: p.format.betting and not live_kind(p),  # a live forced bet is a bet: somebody always has bet
)


def can_carry(p: "Profile") -> bool:
    """Whether a pot can carry into the next deal under these rules."""
    betting = p.format.betting
    return bool(
        (betting and p.blind.allowed and p.folding.blind_survivor == "carries")
        or (betting and p.folding.nobody_bet == "carries")
        or (betting and p.stakes.check == "before_first_bet")
        or p.format.hands > 1
    )


# ---------------------------------------------------------------------------
# The rulebook: folding and carried pots
# ---------------------------------------------------------------------------


def carry_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules import format as fmt

    betting = p.format.betting
    if not (betting or p.format.hands > 1):
        return None
    sec = Section("carry-over", tr("Folding and carried pots"))
    carries: List[str] = []
    if betting:
        sec.para(
            tr("A player who folds lays their cards face down and loses their ante and every bet "
               "they have made."),
            tr("A seen player left alone takes the pot without showing their cards."),
        )
        if p.blind.allowed:
            carries.append(sentence(BLIND_SURVIVOR.sentence(p)))
        carries.append(sentence(NOBODY_BET.sentence(p)))
        if p.stakes.check == "before_first_bet":
            carries.append(tr("If every player checks, the pot carries to the next deal."))
    if p.format.hands > 1:
        carries.append(sentence(fmt.WIN_RULE.sentence(p)))
    sec.bullets(carries)
    if can_carry(p):
        ante = p.stakes.ante
        sec.para(tr("A carried pot stays in the middle for the next deal, everyone antes {ante} again as for any "
                    "fresh deal, and the winner of that deal takes it all.", ante=money_text(ante)) if ante else
                 tr("A carried pot stays in the middle for the next deal, and the winner of that deal takes it all."))
    else:
        sec.para(tr("A pot never carries: every deal is won by somebody."))
    return sec


TEXT = AreaText(
    key="folding",
    name="carry-over",
    title="Folding and carried pots",
    fields=(BLIND_SURVIVOR, NOBODY_BET),
    sections=((70, carry_section),),
)
