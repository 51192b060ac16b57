"""Faults around the commands' output: standard output closed, session logs on a full disk.

Each is one line on stderr and a non-zero exit status, never a traceback.
The full disk is real: the folder given to ``simulate --log-dir`` holds, at
the name of the first session's log, a link to ``/dev/full``, a device on
which every write fails with ENOSPC (no mount needed, the same on every run).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Tuple

import pytest

GUARD = 60.0  # seconds: a guard against a hang, never a wait


def _closed_stdout() -> None:  # runs in the child before it starts: ``>&-``
    os.close(1)


def _run(*args: str, close_stdout: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "bragrules", *args], stdin=subprocess.DEVNULL,
                          stdout=None if close_stdout else subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          timeout=GUARD, preexec_fn=_closed_stdout if close_stdout else None)


@pytest.mark.parametrize("args", [("profiles",), ("profiles", "--json"), ("validate", "standard"), ("schema",),
                                  ("show", "standard"), ("simulate", "--hands", "5", "--json")])
def test_a_closed_stdout_is_one_line_and_exit_2(args: Tuple[str, ...]) -> None:
    done = _run(*args, close_stdout=True)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.splitlines() == ["error: cannot write standard output: it is closed"]


def test_a_closed_stdout_is_not_taken_by_a_file_the_command_opens(tmp_path: Path) -> None:
    """With descriptor 1 closed, the first file opened would become standard output; it never does."""
    logs = tmp_path / "logs"
    done = _run("simulate", "--hands", "20", "--log-dir", str(logs), close_stdout=True)
    assert done.returncode == 2
    written = sorted(logs.glob("*.jsonl"))
    assert written
    for log in written:
        assert all(line.startswith('{"type":') for line in log.read_text(encoding="utf-8").splitlines())


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_session_logs_on_a_full_disk_are_one_line_and_exit_2(tmp_path: Path, workers: str) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "block00001-session000.jsonl").symlink_to("/dev/full")  # the second block's first log
    done = _run("simulate", "--hands", "600", "--workers", workers, "--log-dir", str(logs))
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert done.stdout == b""
    assert err.splitlines() == [
        f"error: {logs / 'block00001-session000.jsonl'}: cannot write the session log (No space left on device)"]
