"""The rule areas: one module per area owns its model, policy, sentences, sources and sections.

These tests hold the structure in place: every field of the profile has its
texts in exactly one area, each area's typed reader reads the field it names,
and nothing in the explainers goes back to reading the profile by dotted
strings over a dump.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, List

import pytest

from bragrules.explainers.explain import field_paths
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.models import AREAS as AREA_KEYS
from bragrules.profile.models import Profile
from bragrules.rules.registry import AREAS, METADATA_TEXT, area_of_path, field_text, field_texts, rulebook_sections

ROOT = Path(__file__).resolve().parent.parent


def _walk(model: Any, path: str) -> Any:
    for part in path.split("."):
        model = getattr(model, part)
    return model


def test_every_leaf_field_has_its_texts_in_one_area() -> None:
    paths = [f.path for f in field_texts()]
    assert len(paths) == len(set(paths))
    assert set(paths) == set(field_paths())
    for area in AREAS:
        for text in area.fields:
            assert text.path.split(".", 1)[0] == area.key, (area.key, text.path)
    assert tuple(area.key for area in AREAS) == AREA_KEYS
    assert all(area_of_path(f.path) is METADATA_TEXT for f in METADATA_TEXT.fields)


@pytest.mark.parametrize("name", builtin_names())
def test_each_area_reads_the_field_it_names(name: str) -> None:
    """The typed reader of every field gives the value at its path (a reader wired to the
    wrong attribute would explain one rule with another's value)."""
    profile = load_profile(name)
    for path in field_paths():
        assert field_text(path).read(profile) == _walk(profile, path), (name, path)


def test_every_field_has_a_source_and_a_boolean_in_play() -> None:
    profile = Profile()
    for text in field_texts():
        assert text.sources, text.path
        assert text.in_play(profile) in (True, False), text.path


def test_rulebook_sections_come_in_a_tables_order() -> None:
    keys = [section.key for writer in rulebook_sections() for section in [writer(Profile())] if section]
    assert keys == ["deal", "ranking", "stakes", "blind", "seeing", "ties", "carry-over", "session", "disputes"]


def _string_reads(path: Path) -> List[str]:
    """Calls that read a profile by strings: a JSON dump, a value looked up in one by dotted path,
    or the readers that used to wrap them."""
    found: List[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("model_dump", "model_dump_json"):
            found.append(f"{path.name}:{node.lineno}: {node.attr}")
        if isinstance(node, ast.Name) and node.id in ("get_value", "_Ctx", "_Reader"):
            found.append(f"{path.name}:{node.lineno}: {node.id}")
        if isinstance(node, ast.ClassDef) and node.name in ("_Ctx", "_Reader"):
            found.append(f"{path.name}:{node.lineno}: class {node.name}")
    return found


def test_no_explainer_reads_the_profile_by_string() -> None:
    files = sorted((ROOT / "bragrules" / "explainers").glob("*.py")) + [
        *sorted((ROOT / "bragrules" / "arbitrate").glob("*.py")),
        *sorted((ROOT / "bragrules" / "rules").glob("*.py")),
    ]
    # the compilers key their caches by the profile's JSON: they read no field by string
    files = [f for f in files if f.name not in ("compile.py", "ranking.py")]
    found = [hit for f in files for hit in _string_reads(f)]
    assert not found, "string reads of the profile: " + ", ".join(found)


def test_area_sentences_read_attributes_not_paths() -> None:
    """An area's sentence or predicate never looks a value up by its dotted path."""
    for f in sorted((ROOT / "bragrules" / "rules").glob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("value_of", "json_value", "getattr"), f"{f.name}:{node.lineno}"
