"""The disputes area: cards seen by accident, a deliberate look.

>>> from bragrules.profile.models import Profile
>>> EXPOSURE_AFTER_BETTING.sentence(Profile.model_validate({"disputes": {"exposure_after_betting": "redeal"}}))
'even once betting has begun, an accidental exposure means a redeal'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional

from pydantic import Field

from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Section, choice
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Disputes(Area):
    """The fine points of 000.

    A see is binding once the money is in the pot; a wrong see amount is
    corrected before the cards are turned (000).
    """

    exposure_before_betting: Literal["redeal", "continue"] = Field(
        "redeal",
        description="A player's cards seen by accident before any betting. `redeal`: the affected player may "
        "demand a redeal of the whole hand, all antes returned; `continue`: play continues.",
    )
    exposure_after_betting: Literal["continue", "redeal"] = Field(
        "continue",
        description="The same once betting has begun. `continue`: no misdeal, the affected player folds or "
        "continues at their discretion; `redeal`: the affected player may demand a redeal.",
    )
    deliberate_look: Literal["fold", "continue"] = Field(
        "fold",
        description="A player who deliberately looks at another's cards. `fold`: must fold at once, their "
        "bets staying in the pot; `continue`: plays on.",
    )

# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


DELIBERATE_LOOK_RULE = field_rule("disputes.deliberate_look")
EXPOSURE_BEFORE_BETTING_RULE = field_rule("disputes.exposure_before_betting")
EXPOSURE_AFTER_BETTING_RULE = field_rule("disputes.exposure_after_betting")


@dataclass(frozen=True, slots=True)
class DisputesPolicy(AreaPolicy):
    """Disputes as the engine asks them: what an exposure or a peek costs.

    >>> from bragrules.profile.models import Profile
    >>> DisputesPolicy.compile(Profile()).peek_folds
    True
    """

    peek_folds: bool
    """A deliberate look at another's cards forces the looker's fold."""
    redeal_before_betting: bool
    """An exposure before any betting: the exposed player may demand a redeal."""
    redeal_after_betting: bool
    """The same once betting has begun."""

    @classmethod
    def compile(cls, p: "Profile") -> "DisputesPolicy":
        d = p.disputes
        return cls(d.deliberate_look == "fold", d.exposure_before_betting == "redeal",
                   d.exposure_after_betting == "redeal")



def exposure_before_betting(p: "Profile") -> str:
    when = "before any betting" if p.format.betting else "before the showdown"
    if p.disputes.exposure_before_betting == "continue":
        return f"if a player's cards are seen by accident {when}, play continues"
    text = f"if a player's cards are seen by accident {when}, that player may demand a redeal"
    if p.stakes.ante:
        text += " with all antes returned"
    return text


def deliberate_look(p: "Profile") -> str:
    if p.disputes.deliberate_look == "continue":
        return "a player who deliberately looks at another's cards plays on"
    if p.format.betting:
        return "a player who deliberately looks at another's cards must fold, their bets staying in the pot"
    return "a player who deliberately looks at another's cards must fold"


EXPOSURE_AFTER_BETTING = choice(
    "disputes.exposure_after_betting",
    lambda p: p.disputes.exposure_after_betting,
    {
        "continue": "once betting has begun an accidental exposure is no misdeal: the player "
        "folds or continues as they choose",
        "redeal": "even once betting has begun, an accidental exposure means a redeal",
    },
    {"continue": "000", "redeal": "house rule"},
    in_play=lambda p: p.format.betting,
)


# ---------------------------------------------------------------------------
# The rulebook: special cases
# ---------------------------------------------------------------------------


def disputes_section(p: "Profile") -> Optional[Section]:
    disputes = p.disputes
    sec = Section("disputes", "Special cases")
    betting = p.format.betting
    items = [sentence(exposure_before_betting(p))]
    if betting:
        items.append(sentence(EXPOSURE_AFTER_BETTING.sentence(p)))
    items.append(sentence(deliberate_look(p)))
    if betting and disputes.deliberate_look == "fold":
        items.append("The fold is at once, out of turn; the turn stays with the player whose turn it was.")
    if betting and "redeal" in (disputes.exposure_before_betting, disputes.exposure_after_betting):
        items.append("A redeal returns every stake; a carried pot and kept hands stay as they were, and the "
                     "same dealer deals again from a shuffled pack. It does not count as a deal.")
    if betting:
        items.append(
            "A see must be paid at the right amount: a wrong amount is corrected before any card "
            "is turned over, and a see is binding once the money is in the pot."
        )
    sec.bullets(items)
    return sec


TEXT = AreaText(
    key="disputes",
    name="disputes",
    title="Disputes",
    fields=(
        FieldText("disputes.exposure_before_betting", lambda p: p.disputes.exposure_before_betting,
                  exposure_before_betting, {"redeal": "000", "continue": "house rule"}),
        EXPOSURE_AFTER_BETTING,
        FieldText("disputes.deliberate_look", lambda p: p.disputes.deliberate_look, deliberate_look,
                  {"fold": "000", "continue": "house rule"}),
    ),
    sections=((100, disputes_section),),
)
