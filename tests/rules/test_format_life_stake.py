"""Stop the Bus for money (N06): each life lost pays into a pot that the last player left collects.

https://gamerules.com/rules/stop-the-bus/: "A way to make this game a little more interesting is to play
for money. Each chip can represent a dollar. Lost chips are tossed in the center of the table to form the
pot. The winner collects the pot at the end of the game."
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import rules_for


def money_rules(stake: str = "1"):
    return rules_for("stop-the-bus-money", format={"life_stake": stake})


@pytest.mark.parametrize("seed", [3, 12, 40])
def test_every_life_lost_pays_and_the_survivor_collects_the_pot(seed: int) -> None:
    """"Lost chips are tossed in the center of the table to form the pot. The winner collects the pot at
    the end of the game": each loser is down a stake per life lost, the last player up the rest, exactly."""
    session = Session(money_rules("5/2"), ["A", "B", "C", "D"], seed=seed)
    paid = {p: 0 for p in session.players}
    choose = random_chooser(random.Random(seed))
    for _ in range(500):
        if session.is_over:
            break
        deal = session.start_deal()
        while not deal.is_over:
            session.act(choose(deal))  # type: ignore[arg-type]
        before = dict(session.lives)
        session.finish_deal()
        for p in session.players:
            paid[p] += before[p] - session.lives[p]
        assert sum(session.balances.values()) + session.lives_pot == 0  # conserved at every deal
        if not session.is_over:
            assert session.lives_pot == Fraction(5, 2) * sum(paid.values())
    assert session.is_over
    (winner,) = session.winners()
    assert session.lives_pot == 0
    for p in session.players:
        if p != winner:
            assert paid[p] == 3 and session.balances[p] == Fraction(-15, 2)
    assert session.balances[winner] == Fraction(5, 2) * (sum(paid.values()) - paid[winner])  # the pot, less its own stakes
    assert session.balances[winner] == -sum(session.balances[p] for p in session.players if p != winner)
    assert session.net()[winner] > 0


def test_a_tied_lowest_pays_for_each_life_lost() -> None:
    """Two equal lowest hands each lose a life (crash's rule), so each pays its stake."""
    rules = money_rules()
    session = Session(rules, ["A", "B", "C"], seed=1)
    deal = session.start_deal()
    choose = random_chooser(random.Random(1))
    while not deal.is_over:
        session.act(choose(deal))  # type: ignore[arg-type]
    result = session.finish_deal()
    lost = result.lives_lost
    assert lost and session.lives_pot == len(lost)
    assert all(session.balances[p] == -1 for p in lost)
    assert all(session.balances[p] == 0 for p in session.players if p not in lost)


def _log(path: Path, seed: int = 7) -> None:
    session = Session(compile_rules(load_profile("stop-the-bus-money")), ["A", "B", "C"], seed=seed)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(seed)), max_deals=400)
    assert session.is_over


def test_the_log_records_the_pot_of_lives_and_the_audit_checks_it(tmp_path: Path) -> None:
    """Each result line gives the pot of lives after the deal; the audit replays it, and a wrong one is
    reported under format.life_stake on its line. The end line's nets add up to zero."""
    path = tmp_path / "money.jsonl"
    _log(path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    results = [line for line in lines if line["type"] == "result"]
    assert results and all("lives_pot" in r for r in results)
    assert results[-1]["lives_pot"] == 0
    end = next(line for line in lines if line["type"] == "end")
    nets = {p: Fraction(str(v)) for p, v in end["net"].items()}
    assert sum(nets.values()) == 0 and nets[end["winners"][0]] == 6  # two players out: 2 × 3 lives × 1
    report = audit(read_log(path))
    assert report.ok, report.violations
    first = next(i for i, line in enumerate(lines) if line["type"] == "result" and line["lives_pot"])
    lines[first]["lives_pot"] = "7/2"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    found = [(v.rule, v.line) for v in audit(read_log(bad)).violations]
    assert found == [("format.life_stake", first + 1)]


def test_without_a_stake_logs_and_hashes_are_as_before(tmp_path: Path) -> None:
    """stop-the-bus leaves it unset: no money moves, no pot is written, and the hash is as before."""
    session = Session(compile_rules(load_profile("stop-the-bus")), ["A", "B", "C"], seed=5)
    path = tmp_path / "plain.jsonl"
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(5)), max_deals=400)
    assert all(v == 0 for v in session.balances.values())
    assert '"lives_pot"' not in path.read_text()
    plain = load_profile("stop-the-bus")
    assert profile_hash(plain) == profile_hash(Profile.model_validate(
        {**plain.model_dump(mode="json"), "format": {**plain.model_dump(mode="json")["format"], "life_stake": None}}))


@pytest.mark.parametrize("fmt", [{"life_stake": 1}, {"lives": 3, "betting": False, "life_stake": 0}])
def test_a_stake_needs_lives(fmt: dict) -> None:
    with pytest.raises(ValueError, match="life_stake"):
        Profile.model_validate({"format": fmt, "stakes": {"ante": 0}})
