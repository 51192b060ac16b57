"""The code's shape: no statement that can never run.

A statement after a ``return``, ``raise``, ``continue`` or ``break`` in the same block is
dead: it reads as if it did something, and never does. This walks every module of the
library and the command line.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import List

ROOT = Path(__file__).resolve().parent.parent
ENDS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def unreachable(source: str, name: str) -> List[str]:
    """Where a statement follows one that leaves its block, as ``name:line``.

    >>> unreachable("def f():\\n    return 1\\n    x = 2\\n", "m.py")
    ['m.py:3']
    >>> unreachable("def f(x):\\n    if x:\\n        return 1\\n    return 2\\n", "m.py")
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for first, then in zip(block, block[1:]):
                if isinstance(first, ENDS):
                    found.append(f"{name}:{then.lineno}")
    return found


def test_no_statement_follows_a_return_raise_continue_or_break() -> None:
    dead = []
    for folder in ("bragrules", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            dead += unreachable(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert dead == []
