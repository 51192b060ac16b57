"""Shared helpers for the engine tests."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import time
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple

from bragrules.core.cards import parse_cards
from bragrules.engine.deal import Deal
from bragrules.profile import load_profile
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules


@lru_cache(maxsize=None)
def shipped_profile(name: str) -> Profile:
    """The shipped profile ``name``, loaded once in a test process (a profile is frozen, so one copy serves every
    test): the suite chooses its cases by reading the shipped profiles, each many times over, while collecting.

    >>> shipped_profile("traditional") is shipped_profile("traditional")
    True
    """
    return load_profile(name)


def rules_for(name: str = "traditional", **areas: Mapping[str, object]) -> Rules:
    """Rules of a shipped profile, with some areas overridden: ``rules_for("traditional", seeing={"tie": "split"})``."""
    base = load_profile(name)
    if not areas:
        return compile_rules(base)
    data = base.model_dump(mode="json")
    for area, values in areas.items():
        merged = dict(data.get(area) or {})
        merged.update(values)
        data[area] = merged
    return compile_rules(Profile.model_validate(data))


def deal_with(
    rules: Rules,
    hands: Mapping[str, str],
    order: Optional[Sequence[str]] = None,
    **kwargs: object,
) -> Deal:
    order = list(order or hands.keys())
    parsed = {p: parse_cards(h) for p, h in hands.items()}
    return Deal(rules, order, parsed, **kwargs)  # type: ignore[arg-type]


def play(deal: Deal, actions: Iterable[str]) -> Deal:
    for text in actions:
        deal.apply_text(text)
    return deal


def nets(deal: Deal) -> Dict[str, Fraction]:
    assert deal.result is not None
    return dict(deal.result.net)


FOUR = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd", "D": "3s 8h Qd"}


def run_cli(capsys: Any, monkeypatch: Any, *args: str, stdin: str = "") -> Tuple[int, str, str]:
    """Run ``bragrules ARGS`` in this process (as the console script does): exit code, stdout, stderr.

    Colour off, 200 columns, ``stdin`` as standard input.
    """
    from bragrules_cli.app import main

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    capsys.readouterr()
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Return as soon as ``condition()`` holds (the event: a line in a log, a process gone).

    ``timeout`` is only a guard against a hang, never a wait for time to pass;
    the short pause between looks keeps the loop from spinning a core.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(0.005)


def children(pid: int) -> List[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rsplit(b")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in (b"Z", b"X")


@contextlib.contextmanager
def served_table(tmp_path: Path, *serve_args: str, link: str = "host") -> Iterator[str]:
    """Run ``bragrules serve SERVE_ARGS`` (on a free port) and yield its host link, or with ``link="join"`` the
    link to share; the server is stopped when the block ends, killed if it will not stop.

    It waits for the line that prints the link (or the server's exit, which fails with what it wrote).
    """
    err = tmp_path / "serve.txt"
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", *serve_args],
                                   stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "NO_COLOR": "1"})
    marker, prefix = (("Host link", "Host link (start, replace a player; keep it to yourself): ") if link == "host"
                      else ("Join link", "Join link to share: "))
    try:
        wait_for(lambda: marker in err.read_text() or process.poll() is not None, f"the server's {link} link")
        assert process.poll() is None, err.read_text()
        yield err.read_text().split(prefix)[1].split()[0]
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def short_multiway(**extra: Any) -> Profile:
    """The solver tests' short game: the pack stripped to T, J, Q, K, A (20 cards), two to six seats, the opening
    bet at most 1; ``extra`` replaces whole sections."""
    data: Dict[str, Any] = {"pack": {"stripped_ranks": list("23456789")},
                            "table": {"min_players": 2, "max_players": 6}, "stakes": {"opening_max": 1}}
    data.update(extra)
    return Profile.model_validate(data)
