"""A reference point for the simulator: PokerKit playing no-limit hold'em at random.

Run from the repository root (PokerKit is in ``bench/requirements.txt``)::

    python bench/bench_pokerkit.py [--quick] [--players 2 6] [--hands N]

PokerKit (https://github.com/uoftcprg/pokerkit) is a well-known pure-Python
poker engine. Each hand here is a fresh ``NoLimitTexasHoldem`` state
(blinds 1/2, stacks of 200, every automation on: antes, blinds, dealing
hole and board cards from a shuffled deck, burning, showdown, pushing and
pulling chips), played to the end by a random legal action at every turn:
fold, check or call, or a bet or raise to an amount drawn uniformly
between the least and the most allowed, each kind of action as likely as
the others among those that are legal. The figure is hands per second on
one core (the best of several rounds), with the actions per hand beside it; it sets the speed of the
simulator's Brag deals (``bragrules.play.simulate``) against what a
general-purpose Python engine does with a comparable amount of rule
checking. Nothing here asserts a time.

Without PokerKit installed it says so and exits with status 0.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any, List, Optional, Sequence, Tuple

STACK = 200
BLINDS = (1, 2)


def available() -> Optional[str]:
    """PokerKit's version if it can be imported, else None."""
    try:
        import pokerkit
    except ImportError:
        return None
    try:
        from importlib.metadata import version

        return version("pokerkit")
    except Exception:  # pragma: no cover - metadata missing
        return getattr(pokerkit, "__version__", "?")


def play_hand(players: int, rng: random.Random) -> int:
    """One hand of no-limit hold'em with random legal actions; returns the number of actions."""
    from pokerkit import Automation, NoLimitTexasHoldem

    state: Any = NoLimitTexasHoldem.create_state(
        tuple(Automation), True, 0, BLINDS, BLINDS[1], STACK, players,
    )
    actions = 0
    while state.status:
        kinds: List[int] = []
        if state.can_fold():
            kinds.append(0)
        if state.can_check_or_call():
            kinds.append(1)
        if state.can_complete_bet_or_raise_to():
            kinds.append(2)
        if not kinds:  # every automation is on, so this is a player's turn or the end
            raise RuntimeError(f"PokerKit state waiting on something not automated: {state}")
        kind = rng.choice(kinds)
        if kind == 0:
            state.fold()
        elif kind == 1:
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.randint(low, high))
        actions += 1
    return actions


def rate(players: int, hands: int, seed: int = 1, rounds: int = 1) -> Tuple[float, float, float]:
    """(hands a wall-clock second, hands a CPU second, actions a hand): the best of ``rounds`` rounds of ``hands``.

    PokerKit shuffles with the ``random`` module's global generator, which
    is seeded here, so every round plays the same hands.
    """
    rng = random.Random(seed)
    play_hand(players, rng)  # warm up (imports, lookup tables)
    best = (0.0, 0.0, 0.0)
    for _ in range(rounds):
        random.seed(seed)
        rng = random.Random(seed)
        actions = 0
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(hands):
            actions += play_hand(players, rng)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        if hands / elapsed > best[0]:
            best = (hands / elapsed, hands / cpu if cpu else float("inf"), actions / hands)
    return best


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--hands", type=int, help="hands per table size (default 300 quick, 2000 full)")
    args = parser.parse_args(argv)
    found = available()
    if found is None:
        print("PokerKit is not installed (pip install -r bench/requirements.txt): nothing measured")
        return 0
    hands = args.hands or (300 if args.quick else 1500)
    print(f"PokerKit {found}, Python {sys.version.split()[0]}; no-limit hold'em, random legal actions")
    for players in args.players:
        per_second, per_cpu, actions = rate(players, hands, rounds=3 if args.quick else 5)
        print(f"  {players} players: {per_second:9,.0f} hands/s  {per_cpu:9,.0f} hands/CPU-s  "
              f"({actions:.1f} actions a hand, {hands:,} hands)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
