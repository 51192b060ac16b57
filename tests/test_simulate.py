"""Simulation: reproducible, the same with any number of workers, money conserved; the CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import List, Tuple

import pytest

from bragrules.core.money import parse_money
from bragrules.play.simulate import BLOCK_DEALS, SimulationError, seat_styles, simulate

from .helpers import alive, children, rules_for, run_cli, wait_for


def _total_net(report_json: dict) -> Fraction:
    return sum((parse_money(s["net"]) for s in report_json["seat_results"].values()), Fraction(0))


def test_same_seed_same_report() -> None:
    a = simulate("traditional", players=4, hands=300, seed=5)
    b = simulate("traditional", players=4, hands=300, seed=5)
    assert a == b
    assert a.to_json() == b.to_json()
    c = simulate("traditional", players=4, hands=300, seed=6)
    assert c.to_json() != a.to_json()


def test_one_worker_or_two_give_the_same_report() -> None:
    hands = 2 * BLOCK_DEALS + 40  # three blocks, the last one short
    one = simulate("standard", players=5, hands=hands, seed=11, workers=1)
    two = simulate("standard", players=5, hands=hands, seed=11, workers=2)
    assert one == two
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())


def test_blocks_do_not_depend_on_the_total() -> None:
    """A long run is its blocks played on their own, merged in order."""
    from bragrules.play.blocks import Tally, play_block

    short = simulate("house", players=4, hands=BLOCK_DEALS, seed=2)
    long = simulate("house", players=4, hands=2 * BLOCK_DEALS, seed=2)
    rules = rules_for("house")
    second = play_block(rules.profile.model_dump_json(), list(short.seat_styles.values()), 2, 1, BLOCK_DEALS)
    merged = Tally()
    merged.add(short.tally)
    merged.add(second)
    assert merged == long.tally


@pytest.mark.parametrize("name,players,hands", [
    ("standard", 4, 200), ("traditional", 6, 200), ("casual", 4, 200), ("four-card", 4, 60),
    ("seven-card", 4, 15), ("nine-card", 3, 3), ("crash", 4, 100), ("seen-only", 3, 200), ("house", 8, 120),
])
def test_money_is_conserved_and_outcomes_add_up(name: str, players: int, hands: int) -> None:
    report = simulate(name, players=players, hands=hands, seed=4)
    data = report.to_json()
    assert report.money_conserved and data["money"]["conserved"] is True
    assert data["money"]["failures"] == 0
    # every seat's net plus what is left on the table comes to nothing
    assert _total_net(data) + parse_money(data["money"]["left_on_table"]) == 0
    assert parse_money(data["money"]["net_of_all_seats"]) == _total_net(data)
    out = data["outcomes"]
    assert out["showdown"] + out["folded_out"] + out["carried"] == hands
    assert sum(out["carried_by"].values()) == out["carried"]
    assert report.deals == hands
    assert sum(s["deals"] for s in data["styles"].values()) >= 2 * hands
    json.dumps(data)  # plain JSON: no Fractions left


def test_crash_sessions_end_by_lives() -> None:
    report = simulate("crash", players=4, hands=400, seed=1)
    data = report.to_json()
    assert data["sessions"]["completed"] >= 1
    assert sum(s["sessions_won"] for s in data["styles"].values()) >= data["sessions"]["completed"]
    assert sum(s.get("lives_lost", 0) for s in data["styles"].values()) >= 3 * data["sessions"]["completed"]
    assert data["pots"]["largest"] == 0


def test_stop_the_bus_and_random_bots() -> None:
    rules = rules_for("crash", format={"exchange": {"enabled": True, "centre_cards": 3, "swap": "one_or_three"}})
    report = simulate(rules, players=5, hands=150, seed=3, styles=["random", "cautious"])
    assert report.seat_styles == {"P1": "random", "P2": "cautious", "P3": "random", "P4": "cautious", "P5": "random"}
    assert report.tally.actions > 0 and report.money_conserved


def test_blind_play_is_counted() -> None:
    data = simulate("traditional", players=4, hands=300, seed=8, styles=["blind_bluffer"]).to_json()
    blind = data["blind"]
    assert blind["stayed_blind"] > 0
    assert blind["won"] <= blind["stayed_blind"]
    assert blind["survivor_collected"] == 0  # traditional: a lone blind survivor does not collect
    assert blind["survivor_carried"] == data["outcomes"]["carried_by"]["blind_survivor"]
    standard = simulate("standard", players=4, hands=300, seed=8, styles=["blind_bluffer"]).to_json()
    assert standard["blind"]["survivor_carried"] == 0


def test_progress_is_reported() -> None:
    calls: List[Tuple[int, int]] = []
    simulate("standard", players=3, hands=BLOCK_DEALS + 10, seed=0, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(BLOCK_DEALS, BLOCK_DEALS + 10), (BLOCK_DEALS + 10, BLOCK_DEALS + 10)]


def test_bad_requests() -> None:
    with pytest.raises(SimulationError, match="seats 3 to 8 players, not 2"):
        simulate("standard", players=2, hands=10)
    with pytest.raises(SimulationError, match="unknown bot style"):
        simulate("standard", players=4, hands=10, styles=["reckless"])
    with pytest.raises(SimulationError, match="at least 1"):
        simulate("standard", players=4, hands=0)
    assert seat_styles(2) == {"P1": "cautious", "P2": "loose"}


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_cli_simulate_json(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--profile", "traditional", "--players", "4",
                             "--hands", "120", "--seed", "7", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data.pop("intervals")) >= {"confidence", "method", "measures"}  # added by the command (issue 16)
    assert data == simulate("traditional", players=4, hands=120, seed=7).to_json()
    assert data["money"]["conserved"] is True
    assert err == ""  # no progress bar, no timing line with --json


def test_cli_simulate_tables(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "-p", "standard", "--hands", "100",
                             "--styles", "cautious,loose")
    assert code == 0, err
    assert "standard: 100 deals, 4 players (P1 cautious, P2 loose, P3 cautious, P4 loose)" in out
    for text in ("seen (showdown)", "folded out", "win rate", "hands at showdowns", "money conserved"):
        assert text in out
    assert "100 deals in" in err


@pytest.mark.parametrize("args,text", [
    (["--profile", "nosuch"], "unknown profile"),
    (["--players", "2"], "seats 3 to 8 players, not 2"),
    (["-p", "nine-card", "--players", "6"], "seats 2 to 5 players, not 6"),
    (["--styles", "cautious,wild"], "unknown bot style 'wild'"),
    (["--hands", "0"], "at least 1"),
    (["--workers", "0"], "at least 1"),
])
def test_cli_simulate_bad_input(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch,
                                args: List[str], text: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", *args)
    assert code == 2
    assert text in err
    assert out == ""


def test_cli_simulate_progress_on_a_terminal(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal a progress bar runs on stderr; the report on stdout is the same."""
    import threading

    import bragrules.play.simulate as library
    from bragrules_cli import simulate_cmd

    seen: List[Tuple[int, int]] = []
    threads: List[int] = []

    original = library.simulate

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        progress = kwargs["progress"]
        assert progress is not None

        def spy(done: int, total: int) -> None:
            seen.append((done, total))
            threads.append(threading.active_count())
            progress(done, total)

        kwargs["progress"] = spy
        return original(*args, **kwargs)

    monkeypatch.setattr(library, "simulate", watched)
    monkeypatch.setattr(simulate_cmd, "progress_wanted", lambda stream: True)
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", str(BLOCK_DEALS + 5), "--seed", "2")
    assert code == 0, err
    assert seen == [(BLOCK_DEALS, BLOCK_DEALS + 5), (BLOCK_DEALS + 5, BLOCK_DEALS + 5)]
    assert max(threads) == threading.active_count()  # the bar starts no refresh thread
    monkeypatch.setattr(library, "simulate", original)
    monkeypatch.setattr(simulate_cmd, "progress_wanted", lambda stream: False)
    code, plain, _ = run_cli(capsys, monkeypatch, "simulate", "--hands", str(BLOCK_DEALS + 5), "--seed", "2")
    assert plain == out


def test_every_log_simulate_writes_audits(tmp_path) -> None:
    from bragrules.audit import audit

    for profile in ("traditional", "casual", "seven-card", "crash"):
        folder = tmp_path / profile
        folder.mkdir()
        report = simulate(profile, 4, 300, seed=9, log_dir=str(folder))
        logs = sorted(folder.glob("*.jsonl"))
        assert len(logs) == report.tally.sessions
        for log in logs:
            checked = audit(str(log))
            assert checked.ok, (log.name, checked.violations[:3], checked.error)


# ---------------------------------------------------------------------------
# Ctrl-C with workers
# ---------------------------------------------------------------------------






def _results_written(folder: Path) -> bool:
    return any('"type":"result"' in log.read_text(encoding="utf-8") for log in folder.glob("*.jsonl"))


@pytest.mark.skipif(not __import__("os").path.isdir("/proc/self"), reason="needs /proc to find the workers")
def test_ctrl_c_stops_simulate_with_workers_promptly_and_leaves_whole_logs(tmp_path: Path) -> None:
    """Ctrl-C at a terminal reaches the whole process group: the parent and its workers."""
    import os
    import signal
    import subprocess
    import sys

    from bragrules.audit import audit

    logs = tmp_path / "logs"
    env = {**os.environ, "NO_COLOR": "1"}
    parent = subprocess.Popen(
        [sys.executable, "-m", "bragrules", "simulate", "--workers", "2", "--hands", "2000000", "--log-dir",
         str(logs)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    try:
        wait_for(lambda: len(children(parent.pid)) >= 2, "the two workers to start")
        wait_for(lambda: logs.is_dir() and _results_written(logs), "a deal to be logged")
        workers = children(parent.pid)
        os.killpg(parent.pid, signal.SIGINT)
        out, err = parent.communicate(timeout=10)  # promptly: a deal's work at most, then the pool closes
        assert parent.returncode == 130, err
        assert b"Traceback" not in err and out == b""
        assert not [pid for pid in workers if alive(pid)]
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
    written = sorted(logs.glob("*.jsonl"))
    assert written
    for log in written:  # each ends after a whole deal: no line cut short, no deal left unfinished
        report = audit(log)
        assert report.error is None and report.violations == [], log
        assert not [note for note in report.notes if "unfinished" in note.message], log
