"""Fuzzing ``audit --workers``: for any mutation of a valid log, two processes give the report one gives.

The log is long enough to be cut into a dozen blocks (300 deals under a
profile whose pots carry and whose hands are retained, blocks of about
20 KB), and the mutations are drawn near the blocks' boundaries half the
time, where the chain check and the reading on from one block to the next
must give what reading in order gives: lines written twice, deleted,
swapped with the next, a field of a line set to another value (a number
off by one, negative or huge, a word, a player's name, nothing, a list),
and the log cut at a byte. The property compares the JSON reports, rows
of every deal included.

Each example starts a pool of two workers, so the "ci" profile draws a
third of its usual number of examples (16), "thorough" 500.
"""

from __future__ import annotations

import bisect
import itertools
import json
import random
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter
from bragrules.parallel_audit import split_blocks
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from .test_parallel_audit import CARRYING

BLOCK_BYTES = 20_000
DEALS = 300
SIZES = st.integers(12_000, 30_000)
"""About how long a block is: drawn, so that a boundary can fall in any line (a deal line written
twice with the boundary inside the first copy starts a block at the second)."""

Mutation = Tuple[Any, ...]


class LongLog:
    """A valid log of 300 deals, its lines, and where blocks of a given size start (line indices)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = path.read_bytes().split(b"\n")
        self._starts: Dict[int, List[int]] = {}

    def starts(self, block_bytes: int) -> List[int]:
        """The lines that start the blocks (but the first), and the lines the blocks' targets fall in
        (a block starts at the first deal line after its target)."""
        if block_bytes not in self._starts:
            blocks = split_blocks(str(self.path), block_bytes)
            starts = [first_line - 1 for _, _, first_line in blocks][1:]
            offsets = list(itertools.accumulate((len(line) + 1 for line in self.lines), initial=0))
            targets, target = [], offsets[1] + block_bytes
            for start in starts:
                targets.append(bisect.bisect_right(offsets, target) - 1)
                target = max(target + block_bytes, offsets[start + 1])
            self._starts[block_bytes] = starts + targets
        return self._starts[block_bytes]


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: Any) -> LongLog:
    folder = tmp_path_factory.mktemp("parallel_fuzz")
    profile_path = folder / "carrying.yaml"
    profile_path.write_text(CARRYING, encoding="utf-8")
    rules = compile_rules(load_profile(profile_path))
    session = Session(rules, ["A", "B", "C", "D"], seed=23, keep_records=False)
    choose = random_chooser(random.Random(9))
    path = folder / "long.jsonl"
    with LogWriter.for_session(path, session):
        for _ in range(DEALS):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    log = LongLog(path)
    assert len(log.starts(BLOCK_BYTES)) >= 8
    return log


# -- mutations ---------------------------------------------------------------------------------------------

VALUES = st.one_of(
    st.sampled_from([0, 1, -1, 2, 7, 10**30, "A", "B", "D", "Z", "", "fold", None, [], {}, True, 0.5]),
    st.integers(-3, 400),
)


@st.composite
def mutations(draw: Any) -> List[Mutation]:
    """One to three changes: ("twice" | "delete" | "swap", where), ("edit", where, which key, value),
    ("cut", at which fraction of the log). ``where`` is (near a block boundary?, a number)."""
    changes: List[Mutation] = []
    for _ in range(draw(st.integers(1, 3))):
        where = (draw(st.booleans()), draw(st.integers(0, 10**6)), draw(st.sampled_from([0, 0, 0, -1, 1, -2, 2])))
        kind = draw(st.sampled_from(["twice", "twice", "twice", "delete", "swap", "edit", "edit", "cut"]))
        if kind == "edit":
            changes.append((kind, where, draw(st.integers(0, 20)), draw(VALUES)))
        elif kind == "cut":
            changes.append((kind, where, draw(st.floats(0.3, 1.0))))
        else:
            changes.append((kind, where))
    return changes


def _index(lines: List[bytes], starts: List[int], where: Tuple[bool, int, int]) -> int:
    """A line of the log (never the header): near a block's first line or the line its target fell in,
    or anywhere."""
    near, number, offset = where
    if near:
        index = starts[number % len(starts)] + offset
    else:
        index = 1 + number % (len(lines) - 1)
    return min(max(index, 1), len(lines) - 1)


def _edit(line: bytes, which: int, value: Any) -> bytes:
    try:
        event = json.loads(line)
    except ValueError:
        return line
    if not isinstance(event, dict) or not event:
        return line
    keys = sorted(event)
    event[keys[which % len(keys)]] = value
    return json.dumps(event, separators=(",", ":")).encode()


def mutate(lines: List[bytes], starts: List[int], changes: List[Mutation]) -> bytes:
    """The log with ``changes`` made, in order (block starts move with the lines; near enough)."""
    lines = list(lines)
    cut = None
    for change in changes:
        kind, where = change[0], change[1]
        index = _index(lines, starts, where)
        if kind == "twice":
            lines.insert(index, lines[index])
        elif kind == "delete" and len(lines) > 2:
            del lines[index]
        elif kind == "swap" and index + 1 < len(lines):
            lines[index], lines[index + 1] = lines[index + 1], lines[index]
        elif kind == "edit":
            lines[index] = _edit(lines[index], change[2], change[3])
        elif kind == "cut":
            cut = change[2]
    data = b"\n".join(lines)
    return data if cut is None else data[: int(len(data) * cut)]


def _report(path: Path, **options: Any) -> str:
    return json.dumps(audit(path, keep_deals=True, **options).to_json(), ensure_ascii=False)


@settings(max_examples=max(8, settings.default.max_examples // 3), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(block_bytes=SIZES, changes=mutations())
def test_two_workers_give_the_one_process_report_for_any_mutation(
        long_log: LongLog, tmp_path: Path, block_bytes: int, changes: List[Mutation]) -> None:
    path = tmp_path / "mutated.jsonl"
    path.write_bytes(mutate(long_log.lines, long_log.starts(block_bytes), changes))
    assert _report(path, workers=2, block_bytes=block_bytes) == _report(path)


def test_the_mutations_reach_the_block_boundaries(long_log: LongLog) -> None:
    """A deal line written twice at a boundary is one of the mutations drawn."""
    lines, starts = long_log.lines, long_log.starts(BLOCK_BYTES)
    change: Mutation = ("twice", (True, 0, 0))
    data = mutate(lines, starts, [change])
    assert data.split(b"\n")[starts[0]] == data.split(b"\n")[starts[0] + 1] == lines[starts[0]]
    assert lines[starts[0]].startswith(b'{"type":"deal"')
