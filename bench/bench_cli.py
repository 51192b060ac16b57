"""Wall-clock figures for the command line, as a user meets it.

Run from the repository root, with bragrules installed::

    python bench/bench_cli.py [--runs N]

Times, each the median (and best) of several runs of a fresh process:

- ``bragrules --help`` (the start-up cost of the app: aim under 0.3 s);
- ``bragrules rank --json`` over all 22,100 three-card hands on stdin
  (aim under 1 s);
- ``bragrules rank AcKdQh`` (one hand, for people).

The ``bragrules`` script beside this Python is used when there is one,
else ``python -m bragrules``. Nothing here asserts a time; it prints what
this machine does.
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def command() -> List[str]:
    """How to start bragrules: the installed script, else ``python -m bragrules``."""
    beside = Path(sys.executable).parent / "bragrules"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("bragrules")
    if found:
        return [found]
    return [sys.executable, "-m", "bragrules"]


def all_hands() -> str:
    """Every three-card hand of the 52-card pack, one per line."""
    cards = [rank + suit for rank in RANKS for suit in SUITS]
    return "".join(" ".join(hand) + "\n" for hand in itertools.combinations(cards, 3))


def wall(args: Sequence[str], stdin: Optional[str], runs: int) -> Tuple[float, float, int]:
    """(median, best) seconds of ``args`` over ``runs`` runs, and the output lines of the last."""
    data = stdin.encode("utf-8") if stdin is not None else None
    times = []
    lines = 0
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            list(args),
            input=data,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=None if data is not None else subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.decode()[:400]}")
        lines = done.stdout.count(b"\n")
    return statistics.median(times), min(times), lines


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (default 7)")
    options = parser.parse_args(argv)
    runs = max(1, options.runs)
    base = command()
    hands = all_hands()
    cases = [
        ("bragrules --help", base + ["--help"], None, 0.3),
        ("bragrules rank --json < 22,100 hands", base + ["rank", "--json"], hands, 1.0),
        ("bragrules rank AcKdQh", base + ["rank", "AcKdQh"], None, None),
    ]
    print(f"command: {' '.join(base)}   runs: {runs} (median, best)")
    for label, args, stdin, aim in cases:
        median, best, lines = wall(args, stdin, runs)
        note = f"   aim < {aim:.1f} s" if aim is not None else ""
        if stdin is not None:
            note += f"   {lines} lines out"
        print(f"{label:<40} {median:6.3f} s  {best:6.3f} s{note}")


if __name__ == "__main__":
    main()
