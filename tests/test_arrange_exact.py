"""The best arrangement is the best of all: ``auto_arrange`` against a plain enumeration of every partition.

The search in :func:`bragrules.engine.arrange.auto_arrange` prunes; the reference here prunes nothing.
It enumerates every unordered partition of the cards into three-card hands and discards (each once),
scores each by the same objective and takes the highest (score, strengths strongest first). Twelve
cards into four hands (15,400 partitions) run in the ordinary suite; thirteen cards into four hands
and a discard (200,200 partitions a deal) run when ``BRAGRULES_SLOW=1`` is set, so the suite stays fast.
"""

from __future__ import annotations

import os
import random
from itertools import combinations
from typing import Iterator, List, Sequence, Tuple

import pytest

from bragrules.core.cards import STANDARD_PACK, Card, parse_cards
from bragrules.engine.arrange import auto_arrange, objective_score, win_numerators
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules

SLOW = os.environ.get("BRAGRULES_SLOW") == "1"


def rules_of(cards: int, hands: int, players: int, **fmt: object) -> Rules:
    return compile_rules(Profile.model_validate(
        {"format": {"cards_dealt": cards, "hands": hands, **fmt}, "table": {"max_players": players}}))


def partitions(n: int, hands: int) -> Iterator[List[Tuple[int, ...]]]:
    """Every unordered partition of ``range(n)`` into ``hands`` triples and ``n - 3 * hands`` single discards."""

    def build(rest: Tuple[int, ...], left: int, spare: int) -> Iterator[List[Tuple[int, ...]]]:
        if not rest:
            yield []
            return
        first, others = rest[0], rest[1:]
        if spare:
            yield from build(others, left, spare - 1)  # the lowest card left is discarded
        if left:
            for pair in combinations(others, 2):
                remaining = tuple(c for c in others if c not in pair)
                for tail in build(remaining, left - 1, spare):
                    yield [(first,) + pair] + tail

    return build(tuple(range(n)), hands, n - 3 * hands)


def reference_best(rules: Rules, cards: Sequence[Card], objective: str = "pot") -> Tuple[int, Tuple[int, ...]]:
    numerators, denominator = win_numerators(rules)
    need = rules.format.hands_needed
    strength = rules.ranking.ranker.strength
    table = {trio: strength([cards[i] for i in trio]) for trio in combinations(range(len(cards)), 3)}
    best: Tuple[int, Tuple[int, ...]] = (-1, ())
    for partition in partitions(len(cards), rules.format.hands):
        strengths = tuple(sorted((table[t] for t in partition), reverse=True))
        key = (objective_score([numerators[s] for s in strengths], denominator, need, objective), strengths)
        best = max(best, key)
    return best


def key_of(rules: Rules, strengths: Tuple[int, ...], objective: str) -> Tuple[int, Tuple[int, ...]]:
    numerators, denominator = win_numerators(rules)
    return (objective_score([numerators[s] for s in strengths], denominator, rules.format.hands_needed, objective),
            strengths)


def test_partition_counts() -> None:
    """Seven cards: 70 partitions; nine: 280; thirteen into four hands and a discard: 200,200."""
    assert sum(1 for _ in partitions(7, 2)) == 70
    assert sum(1 for _ in partitions(9, 3)) == 280
    assert sum(1 for _ in partitions(12, 4)) == 15400
    if SLOW:
        assert sum(1 for _ in partitions(13, 4)) == 200200


@pytest.mark.parametrize("fmt", [{}, {"win_rule": "all"}, {"minimum_hand": "pair"},
                                 {"tied_hand": "against_caller", "hand_order": "strongest_first"}])
@pytest.mark.parametrize("objective", ["pot", "hands"])
def test_twelve_cards_four_hands_match_every_partition(fmt: dict, objective: str) -> None:
    rules = rules_of(12, 4, 4, **fmt)
    rng = random.Random(f"twelve {fmt} {objective}")
    for _ in range(3):
        cards = rng.sample(STANDARD_PACK, 12)
        choice = auto_arrange(rules, cards, objective)
        assert key_of(rules, choice.strengths, objective) == reference_best(rules, cards, objective)
        assert sorted(c for h in choice.hands for c in h) == sorted(cards)  # twelve cards, no discard


@pytest.mark.parametrize("cards, hands, players", [(7, 2, 7), (9, 3, 5), (10, 3, 5)])
@pytest.mark.parametrize("objective", ["pot", "hands"])
def test_small_deals_match_every_partition(cards: int, hands: int, players: int, objective: str) -> None:
    for fmt in ({}, {"win_rule": "all"}, {"minimum_hand": "pair"}):
        rules = rules_of(cards, hands, players, **fmt)
        rng = random.Random(f"small {cards} {fmt} {objective}")
        for _ in range(20):
            dealt = rng.sample(STANDARD_PACK, cards)
            choice = auto_arrange(rules, dealt, objective)
            assert key_of(rules, choice.strengths, objective) == reference_best(rules, dealt, objective)


def test_thirteen_cards_a_known_best() -> None:
    """Four prials and a spare card: the exact search sets out the four prials, strongest first."""
    rules = rules_of(13, 4, 4)
    choice = auto_arrange(rules, parse_cards("3h 3d 3c Ah Ad Ac Kh Kd Kc 2h 2d 2c 9s"))
    assert [" ".join(sorted(str(c) for c in h)) for h in choice.hands] == ["3c 3d 3h", "Ac Ad Ah", "Kc Kd Kh",
                                                                           "2c 2d 2h"]
    assert [str(c) for c in choice.discard] == ["9s"]


def test_the_best_is_not_the_greedy_arrangement() -> None:
    """Greedy takes the strongest three first; with thirteen cards it can lose hands the exact search keeps.

    Here the strongest three (a running flush Q-K-A of hearts) breaks up two pairs' partners; the
    exact arrangement's chance is at least the greedy one's and strictly more on this deal.
    """
    rules = rules_of(13, 4, 4, win_rule="all")
    cards = parse_cards("Ah Kh Qh Ad Kd Qs 7c 7d 2s 5h 9c Jd 4s")
    choice = auto_arrange(rules, cards)
    greedy: List[Tuple[Card, ...]] = []
    rest = list(cards)
    strength = rules.ranking.ranker.strength
    for _ in range(4):
        trio = max(combinations(rest, 3), key=lambda t: strength(list(t)))
        greedy.append(trio)
        rest = [c for c in rest if c not in trio]
    numerators, denominator = win_numerators(rules)
    greedy_score = objective_score([numerators[strength(list(t))] for t in greedy], denominator, 4, "pot")
    assert choice.chance >= greedy_score / denominator ** 4
    assert choice.chance > greedy_score / denominator ** 4


@pytest.mark.skipif(not SLOW, reason="200,200 partitions a deal: set BRAGRULES_SLOW=1")
@pytest.mark.parametrize("fmt", [{}, {"win_rule": "all"}, {"minimum_hand": "pair"}])
@pytest.mark.parametrize("objective", ["pot", "hands"])
def test_thirteen_cards_match_every_partition(fmt: dict, objective: str) -> None:
    rules = rules_of(13, 4, 4, **fmt)
    rng = random.Random(f"thirteen {fmt} {objective}")
    for _ in range(4):
        cards = rng.sample(STANDARD_PACK, 13)
        choice = auto_arrange(rules, cards, objective)
        assert key_of(rules, choice.strengths, objective) == reference_best(rules, cards, objective)
