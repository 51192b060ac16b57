"""The one error a profile can raise: :class:`ProfileError`, located in its file.

Every problem with a profile, from a missing file to a rule that contradicts
another, is reported as a single ``ProfileError`` whose text reads like a
compiler message::

    FILE:LINE:COL: field.path: message

Parts that are unknown are left out:

>>> str(ProfileError("ante cannot be negative", file="house.yaml", line=3, column=9,
...                  path="stakes.ante"))
'house.yaml:3:9: stakes.ante: ante cannot be negative'
>>> str(ProfileError("no such file", file="missing.yaml"))
'missing.yaml: no such file'
>>> str(ProfileError("unknown profile 'x'"))
"unknown profile 'x'"

When pydantic finds several problems at once, the first is the error's own
message and :attr:`ProfileError.errors` lists them all, each located:

>>> first = ProfileError("a", file="f.yaml", line=1, column=1)
>>> second = ProfileError("b", file="f.yaml", line=2, column=1)
>>> combined = ProfileError("a", file="f.yaml", line=1, column=1, errors=[first, second])
>>> [str(e) for e in combined.errors]
['f.yaml:1:1: a', 'f.yaml:2:1: b']
>>> first.errors == [first]
True
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.i18n import Message


class ProfileError(Exception):
    """A problem with a profile, with the place it was found.

    Attributes:
        file: the file name as given (or ``"<string>"`` for text), if known.
        line, column: 1-based position in that file, if known.
        path: the dotted field path, e.g. ``"stakes.ante"`` or
            ``"ranking.category_order.2"``, if the problem belongs to a field.
        message: the human reason, without the location, in the language spoken when it was made.
        said: the reason as a :class:`~bragrules.core.i18n.Message` when it was made as one (to be read again in
            another reader's language, or in English), else None.
        code: a short machine-readable kind, e.g. ``"syntax"``,
            ``"duplicate_key"``, ``"extra_forbidden"``, ``"value_error"``.
        excerpt: the source line at ``line`` (truncated), when there is one.
    """

    def __init__(
        self,
        message: Union[str, Message],
        *,
        file: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        path: Optional[str] = None,
        code: Optional[str] = None,
        excerpt: Optional[str] = None,
        errors: Optional[Sequence["ProfileError"]] = None,
    ) -> None:
        self.said = message if isinstance(message, Message) else None
        text = message.text() if isinstance(message, Message) else message
        super().__init__(text)
        self.message = text
        self.file = file
        self.line = line
        self.column = column
        self.path = path or None
        self.code = code
        self.excerpt = excerpt
        self._errors: List[ProfileError] = list(errors) if errors else []

    @property
    def errors(self) -> List["ProfileError"]:
        """Every problem found; the first is this error itself (or equal to it)."""
        return list(self._errors) if self._errors else [self]

    @property
    def location(self) -> str:
        """``FILE:LINE:COL`` with the unknown parts left out ('' if nothing is known)."""
        parts: List[str] = []
        if self.file is not None:
            parts.append(self.file)
        if self.line is not None:
            if not parts:
                parts.append("<unknown>")
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        return self._located(self.message)

    def text(self) -> str:
        """The error as ``str`` writes it, its reason read in the language spoken now when it was made as a
        :class:`~bragrules.core.i18n.Message` (``str``: in the language spoken when it was made)."""
        return self._located(self.said.text() if self.said is not None else self.message)

    def _located(self, reason: str) -> str:
        from bragrules.core.text import brief, printable

        path = brief(self.path, 80) if self.path else None
        prefix = [p for p in (self.location, path) if p]
        return printable(": ".join(prefix + [reason]))

    def __repr__(self) -> str:
        return f"ProfileError({str(self)!r})"

    def render(self) -> str:
        """The message, then the offending source line with a caret under the column.

        >>> print(ProfileError("tab", file="f.yaml", line=2, column=3, excerpt="  \\tante: 1").render())
        f.yaml:2:3: tab
            |   \\tante: 1
            |   ^
        """
        lines = [str(self)]
        if self.excerpt is not None:
            shown = self.excerpt.replace("\t", "\\t")
            lines.append(f"    | {shown}")
            if self.column is not None:
                before = self.excerpt[: max(self.column - 1, 0)].replace("\t", "\\t")
                lines.append("    | " + " " * len(before) + "^")
        lines.extend(str(err) for err in self.errors[1:])
        return "\n".join(lines)

    def __reduce__(self) -> Tuple[Any, ...]:
        others = [e for e in self._errors if e is not self]
        leads = bool(self._errors) and self._errors[0] is self
        fields = (self.message, self.file, self.line, self.column, self.path, self.code, self.excerpt)
        return (_rebuild, (fields, others, leads))


class Conflict(ValueError):
    """A check across fields failed: the fields on each side, and the values that would settle it.

    Raised by a profile's own checks (``Profile``'s and the areas' validators);
    the loader turns it into a :class:`ProfileError` at the line of the file
    that made the combination, saying which value on the other side was
    inherited and what to write instead. Its text is the message as before,
    led by the first field's path:

    >>> c = Conflict("there is no retained blind hand without blind play",
    ...              ("blind.retention", "blind.allowed"), {"blind.retention": "false"})
    >>> str(c), c.fields, c.fixes
    ('blind.retention: there is no retained blind hand without blind play', ('blind.retention', 'blind.allowed'), {'blind.retention': 'false'})
    """

    def __init__(self, message: str, fields: Sequence[str], fixes: Optional[Dict[str, str]] = None) -> None:
        self.message = message
        self.fields: Tuple[str, ...] = tuple(fields)
        self.fixes: Dict[str, str] = dict(fixes or {})
        super().__init__(f"{self.fields[0]}: {message}" if self.fields else message)


def _rebuild(
    fields: Tuple[Any, ...], others: List[ProfileError], leads: bool
) -> ProfileError:
    message, file, line, column, path, code, excerpt = fields
    error = ProfileError(
        message, file=file, line=line, column=column, path=path, code=code, excerpt=excerpt
    )
    error._errors = ([error] if leads else []) + others
    return error


__all__ = ["Conflict", "ProfileError"]
