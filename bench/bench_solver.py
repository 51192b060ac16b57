"""Time for the solver to bring heads-up ``standard`` below 1% of the ante in exploitability.

Run from the repository root::

    python bench/bench_solver.py [--quick] [--profile NAME] [--max-raises K] [--levels L]

The tree is the public tree of one heads-up deal (raises capped at ``--max-raises``, 3 by
default; ``--levels`` bet amounts, 2 by default: the least and one step above it); discounted
CFR runs until the exploitability, measured every 10 iterations, is at most 1% of the ante.
``--quick`` solves a short pack (J to A) instead, for a check that the script runs.
Nothing here asserts a time; it prints what this machine does.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.profile import load_profile  # noqa: E402
from bragrules.profile.models import Profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402
from bragrules.solver import Progress, solve, solver_for  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--profile", default="standard")
    parser.add_argument("--max-raises", type=int, default=3)
    parser.add_argument("--levels", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=2000)
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

    def report(point: Progress) -> None:
        print(f"  iteration {point.iteration:5d}  {point.seconds:7.1f}s  exploitability {point.exploitability:.5f} "
              f"({100 * point.exploitability / ante:.3f}% of the ante)  first to act {point.values[0]:+.4f}",
              flush=True)

    result = solve(rules, iterations=args.iterations, max_raises=args.max_raises, levels=args.levels,
                   target=ante / 100, every=10, progress=report)
    reached = result.exploitability <= ante / 100
    print(f"{'reached' if reached else 'NOT reached'}: exploitability {result.exploitability:.5f} per deal "
          f"({100 * result.exploitability / ante:.3f}% of the ante) after {result.iterations} iterations, "
          f"{result.seconds:.1f}s of solving ({result.seconds / result.iterations:.2f}s an iteration, "
          "the measurements included)")
    print(f"values per deal: first to act {result.values[0]:+.4f}, dealer {result.values[1]:+.4f}")


if __name__ == "__main__":
    main()
