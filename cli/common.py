"""What every command shares: where output goes, colour, and bad-input errors.

Data goes to stdout, messages to stderr. Exit status 0 means everything
was fine, 2 means some input (a profile, a hand, an argument) was bad.
Nothing heavy is imported here: this module is loaded for ``--help``.
"""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING, Any, Optional, Tuple, Type

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from rich.console import Console

EXIT_OK = 0
EXIT_BAD_INPUT = 2

# Error classes that mean "the input was bad", by module: looked up only in
# modules already imported, so that checking an error imports nothing.
_INPUT_ERRORS = (
    ("bragrules.profile.errors", "ProfileError"),
    ("bragrules.errors", "BragError"),
    ("bragrules.cards", "CardError"),
)


def input_error_types() -> Tuple[Type[BaseException], ...]:
    """The bad-input error classes among the modules loaded so far.

    An error of a class whose module was never imported cannot have been
    raised, so nothing needs importing to recognise one.
    """
    found = []
    for module_name, class_name in _INPUT_ERRORS:
        module = sys.modules.get(module_name)
        cls = getattr(module, class_name, None) if module is not None else None
        if isinstance(cls, type):
            found.append(cls)
    return tuple(found)


def is_input_error(exc: BaseException) -> bool:
    """Whether ``exc`` reports bad input (a profile, a card, a rule), not a bug."""
    types = input_error_types()
    return bool(types) and isinstance(exc, types)


def one_line(text: str) -> str:
    """``text`` on a single line (later lines joined with ``; ``)."""
    parts = [part.strip() for part in str(text).splitlines() if part.strip()]
    return "; ".join(parts)


def describe_error(exc: BaseException) -> str:
    """The one-line message for a bad-input error.

    A profile error already reads ``FILE:LINE:COL: field.path: message`` and
    is shown as it is; other errors are prefixed with ``error:``.
    """
    text = one_line(str(exc)) or type(exc).__name__
    profile_errors = sys.modules.get("bragrules.profile.errors")
    profile_error = getattr(profile_errors, "ProfileError", None)
    if isinstance(profile_error, type) and isinstance(exc, profile_error):
        more = len(getattr(exc, "errors", ())) - 1
        file = getattr(exc, "file", None)
        if more > 0 and file:
            text += f" ({more} more: bragrules validate {file})"
        return text
    return f"error: {text}"


def colour_wanted(stream: IO[Any]) -> bool:
    """Colour for ``stream``: a terminal, ``NO_COLOR`` unset or empty, ``TERM`` not dumb."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed stream
        return False


def message(text: str) -> None:
    """A message for people, on stderr."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


MAX_MESSAGE = 300
"""An error line never runs longer than this: a message quotes, it does not dump."""


def error(text: str) -> None:
    """One error line on stderr, in red on a terminal that wants colour."""
    line = one_line(text)
    if len(line) > MAX_MESSAGE:
        line = line[: MAX_MESSAGE - 1] + "…"
    if colour_wanted(sys.stderr):
        line = f"\x1b[31m{line}\x1b[0m"
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


WIDE = 4096
"""The width output that is not a terminal is laid out for: wide enough that nothing is wrapped or cut."""


def console(stderr: bool = False) -> "Console":
    """A rich console for stdout (or stderr); rich itself honours ``NO_COLOR``.

    Output that is not a terminal (a file, a pipe) is never wrapped or cut:
    lines run as long as they need, tables as wide as their cells (unless
    ``COLUMNS`` sets a width).
    """
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    if is_terminal(stream) or os.environ.get("COLUMNS"):
        return Console(stderr=stderr, highlight=False)
    return Console(stderr=stderr, highlight=False, width=WIDE, soft_wrap=True)


def is_terminal(stream: IO[Any]) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):
        return False


def write(text: str) -> None:
    """Data on stdout, exactly as given."""
    sys.stdout.write(text)


def write_to(text: str, output: "Optional[Path]") -> None:
    """Data on stdout, or into ``output`` (a note on stderr); an unwritable file is bad input, exit 2."""
    if output is None:
        write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        import typer

        error(f"error: cannot write {output}: {exc.strerror or exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    message(f"wrote {output}")
