"""Simulation blocks on a Dask distributed cluster: ``simulate --cluster ADDRESS``.

A simulation is cut into blocks of :data:`~bragrules.play.simulate.BLOCK_DEALS`
deals, each seeded from the simulation's seed and its own number alone, and
the blocks are folded into the report in block order. So where a block is
played does not matter: :func:`dask_runner` hands them to the workers of an
existing Dask cluster (``dask scheduler`` and ``dask worker`` processes,
or a ``LocalCluster``) and the report is the one a single process gives,
byte for byte.

A task plays :data:`BLOCKS_PER_TASK` consecutive blocks, and only a few
tasks per worker thread are in flight at once, so a run of 10^8 deals
(400,000 blocks, 50,000 tasks) neither floods the scheduler nor keeps more
than a window of results in memory. Every worker must have the same
version of bragrules installed (with its ``cluster`` extra); that is
checked before any block is sent.

Dask is an optional extra (``pip install 'bragrules[cluster]'``) and heavy
to import, so it is imported only here, only when a cluster is asked for.
"""

from __future__ import annotations

import importlib
from typing import Any, Dict, List, Optional, Tuple

__all__ = ["ClusterError", "ClusterUnavailable", "MISSING", "connect", "dask_runner", "play_blocks"]

MISSING = "--cluster needs dask distributed: pip install 'bragrules[cluster]'"
IN_FLIGHT_PER_THREAD = 4
"""Tasks queued per worker thread: enough to keep them busy, few enough to stay small."""

BLOCKS_PER_TASK = 8
"""Consecutive blocks one task plays (2,000 deals, about a second): the scheduler's cost per task
(milliseconds) is then a small part of the task's time."""


def play_blocks(profile_json: str, styles: List[str], seed: int, blocks: List[Tuple[int, int]]) -> List[Any]:
    """Run on a worker: each (block, deals) of ``blocks`` played, their tallies in order."""
    from bragrules.play.simulate import _play_block

    return [_play_block(profile_json, styles, seed, block, size) for block, size in blocks]


class ClusterUnavailable(Exception):
    """dask.distributed is not installed."""


class ClusterError(Exception):
    """The cluster cannot be used: unreachable, no workers, or workers with another bragrules."""


def _worker_version() -> str:
    """Run on each worker: the bragrules it would play blocks with."""
    import importlib.metadata

    import bragrules.play.simulate  # noqa: F401  (the worker must be able to play)

    try:
        return importlib.metadata.version("bragrules")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def connect(address: str, timeout: float = 10.0, wait_for: int = 0) -> Any:
    """A ``distributed.Client`` on the scheduler at ``address``, its workers checked.

    With ``wait_for``, first wait (up to ``timeout``) until that many workers have joined.
    """
    client: Any
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterUnavailable(MISSING) from None
    try:
        client = distributed.Client(address, timeout=f"{timeout}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach a Dask scheduler at {address!r} ({exc})") from None
    try:
        if wait_for:
            client.wait_for_workers(wait_for, timeout=timeout)
        versions: Dict[str, str] = client.run(_worker_version)
    except Exception as exc:  # a worker without bragrules fails here, remotely
        client.close()
        raise ClusterError(f"the workers at {address!r} cannot play blocks ({exc})") from None
    if not versions:
        client.close()
        raise ClusterError(f"the scheduler at {address!r} has no workers")
    mine = _worker_version()
    others = sorted({v for v in versions.values() if v != mine})
    if others:
        client.close()
        raise ClusterError(f"the workers at {address!r} run bragrules {', '.join(others)}, not {mine}")
    return client


def dask_runner(client: Any) -> Any:
    """A :data:`~bragrules.play.simulate.BlockRunner` that plays the blocks on ``client``'s workers."""
    as_completed: Any = importlib.import_module("distributed").as_completed

    def run(profile_json: str, styles: List[str], seed: int, blocks: List[Tuple[int, int]], done: Any) -> None:
        threads = sum(client.nthreads().values()) or 1
        window = max(2, threads * IN_FLIGHT_PER_THREAD)
        pending = iter([blocks[i:i + BLOCKS_PER_TASK] for i in range(0, len(blocks), BLOCKS_PER_TASK)])
        import hashlib

        tag = hashlib.sha256(f"{profile_json}\n{styles}\n{seed}".encode()).hexdigest()[:16]
        which: Dict[Any, List[Tuple[int, int]]] = {}

        def submit() -> Optional[Any]:
            for chunk in pending:
                first, last = chunk[0], chunk[-1]
                future = client.submit(play_blocks, profile_json, styles, seed, chunk,
                                       key=f"bragrules-blocks-{tag}-{first[0]}-{last[0]}-{last[1]}")
                which[future] = chunk
                return future
            return None

        started = [f for f in (submit() for _ in range(window)) if f is not None]
        queue = as_completed(started, loop=client.loop, with_results=True)
        try:
            for batch in queue.batches():
                for future, tallies in batch:
                    for (block, _), tally in zip(which.pop(future), tallies):
                        done(block, tally)
                    future.release()
                more = [f for f in (submit() for _ in batch) if f is not None]
                if more:
                    queue.update(more)
        except BaseException:
            client.cancel(list(which))
            raise

    return run
