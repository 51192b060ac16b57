"""The log's writers: a session's events as JSON Lines, one line each, as they happen
(:class:`LogWriter`), and a whole history written as a log (:func:`write_log`).

The reader is :mod:`bragrules.history.log`; both build and read the records
declared in :mod:`bragrules.history.schema`.

>>> event_line({"type": "action", "deal": 1, "action": "A bet 2"})
'{"type":"action","deal":1,"action":"A bet 2"}'
"""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction
from typing import (
    IO,
    Any,
    Dict,
    Iterator,
    List,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    Union,
)

import msgspec

from bragrules.core.money import money_json
from bragrules.profile import profile_hash
from bragrules.profile.models import Profile

from .model import LOG_FORMAT, OUTCOMES, DealEntry, History, PathLike, ResultClaim
from .schema import (
    HEADER_ORDER,
    LINE_TYPES,
    ActionLine,
    DealLine,
    EndLine,
    HeaderLine,
    ResultLine,
    encode_line,
)
from .values import (
    hand_text,
)

# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return money_json(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def header_object(
    profile: Optional[str],
    digest: Optional[str],
    players: Sequence[str],
    seed: Optional[int],
    dealer: Optional[str],
    extra: Optional[Mapping[str, Any]] = None,
    profile_data: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """A header line's keys in the one order every writer uses (:data:`~bragrules.history.schema.HEADER_ORDER`,
    then ``extra``, then ``profile_data``)."""
    values = {"type": "header", "format": LOG_FORMAT, "profile": profile, "profile_hash": digest,
              "players": list(players), "seed": seed, "dealer": dealer}
    header: Dict[str, Any] = {key: values[key] for key in HEADER_ORDER}
    if extra:
        header.update(extra)
    if profile_data is not None:
        header["profile_data"] = profile_data
    return header


def log_header(
    profile: Profile,
    players: Sequence[str],
    dealer: str,
    seed: Optional[int] = None,
    profile_name: Optional[str] = None,
    include_profile: bool = True,
    extra: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """The header line of a log, as a dict (``extra``: more keys, e.g. the seats of ``play``)."""
    return header_object(profile_name or profile.name, profile_hash(profile), players, seed, dealer, extra,
                         profile.model_dump(mode="json") if include_profile else None)


_CONTROLS = re.compile("[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape_controls(line: str) -> str:
    r"""A JSON line with the characters a terminal would act on written as ``\uXXXX`` escapes.

    JSON escapes the C0 controls itself; DEL, the C1 controls (U+009B is a
    terminal's CSI), line separators and bidirectional overrides it leaves
    raw. Escaped, ``cat`` of a log shows them as text; read back, the names
    are unchanged.

    >>> _escape_controls('{"name":"A\u009b2J"}')
    '{"name":"A\\u009b2J"}'
    >>> json.loads(_escape_controls(json.dumps({"n": "A\u009b"}, ensure_ascii=False)))["n"] == "A\u009b"
    True
    """
    return _CONTROLS.sub(lambda m: "\\u%04x" % ord(m.group()), line)


class LineSink(Protocol):
    """Where a log's lines go: a text file, or anything that writes, flushes and closes like one
    (``play`` gives a locked file that cuts back to its last whole line on a write error)."""

    closed: bool

    def write(self, text: str) -> Any: ...  # pragma: no cover - protocol

    def flush(self) -> None: ...  # pragma: no cover - protocol

    def close(self) -> None: ...  # pragma: no cover - protocol



def _record(event: Mapping[str, Any]) -> Optional[msgspec.Struct]:
    """A session's event as its record, or None when the schema has no record of its shape."""
    cls = LINE_TYPES.get(str(event.get("type")))
    if cls is None or cls is HeaderLine:
        return None
    fields = {key: value for key, value in event.items() if key != "type"}
    if not fields.keys() <= set(cls.__struct_fields__):
        return None
    try:
        return cls(**fields)
    except TypeError:  # a required field missing
        return None


def event_line(event: Mapping[str, Any]) -> str:
    """An event (a dict, as a session emits it) as its log line, without the newline."""
    record = _record(event)
    if record is not None:
        try:
            line = encode_line(record)
        except (msgspec.EncodeError, NotImplementedError, UnicodeEncodeError):
            line = json.dumps(_jsonable(dict(event)), ensure_ascii=False, separators=(",", ":"))
    else:
        line = json.dumps(_jsonable(dict(event)), ensure_ascii=False, separators=(",", ":"))
    return line if line.isascii() else _escape_controls(line)


class LogWriter:
    """Writes a session's events as a ``bragrules-log/1`` file, one line each, flushed as it goes.

    Use it as the session's listener::

        session = Session(rules, players, seed=7)
        with LogWriter.for_session("game.jsonl", session, profile_name="traditional"):
            play_session(session, chooser)

    The header is written at once when the first dealer is known (otherwise
    with the first deal). Money is written exactly: integers when whole,
    else strings like ``"5/2"``.

    The hands are not in the ``deal`` line: someone reading the log while the
    game goes on must not see the bots' cards. They follow in a ``cards``
    line when the deal ends (as soon as its last action is written when the
    writer knows the ``session``, else just before the ``result``), or when
    the writer is closed in the middle of a deal; the audit reads them
    there. ``hide_cards=False`` writes them in the ``deal`` line, as logs
    did before.

    >>> import io
    >>> from bragrules.engine.session import Session, play_session, random_chooser
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> import random
    >>> out = io.StringIO()
    >>> session = Session(compile_rules(load_profile("standard")), ["A", "B", "C"], seed=3)
    >>> writer = LogWriter.for_session(out, session, include_profile=False)
    >>> _ = play_session(session, random_chooser(random.Random(1)), max_deals=1)
    >>> kinds = [json.loads(line)["type"] for line in out.getvalue().splitlines()]
    >>> kinds[:2], kinds[-2:]
    (['header', 'deal'], ['cards', 'result'])
    >>> "cards" in json.loads(out.getvalue().splitlines()[1])
    False
    """

    def __init__(
        self,
        file: Union[PathLike, IO[str], "LineSink"],
        profile: Profile,
        players: Sequence[str],
        *,
        dealer: Optional[str] = None,
        seed: Optional[int] = None,
        profile_name: Optional[str] = None,
        include_profile: bool = True,
        header_extra: Optional[Dict[str, Any]] = None,
        hide_cards: bool = True,
        session: Any = None,
    ):
        self.header_extra = header_extra
        self.hide_cards = hide_cards
        self.session = session
        self._pending: Optional[Dict[str, Any]] = None
        if isinstance(file, (str, os.PathLike)):
            self._handle: Union[IO[str], LineSink] = open(file, "w", encoding="utf-8", newline="\n")
            self._owned = True
        else:
            self._handle = file
            self._owned = False
        self.name = str(getattr(self._handle, "name", file))
        self.profile = profile
        self.players = list(players)
        self.seed = seed
        self.profile_name = profile_name
        self.include_profile = include_profile
        self.lines = 0
        self._header_written = False
        if dealer is not None:
            self._write_header(dealer)

    @classmethod
    def for_session(
        cls,
        file: Union[PathLike, IO[str]],
        session: Any,
        *,
        profile_name: Optional[str] = None,
        include_profile: bool = True,
    ) -> "LogWriter":
        """A writer for a :class:`~bragrules.engine.session.Session` not yet started, set as its listener."""
        writer = cls(
            file,
            session.rules.profile,
            session.players,
            dealer=session.dealer,
            seed=session.seed,
            profile_name=profile_name,
            include_profile=include_profile,
            header_extra={"started_ms": session.started_ms},
            session=session,
        )
        session.listener = writer
        return writer

    def _write_header(self, dealer: str) -> None:
        header = log_header(
            self.profile, self.players, dealer, self.seed, self.profile_name, self.include_profile,
            self.header_extra,
        )
        self._write(header)
        self._header_written = True

    def start(self, dealer: str) -> None:
        """Write the header now (so that an unwritable file fails before any play)."""
        if not self._header_written:
            self._write_header(dealer)

    def mark_header_written(self) -> None:
        """Appending to an existing log: its header is already there."""
        self._header_written = True

    def _write(self, obj: Dict[str, Any]) -> None:
        self._handle.write(event_line(obj) + "\n")
        self._handle.flush()
        self.lines += 1

    def __call__(self, event: Dict[str, Any]) -> None:
        if not self._header_written:
            self._write_header(str(event.get("dealer") or self.players[0]))
        kind = event.get("type")
        if kind == "deal" and self.hide_cards:
            event = dict(event)
            cards = event.pop("cards", None)
            retained = event.pop("retained", None)
            self._write(event)
            self.withhold(event.get("deal"), cards or {}, retained or {})
            return
        if kind == "result":
            self.write_withheld()
        self._write(event)
        if kind == "action" and self._pending is not None and self.session is not None:
            deal = getattr(self.session, "current", None)
            if deal is not None and deal.is_over:  # the hands are shown, or nobody can act on them now
                self.write_withheld(hidden=deal.unshown())

    def withhold(self, deal: Any, cards: Mapping[str, Any], retained: Mapping[str, Any]) -> None:
        """Keep a deal's hands back until the deal ends (a resumed log: the deal in progress)."""
        pending: Dict[str, Any] = {"type": "cards", "deal": deal, "cards": dict(cards)}
        if retained:
            pending["retained"] = dict(retained)
        self._pending = pending

    def write_withheld(self, hidden: Sequence[str] = ()) -> None:
        """Write the hands held back, if any (the deal has ended, or the log is being closed).

        The players in ``hidden`` conceded at a see without showing: their cards stay unknown
        (``?? ?? ??``), in the log as at the table. In keep mode the cards entered at a showdown
        are written in place of the unknown hands they show.
        """
        pending, self._pending = self._pending, None
        if pending is not None:
            deal = getattr(self.session, "current", None)
            entered = getattr(deal, "entered", None)
            if entered:  # keep mode: the hands shown at the table, as they were entered (the rest stay ??)
                cards, kept = dict(pending["cards"]), dict(pending.get("retained") or {})
                for player, (which, hand) in entered.items():
                    (cards if which == "new" else kept)[player] = " ".join(str(c) for c in hand)
                pending = {**pending, "cards": cards, **({"retained": kept} if kept else {})}
            if hidden:
                cards = dict(pending["cards"])
                for player in hidden:
                    if player in cards:
                        cards[player] = " ".join("??" for _ in str(cards[player]).split())
                pending = {**pending, "cards": cards}
            self._write(pending)

    def close(self) -> None:
        """Write the hands held back (a deal left unfinished), then close a file this writer opened."""
        if self._handle.closed:
            return
        try:
            deal = getattr(self.session, "current", None)
            if getattr(self.session, "keep", False) and deal is not None and not deal.is_over:
                self._pending = None  # keep mode: no hand of a deal cut short is known; a resume waits for them
            else:
                self.write_withheld()
        finally:
            if self._owned:
                self._handle.close()

    def __enter__(self) -> "LogWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()




def _hands_text(hands: Mapping[str, Any]) -> Dict[str, Union[str, List[str], None]]:
    return {p: hand_text(h) for p, h in hands.items()}


def _moves(moves: Any, kind: str) -> Optional[List[Dict[str, Any]]]:
    """A deal line's ``posts`` or ``buys`` as written: ``{"player", kind, "amount"}`` each (None: none written)."""
    if moves is None:
        return None
    return [{"player": p, kind: w, "amount": money_json(a)} for p, w, a in moves]


def _deal_line(entry: DealEntry) -> DealLine:
    """The deal line of ``entry``: what the history states of the deal as it began."""
    return DealLine(
        deal=entry.number,
        dealer=entry.dealer,
        order=list(entry.order) if entry.order is not None else None,
        shuffled=entry.shuffled,
        cards=_hands_text(entry.cards),
        retained=_hands_text(entry.retained) if entry.retained is not None else None,
        centre=hand_text(entry.centre) if entry.centre is not None else None,
        carried_in=money_json(entry.carried_in) if entry.carried_in is not None else None,
        posts=_moves(entry.posts, "post"),
        buys=_moves(entry.buys, "buy"),
        away=list(entry.away) if entry.away is not None else None,
        face_up=_hands_text(entry.face_up) if entry.face_up is not None else None,
        bank=money_json(entry.bank) if entry.bank is not None else None,
        bank_choice=entry.bank_choice,
    )


def _result_line(entry: DealEntry, claim: ResultClaim) -> ResultLine:
    """The result line of ``entry``: the parts of its result the history claims."""
    return ResultLine(
        deal=entry.number,
        outcome=claim.outcome if claim.outcome in OUTCOMES else None,
        winners=list(claim.winners) if claim.winners is not None else None,
        pot=money_json(claim.pot) if claim.pot is not None else None,
        net={p: money_json(v) for p, v in claim.net.items()} if claim.net is not None else None,
        carried_out=money_json(claim.carried_out) if claim.carried_out is not None else None,
        returned=money_json(claim.returned) if claim.returned is not None else None,
        rake=money_json(claim.rake) if claim.rake is not None else None,
        table_fee=money_json(claim.table_fee) if claim.table_fee is not None else None,
        fees={p: money_json(v) for p, v in claim.fees.items()} if claim.fees is not None else None,
        pots=[{"pot": pot, "amount": money_json(amount), "winners": list(winners)}
              for pot, amount, winners in claim.pots] if claim.pots is not None else None,
        elapsed_ms=entry.finished_ms,
        lives_lost=list(claim.lives_lost) if claim.lives_lost is not None else None,
        points=dict(claim.points) if claim.points is not None else None,
        lives_pot=money_json(claim.lives_pot) if claim.lives_pot is not None else None,
        house=money_json(claim.house) if claim.house is not None else None,
        bank=money_json(claim.bank) if claim.bank is not None else None,
    )


def deal_records(entry: DealEntry) -> Iterator[msgspec.Struct]:
    """The lines of one deal of a history, as records: what the history states, nothing more."""
    yield _deal_line(entry)
    for action in entry.actions:
        yield ActionLine(deal=entry.number, action=str(action))
    claim = entry.result
    if claim is None and entry.finished_ms is not None:
        claim = ResultClaim()
    if claim is not None:
        yield _result_line(entry, claim)


def write_log(history: History, file: Union[PathLike, IO[str]], profile: Optional[Profile] = None) -> None:
    """Write a history (of either form) as a log.

    Only what the history states is written: a sheet's deals have no order or
    carried pot, and its results only the parts it claims. With ``profile``
    the header carries the profile and its hash. The lines are the records
    of :mod:`bragrules.history.schema`, in the field order
    :class:`LogWriter` writes them too.
    """
    own = isinstance(file, (str, os.PathLike))
    handle: IO[str]
    if isinstance(file, (str, os.PathLike)):
        handle = open(file, "w", encoding="utf-8", newline="\n")
    else:
        handle = file
    try:

        def put(line: str) -> None:
            handle.write((line if line.isascii() else _escape_controls(line)) + "\n")

        extra = {"started_ms": history.started_ms} if history.started_ms is not None else None
        if profile is not None:
            header = log_header(profile, history.players, history.dealer or history.players[0], history.seed,
                                history.profile, extra=extra)
        else:
            header = header_object(history.profile, history.profile_hash, history.players, history.seed,
                                   history.dealer, extra, history.profile_data)
        put(json.dumps(_jsonable(header), ensure_ascii=False, separators=(",", ":")))
        for entry in history.deals:
            for record in deal_records(entry):
                put(encode_line(record))
        if history.end is not None:
            end = history.end
            put(encode_line(EndLine(
                net={p: money_json(v) for p, v in end.net.items()} if end.net is not None else None,
                winners=list(end.winners) if end.winners is not None else None,
            )))
    finally:
        if own:
            handle.close()


__all__ = ["LineSink", "LogWriter", "deal_records", "event_line", "header_object", "log_header", "write_log"]
