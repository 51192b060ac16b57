"""The ranking variants of Teen Patti and Zha Jin Hua, each a profile of a few lines: played at the
table with the examples of the pages their headers quote, and each one played, audited and arbitrated.

999, 555 and Closest to 555 are counts of points (``ranking.points``); Royal Flush, High-low and
Zha Jin Hua's three-suit straight are hand patterns (``ranking.categories``); Best of Four is
Teen Patti dealt four cards.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import HandRanker, compile_ranking

from .helpers import deal_with, play, rules_for

VARIANTS = ["999", "555", "closest-to-555", "best-of-four", "royal-flush", "high-low", "zha-jin-hua-house"]


def ranker(name: str) -> HandRanker:
    return compile_ranking(load_profile(name).ranking)


def winners(profile: str, hands: Dict[str, str]) -> List[str]:
    """A and B look and bet the stake, C folds, A pays for the show: the winners."""
    deal = play(deal_with(rules_for(profile), hands), ["A look", "A bet 2", "B look", "B bet 2", "C fold"])
    see = next(o for o in deal.legal_actions() if o.kind == "see")
    play(deal, [f"A see {see.amount}"])
    assert deal.result is not None and deal.result.showdown
    return deal.result.winners


# ---------------------------------------------------------------------------
# 999: teenpatticlub.app, cardpartyclub.com
# ---------------------------------------------------------------------------


def test_999_reads_the_cards_as_the_pages_examples() -> None:
    """https://teenpatticlub.app/variation.html: "If you get 7-6-A, your number is 761"; "if you get
    9-K-4, which equals 904, you can change the order of your cards to get 940"; cardpartyclub.com:
    "Best hand in this variation is 9-9-9 of any suit"."""
    r = ranker("999")
    assert r.describe("7s 6h Ac").startswith("761")
    assert r.describe("9h Kd 4c").startswith("940")
    best = max(r.all_hands(), key=r.strength)
    assert r.describe(list(best)).startswith("999")
    assert r.describe("5c 5d 5h").startswith("555")  # cardpartyclub.com: face value "& so on"


def test_999_hands_of_one_number_are_said_as_they_are() -> None:
    """9-K-4 and 9-Q-4 both read 940 and tie; each is said with its own cards."""
    r = ranker("999")
    assert r.strength("9h Kd 4c") == r.strength("9h Qd 4c")
    assert r.describe("9h Qd 4c") == "940 (9-4-Q)" and r.describe("9h Kd 4c") == "940 (9-4-K)"


def test_999_plays_the_number_not_the_category() -> None:
    """940 beats 761 at the show, though 7-6-A is the better Teen Patti hand (ace high)."""
    hands = {"A": "9h Kd 4c", "B": "7s 6h Ac", "C": "2c 3h Jd"}
    assert winners("999", hands) == ["A"]
    assert winners("teen-patti", hands) == ["B"]


# ---------------------------------------------------------------------------
# Closest to 555 and 555: zeenews.india.com; adda52.com's "without exceeding it"
# ---------------------------------------------------------------------------


def test_closest_to_555_counts_from_either_side() -> None:
    """zeenews.india.com: "the best game is the one closest to 555 arranging the cards as digits (ace
    being 1 and picture cards being 0). Closest can be either greater or lower than 555"."""
    r = ranker("closest-to-555")
    assert r.strength("5h 5d 4c") == r.strength("5s 6h 5c")  # 554 and 556, one away each
    assert r.describe("5s 6h 5c").startswith("556") and r.describe("5h 5d 4c").startswith("554")
    assert r.strength("5s 5h 9c") > r.strength("Ks 5d 5c")  # 559 is nearer than 550
    assert winners("closest-to-555", {"A": "5h 5d 6c", "B": "4s 4h 4c", "C": "2c 3h Jd"}) == ["A"]  # 556 over 444


def test_555_may_not_pass_the_target() -> None:
    """555 (adda52.com's "as close to it as possible without exceeding it", with 555's digits): any
    number not over 555 beats every number over it, so 444 beats 556, which wins Closest to 555."""
    r = ranker("555")
    assert r.strength("5h 5d 4c") > r.strength("5s 6h 5c")  # 554 over 556
    assert r.describe(list(max(r.all_hands(), key=r.strength))).startswith("555")
    assert winners("555", {"A": "5h 5d 6c", "B": "4s 4h 4c", "C": "2c 3h Jd"}) == ["B"]


# ---------------------------------------------------------------------------
# Best of Four: varunvaswani.blogspot.com, zeenews.india.com (Discard One)
# ---------------------------------------------------------------------------


def test_best_of_four_plays_the_best_three_of_four() -> None:
    """varunvaswani.blogspot.com: "Discard One: Give 4 cards, players pick the best 3 and discard the
    4th". A's fourth card, a two, is left out: the trail of aces plays."""
    assert rules_for("best-of-four").profile.format.cards_dealt == 4
    r = ranker("best-of-four")
    ev = r.evaluate("Ah Ad Ac 2s")
    assert ev.category == "prial" and [str(c) for c in ev.discarded] == ["2s"]
    hands = {"A": "Ah Ad Ac 2s", "B": "Kh Qh Jh 2d", "C": "3c 4h 9d Qs"}
    assert winners("best-of-four", hands) == ["A"]


# ---------------------------------------------------------------------------
# Royal Flush: tarczehamulcowe.com, 3pattimaster.com; 3patti.com, vertu.cc
# ---------------------------------------------------------------------------


def test_royal_flush_tops_the_pure_sequences_while_a23_tops_the_sequences() -> None:
    """tarczehamulcowe.com: "Many modern versions elevate A-K-Q suited to the top of the straight flush
    hierarchy"; 3patti.com: "Normal Run ... Highest A23 then AKQ, KQJ". One run order per category."""
    r, teen = ranker("royal-flush"), ranker("teen-patti")
    assert r.strength("Ah Kh Qh") > r.strength("Ah 2h 3h") > r.strength("Kh Qh Jh")
    assert r.strength("Ac 2d 3h") > r.strength("As Kd Qh") > r.strength("Kc Qd Jh")
    assert teen.strength("As Kd Qh") > teen.strength("Ac 2d 3h")  # Teen Patti puts A-K-Q on top of both
    assert winners("royal-flush", {"A": "Ac 2d 3h", "B": "As Kd Qh", "C": "2c 7h Jd"}) == ["A"]
    assert winners("royal-flush", {"A": "Ah 2h 3h", "B": "As Ks Qs", "C": "2c 7h Jd"}) == ["B"]


# ---------------------------------------------------------------------------
# High-low: huffpost.com
# ---------------------------------------------------------------------------


def test_high_low_turns_the_cards_not_the_categories() -> None:
    """huffpost.com, "High-low": "if you have drawn King of Hearts, 2 of Spades and 2 of Diamonds. Your
    King has lesser value than your pair of 2's, which is the highest of its kind." A pair of twos
    beats a pair of aces; a trail still beats any pair (not Muflis)."""
    r = ranker("high-low")
    assert r.describe("Kh 2s 2d") == "pair of twos, king kicker"
    assert r.strength("Kh 2s 2d") > r.strength("Ah Ad Kc") and r.strength("Kh 2s 2d") > r.strength("3h 3d Kc")
    assert r.strength("Ac Ad Ah") > r.strength("Kh 2s 2d")  # the lowest trail over the best pair
    assert r.strength("2c 2d 2h") > r.strength("Ac Ad Ah")
    assert winners("high-low", {"A": "Kh 2s 2d", "B": "Ah Ad Kc", "C": "4c 7h Jd"}) == ["A"]
    assert winners("teen-patti", {"A": "Kh 2s 2d", "B": "Ah Ad Kc", "C": "4c 7h Jd"}) == ["B"]


# ---------------------------------------------------------------------------
# Zha Jin Hua's three-suit straight: sdjtfh.com
# ---------------------------------------------------------------------------


def test_zha_jin_hua_house_straight_only_in_three_suits() -> None:
    """sdjtfh.com: "红桃5、红桃6、梅花7 (花色只有两种,即使数字是顺子,在很多规则下也不被认定为“顺子”,
    只能算“散牌”)" (5♥ 6♥ 7♣: two suits, only a high card); "红桃5、黑桃6、梅花7 (三种花色,且是顺子)"."""
    r = ranker("zha-jin-hua-house")
    assert r.category(r.strength("5h 6h 7c")) == "high_card"
    assert r.category(r.strength("5h 6s 7c")) == "run"
    assert r.category(r.strength("5h 6h 7h")) == "running_flush"
    hands = {"A": "5h 6h 7c", "B": "2s 2d 3c", "C": "4c 9h Jd"}
    assert winners("zha-jin-hua-house", hands) == ["B"]
    assert winners("zha-jin-hua", hands) == ["A"]  # the pages' own table: any suits make a straight
    # 2-3-5 of mixed suits still eats a leopard ("当豹子存在时，特殊牌型 > 豹子")
    assert winners("zha-jin-hua-house", {"A": "2c 3d 5h", "B": "Ac Ad Ah", "C": "4c 9h Jd"}) == ["A"]


# ---------------------------------------------------------------------------
# Every variant plays, audits and arbitrates
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_each_variant_plays_and_audits(tmp_path: Path, name: str) -> None:
    rules = compile_rules(load_profile(name))
    session = Session(rules, ["A", "B", "C", "D"], seed=5)
    path = tmp_path / f"{name}.jsonl"
    with LogWriter.for_session(path, session, profile_name=name):
        play_session(session, random_chooser(random.Random(5)), max_deals=6)
    assert len(session.records) == 6
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:5]
    assert report.net == session.net() and report.profile == name


SHEET = ("format: bragrules-history/1\nprofile: {profile}\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {cards}\n    actions: [{actions}]\n    dispute: {dispute}\n")
TEEN_PATTI_SHOW = ("A look, A bet 2, B look, B bet 2, C fold, D fold", "A see 2")
"""A and B seen at the stake, the others out, A pays the stake for the show (Teen Patti's betting)."""


@pytest.mark.parametrize("name, cards, winner, show", [
    ("999", "{A: 9h Kd 4c, B: 7s 6h Ac, C: 2c 3h Jd, D: 3s 8h Qd}", "A", TEEN_PATTI_SHOW),
    ("555", "{A: 5h 5d 6c, B: 4s 4h 4c, C: 2c 3h Jd, D: 3s 8h Qd}", "B", TEEN_PATTI_SHOW),
    ("closest-to-555", "{A: 5h 5d 6c, B: 4s 4h 4c, C: 2c 3h Jd, D: 3s 8h Qd}", "A", TEEN_PATTI_SHOW),
    ("best-of-four", "{A: Ah Ad Ac 2s, B: Kh Qh Jh 2d, C: 3c 4h 9d Qs, D: 5c 6d 8s Td}", "A", TEEN_PATTI_SHOW),
    ("royal-flush", "{A: Ac 2d 3h, B: As Kd Qh, C: 2c 7h Jd, D: 3s 8h Qd}", "A", TEEN_PATTI_SHOW),
    ("high-low", "{A: Kh 2s 2d, B: Ah Ad Kc, C: 4c 7h Jd, D: 3s 8h Qd}", "A", TEEN_PATTI_SHOW),
    # anticlockwise from D, Brag's see at twice the last bet
    ("zha-jin-hua-house", "{A: 4c 9h Jd, B: 2s 2d 3c, C: 5h 6h 7c, D: 3s 8h Qd}", "B",
     ("C look, C bet 2, B look, B bet 2, A fold, D fold", "C see 4")),
])
def test_each_variant_arbitrates_a_show(name: str, cards: str, winner: str, show: Tuple[str, str]) -> None:
    """A sheet naming the profile (a name of digits unquoted too) is ruled under its ranking."""
    actions, dispute = show
    sheet = parse_sheet(SHEET.format(profile=name, cards=cards, actions=actions, dispute=dispute), filename="show.yaml")
    (ruling,) = arbitrate(sheet, []).rulings
    assert ruling.allowed is True and ruling.outcome == "won"
    assert ruling.winners == [winner]


def test_a_sheet_naming_a_profile_of_digits_unquoted_reads_it_as_the_name() -> None:
    actions, dispute = TEEN_PATTI_SHOW
    sheet = parse_sheet(SHEET.format(profile="999", cards="{A: 9h Kd 4c, B: 7s 6h Ac, C: 2c 3h Jd, D: 3s 8h Qd}",
                                     actions=actions, dispute=dispute), filename="show.yaml")
    assert sheet.profile == "999"


# ---------------------------------------------------------------------------
# The options the headers give where the pages disagree
# ---------------------------------------------------------------------------


def _over(name: str, ranking: Dict[str, object]) -> HandRanker:
    data = load_profile(name).model_dump(mode="json")
    data["ranking"] = {**data["ranking"], **ranking}
    return compile_ranking(Profile.model_validate(data).ranking)


def test_999_as_adda52_adds_the_cards_to_27_without_going_over() -> None:
    """https://www.adda52.com/teen-patti/999-teen-patti: "build a hand of three cards that totals exactly 27,
    or as close to it as possible without exceeding it"; "2 to 10 | Face value"; "Jack (J) | 0"."""
    r = _over("999", {"points": {"read": "sum", "values": {"A": 1, "K": 0, "Q": 0, "J": 0}, "target": 27,
                                 "side": "below"}})
    assert r.strength("9c 9d 9h") > r.strength("9s 8d 9c") > r.strength("2c 2d 2h") > r.strength("Tc Td Th")
    assert r.describe("Tc Td Th") == "30 points"


def test_zha_jin_hua_house_options() -> None:
    """The header's options: esball-onlinebet.com's "Any Triple Killer" (2-3-5 of any suits the smallest
    hand, over a triple), and 2-3-5 beating every leopard but A-A-A."""
    house = load_profile("zha-jin-hua-house").ranking.model_dump(mode="json")["categories"]
    killer = _over("zha-jin-hua-house", {"categories": [
        *house[:-1], {"name": "triple_killer", "ranks": [2, 3, 5], "beats": "prial"}]})
    s = killer.strength
    assert killer.category(s("2c 3c 5c")) == "triple_killer" and s("2c 3c 5c") < s("2d 3h 4s")
    assert killer.beats(s("2c 3d 5h"), s("Ac Ad Ah")) and not killer.beats(s("2c 3d 5h"), s("2d 3h 4s"))
    partial = _over("zha-jin-hua-house", {"categories": [*house[:-1], {
        "ranks": [2, 3, 5], "suits": "not_all_equal", "beats": {"category": "prial", "highest": ["K", "K", "K"]}}]})
    t = partial.strength
    assert partial.beats(t("2c 3d 5h"), t("Kc Kd Kh")) and not partial.beats(t("2c 3d 5h"), t("Ac Ad Ah"))


def test_best_of_four_with_four_of_a_kind() -> None:
    """3pattimaster.com's four-card Teen Patti: "Four of a Kind: Four cards of the same rank (strongest)"."""
    teen = load_profile("best-of-four").ranking
    categories = [{"name": "four_of_a_kind", "cards": 4, "ranks": "all_equal"},
                  *[c.model_dump(mode="json") for c in teen.category_patterns()]]
    r = _over("best-of-four", {"categories": categories})
    assert r.evaluate("2c 2d 2h 2s").category == "four_of_a_kind"
    assert r.best_strength(r.check("2c 2d 2h 2s")) > r.best_strength(r.check("Ac Ad Ah Ks"))


def test_digits_in_one_suit_are_refused() -> None:
    """999's digits are read from all three cards; a count of one suit's cards adds them (31): a profile
    asking both is refused in one line naming the rule, where it used to fail when a hand was said."""
    data = load_profile("999").model_dump(mode="json")
    data["ranking"]["points"]["one_suit"] = True
    with pytest.raises(ValueError, match="points.one_suit adds up the cards of one suit: it needs read: sum"):
        Profile.model_validate(data)
