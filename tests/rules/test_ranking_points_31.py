"""31 as the Stop the Bus pages score it (X18): one suit counts, A 11, pictures 10, three of a kind 30 or 30½.

Checked against a brute force over every three-card hand of the pack, and at the table with
the shipped ``stop-the-bus-31`` profile.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional, Sequence

import pytest

from bragrules.core.cards import parse_cards
from bragrules.profile import load_profile
from bragrules.profile.models import Profile, Ranking
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import HandRanker, compile_ranking

from ..helpers import deal_with, play


def thirty_one(prial: Optional[str]) -> HandRanker:
    points = {"read": "sum", "one_suit": True, **({"three_of_a_kind": prial} if prial else {})}
    return compile_ranking(Ranking.model_validate({"points": points}))


def card_points(card: int) -> int:
    rank = card >> 2
    return 11 if rank == 12 else min(rank + 2, 10)


def brute(hand: Sequence[int], prial: Optional[Fraction]) -> Fraction:
    """The pages' count, written plainly: the best suit's total, or three of a kind's value."""
    best = Fraction(max(sum(card_points(c) for c in hand if c & 3 == suit) for suit in range(4)))
    if prial is not None and len({c >> 2 for c in hand}) == 1:
        best = max(best, prial)
    return best


@pytest.mark.parametrize("prial", ["30", "61/2"])
def test_every_hand_ordered_as_the_pages_count(prial: str) -> None:
    """unoonline.co/stop-the-bus: "as close to 31 points - in a single suit - as possible ... You can also
    get 30 points for three of a kind! Aces are awarded 11 points, while picture cards (J Q K) are for 10
    points." ronveenstra.com ("Riding the Bus"): "If you have three of a kind (e.g. three 4's) that is
    automatically worth 30.5 points". Every one of the 22100 hands, against the plain count."""
    r = thirty_one(prial)
    value = Fraction(prial)
    hands = list(r.all_hands())
    assert len(hands) == 22100
    ordered = sorted((brute(h, value), r.strength(h)) for h in hands)
    for (k1, s1), (k2, s2) in zip(ordered, ordered[1:]):
        assert (s1 == s2) if k1 == k2 else (s1 < s2), (k1, k2)
    distinct = {brute(h, value) for h in hands}
    assert r.distinct_strengths() == len(distinct)


def test_three_of_a_kind_places() -> None:
    """30: three of a kind ties a suited 30 and loses to 31; 30½ beats every 30 and still loses to 31."""
    r30, r305, plain = thirty_one("30"), thirty_one("61/2"), thirty_one(None)
    twos, suited30, top = parse_cards("2c 2d 2h"), parse_cards("Kh Qh Jh"), parse_cards("Ah Kh Qh")
    assert r30.strength(twos) == r30.strength(suited30) < r30.strength(top)
    assert r305.strength(suited30) < r305.strength(twos) < r305.strength(top)
    assert plain.strength(twos) < plain.strength(parse_cards("5h 4h 3c"))  # 2 points against 9
    assert r30.describe(twos) == "30 points" and r305.describe(twos) == "30½ points"


@pytest.mark.parametrize("bad", [{"read": "sum", "three_of_a_kind": 30},
                                 {"read": "digits", "one_suit": True, "three_of_a_kind": 30,
                                  "values": {"A": 1, "K": 0, "Q": 0, "J": 0, "10": 0}},
                                 {"read": "sum", "one_suit": True, "three_of_a_kind": "30/7"}])
def test_three_of_a_kind_needs_31(bad: dict) -> None:
    with pytest.raises(ValueError, match="three_of_a_kind"):
        Ranking.model_validate({"points": bad})


def test_profile_at_the_table() -> None:
    """papasgaming.com/?p=593: "build the strongest suit total you can, aiming for 31 points ... At the
    reveal, the lowest scorer loses a life." A has 2-2-2 (30), B the A♠ K♠ 5♦ (21), C 9♣ 9♦ 4♥ (9):
    C loses a life; unoonline.co: "If there is a tie for last place, no one loses a token." The exchange is
    stop-the-bus's: A takes the 2♠ for the 2♥ before knocking, and every last turn takes a card too."""
    profile = load_profile("stop-the-bus-31")
    rules = compile_rules(profile)
    deal = deal_with(rules, {"A": "2c 2d 2h", "B": "As Ks 5d", "C": "9c 9d 4h"}, centre=parse_cards("3s 7d 2s"))
    deal = play(deal, ["A swap 2h 2s", "A knock", "B swap 5d 3s", "C swap 4h 7d"])  # B 24 in spades, C 16
    assert deal.result is not None and deal.result.lives_lost == ["C"]
    tied = deal_with(rules, {"A": "2c 2d 2h", "B": "9s 9d 4h", "C": "9c 9h 4s"}, centre=parse_cards("3s 7d 2s"))
    tied = play(tied, ["A swap 2h 2s", "A knock", "B swap 4h 2h", "C swap 9c 3s"])  # B and C 9 each
    assert tied.result is not None and tied.result.lives_lost == []


def test_unused_keeps_the_hash() -> None:
    """A profile that leaves ``three_of_a_kind`` unset hashes as before (a later field)."""
    from bragrules.profile.loader import profile_hash
    assert profile_hash(Profile()) == profile_hash(Profile.model_validate({"ranking": {"points": {}}}))


def test_points_nearest_a_target() -> None:
    """999's pages: "The aim if this variation is to get as close to the number 9-9-9 as possible" and "you
    are allowed to change the order of your cards" (teenpatticlub.app); with another count named, the
    cards are arranged nearest it (``ranking.points.target``), from either side or one (``side``)."""
    digits = {"A": 1, "K": 0, "Q": 0, "J": 0, "10": 0}
    near = compile_ranking(Ranking.model_validate({"points": {"read": "digits", "values": digits, "target": 555}}))
    assert near.strength("5c 5d 5h") > near.strength("9c 9d 9h")
    assert near.strength("5c 5d 4h") == near.strength("5c 5d 6h")  # 554 and 556: equally near
    assert near.describe("9c 7d Ah") == "719 (7-A-9)"  # arranged nearest 555, not highest (971)
    below = compile_ranking(Ranking.model_validate(
        {"points": {"read": "digits", "values": digits, "target": 555, "side": "below"}}))
    assert below.strength("5c 5d 4h") > below.strength("5c 5d 6h") > below.strength("9c 9d 9h")
    assert below.strength("2c 2d 2h") > below.strength("5c 5d 6h")  # 222 is not over: it beats 556
    highest = compile_ranking(Ranking.model_validate({"points": {"read": "digits", "values": digits}}))
    assert highest.strength("9c 9d 9h") > highest.strength("5c 5d 5h")
    total = compile_ranking(Ranking.model_validate({"points": {"read": "sum", "target": 21, "side": "below"}}))
    assert total.strength("10c 5d 6h") > total.strength("Kc Qd 2h")  # 21 beats 22, bust
    for bad in ({"read": None, "target": 5}, {"read": "sum", "one_suit": True, "target": 31},
                {"read": "sum", "side": "below"}):
        with pytest.raises(ValueError):
            Ranking.model_validate({"points": bad})
