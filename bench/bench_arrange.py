"""How fast ``auto_arrange`` finds the best arrangement of all, from seven to sixteen cards.

Run: ``python bench/bench_arrange.py``. Prints, per format, the number of
unordered partitions into hands the search covers, and the mean, median and
worst time per hint over random deals: Seven- and Nine-Card (the shipped
profiles), Thirteen-Card (four hands and a discard: thirteen-card.yaml),
Fifteen-card (five hands) and sixteen cards (five hands and a discard), for
the pot objective and for the expected hands won.
"""

from __future__ import annotations

import random
import statistics
import time
from math import comb, factorial

from bragrules.core.cards import STANDARD_PACK
from bragrules.engine.arrange import auto_arrange, hand_chances
from bragrules.profile import load_profile
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules


def partitions(cards: int, hands: int) -> int:
    """Unordered partitions of ``cards`` into ``hands`` three-card hands and single discards."""
    spare = cards - 3 * hands
    return comb(cards, spare) * factorial(3 * hands) // (factorial(3) ** hands * factorial(hands))


def measure(label: str, rules: Rules, trials: int = 200, objective: str = "pot") -> None:
    hand_chances(rules.ranking.ranker)  # the per-strength table is built once per ranking
    cards, hands = rules.format.cards_dealt, rules.format.hands
    rng = random.Random(1)
    deals = [rng.sample(STANDARD_PACK, cards) for _ in range(trials)]
    times = []
    for dealt in deals:
        start = time.perf_counter()
        auto_arrange(rules, dealt, objective)
        times.append(time.perf_counter() - start)
    print(f"{label:28s} {cards:2d} cards {hands} hands {partitions(cards, hands):9,d} partitions  {objective:5s}: "
          f"mean {statistics.mean(times) * 1e3:6.2f} ms, median {statistics.median(times) * 1e3:6.2f} ms, "
          f"worst {max(times) * 1e3:6.2f} ms over {trials} deals")


def plain(cards: int, hands: int, players: int) -> Rules:
    return compile_rules(Profile.model_validate(
        {"format": {"cards_dealt": cards, "hands": hands}, "table": {"max_players": players}}))


if __name__ == "__main__":
    for objective in ("pot", "hands"):
        measure("seven-card", compile_rules(load_profile("seven-card")), objective=objective)
        measure("nine-card", compile_rules(load_profile("nine-card")), objective=objective)
        measure("thirteen-card", compile_rules(load_profile("thirteen-card")), objective=objective)
        measure("fifteen cards, five hands", plain(15, 5, 3), objective=objective)
        measure("sixteen cards, five hands", plain(16, 5, 3), objective=objective)
