"""``bragrules play`` as a user meets it: logs never lost, resume, arguments, special files, Ctrl-C, pipes."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List

import pytest
from typer.testing import CliRunner

from bragrules.audit import audit
from bragrules.play.table import Seat, Table, read_log
from bragrules.profile import load_profile
from bragrules_cli.app import main

from .helpers import wait_for

runner = CliRunner()
ENV = {"NO_COLOR": "1", "COLUMNS": "100"}


@dataclass
class Ran:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def play(*args: str, input: str = "") -> Ran:
    """``bragrules play ARGS`` in this process, through the console script's ``main`` (its error handling)."""
    with runner.isolation(input=input, env=ENV) as streams:
        code = 0
        try:
            main(["play", *args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = streams[0].getvalue(), streams[1].getvalue()
    return Ran(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


def bragrules(*args: str, **kwargs: Any) -> "subprocess.CompletedProcess[str]":
    kwargs.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run([sys.executable, "-m", "bragrules", *args], capture_output=True, text=True,
                          env={**os.environ, **ENV}, timeout=120, **kwargs)


def one_line_exit_2(result: Any) -> str:
    """The result failed as bad input should: status 2, one line on stderr, no traceback."""
    err = result.stderr
    assert result.returncode == 2 if hasattr(result, "returncode") else result.exit_code == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


@pytest.fixture(scope="module")
def finished_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished ``--auto --hands 2`` session's log, shared by the tests that only read it."""
    log = tmp_path_factory.mktemp("finished") / "two.jsonl"
    done = bragrules("play", "--auto", "--hands", "2", "--seed", "7", "--log", str(log))
    assert done.returncode == 0, done.stderr
    return log


def copy_of(log: Path, tmp_path: Path, name: str = "copy.jsonl") -> Path:
    target = tmp_path / name
    target.write_bytes(log.read_bytes())
    return target


# ---------------------------------------------------------------------------
# Nothing lost
# ---------------------------------------------------------------------------


def test_an_existing_log_is_never_overwritten(tmp_path: Path, finished_log: Path) -> None:
    log = copy_of(finished_log, tmp_path)
    before = log.read_bytes()
    done = bragrules("play", "--auto", "--hands", "1", "--seed", "7", "--log", str(log))
    err = one_line_exit_2(done)
    assert "--resume" in err and "--log" in err and str(log) in err
    assert log.read_bytes() == before


def test_the_default_log_goes_beside_an_existing_one_under_a_fresh_name(tmp_path: Path) -> None:
    first = bragrules("play", "--auto", "--hands", "1", "--seed", "5", cwd=tmp_path)
    before = (tmp_path / "bragrules-session-5.jsonl").read_bytes()
    second = bragrules("play", "--auto", "--hands", "1", "--seed", "5", cwd=tmp_path)
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    assert (tmp_path / "bragrules-session-5.jsonl").read_bytes() == before
    assert "bragrules-session-5-2.jsonl" in second.stdout
    assert audit(str(tmp_path / "bragrules-session-5-2.jsonl")).ok


def test_resuming_a_finished_session_says_so_and_plays_nothing(tmp_path: Path, finished_log: Path) -> None:
    log = copy_of(finished_log, tmp_path)
    before = log.read_bytes()
    done = bragrules("play", "--resume", str(log))
    assert done.returncode == 0, done.stderr
    assert "is over (2 deals played)" in done.stdout
    assert log.read_bytes() == before


def test_resume_carries_the_hand_count_of_the_session(tmp_path: Path) -> None:
    """A session of 5 deals stopped after 2 (by the script ending) plays exactly 3 more when resumed."""
    log = tmp_path / "five.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("look\nfold\n" * 2, encoding="utf-8")
    first = play("--seed", "3", "--hands", "5", "--log", str(log), "--script", str(script))
    assert first.exit_code == 0 and "--resume" in first.stderr
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["hands"] == 5
    more = tmp_path / "more.txt"
    more.write_text("look\nfold\n" * 30, encoding="utf-8")
    second = play("--resume", str(log), "--script", str(more))
    assert second.exit_code == 0, second.output
    report = audit(str(log))
    assert report.ok and report.deal_count == 5
    assert "is over (5 deals played)" in play("--resume", str(log)).stdout


@pytest.mark.parametrize("option, value, named", [
    ("--seed", "8", "--seed 8"), ("--profile", "traditional", "--profile traditional"),
    ("--players", "3", "--players 3"), ("--hands", "9", "--hands 9"), ("--bots", "random", "--bots random"),
])
def test_options_that_contradict_the_log_are_refused(tmp_path: Path, option: str, value: str, named: str) -> None:
    log = tmp_path / "s.jsonl"
    assert play("--seed", "7", "--hands", "3", "--log", str(log), input="q\n").exit_code == 0
    before = log.read_bytes()
    done = play("--resume", str(log), option, value)
    assert done.exit_code == 2 and named in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    assert log.read_bytes() == before
    assert play("--resume", str(log), "--seed", "7", input="q\n").exit_code == 0  # agreeing is fine


def test_auto_without_hands_ends(tmp_path: Path) -> None:
    """A profile whose session never ends: --auto plays a stated default and stops; the log says so too."""
    log = tmp_path / "auto.jsonl"
    done = play("--auto", "-p", "standard", "--seed", "1", "--log", str(log))
    assert done.exit_code == 0 and "note: This profile's session has no end: watching 20 deals" in done.stderr
    assert "watching" not in done.stdout  # a message about the session, not the game's output
    assert audit(str(log)).deal_count == 20
    assert "is over (20 deals played)" in play("--resume", str(log)).stdout


def test_two_resumes_of_one_log_at_once_the_second_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    assert play("--auto", "--seed", "2", "--hands", "6", "--log", str(log)).exit_code == 0
    cut = tmp_path / "cut.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[: len(lines) // 2]))
    holder = Table.resume(cut)  # this process holds the log, as a running session does
    try:
        before = cut.read_bytes()
        err = one_line_exit_2(bragrules("play", "--resume", str(cut)))
        assert "in use" in err
        assert cut.read_bytes() == before
    finally:
        holder.close()
    assert bragrules("play", "--resume", str(cut)).returncode == 0  # free again once the first has stopped
    assert audit(str(cut)).ok


def _default_sigint() -> None:
    """In the child: Ctrl-C as a terminal gives it, even when this run inherited SIGINT ignored
    (a background job of a non-interactive shell, ``nohup``, some CI wrappers), which Python
    would otherwise keep, so that ``play`` never sees the interrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_prints_the_resume_hint_and_leaves_the_log_complete(tmp_path: Path) -> None:
    log = tmp_path / "ctrl-c.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "bragrules", "play", "--seed", "9", "--log", str(log)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, **ENV}, preexec_fn=_default_sigint)
    def dealt() -> bool:
        assert proc.poll() is None, "play ended before its first deal"
        return b'"type":"deal"' in (log.read_bytes() if log.exists() else b"")

    wait_for(dealt, "the first deal in the log")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert b"continue with: bragrules play --resume" in err and b"continue with" not in out
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[-1]["type"] == "cards"  # the hands of the deal left unfinished, written as the log closed
    assert audit(str(log)).ok
    assert play("--resume", str(log), input="q\n").exit_code == 0


def test_the_log_shows_no_hand_while_the_deal_is_played(tmp_path: Path) -> None:
    """What a player sees of the log mid-deal: the deal and the actions, not the bots' cards."""
    log = tmp_path / "s.jsonl"
    done = play("--seed", "4", "--hands", "3", "--log", str(log), input="look\n")  # input ends mid-deal
    assert done.exit_code == 0
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    deal_at = next(i for i, e in enumerate(lines) if e["type"] == "deal")
    cards_at = next(i for i, e in enumerate(lines) if e["type"] == "cards")
    assert "cards" not in lines[deal_at] and cards_at > deal_at + 1


# ---------------------------------------------------------------------------
# Arguments and special files
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("args, says", [
    (["--delay", "-1"], "--delay"), (["--delay", "inf"], "--delay"), (["--delay", "nan"], "--delay"),
    (["--hands", "-1"], "--hands"), (["--hands", "0"], "--hands"), (["--players", "0"], "--players"),
    (["--players", "99"], "seats"), (["--seed", "-3"], "--seed"), (["--seed", "9" * 40], "--seed"),
    (["--name", ""], "--name"), (["--name", "two words"], "--name"), (["--bots", "reckless"], "--bots"),
    (["--script", "nosuch.txt"], "no such file"), (["--script", "."], "is a directory"),
    (["--script", "/dev/zero"], "not a text file"), (["--script", sys.executable], "not a text file"),
    (["--resume", "nosuch.jsonl"], "no such file"), (["--resume", "."], "is a directory"),
    (["--resume", "/dev/zero"], "not a regular file"),
    (["--log", "."], "is a directory"), (["--log", "/nonexistent-dir/x.jsonl"], "No such file"),
    (["--log", "/dev/full"], "No space left on device"), (["-p", "nosuch"], "nosuch"),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: List[str],
                                               says: str) -> None:
    """Through the console script's ``main`` in this process (its error handling, as the command's)."""
    monkeypatch.chdir(tmp_path)
    done = play("--auto", *args)
    err = one_line_exit_2(done)
    assert says in err
    assert not list(tmp_path.glob("*.jsonl"))


def test_a_resume_from_the_standard_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """``--resume /dev/stdin`` in a process of its own, whose standard input is its own."""
    done = bragrules("play", "--auto", "--resume", "/dev/stdin", cwd=tmp_path)
    assert "not a regular file" in one_line_exit_2(done)
    assert not list(tmp_path.glob("*.jsonl"))


def test_resume_of_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    assert "not a regular file" in one_line_exit_2(bragrules("play", "--resume", str(fifo)))


def valid_log(tmp_path: Path) -> List[Dict[str, Any]]:
    log = tmp_path / "base.jsonl"
    assert play("--auto", "--seed", "6", "--hands", "3", "--log", str(log)).exit_code == 0
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def edited(events: List[Dict[str, Any]], **header: Any) -> List[Dict[str, Any]]:
    return [{**events[0], **header}, *events[1:]]


def with_action(events: List[Dict[str, Any]], action: Any) -> List[Dict[str, Any]]:
    at = next(i for i, e in enumerate(events) if e["type"] == "action")
    return [*events[:at], {"type": "action", "deal": 1, "action": action}, *events[at:]]


BAD_LOGS = {
    "seats a number": (lambda e: edited(e, seats=5), "seats"),
    "seats without names": (lambda e: edited(e, seats=[{"style": "loose"}] * 4), "seats"),
    "seed a list": (lambda e: edited(e, seed=[1, 2]), "seed"),
    "seed a float": (lambda e: edited(e, seed=1.5), "seed"),
    "unknown bot style": (lambda e: edited(e, seats=[{**s, "style": "reckless"} for s in e[0]["seats"]]),
                          "not a bot style"),
    "hands a string": (lambda e: edited(e, hands="many"), "hands"),
    "profile edited": (lambda e: edited(e, profile_data={**e[0]["profile_data"],
                                                         "description": "edited"}), "profile_hash"),
    "action 5/0": (lambda e: with_action(e, "5/0"), ":"),
    "action 10**5000": (lambda e: with_action(e, "Ada bet " + "1" + "0" * 5000), ":"),
    "action a list": (lambda e: with_action(e, ["Ada", "fold"]), "action"),
    "action null": (lambda e: with_action(e, None), "action"),
    "unknown verb": (lambda e: with_action(e, "Ada dances"), ":"),
    "result before any deal": (lambda e: [e[0], next(x for x in e if x["type"] == "result"), *e[1:]],
                               "outside that deal"),
    "not a log": (lambda e: [{"hello": 1}], "header"),
    # issue 23: each was resumed (or crashed the resume) although the audit refuses the log
    "a bet written twice": (lambda e: twice(e, next(i for i, x in enumerate(e) if " bet " in str(x.get("action")))),
                            "turn_order"),
    "a dealt log that says keep": (lambda e: edited(e, keep=True), "keep"),
    "the seed changed": (lambda e: edited(e, seed=e[0]["seed"] + 1), ":1: deal 1: history.seed"),
    "a net edited": (lambda e: [{**x, "net": {**x["net"], "Ada": 1000}} if x["type"] == "result" else x for x in e],
                     "history.result"),
    "a deal line dropped": (lambda e: drop_first(e, "deal"), "outside that deal"),
}


def twice(events: List[Dict[str, Any]], index: int) -> List[Dict[str, Any]]:
    return [*events[:index + 1], events[index], *events[index + 1:]]


def drop_first(events: List[Dict[str, Any]], kind: str) -> List[Dict[str, Any]]:
    index = next(i for i, e in enumerate(events) if e["type"] == kind)
    return [*events[:index], *events[index + 1:]]


@pytest.mark.parametrize("case", sorted(BAD_LOGS))
def test_a_damaged_log_is_refused_in_one_line_not_resumed(tmp_path: Path, case: str) -> None:
    make, says = BAD_LOGS[case]
    log = tmp_path / "bad.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in make(valid_log(tmp_path))), encoding="utf-8")
    before = log.read_bytes()
    done = play("--resume", str(log))
    assert done.exit_code == 2, (case, done.output)
    assert says in done.stderr and str(log) in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    assert log.read_bytes() == before


def test_a_valid_profile_of_seventeen_seats_plays(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("extends: standard\nname: big\ntable: {min_players: 13, max_players: 17}\n", encoding="utf-8")
    log = tmp_path / "big.jsonl"
    done = play("--auto", "-p", str(big), "--players", "17", "--hands", "2", "--seed", "1", "--log", str(log))
    assert done.exit_code == 0, done.output
    seats = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["seats"]
    names = [s["name"] for s in seats]
    assert len(names) == 17 == len(set(names)) and all(len(n) <= 5 for n in names)
    assert audit(str(log)).ok


def test_a_write_error_in_the_middle_of_a_session_is_one_line_and_the_log_reads_to_its_last_line(
        tmp_path: Path) -> None:
    """The log meets a size limit (as a full disk would refuse it): one line naming the file, exit 2."""
    log = tmp_path / "limited.jsonl"

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write is an error, not a fatal signal
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = subprocess.run([sys.executable, "-m", "bragrules", "play", "--auto", "--hands", "500", "--seed", "3",
                           "--log", str(log)], capture_output=True, text=True, preexec_fn=limit, timeout=120,
                          env={**os.environ, **ENV}, stdin=subprocess.DEVNULL)
    err = one_line_exit_2(done)
    assert str(log) in err and "cannot write" in err
    data = log.read_bytes()
    assert 0 < len(data) <= 20_000 and data.endswith(b"\n")
    report = audit(str(log))
    assert report.error is None and not report.violations
    resumed = Table.resume(log)
    resumed.close()


def test_resume_of_a_long_log_reads_it_as_a_stream(tmp_path: Path) -> None:
    """Resuming keeps no record of the deals replayed: memory does not grow with the log."""
    seats = [Seat("Ada", "cautious"), Seat("Bo", "loose"), Seat("Cy", "see_happy")]
    log = tmp_path / "long.jsonl"
    table = Table.new(load_profile("standard"), seats, seed=1, profile_name="standard", log_path=log, hands=400)
    table.run(max_deals=300)
    resumed = Table.resume(log)
    try:
        assert resumed.deals_played == 300 and resumed.session.records == []
        assert resumed.deals_left() == 100
    finally:
        resumed.close()


def test_a_broken_pipe_ends_quietly_not_as_a_finding() -> None:
    for args in (["diff", "standard", "traditional"], ["play", "--auto", "--hands", "50", "--log", os.devnull]):
        proc = subprocess.Popen([sys.executable, "-m", "bragrules", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env={**os.environ, **ENV})
        assert proc.stdout is not None
        proc.stdout.close()  # the reader goes away at once, as `| true` does
        err = proc.stderr.read() if proc.stderr is not None else b""
        proc.wait(timeout=120)
        assert proc.returncode in (-signal.SIGPIPE, 128 + signal.SIGPIPE), (args, proc.returncode, err)
        assert err == b""


def test_a_person_is_spoken_to_in_the_second_person() -> None:
    """No "You shows", "You takes", "You wins", "1 deals" anywhere in a session."""
    texts = []
    for seed in range(1, 9):
        done = play("--seed", str(seed), "--hands", "2", "--players", "2", "-p", "casual", "--log", os.devnull,
                    input="look\n" + "1\n\n" * 40)
        assert done.exit_code == 0, done.output
        texts.append(done.stdout)
    text = "\n".join(texts)
    assert "You " in text
    for wrong in ("You shows", "You takes", "You wins", "You looks", "You folds", "You bets", " 1 deals"):
        assert wrong not in text, wrong


def test_auto_under_a_time_limit_watches_a_set_number_of_deals(tmp_path: Path) -> None:
    """000: "a set number of rounds, a time limit": bots play a deal in a blink, so --auto under a
    time limit watches the default number of deals and says so, rather than playing for minutes."""
    profile = tmp_path / "timed.yaml"
    profile.write_text("extends: standard\nname: timed\nsession:\n  end:\n    kind: time\n    minutes: 30\n",
                       encoding="utf-8")
    log = tmp_path / "timed.jsonl"
    ran = play("--auto", "--profile", str(profile), "--seed", "2", "--log", str(log))
    assert ran.exit_code == 0, ran.output
    assert "ends on the clock (30 minutes)" in ran.output and "watching 20 deals" in ran.output
    results = [line for line in log.read_text(encoding="utf-8").splitlines() if '"type":"result"' in line]
    assert len(results) == 20


# ---------------------------------------------------------------------------
# Reads well: big bets, the level, hints
# ---------------------------------------------------------------------------


def _actions(log: Path) -> List[str]:
    return [event.get("action", "") for _, event in read_log(log)[1]]


def test_a_bet_far_above_the_pot_asks_first_and_a_no_asks_the_move_again(tmp_path: Path) -> None:
    """A typo of 1000 for 10: 'n' refuses it and the move is asked again; the script answers the question."""
    log = tmp_path / "big.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("look\nbet 1000\nn   # a typo: not meant\nbet 2\nq\n", encoding="utf-8")
    done = play("--seed", "3", "--players", "3", "--log", str(log), "--script", str(script))
    assert done.exit_code == 0, done.output
    assert "bet 1000? The pot is 3½. (y/n) n" in done.stdout
    assert "no bet made; choose again" in done.stdout
    zjh = play("-p", "zha-jin-hua", "--seed", "3", "--players", "3", "--log", os.devnull, input="看牌\n跟注 100\nn\nq\n")
    assert "跟注 100? The pot is 4½. (y/n)" in zjh.stdout and "no 跟注 made; choose again" in zjh.stdout  # its words
    mine = [a for a in _actions(log) if a.startswith("You ")]
    assert mine == ["You look", "You bet 2"]

    log2 = tmp_path / "big2.jsonl"
    done = play("--seed", "3", "--players", "3", "--log", str(log2), input="look\nbet 1000\ny\nq\n")
    assert done.exit_code == 0, done.output
    assert [a for a in _actions(log2) if a.startswith("You ")] == ["You look", "You bet 1000"]
    assert "bet N? (y/n)" not in done.stdout
    small = play("--seed", "3", "--players", "3", "--log", os.devnull, input="look\nbet 30\nq\n")
    assert "(y/n)" not in small.stdout  # 30 is not more than 10 times a pot of 3½


def test_the_level_is_explained_the_first_time_it_appears() -> None:
    done = play("--seed", "3", "--players", "3", "--log", os.devnull, input="look\nbet 2\nq\n")
    assert done.exit_code == 0, done.output
    note = "(the level: a seen player pays 1 a turn to stay in, a blind one ½)"
    assert done.stdout.count("(the level:") == 1 and note in done.stdout
    assert done.stdout.index(note) < done.stdout.index("level 1 ·") if "level 1 ·" in done.stdout else True
    seen_only = play("--seed", "3", "--players", "3", "-p", "seen-only", "--log", os.devnull, input="fold\nq\n")
    assert "each player pays" in seen_only.stdout and "a blind one" not in seen_only.stdout


def test_help_says_what_hint_and_big_bets_do() -> None:
    done = play("--seed", "3", "--players", "3", "--log", os.devnull, input="help\nq\n")
    assert "10 times the pot" in done.stdout and "next line answers it" in done.stdout
    assert "hint " not in done.stdout  # one hand each: nothing to arrange, so no hint
    seven = play("-p", "seven-card", "--seed", "3", "--players", "3", "--log", os.devnull, input="look\nhelp\nq\n")
    assert "hint            show the best arrangement (it is not applied" in seven.stdout


# ---------------------------------------------------------------------------
# Crash and Stop the Bus are played, not watched
# ---------------------------------------------------------------------------


def test_crash_asks_the_person_to_go_on_after_each_showdown(tmp_path: Path) -> None:
    """No betting, no decisions: each showdown waits for the person ('next' in a script); q stops, resumable."""
    log = tmp_path / "crash.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("next\n\n# blank lines and comments are skipped\nnext\nq\n", encoding="utf-8")
    done = play("-p", "crash", "--seed", "3", "--log", str(log), "--script", str(script))
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert out.count("Enter: next deal, q: stop>") == 3
    assert out.count("lowest hand:") == 3 and out.count("lives: You") == 3
    assert "lowest hand: Ada loses a life" in out and "pot 0" not in out
    assert "net" not in out.split("Standings", 1)[1]  # Crash plays for lives: no money column
    assert "Stopped. Everything played is in" in done.stderr and "Stopped." not in out
    results = [e for _, e in read_log(log)[1] if e.get("type") == "result"]
    assert len(results) == 3
    more = play("--resume", str(log), input="q\n")
    assert more.exit_code == 0 and "3 deals played" in more.stdout, more.output


def test_stop_the_bus_asks_the_person_to_swap_and_the_last_turn_takes_a_card(tmp_path: Path) -> None:
    log = tmp_path / "bus.jsonl"
    script = tmp_path / "moves.txt"
    # deal 1: Ada knocks before You: swap the 3 for the king in the centre; deal 2: Bo knocks: a knock and a
    # stand are refused (Wikipedia: "everybody else gets one turn only", and a turn takes a card), then a swap
    script.write_text("swap 3d Kc\nnext\nknock\nstand\nswap 8s 4s\nnext\nq\n", encoding="utf-8")
    done = play("-p", "stop-the-bus", "--seed", "3", "--log", str(log), "--script", str(script))
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert "Centre: K♣ 2♥ 2♦" in out and "10 swap all three with the centre" in out  # Ada swaps before knocking
    assert "11 stand" not in out
    assert "You swap 3♦ for K♣" in out
    assert "lowest hand: You lose a life" in out
    assert "Bo has already knocked: swap" in out  # a knock after a knock is refused; the move is asked again
    assert "not allowed (format.exchange.stand_after_knock)" in out
    mine = [a for a in _actions(log) if a.startswith("You ")]
    assert mine[:2] == ["You swap 3d Kc", "You swap 8s 4s"]
    assert audit(str(log)).ok


def test_stop_the_bus_is_shipped_and_extends_crash() -> None:
    profile = load_profile("stop-the-bus")
    crash = load_profile("crash")
    assert profile.format.exchange.enabled and profile.format.exchange.centre_cards == 3
    assert profile.format.lives == crash.format.lives == 3 and not profile.format.betting
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "`stop-the-bus`" in readme


def _standings_column(text: str) -> List[str]:
    """The net column of the last standings table printed (the player rows and any 'in the pot' row)."""
    table = text.rsplit("tandings", 1)[1]
    rows = [line for line in table.splitlines() if line.startswith("│")]
    return [row.strip("│ ").split("│")[0].strip() + "=" + row.rstrip(" │").rsplit("│", 1)[1].strip() for row in rows]


def _sums_to_zero(column: List[str]) -> bool:
    from bragrules.core.money import parse_money

    return sum(parse_money(cell.split("=", 1)[1].lstrip("+")) for cell in column) == 0


def test_standings_after_a_carried_pot_show_it_so_the_column_sums_to_zero(tmp_path: Path) -> None:
    final = play("--auto", "-p", "traditional", "--seed", "1", "--hands", "4", "--log", os.devnull, "--no-explain")
    assert final.exit_code == 0, final.output
    column = _standings_column(final.stdout)
    assert "in the pot=9" in column and _sums_to_zero(column), column
    # stopped in the middle of a deal that a carried pot opened: the pot it carried in is shown
    stopped = play("-p", "traditional", "--seed", "2", "--log", os.devnull, input="fold\nfold\nfold\nq\n")
    assert stopped.exit_code == 0, stopped.output
    column = _standings_column(stopped.stdout)
    assert "in the pot=4½" in column and _sums_to_zero(column), column
    assert "carried in" in stopped.stdout.rsplit("Standings", 1)[1]


# ---------------------------------------------------------------------------
# A mistyped move, a refusal's amounts, Enter for the default bet
# ---------------------------------------------------------------------------


def test_a_mistyped_move_gets_a_did_you_mean_and_the_moves_open_now(tmp_path: Path) -> None:
    done = play("--seed", "3", "--log", str(tmp_path / "s.jsonl"), input="lok\nfodl\n3/2\nq\n")
    assert done.exit_code == 0, done.output
    assert "'lok' is not a move; did you mean 'look'? You may: look, bet N (½ or more), fold" in done.stdout
    assert "did you mean 'fold'?" in done.stdout and "did you mean 'bet 3/2'?" in done.stdout
    assert "peeks X" not in done.stdout and "redeal" not in done.stdout  # not the list of every action


def test_a_refusal_writes_amounts_as_the_table_does(tmp_path: Path) -> None:
    halves = tmp_path / "halves.yaml"
    halves.write_text("extends: standard\nname: halves\nstakes: {level_step: 1/2, opening_min: 1/2}\n",
                      encoding="utf-8")
    done = play("-p", str(halves), "--seed", "3", "--log", str(tmp_path / "s.jsonl"), input="bet 3/8\nq\n")
    refusal = next(line for line in done.stdout.splitlines() if "not allowed" in line)
    assert refusal == "not allowed (stakes.level_step): a blind payment of ⅜ is not a level in steps of ½"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_enter_for_the_default_bet_ends_the_line_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal, Enter at 'how much? [1]' takes the default bet; the next line starts on a line
    of its own (the prompt written before input() left line editing unaware of it, and Enter on an
    empty line then wrote no newline: 'how much? [1] You bet 1')."""
    import pty
    import select

    pid, fd = pty.fork()
    if pid == 0:  # the child: bragrules play on the terminal
        os.environ.update({**ENV, "TERM": "xterm"})
        os.execv(sys.executable, [sys.executable, "-m", "bragrules", "play", "--seed", "3",
                                  "--log", str(tmp_path / "s.jsonl")])
    seen = b""

    def read_until(wanted: bytes) -> None:
        nonlocal seen
        while wanted not in seen:
            ready, _, _ = select.select([fd], [], [], 60)
            assert ready, f"no {wanted!r} in 60 s: {seen[-300:]!r}"
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child has closed the terminal
                chunk = b""
            assert chunk, f"play ended before {wanted!r}: {seen[-300:]!r}"
            seen += chunk

    try:
        for wanted, answer in ((b"You>", b"look\r"), (b"You>", b"1\r"), (b"how much? [1]", b"\r")):
            read_until(wanted)
            os.write(fd, answer)
            seen_before = len(seen)
        read_until(b"bet 1 (level 1)")
        after = seen[seen_before:]
        assert b"how much? [1] \r\n" in seen and b"[1] You" not in seen, after
        os.write(fd, b"q\r")
        read_until(b"continue with")
    finally:
        os.close(fd)
        os.waitpid(pid, 0)


def test_joker_hunt_asks_the_person_to_take_or_close_a_centre_card(tmp_path: Path) -> None:
    """Joker Hunt (zeenews.india.com): "each player either picks up one open card and discards one of his own into
    the pack or [...] closes one card on the table"; the person swaps at one turn and closes by the menu's number
    at the other, then the betting starts over the three cards left open."""
    log = tmp_path / "hunt.jsonl"
    script = tmp_path / "moves.txt"
    script.write_text("look\nswap 3d 3s\n1\npack\nnext\nq\n", encoding="utf-8")
    done = play("-p", "joker-hunt", "--seed", "3", "--log", str(log), "--script", str(script))
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert "Centre: 3♠ 4♦ 8♦ 5♣ 5♥ 10♠ 6♣ K♦" in out and "1 turn the centre card 3s face down, out of play" in out
    assert "You swap 3♦ for 3♠" in out and "Ada swaps a card for J♠" in out  # a bot's card given stays its own
    assert "You turn the centre card 4♦ face down, out of play" in out and "Centre: 8♦ 5♥ 10♠" in out
    mine = [a for a in _actions(log) if a.startswith("You ")]
    assert mine[:4] == ["You look", "You swap 3d 3s", "You close 4d", "You fold"]
    assert audit(str(log)).ok


def test_q_at_the_amount_prompt_stops_as_at_the_menu(tmp_path: Path) -> None:
    """'q' typed where the amount of a bet is asked stops the session (the log kept, the resume hint shown),
    rather than being refused as an amount."""
    log = tmp_path / "stop.jsonl"
    done = play("--seed", "3", "--players", "3", "--log", str(log), input="look\n1\nq\n")
    assert done.exit_code == 0, done.output
    assert "how much?" in done.stdout
    assert "is not an amount" not in done.output
    assert "--resume" in done.stderr
    assert not [a for a in _actions(log) if a.startswith("You bet")]
