"""stakes.raised_out: a player who only matched and is then raised is out of the hand (S23).

http://www.users.globalnet.co.uk/~jamiec/brag.htm: "Players can choose to either match the previous
players bet, or raise the bet. If though, a player chooses to match the existing bet, and the next
player decides to raise the bet, the player that did not raise is out of the game. Play continues until
only two players are left, the rest having either folded, or having been raised out of the game. A
player can then see the other players hand by matching his bet."

Read as a rule: while three or more are in, a raise puts out the player whose bet, the last one before
it, matched the level; with two left they see as usual. The scenario: traditional, four players.
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
from bragrules.engine.events import Fold
from bragrules.engine.session import Session
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile_text

from ..helpers import FOUR, deal_with, nets, play, rules_for

OUT = {"raised_out": True}
OUT_YAML = "extends: traditional\nname: raised-out\nstakes: {raised_out: true}\n"
SHEET = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n")


def test_the_player_who_only_matched_is_out_when_the_next_raises() -> None:
    """"a player chooses to match the existing bet, and the next player decides to raise the bet, the
    player that did not raise is out of the game": B matches A's 4, C raises to 6, B is out."""
    deal = play(deal_with(rules_for("traditional", stakes=OUT), FOUR),
                ["A look", "A bet 4", "B look", "B bet 4", "C look", "C bet 6"])
    assert deal.players["B"].folded and not deal.players["A"].folded
    assert deal.to_act == "D" and isinstance(deal.events[-1], Fold) and deal.events[-1].player == "B"
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 6")
    assert refused.value.rule == "stakes.raised_out"
    play(deal, ["D fold", "A fold"])
    assert deal.result is not None and deal.result.winners == ["C"]
    assert nets(deal) == {"A": -5, "B": -5, "C": 11, "D": -1}  # B's stake stays in the pot


def test_a_raise_after_a_raise_puts_nobody_out() -> None:
    deal = play(deal_with(rules_for("traditional", stakes=OUT), FOUR),
                ["A look", "A bet 4", "B look", "B bet 6", "C look", "C bet 8"])
    assert not any(deal.players[p].folded for p in "ABC")


def test_with_two_left_nobody_is_raised_out() -> None:
    """"Play continues until only two players are left ... A player can then see the other players hand"."""
    deal = play(deal_with(rules_for("traditional", stakes=OUT), FOUR),
                ["A look", "A bet 4", "B look", "B bet 4", "C fold", "D fold", "A bet 6"])
    assert not deal.players["B"].folded and deal.to_act == "B"


def test_without_the_rule_matching_is_safe() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR),
                ["A look", "A bet 4", "B look", "B bet 4", "C look", "C bet 6"])
    assert not deal.players["B"].folded


def _matcher(deal: Deal) -> Any:
    """Everyone looks; the second bet of a deal matches, the third raises; then everyone folds to the raiser."""
    options = {o.kind: o for o in deal.legal_actions()}
    if "look" in options:
        return options["look"].action()
    bets = sum(1 for a in deal.actions if a.kind == "bet")
    bet = options.get("bet")
    if bet is not None and bets < 3:
        return bet.action(bet.nth_amount(2) if bets == 2 else bet.amount)
    return options["fold"].action()


def test_a_log_audits_clean_and_an_action_by_the_player_raised_out_is_named(tmp_path: Path) -> None:
    rules = rules_for("traditional", stakes=OUT)
    session = Session(rules, ["A", "B", "C", "D"], seed=5)
    path = tmp_path / "raised-out.jsonl"
    with LogWriter.for_session(path, session, profile_name="raised-out"):
        deal = session.start_deal()
        while not deal.is_over:
            session.act(_matcher(deal))
        session.finish_deal()
    assert audit(str(path)).ok
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    bets = [i for i, line in enumerate(lines) if line["type"] == "action" and " bet " in line["action"]]
    matcher = lines[bets[1]]["action"].split()[0]
    # tampered: the player raised out bets again, at once after the raise
    lines.insert(bets[2] + 1, {"type": "action", "deal": 1, "action": f"{matcher} fold"})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations][:1] == [(1, "stakes.raised_out")]


def test_arbitrate_cites_the_rule() -> None:
    sheet = parse_sheet(SHEET + "    actions: [A look, A bet 4, B look, B bet 4, C look, C bet 6]\n"
                        "    dispute: B bet 6\n", filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile_text(OUT_YAML)]).rulings
    assert not ruling.allowed and ruling.rules[0] == "stakes.raised_out"


def test_random_play_raises_players_out_and_conserves_money() -> None:
    rules = rules_for("traditional", stakes=OUT)
    rng = random.Random(21)
    out = 0
    for _ in range(40):
        deal = deal_with(rules, FOUR)
        while deal.result is None:
            options = deal.legal_actions()
            option = options[rng.randrange(len(options))]
            deal.apply(option.action(rng.choice(option.amounts(limit=3))) if option.kind == "bet" else option.action())
        out += bool(deal.out_by)
        assert sum(deal.result.net.values()) + deal.result.carried_out == 0  # what carries is the pot's
    assert out > 3
