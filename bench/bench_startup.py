"""Start-up of the command line beside bare Python: median wall and CPU time of fresh processes.

Run from the repository root, with bragrules installed::

    python bench/bench_startup.py [--runs 21]

Times ``python -c pass``, ``bragrules --help`` and ``bragrules rank --profile standard AsKsQs`` (one hand
of a shipped profile, answered from its precomputed table: ``bragrules/rank_tables``) and the same
with the profile given as a path (no table: the profile loaded and compiled, typer parsing), taking
turns run after run so that the machine's drift hits them alike. For each it prints the median wall clock
and the median CPU time (user + system of the child, steadier than the wall clock on a busy machine),
and how far each is over bare Python; the load average before and after. The target of ``rank``: within
0.25 s of bare Python. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parent.parent
PATH = "profiles/standard.yaml"
"""The same profile given as a path: no table, compiled in full (pydantic, typer), as before the tables."""
TARGET = 0.25
"""``rank``'s aim: at most this many seconds over bare Python (median wall clock)."""


def bragrules_command() -> List[str]:
    beside = Path(sys.executable).parent / "bragrules"
    if beside.exists():
        return [str(beside)]
    return [sys.executable, "-m", "bragrules"]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min), {os.cpu_count()} cores"


def runs_of(commands: Sequence[Sequence[str]], runs: int) -> List[Tuple[List[float], List[float]]]:
    """For each command, the wall and CPU seconds of ``runs`` fresh runs, the commands taking turns."""
    found: List[Tuple[List[float], List[float]]] = [([], []) for _ in commands]
    for _ in range(runs):
        for args, (walls, cpus) in zip(commands, found):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(list(args), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  stdin=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0:
                raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode()[-1000:]}")
    return found


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="fresh processes of each command (default 21)")
    options = parser.parse_args(argv)
    base = bragrules_command()
    shown = "bragrules" if base[0].endswith("bragrules") else "python -m bragrules"
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        (f"{shown} --help", base + ["--help"]),
        (f"{shown} rank --profile standard AsKsQs", base + ["rank", "--profile", "standard", "AsKsQs"]),
        (f"{shown} rank --profile {PATH} AsKsQs", base + ["rank", "--profile", str(ROOT / PATH), "AsKsQs"]),
    ]
    print(f"python {sys.version.split()[0]} at {sys.executable}")
    print(f"load average before: {load()}")
    runs_of([args for _, args in cases], 1)  # warm the file cache and the bytecode
    measured = runs_of([args for _, args in cases], options.runs)
    print(f"load average after:  {load()}")
    print(f"median of {options.runs} fresh processes each, stdout not a terminal:")
    print(f"{'command':58} {'wall':>8} {'CPU':>8} {'wall over bare':>15} {'CPU over bare':>14}")
    bare_wall, bare_cpu = (statistics.median(x) for x in measured[0])
    for (label, _), (walls, cpus) in zip(cases, measured):
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"{label:58} {wall * 1000:6.0f}ms {cpu * 1000:6.0f}ms {(wall - bare_wall) * 1000:13.0f}ms "
              f"{(cpu - bare_cpu) * 1000:12.0f}ms")
    rank_wall = statistics.median(measured[2][0]) - bare_wall
    print(f"rank over bare Python: {rank_wall * 1000:.0f} ms wall; target <= {TARGET * 1000:.0f} ms: "
          f"{'met' if rank_wall <= TARGET else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
