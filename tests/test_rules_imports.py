"""The rules compile without the engine: ``rules/compile.py`` imports nothing from it at module level."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

COMPILE = Path(__file__).resolve().parents[1] / "bragrules" / "rules" / "compile.py"


def _module_level_imports(tree: ast.Module) -> list:
    """The modules a file imports when it loads: not inside a function or a class, nor under
    ``if TYPE_CHECKING:`` (imports for the type checker only)."""
    found = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom) and inner.module:
                found.append(inner.module)
            elif isinstance(inner, ast.Import):
                found.extend(alias.name for alias in inner.names)
    return found


def test_compile_imports_nothing_from_the_engine_at_module_level() -> None:
    imported = _module_level_imports(ast.parse(COMPILE.read_text()))
    assert imported and not [m for m in imported if m.startswith("bragrules.engine")], imported


def test_loading_the_rules_loads_no_engine_module() -> None:
    code = ("import sys, bragrules.rules.compile\n"
            "print(sorted(m for m in sys.modules if m.startswith('bragrules.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout
