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

import json
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Dict, List, Optional, Sequence, Tuple

from .bots import Bot, make_bot
from .engine.actions import Action
from .engine.deal import Deal
from .engine.session import DealRecord, Session
from .errors import HistoryError, RuleViolation
from .history import LogWriter
from .profile.models import Profile
from .rules import compile_rules

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

    def acted(self, table: "Table", deal: Deal, action: Action, reason: Optional[str]) -> None:
        """A player acted (``reason``: a bot's explanation)."""

    def deal_ended(self, table: "Table", deal: Deal, record: DealRecord) -> None:
        """A deal is over and settled."""

    def session_ended(self, table: "Table") -> None:
        """The session is over under the profile's rules."""


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
    ) -> "Table":
        """A new table; with ``log_path`` the header is written at once (so a bad path fails early)."""
        names = [seat.name for seat in seats]
        session = Session(compile_rules(profile), names, seed=seed)
        log = None
        if log_path is not None:
            log = open_log(log_path, profile, session, profile_name, seats)
            session.listener = log
        return cls(profile, seats, session, profile_name=profile_name, log=log, observer=observer, decide=decide)

    @classmethod
    def resume(
        cls,
        log_path: Path,
        *,
        observer: Optional[Observer] = None,
        decide: Optional[Decide] = None,
    ) -> "Table":
        """Rebuild a table from its log and carry on appending to it."""
        header, events, good_bytes = read_log(log_path)
        try:
            profile = Profile.model_validate(header["profile_data"])
        except Exception as exc:  # pydantic's ValidationError: the header was edited by hand
            raise HistoryError(f"the header's profile is not valid: {exc}", str(log_path), 1) from None
        seats = [Seat(str(s["name"]), str(s.get("style", HUMAN))) for s in header.get("seats", [])]
        if not seats:
            seats = [Seat(str(name)) for name in header["players"]]
        started = header.get("started_ms")
        session = Session(compile_rules(profile), [s.name for s in seats], seed=header.get("seed"),
                          started=started / 1000 if isinstance(started, int) else None)
        if header.get("dealer") not in (None, session.dealer):
            raise HistoryError("the first dealer logged differs from the seed's draw: the log was edited",
                               str(log_path), 1)
        table = cls(profile, seats, session, profile_name=str(header.get("profile", profile.name)),
                    observer=None, decide=decide)
        table._replay(events, log_path)
        with open(log_path, "r+b") as handle:  # drop a line cut short when the writer was killed
            handle.truncate(good_bytes)
        log = LogWriter(open(log_path, "a", encoding="utf-8", newline="\n"), profile, session.players,
                        seed=session.seed, profile_name=table.profile_name)
        log.mark_header_written()
        session.listener = log
        table.log = log
        table.observer = observer or Observer()
        return table

    def _replay(self, events: List[Tuple[int, Dict[str, Any]]], log_path: Path) -> None:
        session = self.session
        for line, event in events:
            kind = event.get("type")
            try:
                if kind == "deal":
                    session.start_deal()
                    dealt = {p: " ".join(str(c) for c in h) for p, h in session.current_hands().items()}
                    if dealt != event.get("cards"):
                        raise HistoryError("the cards logged differ from the seed's deal: "
                                           "this log was not written by this version of bragrules "
                                           "or was edited", str(log_path), line)
                elif kind == "action":
                    current = session.current
                    if current is None:
                        raise HistoryError("an action outside a deal", str(log_path), line)
                    action = Action.parse(str(event.get("action")))
                    bot = self.bots.get(action.player)
                    if bot is not None:
                        bot.choose(current, action.player)  # the bot relives its choice, memory and all
                    session.act(action)
                elif kind == "result":
                    if session.current is not None:
                        elapsed = event.get("elapsed_ms")
                        session.finish_deal(elapsed if isinstance(elapsed, int) else None)
            except RuleViolation as exc:
                raise HistoryError(f"the log breaks the rules: {exc}", str(log_path), line) from None

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
            elif deal is not None and deal.is_over:
                self._finish(deal)
            while not self.stopped and not session.is_over and (max_deals is None or played < max_deals):
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
            self.log.close()
            if handle is not None and not handle.closed:
                handle.close()

    def _play_deal(self, deal: Deal) -> None:
        while not deal.is_over:
            player = deal.to_act
            assert player is not None
            bot = self.bots.get(player)
            reason: Optional[str] = None
            if bot is not None:
                action = bot.choose(deal, player)
                reason = bot.explain()
            else:
                if self.decide is None:
                    raise RuntimeError(f"{player} is a person but nobody is asked to decide")
                chosen = self.decide(self, deal, player)
                if chosen is None:
                    self.stopped = True
                    return
                action = chosen
            self.session.act(action)
            self.observer.acted(self, deal, action, reason)
        self._finish(deal)

    def _finish(self, deal: Deal) -> None:
        self.session.finish_deal()
        self.observer.deal_ended(self, deal, self.session.records[-1])


# ---------------------------------------------------------------------------
# Logs
# ---------------------------------------------------------------------------


def open_log(path: Path, profile: Profile, session: Session, profile_name: str, seats: Sequence[Seat]) -> LogWriter:
    """A log file for a new table, header written and flushed, or a clear error before any play."""
    path = Path(path)
    if path.is_dir():
        raise HistoryError("is a directory; give a file name for the session log", str(path))
    try:
        handle: IO[str] = open(path, "w", encoding="utf-8", newline="\n")
    except OSError as exc:
        raise HistoryError(f"cannot write the session log ({exc.strerror or exc})", str(path)) from None
    writer = LogWriter(handle, profile, session.players, seed=session.seed, profile_name=profile_name,
                       header_extra={"seats": [{"name": s.name, "style": s.style} for s in seats],
                                     "started_ms": session.started_ms})
    try:
        writer.start(session.dealer)
    except OSError as exc:
        handle.close()
        raise HistoryError(f"cannot write the session log ({exc.strerror or exc})", str(path)) from None
    return writer


def read_log(path: Path) -> Tuple[Dict[str, Any], List[Tuple[int, Dict[str, Any]]], int]:
    """The header, the complete events (with line numbers) and the byte length of the complete lines."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise HistoryError("no such file", str(path)) from None
    except IsADirectoryError:
        raise HistoryError("is a directory, not a session log", str(path)) from None
    except OSError as exc:
        raise HistoryError(f"cannot read the session log ({exc.strerror or exc})", str(path)) from None
    events: List[Tuple[int, Dict[str, Any]]] = []
    header: Optional[Dict[str, Any]] = None
    good = 0
    offset = 0
    for number, raw in enumerate(data.split(b"\n"), start=1):
        end = offset + len(raw) + 1
        complete = end <= len(data)
        offset = end
        if not raw.strip():
            if complete:
                good = end
            continue
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            if not complete:
                break  # a line cut short by a killed writer: everything before it stands
            raise HistoryError("not a JSON object (the log is damaged)", str(path), number) from None
        if not complete:
            break
        if not isinstance(obj, dict):
            raise HistoryError("not a JSON object", str(path), number)
        if header is None:
            if obj.get("type") != "header":
                raise HistoryError("the first line of a session log is its header", str(path), number)
            header = obj
        else:
            events.append((number, obj))
        good = end
    if header is None:
        raise HistoryError("the session log has no header", str(path))
    for key in ("players", "profile_data"):
        if key not in header:
            raise HistoryError(f"the header has no {key!r}", str(path), 1)
    return header, events, good


def default_log_path(seed: int) -> Path:
    """Where ``play`` writes its log when not told: ``bragrules-session-SEED.jsonl`` here."""
    return Path(os.getcwd()) / f"bragrules-session-{seed}.jsonl"
