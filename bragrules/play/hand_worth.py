"""What a hand is worth to a bot: the share of the pack's hands it beats, as the showdown decides.

Worked out once per ranking (and per centre where wild cards come from it) and kept in the ranker's
``memo``; several-hand formats place an arrangement among a fixed sample of others.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(Profile())
>>> round(hand_share(rules, parse_cards("3c 3d 3h")), 3), round(hand_share(rules, parse_cards("5c 3d 2h")), 3)
(1.0, 0.0)
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_left
from typing import TYPE_CHECKING, List, Sequence

from bragrules.engine.arrange import hand_chances, win_numerators
from bragrules.engine.showdown import Comparer
from bragrules.rules.ranking import HandRanker, triple_index

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules



_SAMPLE = 20_000  # holdings sampled for the best three of five or more cards
_ARRANGED_SAMPLE = 2_000  # holdings sampled to place an arrangement among others


def pack_shares(ranker: HandRanker, cards: int = 3) -> List[float]:
    """Per strength: the share of ``cards``-card hands of the pack whose best three it beats.

    Three cards: exact, from :func:`hand_chances`. Four: exact, over every
    four-card hand of the pack. Five or more (one hand from many cards): from
    a fixed sample, so the same for every run.
    """
    key = ("bot_shares", cards)
    cached = ranker.memo.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    n = ranker.distinct_strengths()
    if cards == 3:
        beats, _, total = hand_chances(ranker)
        shares = [b / total for b in beats]
    else:
        counts = [0] * n
        table = ranker.table
        if cards == 4:
            for a, b, c, d in itertools.combinations(ranker.cards, 4):
                counts[max(
                    table[triple_index(a, b, c)], table[triple_index(a, b, d)],
                    table[triple_index(a, c, d)], table[triple_index(b, c, d)],
                )] += 1
        else:
            rng = random.Random(f"bragrules shares {cards}")
            pack = list(ranker.cards)
            best = ranker.best_strength
            for _ in range(_SAMPLE):
                counts[best(rng.sample(pack, cards))] += 1
        total = sum(counts)
        shares = [b / total for b in Comparer.of(ranker).beaten(counts)]
    ranker.memo[key] = shares
    return shares


def wild_share(rules: "Rules", cards: Sequence[int], centre: Sequence[int]) -> float:
    """The share of the pack's hands a hand beats when wild cards are chosen per deal or per hand: every hand
    valued with the wild cards of this deal's face-up centre and its own (worked out once per centre's ranks).

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}}))
    >>> round(wild_share(rules, parse_cards("Ah Kc Kd"), ()), 3), round(wild_share(rules, parse_cards("7c 4d 2h"), ()), 3)
    (0.969, 0.004)
    """
    wild = rules.ranking.wild_deal
    assert wild is not None
    ranker = rules.ranking.ranker
    deal_wild = wild.deal_wild(centre)
    key = ("bot_wild_shares", deal_wild)
    shares = ranker.memo.get(key)
    if shares is None:
        counts = [0] * ranker.distinct_strengths()
        for strength in wild.shares(ranker, deal_wild):
            counts[strength] += 1
        total = sum(counts)
        shares = ranker.memo[key] = [b / total for b in rules.comparer.beaten(counts)]
    assert isinstance(shares, list)
    return float(shares[wild.strength(ranker, cards, deal_wild)])


class Arrangements:
    """Several hands from one deal: how good an arrangement is, and where it stands among others.

    An arrangement's *score* is its chance of winning the pot against hands
    drawn at random (the hands taken as independent, ties as the profile
    says). Its *share* is the part of a fixed sample of holdings, each
    arranged greedily (the best three, then the best three of the rest...),
    whose score it beats: opponents arrange their cards too, so a score
    alone flatters every hand.
    """

    def __init__(self, rules: "Rules") -> None:
        ranker = rules.ranking.ranker
        numerators, denominator = win_numerators(rules)  # a hand below format.minimum_hand never wins
        self.win = [q / denominator for q in numerators]
        self.hands = rules.format.hands
        self.need = rules.format.hands_needed
        self.table = ranker.table
        rng = random.Random(f"bragrules arrangements {rules.format.cards_dealt} {self.hands}")
        pack = list(ranker.cards)
        scores = sorted(
            self.score(self._greedy(rng.sample(pack, rules.format.cards_dealt))) for _ in range(_ARRANGED_SAMPLE)
        )
        self.sample = scores

    def _greedy(self, cards: List[int]) -> List[int]:
        table = self.table
        strengths = []
        for _ in range(self.hands):
            best, used = -1, (0, 0, 0)
            for a, b, c in itertools.combinations(cards, 3):
                s = table[triple_index(a, b, c)]
                if s > best:
                    best, used = s, (a, b, c)
            strengths.append(best)
            cards = [x for x in cards if x not in used]
        return strengths

    def score(self, strengths: Sequence[int]) -> float:
        """Chance of winning at least ``need`` of the hands against random hands."""
        dist = [1.0]
        win = self.win
        for s in strengths:
            p = win[s]
            q = 1.0 - p
            new = [0.0] * (len(dist) + 1)
            for k, value in enumerate(dist):
                new[k] += value * q
                new[k + 1] += value * p
            dist = new
        return sum(dist[self.need:])

    def share(self, strengths: Sequence[int]) -> float:
        return bisect_left(self.sample, self.score(strengths)) / len(self.sample)


def arrangements_of(rules: "Rules") -> Arrangements:
    """The arrangements a several-hand format can make, sampled once per ranking and format."""
    fmt = rules.profile.format
    key = ("bot_arrangements", fmt.cards_dealt, fmt.hands, fmt.win_rule, fmt.tied_hand, fmt.minimum_hand)
    found = rules.ranking.ranker.memo.get(key)
    if not isinstance(found, Arrangements):
        found = rules.ranking.ranker.memo[key] = Arrangements(rules)
    return found


def hand_share(rules: "Rules", cards: Sequence[int], centre: Sequence[int] = ()) -> float:
    """The share of hands of the pack that ``cards`` beats under ``rules`` (one hand), as the showdown
    decides; ``centre``: the deal's face-up centre cards where they decide wild cards.

    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> round(hand_share(compile_rules(Profile()), parse_cards("Kc Kd 2h")), 3)
    0.887
    """
    if rules.ranking.wild_deal is not None:  # wild cards chosen at the table: valued with them
        return wild_share(rules, cards, centre)
    ranker = rules.ranking.ranker
    if len(cards) == 3:
        a, b, c = cards
        return pack_shares(ranker)[ranker.table[triple_index(a, b, c)]]
    return pack_shares(ranker, len(cards))[ranker.best_strength(cards)]


__all__ = ["Arrangements", "arrangements_of", "hand_share", "pack_shares", "wild_share"]
