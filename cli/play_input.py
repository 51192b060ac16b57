r"""Where ``bragrules play`` reads what is typed: one :class:`Prompter` for the keyboard, a pipe or a
script of moves (:func:`read_script`, bounded), and :func:`esc` for user text put into markup.

>>> print(esc("[bold]Ada"))
\[bold]Ada
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, List, Optional

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console


MAX_SCRIPT_BYTES = 1 << 20
"""The longest script of moves ``--script`` reads."""


def read_script(path: Path) -> List[str]:
    """The lines of a script of moves: a text file (or a pipe) of at most 1 MiB, or one clear error.

    The read is bounded, so a device such as ``/dev/zero`` is refused, not read forever.
    """
    import stat as stat_module

    from bragrules.core.errors import HistoryError, os_reason
    from bragrules.core.i18n import Message

    name = str(path)
    try:
        info = path.stat()
        if stat_module.S_ISDIR(info.st_mode):
            raise HistoryError(Message("is a directory; --script takes a text file of moves, one a line"), name)
        with open(path, "rb") as handle:
            data = handle.read(MAX_SCRIPT_BYTES + 1)
    except FileNotFoundError:
        raise HistoryError(Message("no such file (--script takes a text file of moves, one a line)"), name) from None
    except OSError as exc:
        raise HistoryError(Message("cannot read the script ({reason})", reason=os_reason(exc)), name) from None
    if b"\0" in data:
        raise HistoryError(Message("not a text file (it holds NUL bytes); --script takes moves, one a line"), name)
    if len(data) > MAX_SCRIPT_BYTES:
        raise HistoryError(Message("a script of moves is at most {size} KiB; this one is longer",
                                   size=str(MAX_SCRIPT_BYTES // 1024)), name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise HistoryError(Message("not UTF-8 text; --script takes moves, one a line"), name, line) from None
    return text.splitlines()


def esc(text: Any) -> str:
    """User text (a name, a reason, a path) made safe to put in this module's markup."""
    from rich.markup import escape

    return escape(str(text))


class Prompter:
    """The one place input comes from: a script file, piped stdin, or the keyboard."""

    def __init__(self, console: "Console", script: Optional[Path] = None):
        self.console = console
        self._lines: Optional[Iterator[str]] = None
        if script is not None:
            self._lines = iter(read_script(script))
        self.interactive = script is None and sys.stdin.isatty()
        if self.interactive:
            try:  # line editing and history (arrow keys) for input(), where the platform has it
                import readline  # noqa: F401
            except ImportError:  # pragma: no cover
                pass

    def ask(self, prompt: str) -> Optional[str]:
        """One line of input (None when the input has ended; "" for an empty line typed or piped).

        A script's blank lines and comments are skipped, so a script answers
        every question, "press Enter" ones included, with a word (``next``).
        """
        if self._lines is not None:
            for line in self._lines:
                text = line.split("#", 1)[0].strip()
                if text:
                    self.console.print(f"{esc(prompt)} [bold]{esc(text)}[/]", highlight=False)
                    return text
            return None
        try:
            if self.interactive:
                return self.typed(prompt)
            line = sys.stdin.readline()
        except EOFError:
            return None
        if not line:
            return None
        self.console.print(f"{esc(prompt)} [bold]{esc(line.strip())}[/]", highlight=False)
        return line.strip()

    def typed(self, prompt: str) -> str:
        """A line typed at the keyboard after ``prompt``.

        The prompt is given to ``input()`` itself, not written before it: line
        editing then knows where the line starts, and Enter on an empty line
        (the default bet) ends the line on the screen as any other answer does.
        """
        from bragrules.core.text import neutralise

        self.console.file.flush()
        return input(f"{neutralise(prompt)} ").strip()


__all__ = ["MAX_SCRIPT_BYTES", "Prompter", "esc", "read_script"]
