"""The shapes of a history, declared once: one typed record per kind of log line, and the keys of a sheet.

A log (``bragrules-log/1``) is a header line, then one JSON object per
line, each with a ``type``. Each kind of line is one
:class:`msgspec.Struct` here: :class:`HeaderLine`, :class:`DealLine`,
:class:`CardsLine`, :class:`ActionLine`, :class:`ResultLine` and
:class:`EndLine`. The writer (:class:`~bragrules.history.log.LogWriter`,
:func:`~bragrules.history.log.write_log`) builds these records and encodes
them, so the order of a line's keys is the order of the record's fields;
the reader (:mod:`bragrules.history.log`) decodes the same records. One
declaration, so writer and reader cannot drift apart.

>>> line = encode_line(ActionLine(deal=3, action="A bet 2"))
>>> line
'{"type":"action","deal":3,"action":"A bet 2"}'
>>> decode_line(line.encode())
ActionLine(deal=3, action='A bet 2')

A line is decoded in one of two ways. Usually :func:`decode_line` gives
the record straight from the bytes (msgspec checks every declared type as
it decodes), and accepts it only when encoding the record again gives back
the very bytes read: nothing was left out, no key was written twice. Any
other line (one that breaks a type, holds a key twice, is not JSON, or was
written by another tool) is decoded into plain data and checked against
the same records by :func:`check_fields`, which words the problem as the
field declares:

>>> check_fields({"type": "deal", "deal": "one"}, DealLine, "deal", "deal 1", "h.jsonl", 2)
Traceback (most recent call last):
...
bragrules.core.errors.HistoryError: h.jsonl:2: deal: 'deal' must be a whole number

What the values mean (a player at the table, a card dealt once, an exact
amount) is checked afterwards, by the reader, for both ways alike.

Amounts are written exactly: an integer when whole, else a string such as
``"5/2"`` (:func:`~bragrules.core.money.money_json`). The fields that hold
amounts, outcomes and hands accept any JSON value at this level, and their
own readers (:func:`~bragrules.core.money.parse_money`, the hand parser)
say what is wrong with one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any, Dict, List, Optional, Tuple, Type, Union, get_type_hints

import msgspec

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import N_, Message
from bragrules.core.money import money_json

from .values import deal_words, describe_value

LOG_FORMAT = "bragrules-log/1"

MAX_STARTED_MS = 253_402_300_799_999
"""The latest start a header may record (``started_ms``): the last millisecond of the year 9999, in Unix
time. Every time below it is exact as a float of seconds, as a session's clock keeps it."""

MAX_HANDS = 1_000_000
"""The most deals a session of ``play`` or ``serve`` is told to play: ``--hands``, and a header's ``hands``."""

# How a field's problems are worded, in its declaration: ``Annotated[T, Meta(extra=...)]``.
#   "what": "kind"  the field is named under the line's kind ("deal: 'deal' must be a whole number"),
#                   not under its deal ("deal 3: 'dealer' has the wrong type (5)")
#   "wrong": TEXT   the message for a value of the wrong type ({what} and {key} filled in)
#   "free": True    any JSON value passes here: the field's own reader checks it (amounts, outcomes, hands)
# A whole number's bounds are declared with it, ``Meta(ge=..., le=...)``: a value outside them is refused
# as one of the wrong type is, the bounds named ("'started_ms' must be a whole number from 0 to ...").
_KIND = msgspec.Meta(extra={"what": "kind"})
_FREE = msgspec.Meta(extra={"free": True})


def _wrong(text: str) -> msgspec.Meta:
    return msgspec.Meta(extra={"wrong": text})


Money = Annotated[Union[int, str], _FREE]
"""An exact amount: an integer, or a string such as ``"5/2"``."""

HandValue = Union[str, List[str], None]
"""A hand: ``"Kc 9c 4c"``, a list of cards, ``"?? ?? ??"`` or null (nobody recorded it)."""

Hands = Dict[str, HandValue]


class HeaderLine(msgspec.Struct, gc=False, tag_field="type", tag="header", kw_only=True):
    """The first line of a log: the players, the first dealer, the profile and how to deal again.

    Its other keys (``play``'s ``seats`` and ``hands``, ``started_ms``) are kept in ``extra``.
    """

    format: Annotated[Any, _FREE] = None
    players: List[Any]
    dealer: Optional[str] = None
    profile: Optional[str] = None
    profile_hash: Optional[str] = None
    profile_data: Optional[Dict[str, Any]] = None
    seed: Optional[int] = None
    started_ms: Optional[Annotated[int, msgspec.Meta(ge=0, le=MAX_STARTED_MS)]] = None


class PlayHeader(msgspec.Struct, gc=False, kw_only=True):
    """The header keys ``play`` and ``serve`` add (kept in a history's ``extra``): the seats and their
    bots, the deals the session is to play, and whether the cards are real ones on a table.

    :func:`bragrules.play.table.play_header` checks them against these declarations, as a log is
    audited and before it is resumed: ``hands`` is a whole number of deals from 1 to :data:`MAX_HANDS`.
    """

    seats: Annotated[Optional[List[Any]], _FREE] = None
    hands: Annotated[Optional[Annotated[int, msgspec.Meta(ge=1, le=MAX_HANDS)]],
                     _wrong(N_("{what}: 'hands' must be a whole number of deals, from 1 to {high}, not {value}"))] = None
    keep: Annotated[Optional[bool], _wrong(N_("{what}: 'keep' is true or false, not {value}"))] = None


HEADER_ORDER = ("type", "format", "profile", "profile_hash", "players", "seed", "dealer")
"""The header's keys as written, always (null when unknown); then its extra keys; ``profile_data`` last."""


class DealLine(msgspec.Struct, gc=False, tag_field="type", tag="deal", omit_defaults=True, kw_only=True):
    """A deal begins: its dealer, its order of play, whether the pack was shuffled, the pot carried in.

    Its hands follow in a :class:`CardsLine` when the deal ends (older logs,
    and ``hide_cards=False``, put ``cards`` and ``retained`` here).
    """

    deal: Annotated[int, _KIND]
    dealer: Optional[str] = None
    order: Optional[List[Any]] = None
    shuffled: Annotated[Optional[bool], _wrong(N_("{what}: 'shuffled' must be true or false"))] = None
    cards: Optional[Hands] = None
    retained: Optional[Hands] = None
    centre: Annotated[Optional[HandValue], _FREE] = None
    carried_in: Optional[Money] = None
    posts: Annotated[Optional[List[Any]], _FREE] = None  # written only under stakes.forced: who posted what
    buys: Annotated[Optional[List[Any]], _FREE] = None  # chips bought since the last deal (finite bankroll)
    away: Annotated[Optional[List[Any]], _FREE] = None  # table.sitting_out: the players sitting this deal out
    face_up: Annotated[Optional[Dict[str, Any]], _FREE] = None  # format.open.face_up: the cards dealt face up
    bank: Optional[Money] = None  # procedure.bank.carry: the banker's bank the deal is played against
    bank_choice: Annotated[Optional[str], _FREE] = None  # procedure.bank.carry: the banker's keep or pass before it


class CardsLine(msgspec.Struct, gc=False, tag_field="type", tag="cards", omit_defaults=True, kw_only=True):
    """The hands of a deal, written once it ends (so nobody reading the log as it grows sees them early)."""

    deal: Annotated[int, _KIND]
    cards: Optional[Hands] = None
    retained: Optional[Hands] = None


class ActionLine(msgspec.Struct, gc=False, tag_field="type", tag="action", kw_only=True):
    """One action, as text: ``"A bet 2"``."""

    deal: Annotated[int, _KIND]
    action: Annotated[str, _KIND]


class ResultLine(msgspec.Struct, gc=False, tag_field="type", tag="result", omit_defaults=True, kw_only=True):
    """What a deal came to. ``elapsed_ms``: when it finished, in milliseconds since the session started.

    ``pot`` is the pot as the deal ended, before it was settled (the pot carried in and every
    stake); ``returned``, written for a redeal only, is what of it went back to the players.

    ``reason`` and ``lives`` are for people reading the log; the audit
    recomputes everything else and compares.
    """

    deal: Annotated[int, _KIND]
    outcome: Annotated[Optional[str], _FREE] = None
    winners: Annotated[Optional[List[Any]], _wrong(N_("{what}: winners must be a list"))] = None
    pot: Optional[Money] = None
    net: Annotated[Optional[Dict[str, Money]], _FREE] = None
    carried_out: Optional[Money] = None
    returned: Optional[Money] = None  # a redeal: the stakes handed back (written only then)
    rake: Optional[Money] = None  # what the house raked from the pot (written only when a rake is in play)
    table_fee: Optional[Money] = None  # the table fees the house took (written only when a fee is in play)
    # each player's table fee, in their net (written since the nets include it: a log with table_fee and
    # no fees is of the older form, its nets before the fees)
    fees: Annotated[Optional[Dict[str, Money]], _FREE] = None
    pots: Annotated[Optional[List[Any]], _FREE] = None  # the side pots: {pot, amount, winners} each (only with pots)
    reason: Annotated[Optional[str], _FREE] = None
    elapsed_ms: Optional[int] = None
    lives_lost: Annotated[Optional[List[Any]], _wrong(N_("{what}: lives_lost must be a list"))] = None
    lives: Annotated[Optional[Dict[str, int]], _FREE] = None
    points: Annotated[Optional[Dict[str, Any]], _wrong(N_("{what}: points must be a mapping of players to points"))] = None
    scores: Annotated[Optional[Dict[str, Any]], _FREE] = None  # session.points: for people; the audit recomputes
    lives_pot: Optional[Money] = None  # the pot of lives lost after the deal (written only with format.life_stake)
    house: Optional[Money] = None  # procedure.bank, kind: house: what the house's dealer won (less: what it paid)
    bank: Optional[Money] = None  # procedure.bank.carry: the banker's bank as the deal left it


class EndLine(msgspec.Struct, gc=False, tag_field="type", tag="end", omit_defaults=True, kw_only=True):
    """The session is over: each player's net and the winners."""

    net: Annotated[Optional[Dict[str, Money]], _FREE] = None
    winners: Annotated[Optional[Union[List[Any], str]], _FREE] = None
    scores: Annotated[Optional[Dict[str, Any]], _FREE] = None  # session.points: the final scores, for people


LogLine = Union[DealLine, CardsLine, ActionLine, ResultLine, EndLine]
"""Every line after the header."""

LINE_TYPES: Dict[str, Type[msgspec.Struct]] = {
    "header": HeaderLine, "deal": DealLine, "cards": CardsLine, "action": ActionLine, "result": ResultLine,
    "end": EndLine,
}
EVENT_TYPES = tuple(LINE_TYPES)


def _enc_hook(value: Any) -> Any:
    if isinstance(value, Fraction):
        return money_json(value)
    raise NotImplementedError(f"cannot write {type(value).__name__} in a log")


ENCODER = msgspec.json.Encoder(enc_hook=_enc_hook)
DECODER = msgspec.json.Decoder(LogLine)


def encode_line(record: msgspec.Struct) -> str:
    """One record as its log line (no newline): compact JSON, keys in field order, unset fields left out."""
    return ENCODER.encode(record).decode("utf-8")


def encode_object(obj: Dict[str, Any]) -> str:
    """A plain JSON object (a header) as a log line, keys in their order."""
    return ENCODER.encode(obj).decode("utf-8")


def decode_line(raw: bytes) -> Optional[LogLine]:
    """The record of a line as a writer of this schema writes it, or None when the line must be read the long way.

    None for anything that is not exactly the encoding of a record: a type
    broken, a key twice, an unknown key, spaces, other escapes. Those lines
    are read by :func:`check_fields`, which words each problem.
    """
    try:
        record = DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None
    if ENCODER.encode(record) != raw:
        return None
    return record


class FieldSpec:
    """One field of a record as :func:`check_fields` checks it."""

    __slots__ = ("name", "kind", "required", "by_kind", "wrong", "free", "low", "high")

    def __init__(self, name: str, kind: Any, required: bool, extra: Dict[str, Any]):
        self.name = name
        self.kind = kind
        self.required = required
        self.by_kind = extra.get("what") == "kind"
        self.wrong: Optional[str] = extra.get("wrong")
        self.free = bool(extra.get("free"))
        self.low: Optional[int] = extra.get("ge")
        self.high: Optional[int] = extra.get("le")

    def within(self, value: Any) -> bool:
        """Whether a value of the right type is within the declared bounds (a whole number's)."""
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


def _base(kind: Any) -> Tuple[Any, Dict[str, Any]]:
    """A declared type without Optional[...] and Annotated[...]: (the type, the field's wording and bounds).

    >>> _base(get_type_hints(HeaderLine, include_extras=True)["started_ms"])[1] == {"ge": 0, "le": MAX_STARTED_MS}
    True
    """
    extra: Dict[str, Any] = {}
    while True:
        origin = getattr(kind, "__origin__", None)
        metadata = getattr(kind, "__metadata__", None)
        if metadata is not None:
            for meta in metadata:
                if isinstance(meta, msgspec.Meta):
                    extra.update(meta.extra or {})
                    extra.update({k: getattr(meta, k) for k in ("ge", "le") if getattr(meta, k) is not None})
            kind = origin
            continue
        if origin is Union:
            args = [a for a in kind.__args__ if a is not type(None)]
            if len(args) == 1:
                kind = args[0]
                continue
        return kind, extra


@lru_cache(maxsize=None)
def field_specs(cls: Type[msgspec.Struct]) -> Tuple[FieldSpec, ...]:
    """The fields of a record in order, as :func:`check_fields` reads them."""
    hints = get_type_hints(cls, include_extras=True)
    specs = []
    for info in msgspec.structs.fields(cls):
        kind, extra = _base(hints[info.name])
        specs.append(FieldSpec(info.name, kind, info.required, extra))
    return tuple(specs)


def _fits(value: Any, kind: Any) -> bool:
    origin = getattr(kind, "__origin__", None) or kind
    if origin is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin in (list, List):
        return isinstance(value, list)
    if origin in (dict, Dict):
        return isinstance(value, dict)
    if origin is Union:
        return any(_fits(value, arg) for arg in kind.__args__)
    if origin is Any:
        return True
    return isinstance(value, origin)


def check_fields(obj: Dict[str, Any], cls: Type[msgspec.Struct], kind_what: str, what: str, file: str,
                 line: int) -> Dict[str, Any]:
    """Check plain data against a record's declared fields, in order; the values of the fields it declares.

    A missing (or null) field that is required, and a value of the wrong
    type, are :class:`~bragrules.core.errors.HistoryError`\\ s worded as the
    field declares: under ``kind_what`` (the line's kind) or ``what`` (its
    deal; ``what`` may name fields checked before it, as ``"deal {deal}"``
    does). Keys the record does not declare are left alone.
    """
    values: Dict[str, Any] = {}
    for spec in field_specs(cls):
        where = kind_what if spec.by_kind else _where(what, values)
        value = obj.get(spec.name)
        if value is None:
            if spec.required:
                raise HistoryError(Message("{what}: missing {key}", what=where, key=repr(spec.name)), file, line)
            continue
        if not spec.free and not (_fits(value, spec.kind) and spec.within(value)):
            raise HistoryError(_wrong_value(spec, where, value), file, line)
        values[spec.name] = value
    return values


def _where(what: str, values: Dict[str, Any]) -> Any:
    """The place a field's problem is said under: ``what`` with the fields checked before it filled in; a deal's
    (``deal {deal}``, then the keys within it) in words read in the reader's language.

    >>> _where("deal {deal}: result", {"deal": 3}).text(), _where("header", {})
    ('deal 3: result', 'header')
    """
    head, _, rest = what.partition(": ")
    if head == "deal {deal}" and type(values.get("deal")) is int:
        return deal_words(values["deal"], *(rest.split(": ") if rest else ()))
    return what.format(**values)


def _wrong_value(spec: FieldSpec, where: Any, value: Any) -> Message:
    """What is wrong with a field's value (of the wrong type, or outside its bounds), as the field words it.

    >>> spec = next(s for s in field_specs(HeaderLine) if s.name == "started_ms")
    >>> _wrong_value(spec, "header", 10**30).text()
    "header: 'started_ms' must be a whole number from 0 to 253,402,300,799,999, not 1000000000000000000000000000000"
    """
    from bragrules.core.text import brief

    described = describe_value(value)
    shown = (brief(value) if isinstance(value, int) and not isinstance(value, bool)
             else described[:40] if isinstance(described, str) else described)
    low = "" if spec.low is None else f"{spec.low:,}"
    high = "" if spec.high is None else f"{spec.high:,}"
    key = repr(spec.name)
    if spec.wrong is not None:
        return Message(spec.wrong, what=where, key=spec.name, value=shown, low=low, high=high)
    if spec.kind is int and low and high:
        return Message("{what}: {key} must be a whole number from {low} to {high}, not {value}", what=where, key=key,
                       low=low, high=high, value=shown)
    if spec.kind is int and (low or high):
        return (Message("{what}: {key} must be a whole number of {low} or more, not {value}", what=where, key=key,
                        low=low, value=shown) if low else
                Message("{what}: {key} must be a whole number of {high} or less, not {value}", what=where, key=key,
                        high=high, value=shown))
    if spec.kind is int:
        return Message("{what}: {key} must be a whole number", what=where, key=key)
    return Message("{what}: {key} has the wrong type ({value})", what=where, key=key, value=described)


def build(cls: Type[msgspec.Struct], values: Dict[str, Any]) -> Any:
    """A record from values :func:`check_fields` let through (amounts and hands still as written)."""
    return cls(**values)


# ---------------------------------------------------------------------------
# The sheet: the keys each level may hold
# ---------------------------------------------------------------------------


class SheetTop(msgspec.Struct):
    """The top of a sheet (``bragrules-history/1``)."""

    format: Any = None
    profile: Any = None
    players: Any = None
    dealer: Any = None
    seed: Any = None
    deals: Any = None
    end: Any = None


class SheetDeal(msgspec.Struct):
    """One deal of a sheet."""

    cards: Any = None
    centre: Any = None
    actions: Any = None
    result: Any = None
    dealer: Any = None
    dispute: Any = None
    time: Any = None
    away: Any = None  # table.sitting_out: the players sitting this deal out
    buys: Any = None  # chips bought before this deal: "A rebuy 20", "B top_up 5", "C buy_in 80"
    posts: Any = None  # what seats posted before the betting: "D missed 3", "A ante 1"


class SheetResult(msgspec.Struct):
    """A deal's claimed result in a sheet."""

    winner: Any = None
    winners: Any = None
    carried: Any = None
    net: Any = None
    pot: Any = None
    lives_lost: Any = None
    points: Any = None  # session.points: the points each player scored in the deal
    abandoned: Any = None  # true: play stopped at the time limit mid-hand (session.end.at_limit: abandon)


class SheetEnd(msgspec.Struct):
    """A sheet's claimed end of the session."""

    net: Any = None
    winners: Any = None
    winner: Any = None


def keys_of(cls: Type[msgspec.Struct]) -> Tuple[str, ...]:
    """The keys a level of a sheet may hold, in the order a message lists them.

    >>> keys_of(SheetEnd)
    ('net', 'winners', 'winner')
    """
    return tuple(cls.__struct_fields__)


SHEET_KEYS = keys_of(SheetTop)
DEAL_KEYS = keys_of(SheetDeal)
RESULT_KEYS = keys_of(SheetResult)
END_KEYS = keys_of(SheetEnd)


__all__ = [
    "ActionLine", "CardsLine", "DealLine", "EVENT_TYPES", "EndLine", "HEADER_ORDER", "HeaderLine", "LINE_TYPES",
    "LogLine", "MAX_HANDS", "MAX_STARTED_MS", "PlayHeader", "ResultLine", "SheetDeal", "SheetEnd", "SheetResult", "SheetTop", "build", "check_fields",
    "decode_line", "encode_line", "encode_object", "field_specs",
]
