"""The pattern compiler gives the tables the named fields always gave (``ranking.categories``).

Every ranking the shipped profiles play, and a spread of others through every value of the named
fields (``category_order``, ``prial_order``, ``run_order``, ``suits_before_kickers``,
``special_hands``, points, wild cards, lowball, suits), is compiled from its named fields and from
the list they stand for written out in ``ranking.categories``, and fingerprinted: the strength of
every one of the 22,100 hands, the category of every strength, the hands beaten outside the order
and the words of every hand (every 17th for the spread), hashed. The fingerprints below were taken
from the compiler the pattern compiler replaced, which classified hands by hand-written rules, while
both stood side by side and agreed over every hand; so a change to any table fails here. For the
four-card profiles the key of the best three of every one of the 270,725 four-card hands is
fingerprinted too; and every shipped profile hashes as it did before ``ranking.categories`` existed.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from typing import Any, Dict, FrozenSet, List, Tuple

import pytest

from bragrules.core.cards import CARDS
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.loader import profile_hash
from bragrules.profile.models import Ranking
from bragrules.rules.hand_patterns import expand
from bragrules.rules.pack import stripped_cards
from bragrules.rules.ranking import HandRanker

from ..conftest import EVERY_RUN_PROFILES
from ..helpers import shipped_profile

Pack = Tuple[int, FrozenSet[int]]


def _shipped() -> Dict[str, Tuple[Ranking, Pack, List[str]]]:
    """Each ranking the shipped profiles play (with its pack), and the profiles playing it."""
    found: Dict[str, Tuple[Ranking, Pack, List[str]]] = {}
    for name in builtin_names():
        profile = shipped_profile(name)
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
    ({"special_hands": [{"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"},
                        {"ranks": [3, 4, 6], "suited": True, "beats": "running_flush", "place": "tops"}]}, 0, False),
    ({"category_order": ["prial", "pair", "high_card"],
      "special_hands": [{"ranks": [2, 3, 5], "suited": None, "beats": "pair", "place": "tops"}]}, 0, False),
    ({"special_hands": [{"ranks": [2, 3, 5], "suited": True, "beats": "pair", "place": "tops"}]}, 0, False),
    ({"special_hands": [{"ranks": ["A", 2, 3], "suited": None, "beats": "flush", "place": "tops"}]}, 0, False),
]


def fingerprint(ranker: HandRanker, every: int = 1) -> str:
    """A short hash of a compiled ranking: its table, the category of each strength, the hands beaten
    outside the order, the strengths with wild cards chosen per hand, and the words of every
    ``every``-th hand."""
    digest = hashlib.sha256()
    digest.update(json.dumps([ranker.table, [ranker.category(s) for s in range(ranker.distinct_strengths())],
                              ranker.upsets, sorted(ranker._masked.items())]).encode())
    for hand in ranker.all_hands()[::every]:
        digest.update(ranker.describe([CARDS[c] for c in hand]).encode() + b"\n")
    return digest.hexdigest()[:24]


FINGERPRINTS: Dict[str, str] = {
    "ak47": "8bbdb2339bf5a194b5717fca",
    "bastard-brag": "0c71470590df137e52024520",
    "casual": "0c71470590df137e52024520",
    "classic": "0c71470590df137e52024520",
    "crash": "0c71470590df137e52024520",
    "crash-13": "0c71470590df137e52024520",
    "four-card": "0c71470590df137e52024520",
    "four-card-discard": "0c71470590df137e52024520",
    "house": "0c71470590df137e52024520",
    "nine-card": "0c71470590df137e52024520",
    "nine-card-pots": "0c71470590df137e52024520",
    "seen-only": "0c71470590df137e52024520",
    "seven-card": "0c71470590df137e52024520",
    "standard": "0c71470590df137e52024520",
    "stop-the-bus": "0c71470590df137e52024520",
    "stop-the-bus-draw": "0c71470590df137e52024520",
    "stop-the-bus-money": "0c71470590df137e52024520",
    "thirteen-card": "0c71470590df137e52024520",
    "thirteen-card-brag": "0c71470590df137e52024520",
    "traditional": "0c71470590df137e52024520",
    "hoyle": "73f306981f683bab426d42c2",
    "three-stake": "73f306981f683bab426d42c2",
    "joker": "e1c0e751e70908ba316013a0",
    "kissing-missing": "c0b8cd1164439faa74e87885",
    "kissing-missing-discard": "c0b8cd1164439faa74e87885",
    "muflis": "857fe0f391405cd10ebd2011",
    "single-stake": "444f69faae3988205e08e8ea",
    "stop-the-bus-31": "9f4254a746a561bb54bfed2a",
    "teen-patti": "c0b8cd1164439faa74e87885",
    "zha-jin-hua": "9ccea207b379991f782e9b05",
    "[{\"prial_order\": \"twos_high\"}, 0, false]": "9f25545f92b143b31206bbe4",
    "[{\"prial_order\": \"threes_high\"}, 0, false]": "3f5e4125d56437cbe7a28da3",
    "[{\"prial_order\": \"fours_high\"}, 0, false]": "fb192934ac7b72f8fec927bd",
    "[{\"prial_order\": \"sevens_high\"}, 0, false]": "1f4dc9ff0586146a1a252ef5",
    "[{\"prial_order\": \"kings_high\"}, 0, false]": "ee12d8c2d9388ffbbbf062ae",
    "[{\"prial_order\": \"ace_high\"}, 0, false]": "8dd6285c57328b169ac4dcb3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "3f5e4125d56437cbe7a28da3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "b11cc38f407efeb22dc0f389",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "18f1fbb0b9d1e0f0fbe98cd3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "e0d4d1f39fe37c3760a4bb99",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "33b72a7cb881068a385328cb",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "34efd9635de514df821e88c7",
    "[{\"category_order\": [\"prial\", \"pair\", \"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "a1a83c4819c6367bd60fcba8",
    "[{\"category_order\": [\"prial\", \"pair\", \"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "a1a83c4819c6367bd60fcba8",
    "[{\"category_order\": [\"prial\", \"pair\", \"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "a1a83c4819c6367bd60fcba8",
    "[{\"category_order\": [\"running_flush\", \"prial\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "4e7801bc366eb4f1d6048ea3",
    "[{\"category_order\": [\"running_flush\", \"prial\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "834029d9a8c8b099f5a1cc09",
    "[{\"category_order\": [\"running_flush\", \"prial\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "dfad3affbe732c23d16e7043",
    "[{\"category_order\": [\"prial\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "4cfa874a9122eeec69e1d4c1",
    "[{\"category_order\": [\"prial\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "be31c3ebc6d4caae6779c316",
    "[{\"category_order\": [\"prial\", \"run\", \"flush\", \"pair\", \"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "12201d6379d0968889e0b461",
    "[{\"category_order\": [\"flush\", \"prial\", \"pair\", \"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "22acbf6320d08973cd133a3c",
    "[{\"category_order\": [\"flush\", \"prial\", \"pair\", \"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "22acbf6320d08973cd133a3c",
    "[{\"category_order\": [\"flush\", \"prial\", \"pair\", \"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "22acbf6320d08973cd133a3c",
    "[{\"category_order\": [\"high_card\"], \"run_order\": \"a23_high\"}, 0, false]": "e0c9c0b74fe721ae4e7827d3",
    "[{\"category_order\": [\"high_card\"], \"run_order\": \"akq_high\"}, 0, false]": "e0c9c0b74fe721ae4e7827d3",
    "[{\"category_order\": [\"high_card\"], \"run_order\": \"akq_a23\"}, 0, false]": "e0c9c0b74fe721ae4e7827d3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": false}]}, 0, false]": "6fec28ab13c20b6505726b08",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "20e4050da7a4cd5753654110",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"pair\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "af25e14725fd3423168506b7",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "9d8ac02d44eb0a4d0d3015eb",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "df2cc0c3f13dc158fc9d2240",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}, {\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "2e7543363736287e80f1e9f8",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}, {\"beats\": \"flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "52f9fb0a7820e8ac4dba8c50",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"place\": \"tops\", \"ranks\": [3, 3, 3], \"suited\": null}]}, 0, false]": "3f5e4125d56437cbe7a28da3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"ante_back\": true, \"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": false}]}, 0, false]": "6fec28ab13c20b6505726b08",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"ante_back\": true, \"ranks\": [2, 3, 5], \"suited\": false}]}, 0, false]": "3f5e4125d56437cbe7a28da3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"run\", \"flush\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [\"A\", 2, 3], \"suited\": false}, {\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "388b9828826eb2a94a5ea87a",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": false}]}, 0, false]": "1b5744d4286907552985183e",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "de1926b44f0d00dd335454b2",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"pair\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "a9244eac049ec8ee3331ffc1",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "caaa7d254a415e9fd15e64a3",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "dc38d26a6771b293dc3582d8",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}, {\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "b6b89cdcd0adb5155fd9ba93",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}, {\"beats\": \"flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "3cfd5c29ad9fd4bb6a5e7581",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"place\": \"tops\", \"ranks\": [3, 3, 3], \"suited\": null}]}, 0, false]": "e0d4d1f39fe37c3760a4bb99",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"ante_back\": true, \"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": false}]}, 0, false]": "1b5744d4286907552985183e",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"ante_back\": true, \"ranks\": [2, 3, 5], \"suited\": false}]}, 0, false]": "e0d4d1f39fe37c3760a4bb99",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [\"A\", 2, 3], \"suited\": false}, {\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "1ae0ec05c3373eab2108c9d5",
    "[{\"lowball\": true, \"special_hands\": [{\"beats\": \"prial\", \"ranks\": [2, 3, 5], \"suited\": false}], \"suits_break_ties\": true}, 0, false]": "5f85a7d1699f1c69f5a66612",
    "[{\"suits_break_ties\": true}, 0, false]": "2c6e9df26c994eccf42c38db",
    "[{\"suit_order\": [\"clubs\", \"diamonds\", \"hearts\", \"spades\"], \"suits_before_kickers\": true, \"suits_break_ties\": true}, 0, false]": "3894ad55f264278f0c5502ac",
    "[{\"lowball\": true, \"run_order\": \"akq_a23\", \"suits_before_kickers\": true, \"suits_break_ties\": true}, 1, false]": "61e9202b6324d6a9299025f8",
    "[{\"lowball\": true, \"prial_order\": \"ace_high\"}, 0, false]": "5e0fc9274d4d59e645184132",
    "[{\"lowball\": true, \"wild\": {\"ranks\": [\"2\"]}}, 0, false]": "a1e952133b018ccb1cb448f0",
    "[{\"category_order\": [\"prial\", \"running_flush\", \"flush\", \"run\", \"pair\", \"high_card\"], \"wild\": {\"ranks\": [\"2\"]}}, 2, false]": "f2e9ed2eec01b2c1ebbc2d1e",
    "[{\"suits_break_ties\": true, \"wild\": {\"cards\": [\"Jc\", \"Jd\", \"9d\"], \"cards_ranked\": true, \"natural_beats_wild\": [\"prial\", \"pair\"]}}, 0, false]": "4bf0a8eb000d296bce1537bb",
    "[{\"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}], \"wild\": {\"natural_beats_wild\": false, \"ranks\": [\"2\"]}}, 0, false]": "90fd09b1e0d0d4ed0fa79480",
    "[{}, 0, true]": "1569b80f6bef9e2a4dfe4664",
    "[{\"run_order\": \"akq_a23\", \"suits_break_ties\": true}, 0, true]": "246860f93e3fe290c5d1626c",
    "[{\"points\": {\"read\": \"digits\", \"values\": {\"10\": 0, \"A\": 1, \"J\": 0, \"K\": 0, \"Q\": 0}}}, 0, false]": "d8296a6c67fff3407449d66b",
    "[{\"points\": {\"read\": \"sum\"}, \"suits_break_ties\": true}, 1, false]": "daa2f89b5a7a1cf06b6e152a",
    "[{\"points\": {\"one_suit\": true, \"read\": \"sum\", \"three_of_a_kind\": \"61/2\"}}, 0, false]": "a37fa34b90c831f4372ce5be",
    "[{\"special_hands\": [{\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}, {\"beats\": \"running_flush\", \"place\": \"tops\", \"ranks\": [3, 4, 6], \"suited\": true}]}, 0, false]": "eb65c28eaec9667f5c3d49b3",
    "[{\"category_order\": [\"prial\", \"pair\", \"high_card\"], \"special_hands\": [{\"beats\": \"pair\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": null}]}, 0, false]": "4445110668fbc6473cc17466",
    "[{\"special_hands\": [{\"beats\": \"pair\", \"place\": \"tops\", \"ranks\": [2, 3, 5], \"suited\": true}]}, 0, false]": "fdd943712e14e1ee0e922e11",
    "[{\"special_hands\": [{\"beats\": \"flush\", \"place\": \"tops\", \"ranks\": [\"A\", 2, 3], \"suited\": null}]}, 0, false]": "fff08fb8542051c75029265e",
    "four-card keys": "a408da5e07212c59cc17d253",
}
"""Each case's fingerprint as the compiler before hand patterns gave it (by the shipped profile
playing the ranking, or by the settings, jokers and ``open_wild``)."""

FINGERPRINTS.update({
    "555": "91f8d2b11fee803fc9b31c61",
    "999": "20ac118ba3ba6f452517ef81",
    "best-of-four": "c0b8cd1164439faa74e87885",
    "closest-to-555": "7f0c89417c070b2c6f3835ca",
    "high-low": "bd81f1b87fd5a197db4e8ec1",
    "royal-flush": "b5690973c28a65c225195963",
    "zha-jin-hua-house": "c7ac6dee5c0f8cb39fc18ed8",
    "three-card-casino": "021e84ae00c05e4de82da0c2",
})
"""The ranking variants shipped since, each as first shipped (Best of Four plays Teen Patti's)."""

HASHES: Dict[str, str] = {
    "ak47": "527ee27c8d50092c66af2f1075b5119a6a8220b0f2dca195fa31cadb3fc68bb3",
    "bastard-brag": "a7309575368d49c03bb3fac7308f50af75769237f66bc0d12576800a4e4ebf5a",
    "bust-card": "679f6c81e8db8a6e98c9dc8b0bf03d3678c6aef81afe45169d31e01307b2a0b8",
    "casual": "358ce58ad379f0d5b21373ccf58833ec47eccf6216e7e62a472623fa368eef7b",
    "classic": "09c1928bd85288a76cfaaf64f7849d5337741ebe359f5fce19b12d11a20c0342",
    "crash": "1d912a367e853b689be49f4e2be2cb13c7fc4679f3f1119c20139cd5cf88dad5",
    "crash-13": "64d0d4dccde4a5f062968fc396637d2dd8ee7c5d610569d7388af1f7eef1f195",
    "faceup": "28a5395f535137a88947d69b27ed83ea2ef4b26edca25938100f0a9bad966fe7",
    "four-card": "5d354845b5b7c5bad0ed5a01203416af01673d687bdd8634928b8523d722bb8e",
    "four-card-discard": "f7c4f9aa523e0a03453b87deec12e9a82e5ef426ee97c393b960d4473d9ae387",
    "heads-up": "9f2fd316f4297632b313a303657bf61ec9297ee47d7b96274688e97952e0d619",
    "heads-up-teen-patti": "3ce532e193f79c4656b2ccb8b253214c412983365b00e588c67620f1f5832db4",
    "house": "e0b9bf73b5dd5b8e90e527886f9076c32a35ab66860d540e5416ff6df74cb7eb",
    "hukam": "944c4a413a85621e9e540ac271290672b5831e07fee1d3615f963eff20be55ac",
    "hoyle": "7d470ed6e2331b952b087bb89831d8013d6506ff9bd668ebb85975d2e6f6624b",
    "joker": "7d9761f4b8f830e07e15854f7c35753deaa9788256ed3adeb0f2765c7236ac84",
    "kissing-missing": "0e62acb508127904263d5a6cea3fd19062d5cc3152d4ed7575a68abb83f951de",
    "kissing-missing-discard": "ce39c4901aca10930139711c4049435dd874c7ba5506adb322513345c9b11a63",
    "muflis": "2d3763f33da9316b06a9d249cdfd810c918b6a55a138f6391dcedd00bca6ee6c",
    "nine-card": "bd7d04c37dfc116dce686fe88b9db24d487f99f35949579db51d96eafa5c8f36",
    "nine-card-pots": "e9b9988854f1e6e34a555c323b7605cd1f9594ccffa7e12806541d25b395d92b",
    "seen-only": "77634f4f84675ac3ac53dafede52b85f65e3f265e6746d779c74c77e5e4b66f2",
    "seven-card": "7db2c33cc9154add6acb734097cdf8e3dd1e3c59e5d51586b9f08a2e8d732071",
    "single-stake": "b4faa0be882b3315a774e2f722ffdd32322fd4338fc15cb986593309ff6c470b",
    "standard": "1fe9fa69d06ba6d7bc916054d9ec890f83d6f2f41d4f9fb65b31db3d16c4ea27",
    "stud": "dbe891579497b28262c187864ff4cd415316fcfd3f250aaacc1faad8c1418ef0",
    "stop-the-bus": "6bbbe0f241a29ec0cab8b275f1092f00a4c7185d428e9aba088f7070da805549",
    "stop-the-bus-31": "3014e68a3c87a53d47ea7d79988e6be56d829db3b8bb07e89393ce2a1de30889",
    "stop-the-bus-draw": "4396f6dcc95d16fada40612dddaab6af3c27f2db26bff0521091095f2b5265e5",
    "stop-the-bus-money": "188d22547f68b3f17ef8429ff097d45bdf282285b9fb5578602c05f3d2e244f6",
    "teen-patti": "2cad8e13ee26c9bf03ac2d5ff4922fd7c7fabe68952a0ead9d0a9fff0775e65c",
    "thirteen-card": "fbab72fc5f48725a75a265db3b25d16bcfd6f80dece5d4d2448af9884d03d9cd",
    "thirteen-card-brag": "8c4fc4cfb93a7e742a43ab73e98a1eb224f17a1da3377a02c3d4679af618859d",
    "three-stake": "e3ac9e748d644c97c2c8baf72fe0c639f6f9b573981b3393c8f0e2f55b5b8173",
    "traditional": "8093a6d242b67273e60b67ce654ab628c9d0f1ee55548d07558c4b889689ec1d",
    "zha-jin-hua": "401a2a46ba1b721f7434c71a631281e96fc8b854647af618ed9f78d6b1a7a739",
}
"""Every shipped profile's hash before ``ranking.categories`` existed (``faceup`` and ``stud``, shipped since,
as they were first shipped)."""

HASHES.update({
    "555": "954d81c29919a87641ce126a3a3a7cfd90132172385c53ac7dadf66cf4598ace",
    "999": "4a87e68bcd715bfcb42ff2b5208e9e1067b14d087b721eada5dbadea766ea113",
    "best-of-four": "7cfc794357883cff167a84798c65c0e9f56c6c0efcd96744308018f8e51b029b",
    "closest-to-555": "22f5ea2d77c042d2ce9e4fac96f2b72c6b6beb9d626c17b82bdf49cb09cc06f7",
    "high-low": "9fb8c71d3dea710785930c4b4cf589bfebc4f3d9a309ec00fe381e78dda989dc",
    "royal-flush": "cf3d07de84de0aa1f2d93a90e34892416cf5a820fbbfc49910370071b6cb1e3a",
    "zha-jin-hua-house": "fcd0a554a89d700a09082d2dd7d4d920b27c97633bd61b32d482f3b80b3a9fae",
    "banco": "813ee75df2ce769702e15103b0e63d64c439180fda3db6e6044fd65abc44a502",
    "three-card-casino": "b4bc5cd05a3f0f4a15862a9240dcfc131af889fe353fed9e155d7e4e0860d9d5",  # its Pair Plus chosen since
    "banco-carried": "d7974635be3fb5c7dd59240492bd2e85628b43c2d196f37f735277c5fbfc3952",
})
"""The ranking variants shipped since, each as it was first shipped."""


def _written(ranking: Ranking) -> Ranking:
    """The ranking with its named fields written out as the list they stand for."""
    data = ranking.model_dump(mode="json")
    for name in ("category_order", "prial_order", "run_order", "suits_before_kickers"):
        data[name] = Ranking.model_fields[name].get_default(call_default_factory=True)
    data["special_hands"] = [{**s, "beats": None, "place": "beats_only"}
                             for s in data["special_hands"] if s["ante_back"]]
    data["categories"] = [c.model_dump(mode="json") for c in expand(ranking)]
    return Ranking.model_validate(data)


def _played_by(names: List[str]) -> str:
    """The profile a ranking is checked under, by name: one the README's command walks when one plays it
    (tests/conftest.py, ``EVERY_RUN_PROFILES``; the others' rankings are checked with ``-m heavy``)."""
    return next((name for name in names if name in EVERY_RUN_PROFILES), names[0])


BY_PROFILE = {_played_by(names): key for key, (_, _, names) in SHIPPED.items()}


@pytest.mark.parametrize("name", list(BY_PROFILE))
def test_shipped_rankings_compile_to_the_same_tables(name: str) -> None:
    """Each ranking the shipped profiles play, for every profile playing it (named by one of them)."""
    ranking, (jokers, stripped), names = SHIPPED[BY_PROFILE[name]]
    expected = fingerprint(HandRanker(ranking, jokers, stripped=stripped))
    assert [FINGERPRINTS.get(name, expected) for name in names] == [expected] * len(names)
    if ranking.points.read is None:
        written = _written(ranking)
        # a list written over named fields left at their defaults (three-card-casino) writes out as itself
        assert written.categories and (written != ranking or bool(ranking.categories))
        assert fingerprint(HandRanker(written, jokers, stripped=stripped)) == expected


@pytest.mark.parametrize("settings, jokers, open_wild", OTHERS, ids=[json.dumps(o[0])[:80] for o in OTHERS])
def test_every_named_field_compiles_to_the_same_tables(settings: Dict[str, Any], jokers: int, open_wild: bool) -> None:
    ranking = Ranking.model_validate(settings)
    expected = FINGERPRINTS[json.dumps([settings, jokers, open_wild], sort_keys=True)]
    assert fingerprint(HandRanker(ranking, jokers, open_wild), 17) == expected
    if ranking.points.read is None:
        assert fingerprint(HandRanker(_written(ranking), jokers, open_wild), 17) == expected


def test_four_card_profiles_keep_their_best_three_keys() -> None:
    """Four-Card Brag plays the best three of four: every four-card hand's key is as it was."""
    profiles = [load_profile(name) for name in ("four-card", "four-card-discard")]
    assert all(p.format.cards_dealt == 4 for p in profiles)
    ranking = profiles[0].ranking
    assert all(p.ranking == ranking == Ranking() for p in profiles)
    ranker = HandRanker(ranking)
    hands = list(itertools.combinations(range(52), 4))
    assert len(hands) == 270_725
    digest = hashlib.sha256()
    for hand in hands:
        digest.update(repr((ranker.four_card_key(list(hand)), ranker.best_strength(hand))).encode())
    assert digest.hexdigest()[:24] == FINGERPRINTS["four-card keys"]


def test_shipped_profiles_hash_as_before() -> None:
    """``ranking.categories`` left empty is left out of a profile's hash: the logs recorded before it
    existed still audit. Every profile shipped then is still shipped and hashes as it did (a profile
    shipped since has no earlier hash to keep)."""
    assert set(HASHES) <= set(builtin_names())
    assert {name: profile_hash(load_profile(name)) for name in HASHES} == HASHES


def test_a_changed_table_changes_the_fingerprint() -> None:
    """The fingerprint has teeth: one hand's strength changed, it no longer matches."""
    ranker = HandRanker(Ranking())
    before = fingerprint(ranker, 97)
    ranker.table = list(ranker.table)
    a, b, c = ranker.all_hands()[5]
    ranker.table[a * 2916 + b * 54 + c] += 1
    assert fingerprint(ranker, 97) != before
