"""The log (``bragrules-log/1``): what ``play`` and ``simulate --logs`` write as they go, and its reader.

A log is a header line, then one line per event of the session, each a
JSON object whose shape is one record of :mod:`bragrules.history.schema`.
:class:`LogWriter` (a session's listener) and :func:`write_log` (any
history) write those records (:mod:`bragrules.history.log_writer`,
importable from here too); :func:`read_log` reads them back line by
line, one deal at a time, so a log of any length is read in constant
memory.

>>> import io
>>> from bragrules.history.model import History, DealEntry, ResultClaim
>>> out = io.StringIO()
>>> write_log(History(kind="sheet", file="h.yaml", players=["A", "B"], dealer="A", profile="standard",
...                   deals=[DealEntry(number=1, result=ResultClaim(outcome="carried", winners=[]))]), out)
>>> print(out.getvalue(), end="")
{"type":"header","format":"bragrules-log/1","profile":"standard","profile_hash":null,"players":["A","B"],"seed":null,"dealer":"A"}
{"type":"deal","deal":1,"cards":{}}
{"type":"result","deal":1,"outcome":"carried","winners":[]}
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import (
    Any,
    BinaryIO,
    Dict,
    FrozenSet,
    Generator,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Set,
    Tuple,
)

import msgspec

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Message
from bragrules.core.text import quote
from bragrules.engine.actions import Action

from .log_fields import log_face_up, log_money, log_posts, log_pots, plain_net
from .log_writer import LogWriter, header_object, log_header, write_log
from .model import LOG_FORMAT, OUTCOMES, ActionEntry, DealEntry, EndClaim, Hand, History, PathLike, ResultClaim
from .schema import (
    DECODER,
    ENCODER,
    EVENT_TYPES,
    LINE_TYPES,
    ActionLine,
    CardsLine,
    DealLine,
    EndLine,
    HeaderLine,
    ResultLine,
    build,
    check_fields,
    decode_line,
)
from .values import (
    CARD_OF,
    CardBook,
    deal_words,
    describe_value,
    read_action,
    read_centre,
    read_hand,
    read_names,
    read_net_map,
    read_player_name,
    read_points,
    unreadable_error,
)

# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------

MAX_LINE_BYTES = 4 * 1024 * 1024
"""Longest line of a log, in bytes: a header with its whole profile is a few KiB."""

MAX_BLANK_LINES = 10_000
"""Most blank lines in a row in a log (a writer never writes one): an endless
stream of them is refused, not waited through."""


def _no_duplicate_keys(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    """A JSON object, refused when a key is written twice (as sheets refuse it)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: Set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return obj


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


_decode_json = json.JSONDecoder(object_pairs_hook=_no_duplicate_keys).decode


class LogReader:
    """Reads a log's lines as JSON objects, with their line numbers.

    From the file ``name`` (opened afresh for each reading), or from
    ``handle``, a stream already open (a pipe, a FIFO, standard input) read
    once, whose lines are numbered from ``first_line``. With ``limit``,
    nothing beyond that many bytes is read (the end of a line: ``play
    --resume`` stops before a line cut short).
    """

    def __init__(self, name: str, handle: Optional[BinaryIO] = None, first_line: int = 1,
                 limit: Optional[int] = None):
        self.name = name
        self.handle = handle
        self.first_line = first_line
        self.limit = limit

    def lines(self) -> Generator[Tuple[int, bytes], None, None]:
        """Each line that is not blank, as read (its newline kept), with its number."""
        if self.handle is not None:
            handle, self.handle = self.handle, None
        else:
            try:
                handle = open(self.name, "rb")
            except OSError as exc:
                raise unreadable_error(exc, self.name) from None
        with handle:
            number = self.first_line - 1
            blank = 0
            left = self.limit
            readline = handle.readline
            longest = MAX_LINE_BYTES + 1
            while True:
                try:
                    raw = readline(longest if left is None else min(longest, left))
                except OSError as exc:
                    raise unreadable_error(exc, self.name) from None
                if not raw:
                    return
                number += 1
                if left is not None:
                    left -= len(raw)
                if raw[0] == 123 and number > 1 and len(raw) <= MAX_LINE_BYTES:  # the usual line: '{' ...
                    blank = 0
                    yield number, raw
                    continue
                if len(raw) > MAX_LINE_BYTES:
                    raise HistoryError(Message("a line longer than {size} MiB; no event is that long",
                                               size=str(MAX_LINE_BYTES // (1024 * 1024))), self.name, number)
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                if raw[:1] == b"{":  # the usual line: not blank
                    blank = 0
                    yield number, raw
                    continue
                if not raw.strip():
                    blank += 1
                    if blank > MAX_BLANK_LINES:
                        raise HistoryError(Message("more than {count} blank lines in a row; a log has none",
                                                   count=format(MAX_BLANK_LINES, ",")), self.name, number)
                    continue
                blank = 0
                yield number, raw

    def objects(self) -> Generator[Tuple[int, Dict[str, Any]], None, None]:
        """Each line as plain JSON data, checked: an object, no key twice, valid Unicode."""
        for number, raw in self.lines():
            yield number, plain_object(raw, self.name, number)


def plain_object(raw: bytes, name: str, number: int) -> Dict[str, Any]:
    """A line read the long way, as plain data: every problem worded for people."""
    try:
        obj = _decode_json(raw.decode("utf-8"))
        if b"\\u" in raw and _has_surrogate(obj):
            raise HistoryError(Message("text with a lone surrogate (an escape such as \\ud800) is not valid Unicode"),
                               name, number)
    except RecursionError:
        raise HistoryError(Message("a JSON event nested too deeply"), name, number) from None
    except _DuplicateKey as dup:
        raise HistoryError(Message("the key {key} is written twice in one event", key=quote(dup.key)),
                           name, number) from None
    except (ValueError, UnicodeDecodeError) as exc:
        if not raw.endswith(b"\n"):  # only the last line can lack its newline
            raise HistoryError(Message("the last line is cut short (the log ends in the middle of an event: "
                                       "was the writer stopped?); everything before it was read"),
                               name, number) from None
        detail = getattr(exc, "msg", None) or str(exc)  # JSON's own words (in the catalogue: JSON_WORDS)
        raise HistoryError(Message("not a JSON event ({detail})", detail=Message(detail)), name, number) from None
    if not isinstance(obj, dict):
        raise HistoryError(Message("each line of a log is a JSON object"), name, number)
    return obj


_SURROGATE = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")


def _has_surrogate(value: Any) -> bool:
    """Whether decoded JSON holds a lone surrogate anywhere (keys included)."""
    if isinstance(value, str):
        return not value.isascii() and _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    return False



_HEADER_KEYS = frozenset(("type", *HeaderLine.__struct_fields__))


def _read_header(name: str, line: int, obj: Dict[str, Any]) -> History:
    if obj.get("type") != "header":
        raise HistoryError(Message("the first line of a log must be its header ({form})",
                                   form='{"type": "header", ...}'), name, line)
    fmt = obj.get("format")
    if fmt != LOG_FORMAT:
        raise HistoryError(Message("header: format must be {format}, not {value}", format=repr(LOG_FORMAT),
                                   value=describe_value(fmt)), name, line)
    head: HeaderLine = build(HeaderLine, check_fields(obj, HeaderLine, "header", "header", name, line))
    players: List[str] = []
    for value in head.players:
        player = read_player_name(value, "header: players", name, line)
        if player in players:
            raise HistoryError(Message("header: {player} is listed twice", player=player), name, line)
        players.append(player)
    if len(players) < 2:
        raise HistoryError(Message("header: a log needs at least two players"), name, line)
    if head.dealer is not None and head.dealer not in players:
        raise HistoryError(Message("header: the dealer {dealer} is not a player", dealer=head.dealer), name, line)
    return History(
        kind="log",
        file=name,
        players=players,
        dealer=head.dealer,
        profile=head.profile,
        profile_base=Path(name).parent,
        profile_hash=head.profile_hash,
        profile_data=head.profile_data,
        seed=head.seed,
        started_ms=head.started_ms,
        lines={"header": line, "profile": line, "players": line, "dealer": line},
        extra={k: v for k, v in obj.items() if k not in _HEADER_KEYS},
    )


_WHAT = {"deal": "deal {deal}", "cards": "deal {deal}", "action": "deal {deal}", "result": "deal {deal}: result",
         "end": "end"}


def read_line(raw: bytes, name: str, line: int) -> Optional[msgspec.Struct]:
    """One line after the header as its record (None: a user line, ``"type": "_..."``, which is skipped)."""
    record = decode_line(raw[:-1] if raw[-1:] == b"\n" else raw)
    if record is not None:
        return record
    obj = plain_object(raw, name, line)
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise HistoryError(Message("an event needs a \"type\""), name, line)
    if kind.startswith("_"):
        return None  # a user line
    cls = LINE_TYPES.get(kind)
    if cls is None:
        raise HistoryError(Message("unknown event type {kind} (expected one of: {kinds})", kind=repr(kind),
                                   kinds=", ".join(EVENT_TYPES)), name, line)
    if cls is HeaderLine:
        raise HistoryError(Message("a second header in the middle of a log"), name, line)
    checked: msgspec.Struct = build(cls, check_fields(obj, cls, kind, _WHAT[kind], name, line))
    return checked


class LogDeals:
    """A log's deals, read from the file each time they are iterated (from a
    stream, ``rest``: the lines after the header, once)."""

    def __init__(self, history: History, rest: Optional[Iterator[Tuple[int, bytes]]] = None):
        self.history = history
        self.rest = rest

    def __iter__(self) -> Iterator[DealEntry]:
        history = self.history
        lines: Iterator[Tuple[int, bytes]]
        if self.rest is not None:
            lines, self.rest = self.rest, iter(())
        else:
            lines = LogReader(history.file, limit=history.byte_limit).lines()
            next(lines)  # the header, read already
        return read_deals(history, lines, 0)


def read_deals(history: History, lines: Iterator[Tuple[int, bytes]], last_number: int) -> Iterator[DealEntry]:
    """The deals of the log's ``lines`` (after the header), the first numbered ``last_number + 1``.

    ``history.end`` is set when the ``end`` line is met. A problem met
    part-way is raised after the deal in progress is given.
    """
    name = history.file
    players = history.players
    current: Optional[DealEntry] = None
    book: Optional[CardBook] = None
    decode, encode = DECODER.decode, ENCODER.encode
    known_actions: Dict[str, Action] = {}  # this read's actions by their text (a log repeats a few hundred)
    names = frozenset(p for p in players if not p.startswith("_"))  # a line naming only these: no name to check
    new_entry = tuple.__new__  # a named tuple made without its __new__'s call: one per action of a long log
    record: Optional[msgspec.Struct]
    try:
        for line, raw in lines:
            # decode_line, inline: the record when the line is exactly its encoding (and its newline),
            # else the long way
            try:
                record = decode(raw)
            except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
                record = None
            if record is not None:
                written = encode(record)
                if written + b"\n" != raw and written != raw:
                    record = None
            if record is None:
                record = read_line(raw, name, line)
                if record is None:
                    continue
            if isinstance(record, ActionLine):
                number = record.deal
                if current is None or number != current.number or current.result is not None:
                    raise HistoryError(Message("an action of deal {deal} outside that deal", deal=str(number)),
                                       name, line)
                text = record.action
                action = known_actions.get(text)  # read_action's fast path, inline: an action read before
                if action is not None and action.player in players:
                    current.actions.append(new_entry(ActionEntry, (action, line)))  # ActionEntry(action, line)
                else:
                    current.actions.append(read_action(text, players, number, name, line, known_actions))
            elif isinstance(record, DealLine):
                number = record.deal
                if number != last_number + 1:
                    raise HistoryError(Message("deal {deal} follows deal {last}", deal=str(number),
                                               last=str(last_number)), name, line)
                if current is not None:
                    yield current  # unfinished: no result was written
                current, book = _log_deal(record, number, players, name, line, names)
                last_number = number
            elif isinstance(record, CardsLine):
                _cards_line(current, book, record, players, name, line, names)
            elif isinstance(record, ResultLine):
                finished = _result_line(current, record, players, name, line, names)
                current = None
                yield finished
            elif isinstance(record, EndLine):
                if current is not None:
                    finished, current = current, None
                    yield finished
                history.end = _log_end(record, players, name, line, last_number)
    except HistoryError:
        # what was read of the deal in progress comes first: the error is met after it
        if current is not None:
            finished, current = current, None
            yield finished
        raise
    if current is not None:
        yield current


def _cards_line(current: Optional[DealEntry], book: Optional[CardBook], record: CardsLine, players: Sequence[str],
                name: str, line: int, names: FrozenSet[str]) -> None:
    """A ``cards`` line read into the deal in progress (it must be that deal's, before its result)."""
    number = record.deal
    if current is None or book is None or number != current.number or current.result is not None:
        raise HistoryError(Message("the cards of deal {deal} outside that deal", deal=str(number)), name, line)
    _log_cards(current, record, players, name, line, book, names)


def _result_line(current: Optional[DealEntry], record: ResultLine, players: Sequence[str], name: str, line: int,
                 names: FrozenSet[str]) -> DealEntry:
    """A ``result`` line read into the deal in progress, which it finishes (returned, to be given)."""
    number = record.deal
    if current is None or number != current.number or current.result is not None:
        raise HistoryError(Message("a result of deal {deal} outside that deal", deal=str(number)), name, line)
    current.result = _log_result(record, number, players, name, line, names)
    current.finished_ms = _elapsed(record, number, name, line)
    return current


def _elapsed(record: ResultLine, number: int, name: str, line: int) -> Optional[int]:
    """A result's ``elapsed_ms``: when the deal finished, in milliseconds since the session started."""
    value = record.elapsed_ms
    if value is not None and value < 0:
        raise HistoryError(Message("deal {deal}: result: 'elapsed_ms' is never negative", deal=str(number)), name, line)
    return value


def _log_end(record: EndLine, players: Sequence[str], name: str, line: int, after: int) -> EndClaim:
    claim = EndClaim(line=line, after_deal=after)
    free: Any = record  # fields any JSON value may reach (FREE in the schema): their readers check them
    if free.net is not None:
        claim.net, _ = read_net_map(free.net, "end: net", players, name, lambda key: line)
    if free.winners is not None:
        claim.winners = read_names(free.winners, "end: winners", players, name, line)
    return claim


def _log_deal(record: DealLine, number: int, players: Sequence[str], name: str, line: int,
              names: FrozenSet[str] = frozenset()) -> Tuple[DealEntry, CardBook]:
    entry = DealEntry(number=number, line=line)
    book = CardBook(name, number)
    dealer = record.dealer
    if dealer is not None:
        if dealer not in players:
            raise HistoryError(Message("deal {deal}: the dealer {dealer} is not a player", deal=str(number),
                                       dealer=dealer), name, line)
        entry.dealer = dealer
    order = record.order
    if order is not None:
        try:
            plain = names.issuperset(order)  # the usual order: players at the table, by name
        except TypeError:  # a value no name can be (a list, a mapping): read the long way, which words it
            plain = False
        if plain:
            entry.order = list(order)
        else:
            entry.order = [p if type(p) is str and p in players else read_player_name(p, deal_words(number, "order"),
                                                                                        name, line)
                           for p in order]
            for p in entry.order:
                if p not in players:
                    raise HistoryError(Message("deal {deal}: {player} in the order is not a player", deal=str(number),
                                               player=p), name, line)
    if record.cards is not None or record.retained is not None:  # older logs: the hands on the deal line
        _log_hands(entry, record.cards, record.retained, players, name, line, book, names)
    free: Any = record  # fields any JSON value may reach (FREE in the schema): their readers check them
    if free.centre is not None:
        entry.centre = read_centre(free.centre, number, name, line, book)
        entry.centre_line = line
    if free.carried_in is not None:
        entry.carried_in = log_money(free.carried_in, number, "carried_in", name, line)
    if record.shuffled is not None:
        entry.shuffled = record.shuffled
    if free.posts is not None:
        entry.posts = log_posts(free.posts, number, players, name, line)
    if free.buys is not None:
        entry.buys = log_posts(free.buys, number, players, name, line, "buys", "buy")
    if free.away is not None:
        if not isinstance(free.away, list) or any(not isinstance(p, str) or p not in players for p in free.away):
            raise HistoryError(Message("deal {deal}: away must be a list of the players sitting out", deal=str(number)),
                               name, line)
        entry.away = list(free.away)
    if free.bank is not None:
        entry.bank = log_money(free.bank, number, "bank", name, line)
    if free.bank_choice is not None:
        if free.bank_choice not in ("keep", "pass"):
            raise HistoryError(Message("deal {deal}: bank_choice must be keep or pass, not {value}", deal=str(number),
                                       value=describe_value(free.bank_choice)), name, line)
        entry.bank_choice = free.bank_choice
    if free.face_up is not None:
        entry.face_up = log_face_up(free.face_up, number, players, name, line)
    return entry, book


def _log_hands(entry: DealEntry, cards: Optional[Mapping[str, Any]], retained: Optional[Mapping[str, Any]],
               players: Sequence[str], name: str, line: int, book: CardBook,
               names: FrozenSet[str] = frozenset()) -> None:
    """The ``cards`` and ``retained`` of a ``deal`` line (older logs) or of a ``cards`` line.

    ``names``: players whose names need no check (a line naming only these, as most do)."""
    number = entry.number
    held, card_lines = entry.cards, entry.card_lines
    add_three = book.add_three
    named = cards is not None and cards.keys() <= names  # every key a player: none to skip or refuse
    for player, value in (cards or {}).items():
        if not named:
            if player.startswith("_"):
                continue
            if player not in players:
                raise HistoryError(Message("deal {deal}: cards for {player}, who is not a player", deal=str(number),
                                           player=repr(player)), name, line)
        if player in held:
            raise HistoryError(Message("deal {deal}: {player}'s cards are given twice", deal=str(number), player=player),
                               name, line)
        hand: Hand = None
        if type(value) is str:  # three cards as the engine writes them: read and recorded at once
            try:
                hand = tuple(map(CARD_OF, value.split()))
            except KeyError:
                hand = None
        if hand is None or not add_three(hand, player):
            hand = read_hand(value, player, number, name, line, book)
        held[player] = hand
        card_lines[player] = line
    if retained is not None:
        if entry.retained is None:
            entry.retained = {}
        for player, value in retained.items():
            if player not in players:
                raise HistoryError(Message("deal {deal}: a retained hand for {player}, who is not a player",
                                           deal=str(number), player=repr(player)), name, line)
            if player in entry.retained:
                raise HistoryError(Message("deal {deal}: {player}'s retained hand is given twice", deal=str(number),
                                           player=player), name, line)
            entry.retained[player] = read_hand(value, player, number, name, line, book, label="retained hand")


def _log_cards(entry: DealEntry, record: CardsLine, players: Sequence[str], name: str, line: int,
               book: CardBook, names: FrozenSet[str] = frozenset()) -> None:
    """A ``cards`` line: the hands of a deal, written when it ended (once per deal)."""
    if entry.cards_line is not None:
        raise HistoryError(Message("deal {deal}: a second cards line (the first is line {line})", deal=str(entry.number),
                                   line=str(entry.cards_line)), name, line)
    entry.cards_line = line
    _log_hands(entry, record.cards, record.retained, players, name, line, book, names)


def _log_result(record: ResultLine, number: int, players: Sequence[str], name: str, line: int,
                names: FrozenSet[str] = frozenset()) -> ResultClaim:
    claim = ResultClaim(line=line)
    free: Any = record  # fields any JSON value may reach (FREE in the schema): their readers check them
    outcome = free.outcome
    if outcome is not None:
        if outcome not in OUTCOMES:
            raise HistoryError(Message("deal {deal}: result: outcome must be one of {outcomes}, not {value}",
                                       deal=str(number), outcomes=", ".join(OUTCOMES), value=describe_value(outcome)),
                               name, line)
        claim.outcome = outcome
    winners = record.winners
    if winners is not None:
        if len(winners) == 1 and type(winners[0]) is str and winners[0] in players:  # the usual: one winner
            claim.winners = list(winners)
        else:
            claim.winners = read_names(winners, deal_words(number, "result", "winners"), players, name, line) if winners else []
    net = free.net
    if net is not None:
        plain = plain_net(net, names)
        claim.net = plain if plain is not None else read_net_map(net, deal_words(number, "result", "net"), players, name,
                                                                 lambda key: line)[0]
    if free.pot is not None:
        claim.pot = log_money(free.pot, number, "result: pot", name, line)
    if free.carried_out is not None:
        claim.carried_out = log_money(free.carried_out, number, "result: carried_out", name, line)
    if free.returned is not None:
        claim.returned = log_money(free.returned, number, "result: returned", name, line)
    if free.rake is not None:
        claim.rake = log_money(free.rake, number, "result: rake", name, line)
    if free.table_fee is not None:
        claim.table_fee = log_money(free.table_fee, number, "result: table_fee", name, line)
    if free.fees is not None:
        claim.fees = read_net_map(free.fees, deal_words(number, "result", "fees"), players, name, lambda key: line)[0]
    if free.pots is not None:
        claim.pots = log_pots(free.pots, number, players, name, line)
    if free.lives_pot is not None:
        claim.lives_pot = log_money(free.lives_pot, number, "result: lives_pot", name, line)
    if free.house is not None:
        claim.house = log_money(free.house, number, "result: house", name, line)
    if free.bank is not None:
        claim.bank = log_money(free.bank, number, "result: bank", name, line)
    lost = record.lives_lost
    if lost is not None:
        claim.lives_lost = read_names(lost, deal_words(number, "result", "lives_lost"), players, name, line) if lost else []
    if record.points is not None:
        claim.points = read_points(record.points, deal_words(number, "result", "points"), players, name, line)
    return claim



def read_log(path: PathLike, byte_limit: Optional[int] = None) -> History:
    """Read a log's header; its deals are read from the file as ``history.deals`` is iterated.

    With ``byte_limit``, nothing beyond that many bytes is read (``play
    --resume`` leaves out a last line cut short).
    """
    name = os.fspath(path)
    lines = LogReader(name, limit=byte_limit).lines()
    try:
        line, raw = next(lines)
    except StopIteration:
        raise HistoryError(Message("the log is empty"), name) from None
    finally:
        lines.close()
    history = _read_header(name, line, plain_object(raw, name, line))
    history.byte_limit = byte_limit
    history.deals = LogDeals(history)
    return history


def read_log_stream(handle: BinaryIO, name: str, first_line: int) -> History:
    """A log from a stream: the header now, the deals as they are iterated (once)."""
    lines = LogReader(name, handle, first_line).lines()
    try:
        line, raw = next(lines)
    except StopIteration:
        raise HistoryError(Message("the log is empty"), name) from None
    history = _read_header(name, line, plain_object(raw, name, line))
    history.deals = LogDeals(history, lines)
    return history


__all__ = ["LogWriter", "MAX_BLANK_LINES", "MAX_LINE_BYTES", "header_object", "log_header", "read_log", "write_log"]
