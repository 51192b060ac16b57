"""``bragrules play``: scripted and watched sessions, logs written as play goes, resume."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bragrules.audit import audit
from bragrules.play.table import Seat, Table, read_log
from bragrules.profile import load_profile
from bragrules_cli.app import app

from .helpers import wait_for

runner = CliRunner()


def run_play(*args: str, input: str = "") -> "object":
    return runner.invoke(app, ["play", *args], input=input, env={"NO_COLOR": "1", "COLUMNS": "100"})


def test_scripted_session_writes_a_log_that_audits(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("look\nfold\nlook\nfold\nlook\nfold\n", encoding="utf-8")
    result = run_play("--seed", "11", "--hands", "3", "--log", str(log), "--script", str(script))
    assert result.exit_code == 0, result.output
    assert "seed 11" in result.output
    header, events, _ = read_log(log)
    assert header["seed"] == 11 and header["players"][0] == "You"
    assert sum(1 for _, e in events if e["type"] == "result") >= 1
    report = audit(str(log))
    assert report.ok, report.violations


def test_an_illegal_move_is_refused_with_its_rule_and_asked_again(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = run_play("--seed", "3", "--hands", "1", "--log", str(log), "--players", "3",
                      "-p", "traditional", input="look\nbet 99\nfold\n")
    assert result.exit_code == 0, result.output
    assert "not allowed" in result.output and "stakes." in result.output
    assert "folds" in result.output


def test_auto_play_to_the_end_of_a_traditional_session(tmp_path: Path) -> None:
    log = tmp_path / "auto.jsonl"
    result = run_play("--auto", "-p", "traditional", "--seed", "2", "--log", str(log))
    assert result.exit_code == 0, result.output
    assert "Final standings" in result.output
    report = audit(str(log))
    assert report.ok and report.ended
    assert report.resolved == 8


@pytest.mark.parametrize("profile", ["seven-card", "nine-card", "crash", "four-card", "seen-only", "casual"])
def test_every_format_plays_in_the_terminal(tmp_path: Path, profile: str) -> None:
    log = tmp_path / "f.jsonl"
    result = run_play("--auto", "-p", profile, "--seed", "5", "--hands", "4", "--log", str(log))
    assert result.exit_code == 0, result.output
    assert audit(str(log)).ok


def test_a_person_arranges_seven_cards_with_the_hint(tmp_path: Path) -> None:
    """'hint' shows the suggestion and asks again; choosing the menu's entry applies it."""
    log = tmp_path / "seven.jsonl"
    result = run_play("-p", "seven-card", "--seed", "8", "--hands", "1", "--log", str(log), "--players", "3",
                      input="look\nhint\nfold\n")
    assert result.exit_code == 0, result.output
    assert "arrange (hint:" in result.output
    assert "hint: 10♣ 9♣ 5♣ (flush, 10-9-5) | 7♦ 6♦ 3♦ (flush, 7-6-3)" in result.output
    assert "to play it: arrange Tc 9c 5c | 7d 6d 3d" in result.output
    actions = [e.get("action", "") for _, e in read_log(log)[1]]
    assert "You fold" in actions and not any(a.startswith("You arrange") for a in actions)  # suggested, not applied

    log2 = tmp_path / "seven2.jsonl"
    result = run_play("-p", "seven-card", "--seed", "8", "--hands", "1", "--log", str(log2), "--players", "3",
                      input="look\nhint\n1\nfold\n")
    assert result.exit_code == 0, result.output
    assert any(e.get("action", "").startswith("You arrange Tc 9c 5c | 7d 6d 3d") for _, e in read_log(log2)[1])


def test_bad_options_exit_2_without_a_traceback(tmp_path: Path) -> None:
    for args in (["--players", "12"], ["--bots", "reckless"], ["-p", "nosuch"],
                 ["--log", str(tmp_path)], ["--log", "/nonexistent-dir/x.jsonl"]):
        done = subprocess.run([sys.executable, "-m", "bragrules", "play", *args, "--seed", "1"],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) <= 6, done.stderr


def _uninterrupted(seed: int, deals: int) -> list:
    table = Table.new(load_profile("traditional"), [Seat(n, s) for n, s in
                      [("Ada", "cautious"), ("Bo", "loose"), ("Cy", "blind_bluffer"), ("Dot", "see_happy")]],
                      seed=seed, profile_name="traditional")
    table.run(max_deals=deals)
    return [(r.actions, r.result.net) for r in table.session.records]


def test_resume_after_a_cut_reproduces_the_uninterrupted_session(tmp_path: Path) -> None:
    seats = [Seat(n, s) for n, s in [("Ada", "cautious"), ("Bo", "loose"), ("Cy", "blind_bluffer"), ("Dot", "see_happy")]]
    log = tmp_path / "cut.jsonl"
    table = Table.new(load_profile("traditional"), seats, seed=21, profile_name="traditional", log_path=log)
    table.run(max_deals=6)
    lines = log.read_bytes().split(b"\n")
    for keep in (len(lines) // 3, len(lines) // 2):
        cut = tmp_path / f"cut{keep}.jsonl"
        # keep some complete lines and half of the next one, as a killed writer would
        cut.write_bytes(b"\n".join(lines[:keep]) + b"\n" + lines[keep][: len(lines[keep]) // 2])
        resumed = Table.resume(cut)
        done = resumed.deals_played
        assert 0 < done < 6
        resumed.run(max_deals=6 - done)  # the deal in progress, if any, counts as one of them
        again = [(r.actions, r.result.net) for r in resumed.session.records]  # the deals played after the resume
        assert again == _uninterrupted(21, 6)[done:]
        assert audit(str(cut)).ok


def wait_for_lines(path: Path, count: int, proc: "subprocess.Popen[bytes]", guard: float = 120.0) -> None:
    """Wait until ``path`` holds ``count`` lines (the event), the timeout only a guard against a hang."""
    def written() -> bool:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return True
        if proc.poll() is not None:
            raise AssertionError(f"the process ended ({proc.returncode}) before writing {count} lines")
        return False

    try:
        wait_for(written, f"{path} to reach {count} lines", guard)
    except AssertionError:
        proc.kill()
        raise


def start_play(*args: str) -> "subprocess.Popen[bytes]":
    return subprocess.Popen([sys.executable, "-m", "bragrules", "play", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                            env={**os.environ, "NO_COLOR": "1"})


def test_killed_play_loses_nothing_and_resumes(tmp_path: Path) -> None:
    """SIGKILL a real ``bragrules play --auto`` at several points; each log audits and resumes."""
    for attempt, lines in enumerate((3, 40, 150)):
        log = tmp_path / f"killed{attempt}.jsonl"
        proc = start_play("--auto", "-p", "standard", "--seed", "4", "--hands", "100000", "--log", str(log))
        wait_for_lines(log, lines, proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        report = audit(str(log))
        assert not report.violations, report.violations  # a line cut short is the report's error, not a violation
        resumed = Table.resume(log)
        resumed.run(max_deals=2)
        assert audit(str(log)).ok


def test_killed_and_resumed_ends_with_the_balances_of_a_straight_run(tmp_path: Path) -> None:
    """A real process killed mid-session, resumed to the end: the same final balances as one straight run."""
    seats = [Seat(n, s) for n, s in [("Ada", "cautious"), ("Bo", "loose"), ("Cy", "blind_bluffer"), ("Dot", "see_happy")]]
    long_game = tmp_path / "long.yaml"  # traditional rules, a session long enough to be cut in the middle
    long_game.write_text("extends: traditional\nname: long\nsession: {end: {kind: resolved_pots, count: 40}}\n",
                         encoding="utf-8")
    straight = Table.new(load_profile(long_game), seats, seed=4, profile_name="long")
    straight.run()
    assert straight.session.is_over
    total = sum(1 for _ in straight.session.records)
    # a deal's lines: its deal line, one per action, its cards and its result (at least)
    lines_before = [1]
    for record in straight.session.records:
        lines_before.append(lines_before[-1] + 3 + len(record.actions))
    # killed well before the end, so that the process cannot finish the session before the signal lands
    for attempt, deals in enumerate((1, total // 3, total * 2 // 3)):
        log = tmp_path / f"kill{attempt}.jsonl"
        proc = start_play("--auto", "-p", str(long_game), "--seed", "4", "--log", str(log),
                          "--bots", "cautious,loose,blind_bluffer,see_happy")
        wait_for_lines(log, lines_before[deals], proc)  # at least `deals` deals played
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert not any(e.get("type") == "end" for _, e in read_log(log)[1]), "killed after the end"
        resumed = Table.resume(log)
        done = resumed.deals_played
        resumed.run()
        assert resumed.session.is_over
        assert resumed.session.balances == straight.session.balances
        assert [r.actions for r in resumed.session.records] == [r.actions for r in straight.session.records[done:]]
        assert audit(str(log)).ok


def test_a_scripted_traditional_session_of_several_deals(tmp_path: Path) -> None:
    """Moves from a file drive a whole session: look, bet, see, fold as the script says."""
    log = tmp_path / "trad.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("\n".join(["# my moves, one per line", "look", "bet 1", "fold"] * 8) + "\n", encoding="utf-8")
    result = run_play("-p", "traditional", "--seed", "17", "--hands", "5", "--log", str(log), "--script", str(script))
    assert result.exit_code == 0, result.output
    report = audit(str(log))
    assert report.ok and report.deal_count >= 2
    header, events, _ = read_log(log)
    mine = [e["action"] for _, e in events if e["type"] == "action" and e["action"].startswith("You ")]
    assert mine[:2] == ["You look", "You bet 1"] or mine[:1] == ["You look"]


def test_a_person_arranges_thirteen_cards_with_the_hint(tmp_path: Path) -> None:
    """Thirteen-Card: the hint shows four hands; the menu's number takes it; typed hands out of order are
    asked about first (they would win nothing under format.wrong_order), and 'n' asks again."""
    import re

    log = tmp_path / "thirteen.jsonl"
    result = run_play("-p", "thirteen-card", "--seed", "4", "--hands", "1", "--log", str(log), "--players", "2",
                      input="hint\n1\n")
    assert result.exit_code == 0, result.output
    found = re.search(r"to play it: arrange (.+?) \(or choose", result.output)
    assert found is not None, result.output
    hands = [h.strip() for h in found.group(1).split("|")]
    assert len(hands) == 4 and all(len(h.split()) == 3 for h in hands)
    arranged = [e["action"] for _, e in read_log(log)[1] if e.get("action", "").startswith("You arrange")]
    assert arranged == [f"You arrange {' | '.join(hands)}"]
    assert audit(str(log)).ok

    log2 = tmp_path / "thirteen2.jsonl"
    backwards = " | ".join(reversed(hands))
    result = run_play("-p", "thirteen-card", "--seed", "4", "--hands", "1", "--log", str(log2), "--players", "2",
                      input=f"arrange {backwards}\nn\narrange\n")
    assert result.exit_code == 0, result.output
    assert "not strongest first" in result.output and "not set out; choose again" in result.output
    arranged = [e["action"] for _, e in read_log(log2)[1] if e.get("action", "").startswith("You arrange")]
    assert arranged == [f"You arrange {' | '.join(hands)}"]  # 'arrange' alone took the hint


def test_a_line_of_play_names_a_player_whose_name_has_braces() -> None:
    """A name is text, never a format: ``--name {Ada}`` folding is told as any other name is."""
    from bragrules.engine.actions import Action
    from bragrules_cli.play_view import describe_action

    from .helpers import deal_with, rules_for

    deal = deal_with(rules_for("traditional"), {"{Ada}": "Kc 9c 4c", "B": "5s 6h 7d"})
    assert describe_action(deal, Action("{Ada}", "fold")) == "[bold]{Ada}[/] folds"
    assert describe_action(deal, Action("{Ada}", "look")) == "[bold]{Ada}[/] looks at their cards"
