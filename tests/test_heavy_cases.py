"""The cases ``tests/conftest.py`` runs apart (``HEAVY_CASES``) still exist: a case renamed or removed
would otherwise leave a stale name behind, and a renamed slow case would silently return to the
README's command."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Set

import pytest

from .conftest import HEAVY_CASES

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


def collected(*args: str) -> Set[str]:
    """The node ids ``pytest --collect-only ARGS`` collects."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    return {line.strip() for line in done.stdout.splitlines() if "::" in line}


def test_the_heavy_cases_run_with_heavy_and_not_without() -> None:
    """The marker is added before ``-m`` chooses (shown on one file of them)."""
    file = "tests/test_fuzz.py"
    listed = {case for case in HEAVY_CASES if case.startswith(file + "::")}
    assert listed
    assert listed <= collected("-m", "heavy", file)
    assert not listed & collected(file)  # the README's command (addopts: -m 'not heavy')
