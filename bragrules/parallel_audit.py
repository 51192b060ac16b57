"""``audit --workers N``: a long log audited in blocks by N processes, with a chain check, as one sequential report.

The log is cut into blocks at ``deal`` lines (:func:`split_blocks`). Each
worker audits a block from the state its first deal records: the dealer,
the pot carried in, the hands retained, the deal's number. Balances and
counts start at nothing and are added up afterwards. Then the blocks are
taken in order, and each block's recorded starting state is compared with
the state the blocks before it really left (the chain check): where they
agree, the block's findings stand as they are; where they do not (a wrong
dealer, a wrong carried pot, a deal out of its number, a time earlier than
the last, a read error at the block's start), the block is audited again,
in order, from the true state. Every action is still checked and every
payout recomputed, once or twice; the report is the one the sequential
audit makes, byte for byte.

Only a session whose deals depend on nothing else from the deals before
them is cut this way: stakes without a bankroll, no lives, a pack shuffled
before every deal, a session with no fixed end
(:func:`chainable`). Any other log, a sheet, and a log read from a pipe are
audited in one process (the same report, without the speed).
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections import deque
from dataclasses import replace
from typing import Any, Deque, Dict, Iterator, List, Optional, Tuple

from bragrules.audit import AuditReport, DealSummary, Note, Violation, _Auditor, _seat_keeper
from bragrules.core.errors import HistoryError
from bragrules.history.log import _LogReader, read_deals, read_line, read_log
from bragrules.history.model import DealEntry, History
from bragrules.history.schema import DealLine
from bragrules.rules.compile import Rules, compile_rules

BLOCK_BYTES = 4 * 1024 * 1024
"""At most about how many bytes of log one block holds (a few thousand deals)."""

MIN_BLOCK_BYTES = 256 * 1024
"""At least about this many bytes a block (a few hundred deals): a shorter log is audited in one process."""

_DEAL_START = b'{"type":"deal","deal":'
_CHUNK = 1 << 20
_UNSET = -1  # a finishing time no deal has: "no deal of this block was settled"

Block = Tuple[int, int, int]  # (first byte, end byte, number of its first line)


def chainable(rules: Rules) -> bool:
    """Whether a deal depends on the deals before it only through what its ``deal`` line records."""
    return (not rules.finite and rules.lives is None and rules.shuffle.kind == "every_deal"
            and rules.end.kind == "never")


def split_blocks(path: str, block_bytes: int = BLOCK_BYTES) -> List[Block]:
    """The log cut into blocks of about ``block_bytes``, each (but the first) starting at a ``deal`` line.

    The first block starts after the header. Reads the file once (to number
    the lines) in constant memory.
    """
    size = os.path.getsize(path)
    with open(path, "rb") as handle:
        header = handle.readline()
        starts: List[Tuple[int, int]] = [(len(header), 2)]
        target = len(header) + block_bytes
        line = 2  # the number of the line starting at ``handle.tell()``
        offset = len(header)
        while target < size:
            # count the lines up to the target, then find the next deal line
            while offset < target:
                chunk = handle.read(min(_CHUNK, target - offset))
                if not chunk:
                    break
                line += chunk.count(b"\n")
                offset += len(chunk)
            partial = handle.readline()  # the rest of the line the target fell in
            if partial:
                offset += len(partial)
                if partial.endswith(b"\n"):
                    line += 1
            found = False
            while True:
                raw = handle.readline()
                if not raw:
                    break
                if raw.startswith(_DEAL_START):
                    starts.append((offset, line))
                    offset += len(raw)
                    line += raw.count(b"\n")
                    found = True
                    break
                offset += len(raw)
                line += raw.count(b"\n")
            if not found:
                break
            target = max(target + block_bytes, offset)
    ends = [start for start, _ in starts[1:]] + [size]
    return [(start, end, first_line) for (start, first_line), end in zip(starts, ends)]


# ---------------------------------------------------------------------------
# The worker
# ---------------------------------------------------------------------------

_WORKER: Dict[str, Any] = {}


def _init_worker(path: str, profile: Any) -> None:
    _WORKER["history"] = read_log(path)
    _WORKER["rules"] = compile_rules(profile)


def _block_lines(history: History, block: Block) -> Iterator[Tuple[int, bytes]]:
    start, end, first_line = block
    handle = open(history.file, "rb")
    handle.seek(start)
    return _LogReader(history.file, handle, first_line, limit=end - start).lines()


class _Counted:
    """The deals of a block, remembering the number of the last one read."""

    def __init__(self, deals: Iterator[DealEntry], last: int):
        self.deals = deals
        self.last = last

    def __iter__(self) -> Iterator[DealEntry]:
        for entry in self.deals:
            self.last = entry.number
            yield entry


def _chain_key(auditor: _Auditor, last_number: int) -> Tuple[Any, ...]:
    state = auditor.table.state
    return (state.dealer_index, state.carried, state.dealt, dict(auditor.retained), last_number)


def _audit_block(task: Tuple[Block, bool, bool]) -> Dict[str, Any]:
    """Audit one block from the state its first deal records; what it found, as plain data."""
    block, final, rows = task
    history: History = replace(_WORKER["history"], end=None)
    rules: Rules = _WORKER["rules"]
    lines = _block_lines(history, block)
    try:
        number, raw = next(lines)
        first = read_line(raw, history.file, number)
    except (StopIteration, HistoryError):
        return {"assumed": None, "first_error": True}
    if not isinstance(first, DealLine):
        return {"assumed": None, "first_error": False}
    deals = read_deals(history, itertools.chain([(number, raw)], lines), first.deal - 1)
    try:
        entry = next(deals)
    except HistoryError:
        return {"assumed": None, "first_error": True}
    except StopIteration:  # pragma: no cover - a deal line always gives a deal
        return {"assumed": None, "first_error": False}
    if entry.dealer is None or entry.carried_in is None or entry.dealer not in history.players:
        return {"assumed": None, "first_error": False}
    report = AuditReport(file=history.file, kind=history.kind, profile="", profile_hash="",
                         players=list(history.players))
    found: List[DealSummary] = []
    auditor = _Auditor(history, rules, report, keep_deals=False, on_deal=found.append if rows else None)
    auditor._table = _seat_keeper(rules, history.players, entry.dealer)
    state = auditor.table.state
    state.carried = entry.carried_in
    state.dealt = entry.number - 1
    state.finished_ms = _UNSET
    auditor.retained = dict(entry.retained or {})
    assumed = _chain_key(auditor, entry.number - 1)
    counted = _Counted(itertools.chain([entry], deals), entry.number)
    auditor.run_deals(iter(counted), ends_log=final)
    table = auditor.table
    error = report.error
    return {
        "assumed": assumed,
        "first_error": False,
        "end_key": _chain_key(auditor, counted.last),
        "state": (state.deals, state.resolved, state.redeal, state.last_won_by_prial, state.finished_ms),
        "balances": dict(table.balances),
        "violations": [(v.deal, v.action, v.line, v.rule, v.message) for v in report.violations],
        "notes": [(n.deal, n.line, n.message, n.level) for n in report.notes],
        "rows": [(d.deal, d.dealer, d.order, d.pot, d.outcome, d.winners, d.net, d.carried_out, d.retained_in,
                  d.line, d.from_claim) for d in found],
        "first_timed": auditor.first_timed,
        "last_timed": auditor.last_timed,
        "untimed": (auditor.untimed, auditor.untimed_count),
        "open_deal": auditor.open_deal,
        "end": history.end,
        "error": None if error is None else (error.message, error.file, error.line),
    }


# ---------------------------------------------------------------------------
# The parent: the chain check
# ---------------------------------------------------------------------------


def _absorb(auditor: _Auditor, found: Dict[str, Any]) -> int:
    """Take a block's findings as they are; the number of its last deal."""
    report, table = auditor.report, auditor.table
    report.violations.extend(Violation(*v) for v in found["violations"])
    report.notes.extend(Note(*n) for n in found["notes"])
    for row in found["rows"]:
        auditor.add_summary(DealSummary(*row))
    for p, amount in found["balances"].items():
        if amount:
            table.balances[p] += amount
    dealer_index, carried, dealt, retained, last_number = found["end_key"]
    deals, resolved, redeal, prial, finished = found["state"]
    state = table.state
    state.dealer_index, state.carried, state.dealt = dealer_index, carried, dealt
    state.deals += deals
    state.resolved += resolved
    state.redeal, state.last_won_by_prial = redeal, prial
    if finished != _UNSET:
        state.finished_ms = finished
    auditor.retained = retained
    if found["last_timed"] is not None:
        auditor.last_timed = found["last_timed"]
    untimed, count = found["untimed"]
    auditor.untimed = (auditor.untimed + untimed)[:5]
    auditor.untimed_count += count
    auditor.open_deal = found["open_deal"]
    if found["end"] is not None:
        auditor.history.end = found["end"]
    if found["error"] is not None:
        report.error = HistoryError(*found["error"])
    return int(last_number)


def _agrees(auditor: _Auditor, found: Dict[str, Any], last_number: int) -> bool:
    """The chain check: the block started from the state the blocks before it left."""
    if found["assumed"] is None or found["assumed"] != _chain_key(auditor, last_number):
        return False
    first, last = found["first_timed"], auditor.last_timed
    return first is None or last is None or first[1] >= last[1]


def _reaudit(auditor: _Auditor, block: Block, ends_log: bool, last_number: int) -> int:
    """Audit a block again, in order, from the true state; the number of its last deal."""
    history = auditor.history
    counted = _Counted(read_deals(history, _block_lines(history, block), last_number), last_number)
    auditor.run_deals(iter(counted), ends_log=ends_log)
    return counted.last


def _in_order(pool: Any, tasks: List[Tuple[Block, bool, bool]], ahead: int) -> Iterator[Dict[str, Any]]:
    """The blocks' findings in order, at most ``ahead`` blocks audited ahead of the one taken (memory stays
    bounded when the rows are written more slowly than the workers make them)."""
    queue: Deque[Any] = deque()
    waiting = iter(tasks)
    for task in itertools.islice(waiting, ahead):
        queue.append(pool.apply_async(_audit_block, (task,)))
    while queue:
        found = queue.popleft().get()
        following = next(waiting, None)
        if following is not None:
            queue.append(pool.apply_async(_audit_block, (following,)))
        yield found


def block_size(size: int, workers: int) -> int:
    """How long the blocks of a log of ``size`` bytes are: four a worker, from 256 KiB to 4 MiB each.

    >>> block_size(100 * 1024 * 1024, 2), block_size(8 * 1024 * 1024, 2), block_size(100_000, 2)
    (4194304, 1048576, 262144)
    """
    return min(BLOCK_BYTES, max(MIN_BLOCK_BYTES, size // (4 * workers)))


def audit_in_parallel(auditor: _Auditor, workers: int, block_bytes: Optional[int] = None) -> bool:
    """Run ``auditor`` (started) over its log with ``workers`` processes; False when it cannot be cut
    into blocks (then nothing is done and the caller audits in one process). ``block_bytes``: about
    how long a block is (by default :func:`block_size`)."""
    history, rules = auditor.history, auditor.rules
    if workers < 2 or history.kind != "log" or not chainable(rules) or history.byte_limit is not None:
        return False
    if not os.path.isfile(history.file) or type(history.deals).__name__ != "_LogDeals":
        return False
    if block_bytes is None:
        block_bytes = block_size(os.path.getsize(history.file), workers)
    blocks = split_blocks(history.file, block_bytes)
    if len(blocks) < 2:
        return False
    rows = auditor.keep_deals or auditor.on_deal is not None
    tasks = [(block, i == len(blocks) - 1, rows) for i, block in enumerate(blocks)]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    with context.Pool(workers, initializer=_init_worker, initargs=(history.file, rules.profile)) as pool:
        results = _in_order(pool, tasks, 2 * workers + 1)
        last_number = 0
        pending: Optional[Dict[str, Any]] = next(results)
        for i, block in enumerate(blocks):
            found = pending
            assert found is not None
            final = i == len(blocks) - 1
            pending = None if final else next(results)
            # sequentially, a deal that cannot be read at the next block's start ends this block's reading
            ends_log = final or (pending is not None and pending["first_error"])
            if ends_log == final and _agrees(auditor, found, last_number):
                last_number = _absorb(auditor, found)
            else:
                last_number = _reaudit(auditor, block, ends_log, last_number)
            if auditor.report.error is not None:
                break
        pool.terminate()
    auditor.finish()
    return True


__all__ = ["BLOCK_BYTES", "MIN_BLOCK_BYTES", "audit_in_parallel", "block_size", "chainable", "split_blocks"]
