"""Hostile input, round two: user text, special files, killed parents, full disks, huge numbers.

Each kind of fault found by hostile runs has a test here over the real
command line (in-process through its entry point, or as a real process
where the process itself is the point: a killed parent, a full disk, a
pipe, ``/dev/zero``), and the files that show each kind are in the
bad-input corpus (``tests/data/corpus``).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bragrules.core.text import UNSAFE
from bragrules.play.bots import ALL_STYLES
from bragrules.play.simulate import simulate
from bragrules.profile.models import Profile

from .helpers import alive, children, run_cli, wait_for
from .strategies import profile_data

ROOT = Path(__file__).resolve().parent.parent
HISTORIES = ROOT / "tests" / "data" / "histories"
CORPUS = ROOT / "tests" / "data" / "corpus"
GUARD = 60.0
"""Seconds a test waits for an event before it fails: a guard, never a pause."""


def scaled(divisor: int, least: int) -> int:
    """A Hypothesis example count for a costly property: the profile's count over ``divisor``."""
    return max(least, settings().max_examples // divisor)


def bragrules(*args: str, **kwargs: Any) -> "subprocess.CompletedProcess[bytes]":
    """``python -m bragrules ARGS`` as a real process, colour off."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    kwargs.setdefault("timeout", GUARD)
    return subprocess.run([sys.executable, "-m", "bragrules", *args], capture_output=True, env=env, **kwargs)


def no_controls(text: str) -> bool:
    return UNSAFE.search(text) is None


# ---------------------------------------------------------------------------
# User text: never markup, never a control character on the terminal
# ---------------------------------------------------------------------------

HOSTILE = st.sampled_from(list("ab [/]:\\") + ["[/dim]", "[bold]", ":smile:", "\x1b[2J", "\x9b31m", "\r", "\x07",
                                               "\x1b]0;t\x07", "\u202e", "é", "♣", "\x7f", "\x85"])
TEXT = st.lists(HOSTILE, min_size=1, max_size=8).map("".join)
NAME_PART = st.sampled_from(["A", "b", "[", "]", "/", "[/]", "\x1b[2J", "\x9b", "\x07", "\u202e", "é"])
PLAYER = st.lists(NAME_PART, min_size=1, max_size=4).map(lambda parts: "P" + "".join(parts))


def write_profile(folder: Path, name: str, description: str, source: str) -> Path:
    path = folder / "hostile.yaml"
    path.write_text(yaml.safe_dump({"name": name, "description": description, "source": source,
                                    "extends": "standard"}, allow_unicode=False), encoding="utf-8")
    return path


def write_sheet(folder: Path, players: List[str], profile: Path) -> Path:
    hands = ["As Ad Ac", "2c 7h Jd", "3s 8h Qd", "4d 9h Kd"]
    sheet = {
        "format": "bragrules-history/1",
        "profile": str(profile),
        "players": players,
        "dealer": players[-1],
        "deals": [{"cards": dict(zip(players, hands)), "actions": [f"{players[0]} bet 1"]
                   + [f"{p} fold" for p in players[1:-1]], "dispute": f"{players[-1]} fold"}],
    }
    path = folder / "hostile-sheet.yaml"
    path.write_text(yaml.safe_dump(sheet, allow_unicode=False), encoding="utf-8")
    return path


@settings(max_examples=scaled(20, 3), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                            HealthCheck.too_slow])
@given(name=TEXT, description=TEXT, source=TEXT, players=st.lists(PLAYER, min_size=4, max_size=4, unique=True))
@example(name="[/]", description="[/dim] \x1b[2J \x9b31m", source="\r[/red]",
         players=["P[/]", "P\x1b[2J", "P\x9b", "P[bold]"])
def test_user_strings_through_every_command(
    tmp_path: Path, capsys: Any, monkeypatch: Any, name: str, description: str, source: str, players: List[str]
) -> None:
    """Names, descriptions, sources and player names from users reach no
    command as markup and no terminal as a control character: every command
    that prints them ends with its own exit status, never a traceback, and
    writes no character of :data:`bragrules.core.text.UNSAFE`."""
    profile = write_profile(tmp_path, name, description, source)
    sheet = write_sheet(tmp_path, players, profile)
    log = tmp_path / "play.jsonl"
    runs: List[Tuple[str, ...]] = [
        ("validate", str(profile)),
        ("show", str(profile)),
        ("rank", "-p", str(profile), "AcKdQh"),
        ("equity", "-p", str(profile), "AcKdQh"),
        ("simulate", "-p", str(profile), "--hands", "3"),
        ("diff", str(profile), "traditional"),
        ("diff", str(profile), "traditional", "casual"),
        ("rulebook", str(profile)),
        ("audit", str(sheet)),
        ("audit", "--json", str(sheet)),
        ("arbitrate", str(sheet), "-p", str(profile), "-p", "traditional"),
        ("play", "-p", str(profile), "--auto", "--hands", "1", "--seed", "3", "--log", str(log)),
        ("play", "-p", str(profile), "--name", players[0], "--hands", "1", "--seed", "3", "--log", str(log)),
        ("play", "--resume", str(log), "--hands", "1"),
        ("validate", str(tmp_path / (players[1] + ".yaml"))),
        ("rank", players[2]),
        ("simulate", "--styles", players[0]),
    ]
    for args in runs:
        code, out, err = run_cli(capsys, monkeypatch, *args)
        assert code in (0, 1, 2), (args, code, err)
        assert "Traceback" not in err, (args, err)
        assert no_controls(out) and no_controls(err), (args, out[-500:], err[-500:])


def test_markup_in_a_profile_name_is_text(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    profile = write_profile(tmp_path, "x[/]y", "[/dim] d", "s")
    for args in (("rank", "-p", str(profile), "AcKdQh"), ("equity", "-p", str(profile), "AcKdQh")):
        code, out, err = run_cli(capsys, monkeypatch, *args)
        assert code == 0, err
        assert "x[/]y" in out


def test_an_escape_in_a_name_is_shown_escaped(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    profile = write_profile(tmp_path, "evil\x1b[2J\x9b31m", "d", "s")
    code, out, _ = run_cli(capsys, monkeypatch, "validate", str(profile))
    assert code == 0
    assert "evil\\u001b[2J\\u009b31m" in out


def test_click_errors_neutralise_what_was_typed(capsys: Any, monkeypatch: Any) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "rank", "--players", "\x1b[2J")
    assert code == 2
    assert no_controls(err)
    code, out, err = run_cli(capsys, monkeypatch, "no-such\x9bcommand")
    assert code == 2 and no_controls(err)


def test_safe_console_doctests() -> None:
    import doctest

    import bragrules_cli.safe_console as module

    assert doctest.testmod(module).failed == 0


# ---------------------------------------------------------------------------
# Whatever validates plays
# ---------------------------------------------------------------------------


@settings(max_examples=scaled(2, 20), suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=profile_data(), seed=st.integers(0, 10_000))
def test_every_valid_profile_simulates_with_every_style(data: Dict[str, Any], seed: int) -> None:
    """Money fields drawn freely (halves, thirds, steps, caps, stacks): a
    profile either is refused at validation, or bots of every style play it."""
    try:
        profile = Profile.model_validate(data)
    except ValidationError:
        return
    players = max(2, min(4, profile.table.max_players))
    for style in ALL_STYLES:
        report = simulate(profile, players, 12, seed=seed, styles=[style])
        assert report.money_conserved


# ---------------------------------------------------------------------------
# Huge numbers and unbounded work
# ---------------------------------------------------------------------------


def test_huge_amounts_simulate_and_measure_exactly(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    ante = tmp_path / "ante.yaml"
    ante.write_text("name: huge-ante\nextends: standard\nstakes:\n  ante: 1" + "0" * 309 + "\n", encoding="utf-8")
    see = CORPUS / "profiles" / "huge_see_multiple.exit0.yaml"
    for args in (("simulate", "-p", str(ante), "--hands", "30"), ("simulate", "-p", str(see), "--hands", "30", "--json"),
                 ("diff", "--impact", "30", str(ante), "standard"), ("diff", "--impact", "30", "--json", str(see),
                                                                       "standard")):
        code, out, err = run_cli(capsys, monkeypatch, *args)
        assert code in (0, 1), (args, err)
        assert out


@pytest.mark.parametrize("args, words", [
    (("simulate", "--hands", str(10**30)), "at most 10,000,000 deals"),
    (("simulate", "--workers", "1000", "--hands", "10"), "at most 64 workers"),
    (("diff", "--impact", str(10**12), "standard", "traditional"), "1000000"),
])
def test_unbounded_work_is_refused_with_its_limit(capsys: Any, monkeypatch: Any, args: Tuple[str, ...],
                                                   words: str) -> None:
    code, _, err = run_cli(capsys, monkeypatch, *args)
    assert code == 2
    assert words in err


# ---------------------------------------------------------------------------
# Killed parents leave no workers
# ---------------------------------------------------------------------------




@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc to find the workers")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(sig: int) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    parent = subprocess.Popen([sys.executable, "-m", "bragrules", "simulate", "--workers", "2", "--hands", "2000000"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        wait_for(lambda: len(children(parent.pid)) >= 2, "the two workers to start")
        workers = children(parent.pid)
        parent.send_signal(sig)
        parent.wait(timeout=GUARD)
        wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to end after their parent")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for pid in children(parent.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


# ---------------------------------------------------------------------------
# Full disks
# ---------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("show", "standard"), ("simulate", "--json", "--hands", "5"), ("profiles",),
                                  ("audit", str(HISTORIES / "worked_pot.yaml"))])
def test_a_full_disk_on_stdout_is_one_line_and_exit_2(args: Tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        env = {**os.environ, "NO_COLOR": "1"}
        done = subprocess.run([sys.executable, "-m", "bragrules", *args], stdout=full, stderr=subprocess.PIPE,
                              env=env, timeout=GUARD)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.splitlines() == ["error: cannot write standard output (/dev/full): No space left on device"]


# ---------------------------------------------------------------------------
# Pipes, FIFOs and special files
# ---------------------------------------------------------------------------


def _a_log(tmp_path: Path, capsys: Any, monkeypatch: Any) -> Path:
    log = tmp_path / "game.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "--auto", "--hands", "3", "--seed", "5", "--log", str(log))
    assert code == 0, err
    return log


def test_audit_reads_stdin_with_a_dash(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    log = _a_log(tmp_path, capsys, monkeypatch)
    code, out, err = run_cli(capsys, monkeypatch, "audit", "-", "--summary", stdin=log.read_text(encoding="utf-8"))
    assert code == 0, err
    assert out.startswith("<stdin>: a log of 3 deals")
    sheet = (HISTORIES / "worked_pot.yaml").read_text(encoding="utf-8")
    direct = run_cli(capsys, monkeypatch, "audit", str(HISTORIES / "worked_pot.yaml"))
    piped = run_cli(capsys, monkeypatch, "audit", "-", stdin=sheet)
    assert piped[0] == direct[0]
    assert piped[1].split("\n", 1)[1] == direct[1].split("\n", 1)[1]  # the same report, but for the name


@pytest.mark.skipif(not os.path.exists("/dev/stdin"), reason="needs /dev/stdin")
def test_audit_reads_a_pipe_as_dev_stdin_and_as_process_substitution(tmp_path: Path, capsys: Any,
                                                                     monkeypatch: Any) -> None:
    log = _a_log(tmp_path, capsys, monkeypatch)
    done = bragrules("audit", "/dev/stdin", "--summary", input=log.read_bytes())
    assert done.returncode == 0, done.stderr
    bash = shutil.which("bash")
    if bash is not None:
        env = {**os.environ, "NO_COLOR": "1"}
        done = subprocess.run([bash, "-c", f'"{sys.executable}" -m bragrules audit <(cat "{log}") --summary'],
                              capture_output=True, env=env, timeout=GUARD)
        assert done.returncode == 0, done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_with_a_writer_is_audited(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    log = _a_log(tmp_path, capsys, monkeypatch)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def writer() -> None:
        with open(fifo, "wb") as handle:  # blocks until the audit opens the FIFO
            handle.write(log.read_bytes())

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(fifo), "--summary")
    thread.join(GUARD)
    assert code == 0, err
    assert "a log of 3 deals" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_without_a_writer_is_refused(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    import bragrules.history.source as history

    monkeypatch.setattr(history, "FIFO_WAIT", 0.2)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, _, err = run_cli(capsys, monkeypatch, "audit", str(fifo))
    assert code == 2
    assert err.splitlines() == [f"error: {fifo}: a FIFO that nobody wrote to in 0.2 seconds; start the writer "
                                "first, or pipe the history in"]


@pytest.mark.parametrize("stdin, words", [
    ("\n" * (1024 * 1024 + 10), "more than 1 MiB of blank space"),
    ((CORPUS / "histories" / "action_after_result.exit2.jsonl").read_text(encoding="utf-8").split("\n")[0]
     + "\n" * 10_050, "more than 10,000 blank lines in a row"),
])
def test_endless_blank_lines_are_refused(capsys: Any, monkeypatch: Any, stdin: str, words: str) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "audit", "-", stdin=stdin)
    assert code == 2
    assert words in err and len(err.splitlines()) == 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_rank_of_dev_zero_stops_at_once() -> None:
    with open("/dev/zero", "rb") as zero:
        done = bragrules("rank", stdin=zero)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "error: stdin: line 1: longer than 1000 characters; no hand is that long"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_audit_of_dev_zero_is_refused_by_size(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "audit", "/dev/zero")
    assert code == 2 and "the limit is 262144 bytes" in err


# ---------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------


def test_a_long_fraction_names_the_limit_not_the_interpreter(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "validate", str(CORPUS / "profiles" / "fraction_4301_digits.exit2.yaml"))
    assert code == 2
    assert "4301 digits, more than the 4300 allowed" in err
    assert "int_max_str_digits" not in err


def test_a_child_is_blamed_for_the_combination_it_made(capsys: Any, monkeypatch: Any) -> None:
    path = CORPUS / "profiles" / "child_level_step_over_parent.exit2.yaml"
    code, _, err = run_cli(capsys, monkeypatch, "validate", str(path))
    assert code == 2
    assert re.match(re.escape(str(path)) + r":5:15: stakes\.level_step: ", err), err


def test_a_jsonl_file_is_spoken_of_as_a_log(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "audit", str(CORPUS / "histories" / "array_first_line.exit2.jsonl"))
    assert code == 2
    assert "sheet" not in err and "log" in err


def test_audit_rows_are_streamed_and_the_json_is_the_report(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    import json

    from bragrules.audit import audit

    log = _a_log(tmp_path, capsys, monkeypatch)
    code, out, _ = run_cli(capsys, monkeypatch, "audit", "--json", str(log))
    assert code == 0
    assert json.loads(out) == audit(log).to_json()
