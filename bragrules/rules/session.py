"""The session area: when a session ends, what players hold, bonuses.

>>> from bragrules.profile.models import Profile
>>> END_KIND.sentence(Profile())
'the session runs until the table stops'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Dict, List, Literal, Optional

from pydantic import Field, model_validator

from bragrules.core.i18n import N_, ntr, tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import (
    NOT_NEGATIVE,
    POSITIVE,
    Area,
    AreaText,
    FieldText,
    Money,
    Section,
    _refuse_below,
    choice,
)
from bragrules.rules.hooks import AreaPolicy, Refusal, refusal
from bragrules.rules.points import FIELDS as POINTS_FIELDS
from bragrules.rules.points import Points, PointsPolicy, rulebook_lines
from bragrules.rules.words import money_text, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


FLASH = "https://scribd.com/document/373977552/Flash"
SHAK5 = "https://shak5.com/rules.html"
FIKEWORKS = "http://poker.fikeworks.com/TourneyRules.htm"


class SessionEnd(Area):
    """When the session stops."""

    kind: Literal["resolved_pots", "hands", "rounds", "one_player_left", "time", "never"] = Field(
        "never",
        description="The stopping rule. `resolved_pots`: after `count` pots are won, carried deals not "
        "counting; `hands`: after `count` deals; `rounds`: after `count` full turns of the deal, a round "
        "being every player still in dealing once (000's \"a set number of rounds\"; with three players, "
        "two rounds are six deals), never with `table.rotation: fixed`; `one_player_left`: when one player "
        "holds every chip (finite bankroll only); `time`: after `minutes`; `never`: until the table stops. "
        "A pot carried at the end of the last deal, hand or round is played on until it is won.",
    )
    count: Optional[int] = Field(None, ge=1, description="The number for `resolved_pots`, `hands` and `rounds` "
                                 "(required there).")
    minutes: Optional[int] = Field(
        None, ge=1, le=10080, description="The time limit, for `kind: time`: the session ends with the first deal that finishes "
        "once this many minutes have passed since it began (a carried pot is played on until it "
        "is won), or, with `at_limit: abandon`, at the limit itself, mid-hand. The log records each "
        "deal's finishing time; the audit checks the end against them."
    )
    at_limit: Literal["finish_deal", "abandon"] = Field(
        "finish_deal",
        description="What the time limit does to the hand in progress (000: \"a time limit\", and \"the "
        "most chips when play stops\"). `finish_deal`: the hand is played out, and the session ends with "
        "it; `abandon`: play stops at the limit, in the middle of a hand: the hand in progress is "
        "abandoned, every stake of it returned (as for a redeal), and the session ends. A hand playing "
        "for a carried pot is still played out, so that nobody leaves money on the table. Needs "
        "`kind: time`.",
    )

    @model_validator(mode="after")
    def _count(self) -> "SessionEnd":
        if self.kind in ("resolved_pots", "hands", "rounds") and self.count is None:
            raise ValueError(f"session end {self.kind} needs a count")
        if self.kind == "time" and self.minutes is None:
            raise ValueError("session end time needs minutes")
        if self.at_limit != "finish_deal" and self.kind != "time":
            raise ValueError(
                f"at_limit {self.at_limit} says what the time limit does to the hand in progress, but the "
                f"session ends by {self.kind}, not by time: set kind: time and minutes, or leave at_limit out"
            )
        return self


class Bonus(Area):
    """Fixed payments for exceptional hands (003's variant)."""

    prial: Annotated[Money, _refuse_below("zero", "bonuses cannot be negative"), NOT_NEGATIVE] = Field(Fraction(0), description="Paid by every other player to a player with a prial (when: `session.bonus.when`).")
    running_flush: Annotated[Money, _refuse_below("zero", "bonuses cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0), description="Paid by every other player to a player with a running flush (when: "
        "`session.bonus.when`)."
    )
    when: Literal["shown", "dealt"] = Field(
        "shown",
        description="When a bonus is earned. `shown`: for a hand shown at a showdown; `dealt`: for a hand the "
        "player gets, declared as soon as its holder looks at it (or shows it), whatever happens "
        "to the deal after, in every deal it is held.",
    )
    needs_look: bool = Field(
        True,
        description="With `when: dealt`: whether a bonus hand earns only once its holder looks at it (or "
        "shows it). 003's \"拿到\" (gets) does not say. `true`: declared on looking, as `when: dealt` "
        "describes; `false`: every prial or running flush dealt earns, looked at or not (a hand folded "
        "blind, or left blind, too), settled with the deal whatever its end (a redeal excepted), once, in "
        "the deal it is dealt: a retained hand does not earn again. A hand nobody recorded earns nothing.",
    )

    @model_validator(mode="after")
    def _look(self) -> "Bonus":
        if not self.needs_look and self.when != "dealt":
            raise ValueError(
                "needs_look: false pays a bonus for every bonus hand dealt, looked at or not, but when is "
                f"{self.when}: set when: dealt, or leave needs_look out"
            )
        return self


class Session(Area):
    """Many deals: when they end, what players hold, who wins.

    The winner is the player with the highest net balance, exact ties shared
    (002), or with the most chips (000, 003).
    """

    end: SessionEnd = Field(default_factory=SessionEnd, description="Session end.")
    bankroll: Literal["unlimited", "finite"] = Field(
        "unlimited",
        description="What players hold. `unlimited`: accounting units, balances may go negative, no side "
        "pots; `finite`: each player starts with `session.starting_stack` chips.",
    )
    starting_stack: Money = Field(Fraction(0), description="Chips each player starts with; with a finite bankroll it must be positive and cover the "
        "ante.")
    covering: Literal["side_pot", "must_fold"] = Field(
        "side_pot",
        description="A player who cannot pay what a turn costs (finite bankroll only). `side_pot`: goes all "
        "in with what they have and a side pot is formed; `must_fold`: must fold.",
    )
    bonus: Bonus = Field(default_factory=Bonus, description="Bonuses.")
    points: Points = Field(default_factory=Points, description="Points toward a target (13-card Crash).")
    buy_in_min: Optional[Annotated[Money, _refuse_below("above_zero", "buy_in_min must be positive"), POSITIVE]] = Field(
        None,
        description="Finite bankroll: the least a player may bring to the table, and buy again with ("
        f"{FLASH}: \"A player brings between a minimum and a maximum amount to the table\"). Each player "
        "starts with `session.starting_stack` unless they buy in, before the first deal, for another amount "
        "between `buy_in_min` and `buy_in_max`. `null`: `session.starting_stack` is the only buy-in.",
    )
    buy_in_max: Optional[Annotated[Money, _refuse_below("above_zero", "buy_in_max must be positive"), POSITIVE]] = Field(
        None,
        description="Finite bankroll: the most a player may bring to the table, buy again with, or top up "
        "to. `null`: `session.starting_stack` is the most.",
    )
    rebuy: Literal["never", "when_out"] = Field(
        "never",
        description="Finite bankroll: whether a player who has lost every chip may buy in again, between "
        f"deals, for an amount within the buy-in range ({FLASH}: \"A player who runs out may buy in "
        f"again if everyone agrees\"; {SHAK5}: \"only allowed when you are out of chips\"). `never`: a "
        "player out of chips is out of the session; `when_out`: they may buy again, as often as they like.",
    )
    top_up: bool = Field(
        False,
        description="Finite bankroll: whether a player may add chips between deals, up to `buy_in_max` (or "
        f"`session.starting_stack`) in all ({FIKEWORKS}: \"the option to buy-in back up to the original "
        f"buy-in amount\"; {SHAK5}: \"No need to be out of chips for final add-on\").",
    )

    @model_validator(mode="after")
    def _bankroll(self) -> "Session":
        if self.bankroll == "finite" and self.starting_stack <= 0:
            raise ValueError("a finite bankroll needs a positive starting_stack")
        if self.end.kind == "one_player_left" and self.bankroll != "finite":
            raise ValueError("session end one_player_left needs a finite bankroll")
        if self.bankroll == "finite":
            low, high = self.buy_in_min, self.buy_in_max
            if low is not None and low > self.starting_stack:
                raise ValueError(f"buy_in_min ({low}) is above starting_stack ({self.starting_stack})")
            if high is not None and high < self.starting_stack:
                raise ValueError(f"buy_in_max ({high}) is below starting_stack ({self.starting_stack})")
        return self

# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EndPolicy:
    """When a session is over.

    ``minutes`` is the time limit of ``kind == "time"``: the session ends with
    the first deal that finishes once that many minutes have passed since it
    started (000: "a set number of rounds, a time limit, or until one player
    has all the chips"). A carried pot is never left on the table: the
    session plays on until it is won, as for ``hands``. Time is given in whole
    milliseconds since the start (what the log records), so play and the
    audit decide alike; ``None`` when the deal's finishing time is unknown.

    >>> EndPolicy("hands", 3).is_over(deals=3, resolved=2, players_with_chips=4, pot_carried=False)
    True
    >>> limit = EndPolicy("time", None, minutes=60)
    >>> limit.is_over(9, 9, 4, False, finished_ms=59 * 60_000 + 999)
    False
    >>> limit.is_over(9, 9, 4, False, finished_ms=60 * 60_000), limit.is_over(9, 9, 4, True, finished_ms=61 * 60_000)
    (True, False)
    >>> limit.is_over(9, 9, 4, False, finished_ms=None)   # no time known: not over
    False

    ``rounds`` counts full turns of the deal (every player still in dealing once):

    >>> EndPolicy("rounds", 2).is_over(6, 6, 3, False, rounds=1), EndPolicy("rounds", 2).is_over(6, 6, 3, False, rounds=2)
    (False, True)
    """

    kind: str
    count: Optional[int]
    minutes: Optional[int] = None
    abandons: bool = False
    """``session.end.at_limit: abandon``: at the time limit the hand in progress is abandoned, stakes returned."""

    @property
    def limit_ms(self) -> Optional[int]:
        """The time limit in milliseconds (None unless the session ends by time)."""
        return self.minutes * 60_000 if self.kind == "time" and self.minutes is not None else None

    def is_over(self, deals: int, resolved: int, players_with_chips: int, pot_carried: bool,
                finished_ms: Optional[int] = None, rounds: int = 0) -> bool:
        if self.kind == "resolved_pots":
            assert self.count is not None
            return resolved >= self.count
        if self.kind == "hands":
            assert self.count is not None
            # a carried pot is never left on the table: play on until it is won
            return deals >= self.count and not pot_carried
        if self.kind == "rounds":
            assert self.count is not None
            return rounds >= self.count and not pot_carried
        if self.kind == "one_player_left":
            return players_with_chips <= 1 and not pot_carried
        if self.kind == "time":
            limit = self.limit_ms
            return limit is not None and finished_ms is not None and finished_ms >= limit and not pot_carried
        return False


COVERING_RULE = field_rule("session.covering")
BANKROLL_RULE = field_rule("session.bankroll")
BUY_IN_MIN_RULE = field_rule("session.buy_in_min")
BUY_IN_MAX_RULE = field_rule("session.buy_in_max")
REBUY_RULE = field_rule("session.rebuy")
TOP_UP_RULE = field_rule("session.top_up")
STARTING_STACK_RULE = field_rule("session.starting_stack")
END_RULE = field_rule("session.end")
AT_LIMIT_RULE = field_rule("session.end.at_limit")
BONUS_RULES = {"prial": field_rule("session.bonus.prial"), "running_flush": field_rule("session.bonus.running_flush")}
"""The rule of each bonus hand, by its category."""


@dataclass(frozen=True, slots=True)
class SessionPolicy(AreaPolicy):
    """The session as the engine asks it: when it ends, what players hold, the bonuses.

    >>> from bragrules.profile.models import Profile
    >>> policy = SessionPolicy.compile(Profile())
    >>> policy.finite, policy.bonus_paid, policy.end.kind
    (False, False, 'never')
    """

    end: EndPolicy
    finite: bool
    starting_stack: Fraction
    covering_side_pot: bool
    bonus: Dict[str, Fraction]
    bonus_paid: bool
    """A prial or a running flush earns something."""
    bonus_when_dealt: bool
    """Bonuses earned when a hand is held (declared on looking), not only shown."""
    bonus_unlooked: bool
    """Bonuses earned by every bonus hand dealt, looked at or not, settled with the deal."""
    buy_in_min: Optional[Fraction] = None
    """The least a buy-in or a rebuy may be (``session.buy_in_min``; None: only the starting stack)."""
    buy_in_max: Optional[Fraction] = None
    """The most a buy-in or a rebuy may be, and a top-up may bring a stack to (None: the starting stack)."""
    rebuys: bool = False
    """``session.rebuy: when_out``: a player out of chips may buy again between deals."""
    top_ups: bool = False
    """``session.top_up``: a player may add chips between deals."""
    points: Optional[PointsPolicy] = None
    """``session.points``: points per hand won toward a target (None: no points are kept)."""

    @property
    def buys(self) -> bool:
        """Whether anybody may buy chips at this table other than the starting stack."""
        return self.finite and (self.rebuys or self.top_ups or self.buy_in_min is not None
                                or self.buy_in_max is not None)

    def buy_refusal(self, kind: str, balance: Fraction, amount: Fraction) -> Optional[Refusal]:
        """Why a buy of ``amount`` (``kind``: ``buy_in`` before the first deal, ``rebuy`` when out of chips,
        ``top_up``) by a player holding ``balance`` is not allowed (None: it is).

        >>> from bragrules.profile.models import Profile
        >>> policy = SessionPolicy.compile(Profile.model_validate({"session": {"bankroll": "finite",
        ...     "starting_stack": 50, "buy_in_min": 20, "buy_in_max": 100, "rebuy": "when_out"}}))
        >>> policy.buy_refusal("rebuy", Fraction(0), Fraction(30)) is None
        True
        >>> policy.buy_refusal("rebuy", Fraction(0), Fraction(10)).message
        'a buy is at least 20, not 10'
        >>> policy.buy_refusal("top_up", Fraction(5), Fraction(10)).rule
        'session.top_up'
        """
        if not self.finite:
            return refusal(BANKROLL_RULE, "players keep accounts here, not chips: nobody buys chips")
        low = self.buy_in_min if self.buy_in_min is not None else self.starting_stack
        high = self.buy_in_max if self.buy_in_max is not None else self.starting_stack
        if amount <= 0:
            return refusal(BUY_IN_MIN_RULE, "a buy must be positive, not {amount}", amount=Fraction(amount))
        if kind == "top_up":
            if not self.top_ups:
                return refusal(TOP_UP_RULE, N_("no top-ups at this table: chips are bought only when a player is out "
                                               "of them") if self.rebuys else
                               N_("no top-ups at this table: chips are bought only to start"))
            if balance + amount > high:
                return refusal(BUY_IN_MAX_RULE, "a top-up brings a stack to {high} at most: from {balance}, at most "
                               "{room}, not {amount}", high=Fraction(high), balance=Fraction(balance),
                               room=Fraction(high - balance), amount=Fraction(amount))
            return None
        if kind == "rebuy" and not self.rebuys:
            return refusal(REBUY_RULE, "no rebuys at this table: a player out of chips is out of the session")
        if amount < low:
            return refusal(BUY_IN_MIN_RULE, "a buy is at least {low}, not {amount}", low=Fraction(low),
                           amount=Fraction(amount))
        if amount > high:
            return refusal(BUY_IN_MAX_RULE, "a buy is at most {high}, not {amount}", high=Fraction(high),
                           amount=Fraction(amount))
        return None

    @classmethod
    def compile(cls, p: "Profile") -> "SessionPolicy":
        session = p.session
        end = session.end
        finite = session.bankroll == "finite"
        bonus = {"prial": session.bonus.prial, "running_flush": session.bonus.running_flush}
        dealt = session.bonus.when == "dealt"
        return cls(
            EndPolicy(end.kind, end.count, end.minutes, abandons=end.kind == "time" and end.at_limit == "abandon"),
            finite, session.starting_stack if finite else Fraction(0), session.covering == "side_pot", bonus,
            any(bonus.values()), dealt and session.bonus.needs_look, dealt and not session.bonus.needs_look,
            session.buy_in_min if finite else None, session.buy_in_max if finite else None,
            finite and session.rebuy == "when_out", finite and session.top_up, PointsPolicy.compile(p),
        )


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def _end_text(kind: str, number: Optional[int]) -> str:
    if kind == "resolved_pots":
        return ntr("the session ends after {n} resolved pot, carried deals not counting",
                   "the session ends after {n} resolved pots, carried deals not counting", number or 0)
    if kind == "hands":
        return ntr("the session ends after {n} deal, carried deals included",
                   "the session ends after {n} deals, carried deals included", number or 0)
    if kind == "rounds":
        return ntr("the session ends after {n} round of the deal, a round being every player dealing once, once "
                   "no pot is carried", "the session ends after {n} rounds of the deal, a round being every "
                   "player dealing once, once no pot is carried", number or 0)
    if kind == "one_player_left":
        return tr("the session ends when one player holds every chip")
    if kind == "time":
        minutes = f"{number} minute{'s' if number != 1 else ''}" if number else "the time limit"
        return f"the session ends with the first deal that finishes after {minutes}, once no pot is carried"
    if kind == "time_abandon":
        minutes = f"{number} minute{'s' if number != 1 else ''}" if number else "the time limit"
        return (f"the session ends after {minutes}, the hand then in progress abandoned with its stakes "
                "returned (a hand for a carried pot is played out)")
    return tr("the session runs until the table stops")


def end_kind(p: "Profile") -> str:
    end = p.session.end
    kind = "time_abandon" if end.kind == "time" and end.at_limit == "abandon" else end.kind
    return _end_text(kind, end.minutes if end.kind == "time" else end.count)


AT_LIMIT_TEXT = {
    "finish_deal": "when time is up the hand in progress is played out, and the session ends with it",
    "abandon": "when time is up play stops at once: the hand in progress is abandoned, every stake of it "
               "returned, unless it plays for a carried pot",
}
AT_LIMIT = FieldText(
    "session.end.at_limit", lambda p: p.session.end.at_limit,
    lambda p: tr(AT_LIMIT_TEXT[p.session.end.at_limit]),
    {"finish_deal": "000 (a time limit), read as the last hand played out",
     "abandon": "000 (a time limit; \"when play stops\"), read as play stopping mid-hand"},
    in_play=lambda p: p.session.end.kind == "time",
    choices=dict(AT_LIMIT_TEXT),
    later=True,
)


def end_minutes(p: "Profile") -> str:
    end = p.session.end
    if end.minutes is None:
        return "no time limit is set"
    if end.kind == "time":
        return _end_text("time_abandon" if end.at_limit == "abandon" else "time", end.minutes)
    return f"a time limit of {end.minutes} minutes is set but unused"


def end_count(p: "Profile") -> str:
    end = p.session.end
    if end.count is None:
        return "no number of deals or pots is set"
    if end.kind in ("resolved_pots", "hands", "rounds"):
        return _end_text(end.kind, end.count)
    return f"a count of {end.count} is set but unused"


def bankroll(p: "Profile") -> str:
    """What players hold. Accounts are 002's ("accounting units with negative balances permitted");
    a profile of 000 keeps them too, since 000 plays with chips but leaves how many to the table,
    and its rulebook says so rather than present accounts as 000's rule.

    >>> from bragrules.profile import load_profile
    >>> bankroll(load_profile("traditional"))
    'balances are kept as accounts and may go below zero'
    >>> bankroll(load_profile("classic"))[:90]
    'balances are kept as accounts and may go below zero: the general rules page plays with chi'
    """
    if p.session.bankroll == "finite":
        return tr("each player starts with {stack} chips and can lose no more",
                  stack=money_text(p.session.starting_stack))
    texts = set(re.findall(r"\b00[0-9]\b", p.source))  # the rules texts the profile names as its own
    if "000" in texts and "002" not in texts:
        return tr("balances are kept as accounts and may go below zero: the general rules page plays with chips, "
                  "until one player holds them all, but leaves how many each player starts with to the table, so "
                  "they are counted here as accounts")
    return tr("balances are kept as accounts and may go below zero")


def starting_stack(p: "Profile") -> str:
    if p.session.starting_stack == 0:
        return tr("players start with no chips")
    return tr("each player starts with {stack} chips", stack=money_text(p.session.starting_stack))


def _bonus_holder(hand: str, p: "Profile") -> str:
    if p.session.bonus.when == "dealt" and not p.session.bonus.needs_look:
        return tr("a player dealt {hand} (looked at or not)", hand=hand)
    if p.session.bonus.when == "dealt":
        return tr("a player who gets {hand} (declared on looking at it, or shown)", hand=hand)
    return tr("a player who shows {hand} at a showdown", hand=hand)


def _ranks_category(p: "Profile", name: str) -> bool:
    """Whether the ranking has a category of that name (its written list's, or its named fields'); hands
    counted as points have none but ``points``."""
    if p.ranking.points.read is not None:
        return False
    return any(pattern.name == name for pattern in p.ranking.category_patterns())


def bonus_prial(p: "Profile") -> str:
    value = p.session.bonus.prial
    if value == 0:
        return tr("a prial earns no bonus")
    hand = tr("a prial")
    return tr("{holder} collects {amount} from every other player", holder=_bonus_holder(hand, p),
              amount=money_text(value))


def bonus_running_flush(p: "Profile") -> str:
    value = p.session.bonus.running_flush
    if value == 0:
        return tr("a running flush earns no bonus")
    hand = tr("a running flush")
    return tr("{holder} collects {amount} from every other player", holder=_bonus_holder(hand, p),
              amount=money_text(value))


def _finite(p: "Profile") -> bool:
    return p.session.bankroll == "finite"


def _bonus_in_play(p: "Profile") -> bool:
    return p.format.betting or p.format.lives is None


def buy_in_min(p: "Profile") -> str:
    low = p.session.buy_in_min
    if low is None:
        return "every player brings the starting stack"
    return f"a player brings, or buys again with, at least {money_text(low)}"


def buy_in_max(p: "Profile") -> str:
    high = p.session.buy_in_max
    if high is None:
        return "nobody brings more than the starting stack"
    return f"a player brings, buys again with or tops up to at most {money_text(high)}"


REBUY_TEXT = {
    "never": "a player who loses every chip is out of the session",
    "when_out": "a player who loses every chip may buy in again between deals, within the buy-in range",
}
TOP_UP_TEXT = {
    True: "a player may add chips between deals, up to the most a player may bring",
    False: "nobody adds chips during the session",
}


def buy_range(p: "Profile") -> str:
    """The buy-in range in words, for the rulebook: what a player may bring, buy again with, top up to."""
    session = p.session
    low = session.buy_in_min if session.buy_in_min is not None else session.starting_stack
    high = session.buy_in_max if session.buy_in_max is not None else session.starting_stack
    if low == high:
        return f"every buy is {money_text(low)}"
    return f"a player brings between {money_text(low)} and {money_text(high)} (the starting stack unless they say)"


COVERING = choice(
    "session.covering",
    lambda p: p.session.covering,
    {
        "side_pot": "a player who cannot pay what a turn costs goes all in and a side pot is formed",
        "must_fold": "a player who cannot pay what a turn costs must fold",
    },
    {"*": "house rule (a separate agreement, 002 section 07)"},
    in_play=_finite,
)
BONUS_WHEN = choice(
    "session.bonus.when",
    lambda p: p.session.bonus.when,
    {
        "shown": "a bonus is earned by a hand shown at a showdown",
        "dealt": "a bonus is earned by a hand as soon as its holder looks at it, whatever happens after",
    },
    {"dealt": "003 (拿到, gets)", "shown": "house rule (shown at a see)"},
    in_play=lambda p: p.format.betting and (p.session.bonus.prial > 0 or p.session.bonus.running_flush > 0),
)
NEEDS_LOOK_TEXT = {
    True: "a bonus hand earns once its holder looks at it or shows it",
    False: "every bonus hand dealt earns, looked at or not, settled with the deal",
}
NEEDS_LOOK = FieldText(
    "session.bonus.needs_look", lambda p: p.session.bonus.needs_look,
    lambda p: tr(NEEDS_LOOK_TEXT[p.session.bonus.needs_look]),
    {"true": "003 (拿到, gets) read as getting and looking at the hand",
     "false": "003 (拿到, gets) read as being dealt the hand, looked at or not"},
    in_play=lambda p: BONUS_WHEN.in_play(p) and p.session.bonus.when == "dealt",
    choices=dict(NEEDS_LOOK_TEXT),
    later=True,
)
END_KIND = FieldText(
    "session.end.kind", lambda p: p.session.end.kind, end_kind,
    {"resolved_pots": "002", "hands": "003", "rounds": "000 (a set number of rounds)", "one_player_left": "000",
     "time": "000 (a time limit)",
     "never": "000 (until the table stops)"},
)


# ---------------------------------------------------------------------------
# The rulebook: sessions and scoring
# ---------------------------------------------------------------------------


def session_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules.folding import can_carry

    session = p.session
    sec = Section("session", tr("Sessions and scoring"))
    items: List[str] = []
    if p.format.lives is not None:
        items.append(
            tr("The game ends when only one player has a life left, and that player wins.") + " "
            + (tr("There is no money.") if p.format.life_stake is None else
               tr("Each life lost was paid into a pot, and the winner collects it."))
        )
    elif session.points.target is not None:
        items += rulebook_lines(p)
    else:
        items.append(sentence(end_kind(p)))
        if session.end.kind in ("hands", "rounds", "one_player_left") and can_carry(p):
            items.append(tr("If the last pot carries, play goes on until it is won."))
        items.append(sentence(bankroll(p)))
        if session.bankroll == "finite":
            items.append(sentence(COVERING.sentence(p)))
            if SessionPolicy.compile(p).buys:
                items += [sentence(buy_range(p)), sentence(tr(REBUY_TEXT[session.rebuy])),
                          sentence(tr(TOP_UP_TEXT[session.top_up]))]
                items.append(tr("A player's net is what they hold less everything they bought."))
            items.append(tr("The player with the most chips at the end wins."))
        else:
            items.append(tr("The player with the highest net balance at the end wins; exact ties share the win."))
        if session.bonus.prial or session.bonus.running_flush:
            items.append(sentence(bonus_prial(p)))
            items.append(sentence(bonus_running_flush(p)))
            if session.bonus.when == "dealt" and not session.bonus.needs_look:
                items.append(tr("Every such hand dealt earns its bonus, whether its holder looks at it or not, "
                                "folded or not; it is paid when the deal is settled, once, in the deal it is dealt."))
            elif session.bonus.when == "dealt":
                items.append(tr("A bonus is paid as soon as the hand is declared, in every deal it is held, "
                                "whatever happens to the deal after."))
    sec.bullets(items)
    return sec


TEXT = AreaText(
    key="session",
    name="session",
    title="Sessions and scoring",
    fields=(
        END_KIND,
        FieldText("session.end.count", lambda p: p.session.end.count, end_count,
                  {"null": "000", "8": "002, 003", "15": "003", "30": "003", "*": "house rule"},
                  in_play=lambda p: p.session.end.kind in ("resolved_pots", "hands", "rounds")),
        FieldText("session.end.minutes", lambda p: p.session.end.minutes, end_minutes,
                  {"null": "000, 002, 003", "*": "000: a time limit"},
                  in_play=lambda p: p.session.end.kind == "time"),
        AT_LIMIT,
        FieldText("session.bankroll", lambda p: p.session.bankroll, bankroll,
                  {"unlimited": "002", "finite": "000, 003"}),
        FieldText("session.starting_stack", lambda p: p.session.starting_stack, starting_stack,
                  {"0": "002 (accounts, no chips)", "500": "003", "1000": "003", "*": "003: 500 or 1000"},
                  in_play=_finite),
        COVERING,
        FieldText("session.bonus.prial", lambda p: p.session.bonus.prial, bonus_prial,
                  {"0": "000, 002", "*": "003's bonus variant"},
                  in_play=lambda p: _bonus_in_play(p) and _ranks_category(p, "prial")),
        FieldText("session.bonus.running_flush", lambda p: p.session.bonus.running_flush, bonus_running_flush,
                  {"0": "000, 002", "*": "003's bonus variant"},
                  in_play=lambda p: _bonus_in_play(p) and _ranks_category(p, "running_flush")),
        BONUS_WHEN,
        NEEDS_LOOK,
        FieldText("session.buy_in_min", lambda p: p.session.buy_in_min, buy_in_min,
                  {"null": "000, 003 (one starting stack)", "*": "house rule: scribd.com (Flash)"},
                  in_play=_finite, later=True),
        FieldText("session.buy_in_max", lambda p: p.session.buy_in_max, buy_in_max,
                  {"null": "000, 003 (one starting stack)", "*": "house rule: scribd.com (Flash)"},
                  in_play=_finite, later=True),
        FieldText("session.rebuy", lambda p: p.session.rebuy, lambda p: tr(REBUY_TEXT[p.session.rebuy]),
                  {"never": "000 (until one player has all the chips)",
                   "when_out": "house rule: scribd.com (Flash); shak5.com (rules)"},
                  in_play=_finite, choices=dict(REBUY_TEXT), later=True),
        FieldText("session.top_up", lambda p: p.session.top_up, lambda p: tr(TOP_UP_TEXT[p.session.top_up]),
                  {"false": "000 (until one player has all the chips)",
                   "true": "house rule: poker.fikeworks.com (tourney rules); shak5.com (rules)"},
                  in_play=_finite, choices=dict(TOP_UP_TEXT), later=True),
        *POINTS_FIELDS,
    ),
    sections=((80, session_section),),
)
