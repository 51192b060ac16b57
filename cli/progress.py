"""Progress on stderr for long runs, only when stderr is a terminal.

A command that works for long with nothing to show (``audit`` of a big log,
``diff --impact``, ``simulate``, ``--json`` included) reports how far it has
got on one line of stderr, redrawn in place and cleared at the end. Output
that is not a terminal never gets it: a file, a pipe or a test sees nothing.
"""

from __future__ import annotations

import os
import time
from typing import IO, Any, Callable, Optional

from .common import is_terminal

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


class Ticker:
    """One line of progress, ``LABEL: 1,200 of 5,000 deals``, redrawn at most every
    :data:`REDRAW_EVERY` seconds (``clock`` gives the time) and erased by :meth:`close`.

    >>> import io
    >>> out, now = io.StringIO(), [0.0]
    >>> ticker = Ticker(out, "auditing", "deals", clock=lambda: now[0])
    >>> ticker.update(1); ticker.update(2); now[0] = 1.0; ticker.update(300, 1000); ticker.close()
    >>> out.getvalue().split("\\r")[1:]
    ['auditing: 1 deals\\x1b[K', 'auditing: 300 of 1,000 deals\\x1b[K', '\\x1b[K']
    """

    def __init__(self, stream: IO[Any], label: str, unit: str, clock: Callable[[], float] = time.monotonic):
        self.stream = stream
        self.label = label
        self.unit = unit
        self.clock = clock
        self._last: Optional[float] = None
        self.drawn = False

    def update(self, done: int, total: Optional[int] = None) -> None:
        """``done`` units of ``total`` (unknown: None) are done; redraw if it is time."""
        now = self.clock()
        if self._last is not None and now - self._last < REDRAW_EVERY:
            return
        self._last = now
        of = f" of {total:,}" if total is not None else ""
        self._write(f"\r{self.label}: {done:,}{of} {self.unit}\x1b[K")
        self.drawn = True

    def close(self) -> None:
        """Erase the line (nothing if it was never drawn)."""
        if self.drawn:
            self._write("\r\x1b[K")
            self.drawn = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the work goes on without progress
            self.drawn = False


def ticker(label: str, unit: str, stream: Optional[IO[Any]] = None,
           others_show_progress: bool = False) -> Optional[Ticker]:
    """A :class:`Ticker` on stderr when :func:`progress_wanted`, else None."""
    import sys

    target = sys.stderr if stream is None else stream
    if not progress_wanted(target, others_show_progress):
        return None
    return Ticker(target, label, unit)
