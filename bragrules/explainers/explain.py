"""Every rule of a profile in plain words: a thin facade over the rule areas.

Each area's module (:mod:`bragrules.rules.stakes`, :mod:`bragrules.rules.seeing`,
...) says, in English, what its fields' values mean at the table, when each
field is in play and where each value comes from. This module finds those
texts by a field's identifier, its dotted path, for ``bragrules diff``,
``bragrules rulebook``, the reference and ``arbitrate``.

>>> explain("seeing.tie", "caller_loses")
'a tie goes against the player who called the see'
>>> explain("seeing.tie", "split")
'a tied see splits the pot'
>>> explain("stakes.ante", 1)
'every player antes 1 for each fresh deal, carried deals included'
>>> explain("stakes.raise_limit.amount", 5, {"stakes": {"raise_limit": {"kind": "max_increase"}}})
'each raise adds at most 5 to the level'

A sentence may depend on the rest of the profile (what a see costs depends
on both the multiple and the basis); pass the profile as the context (a
mapping of the fields that differ from an empty profile also serves).
Without one, the defaults of an empty profile are assumed.

Each field path belongs to a rule area (:func:`area_of`) and, where known,
comes from a source (:func:`source_of`): the rule texts 000, 002 and 003,
pagat, Hoyle, Wikipedia or a house rule.

>>> area_of("folding.blind_survivor"), area_of("blind.retention")
('carry-over', 'blind play')
>>> source_of("seeing.tie", "caller_loses"), source_of("seeing.tie", "eldest_hand")
('000, 002, 003', 'pagat (Three-Stake Brag)')
"""

from __future__ import annotations

import re
import typing
from functools import lru_cache
from typing import Annotated, Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from bragrules.profile.models import Profile, unwrap_annotation
from bragrules.rules import table as table_area
from bragrules.rules.bank import moot
from bragrules.rules.registry import AREAS, METADATA_TEXT, area_of_path, area_text, field_text, field_texts
from bragrules.rules.vocabulary import in_english, said, words_of
from bragrules.rules.words import (
    capitalise,
    money_text,
    number_word,
    people_value,
    show_value,
    times_text,
)

__all__ = [
    "AREA_ORDER",
    "AREA_TITLES",
    "CHOICES",
    "METADATA",
    "SENTENCES",
    "SOURCES",
    "area_of",
    "area_title",
    "capitalise",
    "choices_of",
    "describe_field",
    "explain",
    "fallback_sentence",
    "field_info",
    "field_paths",
    "in_play",
    "json_value",
    "money_text",
    "number_word",
    "play_direction",
    "people_value",
    "profile_with",
    "show_value",
    "sentence_source",
    "source_of",
    "times_text",
    "value_of",
]

Context = Union[Profile, Mapping[str, Any], None]

# ---------------------------------------------------------------------------
# The model tree
# ---------------------------------------------------------------------------


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _walk(model: type, prefix: str = "") -> List[Tuple[str, FieldInfo]]:
    found: List[Tuple[str, FieldInfo]] = []
    for name, info in model.model_fields.items():  # type: ignore[attr-defined]
        path = f"{prefix}{name}"
        inner = unwrap_annotation(info.annotation)
        if _is_model(inner):
            found.extend(_walk(inner, path + "."))
        else:
            found.append((path, info))
    return found


_FIELDS: Dict[str, FieldInfo] = dict(_walk(Profile))


def field_paths() -> List[str]:
    """Every leaf field of a profile as a dotted path, in the model's order.

    >>> paths = field_paths()
    >>> paths[:3], "stakes.raise_limit.amount" in paths, "stakes.raise_limit" in paths
    (['name', 'description', 'source'], True, False)
    """
    return list(_FIELDS)


def field_info(path: str) -> FieldInfo:
    """The pydantic field at ``path`` (KeyError if there is none)."""
    return _FIELDS[path]


def describe_field(path: str) -> str:
    """The field's own description from the schema."""
    return (_FIELDS[path].description or path).strip()


def choices_of(path: str) -> Optional[Tuple[Any, ...]]:
    """The values a field may take when it is a choice (a Literal or a bool), else None."""
    annotation = unwrap_annotation(_FIELDS[path].annotation)
    if annotation is bool:
        return (True, False)
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(typing.get_args(annotation))
    return None


@lru_cache(maxsize=None)
def _adapter(path: str) -> "TypeAdapter[Any]":
    """The field's type with its validators and serializer (pydantic keeps those of the
    outer ``Annotated`` in the field's metadata)."""
    info = _FIELDS[path]
    annotation: Any = info.annotation
    if info.metadata:
        params = (annotation, *info.metadata)
        annotation = Annotated[params]
    return TypeAdapter(annotation)


def value_of(profile: Profile, path: str) -> Any:
    """The value of the leaf field ``path`` of a profile, read by its area's typed reader.

    >>> value_of(Profile(), "stakes.blind_rate")
    Fraction(1, 2)
    """
    return field_text(path).read(profile)


def json_value(profile: Profile, path: str) -> Any:
    """The value at ``path`` as JSON writes it (``"5/2"`` for an amount): what ``--json`` prints.

    >>> json_value(Profile(), "stakes.blind_rate"), json_value(Profile(), "ranking.wild.cards")
    ('1/2', [])
    """
    return _adapter(path).dump_python(value_of(profile, path), mode="json")


# ---------------------------------------------------------------------------
# Areas
# ---------------------------------------------------------------------------

METADATA = tuple(f.path for f in METADATA_TEXT.fields)
"""Fields that describe a profile rather than a rule."""

AREA_ORDER: Tuple[str, ...] = (
    "table",
    "pack",
    "procedure",
    "ranking",
    "stakes",
    "blind play",
    "seeing",
    "carry-over",
    "session",
    "house",
    "format",
    "pots",
    "disputes",
)
"""The rule areas in the order a table explains the game."""

AREA_TITLES: Dict[str, str] = {METADATA_TEXT.name: METADATA_TEXT.title, **{a.name: a.title for a in AREAS}}
"""Each area's heading, by the area's name."""


def area_title(key: str) -> Optional[str]:
    """The heading of the rule area whose profile key is ``key``; None for metadata or no area.

    >>> area_title("folding"), area_title("name"), area_title("nonsense")
    ('Folding and carried pots', None, None)
    """
    try:
        area = area_text(key)
    except KeyError:
        return None
    return None if area is METADATA_TEXT else area.title


def area_of(path: str) -> str:
    """The rule area of a field path: ``"metadata"`` for name, description, source, extends.

    >>> area_of("stakes.raise_limit.kind"), area_of("name")
    ('stakes', 'metadata')
    """
    return area_of_path(path).name


# ---------------------------------------------------------------------------
# A profile holding a value
# ---------------------------------------------------------------------------

_DEFAULT = Profile()


def _overlay(model: BaseModel, data: Mapping[str, Any], prefix: str = "") -> BaseModel:
    """``model`` with the values of ``data`` put in, each converted by its field's type;
    no check across fields runs (a value is explained even where the rest of the
    profile would refuse it)."""
    updates: Dict[str, Any] = {}
    for name, value in data.items():
        if name not in type(model).model_fields:
            continue
        current = getattr(model, name)
        if isinstance(current, BaseModel) and isinstance(value, Mapping):
            updates[name] = _overlay(current, value, f"{prefix}{name}.")
        elif f"{prefix}{name}" in _FIELDS:
            try:
                updates[name] = _adapter(f"{prefix}{name}").validate_python(value)
            except ValidationError:
                updates[name] = value
    return model.model_copy(update=updates)


def _nest(path: str, value: Any) -> Dict[str, Any]:
    parts = path.split(".")
    out: Dict[str, Any] = {parts[-1]: value}
    for part in reversed(parts[:-1]):
        out = {part: out}
    return out


def _profile(context: Context) -> Profile:
    if isinstance(context, Profile):
        return context
    if context is None:
        return _DEFAULT
    found = _overlay(_DEFAULT, context)
    assert isinstance(found, Profile)
    return found


def profile_with(path: str, value: Any, context: Context = None) -> Profile:
    """The profile of ``context`` with ``value`` at ``path``: what a sentence about that value reads.

    >>> profile_with("stakes.ante", "5/2").stakes.ante
    Fraction(5, 2)
    """
    base = _profile(context)
    if path in _FIELDS:
        try:
            if value_of(base, path) == value:
                return base
        except (AttributeError, KeyError):
            pass
    found = _overlay(base, _nest(path, value))
    assert isinstance(found, Profile)
    return found


# ---------------------------------------------------------------------------
# Explaining
# ---------------------------------------------------------------------------

SENTENCES: Dict[str, Callable[[Profile], str]] = {f.path: f.sentence for f in field_texts()}
"""A sentence function for every field path: ``(profile) -> str``, from the field's area."""


def fallback_sentence(path: str, value: Any) -> str:
    """``<field description>: <value>``, for a path with no sentence of its own."""
    description = describe_field(path).rstrip(".") if path in _FIELDS else path
    return f"{description}: {show_value(value)}"


def explain(path: str, value: Any, context: Context = None, *, latin_moves_only: bool = False) -> str:
    """A plain sentence (lower case, no full stop) for ``value`` at ``path``.

    ``context`` is the profile the value belongs to; fields whose meaning
    depends on others read them from it. ``latin_moves_only`` keeps a move named in another script
    out of the English sentence (the rulebook, which names such a word once in its introduction);
    a diff or a ruling, read on its own, keeps the game's word.

    >>> explain("seeing.cost_basis", "opponent_last_bet")
    "a see costs twice the other player's last bet"
    >>> explain("blind.allowed", False)
    'blind play is not allowed: everyone looks at their cards at once'

    A profile that names its moves (``vocabulary.moves``) is told in them (Teen Patti's show for a see):

    >>> explain("seeing.cost_basis", "opponent_last_bet", {"vocabulary": {"moves": {"see": "show", "bet": "chaal"}}})
    "a show costs twice the other player's last chaal"
    >>> zjh = {"vocabulary": {"moves": {"see": "比牌", "bet": "跟注"}}}
    >>> explain("seeing.cost_basis", "opponent_last_bet", zjh)
    "a 比牌 costs twice the other player's last 跟注"
    >>> explain("seeing.cost_basis", "opponent_last_bet", zjh, latin_moves_only=True)
    "a see costs twice the other player's last bet"
    """
    function = SENTENCES.get(path)
    if function is None:
        return fallback_sentence(path, value)
    try:
        profile = profile_with(path, value, context)
        words = words_of(profile)
        return said(function(profile), in_english(words) if latin_moves_only else words)
    except (KeyError, TypeError, ValueError, AttributeError):
        return fallback_sentence(path, value)


CHOICES: Dict[str, Dict[Any, str]] = {
    path: {value: explain(path, value) for value in values}
    for path in _FIELDS
    for values in [choices_of(path)]
    if values is not None
}
"""For fields that are choices: the sentence of each value (under an otherwise empty profile)."""


def play_direction(context: Context = None) -> str:
    """Which way play goes round the table: ``"clockwise from the dealer's left"``,
    or ``"anticlockwise from the dealer's right"`` when the deal passes that way."""
    return table_area.play_direction(_profile(context))


# ---------------------------------------------------------------------------
# In play or not
# ---------------------------------------------------------------------------


def in_play(path: str, context: Context = None) -> bool:
    """Whether a field changes anything at the table under the given profile.

    Some fields only matter together with others: a raise amount without a
    capped raise, a suit order while suits never decide, Crash's tied lowest
    hands in a pot game. Each area says so of its own fields.

    >>> in_play("stakes.raise_limit.amount"), in_play("ranking.suit_order")
    (False, False)
    >>> in_play("stakes.raise_limit.amount", {"stakes": {"raise_limit": {"kind": "fixed", "amount": 2}}})
    True
    """
    try:
        text = field_text(path)
    except KeyError:  # no field of the profile: a rule every table shares is always in play
        return True
    profile = _profile(context)
    if moot(path, profile):  # a banking game's stakes are settled against the bank (procedure.bank)
        return False
    return bool(text.in_play(profile))


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------

SOURCES: Dict[str, Dict[str, str]] = {f.path: dict(f.sources) for f in field_texts()}
"""Where each rule comes from, per path: a source per value, ``"*"`` for the field (from the areas)."""

_MISSING = object()


_MARK = re.compile(r"\b(000|002|003|pagat|Hoyle|Wikipedia|house rule)\b")
_BARE_LIST = re.compile(r"^\s*\d{3}(\s*,\s*\d{3})*\s*$")


def _marks(source: str) -> List[str]:
    return _MARK.findall(source)


def sentence_source(sources: List[str]) -> str:
    """Where one sentence comes from, when several fields' values make it together (a raise
    cap's kind and amount, a session's end and its count, a see's multiple and basis): the
    sources that state every one of those values, not any one of them. A value no text states
    makes the sentence a house rule; a source naming no text (the profile itself, a convention)
    does not narrow the others.

    >>> sentence_source(["002; 003's fixed-limit variant (a cap on each raise)", "002"])
    '002'
    >>> sentence_source(["002", "002, 003"])  # eight resolved pots: 002's, not 003's eight hands
    '002'
    >>> sentence_source(["000, 002, 003", "000"])  # twice the other player's last bet
    '000'
    >>> sentence_source(["003", "house rule"])  # twenty hands
    'house rule'
    >>> sentence_source(["000 (by default everyone looks); 002 section 07 (seen-only practice)"])
    '000 (by default everyone looks); 002 section 07 (seen-only practice)'
    """
    stated = [s for s in sources if s and _marks(s)]
    if not stated:
        return "; ".join(dict.fromkeys(s for s in sources if s))
    common = set(_marks(stated[0]))
    for source in stated[1:]:
        common &= set(_marks(source))
    if not common:
        return "house rule" if any("house rule" in _marks(s) for s in stated) else "; ".join(dict.fromkeys(stated))
    kept: List[str] = []
    for source in stated:
        for clause in source.split(";"):
            clause = clause.strip()
            if _BARE_LIST.match(clause):  # "002, 003": only the texts every value comes from
                clause = ", ".join(m for m in _marks(clause) if m in common)
            elif not set(_marks(clause)) <= common:
                continue
            if clause and clause not in kept:
                kept.append(clause)
    bare = [k for k in kept if _BARE_LIST.match(k)]
    worded = [k for k in kept if not _BARE_LIST.match(k)]
    named = {m for k in worded for m in _marks(k)}
    bare = [b for b in bare if not set(_marks(b)) <= named]  # "002" beside "002 section 05" says nothing more
    return "; ".join(bare + worded)


def source_of(path: str, value: Any = _MISSING) -> str:
    """Where a field (or one of its values) comes from; ``""`` if unknown.

    >>> source_of("pack.shuffle", "after_prial_showdown")
    '002'
    >>> source_of("stakes.ante", 3)
    '000: an agreed ante'
    """
    try:
        text = field_text(path)
    except KeyError:
        return ""
    if value is _MISSING:
        return text.source(whole=True)
    return text.source(value)
