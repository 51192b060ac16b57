"""The field reference of docs/variants.md, generated from the profile models.

Every row of the reference comes from the one place that defines the rule:
the meaning is the field's ``description``, the values are read from its
type and constraints (the same JSON Schema editors check against), the
default is the model's own, and the source is :data:`bragrules.explainers.explain.SOURCES`.
Each rule area is a section, titled by the area field's description and
introduced by the area model's docstring; a nested group (``stakes.raise_limit``)
is a subsection of its area.

>>> row = field_row("table.min_players")
>>> row.path, row.values, row.default, row.source
('table.min_players', '2-20', '`3`', '`3`: 000; `2`: 003; other values: house rule')
>>> field_row("stakes.opening_max").values
'an amount above 0, or `null`'
>>> field_row("seeing.tie").values
'`caller_loses`, `split`, `suits`, `eldest_hand`'
>>> field_row("ranking.wild.ranks").values
'a list of ranks (`2`-`10`, `J`, `Q`, `K`, `A`)'

docs/variants.md keeps its hand-written prose around the generated part,
which sits between two comment lines; :func:`update` replaces only what is
between them:

>>> doc = "intro\\n" + BEGIN + "\\nold\\n" + END + "\\noutro\\n"
>>> new = update(doc, "new")
>>> new.splitlines()
['intro', '<!-- generated: fields (python -m bragrules.explainers.reference --write) -->', 'new', '<!-- end generated -->', 'outro']
>>> update(new, "new") == new
True

From the command line, ``python -m bragrules.explainers.reference --write`` rewrites the
file, ``--check`` exits with status 1 when the committed copy is stale.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bragrules.explainers.explain import SOURCES, json_value, show_value
from bragrules.profile.models import Profile, unwrap_annotation
from bragrules.rules.ranking_models import CARD_PATTERN, RANK_PATTERN

__all__ = [
    "BEGIN",
    "DOC",
    "END",
    "COMMAND",
    "FieldRow",
    "field_row",
    "main",
    "render",
    "source_text",
    "stale",
    "update",
]

COMMAND = "python -m bragrules.explainers.reference --write"
"""The command that rewrites the generated part of docs/variants.md."""
BEGIN = f"<!-- generated: fields ({COMMAND}) -->"
END = "<!-- end generated -->"
DOC = Path(__file__).resolve().parents[2] / "docs" / "variants.md"
"""docs/variants.md of a source checkout (absent from an installed wheel)."""

_DEFAULT = Profile()


# ---------------------------------------------------------------------------
# The model tree and its JSON Schema
# ---------------------------------------------------------------------------


def _model_of(info: FieldInfo) -> Optional[type]:
    inner = unwrap_annotation(info.annotation)
    if isinstance(inner, type) and issubclass(inner, BaseModel):
        return inner
    return None


_SCHEMA: Dict[str, Any] = Profile.model_json_schema()


def _resolve(node: Dict[str, Any]) -> Dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str):
        resolved: Dict[str, Any] = _SCHEMA["$defs"][ref.rsplit("/", 1)[1]]
        return resolved
    return node


def _schema_of(path: str) -> Dict[str, Any]:
    """The JSON Schema of one field, as pydantic writes it for ``Profile``."""
    node: Dict[str, Any] = _SCHEMA
    for part in path.split("."):
        node = _resolve(node)["properties"][part]
    return node


def _info(path: str) -> Tuple[type, FieldInfo]:
    """The model holding the field at ``path``, and the field."""
    model: type = Profile
    parts = path.split(".")
    for part in parts[:-1]:
        found = _model_of(model.model_fields[part])  # type: ignore[attr-defined]
        assert found is not None, path
        model = found
    return model, model.model_fields[parts[-1]]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# One row
# ---------------------------------------------------------------------------


def _code(value: Any) -> str:
    return f"`{show_value(value)}`"


def _amount_text(alternatives: Sequence[Dict[str, Any]]) -> Optional[str]:
    """``an amount ...`` when the alternatives are those of an exact amount, else None."""
    whole = [alt for alt in alternatives if alt.get("type") == "integer"]
    texts = [alt for alt in alternatives if alt.get("type") == "string" and "pattern" in alt]
    if len(whole) != 1 or not texts:
        return None
    low, high = whole[0].get("minimum"), whole[0].get("maximum")
    if low is None:
        return "an amount"
    if low == 0:
        return "an amount, 0 or more"
    return "an amount above 0" + (f", at most {high}" if high is not None else "")


def _mapping_words(schema: Dict[str, Any]) -> str:
    """The values of a mapping field in words (empty for a kind of mapping not known here)."""
    if "pattern" in schema.get("propertyNames", {}):  # a pay table (procedure.bank)
        return "a mapping of the ranking's category names to whole numbers (`X` to 1), 1-1000"
    values = schema.get("additionalProperties", {})
    if values.get("type") == "integer":
        return "a mapping of ranks to whole numbers"
    if values.get("type") == "string":
        keys = schema.get("propertyNames", {}).get("enum")
        return "a mapping of " + (", ".join(_code(k) for k in keys) if keys else "names") + " to words"
    if "$ref" in values:  # vocabulary.languages
        return "a mapping of language codes to `title`, `hands` and `moves` as above"
    return ""


def _values_of(schema: Dict[str, Any]) -> str:
    """The values a field's schema admits, in words."""
    alternatives = schema.get("anyOf")
    if alternatives is not None:
        amount = _amount_text(alternatives)
        if amount is not None:
            return amount
        nullable = any(alt.get("type") == "null" for alt in alternatives)
        rest = [alt for alt in alternatives if alt.get("type") != "null"]
        text = " or ".join(_values_of(alt) for alt in rest)
        return text + (", or `null`" if nullable else "")
    if "enum" in schema:
        return ", ".join(_code(v) for v in schema["enum"])
    if "const" in schema:
        return _code(schema["const"])
    kind = schema.get("type")
    if kind == "boolean":
        return "`true`, `false`"
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{low}-{high}"
        if low is not None:
            return f"a whole number, {low} or more"
        return "a whole number"
    if kind == "array":
        items = schema.get("items", {})
        if items.get("pattern") == CARD_PATTERN:
            return "a list of cards such as `Jc`, `9d`, `Ad` (rank then suit; `10h` or `Th`)"
        if any(alt.get("pattern") == RANK_PATTERN for alt in items.get("anyOf", [])):
            return "a list of ranks (`2`-`10`, `J`, `Q`, `K`, `A`)"
        if "enum" in items:
            return "a list of " + ", ".join(_code(v) for v in items["enum"])
        if "$ref" in items:
            return "a list of mappings (their fields are listed after this reference)"
        return "a list of texts"
    if kind == "object" and _mapping_words(schema):
        return _mapping_words(schema)
    if kind == "string":
        return "text"
    raise ValueError(f"no words for the schema {schema!r}")  # a new kind of field: say it here


def _default_of(path: str) -> str:
    value = json_value(_DEFAULT, path)
    if value == "":
        return "empty"
    return _code(value)


def source_text(path: str) -> str:
    """Where a field's rule comes from, from :data:`bragrules.explainers.explain.SOURCES`:
    each listed value with its source (values sharing one source together), then
    the source of every other value.

    >>> source_text("seeing.tie")
    '`caller_loses`: 000, 002, 003; `split`, `suits`: house rule; `eldest_hand`: pagat (Three-Stake Brag)'
    >>> source_text("format.exchange.swap")
    'Wikipedia'
    """
    table = SOURCES.get(path, {})
    by_source: Dict[str, List[str]] = {}
    for value, source in table.items():
        if value != "*":
            by_source.setdefault(source, []).append(f"`{value}`")
    parts = [f"{', '.join(values)}: {source}" for source, values in by_source.items()]
    if "*" in table:
        parts.append(f"other values: {table['*']}" if parts else table["*"])
    return "; ".join(parts) or "—"


@dataclass(frozen=True)
class FieldRow:
    """One row of the reference: a leaf field of the profile."""

    path: str
    meaning: str
    values: str
    default: str
    source: str

    def markdown(self) -> str:
        """The row as a Markdown table line (``|`` inside a cell escaped)."""
        cells = (f"`{self.path}`", self.meaning, self.values, self.default, self.source)
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def field_row(path: str) -> FieldRow:
    """The reference row of the leaf field at ``path``."""
    _, info = _info(path)
    meaning = " ".join((info.description or "").split())
    if not meaning:
        raise ValueError(f"{path} has no description: the reference has nothing to say about it")
    return FieldRow(path, meaning, _values_of(_schema_of(path)), _default_of(path), source_text(path))


# ---------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------

_HEADER = "| field | meaning | values | default | source |\n|---|---|---|---|---|"


def _title(info: FieldInfo) -> str:
    return (info.description or "").strip().rstrip(".")


def _intro(model: type) -> str:
    """The model's docstring, lines joined: its summary line when that is all
    there is, else the paragraphs after it (the section's title says as much)."""
    doc = inspect.cleandoc(model.__doc__ or "")
    paragraphs = [" ".join(par.split()) for par in doc.split("\n\n") if par.strip()]
    return "\n\n".join(paragraphs[1:] or paragraphs)


def _sections(model: type, prefix: str, level: int) -> Iterator[str]:
    """The table of ``model``'s leaf fields, then a subsection per nested model."""
    fields = model.model_fields.items()  # type: ignore[attr-defined]
    rows = [field_row(prefix + name).markdown() for name, info in fields if _model_of(info) is None]
    if rows:
        yield _HEADER + "\n" + "\n".join(rows)
    for name, info in fields:
        sub = _model_of(info)
        if sub is None:
            continue
        path = prefix + name
        yield f"{'#' * level} {_title(info)}: `{path}`"
        intro = _intro(sub)
        if intro:
            yield intro
        yield from _sections(sub, path + ".", level + 1)


def render() -> str:
    """The generated field reference: the top-level fields, then one section per area.

    >>> text = render()
    >>> text.startswith("## Top-level fields")
    True
    >>> "## Stakes and betting: `stakes`" in text, "### The raise cap: `stakes.raise_limit`" in text
    (True, True)
    """
    top = [
        field_row(name).markdown()
        for name, info in Profile.model_fields.items()
        if _model_of(info) is None
    ]
    parts = ["## Top-level fields", _HEADER + "\n" + "\n".join(top)]
    for name, info in Profile.model_fields.items():
        sub = _model_of(info)
        if sub is None:
            continue
        parts.append(f"## {_title(info)}: `{name}`")
        intro = _intro(sub)
        if intro:
            parts.append(intro)
        parts.extend(_sections(sub, name + ".", 3))
    return "\n\n".join(parts)


# ---------------------------------------------------------------------------
# The document
# ---------------------------------------------------------------------------


def update(document: str, generated: Optional[str] = None) -> str:
    """``document`` with the text between :data:`BEGIN` and :data:`END` replaced
    by ``generated`` (the current :func:`render` by default).

    >>> update("no markers here")
    Traceback (most recent call last):
    ...
    ValueError: the document has no '<!-- generated: fields (python -m bragrules.explainers.reference --write) -->' line followed by '<!-- end generated -->'
    """
    start = document.find(BEGIN)
    end = document.find(END, start + 1) if start >= 0 else -1
    if start < 0 or end < 0:
        raise ValueError(f"the document has no {BEGIN!r} line followed by {END!r}")
    body = render() if generated is None else generated
    return document[: start + len(BEGIN)] + "\n" + body.strip("\n") + "\n" + document[end:]


def stale(path: Path = DOC) -> bool:
    """Whether the file at ``path`` differs from what :func:`update` would write."""
    text = path.read_text(encoding="utf-8")
    return update(text) != text


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m bragrules.explainers.reference [--write | --check] [FILE]``: print the
    generated reference, rewrite FILE's generated part, or check it is current."""
    parser = argparse.ArgumentParser(
        prog="python -m bragrules.explainers.reference",
        description="The field reference of docs/variants.md, generated from the profile models.",
    )
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="rewrite the generated part of FILE")
    action.add_argument("--check", action="store_true", help="exit 1 when FILE's generated part is stale")
    parser.add_argument("file", nargs="?", type=Path, default=DOC, help="default: docs/variants.md")
    args = parser.parse_args(argv)
    if not (args.write or args.check):
        sys.stdout.write(render() + "\n")
        return 0
    path: Path = args.file
    text = path.read_text(encoding="utf-8")
    new = update(text)
    if args.check:
        if new != text:
            sys.stderr.write(f"{path} is stale: run `{COMMAND}`\n")
            return 1
        return 0
    if new != text:
        path.write_text(new, encoding="utf-8")
        sys.stderr.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
