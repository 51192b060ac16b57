"""A cut for the first deal (``table.first_dealer: cut_low``), as the pages give it:

- gamerules.com, "Stop the Bus" (https://gamerules.com/rules/stop-the-bus/): "Begin the game by deciding who will
  be the first dealer. Have each player draw a single card from the deck. The lowest card deals first." Its rank
  of cards: "(low) 2 – A (high)".
- Peel, "Round Games with Cards" (Poker): "the players cut for the deal, and the player who cuts the lowest card
  deals first. If two or more players cut equal lowest cards, these players must cut again for the deal."
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile_text
from bragrules.rules.table import cut_for_deal

from ..helpers import rules_for

PLAYERS = ["A", "B", "C", "D"]


@pytest.mark.parametrize("seed", range(40))
def test_the_lowest_card_cut_deals_first(seed: int) -> None:
    """"The lowest card deals first": the session's first dealer is the seat whose card, in the last round of the
    cut, is lower than every other card cut in that round; twos are lowest, aces highest ("(low) 2 – A (high)")."""
    rules = rules_for("standard", table={"first_dealer": "cut_low"})
    session = Session(rules, PLAYERS, seed=seed)
    seat, rounds = cut_for_deal(random.Random(seed), len(PLAYERS))
    assert session.dealer == PLAYERS[seat]
    last = rounds[-1]
    assert all(last[seat].rank < card.rank for other, card in last.items() if other != seat)


def test_the_equal_lowest_cut_again_and_only_they() -> None:
    """"If two or more players cut equal lowest cards, these players must cut again": over many seeds some cut
    ties; then the next round holds exactly the seats that tied lowest, and suits never decide."""
    tied = 0
    for seed in range(400):
        _, rounds = cut_for_deal(random.Random(seed), 6)
        for before, after in zip(rounds, rounds[1:]):
            low = min(card.rank for card in before.values())
            assert sorted(after) == sorted(s for s, card in before.items() if card.rank == low)
            assert len(after) > 1
            tied += 1
    assert tied > 0


def test_the_cut_changes_who_deals_first() -> None:
    """Against ``random`` the same seed draws another first dealer for some seeds (the cut reads the seed its own
    way), and against ``first_seat`` the dealer is not always the first seat."""
    cut = rules_for("standard", table={"first_dealer": "cut_low"})
    drawn = rules_for("standard", table={"first_dealer": "random"})
    dealers = [(Session(cut, PLAYERS, seed=s).dealer, Session(drawn, PLAYERS, seed=s).dealer) for s in range(30)]
    assert any(a != b for a, b in dealers)
    assert {a for a, _ in dealers} != {"A"}


def test_a_log_of_a_cut_audits_and_a_wrong_first_dealer_is_caught(tmp_path: Path) -> None:
    """The audit cuts again from the log's seed: the logged first dealer is the cut's; a log naming another first
    dealer no longer holds the seed's cards."""
    rules = rules_for("standard", table={"first_dealer": "cut_low"})
    path = tmp_path / "cut.jsonl"
    session = Session(rules, PLAYERS, seed=11)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(11)), max_deals=3)
    assert audit(read_log(path)).ok
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    first = lines[0]["dealer"]
    other = next(p for p in PLAYERS if p != first)
    for line in lines:
        if line.get("dealer") == first and line["type"] in ("header", "deal"):
            line["dealer"] = other
            break
    bent = tmp_path / "bent.jsonl"
    bent.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert not audit(read_log(bent)).ok


def test_the_rulebook_says_the_cut() -> None:
    from bragrules.explainers.rulebook import build_rulebook, render_text

    text = " ".join(render_text(build_rulebook(load_profile_text("table: {first_dealer: cut_low}"))).split())
    assert "the lowest deals first" in text


def test_play_shows_the_cut_and_the_dealer_it_makes(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``play`` prints each round of the cut from its seed, and the first deal is dealt by the lowest card's seat."""
    from ..helpers import run_cli

    profile = tmp_path / "cut.yaml"
    profile.write_text("extends: standard\nname: cut\ntable: {first_dealer: cut_low}\n")
    code, out, _ = run_cli(capsys, monkeypatch, "play", "-p", str(profile), "--auto", "--hands", "1", "--seed", "2",
                           "-n", "4", "--log", str(tmp_path / "cut.jsonl"))
    assert code == 0
    seat, rounds = cut_for_deal(random.Random(2), 4)
    names = ["Ada", "Bo", "Cy", "Dot"]
    assert "Cut for the deal: " + ", ".join(f"{names[s]} {c.symbol}" for s, c in rounds[0].items()) in out
    assert f"{names[seat]} cuts lowest and deals first" in out and f"Deal 1 · {names[seat]} deals" in out
