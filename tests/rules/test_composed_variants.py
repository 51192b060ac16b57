"""Three variants written from the primitives alone, each a profile of a few lines and these scenarios.

- ``jhandu-two`` (kaygamestp.com, "Jhandu"): "Some variations use two or three Jhandu cards (e.g.,
  dealer places Q♠ and 6♥ face-up, so both Qs and 6s are Jokers)": jhandu's selector, ``turned: 2``.
- ``two-cards-open`` (adda52.com, "2 Cards Open"): "Two cards are face-up, visible to everyone. One
  card remains face-down, hidden from all, including the player (if playing blind)":
  ``format.open.face_up: 2``.
- ``four-card-highest-joker`` (varunvaswani.blogspot.com, "Highest card /lowest card joker: Give 4 cards to
  everyone"): four-card-lowest-joker's selector with ``source: highest_rank``.

No Python was added for any of them: the scenarios below play, rank, arbitrate and audit them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.explainers.diff import compare, render_text
from bragrules.history import parse_sheet
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, run_cli

SHEET = ("format: bragrules-history/1\nprofile: {profile}\nplayers: [A, B]\ndealer: B\ndeals:\n"
         "  - cards: {{A: Qd 6c 9h, B: Kc Kd 2h}}\n    centre: {centre}\n"
         "    actions: [A look, A bet 2, B look, B bet 2]\n    dispute: A see 2\n")


def _see(profile: str, centre: str) -> Any:
    sheet = parse_sheet(SHEET.format(profile=profile, centre=centre), filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile(profile)]).rulings
    return ruling


def test_the_pages_two_jhandu_cards_make_both_ranks_wild() -> None:
    """Q♠ and 6♥ turned: "both Qs and 6s are Jokers", so Q-6-9 is a trail of nines and beats a pair of kings;
    under jhandu's one card (Q♠ alone) the same hand is a pair of nines and loses."""
    two = _see("jhandu-two", "Qs 6h")
    assert two.allowed and two.net["A"] > 0
    assert "ranking.wild.select" in two.rules
    one = _see("jhandu", "Qs")
    assert one.allowed and one.net["A"] < 0


def test_jhandu_two_ranks_and_differs_from_jhandu_by_one_line(capsys: Any, monkeypatch: Any) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "-p", "jhandu-two", "--centre", "Qs 6h", "Qd6c9h")
    assert code == 0 and "trail of nines" in out
    told = render_text(compare([("jhandu", load_profile("jhandu")), ("jhandu-two", load_profile("jhandu-two"))]))
    assert "1 rule differs" in told and "ranking.wild.select" in told and "two cards are turned face up" in told


def test_two_cards_open_shows_two_cards_of_each_hand_and_hides_the_third() -> None:
    """adda52: two cards "visible to everyone", one "hidden from all, including the player (if playing blind)";
    "Seen/Blind option | Still available"."""
    deal = deal_with(compile_rules(load_profile("two-cards-open")), {"A": "3h 3c 3d", "B": "3s Kh Kd", "C": "2c 7h Jd"})
    table = deal.view(None)
    assert {p: [str(c) for c in up] for p, up in table.face_up().items()} == \
        {"A": ["3h", "3c"], "B": ["3s", "Kh"], "C": ["2c", "7h"]}
    assert not {"3d", "Kd", "Jd"} & {str(c) for c in table.visible_cards()}
    a = deal.view("A")  # blind: A sees the open cards, A's own two among them, not A's third
    assert a.hand is None and "3d" not in {str(c) for c in a.visible_cards()}
    assert [o.kind for o in a.legal_actions()][:2] == ["look", "bet"]


def test_two_cards_open_the_hidden_card_decides_the_show() -> None:
    """adda52: "A player showing 3♥ and 3♣ may have a Trail (three 3s), or just a weak Pair": the whole hand
    plays at the show ("Standard Teen Patti Hand Hierarchy applies")."""
    rules = compile_rules(load_profile("two-cards-open"))
    trail = play(deal_with(rules, {"A": "3h 3c 3d", "B": "Ks Kh 2d"}), ["A look", "A bet 2", "B look", "B see 2"])
    assert trail.result is not None and trail.result.winners == ["A"]
    pair = play(deal_with(rules, {"A": "3h 3c 9d", "B": "Ks Kh 2d"}), ["A look", "A bet 2", "B look", "B see 2"])
    assert pair.result is not None and pair.result.winners == ["B"]


def test_four_card_highest_joker_plays_the_highest_rank_wild_and_the_best_three(capsys: Any,
                                                                                monkeypatch: Any) -> None:
    """The highest rank of the four cards is wild: 9-9-5-2 is a trail of fives (both nines wild, the two
    left over), where the lowest-card joker reads A-K-9-2 as a sequence and this game as a pair of kings."""
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "-p", "four-card-highest-joker", "9h9d5c2s", "AsKh9c2d")
    assert code == 0 and "trail of fives" in out and "pair of kings" in out
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "-p", "four-card-lowest-joker", "AsKh9c2d")
    assert code == 0 and "A-K-Q" in out
    sheet = parse_sheet("format: bragrules-history/1\nprofile: four-card-highest-joker\nplayers: [A, B]\ndealer: B\n"
                        "deals:\n  - cards: {A: 9h 9d 5c 2s, B: Ks Qs Js 3d}\n"
                        "    actions: [A look, A bet 2, B look, B bet 2]\n    dispute: A see 2\n", filename="s.yaml")
    (ruling,) = arbitrate(sheet, [load_profile("four-card-highest-joker")]).rulings
    assert ruling.allowed and ruling.net["A"] > 0  # a trail of fives beats B's pure sequence (K wild too)
    assert "ranking.wild.select" in ruling.rules


@pytest.mark.parametrize("name", ["jhandu-two", "two-cards-open", "four-card-highest-joker"])
def test_played_by_bots_and_audited(name: str, tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    log = tmp_path / f"{name}.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", name, "--auto", "--hands", "6", "--seed", "5",
                             "-n", "4", "--log", str(log), "--no-explain")
    assert code == 0, out + err
    report = audit(str(log))
    assert report.deal_count == 6 and report.ok, [str(v) for v in report.violations]
