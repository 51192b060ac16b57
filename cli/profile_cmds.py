"""Profile commands: ``validate``, ``profiles``, ``show`` and ``schema``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Dict, Iterator, List, Optional, Tuple

import typer

from bragrules.core.i18n import tr
from bragrules.core.text import in_words

from .common import EXIT_BAD_INPUT, complete_profile, console, error, message, with_error_prefix, write, write_to

JSON_SCHEMA_DRAFT = "http://json-schema.org/draft-07/schema#"

ProfileArg = Annotated[
    str,
    typer.Argument(
        metavar="PROFILE", autocompletion=complete_profile,
        help="A built-in profile name (see `bragrules profiles`) or a path to a .yaml file.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
    app.command("profiles")(profiles)
    app.command("show")(show)
    app.command("schema")(schema)


# ---------------------------------------------------------------------------
# validate
# ---------------------------------------------------------------------------


def validate(
    profiles: Annotated[
        List[str],
        typer.Argument(
            metavar="PROFILE...", autocompletion=complete_profile,
            help="Built-in profile names or paths to .yaml files.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print JSON for machines: per profile its path, ok, its problems "
            "(file, line, column, path, message, code) and its warnings.",
        ),
    ] = False,
) -> None:
    """Check profiles, reporting every problem of each in one run.

    One line per profile that is fine (`ok  PROFILE (name)`), and one line per
    problem, in file order: `FILE:LINE:COL: field.path: message`. A value
    that changes nothing under the profile's other rules is warned about
    (`FILE:LINE:COL: warning: ...`, on stderr) but is no problem.
    Exit status 2 if any profile has a problem.
    """
    from bragrules.core.i18n import ENGLISH, language, speaking

    with speaking(ENGLISH if as_json else language()):  # JSON for machines stays English
        reports = [check_profile(ref) for ref in profiles]
    if as_json:
        write(json.dumps(reports, indent=2, ensure_ascii=False) + "\n")
    else:
        for report in reports:
            if report["ok"]:
                write(tr("ok  {path} ({label})", path=report["path"], label=report["label"]) + "\n")
            for warning in report["warnings"]:
                message(warning["text"])
            for problem in report["problems"]:
                error(problem["text"] if problem["file"] else with_error_prefix(problem["text"]))
    if any(not report["ok"] for report in reports):
        raise typer.Exit(EXIT_BAD_INPUT)


def _text(value: Optional[str]) -> Optional[str]:
    from bragrules.core.text import printable

    return None if value is None else printable(value)


def check_profile(ref: str) -> Dict[str, Any]:
    """Load one profile and report on it: ``path`` (as given), ``ok``, ``name``,
    ``label`` (the name and what it extends) and ``problems``, each with ``file``,
    ``line``, ``column``, ``path``, ``message``, ``code`` and ``text`` (the
    compiler-style line), every problem of the file in reading order.

    >>> report = check_profile("standard")
    >>> report["ok"], report["name"], report["problems"]
    (True, 'standard', [])
    >>> check_profile("no/such.yaml")["problems"][0]["text"]
    'no/such.yaml: no such file'
    """
    from bragrules.core.text import printable
    from bragrules.profile import ProfileError
    from bragrules.profile.loader import load_profile_with_warnings

    try:
        profile, warnings = load_profile_with_warnings(ref)
    except ProfileError as exc:
        problems = [
            {
                "file": _text(problem.file),
                "line": problem.line,
                "column": problem.column,
                "path": _text(problem.path),
                "message": printable(problem.message),
                "code": problem.code,
                "text": str(problem),
            }
            for problem in exc.errors
        ]
        return {"path": printable(ref), "ok": False, "name": None, "label": None, "problems": problems,
                "warnings": []}
    label = profile.name
    if profile.extends:
        label += tr(", extends {parents}", parents=", ".join(profile.extends))
    return {"path": printable(ref), "ok": True, "name": profile.name, "label": label, "problems": [],
            "warnings": [w.as_json() for w in warnings]}


# ---------------------------------------------------------------------------
# profiles
# ---------------------------------------------------------------------------


def builtin_profiles() -> List[Dict[str, Any]]:
    """Every shipped profile: name, description, source, extends, path."""
    from bragrules.profile import builtin_names, builtin_path, load_profile

    found = []
    for name in builtin_names():
        profile = load_profile(name)
        found.append(
            {
                "name": name,
                "description": profile.description,
                "source": profile.source,
                "extends": list(profile.extends),
                "path": str(builtin_path(name)),
                "game": game_line(profile),
            }
        )
    return found


def game_line(profile: Any) -> str:
    """Which game a profile plays, in a line, so that a player finds the one they mean among games of one name.

    >>> from bragrules.profile import load_profile
    >>> game_line(load_profile("crash")), game_line(load_profile("crash-13"))
    ('Crash: the lives game of the general rules text', '13-card Crash: four hands to 21 points')
    >>> game_line(load_profile("standard")), game_line(load_profile("nine-card"))
    ('Three-Card Brag', 'Nine-Card Brag')
    """
    from bragrules.rules.format import format_name
    from bragrules.rules.words import number_word

    fmt, points = profile.format, profile.session.points
    if points.target is not None:
        return f"{fmt.cards_dealt}-card Crash: {number_word(fmt.hands)} hands to {points.target} points"
    if fmt.lives is not None:
        return ("Stop the Bus: the lives game, swapping with the centre" if fmt.exchange.enabled
                else "Crash: the lives game of the general rules text")
    return format_name(profile) or "Three-Card Brag"


def _game_spoken(entry: Dict[str, Any]) -> str:
    """The game a listed profile plays, in the language spoken: in English its line (:func:`game_line`), in another
    language the game's own name there (``vocabulary``), else the format's name."""
    from bragrules.core.i18n import ENGLISH, language

    if language() == ENGLISH:
        return str(entry["game"])
    from bragrules.profile import load_profile
    from bragrules.rules.format import format_name
    from bragrules.rules.vocabulary import words_of

    profile = load_profile(entry["name"])
    return words_of(profile).title_or(tr(format_name(profile) or "Three-Card Brag"))


def profiles(as_json: JsonOpt = False) -> None:
    """List the built-in profiles, with a line on what each plays."""
    listed = builtin_profiles()
    if as_json:
        write(json.dumps(listed, indent=2, ensure_ascii=False) + "\n")
        return
    from rich.table import Table

    table = Table(title=tr("Built-in profiles"), title_justify="left", expand=False)
    table.add_column(tr("name"), style="bold", no_wrap=True)
    table.add_column(tr("extends"), no_wrap=True)
    table.add_column(tr("game"))
    table.add_column(tr("description"))
    for entry in listed:
        table.add_row(entry["name"], ", ".join(entry["extends"]) or "-", in_words(_game_spoken(entry)),
                      in_words(entry["description"]))
    out = console()
    out.print(table)
    out.print(tr("Use one by name (--profile house) or give a path to your own .yaml file."))


# ---------------------------------------------------------------------------
# show
# ---------------------------------------------------------------------------


def show(profile: ProfileArg, as_json: JsonOpt = False) -> None:
    """Print a profile fully resolved: its parents merged in, every default filled.

    YAML for people, JSON with --json.
    """
    from bragrules.profile.loader import load_profile_with_warnings

    loaded, warnings = load_profile_with_warnings(profile)
    for warning in warnings:
        message(str(warning))
    data = loaded.model_dump(mode="json")
    if as_json:
        write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return
    import yaml

    write(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=4096))


# ---------------------------------------------------------------------------
# schema
# ---------------------------------------------------------------------------


def _models(model: type) -> Iterator[type]:
    """``model`` and every pydantic model its fields refer to, each once."""
    import typing

    from pydantic import BaseModel

    seen: List[type] = []

    def visit(annotation: Any) -> Iterator[type]:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation not in seen:
                seen.append(annotation)
                yield annotation
                for field in annotation.model_fields.values():
                    yield from visit(field.annotation)
            return
        for arg in typing.get_args(annotation):
            yield from visit(arg)

    yield from visit(model)


def _set_defaults(schema: Dict[str, Any], model: type) -> None:
    """Defaults as a profile dump writes them (``1``, ``"1/2"``), not as pydantic guesses."""
    try:
        defaults = model().model_dump(mode="json")
    except ValueError:  # a model with required fields (an item of a list, such as a special hand): pydantic's defaults stand
        return
    for name, prop in schema.get("properties", {}).items():
        if "default" in prop and name in defaults:
            prop["default"] = defaults[name]


def _draft7(node: Any) -> Any:
    """Rewrite ``#/$defs/X`` references to ``#/definitions/X``; a reference with
    other keywords beside it (ignored by draft-07) goes inside ``allOf``."""
    if isinstance(node, list):
        return [_draft7(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _draft7(value) for key, value in node.items()}
    ref = out.get("$ref")
    if isinstance(ref, str):
        if ref.startswith("#/$defs/"):
            ref = "#/definitions/" + ref[len("#/$defs/") :]
        if len(out) > 1:
            rest = {k: v for k, v in out.items() if k != "$ref"}
            return {"allOf": [{"$ref": ref}], **rest}
        return {"$ref": ref}
    return out


def profile_schema() -> Dict[str, Any]:
    """The JSON Schema (draft-07) of a profile file as written, before ``extends``."""
    from bragrules.profile.models import Profile

    raw = Profile.model_json_schema()
    defs: Dict[str, Any] = raw.pop("$defs", {})
    for model in _models(Profile):
        target = raw if model is Profile else defs.get(model.__name__)
        if target is not None:
            _set_defaults(target, model)
    extends = raw["properties"]["extends"]
    raw["properties"]["extends"] = {
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": "string"}},
        ],
        "description": extends.get("description", ""),
        "title": extends.get("title", "Extends"),
    }
    raw.pop("title", None)
    raw.pop("description", None)
    schema: Dict[str, Any] = {
        "$schema": JSON_SCHEMA_DRAFT,
        "title": "bragrules profile",
        "description": "The rules of a Brag table. Every field has a default; "
        "see docs/variants.md for each field's meaning and source.",
    }
    schema.update(_draft7(raw))
    from bragrules.rules.area import _money_schema

    defs["_positive_amount"] = _money_schema("positive")
    schema["definitions"] = _draft7(dict(sorted(defs.items())))
    schema["if"] = {"required": ["extends"]}
    schema["else"] = {"allOf": [_rule(when, then) for when, then in COMBINATIONS]}
    return schema


Constraint = Dict[str, Any]
"""Dotted path → (schema of the value, whether the key must be written)."""

_SET = {"not": {"type": "null"}}
_MONEY_POSITIVE = {"$ref": "#/definitions/_positive_amount"}

COMBINATIONS: List[Tuple[Any, ...]] = [
    # (when these are written so, then these must be)
    ({"session.end.kind": ({"enum": ["hands", "resolved_pots"]}, True)},
     {"session.end.count": ({"type": "integer"}, True)}),
    ({"session.end.kind": ({"const": "time"}, True)}, {"session.end.minutes": ({"type": "integer"}, True)}),
    ({"session.end.kind": ({"const": "one_player_left"}, True)},
     {"session.bankroll": ({"const": "finite"}, True)}),
    ({"session.bankroll": ({"const": "finite"}, True)},
     {"session.starting_stack": (_MONEY_POSITIVE, True)}),
    ({"stakes.raise_limit.kind": ({"enum": ["fixed", "max_increase"]}, True)},
     {"stakes.raise_limit.amount": (_MONEY_POSITIVE, True)}),
    ({"format.lives": ({"type": "integer"}, True)},
     {"format.betting": ({"const": False}, True), "format.hands": ({"const": 1}, False),
      "session.bankroll": ({"const": "unlimited"}, False)}),
    ({"format.exchange.enabled": ({"const": True}, True)},
     {"format.betting": ({"const": False}, True), "format.hands": ({"const": 1}, False),
      "format.cards_dealt": ({"const": 3}, False)}),
    ({"blind.retention": ({"const": True}, True)},
     {"folding.blind_survivor": ({"const": "carries"}, True), "blind.allowed": ({"const": True}, False),
      "format.hands": ({"const": 1}, False)}),
    ({"pack.jokers": ({"minimum": 1}, True)}, {"ranking.wild.jokers": ({"const": True}, False)}),
]
"""Rules across fields that JSON Schema can state, checked only in a profile
without ``extends`` (a parent may supply the other half of a combination).
Comparisons of two amounts (``opening_max`` below ``opening_min``) and
arithmetic (players times cards against the pack) are left to ``validate``."""


def _nest(constraints: Constraint) -> Dict[str, Any]:
    """One schema requiring each dotted path's value to match (and to be written, if so marked).

    >>> _nest({"a.b": ({"const": 1}, True)})
    {'properties': {'a': {'properties': {'b': {'const': 1}}, 'required': ['b']}}, 'required': ['a']}
    """
    root: Dict[str, Any] = {}
    for path, (value, needed) in constraints.items():
        node = root
        parts = path.split(".")
        for depth, part in enumerate(parts):
            if needed and part not in node.setdefault("required", []):
                node["required"].append(part)
            children = node.setdefault("properties", {})
            if depth == len(parts) - 1:
                children[part] = value
            else:
                node = children.setdefault(part, {})
    return _tidy(root)


def _tidy(node: Dict[str, Any]) -> Dict[str, Any]:
    """Keys in a fixed order, so the schema file does not change from run to run."""
    children = node.get("properties")
    if isinstance(children, dict):
        node["properties"] = {
            name: _tidy(child) if isinstance(child, dict) and "properties" in child else child
            for name, child in children.items()
        }
    return dict(sorted(node.items()))


def _rule(when: Constraint, then: Constraint) -> Dict[str, Any]:
    return {"if": _nest(when), "then": _nest(then)}


def schema_text() -> str:
    """The schema as ``bragrules schema`` prints it (and docs/profile.schema.json holds)."""
    return json.dumps(profile_schema(), indent=2, ensure_ascii=False) + "\n"


def schema(
    output: Annotated[
        Optional[Path],
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the schema to FILE instead of stdout.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Print the JSON Schema (draft-07) of a profile, for editors and validators.

    The shipped profiles point at docs/profile.schema.json with a
    `# yaml-language-server: $schema=...` first line.
    """
    text = schema_text()
    write_to(text, output)
