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

import typing
from fractions import Fraction
from typing import Annotated, Any, Dict, List, Literal, Optional, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from bragrules.core.money import money_json, parse_money

# ---------------------------------------------------------------------------
# Shared types
# ---------------------------------------------------------------------------

_MONEY_DESCRIPTION = "An exact amount: an integer, or a fraction such as 5/2."
_DENOMINATOR = r"(/\s*0*[1-9]\d*)?"  # never a zero denominator


def _money_schema(sign: Literal["any", "not_negative", "positive"]) -> Dict[str, Any]:
    """The JSON Schema of an amount: a whole number or text that parse_money reads.

    ``sign`` narrows it as the validator does: ``not_negative`` refuses a minus
    sign (``-2``, ``"-5/2"``), ``positive`` refuses zero as well.

    >>> import re
    >>> texts = [alt["pattern"] for alt in _money_schema("positive")["anyOf"] if "pattern" in alt]
    >>> [any(re.match(t, s) for t in texts) for s in ("5/2", "0.5", "2½", "0", "0/3", "-1", "1/0")]
    [True, True, True, False, False, False, False]
    """
    if sign == "positive":
        whole: Dict[str, Any] = {"type": "integer", "minimum": 1}
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


def _share_schema() -> Dict[str, Any]:
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
        3, ge=2, le=20, description="Fewest players the game may start with."
    )
    max_players: int = Field(
        8, ge=2, le=20, description="Most players the game may seat; at least `table.min_players`. With `format.cards_dealt` "
        "(and the centre cards of `format.exchange`) it must fit in the pack: 8 × 3 = 24, but "
        "Nine-Card seats at most 5 (5 × 9 = 45)."
    )
    first_dealer: Literal["random", "first_seat"] = Field(
        "random",
        description="How the first dealer is chosen. `random`: drawn at random (from the seed); `first_seat`: "
        "the first seat listed, as agreed at the table (000: \"designate a dealer\").",
    )
    rotation: Literal["clockwise", "anticlockwise", "fixed"] = Field(
        "clockwise",
        description="Where the deal goes after each deal, always to a player still in (out of chips or lives, "
        "a player no longer deals). `clockwise`: one place clockwise, passing over players who "
        "are out; `anticlockwise`: one place anticlockwise; `fixed`: the same dealer throughout, "
        "until out (then clockwise).",
    )
    deal: Literal["singly", "in_batches"] = Field(
        "singly",
        description="How the cards go out. `singly`: one at a time round the table from the dealer's left; "
        "`in_batches`: each player's cards at once.",
    )
    cut: bool = Field(
        True,
        description="Whether the pack is cut, by the player on the dealer's right, after each shuffle.",
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

    jokers: int = Field(0, ge=0, le=2, description="Jokers added to the 52-card pack. Jokers must be wild (`ranking.wild.jokers: true`).")
    shuffle: Literal["every_deal", "after_prial_showdown", "first_deal_only"] = Field(
        "every_deal",
        description="When the pack is shuffled. `every_deal`: before every deal; `after_prial_showdown`: "
        "before the first deal, then only after a showdown won by a prial; `first_deal_only`: "
        "only before the first deal. Between shuffles, folded and completed hands go under the "
        "pack in the order they are collected; retained blind hands stay out.",
    )


# ---------------------------------------------------------------------------
# 2. Hand ranking
# ---------------------------------------------------------------------------


RANK_PATTERN = r"^\s*([2-9TJQKAtjqka]|10)\s*$"
"""A rank as :func:`bragrules.core.cards.parse_rank` reads it, for the schema."""
CARD_PATTERN = (
    r"^\s*(([2-9TJQKAtjqka]|10)[cdhsCDHS♣♧♦♢♥♡♠♤]|[Jj][Kk][12]?|[Jj][Oo][Kk][Ee][Rr]|🃏)\s*$"
)
"""A card as :func:`bragrules.core.cards.parse_card` reads it, for the schema.

>>> import re
>>> from bragrules.core.cards import CardError, parse_card
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
    """Wild cards, which stand for any card the holder likes.

    A wild card stands for any card that is not already in the hand (two wild
    cards never stand for the same card): with twos wild, A♥ 2♥ 4♥ is the flush
    A-K-4, never an "A-A-4 flush". 003 says only "某些牌（如 2）可以当任意牌" (some
    cards, such as the 2s, may be any card). There are none by default.
    """

    cards: List[Annotated[str, WithJsonSchema({"type": "string", "pattern": CARD_PATTERN})]] = Field(
        default_factory=list,
        description="Named wild cards, such as the traditional \"braggers\" J♣, 9♦ and A♦: `[Jc, 9d, Ad]`.",
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
        default_factory=list, description="Wild ranks: every card of these ranks is wild, e.g. `[2]` for twos wild (`[\"2\"]` reads "
        "the same)."
    )
    jokers: bool = Field(True, description="Whether jokers in the pack (`pack.jokers`) are wild. Must be true when the pack has "
        "jokers.")
    natural_beats_wild: bool = Field(
        True,
        description="A natural hand beats an otherwise equal hand made with wild cards; `false` ranks them "
        "equal.",
    )

    @model_validator(mode="after")
    def _cards_parse(self) -> "Wild":
        from bragrules.core.cards import parse_card, parse_rank

        cards = [parse_card(text) for text in self.cards]
        if len(set(cards)) != len(cards):
            raise ValueError("a wild card is named twice")
        ranks = [parse_rank(text) for text in self.ranks]
        if len(set(ranks)) != len(ranks):
            raise ValueError("a wild rank is named twice")
        return self


class Ranking(Area):
    """How three-card hands are ranked.

    All three texts agree on the standard order: prial (three of a kind) >
    running flush > run > flush > pair > high card; 3-3-3 is the best prial;
    A-2-3 the best run.
    """

    category_order: List[Category] = Field(
        default_factory=lambda: list(STANDARD_CATEGORY_ORDER),
        json_schema_extra={"uniqueItems": True, "minItems": 1, "contains": {"const": "high_card"}},
        description="The hand categories from highest to lowest. Must end with `high_card`; a category left "
        "out counts as high card. Older orders put flush above run, or count only prials and "
        "pairs: `[prial, pair, high_card]`.",
    )
    prial_order: Literal["threes_high", "ace_high"] = Field(
        "threes_high",
        description="The order of prials. `threes_high`: 3-3-3 best, then A-A-A, K-K-K down to 2-2-2; "
        "`ace_high`: A-A-A best, plain order.",
    )
    run_order: Literal["a23_high", "akq_high"] = Field(
        "a23_high",
        description="The order of runs and running flushes. `a23_high`: A-2-3 best, then A-K-Q, K-Q-J down to "
        "4-3-2; `akq_high`: A-K-Q best, A-2-3 lowest. K-A-2 is never a run.",
    )
    suits_break_ties: bool = Field(
        False, description="Whether suits decide between hands of equal rank (002: \"Suits never break ties\"). "
        "Flushes and high cards are compared card by card from the top, pairs by the pair then "
        "the kicker, before suits are considered."
    )
    suit_order: List[SuitName] = Field(
        default_factory=lambda: list(STANDARD_SUIT_ORDER),
        json_schema_extra={"uniqueItems": True, "minItems": 4, "maxItems": 4},
        description="Suits from highest to lowest, each once; used when `ranking.suits_break_ties` is true or "
        "`seeing.tie` is `suits`.",
    )
    wild: Wild = Field(default_factory=Wild, description="Wild cards.")

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
        description="How far one bet may raise the level. `none`: any raise; `max_increase`: each raise adds "
        "at most `amount` (003's fixed limit, \"固定限注\", is such a cap on each raise); `fixed`: each "
        "raise adds exactly `amount`; `pot`: each raise adds at most the pot as it stands before "
        "the bet (003's pot limit, \"底池限注\").",
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

    @model_validator(mode="after")
    def _amount(self) -> "RaiseLimit":
        if self.kind in ("max_increase", "fixed"):
            if self.amount is None or self.amount <= 0:
                raise ValueError(f"a {self.kind} raise limit needs a positive amount")
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
    """The see (showdown) between the last two players.

    Only the last two players may see (all three texts). The caller pays, then
    the hands are compared.
    """

    cost_multiple: Annotated[Money, _refuse_below("above_zero", "cost_multiple must be positive"), POSITIVE] = Field(
        Fraction(2), description="A see costs this many times the basis (`seeing.cost_basis`)."
    )
    cost_basis: Literal["caller_rate", "opponent_last_bet"] = Field(
        "caller_rate",
        description="What the multiple applies to. `caller_rate`: the caller's own rate at the current level, "
        "so a seen caller pays twice the level and a blind caller the level; `opponent_last_bet`: "
        "what the other player paid at their last turn (000: \"twice the amount of the other "
        "player's last bet\").",
    )
    seen_sees_seen: bool = Field(True, description="A seen player may see a seen player.")
    seen_sees_blind: bool = Field(False, description="A seen player may see a blind player.")
    blind_sees_seen: bool = Field(True, description="A blind player may see a seen player (paying the seen level under `caller_rate`).")
    blind_sees_blind: bool = Field(True, description="A blind player may see a blind player (paying twice the blind rate, which is the seen "
        "level).")
    exposure: Literal["opponent_first", "caller_first"] = Field(
        "opponent_first",
        description="Who turns cards first at a see: the opponent (`opponent_first`) or the caller "
        "(`caller_first`). Two blind players turn their cards alternately, in that order.",
    )
    concede_unseen: bool = Field(
        False,
        description="Whether the player who shows second may concede, without showing, once the first hand is "
        "turned; the conceded cards stay unknown (in the log too), and the first player takes the "
        "pot. The texts are silent (000: \"Both players then reveal their cards\").",
    )
    tie: Literal["caller_loses", "split", "suits", "eldest_hand"] = Field(
        "caller_loses",
        description="Equal hands at a see. `caller_loses`: the caller loses; `split`: the pot is shared; "
        "`suits`: `ranking.suit_order` decides; `eldest_hand`: the player nearer the dealer's "
        "left wins.",
    )


# ---------------------------------------------------------------------------
# 5. Folding and the lone survivor
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
        description="Everyone folds before anybody has bet. `last_player_wins`: the last player takes the "
        "antes; `carries`: the pot carries to the next deal (003's variant, \"没人下注\").",
    )


# ---------------------------------------------------------------------------
# 6. Blind play and retention
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
# 7. Sessions and scoring
# ---------------------------------------------------------------------------


class SessionEnd(Area):
    """When the session stops."""

    kind: Literal["resolved_pots", "hands", "one_player_left", "time", "never"] = Field(
        "never",
        description="The stopping rule. `resolved_pots`: after `count` pots are won, carried deals not "
        "counting; `hands`: after `count` deals; `one_player_left`: when one player holds every "
        "chip (finite bankroll only); `time`: after `minutes`; `never`: until the table stops.",
    )
    count: Optional[int] = Field(None, ge=1, description="The number for `resolved_pots` and `hands` (required there).")
    minutes: Optional[int] = Field(
        None, ge=1, le=10080, description="The time limit, for `kind: time`: the session ends with the first deal that finishes "
        "once this many minutes have passed since it began (a carried pot is played on until it "
        "is won). The log records each deal's finishing time; the audit checks the end against "
        "them."
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
# 9. Formats
# ---------------------------------------------------------------------------


class Exchange(Area):
    """Stop the Bus: swapping with face-up centre cards."""

    enabled: bool = Field(False, description="Whether players exchange cards with face-up centre cards. The centre cards count against "
        "the pack with `table.max_players`.")
    centre_cards: int = Field(3, ge=1, le=5, description="Face-up cards in the centre.")
    swap: Literal["one", "three", "one_or_three"] = Field(
        "one_or_three",
        description="What one turn may swap. `one`: one card; `three`: all three; `one_or_three`: either.",
    )


class Format(Area):
    """How many cards, how many hands, and how a deal is won."""

    cards_dealt: int = Field(3, ge=3, le=9, description="Cards dealt to each player; at least three per hand.")
    hands: int = Field(
        1, ge=1, le=3, description="Three-card hands each player makes from the cards dealt; spare cards are discarded face "
        "down."
    )
    hand_order: Literal["free", "strongest_first"] = Field(
        "free",
        description="With several hands: how they are arranged and matched against the opponent's "
        "\"corresponding\" hands. `free`: in any order the player likes; `strongest_first`: the "
        "stronger hand first.",
    )
    win_rule: Literal["all", "majority"] = Field(
        "majority",
        description="With several hands: who takes the pot; otherwise it carries to the next deal. `all`: a "
        "player who wins every hand; `majority`: a player who wins most of them.",
    )
    tied_hand: Literal["nobody", "against_caller"] = Field(
        "nobody",
        description="With several hands: a tied hand. `nobody`: won by nobody; `against_caller`: goes against "
        "the caller.",
    )
    discard_breaks_ties: bool = Field(
        False, description="Four-Card: equal best threes are decided by the discarded card."
    )
    betting: bool = Field(
        True,
        description="Whether there is betting. `false`: everyone shows at once. Must be `false` when "
        "`format.lives` is set.",
    )
    lives: Optional[int] = Field(
        None,
        ge=1,
        le=20,
        description="Crash: each player's lives; at each showdown the lowest hand loses one, and the last "
        "player with lives wins. No money is played, so no finite bankroll. `null`: an ordinary "
        "pot game.",
    )
    lowest_tie: Literal["all_lose", "none_lose"] = Field(
        "all_lose", description="Crash: equal lowest hands. `all_lose`: each loses a life; `none_lose`: none does."
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

    name: str = Field("unnamed", max_length=100, description="The profile's short name (at most 100 characters); the shipped ones match their file "
        "names.")
    description: str = Field("", description="One line on what the profile plays.")
    source: str = Field("", description="Where the rules come from (a rules text, a book, \"house rules\").")
    extends: Annotated[
        List[str],
        WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}),
    ] = Field(
        default_factory=list,
        description="Profiles this one builds on: a built-in name or a path relative to this file, or a list "
        "of them, applied in order, later winning; mappings merge deeply, lists are replaced. "
        "After loading, it records the names the profile was built from.",
    )
    table: Table = Field(default_factory=Table, description="Table and deal.")
    pack: Pack = Field(default_factory=Pack, description="The pack.")
    ranking: Ranking = Field(default_factory=Ranking, description="Hand ranking.")
    stakes: Stakes = Field(default_factory=Stakes, description="Stakes and betting.")
    seeing: Seeing = Field(default_factory=Seeing, description="The see.")
    folding: Folding = Field(default_factory=Folding, description="Folding and the lone survivor.")
    blind: Blind = Field(default_factory=Blind, description="Blind play.")
    session: Session = Field(default_factory=Session, description="Sessions and scoring.")
    disputes: Disputes = Field(default_factory=Disputes, description="Disputes.")
    format: Format = Field(default_factory=Format, description="Formats.")

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
        from bragrules.core.cards import parse_card

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

