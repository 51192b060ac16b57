"""A table: a session with seats for people and bots, and a log written as play goes.

:class:`Table` runs the game loop and knows nothing of terminals: people's
decisions come from a ``decide`` callback, and what happens is reported to
an :class:`Observer`. The command ``bragrules play`` supplies both.

Every event is written to the JSON Lines log as it happens, one flushed line
each, so a session that is interrupted (or killed) loses nothing already
played. :meth:`Table.resume` rebuilds the table from such a log: the same
seed deals the same cards, the logged actions are applied again (the bots
replay their own choices, so their memory is as it was), and play goes on
appending to the same file.

>>> from bragrules.profile import load_profile
>>> table = Table.new(load_profile("standard"), [Seat("Ada", "cautious"), Seat("Bo", "loose"),
...                   Seat("Cy", "see_happy")], seed=4, profile_name="standard")
>>> table.run(max_deals=3)
>>> len(table.session.records)
3
>>> sum(table.session.balances.values()) + table.session.state.carried
Fraction(0, 1)
"""

from __future__ import annotations

import os
import random
import stat
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from bragrules.core.errors import HistoryError, RuleViolation, os_reason
from bragrules.core.i18n import Message
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import DealRecord, Session
from bragrules.history import LogWriter
from bragrules.history import read_log as read_history_log
from bragrules.history.schema import PlayHeader, check_fields
from bragrules.play import bot_bank
from bragrules.play.bots import ALL_STYLES, Bot, make_bot
from bragrules.play.keep import keep_problem
from bragrules.play.log_files import complete_length
from bragrules.play.log_files import default_log_path as default_log_path  # where play writes its log
from bragrules.play.log_files import read_log as read_log  # a whole log read, for tests and tools
from bragrules.play.plays import STAND_IN, plays
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

try:  # locks are advisory and POSIX-only; elsewhere a log is not locked
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person (``style == "human"``) or a bot of a style."""

    name: str
    style: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.style == HUMAN


class Observer:
    """What a table reports as it plays; every method may be left as it is."""

    def deal_started(self, table: "Table", deal: Deal) -> None:
        """A deal was dealt and antes posted."""

    def acting(self, table: "Table", deal: Deal, action: Action) -> None:
        """A player is about to act (``action`` is legal, not yet applied): what an observer must see of
        the deal before it, such as who could see which cards (:class:`~bragrules.engine.view.Sight`)."""

    def acted(self, table: "Table", deal: Deal, action: Action, reason: Optional[str]) -> None:
        """A player acted (``reason``: a bot's explanation)."""

    def deal_ended(self, table: "Table", deal: Deal, record: DealRecord) -> None:
        """A deal is over and settled."""

    def session_ended(self, table: "Table") -> None:
        """The session is over under the profile's rules."""

    def offer_buy(self, table: "Table", player: str, kind: str, least: Fraction, most: Fraction) -> Optional[Fraction]:
        """Between deals, a person may buy chips (``kind``: ``buy_in``, ``rebuy``, ``top_up``) for ``least`` to
        ``most``: the amount they buy, or None (the default: they do not)."""
        return None

    def bought(self, table: "Table", player: str, kind: str, amount: Fraction) -> None:
        """A player bought chips between deals."""

    def offer_bank(self, table: "Table", player: str) -> Optional[bool]:
        """Between deals, a person holding the bank may keep it or pass it (``procedure.bank.carry``): True to
        keep it (putting it up afresh if it was broken), False to pass it, None (the default) to deal on."""
        return None

    def bank_chosen(self, table: "Table", player: str, keep: bool) -> None:
        """The banker kept or passed the bank between deals."""


Decide = Callable[["Table", Deal, str], Optional[Action]]
"""A person's decision: the action, or None to stop playing (the log keeps everything)."""


class Table:
    """A session of seats, bots and an optional log file."""

    def __init__(
        self,
        profile: Profile,
        seats: Sequence[Seat],
        session: Session,
        *,
        profile_name: str,
        log: Optional[LogWriter] = None,
        observer: Optional[Observer] = None,
        decide: Optional[Decide] = None,
    ):
        self.profile = profile
        self.profile_name = profile_name
        self.seats = {seat.name: seat for seat in seats}
        self.session = session
        self.log = log
        self.observer = observer or Observer()
        self.decide = decide
        self.bots: Dict[str, Bot] = {
            seat.name: make_bot(seat.style, random.Random(f"{session.seed}/{seat.name}"), seat.name)
            for seat in seats
            if not seat.is_human
        }
        self.stopped = False
        self.hands: Optional[int] = None  # the deals this session is to play in all (``play --hands``), if set
        self.ended_in_log = False  # a resumed log that already records the session's end

    @property
    def deals_played(self) -> int:
        """Deals finished so far, the ones before a resume included."""
        return self.session.state.deals

    @property
    def finished(self) -> bool:
        """The session is over: by its profile, or with the number of deals it was to play."""
        if self.session.is_over or self.ended_in_log:
            return True
        return self.hands is not None and self.session.current is None and self.deals_played >= self.hands

    def deals_left(self) -> Optional[int]:
        """How many more deals to play (None: until the profile ends the session), the one in progress included."""
        if self.hands is None:
            return None
        return max(0, self.hands - self.deals_played)

    # ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        profile: Profile,
        seats: Sequence[Seat],
        *,
        seed: int,
        profile_name: str,
        log_path: Optional[Path] = None,
        observer: Optional[Observer] = None,
        decide: Optional[Decide] = None,
        hands: Optional[int] = None,
        keep: bool = False,
    ) -> "Table":
        """A new table; with ``log_path`` the header is written at once (so a bad path fails early).

        An existing file is never overwritten (:func:`open_log`); ``hands``
        is written in the header, so that a resumed session stops where this
        one was to stop. ``keep``: the cards are real, on a table (keep mode,
        :class:`Session` ``keep``): nothing is dealt, the header records
        ``"keep": true`` and no seed, and the hands are logged as ``??``
        but for those entered at a showdown.
        """
        names = [seat.name for seat in seats]
        session = Session(compile_rules(profile), names, seed=None if keep else seed, keep=keep)
        log = None
        if log_path is not None:
            log = open_log(log_path, profile, session, profile_name, seats, hands=hands)
            session.listener = log
        table = cls(profile, seats, session, profile_name=profile_name, log=log, observer=observer, decide=decide)
        table.hands = hands
        return table

    @classmethod
    def resume(
        cls,
        log_path: Path,
        *,
        observer: Optional[Observer] = None,
        decide: Optional[Decide] = None,
        replayed: Optional[Callable[[Session, Dict[str, Any]], None]] = None,
    ) -> "Table":
        """Rebuild a table from its log and carry on appending to it.

        The log is read as a stream with the same reader as the audit, so a
        log of any length is resumed in memory that does not grow with it;
        every line is checked (header fields, actions, the order of events,
        the cards against the seed's deal, the results against the replay)
        and a log that fails is refused as a :class:`HistoryError` naming
        its line, before anything is written. The log is locked while the
        table writes it: a second ``play --resume`` of the same log is
        refused. A last line cut short by a killed writer is dropped.
        ``replayed`` is told each event of the deals played again (with the
        session), as the log's lines record them: what the table said then.
        """
        handle = LogFile.append(Path(log_path))
        try:
            table = cls._rebuild(Path(log_path), handle, replayed)
        except BaseException:
            handle.close()
            raise
        table.observer = observer or Observer()
        table.decide = decide
        return table

    @classmethod
    def _rebuild(cls, log_path: Path, handle: "LogFile",
                 replayed: Optional[Callable[[Session, Dict[str, Any]], None]] = None) -> "Table":
        from bragrules.audit import audit_before_resume  # the audit reads logs too; imported when resuming

        name = str(log_path)
        good = complete_length(log_path)
        rules, label, drawn = audit_before_resume(log_path, good)  # the audit's reader and checks, first
        history = read_history_log(log_path, byte_limit=good)
        profile = rules.profile
        seats, hands, keep = play_header(history, profile)
        if "seats" not in history.extra:
            raise HistoryError(Message("the header records no seats: only a log written by 'bragrules play' or "
                                       "'bragrules serve' can be resumed"), name, 1)
        if history.seed is None and not keep:
            raise HistoryError(Message("the header has no seed, so its deals cannot be dealt again"), name, 1)
        if hands is None and profile.session.end.kind == "never" and all(seat.style != HUMAN for seat in seats):
            raise HistoryError(Message("header: every seat is a bot, the session never ends and 'hands' is not set, so a "
                                       "resume would play without end (play --auto records its 'hands')"), name, 1)
        started = resumed_start(history.started_ms)
        # the first dealer: the seed's draw where the session drew it (the audit found which), else the logged one
        dealer = None if drawn and not keep else history.dealer
        session = Session(rules, [s.name for s in seats], seed=None if keep else history.seed,
                          keep_records=False, started=started,
                          keep=keep, dealer=dealer)
        table = cls(profile, seats, session, profile_name=str(history.profile or label))
        table.hands = hands
        if replayed is not None:
            session.listener = lambda event: replayed(session, event)
        cards_written = table._replay(history, name)
        table.ended_in_log = history.end is not None
        if os.fstat(handle.fileno()).st_size > good:
            handle.truncate(good)  # drop a line cut short when the writer was killed
        session.keep_records = True
        log = LogWriter(handle, profile, session.players, seed=session.seed, profile_name=table.profile_name,
                        session=session)
        log.mark_header_written()
        current = session.current
        if current is not None and not cards_written:  # the hands of the deal in progress are still to come
            text = {p: session.hand_text(h) for p, h in session.current_hands().items()}
            kept = {p: session.hand_text(h) for p, h in session.current_retained().items()}
            log.withhold(session.state.deals + 1, text, kept)
        session.listener = log
        table.log = log
        return table

    def _replay(self, history: Any, name: str) -> bool:
        """Play the logged deals again, as the audit replayed them; whether the last deal's hands are in the log.

        The log has audited clean (:func:`bragrules.audit.audit_before_resume`):
        its cards are the seed's, every action is legal, every result the
        replay's. A decision the log leaves unsaid in a deal that another
        follows is the profile's default, as in the audit; a deal over by
        its actions whose result line is missing is settled, as in the audit.
        """
        session = self.session
        cards_written = True
        deals = iter(history.deals)
        entry = next(deals, None)
        while entry is not None:
            following = next(deals, None)
            line = entry.line
            try:
                self._between_logged(entry)
                deal = session.start_deal()
                cards_written = bool(entry.cards)
                if session.keep:  # (a showdown as the antes are posted: everyone all in)
                    self._enter_logged(deal, entry, name, line)
                for item in entry.actions:
                    line = item.line
                    action = item.action
                    bot = self.bots.get(action.player)
                    if bot is not None and deal.to_act == action.player and action.kind not in ("peek", "expose"):
                        bot.choose(deal.view(action.player))  # the bot relives its choice, memory and all
                    session.act(action)
                    if session.keep:
                        self._enter_logged(deal, entry, name, line)
                claim = entry.result
                if claim is not None and claim.outcome == "abandoned" and not deal.is_over:
                    deal.abandon()  # the time limit stopped play here (session.end.at_limit: abandon)
                if (following is not None or entry.result is not None) and not deal.is_over:
                    default = deal.default_action()
                    if default is not None:
                        session.act(default)  # a decision the log leaves unsaid: the profile's default
                if deal.is_over and (following is not None or entry.result is not None):
                    if entry.result is not None:
                        line = entry.result.line
                    session.finish_deal(entry.finished_ms, timed=entry.finished_ms is not None)
                elif following is not None:  # an unfinished deal settles nothing (an audit's violation)
                    raise HistoryError(Message("deal {deal} has no result, yet deal {next} follows",
                                               deal=str(entry.number), next=str(following.number)),
                                       name, following.line)
            except RuleViolation as exc:
                raise HistoryError(Message("the log breaks the rules: {rule}: {why}", rule=exc.rule, why=exc.said),
                                   name, line) from None
            entry = following
        return cards_written

    def _between_logged(self, entry: Any) -> None:
        """What the log says happened before a deal: chips bought, who sits out, the banker's keep or pass."""
        session = self.session
        for player, _, amount in entry.buys or ():  # chips bought before this deal, as logged
            session.buy(player, amount)
        for player in sorted(session.away - set(entry.away or ())):  # who sits out, as logged
            session.sit_in(player)
        for player in [p for p in session.players if p in set(entry.away or ()) - session.away]:
            session.sit_out(player)
        holder = session.bank_choice_due()
        if holder is not None and entry.bank_choice is not None:  # procedure.bank.carry: as logged
            session.choose_bank(holder, keep=entry.bank_choice == "keep")

    @staticmethod
    def _enter_logged(deal: Deal, entry: Any, name: str, line: int) -> None:
        """Keep mode: the cards a showdown waits for, as the log records them shown."""
        for player in deal.cards_needed:
            retained = "new" not in deal.players[player].hands  # the hand shown is the one retained
            hand = (entry.retained or {}).get(player) if retained else entry.cards.get(player)
            if hand is None:
                if not entry.cards:
                    return  # the deal in progress: its cards are entered again at the table
                raise HistoryError(Message("deal {deal}: the showdown needs the cards {player} showed, and the log does "
                                           "not record them", deal=str(entry.number), player=player), name, line)
            deal.enter_cards(player, hand)

    # ------------------------------------------------------------------

    @property
    def humans(self) -> List[str]:
        return [name for name, seat in self.seats.items() if seat.is_human]

    def run(self, max_deals: Optional[int] = None) -> None:
        """Play until the session is over, ``max_deals`` more deals are done, or a person stops."""
        session = self.session
        played = 0
        try:
            deal = session.current
            if deal is not None and not deal.is_over:
                self._play_deal(deal)
                if self.stopped:
                    return
                played += 1
            elif deal is not None and deal.is_over:  # its last action was written, its result was not
                self._finish(deal)
                played += 1
            while not self.stopped and (max_deals is None or played < max_deals):
                self._buy_between_deals()
                self._bank_between_deals()
                if session.is_over:
                    break
                deal = session.start_deal()
                self.observer.deal_started(self, deal)
                self._play_deal(deal)
                played += 1
            if session.is_over and not self.stopped:
                self.observer.session_ended(self)
        finally:
            self.close()

    def close(self) -> None:
        """Close the log (everything is already flushed, line by line)."""
        if self.log is not None:
            handle = getattr(self.log, "_handle", None)
            try:
                self.log.close()  # the hands of a deal left unfinished are written first
            finally:
                if handle is not None and not handle.closed:
                    handle.close()

    def _buy_between_deals(self) -> None:
        """Chips bought before the next deal, where the profile lets players buy (``session.rebuy``,
        ``session.top_up``, the buy-in range): a bot out of chips buys again for the starting stack (within
        the range); a person is offered each buy with its exact amounts (:meth:`Observer.offer_buy`)."""
        session = self.session
        if not session.rules.session.buys:
            return
        for name, seat in self.seats.items():
            for kind, least, most in session.buy_options(name):
                amount: Optional[Fraction] = None
                if seat.is_human:
                    amount = self.observer.offer_buy(self, name, kind, least, most)
                elif kind == "rebuy":
                    amount = min(max(session.rules.session.starting_stack, least), most)
                if amount is not None:
                    made = session.buy(name, amount)
                    self.observer.bought(self, name, made, amount)

    def _bank_between_deals(self) -> None:
        """The banker with a choice keeps the bank or passes it (``procedure.bank.carry``): a bot by
        :func:`bragrules.play.bot_bank.keeps`, a person as asked (:meth:`Observer.offer_bank`)."""
        session = self.session
        holder = session.bank_choice_due()
        if holder is None or session.is_over:
            return
        if self.seats[holder].is_human:
            keep = self.observer.offer_bank(self, holder)
        else:
            policy = session.rules.procedure.bank
            assert policy is not None
            keep = bot_bank.keeps(policy.bank, session.bank)
        if keep is not None:
            session.choose_bank(holder, keep)
            self.observer.bank_chosen(self, holder, keep)

    def _play_deal(self, deal: Deal) -> None:
        while not deal.is_over:
            if self.session.time_up():  # session.end.at_limit: abandon: play stops mid-hand
                self.session.abandon_deal()
                break
            player = deal.to_act
            assert player is not None
            bot = self.bots.get(player)
            reason: Optional[str] = None
            if bot is not None:
                action = bot.choose(deal.view(player))
                reason = bot.explain()
            else:
                if self.decide is None:
                    raise RuntimeError(f"{player} is a person but nobody is asked to decide")
                chosen = self.decide(self, deal, player)
                if chosen is None:
                    self.stopped = True
                    return
                action = chosen
            self.observer.acting(self, deal, action)
            self.session.act(action)
            self.observer.acted(self, deal, action, reason)
        self._finish(deal)

    def _finish(self, deal: Deal) -> None:
        self.session.finish_deal()
        self.observer.deal_ended(self, deal, self.session.records[-1])


# ---------------------------------------------------------------------------
# Logs
# ---------------------------------------------------------------------------


class LogFile:
    """A session log opened for writing whole lines, locked while it is open.

    Each line goes to the file in one piece when it is flushed; if the disk
    refuses it (full, or a size limit), the file is cut back to its last
    complete line and a :class:`HistoryError` names the file and the cause,
    so the log stays readable up to there. While a table writes a log, the
    log is locked: a second writer is refused at once.
    """

    def __init__(self, path: Path, fd: int):
        self.name = str(path)
        self._fd = fd
        self.closed = False
        self._pending: List[str] = []
        self._broken = False
        info = os.fstat(fd)
        self._regular = stat.S_ISREG(info.st_mode)
        self._good = info.st_size if self._regular else 0

    @classmethod
    def create(cls, path: Path) -> "LogFile":
        """A new log at ``path``; an existing file is refused, never truncated (a device, such as /dev/null, is written)."""
        path = Path(path)
        try:
            info: Optional[os.stat_result] = os.stat(path)
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise HistoryError(_cannot_write(exc), str(path)) from None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise HistoryError(Message("is a directory; give a file name for the session log"), str(path))
        if info is not None and stat.S_ISREG(info.st_mode):
            raise HistoryError(_never_overwritten(path), str(path))
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL if info is None else os.O_WRONLY | os.O_NONBLOCK
        try:
            fd = os.open(path, flags, 0o644)
        except FileExistsError:
            raise HistoryError(_never_overwritten(path), str(path)) from None
        except OSError as exc:
            cause = Message("nothing reads this pipe") if exc.errno == 6 else os_reason(exc)  # ENXIO
            raise HistoryError(Message("cannot write the session log ({reason})", reason=cause), str(path)) from None
        log = cls(path, fd)
        if not log._regular and fcntl is not None:  # a pipe opened without waiting: writes wait again
            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        log._lock()
        return log

    @classmethod
    def append(cls, path: Path) -> "LogFile":
        """An existing log, to be resumed: a regular file, locked before it is read."""
        path = Path(path)
        try:
            info = os.stat(path)
        except FileNotFoundError:
            raise HistoryError(Message("no such file"), str(path)) from None
        except OSError as exc:
            raise HistoryError(Message("cannot read the session log ({reason})", reason=os_reason(exc)),
                               str(path)) from None
        if stat.S_ISDIR(info.st_mode):
            raise HistoryError(Message("is a directory, not a session log"), str(path))
        if not stat.S_ISREG(info.st_mode):
            raise HistoryError(Message("is not a regular file: a session is resumed from its log file, which play "
                                       "then carries on writing (a pipe, a device or standard input cannot be)"), str(path))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK)
        except OSError as exc:
            raise HistoryError(_cannot_write(exc), str(path)) from None
        log = cls(path, fd)
        if not log._regular:  # replaced by something else since the check above
            log.close()
            raise HistoryError(Message("is not a regular file"), str(path))
        log._lock()
        return log

    def _lock(self) -> None:
        if fcntl is None or not self._regular:
            return
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.close()
            raise HistoryError(Message("is in use: another 'bragrules play' is writing this log; wait until it stops, "
                                       "then resume"), self.name) from None

    def fileno(self) -> int:
        return self._fd

    def write(self, text: str) -> int:
        self._pending.append(text)
        return len(text)

    def flush(self) -> None:
        """Write what was given since the last flush (whole lines) in one piece."""
        data = "".join(self._pending).encode("utf-8")
        self._pending = []
        if not data or self._broken:
            return
        try:
            view = memoryview(data)
            while view:
                done = os.write(self._fd, view)
                view = view[done:]
        except OSError as exc:
            self._broken = True
            if self._regular:
                try:
                    os.ftruncate(self._fd, self._good)
                except OSError:
                    pass
            raise HistoryError(Message("cannot write the session log ({reason}); everything before this moment is in it",
                                       reason=os_reason(exc)), self.name) from None
        self._good += len(data)

    def truncate(self, size: int) -> None:
        os.ftruncate(self._fd, size)
        self._good = size

    def close(self) -> None:
        """Close the file (and so release its lock)."""
        if not self.closed:
            self.closed = True
            os.close(self._fd)


def _cannot_write(exc: OSError) -> Message:
    return Message("cannot write the session log ({reason})", reason=os_reason(exc))


def _never_overwritten(path: Path) -> Message:
    return Message("already exists and is never overwritten: continue its session with --resume {path}, or name a new "
                   "log with --log", path=str(path))


def open_log(path: Path, profile: Profile, session: Session, profile_name: str, seats: Sequence[Seat],
             hands: Optional[int] = None) -> LogWriter:
    """A log file for a new table, header written, or a clear error before any play (never overwrites a file)."""
    handle = LogFile.create(Path(path))
    extra: Dict[str, Any] = {"seats": [_seat_entry(s, profile, len(seats)) for s in seats]}
    if session.keep:
        extra["keep"] = True
    if hands is not None:
        extra["hands"] = hands
    writer = LogWriter(handle, profile, session.players, seed=session.seed, profile_name=profile_name,
                       header_extra={**extra, "started_ms": session.started_ms}, session=session)
    try:
        writer.start(session.dealer)
    except BaseException:
        handle.close()
        raise
    return writer


def _seat_entry(seat: Seat, profile: Profile, players: int) -> Dict[str, Any]:
    """A seat in the log's header: its name and style, and what it plays when that is another style."""
    shown = plays(seat.style, profile, players)
    return {"name": seat.name, "style": seat.style, **({"plays": shown} if shown == STAND_IN else {})}


def resumed_start(started_ms: Optional[int], now: Optional[float] = None) -> Optional[float]:
    """When a resumed session started, in seconds: the header's ``started_ms``, or now if that is earlier. A
    start in the future (a clock set ahead, an edited header) would make every time the resume writes
    negative, which no audit accepts, and keep a session played to a time limit from ever reaching it.

    >>> resumed_start(1_000, now=5.0), resumed_start(9_000, now=5.0), resumed_start(None, now=5.0)
    (1.0, 5.0, None)
    """
    import time

    return None if started_ms is None else min(started_ms / 1000, time.time() if now is None else now)


def play_header(history: Any, profile: Profile) -> Tuple[List[Seat], Optional[int], bool]:
    """What ``play`` and ``serve`` add to a log's header: the seats, the deals to play (``hands``) and ``keep``.

    Each is checked as the log is audited and before it is resumed: a
    malformed one is a :class:`HistoryError` naming the header's line. A
    kept table's log (``keep: true``, real cards on a table) records no
    seed, under a profile keep mode can referee.
    """
    name = history.file
    extra = history.extra
    declared = check_fields(extra, PlayHeader, "header", "header", name, 1)  # types and bounds, as declared
    keep = bool(declared.get("keep", False))
    if keep and history.seed is not None:
        raise HistoryError(Message("header: a kept table's log (keep: true) records no seed: its cards are shuffled "
                                   "at the table"), name, 1)
    problem = keep_problem(profile) if keep else None
    if problem is not None:
        raise HistoryError(Message("header: keep: true, but {problem}", problem=problem), name, 1)
    seats = _header_seats(extra.get("seats"), history.players, name)
    return seats, declared.get("hands"), keep


def _header_seats(value: Any, players: Sequence[str], name: str) -> List[Seat]:
    """The seats a header records (every seat a person when it records none)."""
    if value is None:
        return [Seat(player) for player in players]
    if not isinstance(value, list) or len(value) != len(players):
        raise HistoryError(Message("header: 'seats' must list every player, as {form}",
                                   form='{"name": ..., "style": ...}'), name, 1)
    seats: List[Seat] = []
    for item, player in zip(value, players):
        if not isinstance(item, dict) or item.get("name") != player:
            raise HistoryError(Message("header: the seats must name the players in order ({player} is expected)",
                                       player=player), name, 1)
        style = item.get("style", HUMAN)
        if style != HUMAN and style not in ALL_STYLES:
            shown = style if isinstance(style, str) else type(style).__name__
            raise HistoryError(Message("header: {player}'s style {style} is not a bot style ({styles}) or {human}",
                                       player=player, style=repr(shown[:40]), styles=", ".join(ALL_STYLES),
                                       human=repr(HUMAN)), name, 1)
        seats.append(Seat(player, style))
    return seats
