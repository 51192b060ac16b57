"""Exact heads-up chances: single hands, the whole table by counting, and the command."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from math import comb
from typing import List, Tuple

import pytest

from bragrules.analysis.equity import (
    EquityError,
    counted_equity,
    equity_table,
    hand_equity,
    naive_equity,
)
from bragrules.core.cards import parse_cards
from bragrules.profile.models import Ranking, Wild
from bragrules.rules.ranking import compile_ranking

from .helpers import rules_for, run_cli

STANDARD = rules_for("standard")
RANKER = STANDARD.ranking.ranker


def test_three_three_three_never_loses() -> None:
    for hand in ("3c 3d 3h", "3s 3d 3h"):
        eq = hand_equity(STANDARD, hand)
        assert (eq.win, eq.tie, eq.lose) == (18_424, 0, 0)
        assert eq.chances() == (1, 0, 0)


def test_aces_lose_only_to_threes() -> None:
    eq = hand_equity(STANDARD, "Ac Ad Ah")
    assert (eq.win, eq.tie, eq.lose) == (18_420, 0, 4)
    assert eq.category == "prial" and eq.description == "prial of aces"


def test_worst_hand_never_wins() -> None:
    eq = hand_equity(STANDARD, "5d 3c 2c")
    assert eq.win == 0 and eq.tie > 0


def test_single_hands_match_the_pair_loop() -> None:
    rng = random.Random(7)
    hands = [tuple(rng.sample(range(52), 3)) for _ in range(12)] + [tuple(parse_cards("Ac 2d 3h"))]
    for hand in hands:
        expected = naive_equity(RANKER, hand)
        eq = hand_equity(STANDARD, hand)
        assert (eq.win, eq.tie, eq.lose) == expected
        assert counted_equity(RANKER, hand) == expected
        assert eq.opponents == comb(49, 3)


def test_the_table_counts_every_ordered_pair_once() -> None:
    table = equity_table(RANKER)
    assert len(table) == RANKER.distinct_strengths() == 741
    assert sum(row.hands for row in table) == 22_100
    assert sum(row.total for row in table) == 22_100 * 18_424 == 407_170_400
    # what one hand wins, the other loses
    assert sum(row.win for row in table) == sum(row.lose for row in table)
    assert [row.rank for row in table] == list(range(1, 742))
    assert [row.strength for row in table] == list(range(740, -1, -1))
    top = table[0]
    assert top.category == "prial" and (top.win, top.tie, top.lose) == (4 * 18_424, 0, 0)
    categories = {}
    for row in table:
        categories[row.category] = categories.get(row.category, 0) + row.hands
    assert categories == {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744,
                          "high_card": 16440}


def _class_by_pair_loop(ranker, strength: int) -> Tuple[int, int, int]:
    hands = [h for h in ranker.all_hands() if ranker.strength(h) == strength]
    totals = [0, 0, 0]
    for hand in hands:
        for i, n in enumerate(naive_equity(ranker, hand)):
            totals[i] += n
    return totals[0], totals[1], totals[2]


def test_table_rows_match_the_pair_loop_on_a_sample() -> None:
    table = {row.strength: row for row in equity_table(RANKER)}
    pair_kings_two = RANKER.strength(parse_cards("Kc Kd 2h"))
    queen_high = RANKER.strength(parse_cards("Qc 9d 4h"))
    for strength in (740, 739, 700, pair_kings_two, queen_high, 0):
        row = table[strength]
        assert (row.win, row.tie, row.lose) == _class_by_pair_loop(RANKER, strength), row


def test_the_counting_holds_for_wild_cards_jokers_and_suits() -> None:
    rng = random.Random(3)
    for ranker in (
        compile_ranking(Ranking(wild=Wild(ranks=["2"]))),
        compile_ranking(Ranking(), jokers=2),
        compile_ranking(Ranking(category_order=["prial", "flush", "run", "pair", "high_card"])),
    ):
        size = ranker.pack_size
        table = equity_table(ranker)
        assert sum(row.total for row in table) == comb(size, 3) * comb(size - 3, 3)
        assert sum(row.win for row in table) == sum(row.lose for row in table)
        for _ in range(4):
            hand = tuple(rng.sample(range(size), 3))
            assert counted_equity(ranker, hand) == naive_equity(ranker, hand)
        # a strength class of few hands, by the pair loop
        row = table[len(table) // 3]
        assert (row.win, row.tie, row.lose) == _class_by_pair_loop(ranker, row.strength)


def test_suits_breaking_ties_leave_no_ties() -> None:
    ranker = compile_ranking(Ranking(suits_break_ties=True))
    table = equity_table(ranker)
    assert len(table) == 22_100
    assert all(row.tie == 0 for row in table)


def _four_card_pair_loop(rules, hand: str) -> Tuple[int, int, int]:
    ranker = rules.ranking.ranker
    cards = parse_cards(hand)
    if rules.profile.format.discard_breaks_ties:
        key = ranker.four_card_key
    else:
        def key(c):  # type: ignore[no-untyped-def]
            return ranker.best_strength(c)
    mine = key(cards)
    rest = [c for c in range(52) if c not in cards]
    win = tie = lose = 0
    for opp in itertools.combinations(rest, 4):
        theirs = key(list(opp))
        if theirs < mine:
            win += 1
        elif theirs == mine:
            tie += 1
        else:
            lose += 1
    return win, tie, lose


@pytest.mark.parametrize("discard_breaks_ties", [False, True])
def test_four_card_hands_by_enumeration(discard_breaks_ties: bool) -> None:
    rules = rules_for("four-card", format={"discard_breaks_ties": discard_breaks_ties})
    hand = "7h 7s Kd 9c"
    eq = hand_equity(rules, hand)
    assert eq.opponents == comb(48, 4)
    assert (eq.win, eq.tie, eq.lose) == _four_card_pair_loop(rules, hand)


def test_hands_the_format_does_not_deal_are_refused() -> None:
    with pytest.raises(EquityError, match="deals 4 cards"):
        hand_equity(rules_for("four-card"), "Ah Ad Ac")
    with pytest.raises(EquityError, match="three-card hand"):
        hand_equity(rules_for("seven-card"), "Ah Ad Ac 2c 3c 4c 5c")
    seven = hand_equity(rules_for("seven-card"), "Ah Ad Ac")  # one of the hands, against one hand
    assert seven.lose == 4
    with pytest.raises(EquityError, match="twice"):
        hand_equity(STANDARD, "Ah Ah Ac")
    with pytest.raises(EquityError, match="not in this pack"):
        hand_equity(STANDARD, [52, 1, 2])
    five = rules_for("standard", format={"cards_dealt": 5})
    with pytest.raises(EquityError, match="up to 4 cards"):
        hand_equity(five, "Ah Ad Ac 2c 3c")


def test_json_is_exact() -> None:
    data = hand_equity(STANDARD, "Kc 9c 4c").to_json()
    assert data["opponents"] == 18_424
    assert data["win"] + data["tie"] + data["lose"] == 18_424
    assert Fraction(data["win_chance"]) == Fraction(data["win"], 18_424)
    row = equity_table(RANKER)[0].to_json()
    assert row["win_chance"] == "1" and row["pairs"] == 4 * 18_424


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_cli_equity_of_a_hand(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "equity", "Ac Ad Ah")
    assert code == 0, err
    assert "prial of aces" in out and "18,424 opponent hands" in out
    assert "4605/4606" in out and "99.978%" in out
    code, out, err = run_cli(capsys, monkeypatch, "equity", "AcKdQh", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["profile"] == "standard" and data["hand"] == ["Ac", "Kd", "Qh"]
    assert (data["win"], data["tie"], data["lose"]) == naive_equity(RANKER, parse_cards("Ac Kd Qh"))
    code, out, err = run_cli(capsys, monkeypatch, "equity", "--profile", "four-card", "Ah", "Ad", "Ac", "2c")
    assert code == 0, err
    assert "194,580 opponent hands" in out


def test_cli_equity_table(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "equity", "--json")
    assert code == 0, err
    rows: List[dict] = json.loads(out)
    assert len(rows) == 741 and rows[0]["example"] == "3h 3d 3c"
    assert sum(r["pairs"] for r in rows) == 407_170_400
    code, out, err = run_cli(capsys, monkeypatch, "equity")
    assert code == 0, err
    lines = out.splitlines()
    assert any(line.split()[:3] == ["1", "prial", "3h"] for line in lines)
    assert "741 strengths under standard" in out
    code, out, err = run_cli(capsys, monkeypatch, "equity", "-p", "four-card")
    assert code == 0 and "compares three-card hands" in err


@pytest.mark.parametrize("args,text", [
    (["Ac", "Ac", "Kd"], "twice"),
    (["Zz"], "not a card"),
    (["-p", "four-card", "Ac Kd Qh"], "deals 4 cards"),
    (["-p", "nosuch"], "unknown profile"),
])
def test_cli_equity_bad_input(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch,
                              args: List[str], text: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "equity", *args)
    assert code == 2 and text in err and out == ""


def test_the_whole_table_equals_a_brute_force_count_over_every_ordered_pair() -> None:
    """All 407,170,400 ordered pairs of disjoint hands, compared one by one (vectorised)."""
    np = pytest.importorskip("numpy")
    hands = RANKER.all_hands()
    strengths = np.array([RANKER.strength(h) for h in hands], dtype=np.int32)
    masks = np.array([(1 << a) | (1 << b) | (1 << c) for a, b, c in hands], dtype=np.uint64)
    size = RANKER.distinct_strengths()
    win = np.zeros(size, dtype=np.int64)
    tie = np.zeros(size, dtype=np.int64)
    lose = np.zeros(size, dtype=np.int64)
    pairs = 0
    for i in range(len(hands)):
        others = strengths[(masks & masks[i]) == 0]
        s = strengths[i]
        pairs += len(others)
        win[s] += int(np.count_nonzero(others < s))
        tie[s] += int(np.count_nonzero(others == s))
        lose[s] += int(np.count_nonzero(others > s))
    assert pairs == 407_170_400
    for row in equity_table(RANKER):
        assert (row.win, row.tie, row.lose) == (win[row.strength], tie[row.strength], lose[row.strength]), row
