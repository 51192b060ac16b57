"""The casino three-card game's house edge, worked out exactly from the engine's own settlement.

    python bench/bank_house_edge.py [--profile three-card-casino]

Every one of the 22,100 player hands against every dealer hand of the 49 cards left (407 million pairs): the
bot's play-or-fold rule (queen-six-four or better, :mod:`bragrules.play.bot_bank`), the dealer's qualifier,
the comparison and the pay tables all as the profile compiles them; the money of each kind of outcome is the
engine's (:meth:`bragrules.rules.bank.BankPolicy.against_house`), numpy only counts how often each happens.
It prints the player's expected return per unit of ante (the Ante and Play with the Ante Bonus) and per
unit of Pair Plus, exactly as fractions and as percentages, with the CPU time and the load. The published
figures for palacasino.com's tables are a house edge of 3.37% of the ante (the Ante Bonus at 5, 4, 1 to 1,
playing Q-6-4 or better) and 2.32% of the Pair Plus (40, 30, 6, 4, 1 to 1); nothing here asserts them.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.core.cards import CARDS  # noqa: E402
from bragrules.play.bot_bank import plays  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="three-card-casino")
    args = parser.parse_args()
    rules = compile_rules(load_profile(args.profile))
    policy = rules.procedure.bank
    assert policy is not None and policy.house, "a profile of the house game (procedure.bank.kind: house)"
    assert not rules.comparer.special, "the count reads strengths: no special hands"
    start = time.process_time()
    ranker, comparer = rules.ranking.ranker, rules.comparer
    hands = [tuple(CARDS[c] for c in combo) for combo in itertools.combinations(range(52), 3)]
    strength = np.array([ranker.strength(list(h)) for h in hands], dtype=np.int64)
    masks = np.array([sum(1 << c for c in h) for h in hands], dtype=np.int64)
    qualify = np.array([policy.qualifies(max(c.rank for c in h), comparer.category(h) != "high_card")
                        for h in hands])
    ante, side = Fraction(1), policy.pair_plus
    ante_total, side_total, pairs = Fraction(0), Fraction(0), 0
    for i, hand in enumerate(hands):
        apart = (masks & masks[i]) == 0
        n = int(apart.sum())
        pairs += n
        category = comparer.category(hand)
        times_side = policy.pays(policy.pair_plus_pays, category)
        if not plays(rules, hand):  # a fold loses the ante and the Pair Plus
            folded = policy.against_house("A", ante, False, True, 0, category)
            ante_total += n * (folded.returned - folded.staked + side)
            side_total -= n * side
            continue
        side_part = times_side * side if times_side else -side  # the Pair Plus's own gain or loss
        counts = {
            (False, 0): int((apart & ~qualify).sum()),
            (True, 1): int((apart & qualify & (strength < strength[i])).sum()),
            (True, 0): int((apart & qualify & (strength == strength[i])).sum()),
            (True, -1): int((apart & qualify & (strength > strength[i])).sum()),
        }
        for (qualifies, versus), times in counts.items():
            if times:
                settled = policy.against_house("A", ante, True, qualifies, versus, category)
                ante_total += times * (settled.returned - settled.staked - side_part)
                side_total += times * side_part
    cpu = time.process_time() - start
    per_ante = ante_total / pairs
    print(f"{args.profile}: {pairs:,} pairs of hands (player, dealer)")
    print(f"  Ante and Play, Q-6-4 or better: the player's return per unit of ante {per_ante} "
          f"= {float(per_ante) * 100:+.4f}% (house edge {-float(per_ante) * 100:.2f}%)")
    if side:
        per_side = side_total / pairs / side
        print(f"  Pair Plus: the player's return per unit staked {per_side} = {float(per_side) * 100:+.4f}% "
              f"(house edge {-float(per_side) * 100:.2f}%)")
    print(f"  CPU {cpu:.1f} s, load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
