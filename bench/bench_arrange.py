"""How fast ``auto_arrange`` finds the best arrangement (Seven- and Nine-Card).

Run: ``python bench/bench_arrange.py``. Prints the mean and worst time per
call over random deals, for the shipped seven-card and nine-card profiles,
and the exhaustive counts (140 and 1,680 ordered arrangements).
"""

from __future__ import annotations

import random
import statistics
import time

from bragrules.core.cards import STANDARD_PACK
from bragrules.engine.arrange import auto_arrange, hand_chances, ordered_arrangements
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules


def measure(name: str, cards: int, trials: int = 300) -> None:
    rules = compile_rules(load_profile(name))
    hand_chances(rules.ranking.ranker)  # the per-strength table is built once per ranking
    rng = random.Random(1)
    deals = [rng.sample(STANDARD_PACK, cards) for _ in range(trials)]
    count = sum(1 for _ in ordered_arrangements(deals[0], rules.format.hands))
    times = []
    for dealt in deals:
        start = time.perf_counter()
        auto_arrange(rules, dealt)
        times.append(time.perf_counter() - start)
    print(f"{name:10s} {count:5d} ordered arrangements: mean {statistics.mean(times) * 1e3:6.2f} ms, "
          f"median {statistics.median(times) * 1e3:6.2f} ms, worst {max(times) * 1e3:6.2f} ms "
          f"over {trials} deals")


if __name__ == "__main__":
    measure("seven-card", 7)
    measure("nine-card", 9)
