"""Progress on stderr: drawn on a terminal (``--json`` too), never on a file or a pipe."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

from bragrules.play.table import Seat, Table
from bragrules.profile import load_profile
from bragrules_cli.progress import ProgressLine, progress_wanted


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_wanted_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    assert progress_wanted(FakeTerminal())
    assert not progress_wanted(io.StringIO())  # a file or a pipe
    assert not progress_wanted(FakeTerminal(), others_show_progress=True)  # rows on the same terminal show it
    monkeypatch.setenv("TERM", "dumb")
    assert not progress_wanted(FakeTerminal())


def test_the_progress_line_redraws_at_most_ten_times_a_second_with_a_total_and_the_time_left() -> None:
    out, now = FakeTerminal(), [5.0]
    line = ProgressLine(out, "simulating", "deals", total=2000, clock=lambda: now[0], width=100)
    for done in range(1, 1001):
        now[0] += 0.001  # a thousand updates in one second of the fake clock
        line.update(done)
    drawn = out.getvalue()
    draws = drawn.count("\r\x1b[2K")  # each redraw goes back over the line
    assert 9 <= draws <= 12, draws
    import re

    last = drawn.rsplit("\r\x1b[2K", 1)[1]
    counted = re.search(r"(\d+) of 2,000 deals", last)  # the count and its total, as every long command shows
    assert counted is not None and 890 <= int(counted.group(1)) <= 1000, last
    assert re.search(r"0:00:0[12] left", last), last  # about 1,000 deals a second of the clock: a second to go
    line.close()
    assert out.getvalue().endswith("\x1b[2K") and not line.drawn  # erased
    quiet = ProgressLine(FakeTerminal(), "x", "deals")
    quiet.close()
    assert not quiet.drawn and quiet._console.file.getvalue() == ""


def test_a_total_found_on_the_way_is_shown() -> None:
    out, now = FakeTerminal(), [0.0]
    line = ProgressLine(out, "simulating", "deals", clock=lambda: now[0], width=100)
    line.update(10)
    assert "10 deals" in out.getvalue() and " of " not in out.getvalue()
    now[0] = 1.0
    line.update(20, 400)
    assert "20 of 400 deals" in out.getvalue()
    line.close()


@pytest.fixture(scope="module")
def small_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("progress") / "s.jsonl"
    table = Table.new(load_profile("standard"), [Seat("A", "cautious"), Seat("B", "loose"), Seat("C", "see_happy")],
                      seed=3, profile_name="standard", log_path=log)
    table.run(max_deals=30)
    return log


def run_with_stderr_on_a_pty(*args: str) -> Tuple[int, str, bytes]:
    """``bragrules ARGS`` with stderr a terminal (a pty) and stdout a pipe: status, stdout, what the terminal got."""
    import pty

    master, slave = pty.openpty()
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm"}
    proc = subprocess.Popen([sys.executable, "-m", "bragrules", *args], stdout=subprocess.PIPE,
                            stderr=slave, stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    seen: List[bytes] = []
    while True:  # read until the child closes the terminal (a generous guard, not a wait for time)
        ready, _, _ = select.select([master], [], [], 120)
        if not ready:
            proc.kill()
            raise AssertionError("no end of output in 120 s")
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child has closed its side
            break
        if not chunk:
            break
        seen.append(chunk)
    out = proc.stdout.read().decode("utf-8") if proc.stdout else ""
    code = proc.wait(timeout=120)
    os.close(master)
    return code, out, b"".join(seen)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_audit_and_diff_impact_show_progress_on_a_terminal_even_with_json(small_log: Path) -> None:
    """One display in every long command: what it does, a bar, a count of a known total, erased at the end."""
    lines = len(small_log.read_bytes().splitlines())
    code, out, terminal = run_with_stderr_on_a_pty("audit", str(small_log), "--json")
    assert code == 0 and out.lstrip().startswith("{")
    assert b"auditing " in terminal and f" of {lines:,} lines".encode() in terminal, terminal[-300:]
    code, out, terminal = run_with_stderr_on_a_pty("diff", "standard", "classic", "--impact", "60", "--json")
    assert code == 1 and '"impact"' in out
    assert b"simulating " in terminal and b" of 120 deals" in terminal
    code, out, terminal = run_with_stderr_on_a_pty("simulate", "--hands", "300", "--json")
    assert code == 0 and out.lstrip().startswith("{")
    assert b"simulating " in terminal and b" of 300 deals" in terminal
    for bar in (terminal,):
        assert "━".encode() in bar and bar.endswith(b"\x1b[2K")  # the bar, erased at the end


def test_no_progress_when_stderr_is_not_a_terminal(small_log: Path) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    for args in (["audit", str(small_log), "--summary"], ["diff", "standard", "classic", "--impact", "60", "--json"],
                 ["simulate", "--hands", "300", "--json"]):
        done = subprocess.run([sys.executable, "-m", "bragrules", *args], capture_output=True, env=env, timeout=120,
                              stdin=subprocess.DEVNULL)
        assert b"\r" not in done.stderr and b"\x1b[K" not in done.stderr, (args, done.stderr[:200])
