"""Figures for the hand-ranking tables: compile times and evaluations per second.

Run from the repository root::

    python bench/bench_ranking.py [--quick]

Nothing here asserts a time; it prints what this machine does.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, List, Sequence, Tuple

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.core.cards import CARDS  # noqa: E402
from bragrules.profile.models import Ranking, Wild  # noqa: E402
from bragrules.rules.ranking import HandRanker, compile_ranking  # noqa: E402

SPECS: List[Tuple[str, Ranking, int]] = [
    ("standard", Ranking(), 0),
    ("suits break ties", Ranking(suits_break_ties=True), 0),
    ("wild 2s", Ranking(wild=Wild(ranks=["2"])), 0),
    ("two jokers", Ranking(), 2),
    ("suits + wild 2s + two jokers", Ranking(suits_break_ties=True, wild=Wild(ranks=["2"])), 2),
]


def compile_ms(spec: Ranking, jokers: int, repeats: int) -> Tuple[float, float]:
    """Best and median milliseconds to compile a fresh table (no cache)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        HandRanker(spec, jokers)
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def rate(func: Callable[[], object], calls: int, repeats: int = 5) -> float:
    """Calls per second, from the best of several timed rounds of ``calls`` calls."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return calls / best


def main(argv: Sequence[str]) -> None:
    quick = "--quick" in argv
    repeats = 3 if quick else 10
    n = 20_000 if quick else 100_000
    print(f"Python {sys.version.split()[0]}")
    print("\nCompile time per spec (fresh HandRanker, best / median of %d):" % repeats)
    for name, spec, jokers in SPECS:
        best, median = compile_ms(spec, jokers, repeats)
        ranker = HandRanker(spec, jokers)
        print(
            f"  {name:<30} {best:8.1f} ms / {median:6.1f} ms"
            f"   ({ranker.distinct_strengths():>6} distinct strengths)"
        )

    ranker = compile_ranking(Ranking())
    rng = random.Random(1)
    card_hands: List[Tuple[int, ...]] = [tuple(rng.sample(CARDS[:52], 3)) for _ in range(n)]
    int_hands: List[Tuple[int, ...]] = [tuple(int(c) for c in h) for h in card_hands]
    four_hands: List[Tuple[int, ...]] = [tuple(rng.sample(range(52), 4)) for _ in range(n)]
    table = ranker.table
    strength = ranker.strength

    def via_method_cards() -> None:
        for hand in card_hands:
            strength(hand)

    def via_method_ints() -> None:
        for hand in int_hands:
            strength(hand)

    def via_table() -> None:
        for a, b, c in int_hands:
            table[a * 2916 + b * 54 + c]

    def best_of_four() -> None:
        best = ranker.best_strength
        for hand in four_hands:
            best(hand)

    def four_key() -> None:
        key = ranker.four_card_key
        for hand in four_hands:
            key(hand)

    subset = four_hands[: n // 10]

    def evaluate_four() -> None:
        evaluate = ranker.evaluate
        for hand in subset:
            evaluate(hand)

    print(f"\nStandard ranking, {n:,} random hands per round:")
    rows = [
        ("ranker.strength(hand), hand of Card", via_method_cards, n),
        ("ranker.strength(hand), hand of int", via_method_ints, n),
        ("table[a*2916 + b*54 + c]", via_table, n),
        ("best three of four: best_strength", best_of_four, n),
        ("best three of four: four_card_key", four_key, n),
        ("best three of four: evaluate", evaluate_four, len(subset)),
    ]
    for label, func, calls in rows:
        print(f"  {label:<38} {rate(func, calls, 3 if quick else 5):>14,.0f} /s")


if __name__ == "__main__":
    main(sys.argv[1:])
