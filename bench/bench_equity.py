"""Figures for exact heads-up chances: the whole table by counting, against the pair loop.

Run from the repository root::

    python bench/bench_equity.py [--quick]

The table is worked out by counting (inclusion and exclusion over the hands
holding each card and each pair of cards); the naive way compares every
hand with every disjoint opponent hand, 407,170,400 pairs for the 52-card
pack. The naive time is measured on a sample of hands and scaled up.
Nothing here asserts a time; it prints what this machine does.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Sequence

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.analysis import equity  # noqa: E402
from bragrules.analysis.equity import counted_equity, equity_table, hand_equity, naive_equity  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.profile.models import Ranking, Wild  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402
from bragrules.rules.ranking import HandRanker  # noqa: E402


def table_seconds(ranker: HandRanker, repeats: int) -> float:
    """Best time for the whole table, caches cleared each round (the ranker itself compiled)."""
    best = float("inf")
    for _ in range(repeats):
        equity._TABLES.clear()
        equity._COUNTS.clear()
        start = time.perf_counter()
        equity_table(ranker)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: Sequence[str]) -> None:
    quick = "--quick" in argv
    repeats = 2 if quick else 5
    sample = 10 if quick else 40
    print(f"Python {sys.version.split()[0]}")
    specs = [
        ("standard", Ranking(), 0),
        ("wild twos", Ranking(wild=Wild(ranks=["2"])), 0),
        ("two jokers", Ranking(), 2),
        ("suits break ties (22,100 classes)", Ranking(suits_break_ties=True), 0),
    ]
    print(f"\nWhole table by counting (best of {repeats}):")
    for label, spec, jokers in specs:
        ranker = HandRanker(spec, jokers)
        seconds = table_seconds(ranker, repeats)
        rows = equity_table(ranker)
        pairs = sum(row.total for row in rows)
        print(f"  {label:<36} {seconds:7.3f} s   {len(rows):>6} strengths, {pairs:,} pairs")

    ranker = HandRanker(Ranking())
    hands = ranker.all_hands()
    rng = random.Random(1)
    chosen = rng.sample(hands, sample)
    start = time.perf_counter()
    for hand in chosen:
        naive_equity(ranker, hand)
    naive = (time.perf_counter() - start) / sample
    counted_equity(ranker, chosen[0])  # build the counting tables first
    start = time.perf_counter()
    for hand in chosen:
        counted_equity(ranker, hand)
    counted = (time.perf_counter() - start) / sample
    rules = compile_rules(load_profile("standard"))
    start = time.perf_counter()
    for hand in chosen:
        hand_equity(rules, hand)
    single = (time.perf_counter() - start) / sample
    print(f"\nOne three-card hand (mean of {sample}):")
    print(f"  naive pair loop (every opponent hand)  {naive * 1000:8.2f} ms")
    print(f"  hand_equity (enumeration, table rows)  {single * 1000:8.2f} ms")
    print(f"  counting (tables built)                {counted * 1e6:8.1f} us")
    print(f"\nNaive whole table, scaled from the sample: {naive * len(hands):,.0f} s "
          f"({len(hands):,} hands x {naive * 1000:.2f} ms)")

    four = compile_rules(load_profile("four-card"))
    start = time.perf_counter()
    eq = hand_equity(four, "7h 7s Kd 9c")
    print(f"\nOne four-card hand, {eq.opponents:,} opponent hands: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
