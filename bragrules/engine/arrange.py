"""Several hands from one deal: Seven-Card and Nine-Card arrangements.

A player dealt seven cards makes two ordered three-card hands and discards
one; dealt nine, three hands. :func:`check_arrangement` enforces the rules
(the player's own cards, three to a hand, the profile's order rule) and
:func:`auto_arrange` finds the arrangement with the best chance of winning
against a random opponent, exhaustively (140 ordered ways for seven cards,
1,680 for nine), from exact per-hand chances.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(Profile(format={"cards_dealt": 7, "hands": 2, "win_rule": "all"}, table={"max_players": 7}))
>>> best = auto_arrange(rules, parse_cards("Ah Ad Ac 7s 8s 9s 2d"))
>>> [" ".join(map(str, h)) for h in best.hands], best.discard
(['Ah Ad Ac', '9s 8s 7s'], (2d,))
>>> check_arrangement(rules, parse_cards("Ah Ad Ac 7s 8s 9s 2d"), [parse_cards("Ah Ad Kc"), parse_cards("7s 8s 9s")])
Traceback (most recent call last):
...
bragrules.core.errors.RuleViolation: format.hands: Kc is not among the cards dealt to this player
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Dict, Iterator, List, Sequence, Set, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.rules.compile import Rules
from bragrules.rules.format import HAND_ORDER_RULE, HANDS_RULE
from bragrules.rules.ranking import HandRanker

Arrangement = Tuple[Tuple[Card, ...], ...]



def hand_chances(ranker: HandRanker) -> Tuple[List[int], List[int], int]:
    """Per strength: how many hands of the pack it beats and ties, and how many hands there are.

    Exact counts over every three-card hand (from the full pack, so an
    opponent's hand is any hand). Cached per ranker.

    >>> from bragrules.profile.models import Ranking
    >>> from bragrules.rules.ranking import compile_ranking
    >>> beats, ties, total = hand_chances(compile_ranking(Ranking()))
    >>> total, beats[-1], ties[-1]
    (22100, 22096, 4)
    """
    cached = ranker.memo.get("hand_chances")
    if cached is not None:
        return cached  # type: ignore[return-value]
    counts = [0] * ranker.distinct_strengths()
    for hand in ranker.all_hands():
        counts[ranker.strength(hand)] += 1
    beats: List[int] = []
    below = 0
    for count in counts:
        beats.append(below)
        below += count
    result = (beats, counts, sum(counts))
    ranker.memo["hand_chances"] = result
    return result


@dataclass(frozen=True)
class ArrangementChoice:
    """An arrangement with its chance of beating a random opponent (a Fraction)."""

    hands: Arrangement
    discard: Tuple[Card, ...]
    chance: Fraction
    strengths: Tuple[int, ...]


def hand_strengths(rules: Rules, hands: Sequence[Sequence[Card]]) -> Tuple[int, ...]:
    return tuple(rules.ranking.ranker.strength(h) for h in hands)


def check_arrangement(rules: Rules, dealt: Sequence[Card], hands: Sequence[Sequence[Card]]) -> Arrangement:
    """Validate an arrangement of ``dealt`` into hands; return it as tuples or raise RuleViolation."""
    wanted = rules.format.hands
    if len(hands) != wanted:
        raise RuleViolation(HANDS_RULE, f"this format makes {wanted} hands, not {len(hands)}")
    held = set(dealt)
    used: Set[Card] = set()
    for hand in hands:
        if len(hand) != 3:
            raise RuleViolation(HANDS_RULE, f"each hand has three cards, not {len(hand)}")
        for card in hand:
            if card not in held:
                raise RuleViolation(HANDS_RULE, f"{card} is not among the cards dealt to this player")
            if card in used:
                raise RuleViolation(HANDS_RULE, f"{card} is used twice")
            used.add(card)
    arrangement = tuple(tuple(h) for h in hands)
    if rules.format.strongest_first:
        strengths = hand_strengths(rules, arrangement)
        if any(a < b for a, b in zip(strengths, strengths[1:])):
            raise RuleViolation(HAND_ORDER_RULE, "the hands must be placed strongest first")
    return arrangement


def ordered_arrangements(cards: Sequence[Card], hands: int) -> Iterator[Arrangement]:
    """Every ordered way to make ``hands`` three-card hands from ``cards`` (the rest discarded)."""
    cards = list(cards)

    def build(remaining: List[Card], left: int) -> Iterator[Arrangement]:
        if left == 0:
            yield ()
            return
        for combo in combinations(remaining, 3):
            rest = [c for c in remaining if c not in combo]
            for tail in build(rest, left - 1):
                yield (combo,) + tail

    return build(cards, hands)


def _win_numerators(rules: Rules) -> Tuple[List[int], int]:
    """Per strength, twice-scaled chance numerators: a tie counts half when it goes against the caller."""
    beats, ties, total = hand_chances(rules.ranking.ranker)
    tie_share = 1 if rules.format.tied_hand_against_caller else 0
    return [2 * b + tie_share * t for b, t in zip(beats, ties)], 2 * total


def arrangement_chance(rules: Rules, strengths: Sequence[int]) -> Fraction:
    """The chance an arrangement wins the pot against a random opponent, hands taken as independent."""
    numerators, denominator = _win_numerators(rules)
    ps = [numerators[s] for s in strengths]
    need = rules.format.hands_needed
    return Fraction(_at_least(ps, denominator, need), denominator ** len(ps))


def _at_least(ps: Sequence[int], d: int, need: int) -> int:
    """Numerator (over d**n) of the chance that at least ``need`` of independent events happen."""
    # distribution of the number of successes, as integer numerators over d**k
    dist = [1]
    for p in ps:
        q = d - p
        new = [0] * (len(dist) + 1)
        for k, value in enumerate(dist):
            new[k] += value * q
            new[k + 1] += value * p
        dist = new
    return sum(dist[need:])


def auto_arrange(rules: Rules, cards: Sequence[Card]) -> ArrangementChoice:
    """The legal arrangement with the best chance against a random opponent (strongest first on ties).

    Every ordered arrangement is scored (140 for seven cards, 1,680 for
    nine): each three-card combination's strength and chance are worked out
    once, then arrangements are put together from disjoint combinations.
    """
    hands = rules.format.hands
    if hands > 3:  # four hands or more: the strongest three first, then the strongest of the rest
        from bragrules.engine.greedy_arrange import greedy_arrange

        quick, left = greedy_arrange(rules, cards)
        strengths = hand_strengths(rules, quick)
        return ArrangementChoice(quick, left, arrangement_chance(rules, strengths), strengths)
    numerators, denominator = _win_numerators(rules)
    need = rules.format.hands_needed
    strongest_first = rules.format.strongest_first
    strength = rules.ranking.ranker.strength
    cards = list(cards)
    n = len(cards)
    combos: List[Tuple[int, int, int, Tuple[int, int, int]]] = []  # (mask, strength, numerator, indices)
    by_mask: Dict[int, Tuple[int, int, Tuple[int, int, int]]] = {}
    for trio in combinations(range(n), 3):
        mask = (1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])
        value = strength([cards[i] for i in trio])
        combos.append((mask, value, numerators[value], trio))
        by_mask[mask] = (value, numerators[value], trio)
    full = (1 << n) - 1
    best_key: Tuple[int, Tuple[int, ...]] = (-1, ())
    best_trios: Tuple[Tuple[int, int, int], ...] = ()
    Candidate = Tuple[Tuple[int, ...], Tuple[int, ...], Tuple[Tuple[int, int, int], ...]]
    for mask_a, s_a, q_a, trio_a in combos:
        candidates: List[Candidate]
        if hands == 1:
            candidates = [((s_a,), (q_a,), (trio_a,))]
        else:
            candidates = []
            for mask_b, s_b, q_b, trio_b in combos:
                if mask_a & mask_b:
                    continue
                if hands == 2:
                    candidates.append(((s_a, s_b), (q_a, q_b), (trio_a, trio_b)))
                    continue
                rest = full ^ mask_a ^ mask_b
                if rest.bit_count() != 3:
                    for mask_c, s_c, q_c, trio_c in combos:
                        if mask_c & (mask_a | mask_b) == 0:
                            candidates.append(((s_a, s_b, s_c), (q_a, q_b, q_c), (trio_a, trio_b, trio_c)))
                    continue
                s_c, q_c, trio_c = by_mask[rest]
                candidates.append(((s_a, s_b, s_c), (q_a, q_b, q_c), (trio_a, trio_b, trio_c)))
        for strengths, qs, trios in candidates:
            if strongest_first and any(x < y for x, y in zip(strengths, strengths[1:])):
                continue
            if len(qs) == 2 and need == 2:
                score = qs[0] * qs[1]
            elif len(qs) == 3 and need == 2:  # at least two of three
                q1, q2, q3 = qs
                score = (q1 * q2 + q1 * q3 + q2 * q3) * denominator - 2 * q1 * q2 * q3
            else:
                score = _at_least(qs, denominator, need)
            key = (score, strengths)
            if key > best_key:
                best_key, best_trios = key, trios
    best = tuple(tuple(cards[i] for i in trio) for trio in best_trios)
    used = {c for h in best for c in h}
    display = tuple(tuple(rules.ranking.ranker.evaluate(h).played) for h in best)
    return ArrangementChoice(
        hands=display,
        discard=tuple(c for c in cards if c not in used),
        chance=Fraction(best_key[0], denominator ** hands),
        strengths=best_key[1],
    )


def compare_arrangements(
    rules: Rules, first: Sequence[int], second: Sequence[int], second_is_caller: bool
) -> Tuple[int, int]:
    """Hands won by each side, hand by hand; a tied hand counts for nobody or against the caller."""
    against_caller = rules.format.tied_hand_against_caller
    a = b = 0
    for x, y in zip(first, second):
        if x > y:
            a += 1
        elif y > x:
            b += 1
        elif against_caller:
            if second_is_caller:
                a += 1
            else:
                b += 1
    return a, b
