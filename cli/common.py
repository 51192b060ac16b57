"""What every command shares: where output goes, colour, and bad-input errors.

Data goes to stdout, messages to stderr. Exit status 0 means everything
was fine, 2 means some input (a profile, a hand, an argument) was bad.
Nothing heavy is imported here: this module is loaded for ``--help``.
"""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING, Any, List, Optional, Sequence, Tuple, Type

from bragrules.core.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    import typer
    from rich.console import Console

    from bragrules.profile.models import Profile

EXIT_OK = 0
EXIT_BAD_INPUT = 2

# Error classes that mean "the input was bad", by module: looked up only in
# modules already imported, so that checking an error imports nothing.
_INPUT_ERRORS = (
    ("bragrules.profile.errors", "ProfileError"),
    ("bragrules.core.errors", "BragError"),
    ("bragrules.core.cards", "CardError"),
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

    A profile error found in a file already reads ``FILE:LINE:COL: field.path:
    message``, as a compiler's, and is shown as it is; every other error (an
    unknown profile name too) is prefixed with ``error:``.

    >>> from bragrules.profile.errors import ProfileError
    >>> describe_error(ProfileError("unknown profile 'nosuch'"))
    "error: unknown profile 'nosuch'"
    >>> describe_error(ProfileError("ante cannot be negative", file="h.yaml", line=3, column=9))
    'h.yaml:3:9: ante cannot be negative'
    """
    text = one_line(str(exc)) or type(exc).__name__
    profile_errors = sys.modules.get("bragrules.profile.errors")
    profile_error = getattr(profile_errors, "ProfileError", None)
    if isinstance(profile_error, type) and isinstance(exc, profile_error):
        more = len(getattr(exc, "errors", ())) - 1
        file = getattr(exc, "file", None)
        if more > 0 and file:
            text += tr(" ({more} more: {command})", more=more, command=f"bragrules validate {file}")
        return text if file else with_error_prefix(text)
    return with_error_prefix(text)


def with_error_prefix(text: str) -> str:
    """``error: TEXT``, once (a message that has its own ``error:`` keeps it).

    >>> with_error_prefix("no such file"), with_error_prefix("error: no such file")
    ('error: no such file', 'error: no such file')
    """
    return text if text.startswith("error: ") else f"error: {text}"


def complete_profile(incomplete: str) -> List[str]:
    """Shell completion for a profile: the built-in names, the ``.yaml`` files and the folders
    that start with what is typed so far (``bragrules show tra<TAB>`` gives ``traditional``).

    >>> complete_profile("tra"), complete_profile("zzz")
    (['traditional'], [])
    """
    import glob

    from bragrules.profile.loader import builtin_names

    names = [name for name in builtin_names() if name.startswith(incomplete)]
    for pattern in ("*.yaml", "*.yml", "*/"):
        names.extend(sorted(glob.glob(glob.escape(incomplete) + pattern)))
    return names


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
    """A message for people, on stderr (control characters neutralised)."""
    from bragrules.core.text import neutralise

    sys.stderr.write(neutralise(text) + "\n")
    sys.stderr.flush()


def framed(text: str) -> str:
    """An ``error: ...`` line with its framing word in the language spoken (the rest as it is given).

    >>> framed("error: no such file"), framed("h.yaml:3: bad")
    ('error: no such file', 'h.yaml:3: bad')
    >>> from bragrules.core.i18n import with_language
    >>> with_language("zh", framed, "error: x")
    '错误：x'
    """
    if not text.startswith("error: "):
        return text
    return tr("error: {text}", text=text[len("error: "):])


MAX_MESSAGE = 300
"""An error line never runs longer than this: a message quotes, it does not dump."""


def error(text: str) -> None:
    """One error line on stderr, in red on a terminal that wants colour."""
    from bragrules.core.text import neutralise

    line = neutralise(one_line(framed(text)))
    if len(line) > MAX_MESSAGE:
        line = line[: MAX_MESSAGE - 1] + "…"
    if colour_wanted(sys.stderr):
        line = f"\x1b[31m{line}\x1b[0m"
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def refuse(text: str) -> "typer.Exit":
    """Say ``error: TEXT`` on stderr and give the exit (status 2) for the caller to raise: bad input, one line."""
    import typer

    error(f"error: {text}")
    return typer.Exit(EXIT_BAD_INPUT)


def profile_or_exit(name: str) -> "Profile":
    """The profile ``name`` names (a built-in name or a path), or, where it is bad, its one-line message on stderr
    and the exit with status 2 (``typer.Exit``) raised: what every command taking ``--profile`` does.

    >>> profile_or_exit("teen-patti").name
    'teen-patti'
    """
    import typer

    from bragrules.profile import ProfileError, load_profile

    try:
        return load_profile(name)
    except ProfileError as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None


def bot_styles(bots: Optional[str], default: Sequence[str], also: str = "") -> List[str]:
    """The styles a ``--bots`` list names, comma-separated (``default`` where it is not given); an unknown
    style, or none at all, is refused naming the styles there are (and ``also``, another word it accepts).

    >>> bot_styles("loose, cautious", ["random"])
    ['loose', 'cautious']
    >>> bot_styles(None, ["random"])
    ['random']
    """
    from bragrules.play.bots import ALL_STYLES

    styles = [s.strip() for s in (bots if bots is not None else ",".join(default)).split(",") if s.strip()]
    unknown = [s for s in styles if s not in ALL_STYLES]
    if unknown or not styles:
        raise refuse(tr("--bots: unknown bot style {names}; choose from {styles}",
                        names=", ".join(unknown) or tr("(none)"), styles=", ".join(ALL_STYLES) + tr(also)))
    return styles


WIDE = 4096
"""The width output that is not a terminal is laid out for: wide enough that nothing is wrapped or cut."""


def console(stderr: bool = False, markup: bool = False, wide: bool = True) -> "Console":
    """The rich console for stdout (or stderr); rich itself honours ``NO_COLOR``.

    It is a :class:`~bragrules_cli.safe_console.SafeConsole`: every string
    printed is text, never markup, and no control character reaches the
    terminal. Style comes from :func:`~bragrules_cli.safe_console.styled`
    templates. ``markup=True`` is only for code that escapes every user
    string it prints itself.

    Output that is not a terminal (a file, a pipe) is never wrapped or cut:
    lines run as long as they need, tables as wide as their cells (unless
    ``COLUMNS`` sets a width). ``wide=False`` keeps the usual width for
    output with rules across the page (``play``), lines still never wrapped.
    """
    from .safe_console import SafeConsole

    stream = sys.stderr if stderr else sys.stdout
    if not wide and not is_terminal(stream):
        return SafeConsole(stderr=stderr, markup=markup, soft_wrap=True)
    if is_terminal(stream) or os.environ.get("COLUMNS"):
        return SafeConsole(stderr=stderr, markup=markup)
    return SafeConsole(stderr=stderr, markup=markup, width=WIDE, soft_wrap=True)


def is_terminal(stream: IO[Any]) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):
        return False


def write(text: str) -> None:
    """Data on stdout, as given but for control characters, which are neutralised.

    JSON and YAML escape their own, so only text output changes: an ESC in
    a profile's description is written ``\\u001b``, never raw.
    """
    from bragrules.core.text import neutralise

    sys.stdout.write(neutralise(text))


class OutputError(Exception):
    """Standard output could not be written (a full disk, a device error): bad for the run, exit 2."""


def stream_name(stream: Any, fd: int) -> str:
    """What ``stream`` writes to, for a message: ``standard output (/dev/full)``."""
    label = {1: "standard output", 2: "standard error"}.get(fd, f"descriptor {fd}")
    try:
        target = os.readlink(f"/proc/self/fd/{stream.fileno()}")
    except (AttributeError, ValueError, OSError):
        return label
    if target.startswith(("pipe:", "socket:", "anon_inode:")) or target.startswith("/dev/pts"):
        return label
    return f"{label} ({target})"


class ClosedStream:
    """Standard output when the command was started with it closed (``>&-``): every write fails.

    Python then has no ``sys.stdout`` at all; this takes its place so that the
    first write is the one :class:`GuardedStream` error (``error: cannot write
    standard output: it is closed``, exit status 2), never an ``AttributeError``.

    >>> ClosedStream().write("ok")
    Traceback (most recent call last):
    OSError: [Errno 9] it is closed
    """

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "it is closed")

    def flush(self) -> None:
        """Nothing to flush: nothing was written."""

    def fileno(self) -> int:
        raise ValueError("standard output is closed")

    def isatty(self) -> bool:
        return False


def hold_closed_descriptor(fd: int = 1) -> None:
    """Keep descriptor ``fd`` taken (by ``/dev/null``) when the command was started with it closed,
    so that no file the command opens later (a log, a plot) becomes its standard output."""
    try:
        os.fstat(fd)
        return  # open: nothing to do
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # pragma: no cover - no /dev/null
        return
    if null != fd:
        os.dup2(null, fd)
        os.close(null)


class GuardedStream:
    """``target`` (standard output), whose write errors become one :class:`OutputError`.

    Everything written on stdout goes through ``sys.stdout``, rich included,
    so :func:`bragrules_cli.app.main` puts one of these there: a full disk
    is then ``error: cannot write standard output (/dev/full): No space left
    on device`` and exit status 2, never a traceback. A closed pipe is left
    to the caller (``| head`` is no error).
    """

    def __init__(self, target: IO[str], fd: int = 1) -> None:
        self.target = target
        self.fd = fd

    def _fail(self, exc: OSError) -> "OutputError":
        from bragrules.core.text import printable

        cause = exc.strerror or printable(str(exc))
        return OutputError("error: " + tr("cannot write {path}: {reason}", path=stream_name(self.target, self.fd),
                                          reason=cause))

    def write(self, text: str) -> int:
        try:
            return self.target.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._fail(exc) from None

    def flush(self) -> None:
        try:
            self.target.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._fail(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target, name)


class NeutralStream:
    """A text stream that neutralises control characters on their way to ``target``.

    For output that other code writes (click's usage errors echo the
    arguments they refuse), so it reaches the terminal as safely as ours.
    """

    def __init__(self, target: IO[str]) -> None:
        self.target = target

    def write(self, text: str) -> int:
        from bragrules.core.text import neutralise

        return self.target.write(neutralise(text))

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return colour_wanted(self.target) and bool(self.target.isatty())


def write_to(text: str, output: "Optional[Path]") -> None:
    """Data on stdout, or into ``output`` (a note on stderr); an unwritable file is bad input, exit 2."""
    if output is None:
        write(text)
        return
    from bragrules.core.text import neutralise

    try:
        output.write_text(neutralise(text), encoding="utf-8")
    except OSError as exc:
        import typer

        error("error: " + tr("cannot write {path}: {reason}", path=output, reason=exc.strerror or exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    message(tr("wrote {path}", path=output))
