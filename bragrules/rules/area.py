"""What every rule area shares: the model's base and money types, and the texts' structure.

A rule area (:mod:`bragrules.rules.stakes`, :mod:`bragrules.rules.seeing`, ...)
is one module that owns everything about its part of the rules:

- its part of the profile model (pydantic classes built on :class:`Area`);
- its compiled policy, the small object the engine asks;
- its texts: for every field a :class:`FieldText` (the plain sentence, when
  the field is in play, where each value comes from), gathered in one
  :class:`AreaText` with the area's rulebook sections.

Sentences and predicates receive the typed :class:`~bragrules.profile.models.Profile`
and read its attributes (``p.stakes.raise_limit.kind``). A field's dotted
path is its identifier (``diff --json`` and the audit's violation names use
it), never a way to read a value.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.registry import field_text
>>> text = field_text("stakes.ante")
>>> text.sentence(Profile()), text.in_play(Profile()), text.source(Fraction(1))
('every player antes 1 for each fresh deal, carried deals included', True, '002')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Callable,
    Dict,
    List,
    Literal,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PlainSerializer,
    WithJsonSchema,
)

from bragrules.core.i18n import language, tr
from bragrules.core.money import money_json, parse_money

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

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
            raise ValueError(tr(message))  # the message marked for the catalogue where it is written (_refuse_below)
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
# The texts of an area
# ---------------------------------------------------------------------------


def always(profile: "Profile") -> bool:
    """The predicate of a field that is in play under every profile."""
    return True


@dataclass(frozen=True)
class FieldText:
    """What the explainers may say about one leaf field of the profile.

    ``path`` is the field's identifier (``"stakes.raise_limit.kind"``);
    ``read`` takes the field's value from a typed profile; ``sentence`` says,
    in plain words (lower case, no full stop), what the profile's value
    means at the table; ``in_play`` says whether the value changes anything
    under that profile; ``sources`` gives where each value comes from, keyed
    by the value as a profile author writes it (``"5/2"``, ``"true"``,
    ``"[2]"``), ``"*"`` for the field as a whole; ``choices`` speaks for each
    value of a choice field (a Literal or a bool) on its own.

    ``later`` marks a field added after logs began to record the profile's
    hash: while a profile leaves it at its default it is left out of the
    hash (:func:`bragrules.profile.loader.profile_hash`), so the logs written
    before the field existed still audit.
    """

    path: str
    read: Callable[["Profile"], Any]
    sentence: Callable[["Profile"], str]
    sources: Mapping[str, str] = field(default_factory=dict)
    in_play: Callable[["Profile"], bool] = always
    choices: Optional[Mapping[Any, str]] = None
    later: bool = False

    def source(self, value: Any = None, *, whole: bool = False) -> str:
        """Where ``value`` comes from (``""`` if unknown); with ``whole``, the field's sources."""
        from bragrules.rules.words import show_value

        if not whole:
            found = self.sources.get(show_value(value))
            if found:
                return found
        if "*" in self.sources:
            return self.sources["*"]
        if whole:
            return "; ".join(f"{k}: {v}" for k, v in self.sources.items())
        return ""


def choice(path: str, read: Callable[["Profile"], Any], table: Mapping[Any, str],
           sources: Mapping[str, str], in_play: Callable[["Profile"], bool] = always,
           later: bool = False) -> FieldText:
    """A choice field whose sentence depends on its own value alone: one sentence per value, in the
    language spoken (each is a message of the catalogue: :func:`bragrules.core.catalogues.extract`
    gathers every choice's sentences)."""
    return FieldText(path, read, lambda p: tr(table[read(p)]), sources, in_play, choices=dict(table), later=later)


# ---------------------------------------------------------------------------
# Rulebook content: sections of paragraphs, lists and tables
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: Tuple[str, ...]


@dataclass(frozen=True)
class Table:
    header: Tuple[str, ...]
    rows: Tuple[Tuple[str, ...], ...]


Block = Union[Paragraph, Bullets, Table]


@dataclass
class Section:
    """A section of the rulebook: a title, blocks of text, and subsections."""

    key: str
    title: str
    blocks: List[Block] = field(default_factory=list)
    subsections: List["Section"] = field(default_factory=list)

    def para(self, *sentences: str) -> None:
        """A paragraph of sentences (empty ones left out)."""
        text = ("" if language() == "zh" else " ").join(s for s in sentences if s)  # Chinese: no space between
        if text:
            self.blocks.append(Paragraph(text))

    def bullets(self, items: Sequence[str]) -> None:
        items = tuple(i for i in items if i)
        if items:
            self.blocks.append(Bullets(items))

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.blocks.append(Table(tuple(header), tuple(tuple(r) for r in rows)))


SectionWriter = Callable[["Profile"], Optional[Section]]
"""Writes one rulebook section from a profile; None when the section does not apply."""


@dataclass(frozen=True)
class AreaText:
    """Everything an area says: its fields' texts and its rulebook sections.

    ``key`` is the profile's top-level field (``"folding"``); ``name`` the
    area as people call it (``"carry-over"``), which ``diff`` groups by;
    ``title`` its heading. ``sections`` are ``(order, writer)`` pairs: the
    rulebook sorts every area's sections by ``order``, since the rulebook
    explains the game in a table's order, not the profile's.
    """

    key: str
    name: str
    title: str
    fields: Tuple[FieldText, ...]
    sections: Tuple[Tuple[int, SectionWriter], ...] = ()
