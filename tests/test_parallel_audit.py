"""``audit --workers N``: a log audited in blocks by several processes gives the sequential report, byte for byte.

The log is played under a profile whose pots carry (a blind survivor and a
deal nobody bets in carry the pot; an unseen hand may be retained), so that
blocks start with a carried pot and retained hands; then one deal line is
edited so that a block's recorded starting state is wrong. The chain check
must audit that block again in order, and the violations come out exactly
as the sequential audit reports them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, List

import pytest

from bragrules.audit import audit
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter
from bragrules.parallel_audit import chainable, split_blocks
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from .helpers import run_cli

CARRYING = """\
extends: standard
name: carrying
folding:
  blind_survivor: carries
  nobody_bet: carries
blind:
  retention: true
"""


@pytest.fixture(scope="module")
def carrying_log(tmp_path_factory: Any) -> Path:
    """A log of 400 deals under a profile whose pots carry, with hands retained."""
    folder = tmp_path_factory.mktemp("parallel")
    profile_path = folder / "carrying.yaml"
    profile_path.write_text(CARRYING, encoding="utf-8")
    rules = compile_rules(load_profile(profile_path))
    assert chainable(rules)
    session = Session(rules, ["A", "B", "C", "D"], seed=11, keep_records=False)
    choose = random_chooser(random.Random(5))
    path = folder / "carrying.jsonl"
    with LogWriter.for_session(path, session):
        for _ in range(400):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    return path


def _report(path: Path, **options: Any) -> bytes:
    return json.dumps(audit(path, keep_deals=True, **options).to_json(), ensure_ascii=False).encode("utf-8")


@pytest.fixture
def reaudits(monkeypatch: Any) -> List[int]:
    """The first line of every block the chain check audits again (in this, the parent, process)."""
    import bragrules.parallel_audit as parallel

    seen: List[int] = []
    original = parallel._reaudit

    def counting(auditor: Any, block: Any, ends_log: bool, last_number: int) -> int:
        seen.append(block[2])
        return original(auditor, block, ends_log, last_number)

    monkeypatch.setattr(parallel, "_reaudit", counting)
    return seen


def test_blocks_start_at_deal_lines_and_cover_the_log(carrying_log: Path) -> None:
    blocks = split_blocks(str(carrying_log), 20_000)
    assert len(blocks) > 4
    data = carrying_log.read_bytes()
    lines = data.split(b"\n")
    assert blocks[-1][1] == len(data)
    for (start, end, first_line), following in zip(blocks, blocks[1:] + [(len(data), 0, 0)]):
        assert end == following[0]
        assert data[:start].count(b"\n") + 1 == first_line
    for _, _, first_line in blocks[1:]:
        assert lines[first_line - 1].startswith(b'{"type":"deal","deal":')


def test_carried_pots_and_retained_hands_cross_block_starts(carrying_log: Path) -> None:
    text = carrying_log.read_text(encoding="utf-8")
    assert '"outcome":"carried"' in text and '"retained":{"' in text
    starts = [carrying_log.read_bytes()[start:start + 200] for start, _, _ in split_blocks(str(carrying_log), 20_000)]
    assert any(b'"carried_in":0' not in line for line in starts[1:])  # some block starts with a pot carried in


def test_the_parallel_report_is_the_sequential_one(carrying_log: Path, reaudits: List[int]) -> None:
    sequential = _report(carrying_log)
    assert json.loads(sequential)["ok"] is True
    assert _report(carrying_log, workers=2, block_bytes=20_000) == sequential
    assert reaudits == []  # every block's starting state was confirmed


def _break_chain(source: Path, target: Path) -> int:
    """The log with the dealer and the carried pot of a deal that starts a block changed; that line's number."""
    blocks = split_blocks(str(source), 20_000)
    line_number = blocks[3][2]
    lines: List[str] = source.read_text(encoding="utf-8").split("\n")
    deal = json.loads(lines[line_number - 1])
    players = ["A", "B", "C", "D"]
    deal["dealer"] = players[(players.index(deal["dealer"]) + 1) % 4]
    deal["carried_in"] = 7
    lines[line_number - 1] = json.dumps(deal, separators=(",", ":"))
    target.write_text("\n".join(lines), encoding="utf-8")
    return line_number


def test_a_broken_chain_is_audited_again_in_order(carrying_log: Path, tmp_path: Path, reaudits: List[int]) -> None:
    broken = tmp_path / "broken.jsonl"
    line = _break_chain(carrying_log, broken)
    sequential = _report(broken)
    found = json.loads(sequential)
    assert not found["ok"]
    assert {v["rule"] for v in found["violations"] if v["line"] == line} == {"history.deal"}
    assert _report(broken, workers=2, block_bytes=20_000) == sequential
    assert reaudits == [line]  # that block, and only it, was audited again in order


def test_the_command_gives_the_same_bytes_with_workers(carrying_log: Path, capsys: Any, monkeypatch: Any) -> None:
    code, one, _ = run_cli(capsys, monkeypatch, "audit", str(carrying_log), "--json")
    code2, two, _ = run_cli(capsys, monkeypatch, "audit", str(carrying_log), "--json", "--workers", "2")
    assert (code, one) == (code2, two) and code == 0


@pytest.mark.parametrize("value, words", [
    ("0", "error: the number of workers must be at least 1, not 0"),
    ("-3", "error: the number of workers must be at least 1, not -3"),
    ("65", "error: at most 64 workers, not 65"),
])
def test_bad_worker_counts_are_refused(carrying_log: Path, capsys: Any, monkeypatch: Any, value: str,
                                       words: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(carrying_log), "--workers", value)
    assert code == 2 and out == ""
    assert err.splitlines() == [words]


def test_a_worker_count_that_is_not_a_number_is_refused(carrying_log: Path, capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "audit", str(carrying_log), "--workers", "two")
    assert code == 2
    assert "--workers" in err and "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("damage", ["cut_short", "garbage_line", "deal_out_of_order"])
def test_a_log_that_cannot_be_read_to_its_end_reports_as_in_one_process(
        carrying_log: Path, tmp_path: Path, damage: str) -> None:
    """A problem met part-way stops the reading where it stops in one process, with the same error."""
    lines = carrying_log.read_text(encoding="utf-8").split("\n")
    blocks = split_blocks(str(carrying_log), 20_000)
    middle = blocks[4][2] + 3  # a few lines into a block
    if damage == "cut_short":
        text = "\n".join(lines)[:-40]
    elif damage == "garbage_line":
        text = "\n".join(lines[:middle] + ["{not json"] + lines[middle:])
    else:  # the deal line that starts a block numbered wrongly
        start = blocks[5][2] - 1
        deal = json.loads(lines[start])
        deal["deal"] += 1
        lines[start] = json.dumps(deal, separators=(",", ":"))
        text = "\n".join(lines)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text(text, encoding="utf-8")
    sequential = _report(damaged)
    assert json.loads(sequential)["error"] is not None
    assert _report(damaged, workers=2, block_bytes=20_000) == sequential


def test_a_sheet_is_audited_in_one_process_with_the_same_report(tmp_path: Path) -> None:
    from .test_corpus import ROOT

    sheet = ROOT / "tests" / "data" / "histories" / "retention.yaml"
    assert _report(sheet, workers=2) == _report(sheet)


def _line_starts(data: bytes) -> List[int]:
    starts, offset = [], 0
    for line in data.split(b"\n"):
        starts.append(offset)
        offset += len(line) + 1
    return starts


@pytest.mark.parametrize("boundary", ["at_the_second_copy", "at_the_first_copy"])
def test_a_deal_line_written_twice_at_a_block_boundary_reports_as_in_one_process(
        carrying_log: Path, tmp_path: Path, boundary: str) -> None:
    """``deal 19 follows deal 19``: the deal before the error is judged by whether the deal after it
    can be read in order, also when that deal starts the next block."""
    data = carrying_log.read_bytes()
    lines = data.split(b"\n")
    starts = _line_starts(data)
    index = next(i for i in range(200, len(lines)) if lines[i].startswith(b'{"type":"deal"'))
    twice = tmp_path / "twice.jsonl"
    twice.write_bytes(b"\n".join(lines[:index + 1] + [lines[index]] + lines[index + 1:]))
    # a block is cut at the first deal line after its target: inside the first copy, or just before it
    block_bytes = starts[index] - starts[1] + (5 if boundary == "at_the_second_copy" else -5)
    first_copy = index + 1  # line numbers count from 1
    expected_start = first_copy + 1 if boundary == "at_the_second_copy" else first_copy
    assert expected_start in [first_line for _, _, first_line in split_blocks(str(twice), block_bytes)]
    sequential = _report(twice)
    found = json.loads(sequential)
    assert found["error"]["line"] == first_copy + 1 and "follows deal" in found["error"]["message"]
    assert _report(twice, workers=2, block_bytes=block_bytes) == sequential


EARLY_ERROR_RUNS = """
import signal, sys
from bragrules.audit import audit
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the workers, forked from here, cannot be killed at once
for _ in range(int(sys.argv[2])):
    report = audit(sys.argv[1], keep_deals=True, workers=2, block_bytes=20_000)
    assert report.error is not None and report.error.line == 6, report.error
print("done")
"""


def test_an_early_read_error_closes_the_pool_without_killing_its_workers(carrying_log: Path, tmp_path: Path) -> None:
    """The blocks still being audited stop after the deal in hand and the pool is closed: nothing waits on
    a worker that is killed in the middle of sending its findings (the pool's lock it holds is never let
    go), nor on one that a signal does not end at once. Run again and again in one process."""
    import os
    import signal
    import subprocess
    import sys

    lines = carrying_log.read_text(encoding="utf-8").split("\n")
    early = tmp_path / "early.jsonl"
    early.write_text("\n".join(lines[:5] + ["{not json"] + lines[5:]), encoding="utf-8")
    runs = subprocess.Popen([sys.executable, "-c", EARLY_ERROR_RUNS, str(early), "5"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = runs.communicate(timeout=60)  # a guard: each run takes well under a second
    finally:
        try:
            os.killpg(runs.pid, signal.SIGKILL)  # the process and any worker of it still there
        except ProcessLookupError:  # all gone already
            pass
        runs.wait()
    assert runs.returncode == 0, err.decode()[-2000:]
    assert out.decode().split() == ["done"]


def test_a_worker_killed_part_way_leaves_its_blocks_to_the_parent(carrying_log: Path) -> None:
    """A worker killed (out of memory, by hand) breaks the pool: the blocks it leaves are audited in the
    parent, and the report is still the sequential one."""
    import os
    import signal
    import threading

    from .helpers import children, wait_for

    sequential = _report(carrying_log)
    killed: List[int] = []

    def killed_one() -> bool:
        """Kill the pool's first worker once it is seen; done when one is killed or the test stops looking."""
        workers = children(os.getpid()) if not killed else []
        if workers:
            os.kill(workers[0], signal.SIGKILL)
            killed.append(workers[0])
        return bool(killed)

    def kill_a_worker() -> None:
        wait_for(killed_one, "a pool worker to kill", timeout=60)  # a guard: the pool starts its workers at once

    killer = threading.Thread(target=kill_a_worker)
    found: List[bytes] = []
    auditing = threading.Thread(target=lambda: found.append(_report(carrying_log, workers=2, block_bytes=5_000)),
                                daemon=True)  # a pool waiting for ever on a lost block fails the test, not the run
    killer.start()
    auditing.start()
    try:
        auditing.join(timeout=60)  # a guard: it takes about a second
    finally:
        killed.append(0)  # the killer stops, whether it killed one or not
        killer.join()
    assert not auditing.is_alive(), "the audit still waits for the killed worker's block"
    assert killed[0] != 0, "no worker was seen to kill"
    assert found == [sequential]
