"""Time for the solver to bring heads-up ``standard`` below 1% of the ante in exploitability.

Run from the repository root::

    python bench/bench_solver.py [--quick] [--profile NAME] [--max-raises K] [--levels L]
                                 [--kernel both|compiled|numpy]

The tree is the public tree of one heads-up deal (raises capped at ``--max-raises``, 3 by
default; ``--levels`` bet amounts, 2 by default: the least and one step above it); discounted
CFR runs until the exploitability, measured every 10 iterations, is at most 1% of the ante.
``--quick`` solves a short pack (J to A) instead, for a check that the script runs.

The sums over a range run in the compiled kernel when it is built
(``BRAGRULES_COMPILE=solver python setup.py build_ext --inplace``) and in numpy otherwise;
``--kernel both`` (the default when the kernel is built) solves both ways in this one run,
one after the other, prints each one's CPU time and checks that they reach the same numbers
bit for bit. Each figure is printed with its conditions: the process's CPU time (the
target: under 30 CPU seconds for ``standard``), the wall time, the machine and its load
average before and after. Nothing here asserts a time; it prints what this machine does.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path
from typing import List, Tuple

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bragrules.solver.hands as hands  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.profile.models import Profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402
from bragrules.solver import Progress, Result, solve, solver_for  # noqa: E402

TARGET_CPU_SECONDS = 30.0


def machine() -> str:
    """The processor's model name, the cores, Python's and numpy's versions."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import numpy
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, numpy {numpy.__version__}"


def load() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg() if hasattr(os, "getloadavg") else "load unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--profile", default="standard")
    parser.add_argument("--max-raises", type=int, default=3)
    parser.add_argument("--levels", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--kernel", choices=["both", "compiled", "numpy"], default="both")
    args = parser.parse_args()
    profile = load_profile(args.profile)
    if args.quick:
        data = profile.model_dump(mode="json")
        data["pack"]["stripped_ranks"] = list("23456789T")
        data["table"].update(min_players=2, max_players=2)
        profile = Profile.model_validate(data)
    rules = compile_rules(profile)
    ante = float(profile.stakes.ante)
    started = time.perf_counter()
    cfr = solver_for(rules, max_raises=args.max_raises, levels=args.levels)
    built = time.perf_counter() - started
    tree = cfr.tree
    print(f"{profile.name}: {cfr.space.n_hands:,} hands, {len(tree.decisions):,} decisions, "
          f"{tree.leaves + tree.showdowns:,} leaves ({tree.showdowns:,} showdowns); raises at most {tree.max_raises}, "
          f"{tree.levels} bet amounts, {tree.max_bets} bets in all; tree and hands built in {built:.1f}s "
          f"on {os.cpu_count()} cores")
    del cfr, tree  # solve() builds its own

    def report(point: Progress) -> None:
        print(f"  iteration {point.iteration:5d}  {point.seconds:7.1f}s  exploitability {point.exploitability:.5f} "
              f"({100 * point.exploitability / ante:.3f}% of the ante)  first to act {point.values[0]:+.4f}",
              flush=True)

    kernels = {"both": [True, False], "compiled": [True], "numpy": [False]}[args.kernel]
    if True in kernels and not hands.compiled_available():
        if args.kernel == "compiled":
            sys.exit(hands.COMPILED_MISSING)
        print(f"the compiled kernel is not built, numpy only ({hands.COMPILED_MISSING})")
        kernels = [False]
    print(f"machine: {machine()}")
    runs: List[Tuple[str, Result]] = []
    for compiled in kernels:
        name = "compiled kernel" if compiled else "numpy"
        kept = hands._compiled
        if not compiled:
            hands._compiled = None
        print(f"-- sums by {name}; {load()} at the start")
        try:
            cpu = time.process_time()
            result = solve(rules, iterations=args.iterations, max_raises=args.max_raises, levels=args.levels,
                           target=ante / 100, every=10, progress=report)
            cpu = time.process_time() - cpu
        finally:
            hands._compiled = kept
        reached = result.exploitability <= ante / 100
        print(f"{name}: {'reached' if reached else 'NOT reached'}: exploitability {result.exploitability:.5f} "
              f"per deal ({100 * result.exploitability / ante:.3f}% of the ante) after {result.iterations} "
              f"iterations, {cpu:.1f} CPU s ({cpu / result.iterations:.2f} CPU s an iteration, the measurements "
              f"included; {result.seconds:.1f}s wall); {load()} at the end")
        verdict = "within" if reached and cpu < TARGET_CPU_SECONDS else "MISSED"
        print(f"{name}: {verdict} the target of 1% of the ante in under {TARGET_CPU_SECONDS:.0f} CPU s")
        print(f"values per deal: first to act {result.values[0]:+.4f}, dealer {result.values[1]:+.4f}")
        runs.append((name, result))
    if len(runs) == 2:
        (_, a), (_, b) = runs
        same = a.exploitability == b.exploitability and a.values == b.values and a.iterations == b.iterations
        print("compiled and numpy: " + ("the same exploitability and values, bit for bit" if same
                                          else f"DIFFER: {a.exploitability!r} and {b.exploitability!r}"))


if __name__ == "__main__":
    main()
