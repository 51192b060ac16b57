"""The shipped profiles `joker` (Teen Patti Joker) and `ak47` (Teen Patti AK47), from their pages.

Teen Patti Joker (https://www.mega888.com.ph/game-list/teen-patti-joker-jili/): "Each player is
dealt with three cards, given "2 cards" and "1 Joker card""; "Max up to take 4 times blind in
one game"; "After exceeding the maximum call amount (128 multipliers the entry fees), player can
only take call but cannot raise"; "(AAA is the biggest,222 is the smallest)".

AK47 (https://cardpartyclub.com/variation-rules/): "A(♠♥♦♣), K(♠♥♦♣), 4(♠♥♦♣), 7(♠♥♦♣) of all
suits are jokers or wild card ... Example: – let's assume we get A♠-K♦-4♠, This will become
A-A-A ... Example: – Let's assume we get A♠-2♠-2♥ & opponent has Q♥-4♥-7♣, then the winner will
be opponent. (Q-4-7 = Q-Q-Q as 4 & 7 are joker, while we have 2-2-2)".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from bragrules.core.cards import parse_cards
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.profile import builtin_names, load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, run_cli


def test_both_are_shipped() -> None:
    assert {"joker", "ak47"} <= set(builtin_names())


def test_ak47_reads_the_pages_examples() -> None:
    """"A♠-K♦-4♠, This will become A-A-A"; "Q-4-7 = Q-Q-Q ... while we have 2-2-2": the opponent wins."""
    rules = compile_rules(load_profile("ak47"))
    comparer = rules.comparer
    ranker = rules.ranking.ranker
    assert ranker.describe(parse_cards("As Kd 4s")).startswith("trail of aces")
    assert ranker.describe(parse_cards("As 2s 2h")).startswith("trail of twos")
    assert ranker.describe(parse_cards("Qh 4h 7c")).startswith("trail of queens")
    deal = deal_with(rules, {"A": "As 2s 2h", "B": "Qh 4h 7c", "C": "3c 5d 9h"})
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 2"])
    assert deal.result is not None and deal.result.winners == ["B"]
    assert comparer.key(parse_cards("As Kd 4s")) > comparer.key(parse_cards("Qh 4h 7c"))


def test_joker_deals_a_joker_to_each_player() -> None:
    from bragrules.engine.session import Session

    session = Session(compile_rules(load_profile("joker")), ["A", "B", "C"], seed=2)
    session.start_deal()
    assert all(str(hand[-1]) == "Jk" for hand in session.current_hands().values())


def test_the_teen_patti_rules_they_share() -> None:
    """Both extend teen-patti ("All other rules and betting remains the same", cardpartyclub.com);
    joker keeps its own page's order of sequences ("AKQ is the biggest, 432 is the smallest") and
    the house's 5% of the losers' stakes ("Rewards = Total Bet + ( Loser's Total Bet x 0.95 )")."""
    assert load_profile("joker").ranking.run_order == "akq_high"
    assert load_profile("ak47").ranking.run_order == "akq_a23"
    assert load_profile("joker").house.rake == Fraction(1, 20) and load_profile("joker").house.rake_of == "losers_stakes"
    for name in ("joker", "ak47"):
        p = load_profile(name)
        assert p.extends == ["teen-patti"] and p.ranking.prial_order == "ace_high"
        assert p.blind.max_blind_turns == 4 and p.stakes.max_stake == 128 and p.seeing.side_show.allowed
        assert p.seeing.cost_multiple == 1 and p.seeing.cost_basis == "caller_rate"


@pytest.mark.parametrize("name, words", [
    ("joker", ["Each player is dealt a joker of their own besides their cards from the pack",
               "So every hand is two cards of the pack and a joker", "of the 1,326 hands",
               "A-A-A is the best trail", "a player may chaal blind at most four times"]),
    ("ak47", ["All aces, kings, fours and sevens are wild", "A-A-A is the best trail",  # Teen Patti's words
              "The best hand of all is trail of aces"]),
])
def test_the_rulebook_reads_right(name: str, words: Any) -> None:
    book = render_text(build_rulebook(load_profile(name)))
    flat = " ".join(book.split())
    for text in words:
        assert text.lower() in flat.lower(), text


@pytest.mark.parametrize("name, fields", [
    ("joker", ["ranking.wild.joker_each", "stakes.max_stake", "blind.max_blind_turns", "ranking.prial_order"]),
    ("ak47", ["ranking.wild.ranks", "stakes.max_stake", "blind.max_blind_turns", "ranking.run_order"]),
])
def test_diff_against_standard_in_words(capsys: Any, monkeypatch: Any, name: str, fields: Any) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "diff", "standard", name)
    assert code == 1  # the profiles differ
    for field in fields:
        assert field in out
    if name == "joker":
        assert "each player is dealt a joker of their own" in out
    else:
        assert "all aces, kings, fours and sevens are wild" in out


@pytest.mark.parametrize("name", ["joker", "ak47"])
def test_simulate_and_impact_work(capsys: Any, monkeypatch: Any, name: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "-p", name, "--hands", "60", "--seed", "3", "--json")
    assert code == 0, err
    assert '"prial"' in out  # hands shown are counted by category, with their wild cards
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", name, "--impact", "60", "--seed", "3")
    assert code == 1, err
    assert "impact" in out.lower() or "per deal" in out.lower()
