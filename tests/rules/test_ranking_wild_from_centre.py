"""ranking.wild.from_centre: face-up centre cards decide which ranks are wild for the deal.

Jhandu (https://kaygamestp.com/jhandu.html): "After dealing 3 cards to all players, the dealer
places one or more cards face-up in the center of the table. The value of these cards becomes
the JOKER for all players. Example: If the dealer places 8♦ face-up, all 8s (8♥, 8♣, 8♠, 8♦) act
as Jokers for every player. Some variations use two or three Jhandu cards (e.g., dealer places
Q♠ and 6♥ face-up, so both Qs and 6s are Jokers)."

The "dirty" tables (https://123patti.framer.website/dirty), Waterfall: "Each player is dealt 3
cards. 3 cards are placed face-up in the center of the table. These will serve as potential
jokers."
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.engine.session import Session
from bragrules.history import parse_sheet
from bragrules.profile import load_profile_text
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, nets, play, rules_for, run_cli

ONE = "extends: standard\nname: jhandu\ntable: {min_players: 2}\nranking: {wild: {from_centre: 1}}\n"


def centre_rules(n: int = 1, **wild: object) -> Any:
    return rules_for("standard", ranking={"wild": {"from_centre": n, **wild}}, table={"min_players": 2})


def test_the_centre_card_makes_every_card_of_its_rank_wild() -> None:
    """"If the dealer places 8♦ face-up, all 8s (8♥, 8♣, 8♠, 8♦) act as Jokers for every player"."""
    deal = deal_with(centre_rules(), {"A": "8h 3c 3d", "B": "Kc Kd 2h"}, centre=parse_cards("8d"))
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["A"]  # 3-3 and an eight: a prial of threes
    assert nets(deal) == {"A": 3, "B": -3}  # B's ante and bet
    assert "ranking.wild.from_centre" in deal.result.decided_by
    same = deal_with(centre_rules(), {"A": "8h 3c 3d", "B": "Kc Kd 2h"}, centre=parse_cards("9d"))
    play(same, ["A look", "A bet 2", "B look", "B bet 2", "A see 4"])
    assert same.result is not None and same.result.winners == ["B"]  # a nine turned: kings beat threes
    assert "ranking.wild.from_centre" not in same.result.decided_by  # no wild card in either hand


def test_two_centre_cards_two_wild_ranks() -> None:
    """"dealer places Q♠ and 6♥ face-up, so both Qs and 6s are Jokers"."""
    rules = centre_rules(2)
    deal = deal_with(rules, {"A": "Qc 6d 2h", "B": "Ac Ad Kh"}, centre=parse_cards("Qs 6h"))
    assert deal.comparer.describe(parse_cards("Qc 6d 2h")) == "prial of twos (6d as 2d, Qc as 2c)"
    assert deal.view("A").centre == tuple(parse_cards("Qs 6h"))  # face up: everyone sees them
    assert deal.view("B").centre == tuple(parse_cards("Qs 6h"))


def test_a_player_sees_their_own_wild_cards_only() -> None:
    deal = deal_with(centre_rules(), {"A": "8h 3c 3d", "B": "8c Kd 2h"}, centre=parse_cards("8d"))
    assert deal.view("A").wild == ()  # blind: A has not seen the cards
    play(deal, ["A look"])
    assert deal.view("A").wild == tuple(parse_cards("8h"))
    assert deal.view("B").wild == ()  # B is blind, and never sees A's
    data = deal.view("A").to_json()
    assert data["wild"] == ["8h"] and "wild" not in deal.view("B").to_json()
    assert "8c" not in json.dumps(deal.view("A").to_json())


def test_natural_beats_wild_decides_between_equal_prials() -> None:
    """9-9-9 dealt against 9 and two eights with an eight turned: natural beats wild by default, a tie
    (the caller losing, as standard says) without it."""
    hands = {"A": "9s 8c 8h", "B": "9c 9d 9h"}
    deal = deal_with(centre_rules(), hands, centre=parse_cards("8d"))
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["B"]
    even = deal_with(centre_rules(natural_beats_wild=False), hands, centre=parse_cards("8d"))
    play(even, ["A look", "A bet 2", "B look", "B bet 2", "A see 4"])
    assert even.comparer.key(even.players["A"].hand) == even.comparer.key(even.players["B"].hand)  # type: ignore[arg-type]


def test_a_deal_without_its_centre_card_is_refused() -> None:
    from bragrules.core.errors import RuleViolation

    with pytest.raises(RuleViolation) as refused:
        deal_with(centre_rules(), {"A": "8h 3c 3d", "B": "Kc Kd 2h"})
    assert refused.value.rule == "ranking.wild.from_centre"


def test_the_centre_is_dealt_from_the_pack_and_recorded() -> None:
    rules = compile_rules(load_profile_text(ONE))
    session = Session(rules, ["A", "B", "C"], seed=4)
    session.start_deal()
    centre = session.current_centre()
    assert len(centre) == 1
    held = [c for h in session.current_hands().values() for c in h]
    assert centre[0] not in held and len(set(held)) == 9


def test_the_audit_replays_the_centre_and_names_the_rule() -> None:
    text = ("format: bragrules-history/1\nprofile: jhandu\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: 8h 3c 3d, B: Kc Kd 2h}\n"
            "    centre: %s\n"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 4]\n"
            "    result: {winners: [%s]}\n")
    profile = load_profile_text(ONE)
    assert audit(parse_sheet(text % ("8d", "A"), filename="s.yaml"), profile).ok
    assert audit(parse_sheet(text % ("9d", "B"), filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(text % ("8d", "B"), filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.from_centre"]


def test_a_played_log_audits_clean_and_a_changed_centre_is_caught(tmp_path: Path, capsys: Any,
                                                                  monkeypatch: Any) -> None:
    """The centre cards `play` dealt are in its log; the audit follows them from the seed."""
    profile_file = tmp_path / "jhandu.yaml"
    profile_file.write_text(ONE, encoding="utf-8")
    path = tmp_path / "jhandu.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", str(profile_file), "--auto", "--hands", "12",
                           "--seed", "11", "--players", "3", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]
    lines = path.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if '"centre"' in line and json.loads(line)["type"] == "deal")
    event = json.loads(lines[index])
    cards = next(e for e in map(json.loads, lines) if e["type"] == "cards" and e["deal"] == event["deal"])
    held = set(" ".join(cards["cards"].values()).split())
    event["centre"] = next(c for c in ("2c", "3c", "4c", "5c") if c not in held and c != event["centre"])
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    changed = audit(path)
    assert changed.violations and changed.violations[0].rule == "history.seed"
    assert "the centre cards are not the ones seed 11 deals" in changed.violations[0].message
