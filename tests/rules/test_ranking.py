"""Hand ranking (rules catalogue section 2): every dimension of the Ranking spec.

The compiled tables are checked three ways: the exact facts of the
catalogue, hand-picked comparisons from the seeds, and a plain reference
implementation (ordinary tuples, brute force over what a wild card could
be) that must order every hand the same way.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Callable, Dict, Iterable, List, Sequence, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.core.cards import CARDS, parse_card, parse_cards
from bragrules.profile.models import Category, Ranking, Wild
from bragrules.rules.ranking import (
    CATEGORIES,
    STRIDE,
    STRIDE2,
    Evaluation,
    HandRanker,
    clear_cache,
    compile_ranking,
)

from ..conftest import scaled

STANDARD = Ranking()
RANKS = "23456789TJQKA"
SUIT_INDEX = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}


def s(r: HandRanker, text: str) -> int:
    return r.strength(parse_cards(text))


def prial(rank: str) -> str:
    return f"{rank}c {rank}d {rank}h"


def run_mixed(ranks: str) -> str:
    a, b, c = ranks[0], ranks[1], ranks[2]
    return f"{a}c {b}d {c}h"


def run_suited(ranks: str) -> str:
    a, b, c = ranks[0], ranks[1], ranks[2]
    return f"{a}s {b}s {c}s"


def strictly_descending(r: HandRanker, hands: Sequence[str]) -> bool:
    values = [s(r, h) for h in hands]
    return all(x > y for x, y in zip(values, values[1:]))


@pytest.fixture(scope="module")
def std() -> HandRanker:
    return compile_ranking(STANDARD)


# ---------------------------------------------------------------------------
# A reference implementation, written independently of the tables
# ---------------------------------------------------------------------------


def ref_value(cards: Sequence[int], spec: Ranking) -> Tuple[object, ...]:
    """A comparable key for three concrete cards (0..51, repeats allowed)."""
    rs = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(rs)
    same_suit = len({c & 3 for c in cards}) == 1
    distinct = len(counts) == 3
    is_run = distinct and (rs[0] - rs[2] == 2 or rs == [12, 1, 0])
    is_flush = same_suit and distinct
    qualifies = {
        "prial": len(counts) == 1,
        "running_flush": is_run and is_flush,
        "run": is_run,
        "flush": is_flush,
        "pair": len(counts) == 2,
        "high_card": True,
    }
    order = list(spec.category_order)
    cat = next(c for c in order if qualifies[c])
    level = len(order) - order.index(cat)
    tiebreak: Tuple[int, ...]
    if cat == "prial":
        top = 13 if (rs[0] == 1 and spec.prial_order == "threes_high") else rs[0]
        tiebreak = (top,)
    elif cat in ("run", "running_flush"):
        if rs == [12, 1, 0]:
            tiebreak = (13,) if spec.run_order == "a23_high" else (-1,)
        else:
            tiebreak = (rs[0],)
    elif cat == "pair":
        pair_rank = rs[1]
        kicker = next(r for r in rs if r != pair_rank)
        tiebreak = (pair_rank, kicker)
    else:
        tiebreak = tuple(rs)
    suits: Tuple[int, ...] = ()
    if spec.suit_order and spec.suits_break_ties:
        value = {SUIT_INDEX[name]: 3 - i for i, name in enumerate(spec.suit_order)}
        if cat == "pair":
            ordered = sorted(cards, key=lambda c: ((c >> 2) == rs[1], c >> 2, value[c & 3]), reverse=True)
        else:
            ordered = sorted(cards, key=lambda c: (c >> 2, value[c & 3]), reverse=True)
        suits = tuple(value[c & 3] for c in ordered)
    return (level, tiebreak, suits)


def ref_wild(cards: Sequence[int], spec: Ranking, wild: Iterable[int]) -> Tuple[object, ...]:
    """The best reading of a hand, by brute force over what each wild card could be: any card
    not already in the hand, two wild cards never standing for the same card.

    With natural_beats_wild a reading's value is (rank, natural, suits): the
    reading where every wild card stands for itself outranks other readings
    of equal rank. Without it a reading is worth (rank, suits) and a hand is
    natural only when its face value is the best outright.
    """
    wild = set(wild)
    slots = [[c] if c not in wild else list(range(52)) for c in cards]
    nbw = spec.wild.natural_beats_wild and bool(wild)
    best: Tuple[object, ...] = ()
    for choice in itertools.product(*slots):
        if len(set(choice)) < 3:
            continue  # a wild card stands for a card not already in the hand
        level, tiebreak, suits = ref_value(choice, spec)
        if nbw:
            value: Tuple[object, ...] = (level, tiebreak, list(choice) == list(cards), suits)
        else:
            value = (level, tiebreak, suits)
        best = max(best, value) if best else value
    return best


def assert_same_order(r: HandRanker, hands: Iterable[Sequence[int]], key: Callable[[Sequence[int]], object]) -> None:
    """The table orders the hands exactly as the reference key does (ties included)."""
    pairs = sorted((key(h), r.strength(h), tuple(h)) for h in hands)
    for (k1, s1, h1), (k2, s2, h2) in zip(pairs, pairs[1:]):
        if k1 == k2:
            assert s1 == s2, (h1, h2)
        else:
            assert s1 < s2, (h1, h2, k1, k2)


SPECS: Dict[str, Ranking] = {
    "standard": STANDARD,
    "akq_high": Ranking(run_order="akq_high"),
    "ace_high": Ranking(prial_order="ace_high"),
    "flush_over_run": Ranking(
        category_order=["prial", "running_flush", "flush", "run", "pair", "high_card"]
    ),
    "prials_and_pairs": Ranking(category_order=["prial", "pair", "high_card"]),
    "no_running_flush": Ranking(category_order=["prial", "run", "flush", "pair", "high_card"]),
    "suits": Ranking(suits_break_ties=True),
    "suits_clubs_high": Ranking(
        suits_break_ties=True, suit_order=["clubs", "diamonds", "hearts", "spades"]
    ),
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_hand_ordered_as_the_reference(name: str) -> None:
    spec = SPECS[name]
    r = compile_ranking(spec)
    assert_same_order(r, r.all_hands(), lambda h: ref_value(h, spec))


@pytest.mark.parametrize(
    "spec, jokers",
    [
        (Ranking(wild=Wild(ranks=["2"])), 1),
        (Ranking(wild=Wild(ranks=["2"], natural_beats_wild=False)), 0),
        (Ranking(wild=Wild(cards=["Jc", "9d", "Ad"])), 0),
        (Ranking(suits_break_ties=True, wild=Wild(ranks=["2"])), 0),
        (Ranking(run_order="akq_high", prial_order="ace_high"), 2),
    ],
)
def test_wild_hands_ordered_as_the_reference(spec: Ranking, jokers: int) -> None:
    r = compile_ranking(spec, jokers)
    wild = sorted(r.wild)
    plain = [c for c in range(52 + jokers) if c not in r.wild]
    rng = random.Random(2024)
    hands: List[Tuple[int, ...]] = []
    for wilds, count in ((0, 150), (1, 250), (2, 25)):
        for _ in range(count):
            hand = rng.sample(wild, wilds) + rng.sample(plain, 3 - wilds)
            rng.shuffle(hand)
            hands.append(tuple(hand))
    # a few hands that must meet natural ones exactly
    hands += [tuple(h) for h in r.all_hands() if sum(c in r.wild for c in h) == 0][:: 97]
    assert_same_order(r, set(hands), lambda h: ref_wild(h, spec, r.wild))


# ---------------------------------------------------------------------------
# The catalogue's exact facts
# ---------------------------------------------------------------------------


def test_standard_counts(std: HandRanker) -> None:
    assert std.counts() == {
        "prial": 52,
        "running_flush": 48,
        "run": 720,
        "flush": 1096,
        "pair": 3744,
        "high_card": 16440,
    }
    assert sum(std.counts().values()) == 22100
    assert std.distinct_strengths() == 741
    hands = std.all_hands()
    assert len(hands) == len(set(hands)) == 22100
    assert all(a < b < c < 52 for a, b, c in hands)
    assert {std.strength(h) for h in hands} == set(range(741))
    assert std.category_order == CATEGORIES


def test_categories_are_contiguous_blocks(std: HandRanker) -> None:
    cats = [std.category(v) for v in range(std.distinct_strengths())]
    blocks = [k for k, _ in itertools.groupby(cats)]
    assert tuple(reversed(blocks)) == CATEGORIES


def test_prial_order_threes_high(std: HandRanker) -> None:
    order = ["3", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "2"]
    assert strictly_descending(std, [prial(r) for r in order])


def test_run_order_a23_high(std: HandRanker) -> None:
    runs = ["A23", "AKQ", "KQJ", "QJT", "JT9", "T98", "987", "876", "765", "654", "543", "432"]
    assert strictly_descending(std, [run_mixed(r) for r in runs])
    assert strictly_descending(std, [run_suited(r) for r in runs])
    for text in [run_mixed(r) for r in runs]:
        assert std.category(s(std, text)) == "run"
    for text in [run_suited(r) for r in runs]:
        assert std.category(s(std, text)) == "running_flush"


def test_k_a_2_is_never_a_run(std: HandRanker) -> None:
    assert std.category(s(std, "Kc Ad 2h")) == "high_card"
    assert std.category(s(std, "Ks As 2s")) == "flush"
    # ace high: it beats A-Q-J, loses to A-K-3
    assert s(std, "Ah Qd Jc") < s(std, "Kc Ad 2h") < s(std, "Ac Kd 3h")
    assert s(std, "Kc Ad 2h") < s(std, "2c 3d 4h")


def test_category_boundaries(std: HandRanker) -> None:
    by_cat: Dict[str, List[int]] = {}
    for h in std.all_hands():
        v = std.strength(h)
        by_cat.setdefault(std.category(v), []).append(v)
    for higher, lower in zip(CATEGORIES, CATEGORIES[1:]):
        assert min(by_cat[higher]) > max(by_cat[lower]), (higher, lower)
    # prial beats running flush: 2-2-2 beats A-2-3 suited
    assert s(std, prial("2")) > s(std, "As 2s 3s")
    # any run beats any flush: mixed 2-3-4 beats the A-K-J flush
    assert s(std, "2c 3d 4h") > s(std, "Ah Kh Jh")


def test_the_worked_pot_of_002(std: HandRanker) -> None:
    flush, run = parse_cards("K♣ 9♣ 4♣"), parse_cards("5♠ 6♥ 7♦")
    assert std.strength(run) > std.strength(flush)
    assert std.describe(flush) == "flush, K-9-4"
    assert std.describe(run) == "run, 7-6-5"


def test_pairs(std: HandRanker) -> None:
    assert s(std, "7c 7d Kh") > s(std, "7h 7s Qd")
    assert s(std, "8c 8d 2h") > s(std, "7h 7s Ad")
    assert s(std, "7c 7d Kh") == s(std, "7h 7s Kd")
    assert s(std, "2c 2d 3h") > s(std, "Ah Kh Jc")  # a pair beats any high card


def test_high_card_card_by_card(std: HandRanker) -> None:
    assert strictly_descending(std, ["Ac Kd 9h", "Ac Kd 8h", "Ac Qd Jh", "Kc Qd 9h", "7c 5d 4h"])
    assert strictly_descending(std, ["Ac Kc 9c", "Ah Kh 8h", "Ad Qd Jd"])  # flushes likewise


def test_suits_never_break_ties_by_default(std: HandRanker) -> None:
    assert s(std, "Ah Kd 9c") == s(std, "As Ks 9h") == s(std, "Ac Kc 9d")
    assert s(std, "Kc 9c 4c") == s(std, "Ks 9s 4s")
    assert s(std, "3c 3d 3h") == s(std, "3s 3h 3d")


# ---------------------------------------------------------------------------
# The other values of each dimension
# ---------------------------------------------------------------------------


def test_akq_high() -> None:
    r = compile_ranking(Ranking(run_order="akq_high"))
    runs = ["AKQ", "KQJ", "QJT", "JT9", "T98", "987", "876", "765", "654", "543", "432", "A23"]
    assert strictly_descending(r, [run_mixed(x) for x in runs])
    assert strictly_descending(r, [run_suited(x) for x in runs])
    assert r.category(s(r, "Ac 2d 3h")) == "run"
    assert s(r, "Ac 2d 3h") > s(r, "Ah Kh Jh")  # still a run, above every flush
    assert r.counts() == compile_ranking(STANDARD).counts()


def test_ace_high_prials() -> None:
    r = compile_ranking(Ranking(prial_order="ace_high"))
    assert strictly_descending(r, [prial(x) for x in "AKQJT98765432"])


def test_flush_above_run() -> None:
    order: List[Category] = ["prial", "running_flush", "flush", "run", "pair", "high_card"]
    r = compile_ranking(Ranking(category_order=order))
    assert s(r, "Ah Kh Jh") > s(r, "2c 3d 4h")
    assert s(r, "2h 4h 6h") > s(r, "Ac 2d 3h")
    assert r.category_order == tuple(order)
    assert r.counts() == compile_ranking(STANDARD).counts()
    assert r.distinct_strengths() == 741


def test_only_prials_and_pairs_count() -> None:
    r = compile_ranking(Ranking(category_order=["prial", "pair", "high_card"]))
    assert r.category(s(r, "5c 6d 7h")) == "high_card"
    assert r.category(s(r, "5h 6h 7h")) == "high_card"
    assert r.category(s(r, "Kh 9h 4h")) == "high_card"
    # compared card by card: 8-3-2 beats the 7-6-5 that is no longer a run
    assert s(r, "8c 3d 2h") > s(r, "5c 6d 7h")
    # suits do not matter: the suited 7-6-5 ties the mixed one
    assert s(r, "5h 6h 7h") == s(r, "5c 6d 7h")
    assert s(r, "Ac 2d 3h") < s(r, "Ac 4d 2h")
    assert r.describe("5c 6d 7h") == "high card, 7-6-5"
    assert r.counts() == {
        "prial": 52,
        "pair": 3744,
        "high_card": 22100 - 52 - 3744,
        "running_flush": 0,
        "run": 0,
        "flush": 0,
    }
    assert r.distinct_strengths() == 13 + 13 * 12 + 286


def test_running_flush_left_out_ranks_as_a_run() -> None:
    r = compile_ranking(Ranking(category_order=["prial", "run", "flush", "pair", "high_card"]))
    assert r.category(s(r, "5h 6h 7h")) == "run"
    assert s(r, "5h 6h 7h") == s(r, "5c 6d 7h")
    assert r.counts()["run"] == 768 and r.counts()["running_flush"] == 0


def test_suits_break_ties() -> None:
    r = compile_ranking(Ranking(suits_break_ties=True))  # spades, hearts, diamonds, clubs
    assert r.distinct_strengths() == 22100  # every hand has its own strength
    assert r.counts() == compile_ranking(STANDARD).counts()
    assert s(r, "As Kd 9c") > s(r, "Ah Ks 9s")  # the aces decide
    assert s(r, "Ah Ks 9c") > s(r, "Ah Kd 9s")  # then the kings
    assert s(r, "7s 7c 2d") > s(r, "7h 7d 2s")  # pair cards first, higher suit first
    assert s(r, "7h 7d 2s") > s(r, "7h 7d 2c")  # then the kicker
    assert s(r, "7s 7h 7d") > s(r, "7s 7h 7c")
    assert s(r, "Ks Qs Js") > s(r, "Kh Qh Jh")
    # categories and ranks still come first
    assert s(r, "8c 8d 2c") > s(r, "7s 7h As")
    clubs_high = compile_ranking(
        Ranking(suits_break_ties=True, suit_order=["clubs", "diamonds", "hearts", "spades"])
    )
    assert s(clubs_high, "As Kd 9c") < s(clubs_high, "Ah Ks 9s")
    assert s(clubs_high, "Ac Kd 9h") > s(clubs_high, "Ad Kc 9h")


# ---------------------------------------------------------------------------
# Wild cards
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def twos() -> HandRanker:
    return compile_ranking(Ranking(wild=Wild(ranks=["2"])))


def test_wild_rank(twos: HandRanker) -> None:
    assert twos.wild == frozenset(parse_cards("2c 2d 2h 2s"))
    ev = twos.evaluate("2c 5h 5d")
    assert (ev.category, ev.natural) == ("prial", False)
    assert twos.describe(ev) == "prial of fives (2c as 5c)"
    # two wilds and a natural nine make nine-nine-nine, not three-three-three
    ev = twos.evaluate("2c 2d 9h")
    assert ev.category == "prial" and {c.rank for c in ev.stands_for} == {7}
    assert s(twos, "2c 2d 9h") == s(twos, "2s 2h 9c")
    assert s(twos, "2c 2d 9h") < s(twos, "9c 9d 9h")
    # three wilds make three-three-three: second only to the natural 3-3-3
    strengths = sorted({twos.strength(h) for h in twos.all_hands()}, reverse=True)
    assert s(twos, "3c 3d 3h") == strengths[0]
    assert s(twos, "2c 2d 2h") == strengths[1]
    assert twos.describe("2c 2d 2h").startswith("prial of threes")
    # a wild 2 completes the best run when it can
    assert twos.evaluate("2c Ah 3d").category == "run"
    assert twos.category(s(twos, "2c Kh Qd")) == "run"  # A-K-Q
    assert twos.evaluate("2c Kh Qd").stands_for[0].rank == 12


def test_natural_beats_wild(twos: HandRanker) -> None:
    assert s(twos, "7c 7s 7d") > s(twos, "2c 7h 7d")
    assert s(twos, "2c 7h 7d") > s(twos, "6c 6s 6d")  # a better wild hand still wins
    equal = compile_ranking(Ranking(wild=Wild(ranks=["2"], natural_beats_wild=False)))
    assert s(equal, "7c 7s 7d") == s(equal, "2c 7h 7d")
    assert equal.evaluate("7c 7s 7d").natural and not equal.evaluate("2c 7h 7d").natural


def test_wild_card_at_face_value_is_natural(twos: HandRanker) -> None:
    # A-2-3 of clubs is already the best running flush: the 2 plays as itself
    ev = twos.evaluate("2c Ac 3c")
    assert ev.natural and ev.category == "running_flush"
    assert ev.stands_for == ev.played == tuple(parse_cards("Ac 2c 3c"))
    assert twos.describe(ev) == "running flush, A-2-3"
    # the 2 of diamonds must stand for the 2 of clubs: made with a wild card
    assert not twos.evaluate("2d Ac 3c").natural
    assert s(twos, "2c Ac 3c") > s(twos, "2d Ac 3c")
    # a 2 that could play as itself but does better as another card is wild
    assert not twos.evaluate("2c 3d 4h").natural  # plays as 3-4-5


def test_natural_beats_wild_before_suits() -> None:
    r = compile_ranking(Ranking(suits_break_ties=True, wild=Wild(ranks=["2"])))
    # a wild 2 stands for the ace of diamonds (never a second ace of spades), and the natural prial wins
    assert s(r, "As Ah Ad") > s(r, "2c As Ah")
    assert not r.evaluate("2c As Ah").natural
    # among wild hands of equal rank, the suits of what the wild cards stand for decide
    assert s(r, "2c As Ah") > s(r, "2c Ad Ac")  # As Ah Ad against As Ad Ac
    assert s(r, "2c As Ah") == s(r, "2c Ah Ad")  # both read As Ah Ad
    # A-2-3 with the 2 at face value is natural, and plays at its own suits
    ev = r.evaluate("2d Ah 3s")
    assert ev.natural and ev.stands_for == ev.played
    assert s(r, "2d Ah 3s") > s(r, "2c Ah 3s")
    # without natural_beats_wild the 2 stands for the 2 of spades instead
    equal = compile_ranking(
        Ranking(suits_break_ties=True, wild=Wild(ranks=["2"], natural_beats_wild=False))
    )
    ev = equal.evaluate("2d Ah 3s")
    assert not ev.natural and str(ev.stands_for[1]) == "2s"
    assert s(equal, "2d Ah 3s") == s(equal, "2c Ah 3s")


def test_named_wild_cards() -> None:
    r = compile_ranking(Ranking(wild=Wild(cards=["Jc", "9d", "Ad"])))
    assert r.wild == frozenset(parse_cards("Jc 9d Ad"))
    assert r.category(s(r, "Jc Ks Kh")) == "prial"
    assert r.category(s(r, "Jd Ks Kh")) == "pair"
    assert r.category(s(r, "9d Ad 5h")) == "prial"
    assert r.category(s(r, "Jc 9d Ad")) == "prial"


def test_jokers() -> None:
    r = compile_ranking(STANDARD, jokers=2)
    jk, jk2 = CARDS[52], CARDS[53]
    assert r.wild == {52, 53}
    assert len(r.all_hands()) == 54 * 53 * 52 // 6
    assert sum(r.counts().values()) == 24804
    assert r.evaluate([jk, parse_card("5h"), parse_card("5d")]).category == "prial"
    ev = r.evaluate([jk, jk2, parse_card("9h")])
    assert ev.category == "prial" and ev.stands_for[0].rank == 7 and not ev.natural
    ev = r.evaluate([jk, parse_card("Ah"), parse_card("2c")])
    assert ev.category == "run" and r.describe(ev) == "run, A-2-3 (Jk as 3c)"
    ev = r.evaluate([jk, parse_card("Ah"), parse_card("2h")])
    assert ev.category == "running_flush" and r.describe(ev) == "running flush, A-2-3 (Jk as 3h)"
    assert r.strength([jk, parse_card("5h"), parse_card("5d")]) < s(r, "5c 5h 5d")
    one = compile_ranking(STANDARD, jokers=1)
    assert one.strength([53, 1, 2]) == -1
    with pytest.raises(ValueError, match="not in this pack"):
        one.evaluate([53, 1, 2])
    assert compile_ranking(STANDARD).strength([52, 1, 2]) == -1


def test_jokers_must_be_wild() -> None:
    with pytest.raises(ValueError, match="must be wild"):
        HandRanker(Ranking(wild=Wild(jokers=False)), jokers=1)
    named = HandRanker(Ranking(wild=Wild(jokers=False, cards=["Jk"])), jokers=1)
    assert named.wild == {52}
    assert HandRanker(Ranking(wild=Wild(jokers=False)), jokers=0).wild == frozenset()


# ---------------------------------------------------------------------------
# More than three cards
# ---------------------------------------------------------------------------


def test_best_three_of_four(std: HandRanker) -> None:
    ev = std.evaluate("7h 2c 7s Kd")
    assert ev.played == tuple(parse_cards("7s 7h Kd"))
    assert ev.discarded == tuple(parse_cards("2c"))
    assert ev.category == "pair" and ev.natural
    assert ev.strength == s(std, "7h 7s Kd") == std.best_strength(parse_cards("7h 2c 7s Kd"))
    ev = std.evaluate("Ac 2h 3d 3s")
    assert ev.category == "run" and ev.played[:2] == tuple(parse_cards("Ac 2h"))
    assert std.describe(ev) == "run, A-2-3"
    ev = std.evaluate("9c 4h Qs 7d Jc Tc")
    assert ev.category == "running_flush" and len(ev.discarded) == 3
    assert std.describe(ev) == "running flush, J-10-9"


def test_four_card_key(std: HandRanker) -> None:
    a, b = std.four_card_key("Ah Ad 9c 5s"), std.four_card_key("As Ac 9d 4h")
    assert a[0] == b[0] and a > b
    assert a == (s(std, "Ah Ad 9c"), 3)
    # four of a kind: every three is the same prial, the spare card is a seven
    assert std.four_card_key("7c 7d 7h 7s") == (s(std, "7c 7d 7h"), 5)
    # the key agrees with evaluate's choice, for four and for more cards
    rng = random.Random(5)
    for size in (4, 5):
        for _ in range(300):
            hand = rng.sample(range(52), size)
            ev = std.evaluate(hand)
            key = std.four_card_key(hand)
            assert key[0] == ev.strength
            if size == 4:
                assert key[1] == ev.discarded[0].rank
            assert sorted(ev.played + ev.discarded) == sorted(hand)


def test_four_card_key_with_a_spare_joker() -> None:
    r = compile_ranking(STANDARD, jokers=1)
    # the natural 3-3-3 beats the joker's, so the joker is the spare card
    key = r.four_card_key([CARDS[52], *parse_cards("3c 3d 3h")])
    assert key == (s(r, "3c 3d 3h"), 13)
    ev = r.evaluate([CARDS[52], *parse_cards("3c 3d 3h")])
    assert ev.discarded == (CARDS[52],) and ev.natural


def test_evaluate_refuses_bad_hands(std: HandRanker) -> None:
    with pytest.raises(ValueError, match="at least 3"):
        std.evaluate("Ac Kd")
    with pytest.raises(ValueError, match="twice"):
        std.evaluate([1, 1, 2])
    with pytest.raises(ValueError, match="not in this pack"):
        std.evaluate([52, 1, 2])
    with pytest.raises(ValueError, match="not a strength"):
        std.category(-1)
    with pytest.raises(ValueError, match="not a strength"):
        std.category(741)


# ---------------------------------------------------------------------------
# Describing hands
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, text",
    [
        ("3h 2c Ad", "run, A-2-3"),
        ("Qd Kc Ah", "run, A-K-Q"),
        ("4d 2c 3h", "run, 4-3-2"),
        ("Th Jh Qh", "running flush, Q-J-10"),
        ("Kd 7c 7h", "pair of sevens, king kicker"),
        ("3d 3c 3h", "prial of threes"),
        ("4c Kc 9c", "flush, K-9-4"),
        ("2c Ah Kd", "high card, A-K-2"),
    ],
)
def test_describe(std: HandRanker, hand: str, text: str) -> None:
    assert std.describe(hand) == text
    assert std.describe(parse_cards(hand)) == text
    assert std.describe(std.evaluate(hand)) == text


def test_played_in_display_order(std: HandRanker) -> None:
    assert std.evaluate("7c Kd 7s").played == tuple(parse_cards("7s 7c Kd"))
    assert std.evaluate("3h 2c Ad").played == tuple(parse_cards("Ad 2c 3h"))
    assert std.evaluate("4c 9c Kc").played == tuple(parse_cards("Kc 9c 4c"))


# ---------------------------------------------------------------------------
# The compiled object
# ---------------------------------------------------------------------------


def test_cache_and_table(std: HandRanker) -> None:
    assert compile_ranking(Ranking()) is std
    assert compile_ranking(Ranking(), jokers=1) is not std
    clear_cache()
    fresh = compile_ranking(Ranking())
    assert fresh is not std and fresh.table == std.table
    assert len(std.table) == STRIDE ** 3
    a, b, c = parse_cards("Kc 9c 4c")
    assert std.table[a * STRIDE2 + b * STRIDE + c] == s(std, "Kc 9c 4c")
    assert std.table[a * STRIDE2 + a * STRIDE + c] == -1


def test_plain_compile_matches_general_compile() -> None:
    plain = HandRanker(STANDARD)
    general = HandRanker(STANDARD)
    general._compile_general()
    assert general.table == plain.table
    assert general._category_of == plain._category_of


def test_evaluation_is_frozen(std: HandRanker) -> None:
    ev = std.evaluate("Ac Kd 9h")
    assert isinstance(ev, Evaluation)
    with pytest.raises(AttributeError):
        ev.strength = 0  # type: ignore[misc]


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

three_cards = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True)
spec_names = st.sampled_from(sorted(SPECS))


@given(hand=three_cards, data=st.data(), name=spec_names)
def test_order_of_cards_never_matters(hand: List[int], data: st.DataObject, name: str) -> None:
    r = compile_ranking(SPECS[name])
    shuffled = data.draw(st.permutations(hand))
    assert r.strength(hand) == r.strength(shuffled) >= 0


@given(hand=three_cards, sigma=st.permutations([0, 1, 2, 3]), name=spec_names)
def test_suits_only_matter_when_they_break_ties(hand: List[int], sigma: List[int], name: str) -> None:
    r = compile_ranking(SPECS[name])
    renamed = [(c >> 2) * 4 + sigma[c & 3] for c in hand]
    if not r.suits_break_ties:
        assert r.strength(hand) == r.strength(renamed)
    assert r.category(r.strength(hand)) == r.category(r.strength(renamed))


WILD_SPECS = [
    (Ranking(wild=Wild(ranks=["2"])), 2),
    (Ranking(wild=Wild(ranks=["2"], natural_beats_wild=False)), 1),
    (Ranking(wild=Wild(cards=["Jc", "9d", "Ad"])), 0),
    (Ranking(suits_break_ties=True), 2),
]


@settings(max_examples=scaled(2))
@given(data=st.data(), which=st.integers(0, len(WILD_SPECS) - 1), size=st.integers(3, 5))
def test_a_wild_card_never_hurts(data: st.DataObject, which: int, size: int) -> None:
    spec, jokers = WILD_SPECS[which]
    r = compile_ranking(spec, jokers)
    hand = data.draw(st.lists(st.integers(0, r.pack_size - 1), min_size=size, max_size=size, unique=True))
    spare = sorted(r.wild - set(hand))
    if not spare:
        return
    extra = data.draw(st.sampled_from(spare))
    assert r.best_strength(hand + [extra]) >= r.best_strength(hand)
    ev = r.evaluate(hand + [extra])
    assert ev.strength == r.best_strength(hand + [extra])
    assert r.strength(list(ev.played)) == ev.strength
    assert len(ev.stands_for) == 3


@given(hand=st.lists(st.integers(0, 53), min_size=3, max_size=6, unique=True))
def test_evaluation_is_consistent(hand: List[int]) -> None:
    r = compile_ranking(Ranking(wild=Wild(ranks=["2"])), jokers=2)
    ev = r.evaluate(hand)
    assert sorted(ev.played + ev.discarded) == sorted(hand)
    assert ev.strength == r.strength(list(ev.played)) == r.best_strength(hand)
    assert ev.category == r.category(ev.strength)
    if not any(c in r.wild for c in ev.played):
        assert ev.natural and ev.stands_for == ev.played
    assert isinstance(r.describe(ev), str)


def test_a_wild_card_never_stands_for_a_card_already_held() -> None:
    """003's wild-card variant: "某些牌（如 2）可以当任意牌" (some cards, such as the 2s, may be any
    card). bragrules reads "any card" as any card not already in the hand, as the docs say:
    with twos wild, A-heart 2-heart 4-heart is the flush A-K-4, not an A-A-4 made by a second
    ace of hearts, and under ranked suits 9h with two wild twos is 9s 9h 9d, not 9s 9s 9h."""
    twos = compile_ranking(Ranking(wild=Wild(ranks=["2"])))
    assert twos.describe("Ah 2h 4h") == "flush, A-K-4 (2h as Kh)"
    assert twos.strength("Ah Qh Jh") < twos.strength("Ah 2h 4h") < twos.strength("Ah Kh 4h")  # natural first
    assert twos.strength("Ah 2h 4h") < twos.strength("5c 6d 7s")  # no A-A-4 flush: a run still beats it
    suited = compile_ranking(Ranking(suits_break_ties=True, wild=Wild(ranks=["2"])))
    assert set(suited.evaluate("2c 2d 9h").stands_for) == set(parse_cards("9s 9h 9d"))
    rng = random.Random(12)
    wild = sorted(twos.wild)
    plain = [c for c in range(52) if c not in twos.wild]
    for _ in range(300):
        hand = rng.sample(wild, rng.choice((1, 2))) + rng.sample(plain, 1)
        hand += rng.sample([c for c in plain if c not in hand], 3 - len(hand))
        evaluation = twos.evaluate(hand)
        stands_for = [int(c) for c in evaluation.stands_for]
        naturals = {int(c) for c in evaluation.played if int(c) not in twos.wild}
        substitutes = {c for c, held in zip(stands_for, evaluation.played) if int(held) in twos.wild}
        assert len(set(stands_for)) == 3 and not substitutes & naturals
