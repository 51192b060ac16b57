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

import math
import typing
from typing import Annotated, Any, List, Union

from pydantic import Field, WithJsonSchema, model_validator

from bragrules.core.cards import parse_card, parse_rank
from bragrules.core.i18n import tr
from bragrules.core.money import MAX_DIGITS
from bragrules.profile.errors import Conflict

# The shared types every area builds on (kept importable from here).
from bragrules.rules.area import (  # noqa: F401
    _MONEY_DESCRIPTION,
    NOT_NEGATIVE,
    POSITIVE,
    STANDARD_CATEGORY_ORDER,
    STANDARD_SUIT_ORDER,
    Area,
    Category,
    Money,
    SuitName,
    _money_schema,
    _refuse_below,
    _share_schema,
)

# Each area's part of the model lives in its area's module.
from bragrules.rules.blind import Blind
from bragrules.rules.blind import check_profile as check_look_fee
from bragrules.rules.disputes import Disputes
from bragrules.rules.exchange import Exchange
from bragrules.rules.folding import Folding
from bragrules.rules.forced_bets import check_profile as check_forced
from bragrules.rules.format import Format
from bragrules.rules.hand_ranking import Ranking
from bragrules.rules.house import House
from bragrules.rules.pack import Pack
from bragrules.rules.pots import Pots
from bragrules.rules.pots import check_profile as check_pots
from bragrules.rules.procedure import Procedure
from bragrules.rules.procedure import check_profile as check_procedure
from bragrules.rules.ranking_models import CARD_PATTERN, RANK_PATTERN, Wild  # noqa: F401
from bragrules.rules.seeing import Seeing
from bragrules.rules.seeing import check_profile as check_split
from bragrules.rules.session import Bonus, Session, SessionEnd
from bragrules.rules.stakes import RaiseLimit, Stakes
from bragrules.rules.table import Table
from bragrules.rules.vocabulary import Vocabulary

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
    vocabulary: Vocabulary = Field(default_factory=Vocabulary,
                                   description="The game's own words: its title, its hands and its moves.")
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
    house: House = Field(default_factory=House, description="What the house takes: a rake, a table fee.")
    pots: Pots = Field(default_factory=Pots, description="Side pots beside the deal's own: one per hand, the best card, "
                       "the pips nearest 31.")
    procedure: Procedure = Field(default_factory=Procedure, description="The steps a table adds to a deal: a bust "
                                 "card, a fixed number of betting rounds, who deals next.")

    @model_validator(mode="before")
    @classmethod
    def _extends_list(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("extends"), str):
            data = dict(data)
            data["extends"] = [data["extends"]]
        return data

    def _stripped_wild(self) -> None:
        """A wild card or rank stripped from the pack could never be dealt: refused, not ignored."""
        stripped = {parse_rank(r) for r in self.pack.stripped_ranks}
        if not stripped:
            return
        for card in self.ranking.wild.cards:
            if parse_card(card).rank in stripped:
                raise Conflict(f"the wild card {card} is stripped from the pack", ("ranking.wild.cards", "pack.stripped_ranks"),
                               {})
        for rank in self.ranking.wild.ranks:
            if parse_rank(rank) in stripped:
                raise Conflict(f"the wild rank {rank} is stripped from the pack", ("ranking.wild.ranks", "pack.stripped_ranks"),
                               {})

    @model_validator(mode="after")
    def _consistent(self) -> "Profile":
        pack_size = 52 + self.pack.jokers - 4 * len(self.pack.stripped_ranks)
        from bragrules.rules.wild_select import centre_count

        centre = self.format.exchange.centre_cards if self.format.exchange.enabled else centre_count(self.ranking.wild)
        needed = self.table.max_players * self.format.cards_dealt + centre
        if needed > pack_size:
            most = (pack_size - centre) // self.format.cards_dealt
            fields = ("table.max_players", "format.cards_dealt", "pack.jokers") + (
                ("pack.stripped_ranks",) if self.pack.stripped_ranks else ())
            raise Conflict(
                tr("{players} players of {cards} cards need {needed} cards but the pack has {pack}; at most {most} "
                   "players", players=self.table.max_players, cards=self.format.cards_dealt, needed=needed,
                   pack=pack_size, most=most),
                fields, {"table.max_players": str(most)},
            )
        self._stripped_wild()
        if self.blind.retention and self.folding.blind_survivor != "carries":
            raise Conflict(
                "a retained hand needs folding.blind_survivor: carries "
                "(a blind survivor who collects has nothing to retain)",
                ("blind.retention", "folding.blind_survivor"),
                {"blind.retention": "false", "folding.blind_survivor": "carries"},
            )
        if self.blind.retention and not self.blind.allowed:
            raise Conflict("there is no retained blind hand without blind play",
                           ("blind.retention", "blind.allowed"), {"blind.retention": "false"})
        if self.blind.retention and self.format.hands != 1:
            raise Conflict("retention is defined for one-hand formats only",
                           ("blind.retention", "format.hands"), {"blind.retention": "false"})
        from bragrules.core.cards import parse_card

        jokers_named = [c for c in self.ranking.wild.cards if parse_card(c).is_joker]
        if any(int(parse_card(c)) >= 52 + self.pack.jokers for c in jokers_named):
            raise Conflict(
                f"{', '.join(jokers_named)} named wild, but the pack has {self.pack.jokers} jokers (pack.jokers)",
                ("ranking.wild.cards", "pack.jokers"),
            )
        if self.pack.jokers and not self.ranking.wild.jokers:
            raise Conflict("jokers in the pack must be wild (ranking.wild.jokers: true)",
                           ("pack.jokers", "ranking.wild.jokers"), {"ranking.wild.jokers": "true", "pack.jokers": "0"})
        if self.session.end.kind == "rounds" and self.table.rotation == "fixed":
            raise Conflict(
                "a round is every player dealing once, but with table.rotation: fixed the same player "
                "deals throughout, so no round would ever end; count hands instead",
                ("session.end.kind", "table.rotation"),
            )
        if self.format.lives is not None and self.session.bankroll == "finite":
            raise Conflict("a Crash game has no money, so no finite bankroll",
                           ("format.lives", "session.bankroll"), {"session.bankroll": "unlimited"})
        from bragrules.rules.points import check_points

        points = check_points(self)
        if points is not None:
            raise Conflict(*points)
        from bragrules.rules.open_hands import check_open

        opened = check_open(self)
        if opened is not None:
            raise Conflict(*opened)
        from bragrules.rules.wild_deal import check_profile

        wrong = check_profile(self)
        if wrong is not None:
            raise Conflict(*wrong)
        _refuse_amounts_too_fine_for_a_log(self)
        pots = check_pots(self)
        if pots is not None:
            raise Conflict(*pots)
        procedure = check_procedure(self) or check_look_fee(self) or check_split(self)
        if procedure is not None:
            raise Conflict(*procedure)
        forced = check_forced(self)
        if forced is not None:
            raise Conflict(forced, ("stakes.forced.amount", "stakes.level_step", "stakes.blind_rate"))
        if self.session.bankroll == "finite" and self.session.starting_stack < self.stakes.ante:
            raise Conflict(
                f"a stack of {self.session.starting_stack} cannot pay the ante of "
                f"{self.stakes.ante} (stakes.ante), so no deal could be played",
                ("session.starting_stack", "stakes.ante", "session.bankroll"),
            )
        return self


LOG_DIGITS = MAX_DIGITS - 30
"""The most digits an amount of a profile may take in a session log, numerator and denominator together,
less a margin for the pots that grow from it: a log reads amounts of at most ``MAX_DIGITS`` digits."""


def _digits(value: int) -> int:
    return len(str(abs(value))) if abs(value) < 10 ** 4000 else value.bit_length() * 30103 // 100000 + 1


def _refuse_amounts_too_fine_for_a_log(profile: "Profile") -> None:
    """Refuse amounts whose play could not be written in a log and read back exactly.

    Every amount of a session is a whole number of the profile's unit, 1/D
    (D: the least common denominator of the amounts it pays, levels times
    the blind rate and the see multiple included), so a log writes it as
    ``N/D`` with N about the amount times D. A profile whose unit is so fine,
    or whose amounts are so large, that such a text would pass the digits a
    log reads (:data:`~bragrules.core.money.MAX_DIGITS`) is refused at the
    finest field, as a user would want it refused before play rather than
    after, when the log cannot be audited or resumed.

    >>> from pydantic import ValidationError
    >>> try:
    ...     Profile.model_validate({"stakes": {"blind_rate": "1/" + "7" * 2200}})
    ... except ValidationError as exc:
    ...     print(exc.errors()[0]["msg"][:80])
    Value error, stakes.blind_rate: amounts this fine cannot be written exactly in a
    """
    stakes, session = profile.stakes, profile.session
    step, rate, multiple = stakes.level_step, stakes.blind_rate, profile.seeing.cost_multiple
    fields = {
        "stakes.ante": [stakes.ante],
        "stakes.level_step": [step, step * multiple],
        "stakes.blind_rate": [step * rate, step * rate * multiple],
        "seeing.cost_multiple": [step * multiple],
        "stakes.opening_min": [stakes.opening_min],
        "stakes.opening_max": [stakes.opening_max] if stakes.opening_max is not None else [],
        "stakes.raise_limit.amount": [stakes.raise_limit.amount] if stakes.raise_limit.amount is not None else [],
        "stakes.raises_stop_at": [stakes.raises_stop_at] if stakes.raises_stop_at is not None else [],
        "session.starting_stack": [session.starting_stack],
        "session.bonus.prial": [session.bonus.prial],
        "session.bonus.running_flush": [session.bonus.running_flush],
    }
    unit = 1
    largest = 1
    for amounts in fields.values():
        for amount in amounts:
            unit = unit * amount.denominator // math.gcd(unit, amount.denominator)
            largest = max(largest, abs(amount.numerator) // amount.denominator + 1)
    if _digits(unit) == 1 and _digits(largest) <= LOG_DIGITS:
        return
    needed = 2 * _digits(unit) + _digits(largest)  # N/D: N about the amount times D, then D
    if needed <= LOG_DIGITS:
        return
    finest = max(fields, key=lambda path: max((_digits(a.denominator) for a in fields[path]), default=0))
    if _digits(unit) == 1:
        finest = max(fields, key=lambda path: max((_digits(a.numerator) for a in fields[path]), default=0))
    raise ValueError(
        f"{finest}: amounts this {'fine' if _digits(unit) > 1 else 'large'} cannot be written exactly in a "
        f"session log: this profile counts money in units of 1/D, D of {_digits(unit)} digits, and its "
        f"largest amount has {_digits(largest)}; a log's amounts would run to {needed} digits, over {LOG_DIGITS}"
    )


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
    "house",
    "pots",
    "procedure",
)

__all__ = [
    "AREAS",
    "NOT_NEGATIVE",
    "POSITIVE",
    "STANDARD_SUIT_ORDER",
    "Area",
    "SuitName",
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

