"""The parts of a ranking outside the plain order of categories: an order among wild cards and
the categories where a natural hand beats a wild one, special hands that beat one category
only, and the words for hands counted as points.

:class:`~bragrules.rules.ranking.HandRanker` asks these while compiling; none of them is
consulted for a ranking that does not use it.

>>> from bragrules.profile.models import Ranking, Wild
>>> order = wild_order(Ranking(wild=Wild(cards=["Jc", "Jd"], cards_ranked=True, natural_beats_wild=["prial"])),
...                    frozenset({37, 38}))
>>> order.grades, order.prefers_natural("prial"), order.prefers_natural("pair")
(4, True, False)
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from bragrules.core.cards import RANK_CHARS, parse_card
from bragrules.core.i18n import tr
from bragrules.rules.ranking_patterns import RankTables
from bragrules.rules.ranking_spec import PointsSpec, RankingSpec, one_suit_halves, point_count


class WildOrder:
    """How hands equal in rank but made differently with wild cards compare.

    A hand's *grade* sits between its rank and its suits: with ``grades`` of them, a natural hand
    in a category where naturals beat wild hands is ``grades - 1``; any other natural hand is
    ``grades - 2``, level with a hand made by the best-ranked wild card; a hand made with wild
    cards is ``grades - 2 - p``, ``p`` the place in ``ranking.wild.cards`` of its lowest-ranked
    wild card (a wild rank or a joker placed after every named card). ``grades`` is 1 when none
    of this applies (the grade is left out of a hand's value).
    """

    def __init__(self, nbw: FrozenSet[str], places: Dict[int, int], wild_cards: FrozenSet[int]) -> None:
        self.nbw = nbw
        self.places = places
        self.named = len(places)
        self.wild_cards = wild_cards
        self.grades = self.named + 2 if wild_cards and (nbw or places) else 1

    def prefers_natural(self, category: str) -> bool:
        """Whether a natural hand of ``category`` beats an equal hand made with wild cards."""
        return category in self.nbw

    def grade(self, hand: Tuple[int, int, int], natural: bool, category: str, lowball: bool,
              wild: Optional[FrozenSet[int]] = None) -> int:
        """The grade of a hand of ``category`` (its best reading's), natural or not; ``wild``: the cards
        wild in this hand, where they are chosen per deal or per hand (else the ranking's own)."""
        wild_cards = self.wild_cards if wild is None else wild
        top = self.grades - 1
        if natural:
            grade = top if category in self.nbw else top - 1
        else:
            worst = max((self.places.get(card, self.named) for card in hand if card in wild_cards), default=0)
            grade = top - 1 - worst
        return top - grade if lowball else grade  # the order is reversed after under lowball: naturals stay first


def wild_order(spec: RankingSpec, wild: FrozenSet[int], categories: Sequence[str] = ()) -> WildOrder:
    """The :class:`WildOrder` of a ranking whose wild cards are ``wild``; ``categories``: its
    categories' names (every one of them prefers a natural hand under ``natural_beats_wild: true``)."""
    nbw_value = spec.wild.natural_beats_wild
    if nbw_value is True:
        nbw: FrozenSet[str] = frozenset(("prial", "running_flush", "run", "flush", "pair", "high_card", "points",
                                         *categories))
    elif nbw_value is False:
        nbw = frozenset()
    else:
        nbw = frozenset(nbw_value)
    places: Dict[int, int] = {}
    if spec.wild.cards_ranked:
        for place, text in enumerate(spec.wild.cards):
            places[int(parse_card(text))] = place
    return WildOrder(nbw, places, wild)


def upsets(tables: RankTables, rank_keys: Sequence[int], category_of: Sequence[str]
           ) -> Optional[List[Tuple[int, int]]]:
    """Per strength (given its rank key and category), the range of strengths it beats outside the
    order: a special hand's category, or the part of it named (``beats.lowest``, ``beats.highest``);
    ``(0, -1)`` for none. None when no hand beats another outside the order."""
    specials = tables.upset_keys()
    if not specials:
        return None
    ranges: Dict[Tuple[str, int, int], Tuple[int, int]] = {}
    for beaten in set(specials.values()):
        category, low_key, high_key = beaten
        inside = [s for s, (key, cat) in enumerate(zip(rank_keys, category_of))
                  if cat == category and low_key <= key <= high_key]
        ranges[beaten] = (min(inside), max(inside)) if inside else (0, -1)
    return [ranges[specials[key]] if key in specials else (0, -1) for key in rank_keys]


def points_text(cards: Sequence[int], points: PointsSpec) -> str:
    """A hand counted as points in words.

    >>> from bragrules.rules.ranking_models import Points
    >>> points_text([28, 20, 48], Points(values={"A": 1, "K": 0, "Q": 0, "J": 0, "10": 0}, read="digits"))
    '971 (9-7-A)'
    >>> points_text([48, 44, 1], Points(one_suit=True))   # A♣ K♣ 2♦
    '21 points'
    >>> points_text([0, 1, 2], Points(read="sum", one_suit=True, three_of_a_kind="61/2"))   # 2♣ 2♦ 2♥
    '30½ points'
    """
    a, b, c = cards[:3]
    ranks = [card >> 2 for card in (a, b, c)]
    if points.one_suit:
        halves = one_suit_halves(a, b, c, points)
        if halves % 2:
            whole = halves // 2
            return tr("{value} points", value=str(whole) + "½")
        value = halves // 2
    else:
        value, read = point_count(ranks, points)
    if points.read == "digits":
        spelled = "-".join("10" if r == 8 else RANK_CHARS[r] for r in read)
        return f"{value:03d} ({spelled})"
    return tr("{value} points", value=value)
