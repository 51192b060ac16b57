"""Figures for the simulator: deals per second by format and table size, one worker and two.

Run from the repository root::

    python bench/bench_simulate.py [--quick] [--profile]

``--profile`` adds a cProfile breakdown of four-player three-card play:
where the time goes between the engine (deal, session, rules, money), the
bots and the simulator's own counting. Nothing here asserts a time; it
prints what this machine does.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import time
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.play.simulate import simulate  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402


def rate(profile: str, players: int, hands: int, workers: int = 1, seed: int = 1) -> Tuple[float, float, float]:
    """(deals a wall-clock second, deals a CPU second of this process, actions a deal).

    The profile is compiled (and the caches warmed) first. On a busy machine
    the CPU-second figure is the steadier one for a single worker; with
    several workers only the wall clock means anything.
    """
    rules = compile_rules(load_profile(profile))
    simulate(rules, players=players, hands=min(hands, 20), seed=seed + 1000)  # warm the caches
    start, cpu = time.perf_counter(), time.process_time()
    report = simulate(rules, players=players, hands=hands, seed=seed, workers=workers)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return hands / elapsed, hands / cpu if cpu else float("inf"), report.tally.actions / hands


def breakdown(hands: int) -> None:
    """Where four-player three-card play spends its time (cProfile, own time grouped by module)."""
    rules = compile_rules(load_profile("standard"))
    simulate(rules, players=4, hands=20, seed=99)
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(rules, players=4, hands=hands, seed=3)
    profiler.disable()
    stats = pstats.Stats(profiler)
    groups: Dict[str, float] = {}
    total = 0.0
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += tottime
        name = filename.replace("\\", "/")
        if "/bragrules/engine/" in name:
            key = "engine (deal, session, actions)"
        elif name.endswith("/fractions.py"):
            key = "fractions (engine money arithmetic)"
        elif name.endswith("/bragrules/rules/compile.py") or name.endswith("/bragrules/core/money.py"):
            key = "rules / money policies"
        elif name.endswith("/bragrules/play/bots.py"):
            key = "bots"
        elif name.endswith("/bragrules/play/simulate.py"):
            key = "simulate (counting)"
        elif name.endswith("/bragrules/core/cards.py") or name.endswith("/bragrules/rules/ranking.py"):
            key = "cards / ranking"
        elif name.endswith("/random.py"):
            key = "random (shuffles, bot draws)"
        else:
            key = "builtins (called from all of the above)"
        groups[key] = groups.get(key, 0.0) + tottime
    print(f"\nWhere the time goes (standard, 4 players, {hands:,} deals, cProfile own time):")
    for key, seconds in sorted(groups.items(), key=lambda kv: -kv[1]):
        print(f"  {key:<40} {seconds:7.2f} s  {100 * seconds / total:5.1f}%")
    print("\nTop functions by own time:")
    stats.sort_stats("tottime").print_stats(12)


def main(argv: Sequence[str]) -> None:
    quick = "--quick" in argv
    scale = 1 if quick else 4
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    rows: List[Tuple[str, str, int, int]] = [
        ("three-card, 4 players", "standard", 4, 1000 * scale),
        ("three-card, 6 players", "standard", 6, 1000 * scale),
        ("traditional, 4 players", "traditional", 4, 1000 * scale),
        ("casual (chip stacks), 4 players", "casual", 4, 500 * scale),
        ("four-card, 4 players", "four-card", 4, 250 * scale),
        ("seven-card, 4 players", "seven-card", 4, 50 * scale),
        ("nine-card, 4 players", "nine-card", 4, 4 * scale),
        ("crash, 4 players (no betting)", "crash", 4, 1000 * scale),
    ]
    print("\nOne worker (one core):                 deals/s   deals/CPU-s")
    for label, profile, players, hands in rows:
        per_second, per_cpu, actions = rate(profile, players, hands)
        print(f"  {label:<34} {per_second:>9,.0f} {per_cpu:>13,.0f}   "
              f"({actions:4.1f} actions a deal, {hands:,} deals)")
    hands = 1500 * scale
    print(f"\nWorkers (standard, 4 players, {hands:,} deals; the reports are identical):")
    base = None
    for workers in (1, 2):
        per_second, _, _ = rate("standard", 4, hands, workers=workers)
        base = base or per_second
        print(f"  {workers} worker{'s' if workers > 1 else ' '}  {per_second:>9,.0f} deals/s  (x{per_second / base:.2f})")
    if "--profile" in argv:
        breakdown(500 * scale)


if __name__ == "__main__":
    main(sys.argv[1:])
