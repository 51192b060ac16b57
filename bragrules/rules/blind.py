"""The blind area: playing without looking, when a blind player may look, retention.

>>> from bragrules.profile.models import Profile
>>> ALLOWED.sentence(Profile())
'a player may play blind, betting without looking at their cards'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Dict, Literal, Optional, Tuple

from pydantic import Field

from bragrules.core.derived import departs
from bragrules.core.i18n import tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Section, choice
from bragrules.rules.hooks import AreaPolicy, Betting, Bettor, Refusal, refusal
from bragrules.rules.words import money_text, sentence, times_text

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
    max_blind_turns: Optional[int] = Field(
        None,
        ge=1,
        description="How many bets a player may make blind in a deal (Teen Patti: a player \"may stay "
        "blind only a limited number of turns, then must see the cards\"). After that many blind bets "
        "the player must look before betting or seeing again; folding stays open. `null`: no limit.",
    )
    look_fee: Literal["none", "stake"] = Field(
        "none",
        description="What a blind player pays to look at their cards, into the pot (no bet: the level, the raises "
        "and the player's bets stay as they were). `none`: looking is free; `stake`: it costs the current stake, "
        "what a blind bet at the current level pays (before anybody bets, the blind rate of the least opening "
        "bet), as 3pattimaster.com's \"Teen Patti blind meaning\" has it: \"A blind player can choose to 'see' "
        "later in the same hand by paying an equivalent to the current stake to look at their cards\". A player "
        "who cannot pay it may not look (and may still fold or bet blind).",
    )


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """A look fee the rest of the profile cannot charge: (message, the fields in conflict), or None."""
    if p.blind.look_fee != "none" and not (p.blind.allowed and p.format.betting):
        return "a fee to look needs blind play and betting", ("blind.look_fee", "blind.allowed", "format.betting")
    return None


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

ALLOWED_RULE = field_rule("blind.allowed")
LOOK_RULE = field_rule("blind.look")
RETENTION_RULE = field_rule("blind.retention")
RETAIN_DEFAULT_RULE = field_rule("blind.retain_default")
RETAIN_OF_TWO_RULE = field_rule("blind.retain_of_two")
MAX_BLIND_TURNS_RULE = field_rule("blind.max_blind_turns")
LOOK_FEE_RULE = field_rule("blind.look_fee")
_STAKED = ("bet", "see")  # what a player who must look may not do blind


UNREAD_BY_REFUSAL: Dict[str, str] = {
    "allowed": "whether one may play blind: a player who may not is seen, and refusal asks only of the blind",
    "look_any_time": "when a look is allowed, which the looking phase decides",
    "retention": "a survivor's unseen hand, settled after the betting",
    "retain_by_default": "what a history that does not say is read as",
    "retain_of_two": "which of two unseen hands a survivor keeps",
    "look_fee_stake": "what a look costs, which the looking phase charges",
}
"""The fields of :class:`BlindPolicy` its :meth:`~BlindPolicy.refusal` never reads, each with why; any
other field moved from the default profile's makes the engine ask it."""


@lru_cache(maxsize=1)
def _plain() -> "BlindPolicy":
    """Blind play as the default profile has it."""
    from bragrules.profile.models import Profile

    return BlindPolicy.compile(Profile())


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
    max_blind_turns: Optional[int] = None
    """How many bets a player may make blind in a deal (``blind.max_blind_turns``), or None."""
    look_fee_stake: bool = False
    """A look costs the current stake, paid into the pot (``blind.look_fee: stake``)."""

    @classmethod
    def compile(cls, p: "Profile") -> "BlindPolicy":
        blind = p.blind
        return cls(blind.allowed, blind.look == "any_time", blind.retention, blind.retain_default == "retain",
                   blind.retain_of_two, blind.max_blind_turns, blind.look_fee == "stake")

    @property
    def asks_refusal(self) -> bool:
        """Whether :meth:`refusal` may refuse anything: derived, not listed, from every field but those it
        never reads (:data:`UNREAD_BY_REFUSAL`) being as the default profile has them (no limit on blind bets).

        >>> from bragrules.profile.models import Profile
        >>> BlindPolicy.compile(Profile.model_validate({"blind": {"look": "any_time"}})).asks_refusal
        False
        >>> BlindPolicy.compile(Profile.model_validate({"blind": {"max_blind_turns": 2}})).asks_refusal
        True
        """
        return departs(self, _plain(), UNREAD_BY_REFUSAL)

    def refusal(self, betting: Betting, bettor: Bettor, kind: str) -> Optional[Refusal]:
        """A blind player who has made ``max_blind_turns`` blind bets must look before staking again.

        >>> from types import SimpleNamespace as record
        >>> policy = BlindPolicy(True, False, False, True, "choice", max_blind_turns=2)
        >>> player = record(name="B", seen=False, blind_bets=2, stack_u=None)
        >>> policy.refusal(record(), player, "bet").message
        'B has made 2 blind bets, the most this profile allows: look at the cards, or fold'
        >>> policy.refusal(record(), player, "look") is None, policy.refusal(record(), player, "fold") is None
        (True, True)
        """
        limit = self.max_blind_turns
        if limit is None or kind not in _STAKED or bettor.seen or bettor.blind_bets < limit:
            return None
        if limit == 1:
            return refusal(MAX_BLIND_TURNS_RULE, "{player} has made {n} blind bet, the most this profile allows: look "
                                                 "at the cards, or fold", player=bettor.name, n=limit)
        return refusal(MAX_BLIND_TURNS_RULE, "{player} has made {n} blind bets, the most this profile allows: look at "
                                             "the cards, or fold", player=bettor.name, n=limit)

    def consulted(self, betting: Betting, bettor: Bettor, kind: str) -> Tuple[Rule, ...]:
        return (MAX_BLIND_TURNS_RULE,) if self.max_blind_turns is not None and kind in _STAKED and not bettor.seen \
            else ()


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def _blind_betting(p: "Profile") -> bool:
    return p.blind.allowed and p.format.betting


def _retaining(p: "Profile") -> bool:
    return p.blind.allowed and p.format.betting and p.blind.retention


PAGE_3PATTI_BLIND = "3pattimaster.com, \"Teen Patti blind meaning\" (https://www.3pattimaster.com/blog/teen-patti-blind-meaning-how-it-works)"

LOOK_FEE = choice(
    "blind.look_fee",
    lambda p: p.blind.look_fee,
    {"none": "looking at one's cards is free",
     "stake": "a blind player pays the current stake into the pot to look at their cards (what a blind bet at the "
              "current level pays; before anybody bets, the blind rate of the least opening bet)"},
    {"none": "000, 002, 003", "stake": PAGE_3PATTI_BLIND},
    in_play=_blind_betting, later=True,
)


def max_blind_turns(p: "Profile") -> str:
    """What ``blind.max_blind_turns`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> max_blind_turns(Profile.model_validate({"blind": {"max_blind_turns": 3}}))
    'a player may bet blind at most three times in a deal, then must look at the cards before betting or seeing again'
    >>> max_blind_turns(Profile())
    'a player may stay blind as long as they like'
    """
    limit = p.blind.max_blind_turns
    if limit is None:
        return tr("a player may stay blind as long as they like")
    return tr("a player may bet blind at most {times} in a deal, then must look at the cards before betting "
              "or seeing again", times=times_text(limit))


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
    from bragrules.rules import folding, stakes_text

    if not p.format.betting:
        return None
    sec = Section("blind", tr("Blind play"))
    if not p.blind.allowed:
        sec.para(tr(
            "Blind play is not allowed: everyone looks at their cards as soon as they are dealt, "
            "and every payment is at the seen rate."
        ))
        return sec
    sec.para(
        tr("A player may play blind, leaving their cards face down and unseen while they bet."),
        sentence(stakes_text.blind_rate(p)),
        sentence(LOOK.sentence(p)),
        tr("From the moment they look they are seen for the rest of the deal, pay the seen rate, "
           "and cannot become blind again with that hand."),
    )
    if p.blind.look == "own_turn":
        sec.para(tr("Blind cards stay untouched: nobody inspects their own cards out of turn."))
    if p.blind.max_blind_turns is not None:
        sec.para(sentence(max_blind_turns(p)))
    if p.blind.look_fee != "none":
        sec.para(sentence(LOOK_FEE.sentence(p)))
    if p.blind.retention:
        sub = Section("retention", tr("Keeping a blind hand"))
        ante = money_text(p.stakes.ante)
        sub.para(
            sentence(folding.BLIND_SURVIVOR.sentence(p)),
            tr("The blind player may keep their unseen hand for that deal, or let it go under the pack: "
               "it is their choice."),
            sentence(RETAIN_DEFAULT.sentence(p)),
        )
        sub.bullets(
            [
                tr("Everyone antes {ante} again and receives a new hand, so the player who kept a "
                   "hand holds two for the moment.", ante=ante),
                tr("They may look at one of the two, old or new, or at neither."),
                tr("Having looked at one, they must at once either keep it and discard the other "
                   "unseen, or discard it and keep the other blind. Only then may they look at the "
                   "remaining hand. Nobody may inspect both and choose the better."),
                tr("Holding two blind hands costs one blind payment, not two."),
                tr("Before a see, a single hand is chosen by the same look, keep-or-discard process, "
                   "before the opponent's cards are shown."),
                tr("If everyone folds again while both hands are unseen, only one unseen hand is kept "
                   "for the next deal: nobody ever holds three.") + " " + sentence(RETAIN_OF_TWO.sentence(p)),
            ]
        )
        sec.subsections.append(sub)
    return sec


TEXT = AreaText(
    key="blind",
    name="blind play",
    title="Blind play",
    fields=(ALLOWED, LOOK, RETENTION, RETAIN_DEFAULT, RETAIN_OF_TWO,
            FieldText("blind.max_blind_turns", lambda p: p.blind.max_blind_turns, max_blind_turns,
                      {"null": "000, 002, 003", "*": "house rule: Teen Patti's limit on blind turns (dev.to Teen Patti Gold, mega888.com.ph)"},
                      in_play=_blind_betting, later=True),
            LOOK_FEE),
    sections=((40, blind_section),),
)
