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

A cluster that cannot be used is one :class:`ClusterError` within a few
seconds, never a wait for ever: the address is checked (a ``tls://`` one
needs dask's TLS settings), then its port and the scheduler answering
there, each within :data:`CONNECT_TIMEOUT` (5 s);
while blocks are played, a scheduler lost part-way, a cluster left without
any worker for :data:`CONNECT_TIMEOUT`, or a task that failed there (its
workers killed again and again) ends the run.

Dask is an optional extra (``pip install 'bragrules[cluster]'``) and heavy
to import, so it is imported only here, only when a cluster is asked for.
"""

from __future__ import annotations

import importlib
from typing import Any, Dict, List, Optional, Tuple

from bragrules.core.errors import BragError

__all__ = ["CONNECT_TIMEOUT", "ClusterError", "ClusterUnavailable", "MISSING", "close", "connect", "dask_runner",
           "play_blocks", "scheduler_address"]

MISSING = "--cluster needs dask distributed: pip install 'bragrules[cluster]'"
IN_FLIGHT_PER_THREAD = 4
"""Tasks queued per worker thread: enough to keep them busy, few enough to stay small."""

CONNECT_TIMEOUT = 5.0
"""Seconds the scheduler's address has to answer (its port, then the scheduler itself), and that a
scheduler lost part-way, or a cluster left without workers, is waited for before the run fails."""

CLOSE_TIMEOUT = 2.0
"""Seconds closing the connection to the scheduler may take."""

POLL = 0.5
"""Seconds between the runner's looks at the cluster while it waits for blocks."""

BLOCKS_PER_TASK = 8
"""Consecutive blocks one task plays (2,000 deals, about a second): the scheduler's cost per task
(milliseconds) is then a small part of the task's time."""


def play_blocks(profile_json: str, styles: List[str], seed: int, blocks: List[Tuple[int, int]]) -> List[Any]:
    """Run on a worker: each (block, deals) of ``blocks`` played, their tallies in order."""
    from bragrules.play.blocks import play_block

    return [play_block(profile_json, styles, seed, block, size) for block, size in blocks]


class ClusterUnavailable(Exception):
    """dask.distributed is not installed."""


class ClusterError(BragError):
    """The cluster cannot be used: unreachable, no workers, workers with another bragrules, or lost
    part-way (the scheduler gone, every worker gone, a block that failed there)."""


def _worker_version() -> str:
    """Run on each worker: the bragrules it would play blocks with."""
    import importlib.metadata

    import bragrules.play.simulate  # noqa: F401  (the worker must be able to play)

    try:
        return importlib.metadata.version("bragrules")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def scheduler_address(address: str) -> Tuple[str, str, int]:
    """``address`` as (scheme, host, port), or a :class:`ClusterError` saying what an address is.

    >>> scheduler_address("tcp://10.0.0.5:8786"), scheduler_address("localhost:8786")
    (('tcp', '10.0.0.5', 8786), ('tcp', 'localhost', 8786))
    >>> scheduler_address("nonsense")
    Traceback (most recent call last):
    bragrules.analysis.cluster.ClusterError: --cluster 'nonsense': not a scheduler's address (tcp://HOST:PORT)
    """
    scheme, _, place = address.rpartition("://")
    scheme = scheme or "tcp"
    host, _, port = place.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host  # [::1]:8786
    if scheme not in ("tcp", "tls") or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"--cluster {address!r}: not a scheduler's address (tcp://HOST:PORT)")
    return scheme, host, int(port)


def _reach(address: str, host: str, port: int, timeout: float) -> None:
    """Open a TCP connection to the scheduler's port and close it: a closed port or a host that does not
    answer is one error within ``timeout``, before dask's client (which retries until its own timeout)."""
    import socket

    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except socket.timeout:
        raise ClusterError(f"cannot reach a Dask scheduler at {address!r} (no answer in {timeout:g} s)") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach a Dask scheduler at {address!r} ({exc.strerror or exc})") from None


def _security(distributed: Any, address: str, scheme: str) -> Any:
    """The TLS settings dask is configured with (``distributed.comm.tls``: a CA file, the client's certificate
    and key). A ``tls://`` address without them is one :class:`ClusterError` at once: dask's client would
    only fail after its timeout, and take as long again to close."""
    security = distributed.Security()
    if scheme == "tls" and security.get_connection_args("client").get("ssl_context") is None:
        raise ClusterError(f"--cluster {address!r}: a tls:// scheduler needs dask's TLS settings (distributed.comm.tls: "
                           "ca-file, and the client's cert and key), and none are set")
    return security


def _identify(distributed: Any, address: str, timeout: float, connection_args: Dict[str, Any]) -> None:
    """Ask the process at ``address`` who it is, over dask's own protocol (through TLS for ``tls://``):
    anything but a scheduler answering within ``timeout`` (another server, a proxy, garbage, a server that
    does not speak TLS) is one :class:`ClusterError`."""
    import asyncio

    async def ask() -> Any:
        comm = await distributed.comm.connect(address, timeout=timeout, **connection_args)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(ask(), timeout))
    except (Exception, asyncio.TimeoutError) as exc:  # whatever a server that is not a scheduler makes of it
        why = f"no answer in {timeout:g} s" if isinstance(exc, TimeoutError) else type(exc).__name__
        raise ClusterError(f"the server at {address!r} does not answer as a Dask scheduler ({why})") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise ClusterError(f"the server at {address!r} is not a Dask scheduler")


def connect(address: str, timeout: float = CONNECT_TIMEOUT, wait_for: int = 0) -> Any:
    """A ``distributed.Client`` on the scheduler at ``address``, its workers checked.

    The address is checked first, then that its port answers and that a
    scheduler answers there, each within ``timeout`` seconds: a bad or
    closed address is one :class:`ClusterError` within a few seconds. With
    ``wait_for``, first wait (up to ``timeout``) until that many workers
    have joined.
    """
    client: Any
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterUnavailable(MISSING) from None
    scheme, host, port = scheduler_address(address)
    security = _security(distributed, address, scheme)
    _reach(address, host, port, timeout)
    where = f"{scheme}://{host}:{port}" if ":" not in host else f"{scheme}://[{host}]:{port}"
    _identify(distributed, where, timeout, security.get_connection_args("client"))
    client = _client(distributed, address, timeout, security)
    try:
        if wait_for:
            client.wait_for_workers(wait_for, timeout=timeout)
        versions: Dict[str, str] = client.run(_worker_version)
    except Exception as exc:  # a worker without bragrules fails here, remotely
        _close(client)
        raise ClusterError(f"the workers at {address!r} cannot play blocks ({_reason(exc)})") from None
    if not versions:
        _close(client)
        raise ClusterError(f"the scheduler at {address!r} has no workers")
    mine = _worker_version()
    others = sorted({v for v in versions.values() if v != mine})
    if others:
        _close(client)
        raise ClusterError(f"the workers at {address!r} run bragrules {', '.join(others)}, not {mine}")
    return client


def _client(distributed: Any, address: str, timeout: float, security: Any) -> Any:
    """A ``distributed.Client`` started on ``address``, or one :class:`ClusterError`.

    The client is made, then started, in two steps, so that one whose start fails is still in hand and
    is closed at once: left to the garbage collector, it would wait twice its timeout at exit and print
    a traceback there."""
    client: Any = distributed.Client.__new__(distributed.Client)
    try:
        client.__init__(address, timeout=f"{timeout}s", set_as_default=False, security=security)
    except Exception as exc:  # noqa: BLE001 - what the scheduler's side does is not ours to name
        _close(client)
        raise ClusterError(f"cannot reach a Dask scheduler at {address!r} ({_reason(exc)})") from None
    return client


def _reason(exc: BaseException) -> str:
    """An exception from dask as a short reason: its first line, at most 120 characters."""
    text = (str(exc).strip().splitlines() or [""])[0] or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def _close(client: Any) -> None:
    """Close ``client`` within :data:`CLOSE_TIMEOUT` (a scheduler already gone cannot make it wait)."""
    try:
        client.close(timeout=CLOSE_TIMEOUT)
    except Exception:  # noqa: BLE001 - closing what is already broken: nothing more to say
        pass


def close(client: Any) -> None:
    """Close a client :func:`connect` made, within :data:`CLOSE_TIMEOUT` seconds, whatever became of the
    cluster."""
    _close(client)


def _failure(address: str, future: Any) -> ClusterError:
    """Why a task did not finish, as one error: the scheduler lost, its workers killed, a block's error."""
    if future.status in ("cancelled", "lost"):
        return ClusterError(f"the scheduler at {address!r} was lost part-way; the run cannot finish")
    try:
        exc = future.exception(timeout=CLOSE_TIMEOUT)
    except Exception as lost:  # noqa: BLE001 - the scheduler went while we asked
        exc = lost
    if type(exc).__name__ == "KilledWorker":
        return ClusterError(f"the workers at {address!r} died playing blocks; the run cannot finish")
    return ClusterError(f"a block failed on the cluster at {address!r}: {type(exc).__name__}: {_reason(exc)}")


def _watch(client: Any, address: str, alone_since: Optional[float], now: float) -> Optional[float]:
    """A look at the cluster while no block finishes: the scheduler still there, some worker still there
    (or for less than :data:`CONNECT_TIMEOUT` seconds not, as while a worker restarts). Returns since when
    the cluster has had no worker."""
    if client.status not in ("running", "connecting"):
        raise ClusterError(f"the scheduler at {address!r} was lost part-way; the run cannot finish")
    try:
        workers = client.nthreads()
    except Exception:  # noqa: BLE001 - the scheduler went while we asked
        raise ClusterError(f"the scheduler at {address!r} was lost part-way; the run cannot finish") from None
    if workers:
        return None
    if alone_since is None:
        return now
    if now - alone_since > CONNECT_TIMEOUT:
        raise ClusterError(f"every worker at {address!r} is gone; the run cannot finish")
    return alone_since


def dask_runner(client: Any, address: str = "") -> Any:
    """A :data:`~bragrules.play.simulate.BlockRunner` that plays the blocks on ``client``'s workers.

    It waits for the tasks :data:`POLL` seconds at a time, and between
    waits looks at the cluster: a scheduler lost part-way, or no worker
    left for :data:`CONNECT_TIMEOUT` seconds, ends the run with one
    :class:`ClusterError`, as does a task that failed there.
    """
    import hashlib
    import time

    as_completed: Any = importlib.import_module("distributed").as_completed
    name = address or str(client.scheduler.address)

    def run(profile_json: str, styles: List[str], seed: int, blocks: List[Tuple[int, int]], done: Any) -> None:
        threads = sum(client.nthreads().values()) or 1
        window = max(2, threads * IN_FLIGHT_PER_THREAD)
        pending = iter([blocks[i:i + BLOCKS_PER_TASK] for i in range(0, len(blocks), BLOCKS_PER_TASK)])
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
        queue = as_completed(started, loop=client.loop)
        alone_since: Optional[float] = None
        try:
            while not queue.is_empty():
                batch = queue.next_batch(block=False)
                if not batch:
                    with queue.thread_condition:  # woken as soon as a task ends; else a look at the cluster
                        queue.thread_condition.wait(timeout=POLL)
                    if not queue.has_ready():
                        alone_since = _watch(client, name, alone_since, time.monotonic())
                    continue
                alone_since = None
                for future in batch:
                    if future.status != "finished":
                        raise _failure(name, future)
                    tallies = future.result()
                    for (block, _), tally in zip(which.pop(future), tallies):
                        done(block, tally)
                    future.release()
                more = [f for f in (submit() for _ in batch) if f is not None]
                if more:
                    queue.update(more)
        except BaseException:
            try:
                client.cancel(list(which))
            except Exception:  # noqa: BLE001 - a scheduler already gone has nothing left to cancel
                pass
            raise

    return run
