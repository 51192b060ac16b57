"""Sessions that end at a time limit (``session.end.kind: time``), in play, in the log and in the audit.

000: "There is no fixed number of hands in a standard game: players agree
before starting either a set number of rounds, a time limit, or simply play
until one player has won all the chips." The session ends with the first deal
that finishes once the limit has passed; a carried pot is played on until won.
Every clock here is a fake one: nothing sleeps.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any, Callable, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter, dump_sheet, parse_sheet, read_history, write_log
from bragrules.play.table import Seat, Table
from bragrules.profile import ProfileError, load_profile
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules

from ..helpers import rules_for

MINUTE = 60.0


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def timed(name: str = "standard", minutes: int = 30) -> Rules:
    return rules_for(name, session={"end": {"kind": "time", "count": None, "minutes": minutes}})


def folding(deal: Deal) -> object:
    """The first player to act looks and bets; everyone else folds: a pot won at once, never carried."""
    options = {o.kind: o for o in deal.legal_actions()}
    if deal.actions == [] and "look" in options:
        return options["look"].action()
    if "fold" in options and any(a.kind == "bet" for a in deal.actions):
        return options["fold"].action()
    if "bet" in options:
        return options["bet"].action(options["bet"].amounts(limit=1)[0])
    return next(iter(options.values())).action()


def play_timed(session: Session, clock: FakeClock, minutes_per_deal: List[float],
               choose: Callable[[Deal], object] = folding) -> None:
    """Play deals, each taking the next number of minutes, until the session is over."""
    for minutes in minutes_per_deal:
        if session.is_over:
            return
        deal = session.start_deal()
        while not deal.is_over:
            session.act(choose(deal))
        clock.advance(minutes * MINUTE)
        session.finish_deal()


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------


def test_the_session_ends_with_the_first_deal_finishing_once_the_limit_has_passed() -> None:
    """000: players agree "a time limit": the deal in progress when time is up is played out, and is the last."""
    clock = FakeClock()
    session = Session(timed(minutes=30), ["A", "B", "C"], seed=1, clock=clock)
    play_timed(session, clock, [12, 12, 5.99, 0.02, 12, 12])
    # deals finish at 12:00, 24:00, 29:59.4 and 30:00.6: the fourth is the last
    assert [r.finished_ms for r in session.records] == [720_000, 1_440_000, 1_799_400, 1_800_600]
    assert session.is_over and len(session.records) == 4


def test_a_deal_finishing_exactly_at_the_limit_ends_the_session() -> None:
    """The limit has passed once its minutes are up: a deal finishing at 30:00.000 is the last."""
    clock = FakeClock()
    session = Session(timed(minutes=30), ["A", "B", "C"], seed=1, clock=clock)
    play_timed(session, clock, [10, 10, 9.999])
    assert not session.is_over  # 29:59.940
    play_timed(session, clock, [0.001])
    assert session.is_over and session.records[-1].finished_ms == 1_800_000


def test_no_deal_starts_after_the_session_ended_by_time() -> None:
    clock = FakeClock()
    session = Session(timed(minutes=1), ["A", "B", "C"], seed=1, clock=clock)
    play_timed(session, clock, [2])
    with pytest.raises(Exception) as info:
        session.start_deal()
    assert getattr(info.value, "rule", None) == "session.end"


def test_a_pot_carried_at_the_limit_is_played_on_until_won() -> None:
    """002: "If all opponents fold while you remain blind, you do NOT collect. Carry the whole pot into the
    next deal": with a time limit (000), the session does not end with a pot on the table."""
    clock = FakeClock()
    session = Session(timed("traditional", minutes=10), ["A", "B", "C"], seed=9, dealer="C", clock=clock)
    session.start_deal()
    for text in ["A bet 1", "B fold", "C fold", "A retain"]:
        session.act(text)
    clock.advance(11 * MINUTE)
    assert session.finish_deal().outcome == "carried"
    assert not session.is_over  # past the limit, but the pot carries
    deal = session.start_deal()
    while not deal.is_over:
        session.act(folding(deal))
    clock.advance(MINUTE)
    result = session.finish_deal()
    assert result.outcome != "carried" and session.is_over


def test_the_clock_is_the_sessions_own() -> None:
    """A session started at some moment measures from it, in whole milliseconds."""
    clock = FakeClock(1000.0)
    session = Session(timed(), ["A", "B", "C"], seed=1, clock=clock)
    clock.advance(0.0015)
    assert session.elapsed_ms() == 1 and session.started_ms == 1_000_000


# ---------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------


def _timed_log(tmp_path: Path, minutes_per_deal: List[float], minutes: int = 30) -> Path:
    clock = FakeClock()
    rules = timed(minutes=minutes)
    session = Session(rules, ["A", "B", "C"], seed=3, clock=clock)
    path = tmp_path / "timed.jsonl"
    with LogWriter.for_session(path, session, profile_name="timed"):
        play_timed(session, clock, minutes_per_deal)
    return path


def _events(path: Path) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, events: List[Dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")


def test_the_log_carries_the_start_and_each_deals_finishing_time(tmp_path: Path) -> None:
    """The log carries the times the audit checks the end against: the start, and when each deal finished."""
    path = _timed_log(tmp_path, [12, 12, 7, 12])
    events = _events(path)
    assert events[0]["started_ms"] == 1_800_000_000_000
    assert [e["elapsed_ms"] for e in events if e["type"] == "result"] == [720_000, 1_440_000, 1_860_000]
    assert events[-1]["type"] == "end"
    report = audit(str(path))
    assert report.ok, report.violations
    assert report.ended and report.deal_count == 3 and not report.notes


def test_a_log_going_on_after_the_limit_breaks_session_end(tmp_path: Path) -> None:
    """000's time limit: a deal after the one that finished once the limit passed is a deal too many."""
    path = _timed_log(tmp_path, [12, 12, 7, 12])
    events = _events(path)
    second = [e for e in events if e["type"] == "result"][1]
    second["elapsed_ms"] = 1_800_000  # deal 2 finished at 30:00: the session was over then
    for e in [e for e in events if e["type"] == "result"][2:]:
        e["elapsed_ms"] += 400_000
    _write(path, events)
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations] == [(3, "session.end")]
    assert "30 minutes" in report.violations[0].message and "0:30:00" in report.violations[0].message


def test_a_log_ending_before_the_limit_breaks_session_end(tmp_path: Path) -> None:
    path = _timed_log(tmp_path, [12, 12, 7, 12])
    events = _events(path)
    [e for e in events if e["type"] == "result"][-1]["elapsed_ms"] = 1_799_999
    _write(path, events)
    report = audit(str(path))
    assert [v.rule for v in report.violations] == ["session.end"]
    assert "goes on" in report.violations[0].message


def test_a_log_without_times_under_a_time_limit_is_noted_not_condemned(tmp_path: Path) -> None:
    path = _timed_log(tmp_path, [12, 12, 7, 12])
    events = _events(path)
    for e in events:
        e.pop("elapsed_ms", None)
    _write(path, events)
    report = audit(str(path))
    assert report.ok, report.violations
    assert any("cannot be checked" in n.message and "3 deals" in n.message for n in report.notes)


def test_times_that_go_backwards_are_a_history_fault(tmp_path: Path) -> None:
    path = _timed_log(tmp_path, [12, 12, 7, 12])
    events = _events(path)
    [e for e in events if e["type"] == "result"][1]["elapsed_ms"] = 60_000
    _write(path, events)
    report = audit(str(path))
    assert ("history.time", 2) in [(v.rule, v.deal) for v in report.violations]


def test_a_bad_elapsed_time_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _timed_log(tmp_path, [12, 12, 7])
    events = _events(path)
    line = next(i for i, e in enumerate(events, start=1) if e["type"] == "result")
    events[line - 1]["elapsed_ms"] = "soon"
    _write(path, events)
    report = audit(str(path))
    assert report.error is not None and report.error.line == line
    assert "elapsed_ms" in report.error.message and "whole number" in report.error.message


def test_sheets_and_logs_keep_the_times_when_converted(tmp_path: Path) -> None:
    path = _timed_log(tmp_path, [12, 12, 7, 12])
    sheet_text = dump_sheet(read_history(path))
    assert "time: 0:12:00" in sheet_text and "time: 0:31:00" in sheet_text
    sheet = parse_sheet(sheet_text.replace("profile: timed\n", ""), filename="timed.yaml")
    assert [d.finished_ms for d in sheet.deals] == [720_000, 1_440_000, 1_860_000]
    back = tmp_path / "back.jsonl"
    write_log(read_history(path), back)
    assert _events(back)[0]["started_ms"] == 1_800_000_000_000
    assert [e.get("elapsed_ms") for e in _events(back) if e["type"] == "result"] == [720_000, 1_440_000, 1_860_000]


# ---------------------------------------------------------------------------
# Sheets
# ---------------------------------------------------------------------------

SHEET = """
players: [A, B, C]
dealer: C
deals:
  - actions: [A look, A bet 1, B fold, C fold]
    time: 14:10
  - actions: [B look, B bet 1, C fold, A fold]
    time: {second}
  - actions: [C look, C bet 1, A fold, B fold]
    time: '0:41:00'
"""


def test_a_sheet_may_give_each_deals_finishing_time() -> None:
    """000's "time limit" in a sheet: `time: 14:10` (minutes:seconds since the session started)."""
    sheet = parse_sheet(SHEET.replace("{second}", "28:00"), filename="timed.yaml")
    assert [d.finished_ms for d in sheet.deals] == [850_000, 1_680_000, 2_460_000]
    report = audit(sheet, timed(minutes=30))
    assert report.ok and report.ended, report.violations


def test_a_sheet_going_on_after_the_limit_breaks_session_end() -> None:
    sheet = parse_sheet(SHEET.replace("{second}", "'0:30:05'"), filename="timed.yaml")
    report = audit(sheet, timed(minutes=30))
    assert [(v.deal, v.rule) for v in report.violations] == [(3, "session.end")]


def test_a_sheet_time_that_is_not_a_time_is_refused_with_its_line() -> None:
    with pytest.raises(HistoryError) as info:
        parse_sheet(SHEET.replace("{second}", "'half past'"), filename="timed.yaml")
    assert info.value.line == 8 and "time" in info.value.message  # the second deal's time


def test_a_sheet_without_times_is_noted() -> None:
    text = "\n".join(line for line in SHEET.splitlines() if "time:" not in line)
    report = audit(parse_sheet(text, filename="timed.yaml"), timed(minutes=30))
    assert report.ok and not report.ended
    assert any("cannot be checked" in n.message for n in report.notes)


# ---------------------------------------------------------------------------
# play: a resumed table keeps its start
# ---------------------------------------------------------------------------


def test_a_resumed_table_measures_from_the_logged_start(tmp_path: Path) -> None:
    profile = Profile.model_validate({**load_profile("standard").model_dump(mode="json"),
                                      "session": {"end": {"kind": "time", "minutes": 600}}})
    log = tmp_path / "play.jsonl"
    table = Table.new(profile, [Seat("Ada", "cautious"), Seat("Bo", "loose"), Seat("Cy", "see_happy")],
                      seed=4, profile_name="timed", log_path=log)
    table.run(max_deals=2)
    header = _events(log)[0]
    resumed = Table.resume(log)
    assert resumed.session.started_ms == header["started_ms"]
    # resume keeps no record of the deals it replays (flat memory); the session holds the last deal's logged time
    assert resumed.deals_played == 2 and resumed.session.records == []
    assert resumed.session.state.finished_ms == [
        e["elapsed_ms"] for e in _events(log) if e["type"] == "result"][-1]
    resumed.close()


# ---------------------------------------------------------------------------
# A property
# ---------------------------------------------------------------------------


@settings(max_examples=30)
@given(seed=st.integers(0, 5000), minutes=st.integers(1, 30),
       durations=st.lists(st.integers(1, 900), min_size=1, max_size=40))
def test_random_timed_sessions_end_where_the_audit_says(tmp_path_factory: Any, seed: int, minutes: int,
                                                         durations: List[int]) -> None:
    """Deals of random lengths (in seconds) under a random limit, random play under 002's rules: the
    session ends with the first deal finishing past the limit with no pot carried, and audits clean."""
    clock = FakeClock()
    rules = timed("traditional", minutes=minutes)
    session = Session(rules, ["A", "B", "C", "D"], seed=seed, dealer="D", clock=clock)
    path = Path(tmp_path_factory.mktemp("timed")) / "log.jsonl"
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(path, session, profile_name="timed"):
        play_timed(session, clock, [d / MINUTE for d in durations], choose)
    limit = minutes * 60_000
    records = session.records
    finished = [r.finished_ms or 0 for r in records]
    assert all(r.finished_ms is not None for r in records)
    over = [i for i, r in enumerate(records)
            if finished[i] >= limit and r.result.carried_out == 0 and r.result.outcome != "redeal"]
    assert session.is_over == bool(over)
    if over:
        assert over[0] == len(records) - 1
    assert finished == sorted(finished)
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.ended == session.is_over


# ---------------------------------------------------------------------------
# session.end.at_limit: abandon: play stops at the limit, mid-hand
# ---------------------------------------------------------------------------


def abandoning(name: str = "standard", minutes: int = 30) -> Rules:
    return rules_for(name, session={"end": {"kind": "time", "count": None, "minutes": minutes,
                                            "at_limit": "abandon"}})


def test_at_the_limit_the_hand_in_progress_is_abandoned_with_every_stake_returned() -> None:
    """000: players agree "a time limit", and the winner has "the most chips when play stops": play
    stops at the limit, in the middle of the hand, and its stakes go back to those who paid them."""
    clock = FakeClock()
    session = Session(abandoning(), ["A", "B", "C"], seed=1, dealer="C", clock=clock)
    play_timed(session, clock, [10, 10])
    before = dict(session.balances)
    deal = session.start_deal()
    assert session.records[-1].dealer == "A" and deal.order == ["C", "A", "B"]
    for text in ["C look", "C bet 3", "A look", "A bet 5"]:
        session.act(text)
    clock.advance(10 * MINUTE)  # 30:00: time is up while B is to act
    assert session.time_up()
    with pytest.raises(RuleViolation) as refused:
        session.act("B fold")
    assert refused.value.rule == "session.end.at_limit" and "B fold is not played" in refused.value.message
    assert deal.to_act == "B" and deal.pot == 11 and not deal.is_over  # nothing changed
    session.abandon_deal()
    result = session.finish_deal()
    assert result.outcome == "abandoned" and all(v == 0 for v in result.net.values())
    assert result.decided_by == ["session.end.at_limit"] and result.ending is not None
    assert result.ending.kind == "abandoned"
    assert session.balances == before and session.is_over and session.records[-1].finished_ms == 1_800_000


def test_under_the_default_the_hand_in_progress_is_played_out() -> None:
    """Today's reading of 000's time limit: the deal in progress is played out, and is the last."""
    clock = FakeClock()
    session = Session(timed(), ["A", "B", "C"], seed=1, dealer="C", clock=clock)
    play_timed(session, clock, [10, 10])
    session.start_deal()
    clock.advance(10 * MINUTE)
    assert not session.time_up()
    session.act("C look")  # play goes on
    with pytest.raises(RuleViolation) as refused:
        session.abandon_deal()
    assert refused.value.rule == "session.end.at_limit" and "played out" in refused.value.message


def test_a_hand_for_a_carried_pot_is_played_out_past_the_limit() -> None:
    """002: "Carry the whole pot into the next deal": a hand playing for a carried pot is not
    abandoned; the session ends with the first deal finishing with no pot carried."""
    clock = FakeClock()
    session = Session(abandoning("traditional", minutes=10), ["A", "B", "C"], seed=9, dealer="C", clock=clock)
    session.start_deal()
    for text in ["A bet 1", "B fold", "C fold", "A retain"]:
        session.act(text)
    clock.advance(5 * MINUTE)
    assert session.finish_deal().outcome == "carried"
    deal = session.start_deal()
    clock.advance(6 * MINUTE)  # past the limit, but the pot carried in is played for
    assert not session.time_up()
    with pytest.raises(RuleViolation) as refused:
        session.abandon_deal()
    assert "carried pot" in refused.value.message
    while not deal.is_over:
        session.act(folding(deal))
    assert session.finish_deal().outcome != "carried" and session.is_over


def test_a_deal_finished_before_the_limit_finishes_at_its_last_action() -> None:
    """A deal played out before time is up finishes when its last action is made, not when it is
    settled, so that the log never shows a deal played out past the limit."""
    clock = FakeClock()
    session = Session(abandoning(minutes=30), ["A", "B", "C"], seed=1, dealer="C", clock=clock)
    deal = session.start_deal()
    clock.advance(29 * MINUTE)
    while not deal.is_over:
        session.act(folding(deal))
    clock.advance(2 * MINUTE)
    session.finish_deal()
    assert session.records[-1].finished_ms == 29 * 60_000 and not session.is_over
    deal = session.start_deal()  # dealt after the limit: abandoned before anybody acts
    assert session.time_up()
    session.abandon_deal()
    assert session.finish_deal().outcome == "abandoned" and session.is_over


def test_at_limit_without_a_time_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("extends: standard\nsession:\n  end:\n    kind: hands\n    count: 8\n    at_limit: abandon\n",
                    encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(path))
    text = str(refused.value)
    assert "odd.yaml:6:" in text and "at_limit" in text and "kind: time" in text, text


def _abandoned_log(tmp_path: Path) -> Path:
    clock = FakeClock()
    session = Session(abandoning(), ["A", "B", "C"], seed=3, dealer="C", clock=clock)
    path = tmp_path / "abandoned.jsonl"
    with LogWriter.for_session(path, session, profile_name="abandoning"):
        play_timed(session, clock, [12, 12])
        deal = session.start_deal()
        session.act(deal.legal_actions()[0].action())
        clock.advance(7 * MINUTE)
        session.abandon_deal()
        session.finish_deal()
    return path


def test_the_log_records_the_abandoned_hand_and_the_audit_checks_it(tmp_path: Path) -> None:
    path = _abandoned_log(tmp_path)
    events = _events(path)
    results = [e for e in events if e["type"] == "result"]
    assert results[-1]["outcome"] == "abandoned" and results[-1]["elapsed_ms"] == 1_860_000
    assert events[-1]["type"] == "end"
    report = audit(str(path))
    assert report.ok, report.violations
    assert report.ended and report.deal_count == 3
    assert all(v == 0 for v in report.deals[-1].net.values())


def test_an_abandonment_before_the_limit_breaks_at_limit(tmp_path: Path) -> None:
    path = _abandoned_log(tmp_path)
    events = _events(path)
    [e for e in events if e["type"] == "result"][-1]["elapsed_ms"] = 1_700_000
    _write(path, events)
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations] == [(3, "session.end.at_limit")]
    assert "before the time limit of 30 minutes" in report.violations[0].message


def test_an_abandonment_under_the_default_breaks_at_limit(tmp_path: Path) -> None:
    path = _abandoned_log(tmp_path)
    report = audit(str(path), timed())
    assert "session.end.at_limit" in [v.rule for v in report.violations]
    assert any("played out at the time limit" in v.message for v in report.violations)


def test_a_hand_played_out_past_the_limit_breaks_at_limit(tmp_path: Path) -> None:
    """Under abandon, a deal whose last action came after the limit should have been stopped."""
    path = _timed_log(tmp_path, [12, 12, 7, 12])  # written under the default: deal 3 finishes at 31:00
    report = audit(str(path), abandoning())
    assert [(v.deal, v.rule) for v in report.violations] == [(3, "session.end.at_limit")]
    assert "past the time limit" in report.violations[0].message


def test_a_resumed_table_replays_the_abandoned_hand(tmp_path: Path) -> None:
    profile = Profile.model_validate({**load_profile("standard").model_dump(mode="json"),
                                      "session": {"end": {"kind": "time", "minutes": 30, "at_limit": "abandon"}}})
    clock = FakeClock()
    log = tmp_path / "play.jsonl"
    table = Table.new(profile, [Seat("Ada", "cautious"), Seat("Bo", "loose"), Seat("Cy", "see_happy")],
                      seed=4, profile_name="abandoning", log_path=log)
    table.session.clock, table.session.started = clock, clock()
    table.run(max_deals=1)
    clock.advance(31 * MINUTE)
    table = Table.resume(log)
    table.session.clock = clock
    table.run(max_deals=1)  # the next deal is dealt after the limit: abandoned before anybody acts
    results = [e for e in _events(log) if e["type"] == "result"]
    assert results[-1]["outcome"] == "abandoned" and _events(log)[-1]["type"] == "end"
    assert audit(str(log)).ok
    again = Table.resume(log)
    assert again.session.is_over and again.session.state.abandoned
    again.close()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 5000), minutes=st.integers(1, 10),
       durations=st.lists(st.integers(5, 300), min_size=1, max_size=50))
def test_random_sessions_stopped_at_the_limit_conserve_money_and_audit(tmp_path_factory: Any, seed: int,
                                                                        minutes: int, durations: List[int]) -> None:
    """Random play under 002's rules with play stopping at a random limit; every action takes a random
    number of seconds. Money is conserved, the hand stopped returns its stakes, the audit agrees."""
    clock = FakeClock()
    rules = rules_for("traditional", session={"end": {"kind": "time", "count": None, "minutes": minutes,
                                                      "at_limit": "abandon"}})
    session = Session(rules, ["A", "B", "C", "D"], seed=seed, dealer="D", clock=clock)
    path = Path(tmp_path_factory.mktemp("abandon")) / "log.jsonl"
    choose = random_chooser(random.Random(seed))
    steps = itertools.cycle(durations)
    with LogWriter.for_session(path, session, profile_name="abandoning"):
        while not session.is_over:
            deal = session.start_deal()
            while not deal.is_over:
                clock.advance(next(steps))
                if session.time_up():
                    session.abandon_deal()
                    break
                session.act(choose(deal))
            session.finish_deal()
    assert sum(session.balances.values()) + session.state.carried == 0
    last = session.records[-1]
    if last.result.outcome == "abandoned":
        assert all(v == 0 for v in last.result.net.values()) and last.carried_in == 0
    assert all(r.result.outcome != "abandoned" for r in session.records[:-1])
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.ended and report.net == session.net()


ABANDONED_SHEET = """
players: [A, B, C]
dealer: C
deals:
  - actions: [A look, A bet 1, B fold, C fold]
    time: 14:10
  - actions: [B look, B bet 2, C look, C bet 2]
    time: {when}
    result: {abandoned: true, net: {A: 0, B: 0, C: 0}}
"""


def test_a_sheet_may_record_a_hand_abandoned_at_the_limit() -> None:
    sheet = parse_sheet(ABANDONED_SHEET.replace("{when}", "'0:30:02'"), filename="stopped.yaml")
    assert sheet.deals[1].result is not None and sheet.deals[1].result.outcome == "abandoned"
    report = audit(sheet, abandoning())
    assert report.ok and report.ended, report.violations
    early = audit(parse_sheet(ABANDONED_SHEET.replace("{when}", "'0:20:00'"), filename="stopped.yaml"),
                  abandoning())
    assert [(v.deal, v.rule) for v in early.violations] == [(2, "session.end.at_limit")]
    assert "abandoned: true" in dump_sheet(sheet)


def test_an_abandoned_sheet_result_with_a_winner_is_refused_with_its_line() -> None:
    text = ABANDONED_SHEET.replace("{when}", "'0:30:02'").replace("abandoned: true", "abandoned: true, winner: B")
    with pytest.raises(HistoryError) as info:
        parse_sheet(text, filename="stopped.yaml")
    assert info.value.line == 9 and "abandoned" in info.value.message


def test_a_browser_table_stops_at_the_limit_mid_hand() -> None:
    """``bragrules serve`` under at_limit: abandon: the move made once time is up is refused naming the
    rule, the hand is abandoned with its stakes returned, and the session is over."""
    from bragrules.web.service import Refusal, TableService

    data = load_profile("standard").model_dump(mode="json")
    data["table"]["min_players"] = 2
    data["session"] = {"end": {"kind": "time", "minutes": 30, "at_limit": "abandon"}}
    service = TableService(Profile.model_validate(data), "abandoning", seats=2, bots=[], seed=5)
    ann, bob = service.join("Ann"), service.join("Bob")  # the table is full: play starts
    table = service.table
    assert table is not None and service.deal is not None
    clock = FakeClock()
    table.session.clock, table.session.started = clock, clock()
    tokens = {"Ann": ann, "Bob": bob}
    first = service.deal.to_act
    assert first is not None
    sent = service.state(tokens[first])
    look = next(o for o in sent["view"]["legal"] if o["kind"] == "look")
    service.act(tokens[first], {"kind": look["kind"], "turn": sent["turn"]})
    clock.advance(31 * MINUTE)
    sent = service.state(tokens[first])
    with pytest.raises(Refusal) as refused:
        service.act(tokens[first], {"kind": "fold", "turn": sent["turn"]})
    assert refused.value.rule == "session.end.at_limit" and refused.value.status == 409
    assert "time is up" in refused.value.message and refused.value.rule_words
    assert service.phase == "over" and table.session.is_over
    assert service.last is not None and service.last["outcome"] == "abandoned"
    assert all(v == 0 for v in service.last["net"].values())


def test_the_play_command_words_an_abandoned_hand() -> None:
    from bragrules_cli.play_results import explain_result

    deal = Deal(abandoning(), ["A", "B", "C"], {"A": None, "B": None, "C": None})
    deal.apply_text("A bet 2")
    deal.abandon("time is up (30 minutes): the hand is abandoned, every stake returned")
    assert explain_result(deal) == ["[bold]time is up (30 minutes): the hand is abandoned, every stake returned[/]"]


def test_the_explainers_know_at_limit() -> None:
    from bragrules.explainers.diff import compare
    from bragrules.explainers.explain import explain, in_play, source_of
    from bragrules.explainers.rulebook import build_rulebook, render
    from bragrules.profile import load_profile_text, profile_hash

    text = "extends: standard\nname: stop\nsession:\n  end: {kind: time, minutes: 45, at_limit: abandon}\n"
    stop = load_profile_text(text)
    played_out = load_profile_text(text.replace(", at_limit: abandon", ""))
    assert explain("session.end.at_limit", "abandon").startswith("when time is up play stops at once")
    assert in_play("session.end.at_limit", stop) and not in_play("session.end.at_limit", load_profile("standard"))
    assert "mid-hand" in source_of("session.end.at_limit", "abandon")
    found = compare([("played-out", played_out), ("stop", stop)]).find("session.end.at_limit")
    assert found is not None and found.values == {"played-out": "finish_deal", "stop": "abandon"}
    book = " ".join(render(build_rulebook(stop), "text").split())
    assert "The session ends after 45 minutes, the hand then in progress abandoned with its stakes returned" in book
    assert profile_hash(played_out) == profile_hash(load_profile_text(text.replace("abandon", "finish_deal")))
    assert profile_hash(played_out) != profile_hash(stop)


def test_a_deal_after_the_abandoned_hand_breaks_session_end(tmp_path: Path) -> None:
    """Once play has stopped at the limit, the session is over: a deal after it is a deal too many."""
    path = _abandoned_log(tmp_path)
    events = [e for e in _events(path) if e["type"] != "end"]
    events += [
        {"type": "deal", "deal": 4, "dealer": "C", "order": ["A", "B", "C"], "shuffled": True, "carried_in": 0},
        *({"type": "action", "deal": 4, "action": a} for a in ["A look", "A bet 1", "B fold", "C fold"]),
        {"type": "cards", "deal": 4, "cards": {"A": "9s 3d Kc", "B": "2d 2h Ks", "C": "6h 7d Qs"}},
        {"type": "result", "deal": 4, "outcome": "won", "winners": ["A"], "pot": 4,
         "net": {"A": 2, "B": -1, "C": -1}, "carried_out": 0, "elapsed_ms": 1_900_000},
    ]
    _write(path, events)
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations] == [(4, "session.end")]
    assert "abandoned" in report.violations[0].message


def test_an_abandoned_hand_whose_stakes_were_not_returned_breaks_the_result(tmp_path: Path) -> None:
    """Every payout is recomputed: an abandoned hand returns every stake, so any net but zero is wrong."""
    path = _abandoned_log(tmp_path)
    events = _events(path)
    last = [e for e in events if e["type"] == "result"][-1]
    last["net"] = {p: (2 if i == 0 else -1) for i, p in enumerate(last["net"])}
    _write(path, events)
    report = audit(str(path))
    assert {v.rule for v in report.violations} >= {"history.result"}
    assert all(v.deal in (3, None) for v in report.violations)
