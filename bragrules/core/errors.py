"""Errors that name the rule they break.

>>> from bragrules.rules.seeing import WHO_SEES
>>> err = RuleViolation(WHO_SEES[(False, True)], "a seen player cannot see a blind player")
>>> str(err)
'seeing.seen_sees_blind: a seen player cannot see a blind player'
>>> err.rule
'seeing.seen_sees_blind'

A refusal's message is marked for the catalogue where it is raised (its English text is the message's
identifier, its placeholders named) and put in words only when someone reads it: :attr:`~RuleViolation.message`
in English (what the audit's records and the tests compare), :meth:`~RuleViolation.text` and ``str`` in the
language spoken by the reader.

>>> from bragrules.core.i18n import with_language
>>> err = RuleViolation("stakes.covering", "{player} is short and may only go all in for {low}", player="Ada", low=3)
>>> err.message, with_language("zh", err.text)
('Ada is short and may only go all in for 3', 'Ada 筹码不足，只能全下 3')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from bragrules.core.i18n import N_, Message, Said

if TYPE_CHECKING:
    from bragrules.core.rule_id import Rule


class BragError(Exception):
    """Base of every error bragrules raises on purpose."""


class RuleViolation(BragError, Said):
    """An illegal action. ``rule`` is the profile field path (or a fixed rule name) it breaks.

    The engine raises it *before* changing anything, so the state is as it was. ``message`` is the
    English text, with ``{name}`` placeholders filled from the keyword arguments when it is read (or a
    :class:`~bragrules.core.i18n.Message` already made); nothing is formatted while nobody reads it, so
    a refusal the engine only tests for (is this move open?) costs no words.
    """

    def __init__(self, rule: "Rule", message: Union[str, Message], /, **placeholders: Any):
        super().__init__(rule, message)
        self.rule = rule
        self.said = message if isinstance(message, Message) else Message(message, **placeholders)

    def __reduce__(self) -> Any:  # pickled with its placeholders (the parallel audit's workers)
        return (_violation, (self.rule, self.said))

    def __str__(self) -> str:
        return f"{self.rule}: {self.said.text()}"


def _violation(rule: "Rule", said: Message) -> RuleViolation:
    return RuleViolation(rule, said)


class HistoryError(BragError, Said):
    """A history that cannot be read: names the file and line.

    ``message`` is the English (what tests and records compare); ``str`` says it in the language spoken,
    after the file and line. A message made as a :class:`~bragrules.core.i18n.Message` is read in the
    reader's language; a plain string is looked up in the catalogue as it is.

    >>> from bragrules.core.i18n import with_language
    >>> err = HistoryError(Message("deal {n} has no cards", n=2), "game.yaml", 7)
    >>> err.message, str(err)
    ('deal 2 has no cards', 'game.yaml:7: deal 2 has no cards')
    """

    def __init__(self, message: Union[str, Message], file: str | None = None, line: int | None = None):
        self.file = file
        self.line = line
        self.said = message if isinstance(message, Message) else Message(message)
        super().__init__(self.said, file, line)

    def where(self) -> str:
        """``FILE:LINE: `` (or ``FILE: ``, or nothing) before the message."""
        if not self.file:
            return ""
        return f"{self.file}:{self.line}: " if self.line else f"{self.file}: "

    def __str__(self) -> str:
        return self.where() + self.said.text()


OS_REASONS = (
    N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"), N_("Not a directory"),
    N_("No space left on device"), N_("Read-only file system"), N_("File too large"), N_("Disk quota exceeded"),
    N_("Operation not permitted"), N_("Input/output error"), N_("File name too long"),
    N_("Too many levels of symbolic links"), N_("Device or resource busy"), N_("Resource temporarily unavailable"),
    N_("Broken pipe"),
)
"""The system's words for the commonest reasons a file cannot be read or written (its ``strerror``, in the
English the C library gives Python), each in the catalogue: such a reason is read in the reader's language, any
other as the system gave it."""


def os_reason(exc: OSError) -> Message:
    """Why the system refused a file, to be read in the reader's language.

    >>> from bragrules.core.i18n import with_language
    >>> reason = os_reason(PermissionError(13, "Permission denied"))
    >>> reason.english(), with_language("zh", reason.text)
    ('Permission denied', '权限不足')
    """
    return Message(exc.strerror or str(exc))
