"""The disputes area: cards seen by accident, a deliberate look, a deal void for any cause, and a
player who shows their own cards to the table on purpose.

>>> from bragrules.profile.models import Profile
>>> EXPOSURE_AFTER_BETTING.sentence(Profile.model_validate({"disputes": {"exposure_after_betting": "redeal"}}))
'even once betting has begun, an accidental exposure means a redeal'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Literal, Optional

from pydantic import Field, model_validator

from bragrules.core.i18n import tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import POSITIVE, Area, AreaText, FieldText, Money, Section, _refuse_below, choice
from bragrules.rules.forced_bets import live_kind
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import money_text, sentence

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
    void_deal: bool = Field(
        False,
        description="Whether a deal may be declared void for any cause (`X void`: a malfunction, a misdeal, "
        "a dispute the table cannot settle), before it is settled: every stake of it is returned to "
        "whoever paid it, the pot carried in stays carried, kept hands stay kept, and the same dealer "
        "deals again from a shuffled pack, as after a redeal (Teen Patti: \"Malfunction voids all "
        "pays and plays\", mega888.com.ph/game-list/teen-patti-joker-jili). `false`: a deal is void only "
        "by the redeal an exposure brings.",
    )
    self_exposure: Literal["no_penalty", "fold", "fine", "out"] = Field(
        "no_penalty",
        description="A player who deliberately shows their own cards to the table (`X flashes`; "
        "\"Showing your own cards to the table (or flashing them to signal) gets a player thrown "
        "out\", oppa88888888.com/en/post/brag; 3pattimaster.com's exposed-card rules: \"A player "
        "intentionally flashes a card to influence betting (cheating or tactical signaling)\"). "
        "`no_penalty`: play goes on; `fold`: the player folds at once, their bets staying in the pot; "
        "`fine`: the player pays `disputes.self_exposure_fine` into the pot and plays on; `out`: the "
        "player folds at once and is out of the session (dealt no more hands).",
    )
    self_exposure_fine: Optional[
        Annotated[Money, _refuse_below("above_zero", "self_exposure_fine must be positive"), POSITIVE]
    ] = Field(
        None,
        description="The fine a player pays into the pot for showing their own cards on purpose, with "
        "`self_exposure: fine` (a house's amount: the pages name none). A player with less pays what "
        "they have. `null`: no fine.",
    )

    @model_validator(mode="after")
    def _fine(self) -> "Disputes":
        if self.self_exposure == "fine" and self.self_exposure_fine is None:
            raise ValueError("self_exposure: fine needs the amount: set self_exposure_fine")
        if self.self_exposure_fine is not None and self.self_exposure != "fine":
            raise ValueError("self_exposure_fine is paid only with self_exposure: fine")
        return self

# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


DELIBERATE_LOOK_RULE = field_rule("disputes.deliberate_look")
EXPOSURE_BEFORE_BETTING_RULE = field_rule("disputes.exposure_before_betting")
EXPOSURE_AFTER_BETTING_RULE = field_rule("disputes.exposure_after_betting")
VOID_DEAL_RULE = field_rule("disputes.void_deal")
SELF_EXPOSURE_RULE = field_rule("disputes.self_exposure")
SELF_EXPOSURE_FINE_RULE = field_rule("disputes.self_exposure_fine")


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
    void_deal: bool = False
    """A deal may be declared void for any cause, every stake returned."""
    self_exposure: str = "no_penalty"
    """What a player pays for showing their own cards on purpose: no_penalty, fold, fine, out."""
    self_exposure_fine: Optional[Fraction] = None
    """The fine of ``self_exposure: fine``."""

    @property
    def sends_out(self) -> bool:
        """Whether a player may be put out of the session by a penalty (the session then follows who)."""
        return self.self_exposure == "out"

    @classmethod
    def compile(cls, p: "Profile") -> "DisputesPolicy":
        d = p.disputes
        return cls(d.deliberate_look == "fold", d.exposure_before_betting == "redeal",
                   d.exposure_after_betting == "redeal", d.void_deal, d.self_exposure, d.self_exposure_fine)



def exposure_before_betting(p: "Profile") -> str:
    when = tr("before any betting") if p.format.betting else tr("before the showdown")
    if p.disputes.exposure_before_betting == "continue":
        return tr("if a player's cards are seen by accident {when}, play continues", when=when)
    if p.stakes.ante:
        return tr("if a player's cards are seen by accident {when}, that player may demand a redeal with all "
                  "antes returned", when=when)
    return tr("if a player's cards are seen by accident {when}, that player may demand a redeal", when=when)


def deliberate_look(p: "Profile") -> str:
    if p.disputes.deliberate_look == "continue":
        return tr("a player who deliberately looks at another's cards plays on")
    if p.format.betting:
        return tr("a player who deliberately looks at another's cards must fold, their bets staying in the pot")
    return tr("a player who deliberately looks at another's cards must fold")


def void_deal(p: "Profile") -> str:
    if not p.disputes.void_deal:
        return "a deal is never declared void: only an exposure's redeal deals it again"
    if p.format.betting:
        return ("a deal may be declared void for any cause, such as a malfunction, before it is settled: "
                "every stake of it is returned and the same dealer deals again")
    return "a deal may be declared void for any cause before it is settled, and the same dealer deals again"


def self_exposure(p: "Profile") -> str:
    d = p.disputes
    what = "a player who deliberately shows their own cards to the table"
    if d.self_exposure == "fold":
        return f"{what} must fold at once" + (", their bets staying in the pot" if p.format.betting else "")
    if d.self_exposure == "fine":
        fine = f" of {money_text(d.self_exposure_fine)}" if d.self_exposure_fine is not None else ""
        return f"{what} pays a fine{fine} into the pot and plays on"
    if d.self_exposure == "out":
        return f"{what} folds at once and is out of the session"
    return f"{what} plays on without penalty"


def self_exposure_fine(p: "Profile") -> str:
    fine = p.disputes.self_exposure_fine
    if fine is None:
        return "there is no fine for showing one's own cards"
    return f"the fine for showing one's own cards on purpose is {money_text(fine)}, paid into the pot"


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


def _betting(p: "Profile") -> bool:
    """Whether the disputes' fields are in play: only where there is betting, for without it the engine
    refuses every peek, exposure, redeal, void deal and flash (nothing is at stake to protect).

    >>> from bragrules.profile import load_profile
    >>> _betting(load_profile("standard")), _betting(load_profile("crash"))
    (True, False)
    """
    return p.format.betting


# ---------------------------------------------------------------------------
# The rulebook: special cases
# ---------------------------------------------------------------------------


def disputes_section(p: "Profile") -> Optional[Section]:
    disputes = p.disputes
    sec = Section("disputes", tr("Special cases"))
    betting = p.format.betting
    if not betting:  # the engine refuses every one of them: nothing is at stake
        sec.bullets([tr("There is no betting, so nothing is at stake while the cards are in play: a look at "
                        "another player's cards, an exposed card, a redeal, a void deal and showing one's own "
                        "cards on purpose do not arise, and are refused.")])
        return sec
    items = [sentence(exposure_before_betting(p))]
    if betting:
        items.append(sentence(EXPOSURE_AFTER_BETTING.sentence(p)))
    items.append(sentence(deliberate_look(p)))
    if betting and disputes.deliberate_look == "fold":
        items.append(tr("The fold is at once, out of turn; the turn stays with the player whose turn it was."))
    if betting and "redeal" in (disputes.exposure_before_betting, disputes.exposure_after_betting):
        items.append(tr("A redeal returns every stake; a carried pot and kept hands stay as they were, and the "
                        "same dealer deals again from a shuffled pack. It does not count as a deal."))
    if disputes.void_deal:
        items.append(sentence(void_deal(p)) + " It does not count as a deal.")
    if disputes.self_exposure != "no_penalty":
        items.append(sentence(self_exposure(p)))
    if betting:
        items.append(tr(
            "A see must be paid at the right amount: a wrong amount is corrected before any card "
            "is turned over, and a see is binding once the money is in the pot."
        ))
    sec.bullets(items)
    return sec


TEXT = AreaText(
    key="disputes",
    name="disputes",
    title="Disputes",
    fields=(
        FieldText("disputes.exposure_before_betting", lambda p: p.disputes.exposure_before_betting,
                  exposure_before_betting, {"redeal": "000", "continue": "house rule"},
                  in_play=lambda p: _betting(p) and not live_kind(p)),  # a live forced bet: the betting has begun
        EXPOSURE_AFTER_BETTING,
        FieldText("disputes.deliberate_look", lambda p: p.disputes.deliberate_look, deliberate_look,
                  {"fold": "000", "continue": "house rule"}, in_play=_betting),
        FieldText("disputes.void_deal", lambda p: p.disputes.void_deal, void_deal,
                  {"true": "Teen Patti (mega888.com.ph/game-list/teen-patti-joker-jili): \"Malfunction "
                           "voids all pays and plays\"", "false": "000, 002, 003"},
                  choices={True: "a deal may be declared void for any cause, every stake returned",
                           False: "a deal is never declared void: only an exposure's redeal deals it again"},
                  in_play=_betting, later=True),
        FieldText("disputes.self_exposure", lambda p: p.disputes.self_exposure, self_exposure,
                  {"out": "oppa88888888.com/en/post/brag: showing your own cards to the table \"gets a "
                          "player thrown out\"",
                   "fold": "3pattimaster.com's exposed-card rules (a house's choice among its options)",
                   "fine": "3pattimaster.com's exposed-card rules (a house's choice among its options)",
                   "no_penalty": "000, 002, 003 (no rule)"},
                  in_play=_betting, later=True),
        FieldText("disputes.self_exposure_fine", lambda p: p.disputes.self_exposure_fine, self_exposure_fine,
                  {"*": "house rule (the pages name no amount)"},
                  in_play=lambda p: _betting(p) and p.disputes.self_exposure == "fine", later=True),
    ),
    sections=((100, disputes_section),),
)
