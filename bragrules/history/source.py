"""Reading a history of either form from wherever it is: a file, standard input, a pipe, a FIFO.

:func:`read_history` decides by content: a log's first character is ``{``
(or its name ends in ``.jsonl``); anything else is a sheet.
"""

from __future__ import annotations

import io
import os
from typing import Optional, Tuple

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Message

from .log import read_log, read_log_stream
from .model import History, PathLike
from .sheet import read_sheet, sheet_from_bytes
from .values import too_large, unreadable_error

STDIN = "-"
"""The name that reads a history from standard input (``bragrules audit -``)."""

STDIN_NAME = "<stdin>"
"""How standard input is named in messages."""

FIFO_WAIT = 10.0
"""Seconds to wait for a writer to send something into a FIFO before giving up on it."""

_SNIFF_LIMIT = 1024 * 1024
"""Most blank space read from a stream before the first character that says sheet or log."""

_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"


LOG_SUFFIXES = (".jsonl", ".ndjson")
"""A file named so is a log whatever it holds (its errors speak of a log, not a sheet)."""


def sniff_kind(path: PathLike) -> str:
    """``"log"`` when the file's first non-space character is ``{`` (or its
    name ends in ``.jsonl``), else ``"sheet"``."""
    name = os.fspath(path)
    if name.lower().endswith(LOG_SUFFIXES):
        return "log"
    try:
        with open(name, "rb") as handle:
            while True:
                chunk = handle.read(4096)
                if not chunk:
                    return "sheet"
                stripped = chunk.lstrip(_BLANK).removeprefix(b"\xef\xbb\xbf").lstrip(_BLANK)
                if stripped:
                    return "log" if stripped.startswith(b"{") else "sheet"
    except OSError as exc:
        raise unreadable_error(exc, name) from None


def _open_stream(name: str) -> "Optional[io.BufferedReader]":
    """A history that is no regular file, opened to be read once: standard
    input (``-``), a pipe (``/dev/stdin``, ``<(cat log)``), a FIFO or a
    device. ``None`` for a regular file (or none at all), which is read by name.

    A FIFO is opened without waiting for a writer, then given
    :data:`FIFO_WAIT` seconds to send its first bytes.
    """
    import stat
    import sys

    if name == STDIN:
        stdin = sys.stdin
        buffer = getattr(stdin, "buffer", None)
        if isinstance(buffer, io.BufferedReader):
            return buffer
        if buffer is not None:
            return io.BufferedReader(buffer)
        # a text stream in place of stdin (tests): its text, as UTF-8
        return io.BufferedReader(io.BytesIO((stdin.read() if stdin is not None else "").encode("utf-8")))
    try:
        mode = os.stat(name).st_mode
    except OSError:
        return None  # reported when it is opened by name
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    try:
        if stat.S_ISFIFO(mode):
            fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
            try:
                _wait_for_writer(fd, name)
                os.set_blocking(fd, True)
            except BaseException:
                os.close(fd)
                raise
            return os.fdopen(fd, "rb")
        return open(name, "rb")
    except OSError as exc:
        raise unreadable_error(exc, name) from None


def _wait_for_writer(fd: int, name: str) -> None:
    """Wait (at most :data:`FIFO_WAIT` seconds) until the FIFO ``fd`` has something to read."""
    import select

    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP)
    if not poller.poll(int(FIFO_WAIT * 1000)):
        raise HistoryError(Message("a FIFO that nobody wrote to in {seconds} seconds; start the writer first, or pipe "
                                   "the history in", seconds=format(FIFO_WAIT, "g")), name)


def _sniff_stream(handle: "io.BufferedReader", name: str) -> Tuple[str, bytes]:
    """Whether a stream holds a sheet or a log, and what was read to find out:
    blank space and a byte order mark (the stream goes on from the first
    character that decided)."""
    consumed = bytearray()
    while len(consumed) <= _SNIFF_LIMIT:
        ahead = handle.peek(4096)
        if not ahead:
            return "sheet", bytes(consumed)
        skip = len(ahead) - len(ahead.lstrip(_BLANK))
        if skip == 0:
            if consumed or not _BOM.startswith(ahead[:3]):
                return ("log" if ahead.startswith(b"{") else "sheet"), bytes(consumed)
            skip = min(len(ahead), 3)  # the byte order mark (or its start, in a short read)
        consumed += handle.read(skip)
    raise HistoryError(Message("more than {size} MiB of blank space and nothing else",
                               size=str(_SNIFF_LIMIT // (1024 * 1024))), name)


def _read_history_stream(handle: "io.BufferedReader", name: str) -> History:
    from bragrules.profile.loader import MAX_BYTES

    try:
        kind, blank = _sniff_stream(handle, name)
        if kind == "log" or name.lower().endswith(LOG_SUFFIXES):
            return read_log_stream(handle, name, blank.count(b"\n") + 1)
        data = blank + handle.read(MAX_BYTES + 1 - len(blank))
    except OSError as exc:
        raise unreadable_error(exc, name) from None
    try:
        if len(data) > MAX_BYTES:
            raise HistoryError(too_large(None, MAX_BYTES), name)
    finally:
        handle.close()
    return sheet_from_bytes(data, name)


def read_history(path: PathLike) -> History:
    """Read a sheet or a log, deciding by content (a log's first character is ``{``).

    ``-`` reads standard input; a pipe, a FIFO or a device is read once, as a
    stream (a log's deals as they are audited, in memory that does not grow
    with it).
    """
    name = os.fspath(path)
    stream = _open_stream(name)
    if stream is not None:
        return _read_history_stream(stream, STDIN_NAME if name == STDIN else name)
    if sniff_kind(path) == "log":
        return read_log(path)
    return read_sheet(path)




__all__ = ["FIFO_WAIT", "LOG_SUFFIXES", "STDIN", "STDIN_NAME", "read_history", "sniff_kind"]
