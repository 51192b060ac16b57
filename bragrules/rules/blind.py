"""The blind area: playing without looking, when a blind player may look, retention.

>>> from bragrules.profile.models import Profile
>>> ALLOWED.sentence(Profile())
'a player may play blind, betting without looking at their cards'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional

from pydantic import Field

from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, AreaText, Section, choice
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import money_text, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Blind(Area):
    """Playing without looking at one's cards.

    A blind player has not looked at their cards and pays `stakes.blind_rate`
    of the level. Once they look they are seen for the rest of the hand and
    cannot become blind again with that hand (000, 002, 003).
    """

    allowed: bool = Field(
        True,
        description="Whether blind play is allowed. `false`: everyone looks at once.",
    )
    look: Literal["own_turn", "any_time"] = Field(
        "own_turn",
        description="When a blind player may look. `own_turn`: only at their own turn, before acting; "
        "`any_time`: at any moment (003: \"随时\").",
    )
    retention: bool = Field(
        False,
        description="A blind survivor whose pot carries may keep the unseen hand into the next deal and hold "
        "two hands, choosing between them by the inspect, keep-or-discard procedure (look at one, "
        "then at once keep it and discard the other unseen, or discard it and keep the other "
        "blind; never inspect both); two blind hands cost one blind rate; at most one unseen hand "
        "is retained again. Keeping or releasing the hand is the survivor's choice (`retain`, "
        "`release`). Needs `folding.blind_survivor: carries` and a one-hand format.",
    )
    retain_default: Literal["retain", "release"] = Field(
        "retain",
        description="What a blind survivor does with the unseen hand when a history does not say (002: \"you "
        "may retain that unseen hand\"; in play the survivor is asked): `retain` keeps it, "
        "`release` lets it go under the pack.",
    )
    retain_of_two: Literal["choice", "newer", "older"] = Field(
        "choice",
        description="Which hand a survivor who still holds two unseen hands keeps (002: \"retain only ONE "
        "unseen hand for the next deal; never accumulate three\"; which one, it does not say). "
        "`choice`: the survivor says (`retain old` / `retain new`; the newer when a history does "
        "not say); `newer`: always the newer; `older`: always the older.",
    )

# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

ALLOWED_RULE = field_rule("blind.allowed")
LOOK_RULE = field_rule("blind.look")
RETENTION_RULE = field_rule("blind.retention")
RETAIN_DEFAULT_RULE = field_rule("blind.retain_default")
RETAIN_OF_TWO_RULE = field_rule("blind.retain_of_two")


@dataclass(frozen=True, slots=True)
class BlindPolicy(AreaPolicy):
    """Blind play as the engine asks it: whether one may play blind, when one may look, retention.

    >>> from bragrules.profile.models import Profile
    >>> policy = BlindPolicy.compile(Profile())
    >>> policy.allowed, policy.look_any_time, policy.retention
    (True, False, False)
    """

    allowed: bool
    look_any_time: bool
    retention: bool
    retain_by_default: bool
    """A blind survivor retains the unseen hand when a history does not say."""
    retain_of_two: str
    """Which of two unseen hands a survivor keeps: choice, newer or older."""

    @classmethod
    def compile(cls, p: "Profile") -> "BlindPolicy":
        blind = p.blind
        return cls(blind.allowed, blind.look == "any_time", blind.retention, blind.retain_default == "retain",
                   blind.retain_of_two)


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def _blind_betting(p: "Profile") -> bool:
    return p.blind.allowed and p.format.betting


def _retaining(p: "Profile") -> bool:
    return p.blind.allowed and p.format.betting and p.blind.retention


ALLOWED = choice(
    "blind.allowed",
    lambda p: p.blind.allowed,
    {
        True: "a player may play blind, betting without looking at their cards",
        False: "blind play is not allowed: everyone looks at their cards at once",
    },
    {"true": "000 (Blind Brag), 002, 003",
     "false": "000 (by default everyone looks); 002 section 07 (seen-only practice)"},
    in_play=lambda p: p.format.betting,
)
LOOK = choice(
    "blind.look",
    lambda p: p.blind.look,
    {
        "own_turn": "a blind player may look only at their own turn, before acting",
        "any_time": "a blind player may look at any time",
    },
    {"own_turn": "000, 002", "any_time": "003"},
    in_play=_blind_betting,
)
RETENTION = choice(
    "blind.retention",
    lambda p: p.blind.retention,
    {
        True: "a blind player left alone may keep the unseen hand into the next deal and hold two hands",
        False: "no unseen hand is kept into the next deal",
    },
    {"true": "002 section 05", "false": "000, 003"},
    in_play=_blind_betting,
)
RETAIN_DEFAULT = choice(
    "blind.retain_default",
    lambda p: p.blind.retain_default,
    {
        "retain": "a blind survivor who says nothing keeps the unseen hand",
        "release": "a blind survivor who says nothing lets the unseen hand go under the pack",
    },
    {"retain": "002 section 05", "release": "house rule"},
    in_play=_retaining,
)
RETAIN_OF_TWO = choice(
    "blind.retain_of_two",
    lambda p: p.blind.retain_of_two,
    {
        "choice": "a blind survivor holding two unseen hands keeps the one they choose (the newer if they say nothing)",
        "newer": "a blind survivor holding two unseen hands keeps the newer one",
        "older": "a blind survivor holding two unseen hands keeps the older one",
    },
    {"*": "002 section 05 (only one; which one it does not say)"},
    in_play=_retaining,
)


# ---------------------------------------------------------------------------
# The rulebook: blind play
# ---------------------------------------------------------------------------


def blind_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules import folding, stakes

    if not p.format.betting:
        return None
    sec = Section("blind", "Blind play")
    if not p.blind.allowed:
        sec.para(
            "Blind play is not allowed: everyone looks at their cards as soon as they are dealt, "
            "and every payment is at the seen rate."
        )
        return sec
    sec.para(
        "A player may play blind, leaving their cards face down and unseen while they bet.",
        sentence(stakes.blind_rate(p)),
        sentence(LOOK.sentence(p)),
        "From the moment they look they are seen for the rest of the deal, pay the seen rate, "
        "and cannot become blind again with that hand.",
    )
    if p.blind.look == "own_turn":
        sec.para("Blind cards stay untouched: nobody inspects their own cards out of turn.")
    if p.blind.retention:
        sub = Section("retention", "Keeping a blind hand")
        ante = money_text(p.stakes.ante)
        sub.para(
            sentence(folding.BLIND_SURVIVOR.sentence(p)),
            "The blind player may keep their unseen hand for that deal, or let it go under the pack: "
            "it is their choice.",
            sentence(RETAIN_DEFAULT.sentence(p)),
        )
        sub.bullets(
            [
                f"Everyone antes {ante} again and receives a new hand, so the player who kept a "
                "hand holds two for the moment.",
                "They may look at one of the two, old or new, or at neither.",
                "Having looked at one, they must at once either keep it and discard the other "
                "unseen, or discard it and keep the other blind. Only then may they look at the "
                "remaining hand. Nobody may inspect both and choose the better.",
                "Holding two blind hands costs one blind payment, not two.",
                "Before a see, a single hand is chosen by the same look, keep-or-discard process, "
                "before the opponent's cards are shown.",
                "If everyone folds again while both hands are unseen, only one unseen hand is kept "
                "for the next deal: nobody ever holds three. " + sentence(RETAIN_OF_TWO.sentence(p)),
            ]
        )
        sec.subsections.append(sub)
    return sec


TEXT = AreaText(
    key="blind",
    name="blind play",
    title="Blind play",
    fields=(ALLOWED, LOOK, RETENTION, RETAIN_DEFAULT, RETAIN_OF_TWO),
    sections=((40, blind_section),),
)
