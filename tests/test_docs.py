"""The rules reference (docs/variants.md) and the shipped profiles (profiles/*.yaml).

- every field of the profile schema, as a dotted path, is documented in backticks;
- the field reference in it is the one generated from the models, not a stale copy;
- every shipped profile is named in the reference;
- every shipped profile loads and validates, ``extends`` resolved;
- every shipped profile opens with the schema line and a comment naming its source.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any, Dict, Iterator, List, Set, Tuple

import pytest
import yaml
from pydantic import BaseModel

from bragrules.profile.models import Profile

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "variants.md"
PROFILES_DIR = ROOT / "profiles"
PROFILE_FILES = sorted(PROFILES_DIR.glob("*.yaml"))
SCHEMA_LINE = "# yaml-language-server: $schema=../docs/profile.schema.json"
SOURCE_IDS = ("000", "002", "003")


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _models_in(annotation: Any) -> Iterator[type]:
    """The BaseModel classes an annotation refers to (through Optional, List, Union...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for arg in typing.get_args(annotation):
        yield from _models_in(arg)


def field_paths(model: type = Profile, prefix: str = "") -> List[str]:
    """Every dotted field path of a model tree, parents before children."""
    paths: List[str] = []
    for name, field in model.model_fields.items():
        path = f"{prefix}{name}"
        paths.append(path)
        for sub in _models_in(field.annotation):
            paths.extend(field_paths(sub, path + "."))
    return paths


def backticked(text: str) -> Set[str]:
    """Every `code span` of a Markdown text, stripped."""
    return {span.strip() for span in re.findall(r"`([^`\n]+)`", text)}


def _merge(base: Dict[str, Any], over: Dict[str, Any]) -> Dict[str, Any]:
    """Mappings merge deeply, everything else (lists included) is replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolve_by_hand(path: Path, chain: Tuple[Path, ...] = ()) -> Dict[str, Any]:
    """A profile's data with ``extends`` applied, for use when the loader is unavailable."""
    if path in chain:
        raise ValueError(f"extends cycle: {' -> '.join(p.name for p in chain + (path,))}")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    parents = data.pop("extends", []) or []
    if isinstance(parents, str):
        parents = [parents]
    merged: Dict[str, Any] = {}
    for parent in parents:
        parent_path = path.parent / parent
        if parent_path.suffix not in (".yaml", ".yml"):
            parent_path = PROFILES_DIR / f"{parent}.yaml"
        parent_data = _resolve_by_hand(parent_path, chain + (path,))
        parent_data.pop("extends", None)
        merged = _merge(merged, parent_data)
    merged = _merge(merged, data)
    merged["extends"] = list(parents)
    return merged


def load(path: Path) -> Profile:
    """Load a shipped profile: through the loader when there is one, else by hand."""
    try:
        from bragrules.profile.loader import load_profile
    except ImportError:
        return Profile.model_validate(_resolve_by_hand(path))
    loaded = load_profile(path)
    profile = getattr(loaded, "profile", loaded)
    assert isinstance(profile, Profile), f"load_profile returned {type(loaded).__name__}"
    return profile


def header_comment(path: Path) -> List[str]:
    """The comment block a profile file opens with (up to its first line that is not a comment)."""
    lines: List[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------


def test_profiles_are_shipped() -> None:
    assert PROFILE_FILES, f"no profiles in {PROFILES_DIR}"


def test_walker_sees_nested_fields() -> None:
    paths = field_paths()
    for expected in ("name", "extends", "stakes.raise_limit.amount", "ranking.wild.natural_beats_wild",
                     "session.end.kind", "session.bonus.prial", "format.exchange.swap"):
        assert expected in paths
    assert paths.index("stakes.raise_limit") < paths.index("stakes.raise_limit.kind")


def test_every_field_is_documented() -> None:
    documented = backticked(DOC.read_text(encoding="utf-8"))
    missing = [path for path in field_paths() if path not in documented]
    assert not missing, "fields not documented in backticks in docs/variants.md: " + ", ".join(missing)


def test_the_field_reference_is_current() -> None:
    from bragrules.explainers.reference import COMMAND, stale

    assert not stale(DOC), f"docs/variants.md's field reference is stale: run `{COMMAND}`"


def test_a_stale_reference_is_caught(tmp_path: Path) -> None:
    from bragrules.explainers.reference import main

    copy = tmp_path / "variants.md"
    text = DOC.read_text(encoding="utf-8")
    copy.write_text(text.replace("Fewest players the game may start with.", "Fewest players."), encoding="utf-8")
    assert main(["--check", str(copy)]) == 1
    assert main(["--write", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == text
    assert main(["--check", str(copy)]) == 0


def test_every_choice_is_explained_in_its_description() -> None:
    """A field with named values says what each one means, so the reference
    (and an editor's hover text) can: `value` in backticks in the description."""
    from bragrules.explainers.explain import choices_of, describe_field
    from bragrules.explainers.explain import field_paths as leaf_paths

    unexplained = []
    for path in leaf_paths():
        values = choices_of(path)
        if not values or isinstance(values[0], bool):
            continue
        text = describe_field(path)
        unexplained += [f"{path}: {value}" for value in values if f"`{value}`" not in text]
    assert not unexplained, "values not explained in their field's description: " + ", ".join(unexplained)


def test_every_shipped_profile_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [p.name for p in PROFILE_FILES if p.name not in text]
    assert not missing, "profiles not named in docs/variants.md: " + ", ".join(missing)


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_shipped_profile_validates(path: Path) -> None:
    profile = load(path)
    assert profile.name == path.stem
    assert profile.description and "\n" not in profile.description
    assert profile.source


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_shipped_profile_header_names_its_source(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == SCHEMA_LINE
    header = header_comment(path)
    source_lines = [i for i, line in enumerate(header) if line.lstrip("# ").startswith("Source:")]
    assert source_lines, f"{path.name}: the header comment has no 'Source:' paragraph"
    # the Source paragraph runs to the next blank comment line
    start = source_lines[0]
    paragraph = []
    for line in header[start:]:
        if line.strip() == "#":
            break
        paragraph.append(line)
    text = " ".join(paragraph)
    assert any(re.search(rf"\b{sid}\b", text) for sid in SOURCE_IDS), (
        f"{path.name}: the Source paragraph names none of the rules texts {SOURCE_IDS}"
    )


# A comment that justifies stating a default cites a rule text: a quotation,
# a rule text by its number (000, 002, 003), section ("04:") or name (pagat,
# Hoyle, Wikipedia), or says the texts are silent.
CITES = re.compile(r'"|\b00[0-9]\b|\b0[1-7]:|\bsection\b|\bsilent\b|\bpagat\b|\bHoyle\b|\bWikipedia\b')


def _comment(line: str) -> str:
    """The comment of a YAML line, outside quotes (none of the profiles quote a '#')."""
    in_single = in_double = False
    for i, char in enumerate(line):
        if char == "'" and not in_double:
            in_single = not in_single
        elif char == '"' and not in_single:
            in_double = not in_double
        elif char == "#" and not (in_single or in_double) and (i == 0 or line[i - 1].isspace()):
            return line[i + 1 :].strip()
    return ""


def _citation(lines: List[str], line: int) -> str:
    """The comment on ``line`` and on the comment-only lines right above it."""
    found = [_comment(lines[line])]
    above = line - 1
    while above >= 0 and lines[above].lstrip().startswith("#"):
        found.append(_comment(lines[above]))
        above -= 1
    return " ".join(c for c in found if c)


def unjustified_defaults(path: Path) -> List[str]:
    """The rules a profile file states that equal what it would have without
    them (the default, or what the profile it extends says) and carry no
    comment citing their source (on the line, just above it, or on its area's line)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    root = yaml.compose(text)
    parents = (yaml.safe_load(text) or {}).get("extends") or []
    parents = [parents] if isinstance(parents, str) else parents
    if len(parents) == 1 and (PROFILES_DIR / f"{parents[0]}.yaml").exists():
        defaults = load(PROFILES_DIR / f"{parents[0]}.yaml").model_dump(mode="json")
    else:
        defaults = Profile().model_dump(mode="json")
    stated = load(path).model_dump(mode="json")
    found: List[str] = []

    def cites(comment: str) -> bool:
        return bool(CITES.search(comment)) and "unused" not in comment

    def walk(node: Any, prefix: str, default: Any, value: Any, inherited: bool) -> None:
        for key, child in node.value:
            name = key.value
            dotted = prefix + name
            if name not in default:  # a key of a free mapping (ranking.points.values) absent by default: a choice
                continue
            justified = inherited or cites(_citation(lines, key.start_mark.line))
            if isinstance(child, yaml.MappingNode):
                walk(child, dotted + ".", default[name], value[name], justified)
            elif value[name] == default[name] and not justified:
                found.append(dotted)

    assert isinstance(root, yaml.MappingNode)
    metadata = {"name", "description", "source", "extends", "vocabulary"}  # words, not rules
    root.value = [(k, v) for k, v in root.value if k.value not in metadata]
    walk(root, "", defaults, stated, False)
    return found


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_profiles_state_only_what_they_choose(path: Path) -> None:
    """A profile states a rule that differs from the default, or one whose
    source it cites in a comment; every other rule falls back to the default,
    so a new field touches no profile that does not set it."""
    found = unjustified_defaults(path)
    assert not found, (
        f"{path.name} restates defaults without citing a source (delete the lines, "
        "or cite the rule text in a comment): " + ", ".join(found)
    )


def test_a_restated_default_is_caught(tmp_path: Path) -> None:
    profile = tmp_path / "t.yaml"
    profile.write_text(
        "name: t\nstakes:\n  ante: 1  # 002: \"ante 1\"\n  level_step: 1\n"
        "  check: never  # unused here\nseeing:  # 000 is silent\n  tie: caller_loses\n",
        encoding="utf-8",
    )
    assert unjustified_defaults(profile) == ["stakes.level_step", "stakes.check"]


def test_extends_profiles_resolve_to_their_sources() -> None:
    by_name = {p.stem: load(p) for p in PROFILE_FILES}
    if "seen-only" in by_name and "traditional" in by_name:
        seen_only, traditional = by_name["seen-only"], by_name["traditional"]
        assert not seen_only.blind.allowed
        assert seen_only.stakes == traditional.stakes
        assert seen_only.seeing == traditional.seeing
    if "house" in by_name:
        house = by_name["house"]
        assert house.stakes.raise_limit.kind == "max_increase"
        assert house.stakes.raise_limit.amount == 10
        assert house.stakes.opening_max == 5


def test_the_example_log_in_docs_history_audits_clean(tmp_path: Path) -> None:
    """The log shown in docs/history.md is a real one: its profile hash, actions and claims all check."""
    from bragrules.audit import audit

    text = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    after = text.split("## The log", 1)[1]
    example = after.split("```json\n", 1)[1].split("```", 1)[0]
    log = tmp_path / "example.jsonl"
    log.write_text(example, encoding="utf-8")
    report = audit(str(log))
    assert report.deal_count == 2
    assert report.ok, [v.rule for v in report.violations]


# ---------------------------------------------------------------------------
# "Composing a variant": its examples, and the named variants' catalogue
# ---------------------------------------------------------------------------

PRIMITIVES = ("ranking.categories", "ranking.points", "ranking.wild.select", "ranking.wild.at_most",
              "ranking.wild.barred_from", "procedure", "blind.look_fee", "format.open")
"""The fields of the primitives a variant is built from (docs/variants.md, "Composing a variant")."""
CATALOGUE = "### The named variants"
METADATA = ("name", "description", "source", "extends")


def _section(title: str) -> str:
    """The text of docs/variants.md from a heading up to the next heading of its level or above
    (a ``#`` line inside a fenced block is a comment, not a heading)."""
    text = DOC.read_text(encoding="utf-8")
    level = len(title.split(" ", 1)[0])
    lines: List[str] = []
    fenced = False
    for line in text.split(title + "\n", 1)[1].splitlines(keepends=True):
        fenced ^= line.startswith("```")
        heading = re.match(r"(#+) ", line)
        if not fenced and heading and len(heading.group(1)) <= level:
            break
        lines.append(line)
    return "".join(lines)


def _fenced(section: str, label: str) -> Dict[str, str]:
    """The YAML blocks of a section whose first line is ``# LABEL: NAME``, by name."""
    found = re.findall(r"```yaml\n# " + label + r": ([^\n]+)\n(.*?)```", section, flags=re.S)
    return dict(found)


def set_fields(data: Dict[str, Any], prefix: str = "") -> List[str]:
    """The dotted fields a profile file writes itself (a free mapping such as ``ranking.points.values``
    and a list count as one field), metadata left out.

    >>> set_fields({"name": "x", "procedure": {"bust_card": True}, "ranking": {"points": {"values": {"A": 1}}}})
    ['procedure.bust_card', 'ranking.points.values']
    """
    known = set(field_paths())
    fields: List[str] = []
    for key, value in data.items():
        path = f"{prefix}{key}"
        if not prefix and key in METADATA:
            continue
        if isinstance(value, dict) and value and all(f"{path}.{k}" in known for k in value):
            fields += set_fields(value, path + ".")
        else:
            fields.append(path)
    return fields


def _is_primitive(field: str) -> bool:
    return any(field == p or field.startswith(p + ".") for p in PRIMITIVES)


def catalogue_row(path: Path) -> str:
    """The catalogue's row of a shipped profile, from its own file."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    parents = data.get("extends") or []
    parents = [parents] if isinstance(parents, str) else parents
    cells = [f"`{path.stem}`", ", ".join(f"`{p}`" for p in parents), data["description"], data["source"],
             ", ".join(f"`{f}`" for f in set_fields(data))]
    return "| " + " | ".join(cells) + " |"


def built_from_primitives() -> List[Path]:
    """The shipped profiles whose own file sets a field of a primitive."""
    return [p for p in PROFILE_FILES
            if any(_is_primitive(f) for f in set_fields(yaml.safe_load(p.read_text(encoding="utf-8"))))]


def test_the_named_variants_catalogue_matches_the_profiles() -> None:
    """Every shipped profile built from the primitives has its row, and every row is what its file says
    (name, base, description, source, the fields it sets), so the table cannot drift from profiles/."""
    rows = {line.split("|")[1].strip().strip("`"): line for line in _section(CATALOGUE).splitlines()
            if line.startswith("| `")}
    expected = {p.stem: catalogue_row(p) for p in built_from_primitives()}
    missing = sorted(set(expected) - set(rows))
    assert not missing, "profiles built from the primitives missing from docs/variants.md's catalogue; add:\n" + \
        "\n".join(expected[name] for name in missing)
    for name, row in rows.items():
        path = PROFILES_DIR / f"{name}.yaml"
        assert path.exists(), f"the catalogue names {name}, which profiles/ does not ship"
        assert row == catalogue_row(path), f"the catalogue's row of {name} is stale; it reads:\n{catalogue_row(path)}"


def test_the_catalogue_check_catches_a_stale_row() -> None:
    row = catalogue_row(PROFILES_DIR / "hukam.yaml")
    assert "`procedure.trump_card`" in row and "`teen-patti`" in row
    assert {p.stem for p in built_from_primitives()} >= {"hukam", "bust-card", "lowest-joker", "high-low", "999"}
    assert "best-of-four" not in {p.stem for p in built_from_primitives()}  # format.cards_dealt is no primitive


WRITING = "## Composing a variant"


def test_the_new_variant_examples_cover_each_primitive() -> None:
    examples = _fenced(_section(WRITING), "new variant")
    fields = {name: set_fields(yaml.safe_load(text)) for name, text in examples.items()}
    kinds = {name: {p for p in ("ranking.categories", "ranking.wild", "procedure") for f in fs if f.startswith(p)}
             for name, fs in fields.items()}
    assert {frozenset(k) for k in kinds.values()} >= {frozenset({"ranking.categories"}), frozenset({"ranking.wild"}),
                                                      frozenset({"procedure"})}
    # one combines two primitives (through its base or its own lines)
    combined = [name for name in examples if len(kinds[name] | _base_kinds(yaml.safe_load(examples[name]))) >= 2]
    assert combined, "no example combines two primitives"


def _base_kinds(data: Dict[str, Any]) -> Set[str]:
    parents = data.get("extends") or []
    found: Set[str] = set()
    for parent in [parents] if isinstance(parents, str) else parents:
        own = set_fields(yaml.safe_load((PROFILES_DIR / f"{parent}.yaml").read_text(encoding="utf-8")))
        found |= {p for p in ("ranking.categories", "ranking.wild", "procedure") for f in own if f.startswith(p)}
    return found


@pytest.mark.parametrize("name", sorted(_fenced(_section(WRITING), "new variant")))
def test_a_new_variant_example_loads_plays_and_audits(name: str, tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Each example is a whole profile: it validates, and deals of it played by bots audit clean."""
    from bragrules.audit import audit
    from tests.helpers import run_cli

    text = _fenced(_section(WRITING), "new variant")[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    profile = load(path)
    assert profile.name == name and profile.description and profile.source
    log = tmp_path / "run.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", str(path), "--auto", "--hands", "2", "--seed", "7",
                             "-n", "3", "--log", str(log), "--no-explain")
    assert code == 0, out + err
    report = audit(str(log))
    assert report.deal_count == 2
    assert report.ok, [v.rule for v in report.violations]


def test_the_refused_example_is_refused_by_name(tmp_path: Path) -> None:
    """The limit the section states is true: the whole Card, Colour, Bust is refused, naming the step."""
    from bragrules.profile.loader import ProfileError

    (text,) = _fenced(_section(WRITING), "refused").values()
    path = tmp_path / "refused.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match="procedure.bust_card"):
        load(path)
