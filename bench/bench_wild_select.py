"""Wild cards said as selectors against the named field they replace: CPU time of simulated deals.

    python bench/bench_wild_select.py [--deals N] [--rounds R]

Each pair plays the same seeded deals under a profile written with a named field (``per_hand``,
``from_centre``, ``kiss_miss``) and under the same game written as ``ranking.wild.select``; the
rounds alternate the two, so a drift of this machine's speed (docs/performance.md) falls on both
alike, and the least CPU time of each (the run the machine disturbed least) is compared. Both compile
to the same selectors, which the script checks first. A selector variant should cost within 5% of
its named field: both expand to the same compiled selectors, so any gap beyond the noise is a cost
the selector path added. Exit status 1 when a ratio is above 1.05.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.play.simulate import simulate  # noqa: E402
from bragrules.profile import load_profile_text  # noqa: E402
from bragrules.rules.compile import Rules, compile_rules  # noqa: E402

PAIRS: Dict[str, Tuple[str, str]] = {
    "lowest joker": ("ranking: {wild: {per_hand: lowest_rank}}",
                     "ranking: {wild: {select: [{source: lowest_rank}]}}"),
    "jhandu": ("ranking: {wild: {from_centre: 1}}",
               "ranking: {wild: {select: [{source: centre, turned: 1}]}}"),
    "kissing-missing": ("format: {cards_dealt: 5}\nranking: {wild: {kiss_miss: true}}",
                        "format: {cards_dealt: 5}\nranking: {wild: {select: [{source: pair, steps: [0, 2]}]}}"),
}
LIMIT = 1.05


def cpu_of(rules: Rules, deals: int, seed: int) -> float:
    """CPU seconds of this process to simulate ``deals`` four-player deals."""
    start = time.process_time()
    simulate(rules, players=4, hands=deals, seed=seed)
    return time.process_time() - start


def _shape(rules: Rules) -> List[Tuple[str, str, int, Tuple[int, ...]]]:
    wild = rules.comparer.wild
    assert wild is not None
    return [(s.source, s.relation, s.turned, s.steps) for s in wild.selectors]


def compare(named: str, selected: str, deals: int, rounds: int) -> Tuple[float, float]:
    """The least CPU seconds of the named field's game and of the selectors', rounds alternating."""
    a = compile_rules(load_profile_text(f"extends: teen-patti\nname: named\n{named}\n"))
    b = compile_rules(load_profile_text(f"extends: teen-patti\nname: selected\n{selected}\n"))
    assert _shape(a) == _shape(b), "the named field and the selectors compile to different selectors"
    for rules in (a, b):  # warm the caches (the bots' shares, the ranker's memo)
        simulate(rules, players=4, hands=10, seed=99)
    times_a: List[float] = []
    times_b: List[float] = []
    for n in range(rounds):
        first, second = (a, b) if n % 2 == 0 else (b, a)
        t1, t2 = cpu_of(first, deals, 7), cpu_of(second, deals, 7)
        times_a.append(t1 if first is a else t2)
        times_b.append(t2 if first is a else t1)
    return min(times_a), min(times_b)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    worst = 0.0
    for name, (named, selected) in PAIRS.items():
        t_named, t_selected = compare(named, selected, args.deals, args.rounds)
        ratio = t_selected / t_named if t_named else 1.0
        worst = max(worst, ratio)
        print(f"{name:16} named {t_named * 1000 / args.deals:7.2f} ms/deal   selectors "
              f"{t_selected * 1000 / args.deals:7.2f} ms/deal   ratio {ratio:.3f}")
    return 1 if worst > LIMIT else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
