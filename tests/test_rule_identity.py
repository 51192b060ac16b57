"""One typed identity per rule: every rule the engine, the audit and arbitrate cite is a profile
field (declared in its area with ``field_rule``) or a named fixed rule (``rules/fixed.py``), and
nothing in the library names a rule by a bare string."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from typing import Iterator, List, Set, Type

import pytest
from pydantic import BaseModel

import bragrules
from bragrules.core.errors import RuleViolation
from bragrules.core.rule_id import Rule, declared_rules, field_rule, fixed_rule, fixed_sentence, fixed_sources
from bragrules.profile.models import Profile

ROOT = Path(bragrules.__file__).resolve().parent


def _load_everything() -> None:
    for module in pkgutil.walk_packages(bragrules.__path__, "bragrules."):
        if module.name.startswith(("bragrules.web", "bragrules.analysis.cluster", "bragrules.analysis.plot")):
            continue  # optional extras; their rules are the library's own
        importlib.import_module(module.name)


def _field_paths(model: Type[BaseModel], prefix: str = "") -> Iterator[str]:
    for name, info in model.model_fields.items():
        path = f"{prefix}{name}"
        yield path
        kind = info.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            yield from _field_paths(kind, path + ".")


FIELDS: Set[str] = set(_field_paths(Profile))


def test_every_field_rule_is_a_field_of_the_profile() -> None:
    _load_everything()
    rules = declared_rules()
    assert len([r for r in rules if r.is_field]) > 40
    strays = [r for r in rules if r.is_field and str(r) not in FIELDS]
    assert not strays, f"field rules that are no profile field: {strays}"


def test_every_fixed_rule_is_stated() -> None:
    _load_everything()
    for rule in declared_rules():
        if not rule.is_field:
            assert fixed_sentence(rule) and fixed_sources(rule), rule
            assert str(rule) not in FIELDS, f"{rule} is a field: declare it with field_rule"


def test_a_rule_is_declared_once_with_one_kind() -> None:
    assert field_rule("stakes.ante") is field_rule("stakes.ante")
    with pytest.raises(ValueError, match="declared as a field"):
        fixed_rule("stakes.ante", "a fixed rule that is a field")


def _string_rules(path: Path) -> List[str]:
    return _string_rules_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT.parent)))


def _string_rules_in(text: str, name: str) -> List[str]:
    """``RuleViolation("...")`` with a literal first argument: a rule named by a bare string."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == RuleViolation.__name__ and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append(f"{name}:{node.lineno}: {first.value}")
            if isinstance(first, ast.IfExp) and any(isinstance(b, ast.Constant) for b in (first.body, first.orelse)):
                found.append(f"{name}:{node.lineno}: a string in a choice of rules")
    return found


def test_no_rule_is_raised_by_a_bare_string() -> None:
    found = [hit for path in sorted(ROOT.rglob("*.py")) for hit in _string_rules(path)]
    assert not found, "rules named by a string, not their identity:\n" + "\n".join(found)


def test_a_bare_string_is_caught() -> None:
    assert _string_rules_in('RuleViolation("stakes.ante", "no")\n', "sample.py") == ["sample.py:1: stakes.ante"]
    assert _string_rules_in('RuleViolation(A if x else "players", "no")\n', "sample.py")
    assert not _string_rules_in("RuleViolation(ANTE_RULE, 'no')\n", "sample.py")


def test_a_rule_reads_as_its_name() -> None:
    rule = Rule("stakes.ante")
    assert rule == "stakes.ante" and f"{rule}" == "stakes.ante" and RuleViolation(rule, "x").rule == "stakes.ante"
