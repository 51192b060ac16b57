"""The solved bot in the real game: duplicate matches against every style and a local best response.

Run from the repository root::

    python bench/bench_duel.py [--pairs N] [--keep RANKS] [--profile NAME ...] [--seed N] [--max-raises K] [--levels L]

For each shipped betting profile the solver models (heads-up, on a pack stripped to ``--keep``, Q-K-A
by default, so that each run is short), it solves the abstraction (by default raises at most 3, 2 bet
amounts) to 1% of the ante, then plays ``bragrules duel``'s duplicate matches: the solved bot against
each style and against ``lbr`` (:mod:`bragrules.solver.lbr`), ``--pairs`` pairs of deals each (the same
cards twice, seats swapped). It prints a Markdown table of the solved bot's net per deal with its 95%
interval, and the CPU time of each step. Nothing here asserts a figure; it prints what this machine does.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.play.duel import duel  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.profile.models import Profile  # noqa: E402
from bragrules.solver import solve  # noqa: E402
from bragrules.solver.bot import _LOADED, ENV  # noqa: E402

PROFILES = ("heads-up", "heads-up-teen-patti", "casual", "classic", "muflis", "seen-only", "traditional")
"""The shipped betting profiles ``solve`` models, one per game (``standard`` plays as ``heads-up``, ``teen-patti``
as ``heads-up-teen-patti``: the same game hash)."""

OPPONENTS = ("cautious", "loose", "blind_bluffer", "see_happy", "random", "lbr")


def short(name: str, keep: str) -> Profile:
    """The profile heads-up on a pack of the ranks ``keep``."""
    data = load_profile(name).model_dump(mode="json")
    data["pack"]["stripped_ranks"] = [r for r in "23456789TJQKA" if r not in keep]
    data["table"]["min_players"], data["table"]["max_players"] = 2, 2
    data["name"] = f"{name}-{keep}"
    return Profile.model_validate(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--keep", default="QKA")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="append")
    parser.add_argument("--max-raises", type=int, default=3)
    parser.add_argument("--levels", type=int, default=2)
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    print(f"{args.pairs} pairs ({2 * args.pairs} deals) a match, seed {args.seed}, pack {'-'.join(args.keep)}\n")
    print("| profile | solve (CPU s, exploitability) | " + " | ".join(OPPONENTS) + " | matches (CPU s) |")
    print("| --- | --- | " + " | ".join("---" for _ in OPPONENTS) + " | --- |")
    folder = tempfile.mkdtemp()
    for name in args.profile or PROFILES:
        profile = short(name, args.keep)
        started = time.process_time()
        result = solve(profile, iterations=400, max_raises=args.max_raises, levels=args.levels,
                       target=0.01 * float(profile.stakes.ante))
        solved = time.process_time() - started
        path = os.path.join(folder, f"{name}.npz")
        result.strategy.save(path)
        os.environ[ENV] = path
        _LOADED.clear()
        cells = []
        started = time.process_time()
        for opponent in OPPONENTS:
            i = duel(profile, "solved", opponent, pairs=args.pairs, seed=args.seed).interval
            mark = "**" if i.high < 0 else ""
            cells.append(f"{mark}{i.estimate:+.3f} ({i.low:+.3f} to {i.high:+.3f}){mark}")
        played = time.process_time() - started
        print(f"| {name} | {solved:.1f}, {result.exploitability:.4f} | " + " | ".join(cells) + f" | {played:.1f} |",
              flush=True)


if __name__ == "__main__":
    main()
