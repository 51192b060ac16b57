"""ranking.wild.kiss_miss: Kissing-Missing, five cards, a kiss or a miss making one joker, three played.

zeenews.india.com (http://zeenews.india.com/entertainment/and-more/card-games-try-kissing-missing-this-diwali_122308.html):
"Kissing Missing: ... Each player gets five cards. If you get a pair, you consider it as one joker,
and it is called `kiss`. And for `miss`, any two alternate numbers in a sequence (for example 6 and
8) will together be considered one joker. You have to discard one extra card out of the five, and
play the game."
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from bragrules.audit import audit
from bragrules.core.cards import CARDS, parse_cards
from bragrules.history import parse_sheet
from bragrules.profile import ProfileError, load_profile, load_profile_text
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import compile_ranking

from ..helpers import deal_with, nets, play, run_cli

KM = "extends: kissing-missing\nname: km\ntable: {min_players: 2}\n"


def km_rules() -> Any:
    return compile_rules(load_profile_text(KM))


def test_a_pair_is_one_joker_a_kiss() -> None:
    """"If you get a pair, you consider it as one joker": 4-4 is the joker beside K-K, a prial of kings."""
    comparer = km_rules().comparer
    hand = parse_cards("4c 4d Kh Ks 9c")
    assert comparer.describe(hand) == "trail of kings (4c 4d a kiss, as Kc); 9c discarded"
    assert comparer.category(hand) == "prial"
    assert set(comparer.hand_wild(hand)) == set(parse_cards("4c 4d"))


def test_two_alternate_numbers_are_one_joker_a_miss() -> None:
    """"any two alternate numbers in a sequence (for example 6 and 8) will together be considered one joker"."""
    comparer = km_rules().comparer
    hand = parse_cards("6c 8d Jh Qh 2s")
    assert comparer.describe(hand) == "pure sequence, K-Q-J (6c 8d a miss, as Kh); 2s discarded"
    assert set(comparer.hand_wild(hand)) == set(parse_cards("6c 8d"))
    # the ace low, as in A-2-3: A and 3 are two apart
    assert comparer.describe(parse_cards("Ac 3d 5h 5s 9c")) == "trail of fives (Ac 3d a miss, as 5c); 9c discarded"


def test_no_kiss_and_no_miss_plays_the_best_three() -> None:
    """Ranks 2, 7, Q, 3, 8: no pair, none two apart; the best three play and two are discarded."""
    comparer = km_rules().comparer
    none = parse_cards("2c 7d Qh 3s 8c")
    assert not comparer.hand_wild(none)
    assert comparer.describe(none) == "high card, Q-8-7; 2c 3s discarded"


def test_the_joker_wins_the_see() -> None:
    """A's kiss (4-4) makes K-K a prial of kings; B's miss (7-5) makes A-2 of clubs the running flush A-2-3:
    a prial beats a running flush. The betting is Teen Patti's (kissing-missing extends teen-patti): a seen
    chaal of 2 boots, and the show between the last two costs the caller's stake, 2."""
    rules = km_rules()
    deal = deal_with(rules, {"A": "4c 4d Kh Ks 9c", "B": "Ac Qd 7s 5h 2c"})
    assert deal.comparer.describe(deal.players["B"].hand) == (  # type: ignore[arg-type]
        "pure sequence, A-2-3 (7s 5h a miss, as 3c); Qd discarded")  # Teen Patti's words
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "A see 2"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert nets(deal) == {"A": 3, "B": -3}
    assert "ranking.wild.kiss_miss" in deal.result.decided_by


def _brute_category(hand: Any) -> str:
    """Every reading by hand: the best three plain cards, or a kiss or miss as a joker standing for any card
    not already among the three played, with two of the other three."""
    plain = compile_ranking(load_profile("kissing-missing").ranking)
    cards = [int(c) for c in hand]
    best = max(plain.strength(list(t)) for t in itertools.combinations(cards, 3))
    for i, j in itertools.combinations(range(5), 2):
        ri, rj = cards[i] >> 2, cards[j] >> 2
        if not (ri == rj or abs(ri - rj) == 2 or {ri, rj} == {12, 1}):
            continue
        rest = [c for n, c in enumerate(cards) if n not in (i, j)]
        for x, y in itertools.combinations(rest, 2):
            for c in range(52):
                if c not in (x, y):
                    best = max(best, plain.strength([x, y, c]))
    return plain.category(best)


def test_the_readings_agree_with_a_brute_force() -> None:
    comparer = km_rules().comparer
    rng = random.Random(3)
    for _ in range(60):
        hand = rng.sample(range(52), 5)
        assert comparer.category([CARDS[c] for c in hand]) == _brute_category(hand), hand


def test_the_audit_replays_and_names_the_rule() -> None:
    text = ("format: bragrules-history/1\nprofile: km\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: 4c 4d Kh Ks 9c, B: Ac Qd 7s 5h 2c}\n"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 2]\n"
            "    result: {winners: [%s]}\n")
    profile = load_profile_text(KM)
    assert audit(parse_sheet(text % "A", filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(text % "B", filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.kiss_miss"]


def test_only_five_cards() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("extends: standard\nname: x\nranking: {wild: {kiss_miss: true}}\n")
    assert "ranking.wild.kiss_miss" in str(refused.value)


def test_the_shipped_profile(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "diff", "standard", "kissing-missing")
    assert code == 1 and "a pair (a kiss) or two ranks one apart (a miss) may count together as one joker" in out
    code, out, _ = run_cli(capsys, monkeypatch, "rulebook", "kissing-missing")
    assert "Kissing-Missing: three of 5 cards" in out and "five-card hands dealt at random" in " ".join(out.split())
    path = tmp_path / "km.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", "kissing-missing", "--auto", "--hands", "15",
                           "--seed", "6", "--players", "4", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "-p", "kissing-missing", "--hands", "40", "--seed", "2")
    assert code == 0, err
