"""stakes.pot_limit: when the pot reaches its limit the hands are shown automatically.

S12, https://gametionglobal.com/teenpatti.html: "Every table of Teen Patti has a Pot Limit, which is
the maximum amount that can be collected"; https://jungleeteenpatti.com/Learn-TeenPatti.html and
https://www.mega888.com.ph/game-list/teen-patti-joker-jili/: when the pot reaches its limit the
hands of the players still in are shown, and the best hand takes the pot.

The scenario: traditional (ante 1, four players, a raise adds at most 5) with a pot limit of 12.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Dict, List

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile_text

from ..helpers import FOUR, deal_with, nets, play, rules_for

LIMIT = "extends: traditional\nname: pot-limit\nstakes: {pot_limit: 12}\n"
SHEET = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n")


def test_the_bet_that_reaches_the_limit_shows_every_hand_still_in() -> None:
    """"When the pot reaches its limit the hands are shown automatically": B (a run) takes it from
    A (a flush) and C, who are still in with B; D has not acted and is still in too, and shows."""
    deal = play(deal_with(rules_for("traditional", stakes={"pot_limit": 12}), FOUR),
                ["A look", "A bet 3", "B look", "B bet 3", "C bet 2"])
    result = deal.result
    assert result is not None and deal.pot == 12  # 4 antes, then 3 + 3 + 2
    assert result.winners == ["B"] and result.showdown
    assert result.reason == "the pot has reached its limit of 12: everyone still in shows"
    assert result.decided_by == ["stakes.pot_limit"]
    assert nets(deal) == {"A": -4, "B": 8, "C": -3, "D": -1}
    assert [p for p, _ in deal.events[-1].shown] == ["A", "B", "C", "D"]  # every hand still in is shown


def test_below_the_limit_the_betting_goes_on() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"pot_limit": 13}), FOUR),
                ["A look", "A bet 3", "B look", "B bet 3", "C bet 2"])
    assert deal.result is None and deal.to_act == "D"
    deal = play(deal_with(rules_for("traditional"), FOUR), ["A look", "A bet 3", "B look", "B bet 3", "C bet 2"])
    assert deal.result is None  # without the limit nothing is shown


def test_the_bet_that_passes_the_limit_stands_whole() -> None:
    """The pages do not cut the last bet down: a bet of 8 that takes the pot from 8 to 16 stands."""
    deal = play(deal_with(rules_for("traditional", stakes={"pot_limit": 12}), FOUR),
                ["A look", "A bet 4", "B look", "B bet 8"])
    assert deal.result is not None and deal.pot == 16 and deal.result.winners == ["B"]


def test_no_action_follows_the_forced_show_and_the_refusal_names_the_limit() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"pot_limit": 12}), FOUR),
                ["A look", "A bet 3", "B look", "B bet 3", "C bet 2"])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("D fold")
    assert refused.value.rule == "stakes.pot_limit"
    assert "the pot has reached its limit of 12" in str(refused.value)


def test_equal_best_hands_at_the_limit_split_as_ties_among_many_do() -> None:
    hands = {"A": "Kc 9c 4c", "B": "Kd 9d 4d", "C": "2c 7h Jd", "D": "3s 8h Qd"}
    deal = play(deal_with(rules_for("traditional", stakes={"pot_limit": 12}), hands),
                ["A look", "A bet 3", "B look", "B bet 3", "C bet 2"])
    assert deal.result is not None and deal.result.winners == ["A", "B"] and deal.result.outcome == "split"


def _greedy(deal: Deal) -> Any:
    """Look, then bet the most allowed: the pot grows until the limit shows the hands."""
    options = {o.kind: o for o in deal.legal_actions()}
    if "look" in options:
        return options["look"].action()
    bet = options.get("bet")
    if bet is not None:
        return bet.action(bet.max_amount if bet.max_amount is not None else bet.amount)
    return next(iter(options.values())).action()


def _log(tmp_path: Path) -> Path:
    rules = rules_for("traditional", stakes={"pot_limit": 40})
    session = Session(rules, ["A", "B", "C", "D"], seed=8)
    path = tmp_path / "pot-limit.jsonl"
    with LogWriter.for_session(path, session, profile_name="pot-limit"):
        for _ in range(3):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(_greedy(deal))
            session.finish_deal()
    return path


def _lines(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_log_of_forced_shows_audits_clean_and_a_tampered_one_names_the_limit(tmp_path: Path) -> None:
    path = _log(tmp_path)
    lines = _lines(path)
    results = [line for line in lines if line["type"] == "result"]
    assert all("the pot has reached its limit of 40" in r["reason"] for r in results)
    assert audit(str(path)).ok
    # tampered: one more bet written after the show the limit forced in the first deal
    at = max(i for i, line in enumerate(lines) if line["type"] == "action" and line["deal"] == 1)
    lines.insert(at + 1, {"type": "action", "deal": 1, "action": f"{lines[at]['action'].split()[0]} bet 5"})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations] == [(1, "stakes.pot_limit")]


def test_arbitrate_cites_the_limit_for_the_ending_and_for_an_action_after_it() -> None:
    sheet = parse_sheet(SHEET + "    actions: [A look, A bet 3, B look, B bet 3]\n    dispute: C bet 2\n",
                        filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile_text(LIMIT)]).rulings
    assert ruling.allowed and "stakes.pot_limit" in ruling.rules
    after = parse_sheet(SHEET + "    actions: [A look, A bet 3, B look, B bet 3, C bet 2]\n    dispute: D fold\n",
                        filename="situation.yaml")
    (refused,) = arbitrate(after, [load_profile_text(LIMIT)]).rulings
    assert not refused.allowed and refused.rules[0] == "stakes.pot_limit"


def test_random_play_under_a_limit_never_bets_past_a_pot_at_the_limit() -> None:
    rules = rules_for("traditional", stakes={"pot_limit": 20})
    rng = random.Random(4)
    forced = 0
    for _ in range(60):
        deal = deal_with(rules, FOUR)
        while deal.result is None:
            options = deal.legal_actions()
            option = options[rng.randrange(len(options))]
            amount = None
            if option.kind == "bet":
                amount = rng.choice(option.amounts(limit=4))
            deal.apply(option.action(amount) if amount is not None else option.action())
            if deal.result is None:
                assert deal.pot < 20
        forced += deal.result.reason.startswith("the pot has reached its limit")
    assert forced > 5
