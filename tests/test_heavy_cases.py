"""The cases ``tests/conftest.py`` runs apart (``HEAVY_CASES``) still exist: a case renamed or removed
would otherwise leave a stale name behind, and a renamed slow case would silently return to the
README's command."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Set

import pytest

from .conftest import EVERY_RUN_PROFILES, HEAVY_CASES, PROFILE_WALKS, SHIPPED_PROFILES

ROOT = Path(__file__).resolve().parent.parent


def _tests_in(path: Path) -> Set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")}


@pytest.mark.parametrize("case", sorted(HEAVY_CASES))
def test_each_heavy_case_names_a_test_that_exists(case: str) -> None:
    file, _, name = case.partition("::")
    path = ROOT / file
    assert path.is_file(), case
    function = re.sub(r"\[.*\]$", "", name)
    assert function in _tests_in(path), case


@pytest.mark.parametrize("walk", sorted(PROFILE_WALKS))
def test_each_profile_walk_names_a_test_that_exists(walk: str) -> None:
    file, _, name = walk.partition("::")
    path = ROOT / file
    assert path.is_file(), walk
    assert not name or name in _tests_in(path), walk


def test_the_profiles_every_run_walks_are_shipped_and_a_few() -> None:
    assert len(SHIPPED_PROFILES) >= 60 and "standard" in SHIPPED_PROFILES
    assert EVERY_RUN_PROFILES <= SHIPPED_PROFILES
    assert 10 <= len(EVERY_RUN_PROFILES) <= len(SHIPPED_PROFILES) // 3


def collected(*args: str) -> Set[str]:
    """The node ids ``pytest --collect-only ARGS`` collects."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    return {line.strip() for line in done.stdout.splitlines() if "::" in line}


def test_the_heavy_cases_run_with_heavy_and_not_without() -> None:
    """The marker is added before ``-m`` chooses (shown on one file of them, and on one profile walk: its
    cases for the profiles every run walks run without ``heavy``, the others' with it, none in both or neither)."""
    file, walk = "tests/test_fuzz.py", "tests/test_rulebook_languages.py::test_no_english_sentence_in_a_translated_rulebook"
    listed = {case for case in HEAVY_CASES if case.startswith(file + "::")}
    assert listed
    heavy, light = collected("-m", "heavy", file, walk), collected(file, walk)
    assert listed <= heavy
    assert not listed & light  # the README's command (addopts: -m 'not heavy')
    walked = {case for case in heavy | light if case.startswith(walk + "[")}
    assert len(walked) == 2 * len(SHIPPED_PROFILES)  # each profile in Chinese and in Hindi
    assert {case for case in walked if case.split("[")[1].rsplit("-", 1)[0] in EVERY_RUN_PROFILES} == walked & light
    assert not heavy & light
