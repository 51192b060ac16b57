"""The rule areas in order, and every field's texts by its identifier.

The explainers (``explain``, ``diff``, ``rulebook``, the reference) and
``arbitrate`` find what an area says here; each area's module is the one
place its fields are explained.

>>> [area.key for area in AREAS][:4]
['table', 'pack', 'ranking', 'stakes']
>>> field_text("seeing.tie").path, area_text("folding").name
('seeing.tie', 'carry-over')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Tuple

from bragrules.rules import (
    bank,
    blind,
    disputes,
    folding,
    hand_ranking,
    house,
    pack,
    pots,
    procedure,
    seeing,
    session,
    side_show,
    stakes_text,
    table,
)
from bragrules.rules import format as fmt
from bragrules.rules.area import AreaText, FieldText, SectionWriter
from bragrules.rules.words import join

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

AREAS: Tuple[AreaText, ...] = (
    table.TEXT,
    pack.TEXT,
    hand_ranking.TEXT,
    stakes_text.TEXT,
    side_show.joined(seeing.TEXT),
    folding.TEXT,
    blind.TEXT,
    session.TEXT,
    disputes.TEXT,
    fmt.TEXT,
    house.TEXT,
    pots.TEXT,
    bank.joined(procedure.TEXT),
)
"""Every rule area, in the profile's order."""


def _name(p: "Profile") -> str:
    return f"the profile is called {p.name}"


def _description(p: "Profile") -> str:
    return f"it plays {p.description}" if p.description else "it has no description"


def _source(p: "Profile") -> str:
    return f"its rules come from {p.source}" if p.source else "it names no source"


def _extends(p: "Profile") -> str:
    return f"it builds on {join(list(p.extends))}" if p.extends else "it builds on no other profile"


_ITSELF = {"*": "the profile itself"}


def _title(p: "Profile") -> str:
    title = p.vocabulary.title
    return f"the game is called {title}" if title else "the game goes by its format's name"


def _hands(p: "Profile") -> str:
    named = p.vocabulary.hands
    if not named:
        return "the hands keep their Brag names"
    return "the hands are called " + join([f"{word} ({key.replace('_', ' ')})" for key, word in named.items()])


def _moves(p: "Profile") -> str:
    named = p.vocabulary.moves
    if not named:
        return "the moves keep their Brag names"
    return "the moves are called " + join([f"{word} ({key})" for key, word in named.items()])

def _languages(p: "Profile") -> str:
    named = p.vocabulary.languages
    if not named:
        return "the game's words are the same in every language"
    return "the game has its own words in " + join(sorted(named))


METADATA_TEXT = AreaText(
    key="metadata",
    name="metadata",
    title="Profile",
    fields=(
        FieldText("name", lambda p: p.name, _name, _ITSELF),
        FieldText("description", lambda p: p.description, _description, _ITSELF),
        FieldText("source", lambda p: p.source, _source, _ITSELF),
        FieldText("extends", lambda p: p.extends, _extends, _ITSELF),
        FieldText("vocabulary.title", lambda p: p.vocabulary.title, _title, _ITSELF),
        FieldText("vocabulary.hands", lambda p: p.vocabulary.hands, _hands, _ITSELF),
        FieldText("vocabulary.moves", lambda p: p.vocabulary.moves, _moves, _ITSELF),
        FieldText("vocabulary.languages", lambda p: p.vocabulary.languages, _languages, _ITSELF),
    ),
)
"""The fields that describe a profile rather than a rule: its metadata and its game's words."""

_BY_PATH: Dict[str, FieldText] = {f.path: f for area in (METADATA_TEXT, *AREAS) for f in area.fields}
_BY_KEY: Dict[str, AreaText] = {area.key: area for area in (METADATA_TEXT, *AREAS)}


def field_text(path: str) -> FieldText:
    """The texts of the leaf field ``path`` (KeyError if there is none)."""
    return _BY_PATH[path]


def field_texts() -> List[FieldText]:
    """Every leaf field's texts, metadata first, then area by area."""
    return list(_BY_PATH.values())


def later_fields() -> List[str]:
    """The paths of the fields added after the profile hash was first recorded (``FieldText.later``).

    >>> "stakes.raises_stop_at" in later_fields(), "stakes.ante" in later_fields()
    (True, False)
    """
    return [f.path for f in _BY_PATH.values() if f.later]


def area_text(key: str) -> AreaText:
    """The area whose profile key is ``key`` (``"folding"``), or ``"metadata"``."""
    return _BY_KEY[key]


def area_of_path(path: str) -> AreaText:
    """The area a field path belongs to (KeyError for a path in no area).

    >>> area_of_path("blind.retention").name, area_of_path("name").name
    ('blind play', 'metadata')
    """
    top = path.split(".", 1)[0]
    if path in _BY_PATH and _BY_PATH[path] in METADATA_TEXT.fields:
        return METADATA_TEXT
    if top == METADATA_TEXT.key:
        raise KeyError(path)
    return _BY_KEY[top]


def rulebook_sections() -> List[SectionWriter]:
    """Every area's rulebook sections, in the order a table explains the game."""
    found = [(order, writer) for area in AREAS for order, writer in area.sections]
    return [writer for _, writer in sorted(found, key=lambda pair: pair[0])]
