"""--cluster: blocks played on a Dask cluster give the report one process gives, byte for byte."""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

import pytest

from .helpers import run_cli

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
