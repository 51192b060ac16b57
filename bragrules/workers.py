"""Worker processes that stop when their parent asks, leave Ctrl-C to it, and end with it.

``simulate --workers N`` and ``audit --workers N`` share the work of one run
among processes of a pool. Three things keep such a run from hanging or
leaving half-written work behind:

- **Ctrl-C belongs to the parent.** A Ctrl-C at a terminal is sent to the
  whole process group; a worker ignores it (:func:`start_worker`), so it is
  never cut in the middle of a deal or a log line, and never turns the
  interruption into a task's error that the pool would report (or carry on
  after).
- **A stop flag.** The parent makes one :class:`StopFlag` per pool and
  raises it when the run ends early (Ctrl-C, an error); workers look at it
  between deals (:func:`stop_requested`) and return at once, so the pool
  closes after at most a deal of work per worker, without killing a process
  in the middle of sending a result (which can deadlock a pool).
- **Workers end with their parent** (:func:`watch_parent`), however it went.

>>> stop_requested()  # in a process that is no worker: never
False
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from typing import Any, Optional

__all__ = ["PARENT_CHECK", "StopFlag", "start_worker", "stop_requested", "watch_parent"]

PARENT_CHECK = 0.2
"""Seconds between a worker's checks that the process that started it is alive."""


class StopFlag:
    """A flag in memory shared with the workers forked or spawned after it is made.

    >>> flag = StopFlag()
    >>> flag.raised, flag.raise_(), flag.raised
    (False, None, True)
    """

    def __init__(self, context: Optional[Any] = None) -> None:
        self.value: Any = (context or multiprocessing).RawValue("b", 0)

    def raise_(self) -> None:
        self.value.value = 1

    @property
    def raised(self) -> bool:
        return bool(self.value.value)

    def __reduce__(self) -> Any:  # handed to a spawned worker with its shared memory
        return (_flag_of, (self.value,))


def _flag_of(value: Any) -> StopFlag:
    flag = StopFlag.__new__(StopFlag)
    flag.value = value
    return flag


_STOP: Optional[Any] = None  # the shared byte of this worker's pool, when this process is a worker


def stop_requested() -> bool:
    """In a worker: whether its parent has asked the workers to stop (cheap: one read of shared memory)."""
    stop = _STOP
    return stop is not None and stop.value != 0


def watch_parent(parent: int) -> None:
    """In a worker: end this process as soon as ``parent`` (the process that
    started it) is gone, however it went (SIGKILL included).

    A worker of a pool waits on a pipe whose other end it also holds, so it
    would wait for ever once its parent was killed. A daemon thread checks
    every :data:`PARENT_CHECK` seconds that the parent is still this
    process's parent; when it is not (the worker has been handed to another
    process), the worker exits at once.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="bragrules-parent-watch", daemon=True).start()


def start_worker(parent: int, stop: Optional[StopFlag] = None) -> None:
    """A pool's initializer: Ctrl-C left to the parent, ``stop`` watched, the parent watched."""
    global _STOP
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # pragma: no cover - not the main thread of the worker
        pass
    _STOP = stop.value if stop is not None else None
    watch_parent(parent)
