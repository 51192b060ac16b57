"""--cluster: blocks played on a Dask cluster give the report one process gives, byte for byte."""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

import pytest

from .helpers import run_cli, wait_for

try:
    import distributed  # noqa: F401

    HAVE_DASK = True
except ImportError:  # pragma: no cover - the cluster extra is absent
    HAVE_DASK = False

needs_dask = pytest.mark.skipif(not HAVE_DASK, reason="the cluster extra (dask distributed) is not installed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A scheduler and two single-threaded workers in this process, reached over TCP like a real one."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                      dashboard_address=None) as local:
        yield local


@needs_dask
def test_blocks_on_a_cluster_give_the_single_process_report(cluster: Any) -> None:
    from bragrules.analysis.cluster import connect, dask_runner
    from bragrules.play.simulate import BLOCK_DEALS, simulate

    hands = 2 * BLOCK_DEALS + 30
    client = connect(cluster.scheduler_address)
    try:
        remote = simulate("traditional", players=3, hands=hands, seed=8, runner=dask_runner(client))
    finally:
        client.close()
    alone = simulate("traditional", players=3, hands=hands, seed=8)
    assert remote == alone
    assert json.dumps(remote.to_json()) == json.dumps(alone.to_json())


@needs_dask
def test_simulate_cluster_json_is_byte_identical(capsys, monkeypatch, cluster: Any) -> None:
    args = ["simulate", "--profile", "house", "--hands", "300", "--seed", "6", "--players", "3", "--json"]
    code, on_cluster, err = run_cli(capsys, monkeypatch, *args, "--cluster", cluster.scheduler_address)
    assert code == 0, err
    code, one, err = run_cli(capsys, monkeypatch, *args)
    assert code == 0, err
    assert on_cluster == one  # and one worker gives what two do (test_simulate)
    assert "intervals" in json.loads(one)


@needs_dask
def test_diff_impact_cluster_json_is_byte_identical(capsys, monkeypatch, cluster: Any) -> None:
    args = ["diff", "standard", "casual", "--impact", "260", "--players", "3", "--json"]
    code, on_cluster, err = run_cli(capsys, monkeypatch, *args, "--cluster", cluster.scheduler_address)
    assert code == 1, err
    code, alone, err = run_cli(capsys, monkeypatch, *args)
    assert on_cluster == alone


@needs_dask
def test_an_unreachable_scheduler_is_one_error() -> None:
    from bragrules.analysis.cluster import ClusterError, connect

    with pytest.raises(ClusterError, match="cannot reach a Dask scheduler"):
        connect("tcp://127.0.0.1:9", timeout=0.5)


def test_a_missing_cluster_extra_is_one_line_naming_it(capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "10", "--cluster", "tcp://127.0.0.1:8786")
    assert code == 2 and out == ""
    assert err.strip() == "error: --cluster needs dask distributed: pip install 'bragrules[cluster]'"


# ---------------------------------------------------------------------------
# A cluster that is wrong, or lost part-way: one line and exit status 2, at once
# ---------------------------------------------------------------------------

GUARD = 60.0  # seconds: a guard against a hang, never a wait


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])



def _port_open(port: int) -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class _Processes:
    """A scheduler and workers as real processes (no nanny: a killed worker stays dead)."""

    def __init__(self, workers: int) -> None:
        import os
        import subprocess

        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
        dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
        self.scheduler = subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", str(self.port),
                                           "--no-dashboard"], **quiet)  # type: ignore[call-overload]
        wait_for(lambda: _port_open(self.port), "the scheduler's port to open")
        worker = [sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--no-nanny",
                  "--nthreads", "1", "--no-dashboard"]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        self.workers = [subprocess.Popen(worker, env=env, **quiet)  # type: ignore[call-overload]
                        for _ in range(workers)]
        from distributed import Client

        self.client = Client(self.address, timeout="30s", set_as_default=False)
        self.client.wait_for_workers(workers, timeout=GUARD)

    def busy(self) -> bool:
        """Whether some worker is playing a task."""
        return any(self.client.processing().values())

    def close(self) -> None:
        import signal

        try:
            self.client.close(timeout=2)
        except Exception:  # noqa: BLE001 - the scheduler may be gone: nothing to close
            pass
        for process in [self.scheduler, *self.workers]:
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
            process.wait()


def _simulate_on(address: str) -> Any:
    import os
    import subprocess

    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.Popen([sys.executable, "-m", "bragrules", "simulate", "--hands", "5000000", "--cluster",
                             address, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def _ends_in_one_line(run: Any, within: float) -> str:
    import time

    started = time.monotonic()
    try:
        out, err = run.communicate(timeout=GUARD)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    took = time.monotonic() - started
    text = err.decode()
    assert run.returncode == 2, text
    assert out == b"" and len(text.splitlines()) == 1 and "Traceback" not in text, text
    assert took < within, f"{took:.1f} s: {text}"
    return text.strip()


@needs_dask
@pytest.mark.parametrize("address, words", [
    ("nonsense", "error: --cluster 'nonsense': not a scheduler's address (tcp://HOST:PORT)"),
    ("http://127.0.0.1:80", "error: --cluster 'http://127.0.0.1:80': not a scheduler's address (tcp://HOST:PORT)"),
    ("tcp://127.0.0.1:{closed}", "error: cannot reach a Dask scheduler at 'tcp://127.0.0.1:{closed}' "
                                 "(Connection refused)"),
    ("tcp://127.0.0.1:{other}", "error: the server at 'tcp://127.0.0.1:{other}' does not answer as a Dask "
                                "scheduler"),
    ("tls://127.0.0.1:1", "error: --cluster 'tls://127.0.0.1:1': a tls:// scheduler needs dask's TLS settings"),
    ("tls://127.0.0.1:{other}", "error: --cluster 'tls://127.0.0.1:{other}': a tls:// scheduler needs dask's TLS "
                                "settings"),
])
def test_a_bad_or_closed_address_is_one_line_within_seconds(capsys: Any, monkeypatch: Any, address: str,
                                                            words: str) -> None:
    """No retrying for the client's 10 s (and 20 s more closing it): the address, its port and what
    answers there are checked first, each within the connect timeout."""
    import socket
    import threading
    import time

    closed = _free_port()
    other = socket.socket()  # a server that is not a scheduler: it answers with garbage
    other.bind(("127.0.0.1", 0))
    other.listen()

    def answer() -> None:
        while True:
            try:
                conn, _ = other.accept()
            except OSError:
                return
            conn.sendall(b"\xff" * 64)

    threading.Thread(target=answer, daemon=True).start()
    ports = {"closed": closed, "other": other.getsockname()[1]}
    started = time.monotonic()
    try:
        code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "10", "--cluster",
                                 address.format(**ports))
    finally:
        other.close()
    assert time.monotonic() - started < 10  # the connect timeout (5 s) and little more
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(words.format(**ports)), err


@needs_dask
def test_a_client_that_fails_to_start_is_closed_at_once(monkeypatch: Any, capsys: Any) -> None:
    """A client whose start fails (here a tls:// address past the checks, with no TLS settings) is closed
    before the error is raised: left to the garbage collector it waited twice its timeout (10 s) at exit,
    then printed a traceback."""
    import gc
    import time

    from bragrules.analysis import cluster

    monkeypatch.setattr(cluster, "_reach", lambda *args: None)
    monkeypatch.setattr(cluster, "_identify", lambda *args: None)
    monkeypatch.setattr(cluster, "_security", lambda distributed, address, scheme: distributed.Security())
    started = time.monotonic()
    with pytest.raises(cluster.ClusterError, match="cannot reach a Dask scheduler at 'tls://127.0.0.1:1'"):
        cluster.connect("tls://127.0.0.1:1", timeout=5.0)
    gc.collect()  # what the interpreter does at exit
    assert time.monotonic() - started < 4.0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.heavy
@needs_dask
@pytest.mark.skipif(sys.platform == "win32", reason="kills processes by signal")
def test_a_run_whose_workers_all_die_fails_in_one_line() -> None:
    import signal

    cluster = _Processes(workers=2)
    try:
        run = _simulate_on(cluster.address)
        wait_for(cluster.busy, "the workers to play blocks")
        for worker in cluster.workers:
            worker.send_signal(signal.SIGKILL)
        line = _ends_in_one_line(run, within=30)
    finally:
        cluster.close()
    assert line == f"error: every worker at {cluster.address!r} is gone; the run cannot finish"


@pytest.mark.heavy
@needs_dask
@pytest.mark.skipif(sys.platform == "win32", reason="kills processes by signal")
def test_a_run_whose_scheduler_is_killed_fails_in_one_line() -> None:
    import signal

    cluster = _Processes(workers=1)
    try:
        run = _simulate_on(cluster.address)
        wait_for(cluster.busy, "the worker to play blocks")
        cluster.scheduler.send_signal(signal.SIGKILL)
        line = _ends_in_one_line(run, within=30)
    finally:
        cluster.close()
    assert line == f"error: the scheduler at {cluster.address!r} was lost part-way; the run cannot finish"
