"""A rule's identity: how the engine, the audit and ``arbitrate`` name the rule an action breaks.

Every rule has one identity, declared once beside what it names:

- a **field rule** is a profile field: its identity is the field's dotted path,
  declared in the field's rule area with :func:`field_rule`
  (``RAISES_STOP_AT = field_rule("stakes.raises_stop_at")`` in
  :mod:`bragrules.rules.stakes`);
- a **fixed rule** holds under every profile (players act in turn; a deal that
  is over takes no more actions; a history's cards are a pack's): it is
  declared with :func:`fixed_rule` and the sentence that states it.

An identity is a :class:`Rule`, a ``str`` subclass, so a violation's name in
JSON output, in the audit's reports and in error messages is exactly the text
it always was (rule names are a public interface), while the type checker
refuses a bare string where a :class:`Rule` is asked for
(:class:`~bragrules.core.errors.RuleViolation` asks for one).

>>> TURN = fixed_rule("turn_order", "players act in turn, clockwise from the dealer's left")
>>> TURN, TURN.is_field, fixed_sentence(TURN)
('turn_order', False, "players act in turn, clockwise from the dealer's left")
>>> ANTE = field_rule("stakes.ante")
>>> ANTE == "stakes.ante", ANTE.is_field, ANTE.area
(True, True, 'stakes')
>>> field_rule("stakes.ante") is ANTE  # one identity per rule
True

Declaring the same name twice with different kinds is a mistake caught at import:

>>> field_rule("turn_order")
Traceback (most recent call last):
...
ValueError: turn_order is declared as a fixed rule, not a field
"""

from __future__ import annotations

from typing import Dict, List, Tuple

__all__ = ["Rule", "declared_rules", "field_rule", "fixed_rule", "fixed_sentence", "fixed_sources"]


class Rule(str):
    """The identity of one rule: a profile field's path or a fixed rule's name."""

    __slots__ = ()

    @property
    def is_field(self) -> bool:
        """Whether this rule is a profile field (else a fixed rule)."""
        return _KINDS[str(self)][0]

    @property
    def area(self) -> str:
        """The first part of the name: a field's rule area (``"stakes"``), or the fixed rule's family."""
        return self.split(".", 1)[0]


_DECLARED: Dict[str, Rule] = {}
_KINDS: Dict[str, Tuple[bool, str, str]] = {}


def _declare(name: str, is_field: bool, sentence: str, sources: str = "") -> Rule:
    known = _KINDS.get(name)
    if known is not None:
        if known[0] != is_field:
            raise ValueError(f"{name} is declared as {'a field' if known[0] else 'a fixed rule'}, "
                             f"not {'a field' if is_field else 'a fixed rule'}")
        return _DECLARED[name]
    rule = _DECLARED[name] = Rule(name)
    _KINDS[name] = (is_field, sentence, sources)
    return rule


def field_rule(path: str) -> Rule:
    """The identity of the rule a profile field states (its dotted path).

    The path must be a leaf field of the profile; ``tests/test_rule_identity.py``
    checks every declared field rule against the profile's fields.
    """
    return _declare(path, True, "")


def fixed_rule(name: str, sentence: str, sources: str = "000, 002, 003") -> Rule:
    """The identity of a rule that holds under every profile, with the sentence stating it and
    the rule texts that state it (their codes, as a field's sources are given)."""
    return _declare(name, False, sentence, sources)


def fixed_sentence(rule: Rule) -> str:
    """The sentence a fixed rule was declared with ("" for a field rule: its area words it)."""
    return _KINDS[str(rule)][1]


def fixed_sources(rule: Rule) -> str:
    """The codes of the rule texts a fixed rule comes from ("" for a field rule)."""
    return _KINDS[str(rule)][2]


def declared_rules() -> List[Rule]:
    """Every rule identity declared so far (import the modules that declare them first)."""
    return list(_DECLARED.values())
