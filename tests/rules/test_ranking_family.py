"""The ranking rules of the three-card family (Teen Patti, Zha Jin Hua, Hoyle's Brag): a third
run order, any rank as the top prial, lowball, special hands, point counts, an order among wild
cards, natural-beats-wild per category, and pair suits before the odd card.

Each rule is checked against an independent reference over all 22,100 hands (or the wild hands
that matter), and played at the table with the pages' own examples.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Callable, Dict, Iterable, List, Sequence, Tuple

import pytest

from bragrules.core.cards import parse_cards
from bragrules.engine.deal import Deal
from bragrules.play.bots import hand_share
from bragrules.profile import load_profile
from bragrules.profile.models import Profile, Ranking
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import HandRanker, compile_ranking

from ..helpers import deal_with, play, rules_for

TEEN_PATTI = ["prial", "running_flush", "run", "flush", "pair", "high_card"]
ZHA_JIN_HUA = ["prial", "running_flush", "flush", "run", "pair", "high_card"]


def ranking(**fields: object) -> HandRanker:
    return compile_ranking(Ranking.model_validate(fields))


def s(r: HandRanker, text: str) -> int:
    return r.strength(parse_cards(text))


def assert_same_order(r: HandRanker, hands: Iterable[Sequence[int]], key: Callable[[Sequence[int]], object]) -> None:
    """The table orders the hands exactly as the reference key does (ties included)."""
    pairs = sorted((key(h), r.strength(h), tuple(h)) for h in hands)
    for (k1, s1, h1), (k2, s2, h2) in zip(pairs, pairs[1:]):
        if k1 == k2:
            assert s1 == s2, (h1, h2)
        else:
            assert s1 < s2, (h1, h2, k1, k2)


def ref_key(cards: Sequence[int], order: Sequence[str], top_prial: int, a23_place: float) -> Tuple[object, ...]:
    """A plain reference: (category level, tiebreak), written without the compiler's keys.

    ``a23_place``: where A-2-3 goes among runs whose place is their top card (4-3-2 is 2, A-K-Q 12).
    """
    rs = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(rs)
    suited = len({c & 3 for c in cards}) == 1
    distinct = len(counts) == 3
    a23 = rs == [12, 1, 0]
    is_run = distinct and (rs[0] - rs[2] == 2 or a23)
    made = {"prial": len(counts) == 1, "running_flush": is_run and suited, "run": is_run,
            "flush": suited and distinct, "pair": len(counts) == 2, "high_card": True}
    cat = next(c for c in order if made[c])
    tiebreak: Tuple[float, ...]
    if cat == "prial":
        tiebreak = (99 if rs[0] == top_prial else rs[0],)
    elif cat in ("run", "running_flush"):
        tiebreak = (a23_place if a23 else rs[0],)
    elif cat == "pair":
        tiebreak = (rs[1], rs[0] if rs[0] != rs[1] else rs[2])
    else:
        tiebreak = tuple(rs)
    return (len(order) - order.index(cat), tiebreak)


# ---------------------------------------------------------------------------
# R05: A-K-Q, A-2-3, K-Q-J ... (most Teen Patti pages)
# ---------------------------------------------------------------------------


def test_akq_a23_run_order_as_the_casino_online_page() -> None:
    """https://www.casino-online.in/teen-patti-rules-ranking-of-the-cards/: "A, K, Q of the same
    suit ... is the highest possible pure sequence. Then comes A, 2, 3 and then K, Q, J and so on to
    2, 3, 4 being the lowest possible sequence." and of sequences: "A, K and Q is the highest
    possible sequence. A, 2, 3 is the second highest, K, Q, J is the third"."""
    r = ranking(run_order="akq_a23", prial_order="ace_high")
    assert s(r, "Ac Kc Qc") > s(r, "Ac 2c 3c") > s(r, "Kc Qc Jc") > s(r, "4c 3c 2c")
    assert s(r, "Ac Kd Qh") > s(r, "Ac 2d 3h") > s(r, "Kc Qd Jh") > s(r, "4c 3d 2h")
    assert s(r, "Kd Ah 2c") < s(r, "2c 3d 4h")  # K-A-2 is never a run
    assert r.counts() == {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744,
                          "high_card": 16440}
    assert_same_order(r, r.all_hands(), lambda h: ref_key(h, TEEN_PATTI, 12, 11.5))


# ---------------------------------------------------------------------------
# R29: any rank as the top prial
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("order, top", [("sevens_high", 5), ("twos_high", 0), ("kings_high", 11), ("threes_high", 1),
                                        ("ace_high", 12)])
def test_any_rank_as_the_top_prial(order: str, top: int) -> None:
    """http://nerve.pokerknave.com/2012/04/02/3-card-brag-tournament/: "the highest ranking pryle
    ... three 3's and three 7's in the Seven Card Brag game. Both are then followed by three Aces,
    three Kings etc down to three 2's"."""
    r = ranking(prial_order=order)
    assert_same_order(r, r.all_hands(), lambda h: ref_key(h, TEEN_PATTI, top, 13))


def test_sevens_high_at_the_seven_card_table() -> None:
    """The Nerve Centre's Seven-Card Brag: "three 7's ... followed by three Aces, three Kings"."""
    r = ranking(prial_order="sevens_high")
    assert s(r, "7c 7d 7h") > s(r, "Ac Ad Ah") > s(r, "Kc Kd Kh") > s(r, "3c 3d 3h") > s(r, "2c 2d 2h")
    assert s(r, "8c 8d 8h") > s(r, "6c 6d 6h")


# ---------------------------------------------------------------------------
# R18: lowball (Muflis)
# ---------------------------------------------------------------------------


def test_lowball_reverses_every_comparison() -> None:
    """https://teenpatticlub.app/variation.html: "the ranking of hand is reversed. The worst hand
    (high card) has becomes the best hand, and the best hand (trio) best the worst hand." Over all
    22,100 hands the order is exactly the high order reversed, ties kept."""
    high = ranking(run_order="akq_a23", prial_order="ace_high")
    low = ranking(run_order="akq_a23", prial_order="ace_high", lowball=True)
    assert_same_order(low, low.all_hands(), lambda h: -high.strength(h))
    assert low.counts() == high.counts()
    best = max(low.all_hands(), key=low.strength)
    assert low.describe(best) == "high card, 5-3-2"


def see_offered(deal: Deal) -> str:
    """The see the deal offers its player to act, at the profile's price (twice the level in Brag,
    once the stake in Teen Patti), written as an action."""
    option = next(o for o in deal.legal_actions() if o.kind == "see")
    return f"{option.player} see {option.amount}"


def play_to_see(profile: str, hands: Dict[str, str]) -> List[str]:
    """A and B look and bet, C folds, A sees B: the winners."""
    deal = play(deal_with(rules_for(profile), hands), ["A look", "A bet 2", "B look", "B bet 2", "C fold"])
    play(deal, [see_offered(deal)])
    assert deal.result is not None
    return deal.result.winners


def test_muflis_examples_of_cardpartyclub() -> None:
    """https://cardpartyclub.com/variation-rules/: "Example, you have K♣-2♦-3♣ while another person
    has K♥-K♦-9♣, then you are the winner. Example, you have A♥-A♣-A♦ while another person has
    K♥-K♦-K♠, then other person will win.\""""
    assert play_to_see("muflis", {"A": "Kc 2d 3c", "B": "Kh Kd 9c", "C": "4s 8h Qd"}) == ["A"]
    assert play_to_see("muflis", {"A": "Ah Ac Ad", "B": "Kh Kd Ks", "C": "4s 8h Qd"}) == ["B"]
    # the same hands under standard Brag go the other way
    assert play_to_see("standard", {"A": "Kc 2d 3c", "B": "Kh Kd 9c", "C": "4s 8h Qd"}) == ["B"]


def test_muflis_example_of_teenpatticlub() -> None:
    """https://teenpatticlub.app/variation.html: "If player A has A-A-A (trio) and player B has
    3-5-8 (high card 8) the winner in traditional Teen Patti is Player A. But in Mufliss the winner
    is player B.\""""
    assert play_to_see("muflis", {"A": "As Ah Ad", "B": "3c 5d 8h", "C": "4s 9h Qd"}) == ["B"]


def test_a_muflis_bot_keeps_its_weak_hands() -> None:
    """The bots value a hand by its share of the hands it beats under the profile's ranking: under
    Muflis a 5-3-2 is the best hand and a prial of aces the worst."""
    muflis, standard = compile_rules(load_profile("muflis")), compile_rules(load_profile("standard"))
    weak, strong = parse_cards("5c 3d 2h"), parse_cards("Ac Ad Ah")
    assert hand_share(muflis, weak) > 0.99 > hand_share(muflis, strong)
    assert hand_share(muflis, strong) < 0.01
    assert hand_share(standard, weak) < 0.01 < 0.99 < hand_share(standard, strong)


# ---------------------------------------------------------------------------
# R21 / R28: special hands
# ---------------------------------------------------------------------------

ZJH_SPECIAL = {"ranks": [2, 3, 5], "suited": False, "beats": "prial"}


def test_zha_jin_hua_235_beats_a_leopard_and_only_a_leopard() -> None:
    """http://slackerblud.com/Gamecenter/wmcobrazwm.html: "235 is the smallest three cards of
    Zhajinhua, and the leopard is the biggest ... the smallest can eat the biggest, so 235 can eat
    the leopard." onecybertech's Gold Flower: "Special < Random < One Pair < Straight sequence <
    Flush < Straight flush < Leopard Special > Leopard"."""
    r = ranking(category_order=ZHA_JIN_HUA, prial_order="ace_high", run_order="akq_high",
                special_hands=[ZJH_SPECIAL])
    special = s(r, "2c 3d 5h")
    hands = r.all_hands()
    for hand in hands:
        other = r.strength(hand)
        if other == special:
            continue
        category = r.category(other)
        assert r.beats(special, other) == (category == "prial"), hand
        assert r.beats(other, special) == (category != "prial"), hand
    # a suited 2-3-5 is a flush, not the special hand
    assert not r.beats(s(r, "2c 3c 5c"), s(r, "Ac Ad Ah"))


def test_zha_jin_hua_at_the_table() -> None:
    """The special hand wins a see against a leopard, and loses one against a pair."""
    assert play_to_see("zha-jin-hua", {"A": "2c 3d 5h", "B": "Ac Ad Ah", "C": "4s 8h Qd"}) == ["A"]
    assert play_to_see("zha-jin-hua", {"A": "2c 3d 5h", "B": "4c 4d 9h", "C": "7s 8h Qd"}) == ["B"]
    assert play_to_see("zha-jin-hua", {"A": "Kc Kd Kh", "B": "2s 3h 5d", "C": "7s 8h Qd"}) == ["B"]
    # flush over straight (金花 > 顺子)
    assert play_to_see("zha-jin-hua", {"A": "2c 7c 9c", "B": "8s 9h 10d", "C": "4s 5h Qd"}) == ["A"]


def test_zha_jin_hua_circle_at_a_showdown_of_three() -> None:
    """http://dayujiemeng.com/taxing/154/154633/1158416.html: "当豹子存在时，特殊牌型 > 豹子" (when a
    leopard is present the special hand beats it): 2-3-5, a leopard and a pair beat each other in a
    circle, and the special hand takes the pot; without the leopard the pair wins."""
    from bragrules.engine.showdown import best_players

    comparer = compile_rules(load_profile("zha-jin-hua")).comparer
    hands = {"A": "2c 3d 5h", "B": "Ac Ad Ah", "C": "4c 4d 9h"}
    keys = {p: comparer.key(parse_cards(h)) for p, h in hands.items()}
    assert best_players(list(hands), keys.__getitem__, comparer) == ["A"]
    assert best_players(["A", "C"], keys.__getitem__, comparer) == ["C"]
    assert best_players(["B", "C"], keys.__getitem__, comparer) == ["B"]


def test_deuce_to_five_high_as_3patti() -> None:
    """http://www.3patti.com/TEEN_PATTI_RANKING_OF_HANDS.html: "In the DeucetoFive High variation
    version that is very popular, 235 flush is the highest straight flush (higher than the AKQ
    flush)." It is a pure sequence above A-2-3 and A-K-Q, still below a trail."""
    r = ranking(prial_order="ace_high", special_hands=[
        {"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"}])
    assert s(r, "2h 3h 5h") > s(r, "Ah 2h 3h") > s(r, "Ah Kh Qh")
    assert s(r, "2h 3h 5h") < s(r, "2c 2d 2h")
    assert r.describe("2h 3h 5h") == "running flush, 5-3-2"
    assert s(r, "2h 3d 5h") == s(r, "2c 3d 5s")  # unsuited, a plain high card
    assert r.counts()["running_flush"] == 48 + 4 and r.counts()["flush"] == 1096 - 4
    assert r.upsets is None  # a hand placed at the top of a category is in the order itself


def test_a_special_hand_needs_its_category_ranked() -> None:
    with pytest.raises(ValueError, match="category_order does not rank"):
        Ranking.model_validate({"category_order": ["pair", "high_card"], "special_hands": [ZJH_SPECIAL]})
    with pytest.raises(ValueError, match="one suit"):
        Ranking.model_validate({"special_hands": [{"ranks": [2, 2, 5], "suited": True, "beats": "prial"}]})


# ---------------------------------------------------------------------------
# R20: point counts (999, 31)
# ---------------------------------------------------------------------------

NINES = {"values": {"A": 1, "K": 0, "Q": 0, "J": 0, "10": 0}, "read": "digits"}


def nine_value(card: int) -> int:
    rank = card >> 2
    return 1 if rank == 12 else 0 if rank >= 8 else rank + 2


def test_999_as_the_pages_count() -> None:
    """https://cardpartyclub.com/variation-rules/: "Player must make the hand closest to figure 999.
    Best hand in this variation is 9-9-9 of any suit ... Value of all face cards K, Q, J & 10 = 0
    ... Value of A = 1." https://teenpatticlub.app/variation.html: "If you get 7-6-A, your number is
    761 ... you are allowed to change the order of your cards ... 9-K-4 ... 940"."""
    r = ranking(points=NINES)
    assert r.describe("7h 6d Ac") == "761 (7-6-A)"
    assert r.describe("9h Kd 4c") == "940 (9-4-K)"
    assert s(r, "9c 9d 9h") > s(r, "9c 9d 8h") > s(r, "9h Kd 4c")
    best = max(r.all_hands(), key=r.strength)
    assert r.describe(best).startswith("999")

    def reference(hand: Sequence[int]) -> int:
        a, b, c = sorted((nine_value(x) for x in hand), reverse=True)
        return a * 100 + b * 10 + c
    assert_same_order(r, r.all_hands(), reference)
    assert r.distinct_strengths() == 220  # multisets of three digits
    assert r.counts()["points"] == 22100


def test_31_in_one_suit_is_data() -> None:
    """31 (maximapedia's third stake: "the player whose cards make 31 or are nearest to 31 by their
    pips, aces and court counting ten"; Stop the Bus): A 11, pictures 10, the rest face value, only
    cards of one suit counting together. No code of its own: the same mechanism, other data."""
    r = ranking(points={"read": "sum", "one_suit": True})

    def value(card: int) -> int:
        rank = card >> 2
        return 11 if rank == 12 else min(rank + 2, 10)

    def reference(hand: Sequence[int]) -> int:
        return max(sum(value(c) for c in hand if c & 3 == suit) for suit in range(4))
    assert_same_order(r, r.all_hands(), reference)
    top = max(r.strength(h) for h in r.all_hands())
    assert sum(1 for h in r.all_hands() if r.strength(h) == top) == 24  # A and two of 10, J, Q, K, one suit
    assert r.describe("Ah Kh Qh") == "31 points" and r.describe("Ah Kd 5h") == "16 points"


def test_points_at_the_table() -> None:
    """A 999 table: 9-9-8 beats a trail of aces, which reads 111."""
    rules = rules_for("standard", ranking={"points": NINES})
    deal = play(deal_with(rules, {"A": "9c 9d 8h", "B": "Ac Ad Ah", "C": "4s 8h Qd"}),
                ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["A"]


# ---------------------------------------------------------------------------
# R14 / R12: an order among wild cards; natural beats wild per category
# ---------------------------------------------------------------------------

HOYLE_ORDER = ["prial", "pair", "high_card"]


def test_club_knave_over_diamond_knave() -> None:
    """http://www.maximapedia.com/b/brag.html: "Sometimes the knave of diamonds is allowed the same
    privilege, but is inferior to the club knave; e.g. two threes and the club would beat the other
    two threes and the diamond.\""""
    r = ranking(category_order=HOYLE_ORDER, prial_order="ace_high",
                wild={"cards": ["Jc", "Jd"], "cards_ranked": True})
    assert s(r, "3h 3s Jc") > s(r, "3d 3c Jd")
    assert s(r, "3h 3s 3d") > s(r, "3c Jc 2d")  # a natural prial still beats one made with the club knave
    # unranked (the default), the two knaves make equal hands
    plain = ranking(category_order=HOYLE_ORDER, prial_order="ace_high", wild={"cards": ["Jc", "Jd"]})
    assert s(plain, "3h 3s Jc") == s(plain, "3d 3c Jd")


def test_hoyle_natural_prials_first_but_not_pairs() -> None:
    """http://www.childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200341.htm: "only natural
    pairs-royal are to precede artificial ones—as three aces, kings, &c, take place before a
    pair-royal, formed by assistance of the two favourites, though a natural pair does not supersede
    an artificial one made by help of a favourite"."""
    r = compile_rules(load_profile("hoyle")).ranking.ranker
    assert s(r, "Ac Ad Ah") > s(r, "Jc 9d As")        # natural prial of aces over two favourites and an ace
    assert s(r, "Kc Kd Kh") > s(r, "Ks Jc 9d")        # natural over artificial kings
    assert s(r, "Kc Kd 4h") == s(r, "Ks Jc 4d")        # a natural pair of kings ties the artificial one
    assert s(r, "Kc Kd 4h") == s(r, "Ks 9d 4c")
    assert r.evaluate("Ks Jc 4d").category == "pair"
    # under the default (naturals beat wild hands in every category) the natural pair wins
    default = ranking(category_order=HOYLE_ORDER, prial_order="ace_high", wild={"cards": ["Jc", "9d"]})
    assert s(default, "Kc Kd 4h") > s(default, "Ks Jc 4d")


def reference_graded(hand: Sequence[int], wild: Sequence[int], nbw: Sequence[str], places: Dict[int, int]) -> object:
    """Brute force over what each wild card stands for, then the grade: a natural hand of a category
    in ``nbw`` above all, another natural hand level with the best wild card, a hand made with wild
    cards by the place of its lowest-ranked wild card."""
    wild_set = set(wild)
    slots = [[c] if c not in wild_set else list(range(52)) for c in hand]
    best: object = None
    for choice in itertools.product(*slots):
        if len(set(choice)) < 3:
            continue
        key = ref_key(choice, HOYLE_ORDER, 12, 13)
        if best is None or key > best:  # type: ignore[operator]
            best = key
    face = ref_key(hand, HOYLE_ORDER, 12, 13)
    category = HOYLE_ORDER[len(HOYLE_ORDER) - best[0]]  # type: ignore[index]
    named = len(places)
    if face == best:
        grade = named + 1 if category in nbw else named
    else:
        grade = named - max(places.get(c, named) for c in hand if c in wild_set)
    return (best, grade)


@pytest.mark.parametrize("nbw, ranked", [(["prial"], False), (["prial"], True), ([], True), (True, True)])
def test_wild_grades_as_the_reference(nbw: object, ranked: bool) -> None:
    spec = Ranking.model_validate({"category_order": HOYLE_ORDER, "prial_order": "ace_high",
                                   "wild": {"cards": ["Jc", "Jd"], "cards_ranked": ranked, "natural_beats_wild": nbw}})
    r = compile_ranking(spec)
    wild = sorted(r.wild)
    places = {int(parse_cards("Jc")[0]): 0, int(parse_cards("Jd")[0]): 1} if ranked else {}
    categories = ["prial", "pair", "high_card"] if nbw is True else list(nbw)  # type: ignore[arg-type]
    hands = [h for h in r.all_hands() if any(c in r.wild for c in h)]
    hands += [h for h in r.all_hands() if not any(c in r.wild for c in h)][::41]
    assert_same_order(r, hands, lambda h: reference_graded(h, wild, categories, places))


def test_old_natural_beats_wild_reads_as_before() -> None:
    """``natural_beats_wild: true`` is every category, ``false`` none: the same strengths as a list
    naming every category, or none."""
    every = ["prial", "running_flush", "run", "flush", "pair", "high_card"]
    for old, new in ((True, every), (False, [])):
        a = ranking(wild={"ranks": ["2"], "natural_beats_wild": old})
        b = ranking(wild={"ranks": ["2"], "natural_beats_wild": new})
        assert a.table == b.table


# ---------------------------------------------------------------------------
# R24: suits before kickers
# ---------------------------------------------------------------------------


def test_pair_suit_before_the_odd_card() -> None:
    """http://www.pagat.com/invented/multiple_brag.html: "When comparing pairs, you compare the
    highest card in the pairs, ignoring the odd cards, so 5♠-5♦-A beats 5♥-5♣-A" (bridge order: spades,
    hearts, diamonds, clubs)."""
    r = ranking(suits_break_ties=True, suits_before_kickers=True)
    assert s(r, "5s 5d 2c") > s(r, "5h 5c Ah")       # the spade decides, the odd ace ignored
    assert s(r, "5h 5d Kc") > s(r, "5h 5c As")       # the second card of the pair next
    assert s(r, "6c 6d 2h") > s(r, "5s 5h Ah")       # the pair's rank first
    plain = ranking(suits_break_ties=True)
    assert s(plain, "5s 5d 2c") < s(plain, "5h 5c Ah")  # without it the odd card comes first

    def reference(hand: Sequence[int]) -> object:
        value = {3: 3, 2: 2, 1: 1, 0: 0}  # spades 3, hearts 2, diamonds 1, clubs 0
        base = ref_key(hand, TEEN_PATTI, 1, 13)
        ranks = [c >> 2 for c in hand]
        if len(set(ranks)) == 2:
            pair_rank = max(set(ranks), key=ranks.count)
            pair = sorted((value[c & 3] for c in hand if c >> 2 == pair_rank), reverse=True)
            odd = next(c for c in hand if c >> 2 != pair_rank)
            return (base[0], (pair_rank,), tuple(pair), odd >> 2, value[odd & 3])
        ordered = sorted(hand, key=lambda c: (c >> 2, value[c & 3]), reverse=True)
        return (base[0], base[1], tuple(value[c & 3] for c in ordered))
    assert_same_order(r, r.all_hands(), reference)


def test_suits_before_kickers_needs_suits() -> None:
    with pytest.raises(ValueError, match="suits_break_ties"):
        Ranking(suits_before_kickers=True)


# ---------------------------------------------------------------------------
# Old profiles rank as before; the shipped profiles read right
# ---------------------------------------------------------------------------


def test_unset_fields_leave_the_hash_alone() -> None:
    from bragrules.profile.loader import profile_hash

    before = Profile()
    data = before.model_dump(mode="json")
    assert profile_hash(Profile.model_validate(data)) == profile_hash(before)
    changed = Profile.model_validate({"ranking": {"lowball": True}})
    assert profile_hash(changed) != profile_hash(before)


@pytest.mark.parametrize("name, words", [
    ("muflis", ["The weakest hand wins", "The best hand of all is high card, 5-3-2",  # in Teen Patti's words
                "A-K-Q is the best sequence, then A-2-3, then K-Q-J down to 4-3-2"]),
    ("zha-jin-hua", ["豹子, 顺金, 金花, 顺子, 对子, 单张",  # in its own words (vocabulary)
                     "A 2-3-5 not all of one suit (235) beats every 豹子",
                     "A-K-Q is the best 顺子, down to 4-3-2 and A-2-3 the lowest"]),
    ("hoyle", ["Hands rank, from highest: prial, pair, high card", "The J♣, 9♦ are wild",
               "A natural prial beats an equal prial made with wild cards; in every other category they tie"]),
])
def test_shipped_rulebooks(name: str, words: List[str]) -> None:
    from bragrules.explainers.rulebook import build_rulebook, render

    text = " ".join(render(build_rulebook(load_profile(name)), "text").split())
    for phrase in words:
        assert phrase in text, phrase


# ---------------------------------------------------------------------------
# The audit cites the ranking field a wrong winner goes against
# ---------------------------------------------------------------------------


def audit_sheet(profile: str, cards: str, winner: str) -> List[str]:
    from bragrules.audit import audit
    from bragrules.history import parse_sheet

    betting = (["B look", "B bet 2", "A look", "A bet 2", "C fold"] if profile == "zha-jin-hua"  # anticlockwise
               else ["A look", "A bet 2", "B look", "B bet 2", "C fold"])
    order = ["A", "B", "C"] if profile != "zha-jin-hua" else ["B", "A", "C"]
    deal = play(deal_with(rules_for(profile), {"A": "2c 3d 5h", "B": "Ac Ad Ah", "C": "4s 8h Qd"}, order), betting)
    actions = ", ".join([*betting, see_offered(deal)])
    text = (f"format: bragrules-history/1\nprofile: {profile}\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
            f"  - cards: {{{cards}}}\n    actions: [{actions}]\n"
            f"    result: {{winner: {winner}}}\n")
    report = audit(parse_sheet(text, filename="sheet.yaml"))
    return [v.rule for v in report.violations]


@pytest.mark.parametrize("profile, cards, wrong, rule", [
    ("muflis", "A: Kc 2d 3c, B: Kh Kd 9c, C: 4s 8h Qd", "B", "ranking.lowball"),
    ("zha-jin-hua", "A: 2c 3d 5h, B: Ac Ad Ah, C: 4s 8h Qd", "B", "ranking.special_hands"),
    ("zha-jin-hua", "A: 2c 7c 9c, B: 8s 9h 10d, C: 4s 5h Qd", "B", "ranking.category_order"),
    ("hoyle", "A: Kc Kd 4h, B: Ks Jc 4d, C: 2s 8h Qd", "A", "ranking.wild.natural_beats_wild"),
])
def test_a_wrong_winner_cites_the_ranking_field(profile: str, cards: str, wrong: str, rule: str) -> None:
    """A history that ranks the hands the usual way where the profile does not is cited under the
    ranking field that decided the showdown, not ``history.result``."""
    assert audit_sheet(profile, cards, wrong) == [rule]
    right = "A" if wrong == "B" else "B"
    if profile != "hoyle":  # hoyle: the pair of kings and the bragger pair tie, the caller losing
        assert audit_sheet(profile, cards, right) == []


def test_a_wrong_winner_no_ranking_field_explains_stays_history_result() -> None:
    assert audit_sheet("muflis", "A: Kc 2d 3c, B: Kh Kd 9c, C: 4s 8h Qd", "C") == ["history.result"]
    assert audit_sheet("standard", "A: Kc 2d 3c, B: Kh Kd 9c, C: 4s 8h Qd", "A") == ["history.result"]


# ---------------------------------------------------------------------------
# M09: the lowest hand has the boot back
# ---------------------------------------------------------------------------

BOOT_BACK = {"special_hands": [{"ranks": [2, 3, 5], "suited": False, "ante_back": True}]}


def test_the_lowest_hand_has_the_boot_back() -> None:
    """https://www.casino-online.in/teen-patti-rules-ranking-of-the-cards/: "The lowest possible card
    is 2, 3 and 5 and for this according to some Teen Patti players the Boot amount is even returned
    to" its holder. Shown and beaten at a see, 2-3-5 has its ante (1) back from the winner; the money
    is conserved and the ruling cites the special hand."""
    rules = rules_for("standard", ranking=BOOT_BACK)
    deal = play(deal_with(rules, {"A": "2c 3d 5h", "B": "Kc Kd 2h", "C": "4s 8h Qd"}),
                ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    result = deal.result
    assert result is not None and result.winners == ["B"]
    assert result.bonuses == {"A": 1, "B": -1, "C": 0}
    assert result.net == {"A": -6, "B": 7, "C": -1}  # A: ante 1 + 2 + 4, less the ante back
    assert sum(result.net.values()) == 0
    assert "ranking.special_hands" in result.decided_by
    # a suited 2-3-5 is a flush, not the lowest hand: nothing back
    deal = play(deal_with(rules, {"A": "2c 3c 5c", "B": "Kc Kd 2h", "C": "4s 8h Qd"}),
                ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["A"] and deal.result.bonuses["A"] == 0
    # without the rule, nothing back
    plain = play(deal_with(rules_for("standard"), {"A": "2c 3d 5h", "B": "Kc Kd 2h", "C": "4s 8h Qd"}),
                 ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    assert plain.result is not None and plain.result.net["A"] == -7


def test_the_boot_back_is_only_at_a_showdown() -> None:
    """A 2-3-5 folded shows nothing and has nothing back."""
    rules = rules_for("standard", ranking=BOOT_BACK)
    deal = play(deal_with(rules, {"A": "2c 3d 5h", "B": "Kc Kd 2h", "C": "4s 8h Qd"}),
                ["A look", "A fold", "B look", "B bet 2", "C fold"])
    assert deal.result is not None and deal.result.bonuses["A"] == 0
