"""Figures for ``simulate --cluster``: a real ``dask scheduler`` and ``dask worker`` processes on this machine.

Run from the repository root (needs the cluster extra)::

    python bench/bench_cluster.py [--deals N] [--repeats R]

It starts a scheduler, then one worker process and then two (one thread
each), and times the same simulation of N four-player deals on them,
beside the same run in this one process (the same-run baseline: on a
shared machine the ratios are steadier than the rates). It also times how
many blocks a second the scheduler can hand out at all (blocks of 0 deals,
8 to a task as in a real run),
the ceiling no number of workers passes. Then it extrapolates the time of
a 10^8-deal simulation on N workers::

    rate(N) = min(N * r1 * e, blocks_per_second * BLOCK_DEALS)
    time(N) = 10^8 / rate(N) + start-up

with r1 the measured rate of one worker and e the measured efficiency of
two (their ratios to the same-run baseline, ratio2 / 2 ratio1), assumed to
hold as workers are added (each block is
independent and small; the scheduler's ceiling is the term that stops it).
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List

from harness import ROOT

from bragrules.analysis.cluster import connect, dask_runner
from bragrules.play.simulate import BLOCK_DEALS, simulate
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules


def _start(args: List[str], log: Path) -> "subprocess.Popen[bytes]":
    handle = log.open("wb")
    return subprocess.Popen([sys.executable, "-m", *args], stdout=handle, stderr=subprocess.STDOUT, cwd=ROOT)


def _wait_file(path: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not (path.exists() and path.stat().st_size > 0):
        if time.monotonic() > deadline:
            raise SystemExit(f"the scheduler did not write {path} within {timeout:g} s")
        time.sleep(0.05)


def _stop(process: "subprocess.Popen[bytes]") -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


ALONE = """
import sys, time
from bragrules.play.simulate import simulate
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules
rules = compile_rules(load_profile("standard"))
simulate(rules, players=4, hands=50, seed=998)
start = time.perf_counter()
simulate(rules, players=4, hands=int(sys.argv[1]), seed=1)
print(time.perf_counter() - start)
"""


def _alone(deals: int) -> float:
    """The same simulation in a fresh process of its own (no client threads beside it): its seconds."""
    done = subprocess.run([sys.executable, "-c", ALONE, str(deals)], capture_output=True, text=True, check=True,
                          cwd=ROOT)
    return float(done.stdout.strip().splitlines()[-1])


def time_on_workers(rules: Any, workers: int, deals: int, repeats: int, folder: Path) -> Dict[str, float]:
    """Best wall time of the simulation on ``workers`` single-threaded worker processes, and of the
    same simulation in one fresh process alone, their rounds taking turns (the same-run baseline; not in
    this process, whose client threads would slow it)."""
    scheduler_file = folder / f"scheduler-{workers}.json"
    scheduler = _start(["distributed.cli.dask_scheduler", "--scheduler-file", str(scheduler_file), "--port", "0",
                        "--no-dashboard"], folder / f"scheduler-{workers}.log")
    started: List["subprocess.Popen[bytes]"] = [scheduler]
    try:
        _wait_file(scheduler_file)
        address = json.loads(scheduler_file.read_text())["address"]
        started.append(_start(["distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file),
                               "--nworkers", str(workers), "--nthreads", "1", "--no-dashboard"],
                              folder / f"workers-{workers}.log"))
        client = connect(address, timeout=120, wait_for=workers)
        try:
            runner = dask_runner(client)
            simulate("standard", players=4, hands=2 * BLOCK_DEALS, seed=999, runner=runner)  # warm every worker
            best = alone = float("inf")
            for _ in range(repeats):  # the baseline (this process alone) and the cluster take turns
                alone = min(alone, _alone(deals))
                start = time.perf_counter()
                simulate("standard", players=4, hands=deals, seed=1, runner=runner)
                best = min(best, time.perf_counter() - start)
            start = time.perf_counter()
            simulate("standard", players=4, hands=1, seed=1, runner=runner)
            small = time.perf_counter() - start
            blocks = 2000
            start = time.perf_counter()
            empty: List[Any] = []
            runner_blocks = [(b, 0) for b in range(blocks)]
            profile_json = compile_rules(load_profile("standard")).profile.model_dump_json()
            runner(profile_json, ["cautious"] * 4, 7, runner_blocks, lambda block, tally: empty.append(block))
            dispatch = time.perf_counter() - start
        finally:
            client.close()
    finally:
        for process in reversed(started):
            _stop(process)
    return {"seconds": best, "deals_per_second": deals / best, "alone_per_second": deals / alone,
            "ratio": alone / best, "one_block_seconds": small,
            "blocks_per_second": blocks / dispatch}


def main(argv: List[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=2)
    options = parser.parse_args(argv)
    deals = options.deals
    rules = compile_rules(load_profile("standard"))
    simulate(rules, players=4, hands=50, seed=998)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the start")
    with tempfile.TemporaryDirectory(prefix="bragrules-cluster-") as tmp:
        found = {n: time_on_workers(rules, n, deals, options.repeats, Path(tmp)) for n in (1, 2)}
    for n, figures in found.items():
        print(f"{n} worker{'s' if n > 1 else ''}: {deals:,} deals in {figures['seconds']:.2f} s, "
              f"{figures['deals_per_second']:,.0f} deals/s; one process alone, in turn: "
              f"{figures['alone_per_second']:,.0f} deals/s; ratio {figures['ratio']:.2f}; "
              f"a one-deal run {figures['one_block_seconds'] * 1000:.0f} ms; "
              f"the scheduler hands out {figures['blocks_per_second']:,.0f} empty blocks/s")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    r1 = found[1]["deals_per_second"]
    efficiency = found[2]["ratio"] / (2 * found[1]["ratio"])  # the same-run ratios: drift cancels
    ceiling = max(found[1]["blocks_per_second"], found[2]["blocks_per_second"]) * BLOCK_DEALS
    start_up = found[2]["one_block_seconds"]
    print(f"efficiency of two workers against one: {efficiency:.2f}; scheduler ceiling {ceiling:,.0f} deals/s")
    print("10^8 deals, extrapolated (rate(N) = min(N * r1 * e, ceiling)):")
    for n in (1, 2, 4, 8, 16, 32, 64, 128):
        rate = min(n * r1 * efficiency if n > 1 else r1, ceiling)
        seconds = 1e8 / rate + start_up
        print(f"  {n:4d} workers: {rate:12,.0f} deals/s, {seconds / 3600:8.2f} h")


if __name__ == "__main__":
    main(sys.argv[1:])
