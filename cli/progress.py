"""Progress on stderr for long runs, only when stderr is a terminal: one display for every command.

A command that works for long with nothing to show (``audit`` of a big log,
``diff --impact``, ``simulate``, ``--json`` included) reports how far it has
got on one line of stderr, drawn by rich and erased at the end: what it is
doing, a bar, how many of how many, and the time left::

    simulating ━━━━━━━━━━━━━━╸━━━━━━━━━━━━━━━━━━━  11,500 of 40,000 deals  0:00:12 left

Output that is not a terminal never gets it: a file, a pipe or a test sees
nothing. The line is redrawn when it is told of progress (at most every
:data:`REDRAW_EVERY` seconds), never from a thread of its own, so that
worker processes forked while it is shown inherit no running thread.
"""

from __future__ import annotations

import os
import time
from typing import IO, TYPE_CHECKING, Any, Callable, Optional

from bragrules.core.i18n import tr

from .common import is_terminal

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType
    from rich.progress import Task

REDRAW_EVERY = 0.1
"""Seconds between two redraws of the line (the first is drawn at once)."""


def progress_wanted(stream: IO[Any], others_show_progress: bool = False) -> bool:
    """Whether to draw progress on ``stream``: a terminal that is not ``TERM=dumb``, and
    nothing else already showing the work going on (rows written to the same terminal).

    >>> import io
    >>> progress_wanted(io.StringIO())
    False
    """
    if others_show_progress or os.environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


def _columns() -> tuple:  # type: ignore[type-arg]
    from rich.progress import BarColumn, ProgressColumn, TextColumn
    from rich.text import Text

    class Count(ProgressColumn):
        """``1,200 of 5,000 deals``, or ``1,200 deals`` while the total is unknown."""

        def render(self, task: "Task") -> "RenderableType":
            unit = task.fields.get("unit", "")
            done = f"{int(task.completed):,}"
            if task.total is None:
                return Text(f"{done} {unit}")
            return Text(tr("{done} of {total} {unit}", done=done, total=f"{int(task.total):,}", unit=unit))

    class Left(ProgressColumn):
        """The time left at the pace so far (``0:00:12 left``); nothing until there is a pace. A command
        that knows better (``solve``: the elapsed time, and the time to its target) says it instead."""

        max_refresh = 0.5

        def render(self, task: "Task") -> "RenderableType":
            told = task.fields.get("times")
            if told:
                return Text(str(told), style="dim")
            remaining = task.time_remaining
            if remaining is None or task.total is None:
                return Text("")
            minutes, seconds = divmod(int(remaining + 0.5), 60)
            hours, minutes = divmod(minutes, 60)
            return Text(tr("{clock} left", clock=f"{hours}:{minutes:02d}:{seconds:02d}"), style="dim")

    return (TextColumn("{task.description}"), BarColumn(), Count(), Left())


class ProgressLine:
    """One line of progress on ``stream`` (a terminal): ``LABEL ━━━╸━━ 1,200 of 5,000 UNIT 0:00:12 left``.

    :meth:`update` says how far the work has got (and the total, once known);
    the line is redrawn at most every :data:`REDRAW_EVERY` seconds of
    ``clock``, which also times the pace for the time left; :meth:`close`
    erases it.

    >>> import io
    >>> class Terminal(io.StringIO):
    ...     def isatty(self): return True
    >>> out, now = Terminal(), [0.0]
    >>> line = ProgressLine(out, "auditing", "lines", total=1000, clock=lambda: now[0], width=70)
    >>> now[0] = 1.0; line.update(100); now[0] = 2.0; line.update(250)
    >>> "250 of 1,000 lines" in out.getvalue() and "0:00:05 left" in out.getvalue()
    True
    >>> line.close()
    """

    def __init__(self, stream: IO[Any], label: str, unit: str, total: Optional[int] = None,
                 clock: Callable[[], float] = time.monotonic, width: Optional[int] = None):
        from rich.progress import Progress

        from .safe_console import SafeConsole

        self.clock = clock
        self._last: Optional[float] = None
        self.drawn = False
        self._console = SafeConsole(file=stream, force_terminal=True, width=width,
                                    color_system=None if os.environ.get("NO_COLOR") else "auto")
        self._progress = Progress(*_columns(), console=self._console, transient=True, auto_refresh=False,
                                  get_time=clock, redirect_stdout=False, redirect_stderr=False)
        self._task = self._progress.add_task(label, total=total, unit=unit)
        self._started = False

    def update(self, done: int, total: Optional[int] = None, times: Optional[str] = None) -> None:
        """``done`` units are done (of ``total``, if given: a total found on the way); redraw if it is time.
        ``times``: the elapsed time and the time left in words, in place of the estimate at the pace."""
        progress = self._progress
        if total is not None:
            progress.update(self._task, total=total)
        if times is not None:
            progress.update(self._task, times=times)
        progress.update(self._task, completed=done)
        now = self.clock()
        if self._last is not None and now - self._last < REDRAW_EVERY:
            return
        self._last = now
        try:
            if not self._started:
                progress.start()
                self._started = True
            progress.refresh()
            self.drawn = True
        except (OSError, ValueError):  # the terminal went away: the work goes on without progress
            self.drawn = False

    def relabel(self, label: str) -> None:
        """Say what the work is doing now (``solve``'s exploitability), shown at the next redraw."""
        self._progress.update(self._task, description=label)

    def close(self) -> None:
        """Erase the line (nothing if it was never drawn)."""
        if not self._started:
            return
        try:
            self._progress.stop()
        except (OSError, ValueError):
            pass
        self._started = False
        self.drawn = False


def ticker(label: str, unit: str, stream: Optional[IO[Any]] = None,
           others_show_progress: bool = False, total: Optional[int] = None) -> Optional[ProgressLine]:
    """A :class:`ProgressLine` on stderr when :func:`progress_wanted`, else None."""
    import sys

    target = sys.stderr if stream is None else stream
    if not progress_wanted(target, others_show_progress):
        return None
    line = ProgressLine(target, label, unit, total=total)
    line.update(0)  # drawn at once: the work has begun
    return line


def count_lines(path: str, limit_seconds: float = 2.0) -> Optional[int]:
    """The number of lines of the regular file at ``path`` (the total for a progress line), or
    None for anything else (a pipe, standard input) or when counting takes longer than
    ``limit_seconds`` (a file too big to count twice).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
    ...     _ = handle.write("a\\nb\\nc")
    >>> count_lines(handle.name), count_lines("-")
    (3, None)
    """
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        started = time.monotonic()
        lines, last = 0, b"\n"
        with open(path, "rb") as handle:
            while True:
                chunk = handle.read(1 << 20)
                if not chunk:
                    break
                lines += chunk.count(b"\n")
                last = chunk[-1:]
                if time.monotonic() - started > limit_seconds:
                    return None
        return lines + (last != b"\n")
    except (OSError, ValueError):
        return None
