"""The stakes area: the ante, betting levels, the opening bet, the raise cap, checking: its part of
the profile (:class:`Stakes`) and its compiled policy (:class:`StakesPolicy`); its words are
:mod:`bragrules.rules.stakes_text`.

>>> from bragrules.profile.models import Profile
>>> StakesPolicy.compile(Profile.model_validate({"stakes": {"max_bet": 8}})).open_ended
False
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Literal, Optional

from pydantic import Field, WithJsonSchema, model_validator

from bragrules.core.derived import departs
from bragrules.core.i18n import Message, tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import (
    NOT_NEGATIVE,
    POSITIVE,
    Area,
    Money,
    _refuse_below,
    _share_schema,
)
from bragrules.rules.fixed import AT_LEAST_LEVEL
from bragrules.rules.forced_bets import ForcedBets
from bragrules.rules.hooks import AreaPolicy, Betting, Bettor, Bound, ForcedShow, PutOut
from bragrules.rules.raise_cap import WHOLE_MULTIPLES_RULE, RaisePolicy
from bragrules.rules.words import money_text

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

FORMER_NAMES: Dict[str, str] = {"stakes.raises_stop_at": "stakes.pot_cap"}
"""Fields renamed after profiles and logs used them: the new path and the former one. The former
name is still read (a profile file gets a warning), and a profile's hash is taken with the former
name, so that a log written before the rename audits with the hash it recorded."""


class RaiseLimit(Area):
    """How far one bet may raise the level."""

    kind: Literal["none", "max_increase", "fixed", "pot", "multiple"] = Field(
        "none",
        description="How far one bet may raise the level. `none`: any raise; `max_increase`: each raise adds "
        "at most `amount` (003's fixed limit, \"固定限注\", is such a cap on each raise); `fixed`: each "
        "raise adds exactly `amount`; `pot`: each raise adds at most the pot as it stands before "
        "the bet (003's pot limit, \"底池限注\"); `multiple`: a bet sets the level at most `factor` times "
        "the current level, Teen Patti's chaal limit (\"A blind player can chaal by placing a bet that "
        "is equal to the current stake or up to twice the current stake ... A seen player ... twice the "
        "current stake or up to four times the current stake\", "
        "https://teenpatti-helpdesk.dynamicnext.com/support/solutions/articles/4000198313-how-to-play; "
        "\"The maximum value of a Chaal cannot be more than two times (2x) the value of a previous Chaal\", "
        "http://teenpatti.gamentio.com/pl/howtoplay): in seen-equivalent levels both say factor 2.",
    )
    amount: Optional[Money] = Field(
        None, description="The increase for `max_increase` and `fixed` (required and positive there); unused for "
        "`none` and `pot`."
    )
    pot_opening: Literal["capped", "free"] = Field(
        "capped",
        description="Pot limit only: whether the opening bet of a deal is capped by the pot too. `capped`: "
        "every bet is at most the pot, the opening included (its level at most the pot as it "
        "stands before the bet, never below `stakes.opening_min`, nor above "
        "`stakes.opening_max`); `free`: only raises are capped, as 003's words have it, "
        "\"加注最多为底池大小\" (a raise is at most the pot).",
    )
    pot_measure: Literal["before_bet", "after_call"] = Field(
        "before_bet",
        description="Pot limit only: when the pot a raise is measured against is counted. 003 says only "
        "\"加注最多为底池大小\" (a raise is at most the size of the pot), not when. `before_bet`: the pot "
        "as it stands before the raiser pays anything; `after_call`: the pot as it would stand once the "
        "raiser had called, poker's reading of pot limit: the raise adds at most the pot plus what the "
        "raiser pays to call at their own rate (a blind raiser's call is `stakes.blind_rate` of the level). "
        "An opening bet has nothing to call, so both read the same there.",
    )

    factor: Optional[
        Annotated[Money, _refuse_below("above_zero", "factor must be above 1"), POSITIVE]
    ] = Field(
        None,
        description="`multiple` only (required there, above 1): the most times the current level a bet may "
        "set, so a blind player's payment too is at most that many times the blind stake (Teen Patti: 2, "
        "\"a blind 1x to 2x, a seen player 2x to 4x\" of a blind's stake, "
        "https://blizzconsweepstakes.com/blind-and-seen-players/). The opening bet is not a raise: "
        "`stakes.opening_min` and `stakes.opening_max` bound it. `null` for every other kind.",
    )
    whole_multiples: bool = Field(
        False,
        description="Whether a raise may set the level only to a whole multiple of the current level (2x, "
        "3x, ...), a bet at the level being always allowed: \"The chaal wager must be at least equal to the "
        "previous bet (initially, the blind) or increase it by a multiple of two (2X, 4X, 6X, etc.)\" "
        "(https://casinoonline.net.in/india-games/teen-patti/). With `kind: multiple` and `factor: 2` "
        "a bet is then exactly 1x or 2x the stake, the page's \"Chaal 2x\" button. The page's even "
        "multiples (2x, 4x, 6x but not 3x) are not one range with one step, so they are read as whole "
        "multiples. Not with `kind: fixed` (which has its own step).",
    )

    @model_validator(mode="after")
    def _amount(self) -> "RaiseLimit":
        if self.kind == "multiple":
            if self.factor is None or self.factor <= 1:
                raise ValueError("a multiple raise limit needs a factor above 1")
        elif self.factor is not None:
            raise ValueError(f"factor {self.factor} is for kind: multiple, but the raise limit is {self.kind}: "
                             "set kind: multiple, or leave factor out")
        if self.whole_multiples and self.kind == "fixed":
            raise ValueError("whole_multiples does not go with a fixed raise, which adds exactly its amount")
        if self.kind in ("max_increase", "fixed"):
            if self.amount is None or self.amount <= 0:
                raise ValueError(f"a {self.kind} raise limit needs a positive amount")
        if self.pot_measure != "before_bet" and self.kind != "pot":
            raise ValueError(
                f"pot_measure {self.pot_measure} says when the pot of a pot limit is counted, but the raise "
                f"limit is {self.kind}: set kind: pot, or leave pot_measure out"
            )
        return self


class Stakes(Area):
    """The ante and the betting level.

    Betting levels are expressed in seen-equivalent units: a seen player pays
    the level, a blind player `stakes.blind_rate` of it. At every turn a player
    pays a fresh full amount, not a difference from earlier contributions
    (002). The number of betting circuits is unlimited, and matched payments
    never end the betting by themselves (000, 002, 003).
    """

    ante: Annotated[Money, _refuse_below("zero", "ante cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(1),
        description="Paid by every player into the pot for each fresh deal, including a deal whose pot was "
        "carried.",
    )
    blind_rate: Annotated[
        Money,
        _refuse_below("above_zero", "blind_rate must be above 0 and at most 1", at_most=Fraction(1)),
        WithJsonSchema(_share_schema()),
    ] = Field(
        Fraction(1, 2),
        description="The share of the seen level a blind player pays.",
    )
    level_step: Annotated[Money, _refuse_below("above_zero", "level_step must be positive"), POSITIVE] = Field(
        Fraction(1),
        description="Levels are whole multiples of this amount, in seen-equivalent units.",
    )
    opening_min: Annotated[
        Money, _refuse_below("above_zero", "opening_min must be positive"), POSITIVE
    ] = Field(Fraction(1), description="Lowest opening level (seen-equivalent); a whole multiple of `stakes.level_step`.")
    opening_max: Optional[
        Annotated[Money, _refuse_below("above_zero", "opening_max must be positive"), POSITIVE]
    ] = Field(
        None, description="Highest opening level (seen-equivalent); at least `stakes.opening_min` and a whole "
        "multiple of `stakes.level_step`. `null`: no maximum."
    )
    raise_limit: RaiseLimit = Field(default_factory=RaiseLimit, description="The raise cap.")
    check: Literal["never", "before_first_bet"] = Field(
        "never",
        description="Whether a player may pass without betting. `never`: every turn is a bet, a see or a "
        "fold; `before_first_bet`: a player may pass while nobody has bet, and if everyone passes "
        "the pot carries (000: no check \"unless a house rule permits it\").",
    )
    raises_stop_at: Optional[
        Annotated[Money, _refuse_below("above_zero", "raises_stop_at must be positive"), POSITIVE]
    ] = Field(
        None,
        description="The pot at which raising stops; not a limit on the pot, which goes on growing. Once "
        "the pot, as it stands before a bet, has reached this amount, nobody may raise: a bet is made at "
        "the current level (a blind player paying `stakes.blind_rate` of it, as always), an opening bet "
        "at `stakes.opening_min`, and players may see and fold as before, so a hand still plays out. "
        "The bet that takes the pot to or past this amount stands, and every bet after it adds to the "
        "pot as usual (raising stopped at 200 may end in a pot of 700). `null`: raising never stops. "
        "Formerly `stakes.pot_cap`, a name still read (with a warning) in profiles and logs.",
    )

    max_stake: Optional[
        Annotated[Money, _refuse_below("above_zero", "max_stake must be positive"), POSITIVE]
    ] = Field(
        None,
        description="The highest stake: no bet may set the level above this amount (seen-equivalent, so a "
        "blind player pays at most `stakes.blind_rate` of it), the opening included. Once the level has "
        "reached it nobody may raise, only bet at the level, see or fold. Teen Patti's chaal limit "
        "(\"past 128x the boot nobody may raise, only call\") and a pub's maximum bet (\"no "
        "single bet may exceed a set amount\"; for a cap on what one bet pays, blind or seen alike, see "
        "`stakes.max_bet`). A whole multiple of `stakes.level_step`, at least "
        "`stakes.opening_min`. `null`: no highest stake.",
    )

    forced: ForcedBets = Field(default_factory=ForcedBets, description="Forced bets by position and a rising ante.")
    max_bet: Optional[
        Annotated[Money, _refuse_below("above_zero", "max_bet must be positive"), POSITIVE]
    ] = Field(
        None,
        description="The most one bet may cost, whoever makes it: a single payment, blind or seen, is at most "
        "this amount (\"no single bet may exceed a set amount\", "
        "https://blog.ulifestyle.com.hk/blogger/hendriklee/2016/06/1-22/, "
        "http://www.onecybertech.com/products/flash/multiuser/Goldflower.htm). Unlike `stakes.max_stake`, "
        "which caps the level (so a blind player pays at most `stakes.blind_rate` of it), this caps what is "
        "paid: a blind player may bet at a level up to this amount divided by `stakes.blind_rate`. Where a "
        "blind player's bet set a level a seen player cannot match within it, the seen player may still bet "
        "at the level, and no higher. A see is not a bet and is not capped. At least `stakes.opening_min`. "
        "`null`: no maximum bet.",
    )
    pot_limit: Optional[
        Annotated[Money, _refuse_below("above_zero", "pot_limit must be positive"), POSITIVE]
    ] = Field(
        None,
        description="The pot at which the hands are shown: once a bet (or a fold after it) leaves the pot at "
        "or above this amount with two or more players in, the hands of all of them are shown and compared "
        "at once, the strongest taking the pot (equal best hands as `seeing.tie` says for several players). "
        "\"Every table of Teen Patti has a Pot Limit, which is the maximum amount that can be collected\" "
        "(https://gametionglobal.com/teenpatti.html), and the show is automatic when it is reached "
        "(https://jungleeteenpatti.com/Learn-TeenPatti.html, "
        "https://www.mega888.com.ph/game-list/teen-patti-joker-jili/). The bet that takes the pot to or past "
        "the limit stands whole (the pages do not cut it down). Unlike `stakes.raises_stop_at`, which only "
        "stops raising, this ends the deal. `null`: no pot limit.",
    )

    raised_out: bool = Field(
        False,
        description="Whether a player who only matched is out of the hand when the next bet raises: while "
        "three or more are in, a bet that raises the level puts out the player whose bet, the last one "
        "before it, matched the level without raising (folded, their stakes left in the pot). \"If "
        "though, a player chooses to match the existing bet, and the next player decides to raise the bet, "
        "the player that did not raise is out of the game. Play continues until only two players are left, "
        "the rest having either folded, or having been raised out of the game\" "
        "(http://www.users.globalnet.co.uk/~jamiec/brag.htm). With two in, nobody is raised out: they see. "
        "`false`: matching is always safe (000, 002, 003).",
    )

    @model_validator(mode="before")
    @classmethod
    def _former_names(cls, data: Any) -> Any:
        """A profile or a log written before a rename says the field's former name: read it as the new one."""
        if not isinstance(data, dict):
            return data
        for new, old in FORMER_NAMES.items():
            if not new.startswith("stakes."):
                continue
            former = old.rpartition(".")[2]
            if former not in data:
                continue
            name = new.rpartition(".")[2]
            if name in data:
                raise ValueError(f"{former} is the former name of {name}: write {name} only")
            data = {(name if key == former else key): value for key, value in data.items()}
        return data

    @model_validator(mode="after")
    def _ranges(self) -> "Stakes":
        if self.opening_max is not None and self.opening_max < self.opening_min:
            raise ValueError(tr("opening_max ({most}) is below opening_min ({least})", most=self.opening_max,
                                least=self.opening_min))
        if (self.opening_min / self.level_step).denominator != 1:
            raise ValueError(tr("opening_min must be a whole multiple of level_step"))
        if self.opening_max is not None and (self.opening_max / self.level_step).denominator != 1:
            raise ValueError(tr("opening_max must be a whole multiple of level_step"))
        if self.max_stake is not None:
            if (self.max_stake / self.level_step).denominator != 1:
                raise ValueError(tr("max_stake must be a whole multiple of level_step"))
            if self.max_stake < self.opening_min:
                raise ValueError(tr("max_stake ({most}) is below opening_min ({least}): no bet could be made",
                                    most=self.max_stake, least=self.opening_min))
        if self.max_bet is not None and self.max_bet < self.opening_min:
            raise ValueError(tr("max_bet ({most}) is below opening_min ({least}): a seen player could not open",
                                most=self.max_bet, least=self.opening_min))
        limit = self.raise_limit
        if limit.amount is not None and limit.kind == "fixed" and (limit.amount / self.level_step).denominator != 1:
            raise ValueError(
                f"a fixed raise of {limit.amount} (raise_limit) is no whole multiple of level_step "
                f"({self.level_step}), so no raise could be made"
            )
        if limit.amount is not None and limit.kind == "max_increase" and limit.amount < self.level_step:
            raise ValueError(
                f"a max_increase of {limit.amount} (raise_limit) is below level_step ({self.level_step}), "
                "so no raise could be made"
            )
        return self

# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


def raise_policy(p: "Profile") -> RaisePolicy:
    """The raise cap as the stakes' policy asks it (``rules.stakes.raises``)."""
    limit = p.stakes.raise_limit
    return RaisePolicy(limit.kind, limit.amount, p.stakes.raises_stop_at,
                       after_call=limit.kind == "pot" and limit.pot_measure == "after_call",
                       factor=limit.factor, whole=limit.whole_multiples)


# Each stakes rule's identity, as the engine, the audit and arbitrate cite it.
ANTE_RULE = field_rule("stakes.ante")
BLIND_RATE_RULE = field_rule("stakes.blind_rate")
LEVEL_STEP_RULE = field_rule("stakes.level_step")
OPENING_MIN_RULE = field_rule("stakes.opening_min")
OPENING_MAX_RULE = field_rule("stakes.opening_max")
POT_OPENING_RULE = field_rule("stakes.raise_limit.pot_opening")
CHECK_RULE = field_rule("stakes.check")
RAISES_STOP_AT_RULE = field_rule("stakes.raises_stop_at")
MAX_STAKE_RULE = field_rule("stakes.max_stake")
MAX_BET_RULE = field_rule("stakes.max_bet")
POT_LIMIT_RULE = field_rule("stakes.pot_limit")
RAISED_OUT_RULE = field_rule("stakes.raised_out")


NO_BOUND_ONCE_A_LEVEL_IS_SET: Dict[str, str] = {
    "ante": "paid before the betting",
    "blind_rate": "what a blind player pays of a level, not which levels a bet may set",
    "level_step": "the grid of the levels, checked before the bounds (the fast path offers its steps)",
    "opening_min": "bounds the opening bet only",
    "opening_max": "bounds the opening bet only",
    "pot_opening_capped": "bounds the opening bet only",
    "check_allowed": "a pass while nobody has bet",
    "pot_limit": "ends the betting after a bet (forced_show), bounds no bet",
    "raised_out": "puts a player out after a raise (put_out), bounds no bet",
    "open_ended": "the fast path's own flag",
}
"""The fields of :class:`StakesPolicy` that bound no bet once a level is set, each with why: the only
fields :attr:`StakesPolicy.open_ended` may leave aside. Every other field, one added later included,
turns the fast path off when it is not as the default profile has it."""


@lru_cache(maxsize=1)
def _plain() -> "StakesPolicy":
    """The stakes of the default profile: no raise limit, no stop, no highest stake, no maximum bet."""
    from bragrules.profile.models import Profile

    return StakesPolicy._made(Profile())


class StakesPolicy(AreaPolicy):
    """The stakes as the engine asks them: what a turn costs, and the bounds on a bet's level.

    Amounts are the profile's; :meth:`level_bounds` answers in a deal's integer
    units (:mod:`bragrules.engine.units`).

    >>> from bragrules.profile.models import Profile
    >>> policy = StakesPolicy.compile(Profile())
    >>> policy.payment(Fraction(4), blind=True), policy.level_for(Fraction(2), blind=True)
    (Fraction(2, 1), Fraction(4, 1))
    """

    __slots__ = ("ante", "blind_rate", "level_step", "opening_min", "opening_max", "raises", "check_allowed",
                 "pot_opening_capped", "max_stake", "open_ended", "max_bet", "pot_limit", "raised_out")

    def __init__(self, ante: Fraction, blind_rate: Fraction, level_step: Fraction, opening_min: Fraction,
                 opening_max: Optional[Fraction], raises: RaisePolicy, check_allowed: bool,
                 pot_opening_capped: bool, max_stake: Optional[Fraction] = None,
                 max_bet: Optional[Fraction] = None, pot_limit: Optional[Fraction] = None,
                 raised_out: bool = False) -> None:
        self.ante = ante
        self.blind_rate = blind_rate
        self.level_step = level_step
        self.opening_min = opening_min
        self.opening_max = opening_max
        self.raises = raises
        self.check_allowed = check_allowed
        """``stakes.check: before_first_bet``: a player may pass while nobody has bet."""
        self.pot_opening_capped = pot_opening_capped
        """Pot limit: the opening bet is at most the pot too (``stakes.raise_limit.pot_opening``)."""
        self.max_stake = max_stake
        """The highest level a bet may set (``stakes.max_stake``), or None."""
        self.max_bet = max_bet
        """The most one payment may be (``stakes.max_bet``), or None."""
        self.pot_limit = pot_limit
        """The pot at which everyone still in shows (``stakes.pot_limit``), or None."""
        self.raised_out = raised_out
        """A player who only matched is out when the next bet raises (``stakes.raised_out``)."""
        self.open_ended = False
        """Once a level is set, a bet may set any level at or above it: the bounds are then the level
        below and nothing above, and ``betting.bet_range`` and ``betting.level_paid`` skip
        :meth:`level_bounds` (``tests/test_fast_paths_betting.py`` holds that fast path to it). Derived
        by :meth:`compile` from the policy's own fields, never listed by hand: true only while every
        field but those of :data:`NO_BOUND_ONCE_A_LEVEL_IS_SET` is as the default profile has it (no
        raise limit, no stop, no highest stake, no maximum bet), so that a new field, a new bound,
        turns the fast path off. A policy made by hand takes the slow path."""

    @classmethod
    def compile(cls, p: "Profile") -> "StakesPolicy":
        """The stakes of ``p``, with :attr:`open_ended` derived from its fields.

        >>> from bragrules.profile.models import Profile
        >>> StakesPolicy.compile(Profile()).open_ended, StakesPolicy.compile(Profile.model_validate({"stakes": {"ante": 2}})).open_ended
        (True, True)
        >>> StakesPolicy.compile(Profile.model_validate({"stakes": {"max_bet": 10}})).open_ended
        False
        """
        policy = cls._made(p)
        policy.open_ended = not departs(policy, _plain(), NO_BOUND_ONCE_A_LEVEL_IS_SET)
        return policy

    @classmethod
    def _made(cls, p: "Profile") -> "StakesPolicy":
        stakes = p.stakes
        return cls(stakes.ante, stakes.blind_rate, stakes.level_step, stakes.opening_min, stakes.opening_max,
                   raise_policy(p), stakes.check == "before_first_bet",
                   stakes.raise_limit.pot_opening == "capped", stakes.max_stake, stakes.max_bet,
                   stakes.pot_limit, stakes.raised_out)

    def payment(self, level: Fraction, blind: bool) -> Fraction:
        """What a player pays at a turn for a level: the level seen, the blind rate of it blind."""
        return level * self.blind_rate if blind else level

    def level_for(self, paid: Fraction, blind: bool) -> Fraction:
        """The seen-equivalent level a payment stands for."""
        return paid / self.blind_rate if blind else paid

    def money_amounts(self) -> List[Fraction]:
        """Every amount the stakes can make a deal count (a deal's money unit divides them all)."""
        step, rate = self.level_step, self.blind_rate
        amounts = [self.ante, step, step * rate, self.opening_min]
        if self.opening_max is not None:
            amounts.append(self.opening_max)
        if self.raises.amount is not None:
            amounts += [self.raises.amount, self.raises.amount * rate]
        if self.max_stake is not None:
            amounts += [self.max_stake, self.max_stake * rate]
        if self.max_bet is not None:
            amounts += [self.max_bet, self.max_bet / rate]
        if self.pot_limit is not None:
            amounts.append(self.pot_limit)
        return amounts

    @property
    def answers_put_out(self) -> bool:
        """Only under ``stakes.raised_out`` can a raise put a player out."""
        return self.raised_out

    @property
    def answers_forced_show(self) -> bool:
        """Only under ``stakes.pot_limit`` does the pot force a showdown."""
        return self.pot_limit is not None

    def put_out(self, betting: Betting, raiser: str) -> Optional[PutOut]:
        """``stakes.raised_out``: the player who only matched before a raise is out, while three or more are in.

        >>> from bragrules.profile.models import Profile
        >>> policy = StakesPolicy.compile(Profile.model_validate({"stakes": {"raised_out": True}}))
        >>> class Record:
        ...     last_match, players_in = "B", 3
        >>> policy.put_out(Record(), "C").player
        'B'
        >>> Record.players_in = 2
        >>> policy.put_out(Record(), "C") is None
        True
        """
        matched = betting.last_match
        if not self.raised_out or matched is None or matched == raiser or betting.players_in < 3:
            return None
        return PutOut(matched, RAISED_OUT_RULE, f"{matched} only matched and {raiser} raised: {matched} is out")

    def forced_show(self, betting: Betting, units: Any) -> Optional[ForcedShow]:
        """``stakes.pot_limit``: the pot has reached the limit, so everyone still in shows.

        >>> from bragrules.profile.models import Profile
        >>> from bragrules.engine.units import Units
        >>> policy = StakesPolicy.compile(Profile.model_validate({"stakes": {"pot_limit": 20}}))
        >>> class Record:
        ...     pot_u, level_u, raises_made, bets_at_level, players_in, players_able = 20, 2, 0, 0, 3, 3
        >>> policy.forced_show(Record(), Units(policy, Fraction(2), {}, 1)).rule
        'stakes.pot_limit'
        """
        limit = self.pot_limit
        if limit is None or betting.level_u is None or betting.pot_u < units.to_units_exact(limit):
            return None
        return ForcedShow(POT_LIMIT_RULE, f"the pot has reached its limit of {money_text(limit)}: "
                                          "everyone still in shows")

    def level_bounds(self, betting: Betting, bettor: Bettor, units: Any) -> List[Bound]:
        """The bounds on the level a bet may set now, in the order a refused bet is told which it breaks.

        ``units`` is the deal's :class:`~bragrules.engine.units.Units`. The
        engine offers their intersection and refuses a level by the first bound
        it breaks (worded by :meth:`refusal_words`), so what is offered and what
        is refused come from these alone. A level below the least or above the
        most of a bound breaks that bound whatever the grid of
        ``stakes.level_step``, which is checked next (before a bound's own
        steps); a stack (a finite bankroll) narrows the payment before them all.
        A bound's ``why`` names its words.
        """
        raises = self.raises
        level = betting.level_u
        pot = betting.pot_u
        capped = raises.pot_cap is not None and raises.capped(pot, units.denominator)
        if level is None:
            least = units.opening_min
            bounds = [Bound(OPENING_MIN_RULE, least, None, None, "opening_min")]
            if raises.pot_cap is not None:  # consulted whenever set; it bites once the pot has reached it
                bounds.append(Bound(RAISES_STOP_AT_RULE, None, least if capped else None, None, "stopped_opening"))
            # consulted even without a maximum (the rule then says the opening has none)
            bounds.append(Bound(OPENING_MAX_RULE, None, units.opening_max, None, "opening_max"))
            if raises.kind == "pot" and self.pot_opening_capped:
                bounds.append(Bound(POT_OPENING_RULE, None, max(least, pot - pot % units.step), None, "pot_opening"))
        else:
            bounds = [Bound(AT_LEAST_LEVEL, level, None, None, "below_level")]
            if raises.pot_cap is not None:
                bounds.append(Bound(RAISES_STOP_AT_RULE, None, level if capped else None, None, "stopped_raise"))
            # the raise limit is consulted for every raise, "no limit" included
            kind = raises.kind
            if kind == "none" and not capped:
                bounds.append(Bound(raises.rule, None, None, None, "raise_limit"))
            else:
                call = units.payment(level, not bettor.seen) if raises.after_call else 0
                top = raises.max_level(level, pot, units.raise_amount, scale=units.denominator, call=call)
                step = units.raise_amount if kind == "fixed" else None
                bounds.append(Bound(raises.rule, level if step else None, top, step, "raise_limit"))
            if raises.whole and not capped:  # a raise only to a whole multiple of the level
                bounds.append(Bound(WHOLE_MULTIPLES_RULE, level, None, level, "whole_multiple"))
        if self.max_stake is not None:
            bounds.append(Bound(MAX_STAKE_RULE, None, units.to_units_exact(self.max_stake), None, "max_stake"))
        if self.max_bet is not None:
            most = units.to_units_exact(self.max_bet)
            if not bettor.seen:  # the highest level a blind payment of at most max_bet stands for
                most = most * units.rate_den // units.rate_num
            if level is not None and most < level:  # a seen player after a blind one: matching is always allowed
                most = level
            bounds.append(Bound(MAX_BET_RULE, None, most, None, "max_bet"))
        return bounds

    def refusal_words(self, bound: Bound, betting: Betting, bettor: Bettor, units: Any, amount: Fraction,
                      most: Optional[Fraction]) -> Message:
        """The sentence refusing a bet of ``amount`` that breaks ``bound`` (``most``: the most the player may
        pay now, which the raise limit's words quote), to be read in the reader's language."""
        rate = Message("blind") if not bettor.seen else Message("seen")
        blind = not bettor.seen
        pay = units.payment

        def money(amount_u: Optional[int]) -> Fraction:  # an amount for people: 5½, never 11/2
            assert amount_u is not None
            return Fraction(units.money(amount_u))

        why = bound.why
        if why == "opening_min":
            return Message("the opening level is at least {opening}: a {rate} player pays at least {least}, not {amount}",
                           opening=self.opening_min, rate=rate, least=money(pay(units.opening_min, blind)), amount=amount)
        if why == "stopped_opening":
            return Message("the pot has reached {cap}, where raising stops: the opening level is {opening}, a {rate} "
                           "player pays {price}, not {amount}", cap=self.raises.pot_cap, opening=self.opening_min,
                           rate=rate, price=money(pay(units.opening_min, blind)), amount=amount)
        if why == "opening_max":
            return Message("the opening level is at most {opening}: a {rate} player pays at most {most}, not {amount}",
                           opening=self.opening_max, rate=rate, most=money(pay(units.opening_max, blind)), amount=amount)
        if why == "pot_opening":
            assert bound.high is not None
            return Message("pot limit: the opening bet is at most the pot ({pot}): a {rate} player pays at most {most}, "
                           "not {amount}", pot=money(betting.pot_u), rate=rate, most=money(pay(bound.high, blind)),
                           amount=amount)
        level = betting.level_u
        assert level is not None or why in ("max_stake", "max_bet")
        if why == "below_level":  # a seen player is told what a blind one pays, the stake a seen one pays a multiple of
            if blind or self.blind_rate == 1:
                return Message("the level is {level}: a {rate} player pays at least {least}, not {amount}",
                               level=money(level), rate=rate, least=money(pay(level, blind)), amount=amount)
            return Message("the level is {level}, of which a blind player pays {share}: a {rate} player pays at least "
                           "{least}, not {amount}", level=money(level), share=money(pay(level, True)), rate=rate,
                           least=money(pay(level, blind)), amount=amount)
        if why == "stopped_raise":
            return Message("the pot has reached {cap}, where raising stops: no raise, a {rate} player pays {price} at "
                           "the level of {level}, sees or folds, not {amount}", cap=self.raises.pot_cap, rate=rate,
                           price=money(pay(level, blind)), level=money(level), amount=amount)
        if why == "max_stake":
            assert bound.high is not None
            return Message("the stake is at most {cap}: a {rate} player pays at most {most}, not {amount}",
                           cap=self.max_stake, rate=rate, most=money(pay(bound.high, blind)), amount=amount)
        if why == "max_bet":
            assert bound.high is not None
            return Message("no single bet may exceed {cap}: a {rate} player pays at most {most}, not {amount}",
                           cap=self.max_bet, rate=rate, most=money(pay(bound.high, blind)), amount=amount)
        if why == "whole_multiple":
            assert level is not None
            return Message("a raise sets the level only to a whole multiple of the level of {level} (a {rate} player "
                           "pays {once}, {twice}, ...), not {amount}", level=money(level), rate=rate,
                           once=money(pay(level, blind)), twice=money(pay(2 * level, blind)), amount=amount)
        return Message("{limit}: from level {level} a {rate} player may pay at most {most}, not {amount}",
                       limit=self.raises.words(), level=money(level), rate=rate, most=most, amount=amount)
