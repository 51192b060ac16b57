"""Errors that name the rule they break.

>>> from bragrules.rules.seeing import WHO_SEES
>>> err = RuleViolation(WHO_SEES[(False, True)], "a seen player cannot see a blind player")
>>> str(err)
'seeing.seen_sees_blind: a seen player cannot see a blind player'
>>> err.rule
'seeing.seen_sees_blind'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bragrules.core.rule_id import Rule


class BragError(Exception):
    """Base of every error bragrules raises on purpose."""


class RuleViolation(BragError):
    """An illegal action. ``rule`` is the profile field path (or a fixed rule name) it breaks.

    The engine raises it *before* changing anything, so the state is as it was.
    """

    def __init__(self, rule: "Rule", message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class HistoryError(BragError):
    """A history that cannot be read: names the file and line."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        self.file = file
        self.line = line
        self.message = message
        where = ""
        if file:
            where = f"{file}:{line}: " if line else f"{file}: "
        super().__init__(where + message)
