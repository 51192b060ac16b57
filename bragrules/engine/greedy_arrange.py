"""An arrangement of four or more hands, quickly: the strongest three cards first, then the strongest
of the rest, and so on (strongest first by construction).

Used for the hint and the automatic arrangement when a format makes more hands than
:func:`bragrules.engine.arrange.auto_arrange` searches exhaustively.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(Profile.model_validate({"format": {"cards_dealt": 13, "hands": 4, "betting": False},
...     "stakes": {"ante": 0}, "table": {"max_players": 4}}))
>>> hands, discard = greedy_arrange(rules, parse_cards("Ah Ad Ac 7s 8s 9s Kd Qd Jd 2c 2d 5h 4c"))
>>> [" ".join(map(str, h)) for h in hands], discard
(['Ah Ad Ac', 'Kd Qd Jd', '9s 8s 7s', '2d 2c 5h'], (4c,))
"""

from __future__ import annotations

from itertools import combinations
from typing import List, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.rules.compile import Rules


def greedy_arrange(rules: Rules, cards: Sequence[Card]) -> Tuple[Tuple[Tuple[Card, ...], ...], Tuple[Card, ...]]:
    """``rules.format.hands`` hands taken strongest first from ``cards``, and the cards left over."""
    ranker = rules.ranking.ranker
    left: List[Card] = list(cards)
    hands: List[Tuple[Card, ...]] = []
    for _ in range(rules.format.hands):
        best = max(combinations(left, 3), key=lambda trio: ranker.strength(list(trio)))
        hands.append(tuple(ranker.evaluate(list(best)).played))
        left = [c for c in left if c not in best]
    return tuple(hands), tuple(left)
