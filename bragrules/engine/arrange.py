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
from functools import partial
from itertools import combinations
from typing import Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.engine.showdown import Comparer, best_players
from bragrules.rules.compile import Rules
from bragrules.rules.format import FOURS_RULE, HAND_ORDER_RULE, HANDS_RULE
from bragrules.rules.ranking import HandRanker

Arrangement = Tuple[Tuple[Card, ...], ...]



def hand_chances(ranker: HandRanker) -> Tuple[List[int], List[int], int]:
    """Per strength: how many hands of the pack it beats and ties, and how many hands there are.

    Exact counts over every three-card hand (from the full pack, so an
    opponent's hand is any hand), each pair decided by the showdown
    (:meth:`~bragrules.engine.showdown.Comparer.beaten`). Cached per ranker.

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
    beats = Comparer.of(ranker).beaten(counts)  # who beats whom as the showdown says (special hands too)
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
    """Each hand's strength; a four of a kind (``format.fours: as_prial``) counts as the prial of its rank,
    or as four of a kind where the ranking has that category (``ranking.categories``, ``cards: 4``)."""
    ranker = rules.ranking.ranker
    return tuple(ranker.best_strength([int(c) for c in h]) if len(h) == 4 else ranker.strength(h) for h in hands)


def is_four(hand: Sequence[Card]) -> bool:
    """Four natural cards of one rank (a joker is no card of a rank).

    >>> from bragrules.core.cards import parse_cards
    >>> is_four(parse_cards("Kh Kd Kc Ks")), is_four(parse_cards("Kh Kd Kc Qs"))
    (True, False)
    """
    return len(hand) == 4 and not any(c.is_joker for c in hand) and len({c.rank for c in hand}) == 1


def check_arrangement(rules: Rules, dealt: Sequence[Card], hands: Sequence[Sequence[Card]]) -> Arrangement:
    """Validate an arrangement of ``dealt`` into hands; return it as tuples or raise RuleViolation."""
    wanted = rules.format.hands
    fours = rules.format.fours_as_prial
    if len(hands) != wanted and not (fours and 0 < len(hands) < wanted and any(len(h) == 4 for h in hands)):
        raise RuleViolation(HANDS_RULE, "this format makes {wanted} hands, not {n_hands}", wanted=wanted, n_hands=len(hands))
    held = set(dealt)
    used: Set[Card] = set()
    for hand in hands:
        if len(hand) == 4 and fours:
            if not is_four(hand):
                raise RuleViolation(FOURS_RULE, "a hand of four cards must be four of one rank")
        elif len(hand) != 3:
            raise RuleViolation(HANDS_RULE, "each hand has three cards, not {n_hand}", n_hand=len(hand))
        for card in hand:
            if card not in held:
                raise RuleViolation(HANDS_RULE, "{card} is not among the cards dealt to this player", card=card)
            if card in used:
                raise RuleViolation(HANDS_RULE, "{card} is used twice", card=card)
            used.add(card)
    if len(hands) < wanted and len(held) - len(used) >= 3:
        raise RuleViolation(FOURS_RULE, "{value} cards are left: enough for another hand, so {wanted} hands are set out", value=len(held) - len(used), wanted=wanted)
    arrangement = tuple(tuple(h) for h in hands)
    if rules.format.strongest_first and not rules.format.wrong_order_scores_nothing:
        if out_of_order(hand_strengths(rules, arrangement)):
            raise RuleViolation(HAND_ORDER_RULE, "the hands must be placed strongest first")
    return arrangement


def out_of_order(strengths: Sequence[int]) -> bool:
    """Whether hands of these strengths break the strongest-first order (a weaker hand before a stronger).

    >>> out_of_order((5, 5, 3)), out_of_order((3, 5))
    (False, True)
    """
    return any(a < b for a, b in zip(strengths, strengths[1:]))


def penalised(rules: Rules, strengths: Mapping[str, Sequence[int]]) -> List[str]:
    """The players whose hands stand out of order and so win nothing (``format.wrong_order: scores_nothing``)."""
    if not rules.format.wrong_order_scores_nothing:
        return []
    return [p for p, s in strengths.items() if out_of_order(s)]


def hand_winners(rules: Rules, strengths: Mapping[str, Sequence[int]], caller: Optional[str] = None,
                 opponent: Optional[str] = None) -> List[Optional[str]]:
    """Who wins each place, hand by hand (``None``: nobody), for the pot or for points.

    The strongest hand at a place wins it; equal strongest hands win it for nobody, or, at a see
    between ``caller`` and ``opponent`` under ``format.tied_hand: against_caller``, for the
    opponent. A hand below ``format.minimum_hand`` cannot win, and the hands of a player who set
    them out of order under ``format.wrong_order: scores_nothing`` are left out.

    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile(format={"cards_dealt": 7, "hands": 2}, table={"max_players": 7}))
    >>> hand_winners(rules, {"A": (90, 10), "B": (80, 10)})
    ['A', None]
    """
    fmt = rules.format
    least = minimum_strength(rules.ranking.ranker) if fmt.minimum_pair else 0
    left_out = set(penalised(rules, strengths))
    players = [p for p in strengths if p not in left_out]
    seeing = caller is not None and opponent is not None and fmt.tied_hand_against_caller
    winners: List[Optional[str]] = []
    for index in range(fmt.hands):
        contenders = [p for p in players if index < len(strengths[p]) and strengths[p][index] >= least]
        if not contenders:
            winners.append(None)
            continue
        best = best_players(contenders, partial(_place_key, strengths, index), rules.comparer)
        if len(best) == 1:
            winners.append(best[0])
        elif seeing and set(best) == {caller, opponent}:
            winners.append(opponent)
        else:
            winners.append(None)
    return winners


def _place_key(strengths: Mapping[str, Sequence[int]], index: int, player: str) -> Tuple[int, ...]:
    """The showdown's key of a player's hand at one place."""
    return (strengths[player][index],)


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


def win_numerators(rules: Rules) -> Tuple[List[int], int]:
    """Per strength, twice-scaled chance numerators of winning a hand against any hand of the pack, and
    their denominator: a tie counts half when it goes against the caller (only where there is betting:
    without it there is no see and no caller, and a tie is nobody's); a hand below
    ``format.minimum_hand`` never wins."""
    ranker = rules.ranking.ranker
    beats, ties, total = hand_chances(ranker)
    tie_share = 1 if rules.format.tied_hand_against_caller and rules.format.betting else 0
    numerators = [2 * b + tie_share * t for b, t in zip(beats, ties)]
    if rules.format.minimum_pair:  # a hand below a pair never wins (format.minimum_hand)
        for value in range(minimum_strength(ranker)):
            numerators[value] = 0
    return numerators, 2 * total


def minimum_strength(ranker: HandRanker) -> int:
    """The strength of the weakest pair: under ``format.minimum_hand: pair`` a weaker hand wins nothing.

    >>> from bragrules.profile.models import Ranking
    >>> from bragrules.rules.ranking import compile_ranking
    >>> ranker = compile_ranking(Ranking())
    >>> ranker.category(minimum_strength(ranker)), ranker.category(minimum_strength(ranker) - 1)
    ('pair', 'high_card')
    """
    cached = ranker.memo.get("weakest_pair")
    if isinstance(cached, int):
        return cached
    pairs = [s for s in range(ranker.distinct_strengths()) if ranker.category(s) == "pair"]
    found = min(pairs) if pairs else 0
    ranker.memo["weakest_pair"] = found
    return found


def arrangement_chance(rules: Rules, strengths: Sequence[int]) -> Fraction:
    """The chance an arrangement wins the pot against a random opponent, hands taken as independent."""
    numerators, denominator = win_numerators(rules)
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


Objective = str
"""What :func:`auto_arrange` maximises: ``"pot"`` (the chance of winning the pot) or ``"hands"``
(the expected number of hands won)."""


def objective_score(qs: Sequence[int], denominator: int, need: int, objective: Objective) -> int:
    """The objective's numerator over ``denominator ** len(qs)`` for per-hand chance numerators ``qs``.

    ``"pot"``: the chance that at least ``need`` hands win; ``"hands"``: the expected hands won.
    Both are symmetric and never fall when one hand's chance rises, which the search relies on.

    >>> objective_score([1, 1], 2, 2, "pot"), objective_score([1, 1], 2, 2, "hands")
    (1, 4)
    """
    n = len(qs)
    if objective == "hands":
        total = sum(qs)
        for _ in range(n - 1):
            total *= denominator
        return total
    if n == 2 and need == 2:
        return qs[0] * qs[1]
    if n == 3 and need == 2:  # at least two of three
        q1, q2, q3 = qs
        return (q1 * q2 + q1 * q3 + q2 * q3) * denominator - 2 * q1 * q2 * q3
    if need == n:
        product = 1
        for q in qs:
            product *= q
        return product
    return _at_least(qs, denominator, need)


def auto_arrange(rules: Rules, cards: Sequence[Card], objective: Objective = "pot") -> ArrangementChoice:
    """The best legal arrangement of all, under ``objective``, against a random opponent.

    The objective (``"pot"``, the default): the chance of winning the pot against an opponent whose
    hand at each place is any three cards of the pack, hands taken as independent, each hand's
    chance exact (:func:`hand_chances`); equal chances go to the stronger hands, strongest first.
    ``"hands"``: the expected number of hands won, likewise. A hand below ``format.minimum_hand``
    counts as never winning. Fours (``format.fours: as_prial``) are never laid: a four counting as
    its prial plays no better than that prial with the fourth card in another hand, and a hand
    more can only win a place.

    Exact, not greedy: every unordered partition into hands is covered by a branch-and-bound
    search. The three-card combinations are sorted strongest first and each arrangement is built
    strongest hand first, so every hand still to come is at most as strong as the last one placed;
    the objective with every remaining hand given that last hand's chance bounds everything below,
    and as later combinations are weaker the rest of the level is cut off at once. Seven cards have
    70 partitions, nine 280, thirteen into four hands 200,200, fifteen into five 1,401,400;
    ``bench/bench_arrange.py`` measures the time.
    """
    hands = rules.format.hands
    numerators, denominator = win_numerators(rules)
    need = rules.format.hands_needed
    strength = rules.ranking.ranker.strength
    cards = list(cards)
    n = len(cards)
    combos: List[Tuple[int, int, int, Tuple[int, int, int]]] = []  # (strength, numerator, mask, indices)
    for trio in combinations(range(n), 3):
        value = strength([cards[i] for i in trio])
        combos.append((value, numerators[value], (1 << trio[0]) | (1 << trio[1]) | (1 << trio[2]), trio))
    combos.sort(key=lambda c: (-c[0], c[3]))
    count = len(combos)
    Trios = Tuple[Tuple[int, int, int], ...]
    best_key: List[Tuple[int, Tuple[int, ...]]] = [(-1, ())]  # (score, strengths): the best so far
    best_trios: List[Trios] = [()]

    def search(start: int, used: int, strengths: Tuple[int, ...], qs: Tuple[int, ...], trios: Trios) -> None:
        left = hands - len(strengths)
        for index in range(start, count):
            value, q, mask, trio = combos[index]
            if mask & used:
                continue
            key = (objective_score(qs + (q,) * left, denominator, need, objective), strengths + (value,) * left)
            if key <= best_key[0]:
                return  # every later combination is weaker, so bounds no higher
            if left == 1:
                best_key[0], best_trios[0] = key, trios + (trio,)
                return  # the strongest disjoint last hand is the best last hand
            search(index + 1, used | mask, strengths + (value,), qs + (q,), trios + (trio,))

    search(0, 0, (), (), ())
    chosen = tuple(tuple(cards[i] for i in trio) for trio in best_trios[0])
    used = {c for h in chosen for c in h}
    display = tuple(tuple(rules.ranking.ranker.evaluate(h).played) for h in chosen)
    return ArrangementChoice(
        hands=display,
        discard=tuple(c for c in cards if c not in used),
        chance=Fraction(best_key[0][0], denominator ** hands),
        strengths=best_key[0][1],
    )
