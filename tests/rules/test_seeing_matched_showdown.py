"""seeing.matched_showdown: single-stake Brag's showdown once every stake still in is matched (V16).

http://www.pokerwiner.com/games-of-playing-cards/brag.html (Single-Stake Brag): "each player must either
drop out of the game for the round in progress, or put up a stake at least equal to that of the
dealer's. If he chooses he may raise the stake, in which event any player coming into the game, or
already in the game, must raise his bet to as much as the highest individual stake, or drop out ...
When all those who wish to play have raised their bets to an equal amount, the cards are shown and the
player with the best hand collects all the stakes."

The page has no see; 000, 002 and 003 have matched bets never end the betting. So `always` is the
page, `more_than_two` keeps the see between the last two, `never` is the texts.
The scenario: traditional, four players.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile_text

from ..helpers import FOUR, deal_with, nets, play, rules_for

ALWAYS = {"matched_showdown": "always"}
MATCHED_YAML = "extends: traditional\nname: single-stake\nseeing: {matched_showdown: always}\n"
SHEET = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n")


def test_when_every_stake_is_matched_all_hands_are_shown() -> None:
    """"When all those who wish to play have raised their bets to an equal amount, the cards are shown
    and the player with the best hand collects all the stakes": A raises to 4, B and C meet it, D drops
    out; the three hands are shown and B's run takes the pot."""
    deal = play(deal_with(rules_for("traditional", seeing=ALWAYS), FOUR),
                ["A look", "A bet 4", "B look", "B bet 4", "C look", "C bet 4"])
    assert deal.result is None and deal.to_act == "D"  # D has not yet met the stake or dropped out
    play(deal, ["D fold"])
    result = deal.result
    assert result is not None and result.winners == ["B"] and result.showdown
    assert result.decided_by == ["seeing.matched_showdown"]
    assert [p for p, _ in deal.events[-1].shown] == ["A", "B", "C"]
    assert nets(deal) == {"A": -5, "B": 11, "C": -5, "D": -1}


def test_a_raise_sends_the_stake_round_again() -> None:
    """"in which event any player ... already in the game, must raise his bet to as much as the highest
    individual stake, or drop out": after B raises, A must meet 6 again before anything is shown."""
    deal = play(deal_with(rules_for("traditional", seeing=ALWAYS), FOUR),
                ["A look", "A bet 4", "B look", "B bet 6", "C fold", "D fold"])
    assert deal.result is None and deal.to_act == "A"
    play(deal, ["A bet 6"])
    assert deal.result is not None and deal.result.winners == ["B"]


def test_blind_stakes_match_at_their_rate() -> None:
    """A blind player meets the level at the blind rate: half of 4 matches a seen 4."""
    deal = play(deal_with(rules_for("traditional", seeing=ALWAYS), FOUR),
                ["A look", "A bet 4", "B bet 2", "C bet 2", "D bet 2"])
    assert deal.result is not None and deal.result.winners == ["B"]
    assert [p for p, _ in deal.events[-1].shown] == ["A", "B", "C", "D"]


def test_more_than_two_leaves_the_last_two_to_see() -> None:
    rules = rules_for("traditional", seeing={"matched_showdown": "more_than_two"})
    deal = play(deal_with(rules, FOUR), ["A look", "A bet 4", "B look", "B bet 4", "C fold", "D fold"])
    assert deal.result is None and deal.to_act == "A"  # two left: they bet on or see
    three = play(deal_with(rules, FOUR), ["A look", "A bet 4", "B look", "B bet 4", "C look", "C bet 4", "D fold"])
    assert three.result is not None and three.result.decided_by == ["seeing.matched_showdown"]


def test_never_is_the_texts_matched_bets_go_on() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR),
                ["A look", "A bet 4", "B look", "B bet 4", "C look", "C bet 4", "D fold"])
    assert deal.result is None and deal.to_act == "A"


def test_an_action_after_the_showdown_is_refused_by_the_rule() -> None:
    deal = play(deal_with(rules_for("traditional", seeing=ALWAYS), FOUR),
                ["A look", "A bet 4", "B look", "B bet 4", "C look", "C bet 4", "D fold"])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 4")
    assert refused.value.rule == "seeing.matched_showdown"


def _caller(deal: Deal) -> Any:
    """Everyone looks and meets the level, except that the first to act raises once."""
    options = {o.kind: o for o in deal.legal_actions()}
    if "look" in options:
        return options["look"].action()
    bet = options["bet"]
    if not deal.actions[1:] or len(deal.actions) < 3:
        return bet.action(bet.nth_amount(2))
    return bet.action()


def test_a_log_audits_clean_and_a_tampered_one_names_the_rule(tmp_path: Path) -> None:
    rules = rules_for("traditional", seeing=ALWAYS)
    session = Session(rules, ["A", "B", "C", "D"], seed=2)
    path = tmp_path / "matched.jsonl"
    with LogWriter.for_session(path, session, profile_name="single-stake"):
        for _ in range(2):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(_caller(deal))
            session.finish_deal()
    assert audit(str(path)).ok
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert all(line["reason"].startswith("every stake still in is matched") for line in lines if line["type"] == "result")
    at = max(i for i, line in enumerate(lines) if line["type"] == "action" and line["deal"] == 1)
    lines.insert(at + 1, {"type": "action", "deal": 1, "action": lines[at]["action"]})  # one bet more
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations] == [(1, "seeing.matched_showdown")]


def test_arbitrate_cites_the_rule_for_the_bet_that_matched() -> None:
    sheet = parse_sheet(SHEET + "    actions: [A look, A bet 4, B look, B bet 4, C look, C bet 4]\n"
                        "    dispute: D fold\n", filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile_text(MATCHED_YAML)]).rulings
    assert ruling.allowed and "seeing.matched_showdown" in ruling.rules


def test_random_play_ends_every_deal_once_stakes_match() -> None:
    rules = rules_for("traditional", seeing=ALWAYS)
    rng = random.Random(12)
    matched = 0
    for _ in range(40):
        deal = deal_with(rules, FOUR)
        while deal.result is None:
            options = deal.legal_actions()
            option = options[rng.randrange(len(options))]
            deal.apply(option.action())
        matched += "seeing.matched_showdown" in deal.result.decided_by
    assert matched > 5
