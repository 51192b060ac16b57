"""The profile: every rule a Brag table can play differently, as validated data.

A profile is a tree of frozen pydantic models, one per rule area of the
rules catalogue. Every field has a default, so an empty profile is the
plain Three-Card game: ante 1, blind play at half the level, a see for
twice the caller's own rate, no see of a blind player, a tied see going
against the caller, the first dealer drawn at random.

>>> p = Profile()
>>> p.stakes.ante, p.seeing.tie, p.format.cards_dealt
(Fraction(1, 1), 'caller_loses', 3)
>>> Profile.model_validate({"stakes": {"ante": "5/2"}}).stakes.ante
Fraction(5, 2)

Unknown keys are refused (the loader turns the error into ``FILE:LINE:COL``
with a "did you mean" suggestion):

>>> Profile.model_validate({"stakes": {"antee": 1}})
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Profile
stakes.antee
  Extra inputs are not permitted [type=extra_forbidden, input_value=1, input_type=int]
...
"""

from __future__ import annotations

from fractions import Fraction
import typing
from typing import Annotated, Any, List, Literal, Optional, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    field_validator,
    WithJsonSchema,
    model_validator,
)

from ..money import money_json, parse_money

# ---------------------------------------------------------------------------
# Shared types
# ---------------------------------------------------------------------------

_MONEY_DESCRIPTION = "An exact amount: an integer, or a fraction such as 5/2."
_DENOMINATOR = r"(/\s*0*[1-9]\d*)?"  # never a zero denominator


def _money_schema(sign: Literal["any", "not_negative", "positive"]) -> dict:
    """The JSON Schema of an amount: a whole number or text that parse_money reads.

    ``sign`` narrows it as the validator does: ``not_negative`` refuses a minus
    sign (``-2``, ``"-5/2"``), ``positive`` refuses zero as well.

    >>> import re
    >>> texts = [alt["pattern"] for alt in _money_schema("positive")["anyOf"] if "pattern" in alt]
    >>> [any(re.match(t, s) for t in texts) for s in ("5/2", "0.5", "2½", "0", "0/3", "-1", "1/0")]
    [True, True, True, False, False, False, False]
    """
    if sign == "positive":
        whole: dict = {"type": "integer", "minimum": 1}
        fraction = r"^\s*\+?0*[1-9]\d*\s*" + _DENOMINATOR + r"\s*$"
        decimal = r"^\s*\+?(\d*[1-9]\d*\.\d+|\d+\.\d*[1-9]\d*)\s*$"
        mixed = r"^\s*\+?\d+\s*½\s*$"
    elif sign == "not_negative":
        whole = {"type": "integer", "minimum": 0}
        fraction = r"^\s*(\+?\d+|-0+)\s*" + _DENOMINATOR + r"\s*$"
        decimal = r"^\s*(\+?\d+\.\d+|-0+\.0+)\s*$"
        mixed = r"^\s*\+?\d+\s*½\s*$"
    else:
        whole = {"type": "integer"}
        fraction = r"^\s*[+-]?\d+\s*" + _DENOMINATOR + r"\s*$"
        decimal = r"^\s*[+-]?\d+\.\d+\s*$"
        mixed = r"^\s*[+-]?\d+\s*½\s*$"
    return {
        "anyOf": [
            whole,
            {"type": "string", "pattern": fraction},
            {"type": "string", "pattern": decimal},
            {"type": "string", "pattern": mixed},
        ],
        "description": _MONEY_DESCRIPTION
        + {"any": "", "not_negative": " Never negative.", "positive": " Above zero."}[sign],
    }


Money = Annotated[
    Fraction,
    BeforeValidator(parse_money),
    PlainSerializer(money_json, when_used="always"),
    WithJsonSchema(_money_schema("any")),
]
"""An exact amount of money: ``3``, ``"5/2"`` (YAML ``5/2`` is already a string)."""


def _refuse_below(limit: Literal["zero", "above_zero"], message: str, at_most: Optional[Fraction] = None) -> Any:
    """A field's own check of an amount, run with every other field's (so one
    run of ``validate`` reports every such problem): ``message`` when the amount
    is negative (``"zero"``: zero is fine) or not above zero, or above ``at_most``.

    >>> check = _refuse_below("zero", "ante cannot be negative").func
    >>> check(Fraction(0))
    Fraction(0, 1)
    >>> check(Fraction(-1))
    Traceback (most recent call last):
    ...
    ValueError: ante cannot be negative
    """

    def check(value: Fraction) -> Fraction:
        low = value < 0 if limit == "zero" else value <= 0
        if low or (at_most is not None and value > at_most):
            raise ValueError(message)
        return value

    return AfterValidator(check)


NOT_NEGATIVE = WithJsonSchema(_money_schema("not_negative"))
"""The schema of an amount that may be zero but never negative."""
POSITIVE = WithJsonSchema(_money_schema("positive"))
"""The schema of an amount above zero."""


def _share_schema() -> dict:
    """A share above zero and at most one: ``1``, ``"1/2"``, ``"0.5"``, ``"0½"``
    (a fraction above one, ``"3/2"``, is left to the validator: no pattern can compare)."""
    schema = _money_schema("positive")
    whole, fraction, _, _ = schema["anyOf"]
    schema["anyOf"] = [
        {"type": "integer", "minimum": 1, "maximum": 1},
        fraction,
        {"type": "string", "pattern": r"^\s*\+?(0+\.\d*[1-9]\d*|0*1\.0+)\s*$"},
        {"type": "string", "pattern": r"^\s*\+?0*\s*½\s*$"},
    ]
    schema["description"] = _MONEY_DESCRIPTION + " Above zero and at most 1."
    return schema

Category = Literal["prial", "running_flush", "run", "flush", "pair", "high_card"]
SuitName = Literal["spades", "hearts", "diamonds", "clubs"]

STANDARD_SUIT_ORDER: List[SuitName] = ["spades", "hearts", "diamonds", "clubs"]

STANDARD_CATEGORY_ORDER: List[Category] = [
    "prial",
    "running_flush",
    "run",
    "flush",
    "pair",
    "high_card",
]


class Area(BaseModel):
    """Base of every rule area: frozen, unknown keys refused, defaults validated."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        validate_default=True,
        arbitrary_types_allowed=False,
        strict=True,  # 3.0 is not a player count, 'yes' is not true: a profile says what it means
    )


# ---------------------------------------------------------------------------
# 1. Table and deal, the pack
# ---------------------------------------------------------------------------


class Table(Area):
    """Who plays and how the deal moves round the table."""

    min_players: int = Field(
        3, ge=2, le=20, description="Fewest players the game may start with (000: 3; 003: 2)."
    )
    max_players: int = Field(
        8, ge=2, le=20, description="Most players the game may seat (000 and 003: 8)."
    )
    first_dealer: Literal["random", "first_seat"] = Field(
        "random",
        description="How the first dealer is chosen: drawn at random from the seed (002), "
        "or the first seat listed, as agreed at the table (000).",
    )
    rotation: Literal["clockwise", "anticlockwise", "fixed"] = Field(
        "clockwise",
        description="Where the deal goes after each deal: one place clockwise (all seeds), "
        "one place anticlockwise, or it stays with the same dealer; always to a player still in, "
        "passing over players out of chips or lives (fixed: clockwise once its dealer is out).",
    )
    deal: Literal["singly", "in_batches"] = Field(
        "singly",
        description="Cards dealt one at a time round the table from the dealer's left (all seeds), "
        "or each player's cards in one batch.",
    )
    cut: bool = Field(
        True,
        description="Whether the pack is cut (by the player on the dealer's right, 000) after each shuffle.",
    )

    @model_validator(mode="after")
    def _range(self) -> "Table":
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({self.min_players}) is above max_players ({self.max_players})"
            )
        return self


class Pack(Area):
    """The pack and when it is shuffled."""

    jokers: int = Field(0, ge=0, le=2, description="Jokers added to the 52-card pack (003's wild-card variant).")
    shuffle: Literal["every_deal", "after_prial_showdown", "first_deal_only"] = Field(
        "every_deal",
        description="When the pack is shuffled: before every deal (000); before the first deal and "
        "then only after a showdown won by a prial (002); only before the first deal (house rule). "
        "Unshuffled, folded and completed hands go under the pack in the order they are collected.",
    )


# ---------------------------------------------------------------------------
# 2. Hand ranking
# ---------------------------------------------------------------------------


RANK_PATTERN = r"^\s*([2-9TJQKAtjqka]|10)\s*$"
"""A rank as :func:`bragrules.cards.parse_rank` reads it, for the schema."""
CARD_PATTERN = (
    r"^\s*(([2-9TJQKAtjqka]|10)[cdhsCDHS♣♧♦♢♥♡♠♤]|[Jj][Kk][12]?|[Jj][Oo][Kk][Ee][Rr]|🃏)\s*$"
)
"""A card as :func:`bragrules.cards.parse_card` reads it, for the schema.

>>> import re
>>> from bragrules.cards import CardError, parse_card
>>> def reads(text):
...     try:
...         parse_card(text)
...         return True
...     except CardError:
...         return False
>>> all(bool(re.match(CARD_PATTERN, t)) == reads(t) for t in ("Jc", "10h", "th", "K♣", "Jk2", "joker", "11h", "1c", "Zz", "Jk3"))
True
"""


class Wild(Area):
    """Wild cards, which stand for any card the holder likes."""

    cards: List[Annotated[str, WithJsonSchema({"type": "string", "pattern": CARD_PATTERN})]] = Field(
        default_factory=list,
        description='Named wild cards, e.g. the traditional "braggers" [Jc, 9d, Ad].',
    )
    ranks: List[
        Annotated[
            str,
            BeforeValidator(lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v),
            WithJsonSchema(
                {"anyOf": [{"type": "integer", "minimum": 2, "maximum": 10}, {"type": "string", "pattern": RANK_PATTERN}]}
            ),
        ]
    ] = Field(
        default_factory=list, description="Wild ranks: every card of these ranks is wild, e.g. [2] (003's variant)."
    )
    jokers: bool = Field(True, description="Whether jokers in the pack (pack.jokers) are wild.")
    natural_beats_wild: bool = Field(
        True,
        description="A natural hand beats an otherwise equal hand made with wild cards (Hoyle); "
        "false ranks them equal.",
    )

    @model_validator(mode="after")
    def _cards_parse(self) -> "Wild":
        from ..cards import parse_card, parse_rank

        cards = [parse_card(text) for text in self.cards]
        if len(set(cards)) != len(cards):
            raise ValueError("a wild card is named twice")
        ranks = [parse_rank(text) for text in self.ranks]
        if len(set(ranks)) != len(ranks):
            raise ValueError("a wild rank is named twice")
        return self


class Ranking(Area):
    """How three-card hands are ranked."""

    category_order: List[Category] = Field(
        default_factory=lambda: list(STANDARD_CATEGORY_ORDER),
        json_schema_extra={"uniqueItems": True, "minItems": 1, "contains": {"const": "high_card"}},
        description="Categories from highest to lowest. All seeds: prial, running_flush, run, flush, "
        "pair, high_card. Old orders put flush above run; a category left out ranks as high_card "
        "(e.g. [prial, pair, high_card] for tables where only prials and pairs count).",
    )
    prial_order: Literal["threes_high", "ace_high"] = Field(
        "threes_high",
        description="threes_high: 3-3-3 is the best prial, then A-A-A, K-K-K down to 2-2-2 (all seeds); "
        "ace_high: plain order, A-A-A top.",
    )
    run_order: Literal["a23_high", "akq_high"] = Field(
        "a23_high",
        description="a23_high: A-2-3 is the best run, then A-K-Q, K-Q-J down to 4-3-2 (all seeds); "
        "akq_high: A-K-Q top and A-2-3 the lowest run. K-A-2 is never a run.",
    )
    suits_break_ties: bool = Field(
        False, description="Whether suits decide between hands of equal rank (002: never)."
    )
    suit_order: List[SuitName] = Field(
        default_factory=lambda: list(STANDARD_SUIT_ORDER),
        json_schema_extra={"uniqueItems": True, "minItems": 4, "maxItems": 4},
        description="Suits from highest to lowest, used when suits break ties.",
    )
    wild: Wild = Field(default_factory=Wild, description="Wild cards (none by default).")

    @field_validator("category_order")
    @classmethod
    def _category_order(cls, value: List[Category]) -> List[Category]:
        if len(set(value)) != len(value):
            raise ValueError("category_order lists a category twice")
        if not value or value[-1] != "high_card":
            raise ValueError("category_order must end with high_card")
        return value

    @field_validator("suit_order")
    @classmethod
    def _suit_order(cls, value: List[SuitName]) -> List[SuitName]:
        if sorted(value) != sorted(STANDARD_SUIT_ORDER):
            raise ValueError("suit_order must list each of the four suits once")
        return value


# ---------------------------------------------------------------------------
# 3. Stakes and betting
# ---------------------------------------------------------------------------


class RaiseLimit(Area):
    """How far one bet may raise the level."""

    kind: Literal["none", "max_increase", "fixed", "pot"] = Field(
        "none",
        description="none: any raise (000, 003); max_increase: each raise adds at most `amount` to the "
        "level (002: 5); fixed: each raise adds exactly `amount` (003's fixed limit); pot: each raise "
        "adds at most the pot as it stands before the bet (003's pot limit).",
    )
    amount: Optional[Money] = Field(
        None, description="The increase for max_increase and fixed; unused for none and pot."
    )
    pot_opening: Literal["capped", "free"] = Field(
        "capped",
        description="Pot limit only: capped, the usual pot-limit convention, every bet is at most the pot, "
        "the opening bet of a deal included (its level at most the pot as it stands, and never below "
        "stakes.opening_min); free, 003's literal words \"加注最多为底池大小\" (a raise at most the pot), "
        "only raises are capped and the opening bet is free.",
    )

    @model_validator(mode="after")
    def _amount(self) -> "RaiseLimit":
        if self.kind in ("max_increase", "fixed"):
            if self.amount is None or self.amount <= 0:
                raise ValueError(f"a {self.kind} raise limit needs a positive amount")
        return self


class Stakes(Area):
    """The ante and the betting level."""

    ante: Annotated[Money, _refuse_below("zero", "ante cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(1),
        description="Paid by every player into the pot for each fresh deal, including a deal whose "
        "pot was carried (002: 1; 003's example: 5).",
    )
    blind_rate: Annotated[
        Money,
        _refuse_below("above_zero", "blind_rate must be above 0 and at most 1", at_most=Fraction(1)),
        WithJsonSchema(_share_schema()),
    ] = Field(
        Fraction(1, 2),
        description="The share of the seen level a blind player pays (all seeds: 1/2).",
    )
    level_step: Annotated[Money, _refuse_below("above_zero", "level_step must be positive"), POSITIVE] = Field(
        Fraction(1),
        description="Levels are whole multiples of this amount (in seen-equivalent units).",
    )
    opening_min: Annotated[
        Money, _refuse_below("above_zero", "opening_min must be positive"), POSITIVE
    ] = Field(Fraction(1), description="Lowest opening level, seen-equivalent (002: 1).")
    opening_max: Optional[
        Annotated[Money, _refuse_below("above_zero", "opening_max must be positive"), POSITIVE]
    ] = Field(
        None, description="Highest opening level, seen-equivalent (002: 5); none: no maximum."
    )
    raise_limit: RaiseLimit = Field(default_factory=RaiseLimit, description="The cap on each raise.")
    check: Literal["never", "before_first_bet"] = Field(
        "never",
        description="never: every turn is a bet, a see or a fold (000, 002); before_first_bet: a house "
        "rule of 000, a player may pass while nobody has bet; if everyone passes the pot carries.",
    )

    @model_validator(mode="after")
    def _ranges(self) -> "Stakes":
        if self.opening_max is not None and self.opening_max < self.opening_min:
            raise ValueError(
                f"opening_max ({self.opening_max}) is below opening_min ({self.opening_min})"
            )
        if (self.opening_min / self.level_step).denominator != 1:
            raise ValueError("opening_min must be a whole multiple of level_step")
        if self.opening_max is not None and (self.opening_max / self.level_step).denominator != 1:
            raise ValueError("opening_max must be a whole multiple of level_step")
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
# 4. Seeing
# ---------------------------------------------------------------------------


class Seeing(Area):
    """The see (showdown) between the last two players."""

    cost_multiple: Annotated[Money, _refuse_below("above_zero", "cost_multiple must be positive"), POSITIVE] = Field(
        Fraction(2), description="A see costs this many times the basis (all seeds: twice)."
    )
    cost_basis: Literal["caller_rate", "opponent_last_bet"] = Field(
        "caller_rate",
        description="caller_rate: the caller's own rate at the current level, so a seen caller pays "
        "twice the level and a blind caller the level (002, 003); opponent_last_bet: twice what the "
        "other player paid at their last turn (000).",
    )
    seen_sees_seen: bool = Field(True, description="A seen player may see a seen player.")
    seen_sees_blind: bool = Field(False, description="A seen player may see a blind player (all seeds: no).")
    blind_sees_seen: bool = Field(True, description="A blind player may see a seen player (002: yes).")
    blind_sees_blind: bool = Field(True, description="A blind player may see a blind player (002: yes).")
    exposure: Literal["opponent_first", "caller_first"] = Field(
        "opponent_first",
        description="Who turns cards first at a see: the opponent (002; two blind players turn cards "
        "alternately, opponent first), or the caller. With seeing.concede_unseen the second may concede "
        "without showing.",
    )
    concede_unseen: bool = Field(
        False,
        description="Whether the player who shows second at a see may concede without showing, once the "
        "first hand is shown; the conceded cards stay unknown (house rule; the texts are silent, 000 has "
        "both players reveal).",
    )
    tie: Literal["caller_loses", "split", "suits", "eldest_hand"] = Field(
        "caller_loses",
        description="Equal hands at a see: the caller loses (000, 002, 003); the pot is split; suits "
        "decide (ranking.suit_order); the player nearer the dealer's left wins (Three-Stake).",
    )


# ---------------------------------------------------------------------------
# 5. Folding and the lone survivor
# ---------------------------------------------------------------------------


class Folding(Area):
    """What happens when all but one player fold."""

    blind_survivor: Literal["collects", "carries"] = Field(
        "collects",
        description="A blind player left alone collects the pot (000, 003) or does not: the pot "
        "carries into the next deal (002).",
    )
    nobody_bet: Literal["last_player_wins", "carries"] = Field(
        "last_player_wins",
        description="When everyone folds before anybody has bet: the last player takes the antes, or "
        "the pot carries to the next deal (003's variant).",
    )


# ---------------------------------------------------------------------------
# 6. Blind play and retention
# ---------------------------------------------------------------------------


class Blind(Area):
    """Playing without looking at one's cards."""

    allowed: bool = Field(
        True,
        description="Whether blind play is allowed. false: everyone looks at once, the seen-only "
        "practice game of 002 section 07.",
    )
    look: Literal["own_turn", "any_time"] = Field(
        "own_turn",
        description="When a blind player may look: only at their own turn, before acting (002, 000), "
        "or at any moment (some tables).",
    )
    retention: bool = Field(
        False,
        description="A blind survivor whose pot carries may keep the unseen hand into the next deal, "
        "holding two hands (002 section 05: \"you may retain that unseen hand\"). Keeping it or releasing "
        "it is the survivor's choice (the actions retain and release). Needs folding.blind_survivor: carries.",
    )
    retain_default: Literal["retain", "release"] = Field(
        "retain",
        description="What a blind survivor does with the unseen hand when a history does not say: "
        "keep it (retain) or let it go under the pack (release).",
    )
    retain_of_two: Literal["choice", "newer", "older"] = Field(
        "choice",
        description="A survivor still holding two unseen hands keeps only one (002: \"retain only ONE unseen "
        "hand ... never accumulate three\"): the survivor chooses (retain old / retain new, the newer when "
        "a history does not say), or always the newer, or always the older.",
    )


# ---------------------------------------------------------------------------
# 7. Sessions and scoring
# ---------------------------------------------------------------------------


class SessionEnd(Area):
    """When the session stops."""

    kind: Literal["resolved_pots", "hands", "one_player_left", "time", "never"] = Field(
        "never",
        description="resolved_pots: after `count` pots are won (carried deals not counting, 002: 8); "
        "hands: after `count` deals (003: 8, 15 or 30); one_player_left: when one player holds "
        "every chip (000, finite stacks only); time: with the first deal that finishes once `minutes` "
        "have passed, a carried pot being played on until it is won (000: \"a time limit\"); "
        "never: until the table stops.",
    )
    count: Optional[int] = Field(None, ge=1, description="The number for resolved_pots and hands.")
    minutes: Optional[int] = Field(
        None, ge=1, le=10080, description="The time limit in minutes, for kind time (000: \"a time limit\")."
    )

    @model_validator(mode="after")
    def _count(self) -> "SessionEnd":
        if self.kind in ("resolved_pots", "hands") and self.count is None:
            raise ValueError(f"session end {self.kind} needs a count")
        if self.kind == "time" and self.minutes is None:
            raise ValueError("session end time needs minutes")
        return self


class Bonus(Area):
    """Fixed payments for exceptional hands (003's variant)."""

    prial: Annotated[Money, _refuse_below("zero", "bonuses cannot be negative"), NOT_NEGATIVE] = Field(Fraction(0), description="Paid by every other player to a player with a prial (see `when`).")
    running_flush: Annotated[Money, _refuse_below("zero", "bonuses cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0), description="Paid by every other player to a player with a running flush (see `when`)."
    )
    when: Literal["shown", "dealt"] = Field(
        "shown",
        description="When a bonus is earned: shown, for a hand shown at a showdown; dealt, for a hand the "
        "player gets (003: \"拿到\", gets), declared as soon as its holder looks at it (or shows it), "
        "whatever happens to the deal after, in every deal it is held.",
    )


class Session(Area):
    """Many deals: when they end, what players hold, who wins."""

    end: SessionEnd = Field(default_factory=SessionEnd, description="When the session ends.")
    bankroll: Literal["unlimited", "finite"] = Field(
        "unlimited",
        description="unlimited: accounting units, balances may go negative, no side pots (002); "
        "finite: each player starts with `starting_stack` chips (003: 500 or 1000).",
    )
    starting_stack: Money = Field(Fraction(0), description="Chips each player starts with (finite bankroll).")
    covering: Literal["side_pot", "must_fold"] = Field(
        "side_pot",
        description="A player who cannot pay what a turn costs: goes all in with what they have and "
        "a side pot is formed (side_pot), or must fold (must_fold). Finite bankroll only.",
    )
    bonus: Bonus = Field(default_factory=Bonus, description="Bonuses for prials and running flushes.")

    @model_validator(mode="after")
    def _bankroll(self) -> "Session":
        if self.bankroll == "finite" and self.starting_stack <= 0:
            raise ValueError("a finite bankroll needs a positive starting_stack")
        if self.end.kind == "one_player_left" and self.bankroll != "finite":
            raise ValueError("session end one_player_left needs a finite bankroll")
        return self


# ---------------------------------------------------------------------------
# 8. Disputes
# ---------------------------------------------------------------------------


class Disputes(Area):
    """The fine points of 000."""

    exposure_before_betting: Literal["redeal", "continue"] = Field(
        "redeal",
        description="A player's cards seen by accident before any betting: the affected player may "
        "demand a redeal with all antes returned (000), or play continues.",
    )
    exposure_after_betting: Literal["continue", "redeal"] = Field(
        "continue",
        description="After betting began: no misdeal, the affected player folds or continues (000).",
    )
    deliberate_look: Literal["fold", "continue"] = Field(
        "fold",
        description="A player who deliberately looks at another's cards must fold, bets staying in "
        "the pot (000).",
    )


# ---------------------------------------------------------------------------
# 9. Formats
# ---------------------------------------------------------------------------


class Exchange(Area):
    """Stop the Bus: swapping with face-up centre cards."""

    enabled: bool = Field(False, description="Whether players exchange with centre cards (Stop the Bus).")
    centre_cards: int = Field(3, ge=1, le=5, description="Face-up cards in the centre.")
    swap: Literal["one", "three", "one_or_three"] = Field(
        "one_or_three",
        description="What a turn may swap: one card, all three, or either.",
    )


class Format(Area):
    """How many cards, how many hands, and how a deal is won."""

    cards_dealt: int = Field(3, ge=3, le=9, description="Cards dealt to each player (3; four-card 4; 7; 9).")
    hands: int = Field(
        1, ge=1, le=3, description="Three-card hands each player makes from the cards dealt (seven-card 2, nine-card 3)."
    )
    hand_order: Literal["free", "strongest_first"] = Field(
        "free",
        description="Several hands: in any order the player likes, or the stronger hand first.",
    )
    win_rule: Literal["all", "majority"] = Field(
        "majority",
        description="Several hands: the pot goes to a player who wins all of them (seven-card, 000; "
        "nine-card at some tables) or most of them (nine-card, two of three, 000); otherwise the pot carries.",
    )
    tied_hand: Literal["nobody", "against_caller"] = Field(
        "nobody",
        description="Several hands: a tied hand is won by nobody, or goes against the caller.",
    )
    discard_breaks_ties: bool = Field(
        False, description="Four-card: equal best threes are decided by the discarded card (pagat)."
    )
    betting: bool = Field(
        True,
        description="Whether there is betting. false: everyone shows at once (seven-card's no-betting "
        "tables; Crash).",
    )
    lives: Optional[int] = Field(
        None,
        ge=1,
        le=20,
        description="Crash: each player's lives (000: 3); the lowest hand at each showdown loses one, "
        "the last player with lives wins. None: an ordinary pot game.",
    )
    lowest_tie: Literal["all_lose", "none_lose"] = Field(
        "all_lose", description="Crash: equal lowest hands each lose a life, or none does."
    )
    exchange: Exchange = Field(default_factory=Exchange, description="Stop the Bus exchanges.")

    @model_validator(mode="after")
    def _shape(self) -> "Format":
        if self.cards_dealt < 3 * self.hands:
            raise ValueError(
                f"{self.hands} hands of three need at least {3 * self.hands} cards, "
                f"but cards_dealt is {self.cards_dealt}"
            )
        if self.lives is not None and self.betting:
            raise ValueError("a game with lives (Crash) has no betting: set betting: false")
        if self.exchange.enabled and (self.betting or self.hands != 1 or self.cards_dealt != 3):
            raise ValueError(
                "exchange: Stop the Bus exchanges are played without betting, with three cards and one hand"
            )
        if self.exchange.enabled and self.exchange.swap != "one" and self.exchange.centre_cards != 3:
            raise ValueError("exchange: swapping all three cards needs three centre cards")
        if self.lives is not None and self.hands != 1:
            raise ValueError("a game with lives (Crash) plays one hand each")
        return self


# ---------------------------------------------------------------------------
# The whole profile
# ---------------------------------------------------------------------------


class Profile(Area):
    """A complete set of Brag rules.

    ``extends`` is resolved by the loader before validation; the resolved
    profile keeps the names it was built from in ``extends`` for the record.
    """

    name: str = Field("unnamed", max_length=100, description="The profile's short name (at most 100 characters).")
    description: str = Field("", description="One line on what this profile plays.")
    source: str = Field("", description="Where these rules come from.")
    extends: List[str] = Field(
        default_factory=list,
        description="Profiles this one builds on (built-in names or paths relative to this file), "
        "applied in order, later winning; mappings merge deeply, lists are replaced.",
    )
    table: Table = Field(default_factory=Table, description="Players and the deal.")
    pack: Pack = Field(default_factory=Pack, description="The pack and shuffling.")
    ranking: Ranking = Field(default_factory=Ranking, description="Hand ranking.")
    stakes: Stakes = Field(default_factory=Stakes, description="Ante and betting.")
    seeing: Seeing = Field(default_factory=Seeing, description="The see.")
    folding: Folding = Field(default_factory=Folding, description="Folding and the lone survivor.")
    blind: Blind = Field(default_factory=Blind, description="Blind play and retention.")
    session: Session = Field(default_factory=Session, description="Sessions and scoring.")
    disputes: Disputes = Field(default_factory=Disputes, description="Exposure and peeking.")
    format: Format = Field(default_factory=Format, description="Cards, hands and how a deal is won.")

    @model_validator(mode="before")
    @classmethod
    def _extends_list(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("extends"), str):
            data = dict(data)
            data["extends"] = [data["extends"]]
        return data

    @model_validator(mode="after")
    def _consistent(self) -> "Profile":
        pack_size = 52 + self.pack.jokers
        centre = self.format.exchange.centre_cards if self.format.exchange.enabled else 0
        needed = self.table.max_players * self.format.cards_dealt + centre
        if needed > pack_size:
            most = (pack_size - centre) // self.format.cards_dealt
            raise ValueError(
                f"table.max_players: {self.table.max_players} players of {self.format.cards_dealt} cards "
                f"need {needed} cards but the pack has {pack_size}; at most {most} players"
            )
        if self.blind.retention and self.folding.blind_survivor != "carries":
            raise ValueError(
                "blind.retention: a retained hand needs folding.blind_survivor: carries "
                "(a blind survivor who collects has nothing to retain)"
            )
        if self.blind.retention and not self.blind.allowed:
            raise ValueError("blind.retention: there is no retained blind hand without blind play")
        if self.blind.retention and self.format.hands != 1:
            raise ValueError("blind.retention: retention is defined for one-hand formats only")
        from ..cards import parse_card

        jokers_named = [c for c in self.ranking.wild.cards if parse_card(c).is_joker]
        if any(int(parse_card(c)) >= 52 + self.pack.jokers for c in jokers_named):
            raise ValueError(
                f"ranking.wild.cards: {', '.join(jokers_named)} named wild, but the pack has "
                f"{self.pack.jokers} jokers (pack.jokers)"
            )
        if self.pack.jokers and not self.ranking.wild.jokers:
            raise ValueError(
                "pack.jokers: jokers in the pack must be wild (ranking.wild.jokers: true)"
            )
        if self.format.lives is not None and self.session.bankroll == "finite":
            raise ValueError("format.lives: a Crash game has no money, so no finite bankroll")
        if self.session.bankroll == "finite" and self.session.starting_stack < self.stakes.ante:
            raise ValueError(
                f"session.starting_stack: a stack of {self.session.starting_stack} cannot pay the ante of "
                f"{self.stakes.ante} (stakes.ante), so no deal could be played"
            )
        return self


def unwrap_annotation(annotation: Any) -> Any:
    """A field's type without ``Annotated`` and ``Optional`` around it.

    >>> unwrap_annotation(Profile.model_fields["stakes"].annotation) is Stakes
    True
    >>> unwrap_annotation(Stakes.model_fields["opening_max"].annotation)
    <class 'fractions.Fraction'>
    """
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
            continue
        if origin is Union:
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(args) == 1:
                annotation = args[0]
                continue
        return annotation


AREAS = (
    "table",
    "pack",
    "ranking",
    "stakes",
    "seeing",
    "folding",
    "blind",
    "session",
    "disputes",
    "format",
)

__all__ = [
    "AREAS",
    "unwrap_annotation",
    "Blind",
    "Bonus",
    "Category",
    "Disputes",
    "Exchange",
    "Folding",
    "Format",
    "Money",
    "Pack",
    "Profile",
    "RaiseLimit",
    "Ranking",
    "STANDARD_CATEGORY_ORDER",
    "Seeing",
    "Session",
    "SessionEnd",
    "Stakes",
    "Table",
    "Wild",
]

