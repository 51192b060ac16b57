"""The pattern compiler gives the tables the named fields always gave (``ranking.categories``).

Every ranking the shipped profiles play, and a spread of others through every value of the named
fields (``category_order``, ``prial_order``, ``run_order``, ``suits_before_kickers``,
``special_hands``, points, wild cards, lowball, suits), is compiled twice: by the compiler as it
was before hand patterns (kept under ``tests/rules/legacy_ranking``) and by the pattern compiler,
from the named fields and from the list they stand for written out in ``ranking.categories``. The
strength of every one of the 22,100 hands, the category of every strength, the hands beaten outside
the order and the words of every hand must agree; and for the four-card profiles, the key of the
best three of every one of the 270,725 four-card hands.
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Dict, FrozenSet, List, Tuple

import pytest

from bragrules.core.cards import CARDS
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.models import Ranking
from bragrules.rules.hand_patterns import expand
from bragrules.rules.pack import stripped_cards
from bragrules.rules.ranking import HandRanker
from tests.rules.legacy_ranking.ranking import HandRanker as LegacyRanker

Pack = Tuple[int, FrozenSet[int]]


def _shipped() -> Dict[str, Tuple[Ranking, Pack, List[str]]]:
    """Each ranking the shipped profiles play (with its pack), and the profiles playing it."""
    found: Dict[str, Tuple[Ranking, Pack, List[str]]] = {}
    for name in builtin_names():
        profile = load_profile(name)
        pack = (profile.pack.jokers, stripped_cards(profile.pack.stripped_ranks))
        key = json.dumps([profile.ranking.model_dump(mode="json"), pack[0], sorted(pack[1])])
        found.setdefault(key, (profile.ranking, pack, []))[2].append(name)
    return found


SHIPPED = _shipped()

STANDARD = ["prial", "running_flush", "run", "flush", "pair", "high_card"]
ORDERS = [STANDARD, ["prial", "running_flush", "flush", "run", "pair", "high_card"], ["prial", "pair", "high_card"],
          ["running_flush", "prial", "run", "flush", "pair", "high_card"], ["prial", "run", "flush", "pair", "high_card"],
          ["flush", "prial", "pair", "high_card"], ["high_card"]]
SPECIALS: List[List[Dict[str, Any]]] = [
    [{"ranks": [2, 3, 5], "suited": False, "beats": "prial"}],
    [{"ranks": [2, 3, 5], "suited": None, "beats": "prial"}],
    [{"ranks": [2, 3, 5], "suited": True, "beats": "pair"}],
    [{"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"}],
    [{"ranks": [2, 3, 5], "suited": None, "beats": "running_flush", "place": "tops"}],
    [{"ranks": [2, 3, 5], "suited": None, "beats": "flush", "place": "tops"},
     {"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"}],
    [{"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"},
     {"ranks": [2, 3, 5], "suited": None, "beats": "flush", "place": "tops"}],
    [{"ranks": [3, 3, 3], "suited": None, "beats": "prial", "place": "tops"}],
    [{"ranks": [2, 3, 5], "suited": False, "beats": "prial", "ante_back": True}],
    [{"ranks": [2, 3, 5], "suited": False, "ante_back": True}],
    [{"ranks": ["A", 2, 3], "suited": False, "beats": "prial"},
     {"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"}],
]
OTHERS: List[Tuple[Dict[str, Any], int, bool]] = [
    *(({"prial_order": order}, 0, False) for order in (
        "twos_high", "threes_high", "fours_high", "sevens_high", "kings_high", "ace_high")),
    *(({"category_order": order, "run_order": run}, 0, False) for order in ORDERS
      for run in ("a23_high", "akq_high", "akq_a23")),
    *(({"category_order": order, "special_hands": specials}, 0, False) for order in ORDERS[:2] for specials in SPECIALS),
    ({"special_hands": SPECIALS[0], "lowball": True, "suits_break_ties": True}, 0, False),
    ({"suits_break_ties": True}, 0, False),
    ({"suits_break_ties": True, "suits_before_kickers": True, "suit_order": ["clubs", "diamonds", "hearts", "spades"]},
     0, False),
    ({"suits_break_ties": True, "suits_before_kickers": True, "lowball": True, "run_order": "akq_a23"}, 1, False),
    ({"lowball": True, "prial_order": "ace_high"}, 0, False),
    ({"lowball": True, "wild": {"ranks": ["2"]}}, 0, False),
    ({"wild": {"ranks": ["2"]}, "category_order": ORDERS[1]}, 2, False),
    ({"wild": {"cards": ["Jc", "Jd", "9d"], "cards_ranked": True, "natural_beats_wild": ["prial", "pair"]},
      "suits_break_ties": True}, 0, False),
    ({"wild": {"ranks": ["2"], "natural_beats_wild": False}, "special_hands": SPECIALS[3]}, 0, False),
    ({}, 0, True),
    ({"run_order": "akq_a23", "suits_break_ties": True}, 0, True),
    ({"points": {"read": "digits", "values": {"A": 1, "K": 0, "Q": 0, "J": 0, "10": 0}}}, 0, False),
    ({"points": {"read": "sum"}, "suits_break_ties": True}, 1, False),
    ({"points": {"read": "sum", "one_suit": True, "three_of_a_kind": "61/2"}}, 0, False),
]


def _same(new: HandRanker, old: LegacyRanker, every: int = 1) -> None:
    assert new.category_order == old.category_order
    assert new.distinct_strengths() == old.distinct_strengths()
    assert new.table == old.table
    assert [new.category(s) for s in range(new.distinct_strengths())] == \
        [old.category(s) for s in range(old.distinct_strengths())]
    assert new.upsets == old.upsets
    assert new._masked == old._masked
    hands = new.all_hands()[::every]
    assert [new.describe([CARDS[c] for c in h]) for h in hands] == [old.describe([CARDS[c] for c in h]) for h in hands]


def _written(ranking: Ranking) -> Ranking:
    """The ranking with its named fields written out as the list they stand for."""
    data = ranking.model_dump(mode="json")
    for name in ("category_order", "prial_order", "run_order", "suits_before_kickers"):
        data[name] = Ranking.model_fields[name].get_default(call_default_factory=True)
    data["special_hands"] = [{**s, "beats": None, "place": "beats_only"}
                             for s in data["special_hands"] if s["ante_back"]]
    data["categories"] = [c.model_dump(mode="json") for c in expand(ranking)]
    return Ranking.model_validate(data)


@pytest.mark.parametrize("key", list(SHIPPED), ids=[", ".join(v[2]) for v in SHIPPED.values()])
def test_shipped_rankings_compile_to_the_same_tables(key: str) -> None:
    ranking, (jokers, stripped), _ = SHIPPED[key]
    old = LegacyRanker(ranking, jokers, stripped=stripped)
    _same(HandRanker(ranking, jokers, stripped=stripped), old)
    if ranking.points.read is None:
        written = _written(ranking)
        assert written.categories and written != ranking
        _same(HandRanker(written, jokers, stripped=stripped), old)


@pytest.mark.parametrize("settings, jokers, open_wild", OTHERS, ids=[json.dumps(o[0])[:80] for o in OTHERS])
def test_every_named_field_compiles_to_the_same_tables(settings: Dict[str, Any], jokers: int, open_wild: bool) -> None:
    ranking = Ranking.model_validate(settings)
    old = LegacyRanker(ranking, jokers, open_wild)
    _same(HandRanker(ranking, jokers, open_wild), old, every=17)
    if ranking.points.read is None:
        _same(HandRanker(_written(ranking), jokers, open_wild), old, every=17)


def test_four_card_profiles_keep_their_best_three_keys() -> None:
    """Four-Card Brag plays the best three of four: every four-card hand's key is as it was."""
    profiles = [load_profile(name) for name in ("four-card", "four-card-discard")]
    assert all(p.format.cards_dealt == 4 for p in profiles)
    ranking = profiles[0].ranking
    assert all(p.ranking == ranking for p in profiles)
    new, old = HandRanker(ranking), LegacyRanker(ranking)
    hands = list(itertools.combinations(range(52), 4))
    assert len(hands) == 270_725
    assert [new.four_card_key(list(h)) for h in hands] == [old.four_card_key(list(h)) for h in hands]
    assert [new.best_strength(h) for h in hands] == [old.best_strength(h) for h in hands]
