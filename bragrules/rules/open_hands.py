"""Open hands: cards of each hand dealt face up for the whole table to see (``format.open.face_up``, a stud
deal: "2 Cards Open", a door card), and a hand a player pays to play face up (``format.open.faceup``).

The rule lives here whole, beside the format (:mod:`bragrules.rules.format` holds only its field and the
policy's count): its part of the model (:class:`OpenHands`), its identity, its sentence, its rulebook
subsection and its field texts (:data:`FIELDS`, joined to the format area's). What a viewer sees of it
is the one rule of sight, :meth:`bragrules.engine.view.PlayerView.visible_cards`; a log writes the cards
dealt face up on the deal's line, and the audit holds them to the hands dealt.

The pages it comes from:

- adda52 (https://www.adda52.com/teen-patti/2-cards-open-in-teen-patti): "Each player is dealt three
  cards. Two cards are face-up, visible to everyone. One card remains face-down, hidden from all,
  including the player (if playing blind)"; "Seen/Blind option: Still available — players can choose
  to see or not see the hidden card".
- tarczehamulcowe, open Teen Patti (https://www.tarczehamulcowe.com/blog/open-teen-patti-rules-master-the-game-today):
  "Open-first: One card from each player is placed face-up immediately after the deal."
- 3pattimaster, open cards (https://www.3pattimaster.com/blog/teen-patti-open-cards-win-smart-with-simple-tips):
  "Each player gets three cards; 1 or 2 may be dealt face up"; "Showdowns consider the full three-card
  hand".

The pages disagree on how many: the count is the option.

Playing open by choice (Faceup), from 3pattimaster, open card rules
(https://www.3pattimaster.com/blog/open-card-rules-teen-patti-master-the-strategy): "some tables allow a
player to "open" their own cards (turn face-up) after paying a cost"; "A player who "opens" turns their
cards face-up. [...] Some tables require opening to pay an extra stake (often double the current bet) as
a deterrent to casual opens"; "When a player opens they are usually already "seen."" and 3pattimaster,
open Teen Patti (https://3pattimaster.com/blog/open-teen-patti-rules-clear-guide-for-players): "a player
may "play open" during their turn [...] their cards are turned face up for all to see; the hand
continues with public information in play". What it gains is what the table then knows: the pages name
no payout for it (teenpattimasterofficial.com: "revealing your hand can intimidate your opponents").
``X opens N``: X, seen, at their turn, bets N, the chaal or twice it as the profile says, and X's whole
hand lies face up from then on.

>>> from bragrules.profile.models import Profile
>>> stud = Profile.model_validate({"format": {"open": {"face_up": 2}}})
>>> face_up(stud)
'the first two cards of each hand are dealt face up, for everyone to see; the last one face down'
>>> face_up_of(stud, ("Kc", "9c", "4c")), face_up_of(Profile(), ("Kc", "9c", "4c"))
(('Kc', '9c'), ())
>>> check_open(stud) is None, check_open(Profile.model_validate({"format": {"open": {"face_up": 2}},
...                                                               "blind": {"retention": False}})) is None
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Sequence, Tuple, TypeVar

from pydantic import Field

from bragrules.core.i18n import tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, FieldText, Section, choice
from bragrules.rules.words import number_said, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

_ADDA = "adda52.com (2 Cards Open)"
_TARCZ = "tarczehamulcowe.com (open Teen Patti)"
_MASTER = "3pattimaster.com (open cards)"
_RULES = "3pattimaster.com (open card rules)"
_GUIDE = "3pattimaster.com (open Teen Patti guide)"

C = TypeVar("C")

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class OpenHands(Area):
    """Open hands: cards of each hand dealt face up."""

    face_up: int = Field(
        0,
        ge=0,
        le=15,
        description="How many of each player's cards are dealt face up, for everyone (spectators too) to see: "
        "the first ones dealt to each hand; the rest are dealt face down as usual, and a player still looks at "
        "them to play seen. `0`: every card face down. "
        f"{_ADDA}: \"Two cards are face-up, visible to everyone. One card remains face-down, hidden from all, "
        f"including the player (if playing blind)\"; {_TARCZ}: \"One card from each player is placed face-up "
        f"immediately after the deal\"; {_MASTER}: \"1 or 2 may be dealt face up\". At least one card stays "
        "face down; only in formats of one hand each, with betting, without an exchange or a discard before "
        "betting, and without a retained hand.",
    )
    faceup: Literal["not_allowed", "chaal", "double_chaal"] = Field(
        "not_allowed",
        description="Whether a player may play open (Faceup): at their turn a seen player turns their whole "
        "hand face up for everyone to see, paying for it with their bet (`X opens N`), and plays on open. "
        "`not_allowed`: nobody plays open; `chaal`: the bet is the chaal, the least a seen player may bet "
        "now; `double_chaal`: twice the chaal. "
        f"{_RULES}: \"some tables allow a player to \"open\" their own cards (turn face-up) after paying a "
        "cost\"; \"Some tables require opening to pay an extra stake (often double the current bet) as a "
        "deterrent to casual opens\"; \"When a player opens they are usually already \"seen.\"\" "
        f"{_GUIDE}: \"a player may \"play open\" during their turn [...] the hand continues with public "
        "information in play\". The pages name no payout for it. Only where cards may be dealt face up "
        "(`face_up`).",
    )


# ---------------------------------------------------------------------------
# The identity, the check across areas, the cards
# ---------------------------------------------------------------------------

FACE_UP_RULE = field_rule("format.open.face_up")
FACEUP_RULE = field_rule("format.open.faceup")
FACEUP_MULTIPLE = {"not_allowed": 0, "chaal": 1, "double_chaal": 2}
"""``format.open.faceup`` as the multiple of the chaal that playing open bets (0: nobody plays open)."""


def check_open(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """Why ``format.open.face_up`` cannot be played with the rest of the profile (None: it can): the
    message and the fields in conflict, as :class:`bragrules.profile.models.Profile` raises them."""
    up, opens = p.format.open.face_up, p.format.open.faceup != "not_allowed"
    if not up and not opens:
        return None
    fmt = p.format
    if up >= fmt.cards_dealt:
        return (f"{up} cards face up of {fmt.cards_dealt} dealt leaves none face down; "
                f"at most {fmt.cards_dealt - 1}", ("format.open.face_up", "format.cards_dealt"))
    if not fmt.betting or fmt.hands != 1 or fmt.exchange.enabled or fmt.discard_before_betting:
        field = "format.open.face_up" if up else "format.open.faceup"
        return ("cards face up need one hand each, betting, and neither an exchange nor a discard before "
                "betting", (field, "format.betting", "format.hands", "format.exchange.enabled",
                            "format.discard_before_betting"))
    if p.blind.retention:
        return ("a hand retained blind cannot have cards face up",
                ("format.open.face_up" if up else "format.open.faceup", "blind.retention"))
    return None


def face_up_of(p: "Profile", hand: Sequence[C]) -> Tuple[C, ...]:
    """The cards of ``hand`` dealt face up under ``p``: its first ``format.open.face_up``."""
    return tuple(hand[:p.format.open.face_up])


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def face_up(p: "Profile") -> str:
    """How many cards of each hand are dealt face up (``format.open.face_up``)."""
    up = p.format.open.face_up
    if not up:
        return tr("every card is dealt face down")
    down = p.format.cards_dealt - up
    last = tr("the last one") if down == 1 else tr("the last {count}", count=number_said(down))
    if up == 1:
        return tr("the first card of each hand is dealt face up, for everyone to see; {last} face down", last=last)
    return tr("the first {count} cards of each hand are dealt face up, for everyone to see; {last} face down",
              count=number_said(up), last=last)


FACEUP = choice(
    "format.open.faceup",
    lambda p: p.format.open.faceup,
    {"not_allowed": "nobody may play their hand open",
     "chaal": "a seen player may play open: at their turn they pay the chaal and turn their whole hand face up "
              "for everyone to see",
     "double_chaal": "a seen player may play open: at their turn they pay twice the chaal and turn their whole "
                     "hand face up for everyone to see"},
    {"not_allowed": "000, 002, 003", "chaal": f"house rule; {_RULES}; {_GUIDE}",
     "double_chaal": f"{_RULES} (\"often double the current bet\"); {_GUIDE}"},
    lambda p: _can_be_open(p),
    later=True,
)


def open_subsection(p: "Profile") -> Optional[Section]:
    """The format section's subsection on open hands (None when every card is dealt face down and nobody plays
    open)."""
    opened = p.format.open
    if not opened.face_up and opened.faceup == "not_allowed":
        return None
    sub = Section("open_hands", tr("Cards face up"))
    if opened.face_up:
        sub.para(sentence(face_up(p)),
                 tr("A player who has not looked at the face-down cards still plays blind; the hand that plays at "
                    "the see is the whole hand, face-up cards and face-down alike."))
    if opened.faceup != "not_allowed":
        sub.para(sentence(FACEUP.sentence(p)),
                 tr("The open hand stays face up to the end of the deal; the player bets, sees and folds as before."))
    return sub


def _can_be_open(p: "Profile") -> bool:
    fmt = p.format
    return fmt.betting and fmt.hands == 1 and not fmt.exchange.enabled and not fmt.discard_before_betting \
        and not p.blind.retention


FIELDS: Tuple[FieldText, ...] = (
    FieldText("format.open.face_up", lambda p: p.format.open.face_up, face_up,
              {"0": "000, 002, 003", "1": _TARCZ + "; " + _MASTER, "2": _ADDA + "; " + _MASTER, "*": "house rule"},
              _can_be_open, later=True),
    FACEUP,
)

__all__ = ["FACEUP", "FACEUP_MULTIPLE", "FACEUP_RULE", "FACE_UP_RULE", "FIELDS", "OpenHands", "check_open", "face_up", "face_up_of", "open_subsection"]
