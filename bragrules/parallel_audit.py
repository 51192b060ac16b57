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

A block's last deal is judged as in order: after it, the first deal of the
next block is read as reading on would read it (after the block's last
deal number), and an error there is the block's error, met where the
sequential audit meets it (so an unfinished deal followed by a deal line
written twice is a deal the log ends in, not one it goes on from).

The workers leave Ctrl-C to the parent (:mod:`bragrules.workers`). When the
run ends early (an error, Ctrl-C), the parent raises a stop flag that the
workers look at between deals, and closes the pool once the blocks in hand
have stopped: no worker is killed in the middle of sending its findings.
A worker that dies (killed, out of memory) leaves its block, and the ones
after it, to the parent, which audits them itself: the same report.

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
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any, Deque, Dict, Iterator, List, Optional, Tuple

from bragrules.audit import AuditReport, DealSummary, Note, Violation
from bragrules.audit.auditor import Auditor
from bragrules.core.errors import HistoryError
from bragrules.history.log import LogDeals, LogReader, read_deals, read_line, read_log
from bragrules.history.model import DealEntry, History
from bragrules.history.schema import DealLine
from bragrules.rules.compile import Rules, compile_rules
from bragrules.workers import StopFlag, start_worker, stop_requested

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
    return (not rules.session.finite and rules.format.lives is None and rules.pack.shuffle.kind == "every_deal"
            and rules.session.end.kind == "never"
            and (rules.forced is None or rules.forced.every is None)  # a rising ante counts the deals played
            and rules.table.sitting_out != "post_missed"  # antes missed are counted from deal to deal
            and not rules.disputes.sends_out)  # who was put out carries from deal to deal


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


def _init_worker(parent: int, stop: StopFlag, path: str, profile: Any) -> None:
    start_worker(parent, stop)
    _WORKER["history"] = read_log(path)
    _WORKER["rules"] = compile_rules(profile)


def _block_lines(history: History, block: Block) -> Iterator[Tuple[int, bytes]]:
    start, end, first_line = block
    handle = open(history.file, "rb")
    handle.seek(start)
    return LogReader(history.file, handle, first_line, limit=end - start).lines()


def _probe(history: History, block: Block, previous: int) -> None:
    """Read the first deal of ``block`` as it is read in order, after deal ``previous``: raise the
    :class:`HistoryError` reading it raises. (Whether the deal after a block can be read decides how the
    block's last deal is judged: an unfinished deal that the log goes on from, or the last one read.)"""
    start, end, first_line = block
    with open(history.file, "rb") as handle:
        handle.seek(start)
        lines = LogReader(history.file, handle, first_line, limit=end - start).lines()
        next(read_deals(replace(history), lines, previous), None)


class _Counted:
    """The deals of a block, remembering the number of the last one read; then, as reading on in order
    would, the first deal of the block after it (:func:`_probe`).

    In a worker it stops early when the parent raises the stop flag (the run is ending).
    """

    def __init__(self, deals: Iterator[DealEntry], last: int, history: History, following: Optional[Block]):
        self.deals = deals
        self.last = last
        self.history = history
        self.following = following

    def __iter__(self) -> Iterator[DealEntry]:
        for entry in self.deals:
            if stop_requested():
                return
            self.last = entry.number
            yield entry
        if self.following is not None:
            _probe(self.history, self.following, self.last)


def _chain_key(auditor: Auditor, last_number: int) -> Tuple[Any, ...]:
    state = auditor.table.state
    return (state.dealer_index, state.carried, state.dealt, dict(auditor.retained), last_number)


def _audit_block(task: Tuple[Block, Optional[Block], bool]) -> Dict[str, Any]:
    """Audit one block from the state its first deal records; what it found, as plain data."""
    block, following, rows = task
    history: History = replace(_WORKER["history"], end=None)
    rules: Rules = _WORKER["rules"]
    lines = _block_lines(history, block)
    try:
        number, raw = next(lines)
        first = read_line(raw, history.file, number)
    except (StopIteration, HistoryError):
        return {"assumed": None}
    if not isinstance(first, DealLine):
        return {"assumed": None}
    deals = read_deals(history, itertools.chain([(number, raw)], lines), first.deal - 1)
    try:
        entry = next(deals)
    except (StopIteration, HistoryError):
        return {"assumed": None}
    if entry.dealer is None or entry.carried_in is None or entry.dealer not in history.players:
        return {"assumed": None}
    report = AuditReport(file=history.file, kind=history.kind, profile="", profile_hash="",
                         players=list(history.players))
    found: List[DealSummary] = []
    auditor = Auditor(history, rules, report, keep_deals=False, on_deal=found.append if rows else None)
    auditor.seat_at(entry.dealer)
    state = auditor.table.state
    state.carried = entry.carried_in
    state.dealt = entry.number - 1
    state.finished_ms = _UNSET
    state.fee_paid = entry.number > 1  # house.table_fee_per: session: paid with the first deal
    auditor.retained = dict(entry.retained or {})
    assumed = _chain_key(auditor, entry.number - 1)
    counted = _Counted(itertools.chain([entry], deals), entry.number, history, following)
    auditor.run_deals(iter(counted), ends_log=following is None)
    table = auditor.table
    error = report.error
    return {
        "assumed": assumed,
        "end_key": _chain_key(auditor, counted.last),
        "state": (state.deals, state.resolved, state.redeal, state.last_won_by_prial, state.finished_ms),
        "balances": dict(table.balances),
        "house": table.house,
        "violations": [(v.deal, v.action, v.line, v.rule, v.message, v.said) for v in report.violations],
        "notes": [(n.deal, n.line, n.message, n.level, n.said) for n in report.notes],
        "rows": [(d.deal, d.dealer, d.order, d.pot, d.outcome, d.winners, d.net, d.carried_out, d.retained_in,
                  d.line, d.from_claim) for d in found],
        "first_timed": auditor.first_timed,
        "last_timed": auditor.last_timed,
        "untimed": (auditor.untimed, auditor.untimed_count),
        "open_deal": auditor.open_deal,
        "end": history.end,
        "error": None if error is None else (error.said, error.file, error.line),  # its words, read where shown
    }


# ---------------------------------------------------------------------------
# The parent: the chain check
# ---------------------------------------------------------------------------


def _absorb(auditor: Auditor, found: Dict[str, Any]) -> int:
    """Take a block's findings as they are; the number of its last deal."""
    report, table = auditor.report, auditor.table
    report.violations.extend(Violation(*v) for v in found["violations"])
    report.notes.extend(Note(*n) for n in found["notes"])
    for row in found["rows"]:
        auditor.add_summary(DealSummary(*row))
    for p, amount in found["balances"].items():
        if amount:
            table.balances[p] += amount
    table.house += found["house"]
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


def _agrees(auditor: Auditor, found: Dict[str, Any], last_number: int) -> bool:
    """The chain check: the block started from the state the blocks before it left."""
    if found["assumed"] is None or found["assumed"] != _chain_key(auditor, last_number):
        return False
    first, last = found["first_timed"], auditor.last_timed
    return first is None or last is None or first[1] >= last[1]


def _reaudit(auditor: Auditor, block: Block, following: Optional[Block], last_number: int) -> int:
    """Audit a block again, in order, from the true state; the number of its last deal."""
    history = auditor.history
    counted = _Counted(read_deals(history, _block_lines(history, block), last_number), last_number, history,
                       following)
    auditor.run_deals(iter(counted), ends_log=following is None)
    return counted.last


Task = Tuple[Block, Optional[Block], bool]  # (the block, the one after it, whether rows are wanted)


def _in_order(pool: Executor, tasks: List[Task], ahead: int) -> Iterator[Optional[Dict[str, Any]]]:
    """The blocks' findings in order (None for a block whose worker died), at most ``ahead`` blocks
    audited ahead of the one taken (memory stays bounded when the rows are written more slowly than the
    workers make them)."""
    queue: Deque["Future[Dict[str, Any]]"] = deque()

    def submit(task: Task) -> "Future[Dict[str, Any]]":
        try:
            return pool.submit(_audit_block, task)
        except BrokenProcessPool:
            return _not_run()

    waiting = iter(tasks)
    for task in itertools.islice(waiting, ahead):
        queue.append(submit(task))
    while queue:
        try:
            found: Optional[Dict[str, Any]] = queue.popleft().result()
        except BrokenProcessPool:  # a worker was killed (out of memory...): the parent audits the block
            found = None
        following = next(waiting, None)
        if following is not None:
            queue.append(submit(following))
        yield found


def _not_run() -> "Future[Dict[str, Any]]":
    """A future that says its block's worker is gone: the block is audited in the parent."""
    future: "Future[Dict[str, Any]]" = Future()
    future.set_exception(BrokenProcessPool("the pool is broken"))
    return future


def block_size(size: int, workers: int) -> int:
    """How long the blocks of a log of ``size`` bytes are: four a worker, from 256 KiB to 4 MiB each.

    >>> block_size(100 * 1024 * 1024, 2), block_size(8 * 1024 * 1024, 2), block_size(100_000, 2)
    (4194304, 1048576, 262144)
    """
    return min(BLOCK_BYTES, max(MIN_BLOCK_BYTES, size // (4 * workers)))


def audit_in_parallel(auditor: Auditor, workers: int, block_bytes: Optional[int] = None) -> bool:
    """Run ``auditor`` (started) over its log with ``workers`` processes; False when it cannot be cut
    into blocks (then nothing is done and the caller audits in one process). ``block_bytes``: about
    how long a block is (by default :func:`block_size`)."""
    history, rules = auditor.history, auditor.rules
    if workers < 2 or history.kind != "log" or not chainable(rules) or history.byte_limit is not None:
        return False
    if not os.path.isfile(history.file) or type(history.deals) is not LogDeals:
        return False
    if block_bytes is None:
        block_bytes = block_size(os.path.getsize(history.file), workers)
    blocks = split_blocks(history.file, block_bytes)
    if len(blocks) < 2:
        return False
    rows = auditor.keep_deals or auditor.on_deal is not None
    followers: List[Optional[Block]] = [*blocks[1:], None]
    tasks: List[Task] = [(block, following, rows) for block, following in zip(blocks, followers)]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    stop = StopFlag(context)
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                               initargs=(os.getpid(), stop, history.file, rules.profile))
    try:
        results = _in_order(pool, tasks, 2 * workers + 1)
        last_number = 0
        for block, following in zip(blocks, followers):
            found = next(results)
            if found is not None and _agrees(auditor, found, last_number):
                last_number = _absorb(auditor, found)
            else:
                last_number = _reaudit(auditor, block, following, last_number)
            if auditor.report.error is not None:
                break
    finally:
        # The blocks still being audited stop after the deal in hand; the pool is closed, never killed
        # (killing a worker while it sends its findings can leave the pool waiting for ever).
        stop.raise_()
        pool.shutdown(wait=True, cancel_futures=True)
    auditor.finish()
    return True


__all__ = ["BLOCK_BYTES", "MIN_BLOCK_BYTES", "audit_in_parallel", "block_size", "chainable", "split_blocks"]
