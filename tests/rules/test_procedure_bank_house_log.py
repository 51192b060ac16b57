"""The house's winnings in a banking game's log (``procedure.bank``, ``kind: house``): every result line writes
what the house's dealer won (negative when it paid out more), the audit recomputes it and reports a wrong one
under ``procedure.bank.kind``; the house's account and the players' nets always add up to nothing."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

CASINO = compile_rules(load_profile("three-card-casino"))


def _write(path: Path, seed: int, deals: int = 6) -> Session:
    session = Session(CASINO, ["A", "B", "C"], seed=seed)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(seed)), max_deals=deals)
    return session


def test_each_result_line_writes_the_houses_winnings_and_the_audit_checks_them(tmp_path: Path) -> None:
    path = tmp_path / "casino.jsonl"
    session = _write(path, 7)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    results = [line for line in lines if line["type"] == "result"]
    assert all("house" in r for r in results)
    assert [Fraction(r["house"]) for r in results] == [record.result.house for record in session.records]
    assert all(Fraction(r["house"]) == -sum(Fraction(v) for v in r["net"].values()) for r in results)
    report = audit(read_log(path))
    assert report.ok, report.violations
    assert report.house == session.house and sum(report.net.values()) + report.house == 0
    first = next(i for i, line in enumerate(lines) if line["type"] == "result")
    lines[first]["house"] = Fraction(lines[first]["house"]) + 5
    lines[first]["house"] = str(lines[first]["house"]) if lines[first]["house"].denominator != 1 else int(lines[first]["house"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    found = [(v.rule, v.line, "replayed, its dealer won" in v.message) for v in audit(read_log(bad)).violations]
    assert found == [("procedure.bank.kind", first + 1, True)]


def test_a_banker_game_writes_no_house_winnings(tmp_path: Path) -> None:
    path = tmp_path / "banco.jsonl"
    session = Session(compile_rules(load_profile("banco")), ["A", "B", "C"], seed=3)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(3)), max_deals=3)
    results = [json.loads(line) for line in path.read_text().splitlines() if '"result"' in line]
    assert results and not any("house" in r for r in results)
    assert audit(read_log(path)).house is None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_house_and_the_players_add_up_to_nothing(seed: int) -> None:
    session = play_session(Session(CASINO, ["A", "B", "C", "D"], seed=seed), random_chooser(random.Random(seed)),
                           max_deals=5)
    assert sum(session.balances.values(), Fraction(0)) + session.house == 0
    assert session.house == sum((r.result.house for r in session.records), Fraction(0))
