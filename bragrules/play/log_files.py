"""The session log as a file: where ``play`` writes it, how much of it is whole, and reading it whole.

A log is JSON Lines, one flushed line per event; a writer killed mid-line leaves a last line cut short,
which every reader here leaves out (everything before it stands).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from bragrules.core.errors import HistoryError, os_reason
from bragrules.core.i18n import Message


def complete_length(path: Path) -> int:
    """The length of a file up to the end of its last complete line (its last newline)."""
    with open(path, "rb") as handle:
        end = handle.seek(0, os.SEEK_END)
        position = end
        while position > 0:
            step = min(65536, position)
            handle.seek(position - step)
            chunk = handle.read(step)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                return position - step + newline + 1
            position -= step
        return 0


def read_log(path: Path) -> Tuple[Dict[str, Any], List[Tuple[int, Dict[str, Any]]], int]:
    """The header, the complete events (with line numbers) and the byte length of the complete lines.

    A small reader of whole logs for tests and tools; ``play --resume``
    reads a log as a stream (:meth:`Table.resume`).
    """
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise HistoryError(Message("no such file"), str(path)) from None
    except IsADirectoryError:
        raise HistoryError(Message("is a directory, not a session log"), str(path)) from None
    except OSError as exc:
        raise HistoryError(Message("cannot read the session log ({reason})", reason=os_reason(exc)), str(path)) from None
    events: List[Tuple[int, Dict[str, Any]]] = []
    header: Optional[Dict[str, Any]] = None
    good = 0
    offset = 0
    for number, raw in enumerate(data.split(b"\n"), start=1):
        end = offset + len(raw) + 1
        complete = end <= len(data)
        offset = end
        if not raw.strip():
            if complete:
                good = end
            continue
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            if not complete:
                break  # a line cut short by a killed writer: everything before it stands
            raise HistoryError(Message("not a JSON object (the log is damaged)"), str(path), number) from None
        if not complete:
            break
        if not isinstance(obj, dict):
            raise HistoryError(Message("not a JSON object"), str(path), number)
        if header is None:
            if obj.get("type") != "header":
                raise HistoryError(Message("the first line of a session log is its header"), str(path), number)
            header = obj
        else:
            events.append((number, obj))
        good = end
    if header is None:
        raise HistoryError(Message("the session log has no header"), str(path))
    return header, events, good


def default_log_path(seed: int, directory: Optional[Path] = None) -> Path:
    """Where ``play`` writes its log when not told: ``bragrules-session-SEED.jsonl`` here, or beside it
    under a fresh name (``bragrules-session-SEED-2.jsonl``, ...) when that file exists.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as here:
    ...     first = default_log_path(7, Path(here))
    ...     _ = first.write_text("{}\\n")
    ...     first.name, default_log_path(7, Path(here)).name
    ('bragrules-session-7.jsonl', 'bragrules-session-7-2.jsonl')
    """
    folder = Path(os.getcwd()) if directory is None else Path(directory)
    path = folder / f"bragrules-session-{seed}.jsonl"
    copy = 1
    while os.path.lexists(path):
        copy += 1
        path = folder / f"bragrules-session-{seed}-{copy}.jsonl"
    return path


__all__ = ["complete_length", "default_log_path", "read_log"]
