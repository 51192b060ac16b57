"""Multiway strategies at 3 and 4 seats: the solve, duplicate matches against every style, values per seat.

Run from the repository root::

    python bench/bench_mccfr.py [--iterations N] [--deals D] [--seed S] [--save DIR] [--load DIR]
                                [--seats 3,4] [--max-bets B] [--buckets K] [--styles S,...] [--no-values]
                                [--war-cap fold|showdown]

On a short pack (2 to 9 stripped: T, J, Q, K, A, 20 cards; opening bet at most 1), for 3
and 4 seats: external-sampling MCCFR (:mod:`bragrules.solver.mccfr`, raises capped at 1,
one bet amount, bets at most 3, 8 equity buckets) for ``--iterations`` deals (the 4-seat
solve half as many), its wall and CPU time; then the solved bot in duplicate matches
(:mod:`bragrules.solver.duplicate`) against every style, ``--deals`` deals each played once
per seat on the same hands, net per deal with a 95% interval; then each seat's value per
deal under good play (every seat on the average strategy), with blind play allowed and
under the house rule "no blind play" (``blind.allowed: false``): what the rule gives the
first player. ``--max-bets`` (3) sets the tree's bets in all, ``--buckets`` (8) the equity buckets,
``--war-cap`` (showdown) how the tree ends a war of three or more at its cap (:mod:`bragrules.solver.pool`),
``--seats`` the tables, ``--styles``
the styles met, ``--no-values`` leaves out the values per seat. Nothing here asserts a figure;
it prints what this machine does, with the load average. ``--save DIR`` writes each table's
strategy there; ``--load DIR`` plays the strategies saved there instead of solving (the
matches only: the bot as it reads a strategy file, its probabilities kept to half precision).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path
from typing import Dict

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.play.bots import ALL_STYLES  # noqa: E402
from bragrules.profile.models import Profile  # noqa: E402
from bragrules.rules.compile import Rules, compile_rules  # noqa: E402
from bragrules.solver.duplicate import duplicate  # noqa: E402
from bragrules.solver.mccfr import MultiwayResult, solve_multiway  # noqa: E402
from bragrules.solver.strategy import Strategy  # noqa: E402


def short(**extra: object) -> Profile:
    data = {"pack": {"stripped_ranks": list("23456789")}, "table": {"min_players": 2, "max_players": 6},
            "stakes": {"opening_max": 1}}
    data.update(extra)  # type: ignore[arg-type]
    return Profile.model_validate(data)


RESULTS: Dict[int, MultiwayResult] = {}
"""Each table's solve in this run (for the values per seat)."""


def solve_and_report(rules: Rules, seats: int, args: argparse.Namespace) -> Strategy:
    """Solve the table of ``seats`` (half the iterations at four), print its figures, save it if asked."""
    iterations = args.iterations if seats == 3 else args.iterations // 2
    result = RESULTS[seats] = solve_multiway(rules, seats=seats, iterations=iterations, max_raises=1, levels=1,
                                             max_bets=args.max_bets, buckets=args.buckets, seed=args.seed,
                                             war_cap=args.war_cap)
    tree = result.solver.tree
    print(f"\n{seats} seats: {len(tree.decisions)} decisions ({tree.pools} showdowns at the war cap), {iterations} iterations in {result.seconds:.1f} s "
          f"({result.cpu_seconds:.1f} CPU s); positive regret per iteration {result.regret[-1][1]:.4f}")
    gains = result.solver.gains(2000, args.seed)
    print(f"  each seat's gain by best-responding alone (2000 deals): {', '.join(f'{g:.4f}' for g in gains)}; "
          f"NashConv of the sample {sum(gains):.4f}")
    if args.save:
        result.strategy.save(os.path.join(args.save, f"short-{seats}seats.npz"))
    return result.strategy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default="")
    parser.add_argument("--load", default="")
    parser.add_argument("--seats", default="3,4")
    parser.add_argument("--max-bets", type=int, default=3)
    parser.add_argument("--buckets", type=int, default=8)
    parser.add_argument("--styles", default="")
    parser.add_argument("--no-values", action="store_true")
    parser.add_argument("--war-cap", choices=("fold", "showdown"), default="showdown")
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}")
    rules = compile_rules(short())
    styles = args.styles.split(",") if args.styles else [s for s in ALL_STYLES if s != "solved"]
    print(f"raises at most 1, one bet amount, bets at most {args.max_bets}, {args.buckets} equity buckets, "
          f"war cap {args.war_cap}; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for seats in (int(x) for x in args.seats.split(",")):
        if args.load:
            strategy = Strategy.load(os.path.join(args.load, f"short-{seats}seats.npz"))
            print(f"\n{seats} seats: the strategy saved in {args.load}, {strategy.meta['iterations']} iterations, "
                  f"war cap {strategy.war_cap}")
        else:
            strategy = solve_and_report(rules, seats, args)
        started, wall = time.process_time(), time.perf_counter()
        for style in styles:
            match = duplicate(rules, strategy, style, seats, args.deals, args.seed)
            print(f"  vs {style:14} {match.mean:+.3f} per deal (95%: {match.low:+.3f} to {match.high:+.3f}), "
                  f"{match.deals} deals x {seats} seats, {match.on_strategy:.0%} of its decisions on the strategy")
        print(f"  matches: {time.perf_counter() - wall:.1f} s ({time.process_time() - started:.1f} CPU s); load average "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        if args.no_values or args.load:
            continue
        result = RESULTS[seats]
        house = solve_multiway(compile_rules(short(blind={"allowed": False})), seats=seats,
                               iterations=result.solver.iterations, max_raises=1, levels=1, max_bets=args.max_bets,
                               buckets=args.buckets, seed=args.seed, war_cap=args.war_cap)
        for label, solved in (("blind play allowed", result), ("house rule: no blind play", house)):
            values = solved.solver.values(args.deals * 5, args.seed)
            words = ", ".join(f"seat {v.seat + 1} {v.value:+.3f} ({v.low:+.3f} to {v.high:+.3f})" for v in values)
            print(f"  value per deal, {label}: {words}")


if __name__ == "__main__":
    main()
