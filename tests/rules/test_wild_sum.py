"""ranking.wild.select with `relation: sum`: cards that add up to a turned card make one joker (add-up-joker).

The page, varunvaswani.blogspot.com's "Teen Patti Variations"
(http://varunvaswani.blogspot.com/2008/11/teen-patti-variations.html): "Add up get joker: give 5 cards to
everyone, open one card….any card/cards that add up to that number form a joker"; the ace counts one as in
teenpatti399's "Total Joker" (http://teenpatti399.blogspot.com/2014/02/variations-jokers.html):
"8, 5+3, 6+2, 1+7, 4+4".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import CARDS, parse_cards
from bragrules.engine.reading import read_hand
from bragrules.history import parse_sheet
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.errors import ProfileError
from bragrules.rules.compile import compile_rules
from bragrules.rules.wild_select import pip_number
from bragrules.rules.wild_sums import sum_reading

from ..helpers import deal_with, play, run_cli

SEE = ["A look", "A bet 2", "B look", "B bet 2", "A see 2"]
RULES = compile_rules(load_profile("add-up-joker"))


def comparer(turned: str) -> Any:
    return RULES.comparer.for_deal(parse_cards(turned))


def test_the_total_jokers_of_eight_each_make_one_joker() -> None:
    """"8, 5+3, 6+2, 1+7, 4+4": with an eight turned, each of these beside a pair of kings is a trail of kings."""
    eight = comparer("8d")
    for joker in ("8c", "5c 3d", "6c 2d", "Ac 7d", "4c 4d"):
        filler = "9s Jh 2s"[: 8 - 3 * len(joker.split())]  # five cards in all
        hand = parse_cards(f"{joker} Kh Ks {filler}".strip())
        assert len(hand) == 5
        assert eight.describe(hand).startswith("trail of kings"), (joker, eight.describe(hand))


def test_cards_that_do_not_add_up_make_no_joker() -> None:
    """4+5 is no joker with an eight turned: the kings are a pair; with a nine they are a trail."""
    hand = parse_cards("4c 5d Kh Ks 2c")
    assert comparer("8h").describe(hand) == "pair of kings, five kicker; 4c 2c discarded"
    assert comparer("9h").describe(hand) == "trail of kings (4c+5d as Kc); 2c discarded"


def test_three_cards_may_add_up_and_two_groups_make_two_jokers() -> None:
    """"any card/cards": 2+4+A is seven; 3+4 and A+6 with a queen are two jokers and a trail of queens."""
    seven = comparer("7s")
    assert seven.describe(parse_cards("2h 4c Ac Qd 9s")) == "pair of queens, nine kicker (2h+4c+Ac as Qc)"
    assert seven.describe(parse_cards("3c 4d Ah 6s Qc")) == "trail of queens (Ah+6s as Qh, 3c+4d as Qd)"


def test_the_pictures_count_on_from_ten() -> None:
    """No page gives a picture card a number: jack 11, queen 12, king 13, so 6+7 adds up to a king."""
    assert [pip_number(r) for r in (9, 10, 11)] == [11, 12, 13]
    assert comparer("Kd").describe(parse_cards("6c 7d Ah As 2c")) == "trail of aces (6c+7d as Ac); 2c discarded"


def test_a_showdown_won_by_cards_adding_up_cites_the_selector() -> None:
    hands = {"A": "4c 5d Kh Ks 2c", "B": "Qc Qd Qh 3s 7d"}
    won = play(deal_with(RULES, hands, centre=parse_cards("9h")), SEE)
    assert won.result is not None and won.result.winners == ["A"]
    assert "ranking.wild.select" in won.result.decided_by
    lost = play(deal_with(RULES, hands, centre=parse_cards("8h")), SEE)
    assert lost.result is not None and lost.result.winners == ["B"]
    assert "ranking.wild.select" not in lost.result.decided_by


def test_the_reading_plays_three_and_names_the_joker_cards() -> None:
    reading = read_hand(comparer("9h"), parse_cards("4c 5d Kh Ks 2c"))
    assert reading.category == "prial"
    assert sorted(str(c) for c in reading.wild) == ["4c", "5d"]
    assert [str(c) for c in reading.discarded] == ["2c"]


def test_the_audit_names_the_selector_of_a_wrong_winner() -> None:
    text = ("format: bragrules-history/1\nprofile: add-up-joker\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: 4c 5d Kh Ks 2c, B: Qc Qd Qh 3s 7d}\n    centre: 9h\n"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 2]\n    result: {winners: [%s]}\n")
    profile = load_profile("add-up-joker")
    assert audit(parse_sheet(text % "A", filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(text % "B", filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.select"]


def test_arbitrate_rules_the_see_under_the_selector() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: add-up-joker\nplayers: [A, B]\ndealer: B\ndeals:\n"
        "  - cards: {A: 4c 5d Kh Ks 2c, B: Qc Qd Qh 3s 7d}\n    centre: 9h\n"
        "    actions: [A look, A bet 2, B look, B bet 2]\n    dispute: A see 2\n",
        filename="situation.yaml",
    )
    (ruling,) = arbitrate(sheet, [load_profile("add-up-joker")]).rulings
    assert ruling.allowed and ruling.net["A"] > 0 and "ranking.wild.select" in ruling.rules


@pytest.mark.parametrize("wild, fmt, words", [
    ({"select": [{"source": "centre", "relation": "sum"}]}, {"cards_dealt": 3}, "five cards dealt"),
    ({"select": [{"source": "centre", "relation": "sum", "turned": 2}]}, {"cards_dealt": 5}, "turned: 1"),
    ({"select": [{"source": "centre", "relation": "sum"}, {"source": "lowest_rank"}]}, {"cards_dealt": 5},
     "the only wild cards"),
])
def test_a_sum_of_the_wrong_shape_is_refused(wild: Dict[str, Any], fmt: Dict[str, Any], words: str) -> None:
    with pytest.raises(ProfileError, match=words):
        load_profile_text(f"extends: teen-patti\nname: x\nformat: {fmt}\nranking: {{wild: {wild}}}\n")


def test_the_named_variant_plays_and_audits_clean(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / "add-up-joker.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", "add-up-joker", "--auto", "--hands", "4", "--seed", "5",
                           "--players", "3", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True))
def test_every_joker_adds_up_and_a_turned_card_never_weakens_a_hand(cards: Any) -> None:
    """Each group of the best reading adds up to the turned card, the groups and the cards played are three
    and never share a card, and the reading is at least the hand's best three with nothing wild."""
    turned, hand = cards[0], cards[1:]
    ranker = RULES.ranking.ranker
    deal_wild = comparer(str(CARDS[turned])).deal_wild
    strength, groups, plays = sum_reading(ranker, hand, deal_wild)
    assert len(groups) + len(plays) == 3
    used = [c for g in groups for c in g] + list(plays)
    assert len(set(used)) == len(used) and set(used) <= set(hand)
    assert all(sum(pip_number(c >> 2) for c in g) == pip_number(turned >> 2) for g in groups)
    assert strength >= sum_reading(ranker, hand, frozenset())[0]
