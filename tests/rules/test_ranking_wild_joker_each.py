"""ranking.wild.joker_each: every player is dealt two cards of the pack and a joker of their own.

Teen Patti Joker (https://www.mega888.com.ph/game-list/teen-patti-joker-jili/): "Use a deck of
playing cards with a total of 52, excluding the "Joker cards", and reshuffle at the end of each
round. ... Each player is dealt with three cards, given "2 cards" and "1 Joker card". The "Joker
card" can replace with any kind of card."
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any, Dict

import pytest

from bragrules.audit import audit
from bragrules.core.cards import JOKER_BASE, parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session
from bragrules.history import parse_sheet
from bragrules.profile import ProfileError, load_profile_text
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import compile_ranking
from bragrules.rules.wild_deal import OwnWildRanker

from ..helpers import deal_with, nets, play, rules_for, run_cli

JOKER = "extends: standard\nname: joker\ntable: {min_players: 2}\nranking: {wild: {joker_each: true}}\n"


def joker_rules() -> Any:
    return rules_for("standard", ranking={"wild": {"joker_each": True}}, table={"min_players": 2})


def test_each_player_is_dealt_two_cards_of_the_pack_and_a_joker() -> None:
    """"given "2 cards" and "1 Joker card"" from "a deck of playing cards with a total of 52"."""
    session = Session(compile_rules(load_profile_text(JOKER)), ["A", "B", "C", "D"], seed=7)
    for _ in range(5):
        session.start_deal()
        hands = session.current_hands()
        assert all(len(h) == 3 and str(h[-1]) == "Jk" for h in hands.values())
        from_pack = [c for h in hands.values() for c in h[:2]]
        assert len(set(from_pack)) == 8 and all(c < JOKER_BASE for c in from_pack)
        deal = session.current
        assert deal is not None
        while deal.result is None:
            deal.apply(deal.legal_actions()[-1].action())  # fold round to the end
        session.finish_deal()
        assert len(session.pack) == 52  # the jokers go back to no pack: it stays the 52 cards


def test_the_joker_replaces_any_card() -> None:
    """"The "Joker card" can replace with any kind of card": a pair and the joker are a prial."""
    deal = deal_with(joker_rules(), {"A": "9h 9d Jk", "B": "Kc Qc Jk"})
    assert deal.comparer.describe(deal.players["A"].hand) == "prial of nines (Jk as 9c)"  # type: ignore[arg-type]
    assert deal.comparer.describe(deal.players["B"].hand) == "running flush, A-K-Q (Jk as Ac)"  # type: ignore[arg-type]
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert nets(deal) == {"A": 3, "B": -3}
    assert "ranking.wild.joker_each" in deal.result.decided_by
    assert deal.view("A").wild == tuple(parse_cards("Jk"))  # the player's own joker, marked wild for them


def test_a_hand_without_its_joker_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        deal_with(joker_rules(), {"A": "9h 9d 4c", "B": "Kc Qc Jk"})
    assert refused.value.rule == "ranking.wild.joker_each"
    assert "A's hand must end with the joker" in refused.value.message


def test_the_audit_checks_the_joker_and_the_winner() -> None:
    text = ("format: bragrules-history/1\nprofile: joker\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: %s, B: Kc Qc Jk}\n"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 4]\n"
            "    result: {winners: [%s]}\n")
    profile = load_profile_text(JOKER)
    assert audit(parse_sheet(text % ("9h 9d Jk", "A"), filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(text % ("9h 9d Jk", "B"), filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.joker_each"]
    missing = audit(parse_sheet(text % ("9h 9d 4c", "A"), filename="s.yaml"), profile)
    assert missing.violations[0].rule == "ranking.wild.joker_each"


def _brute_force_counts() -> Dict[str, int]:
    """Two cards and a joker: the best plain hand over every card the joker may be (not one held)."""
    plain = compile_ranking(load_profile_text(JOKER).ranking)
    counts: Dict[str, int] = {}
    for a, b in itertools.combinations(range(52), 2):
        best = max(plain.strength([a, b, c]) for c in range(52) if c not in (a, b))
        category = plain.category(best)
        counts[category] = counts.get(category, 0) + 1
    return counts


def test_the_category_counts_are_exact() -> None:
    """Over all C(52, 2) = 1,326 hands: prials are the 78 pairs; running flushes 100 (4 suits x 25 pairs of
    one suit within a run); checked against a brute force of every card the joker may stand for."""
    counts = OwnWildRanker.of(load_profile_text(JOKER)).counts()
    assert sum(counts.values()) == 1326
    assert counts["prial"] == 13 * 6
    assert counts["high_card"] == 0  # the joker always pairs the higher card at least
    brute = _brute_force_counts()
    assert {k: v for k, v in counts.items() if v} == brute


def test_a_pack_with_jokers_is_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text(JOKER + "pack: {jokers: 1}\n")
    assert "ranking.wild.joker_each" in str(refused.value)


def test_a_played_log_audits_clean(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    profile_file = tmp_path / "joker.yaml"
    profile_file.write_text(JOKER, encoding="utf-8")
    path = tmp_path / "joker.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", str(profile_file), "--auto", "--hands", "15",
                           "--seed", "4", "--players", "4", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]
    lines = path.read_text(encoding="utf-8").splitlines()
    cards = next(json.loads(line) for line in lines if json.loads(line)["type"] == "cards")
    assert all(hand.endswith(" Jk") for hand in cards["cards"].values())


def test_a_pack_followed_between_deals_keeps_its_52_cards(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Under traditional rules the pack is not shuffled after every deal: the audit follows it, jokers aside."""
    profile_file = tmp_path / "joker.yaml"
    profile_file.write_text("extends: traditional\nname: joker\nranking: {wild: {joker_each: true}}\n",
                            encoding="utf-8")
    path = tmp_path / "joker.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", str(profile_file), "--auto", "--hands", "20",
                           "--seed", "9", "--players", "4", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]
