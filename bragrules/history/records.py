"""Hand histories: the human-written YAML sheet and the JSON Lines event log.

Both forms are read into one model, a :class:`History`: the players, the
first dealer, the profile it was played under, and its deals (:class:`DealEntry`),
each with the cards dealt, the actions in order (each knowing its line in the
file) and, optionally, the result the history claims. :mod:`bragrules.audit`
replays a history and checks it.

The sheet (``bragrules-history/1``), written by people::

    format: bragrules-history/1
    profile: traditional
    players: [A, B, C, D]
    dealer: D
    deals:
      - cards: {A: Kc 9c 4c, B: 5s 6h 7d}
        actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4]
        result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}

>>> sheet = parse_sheet(
...     "players: [A, B, C, D]\\ndealer: D\\ndeals:\\n"
...     "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: '?? ?? ??'}\\n"
...     "    actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4]\\n"
...     "    result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}\\n", filename="pot.yaml")
>>> deal = sheet.deals[0]
>>> [str(a) for a in deal.actions][-1], deal.actions[-1].line
('A see 4', 5)
>>> deal.cards["C"] is None, deal.result.winners
(True, ['B'])

Mistakes are :class:`~bragrules.core.errors.HistoryError`\\ s naming the file and line:

>>> parse_sheet("players: [A, B]\\ndealer: A\\ndeals:\\n  - cards: {A: Kc 9c 4x}\\n", filename="h.yaml")
Traceback (most recent call last):
...
bragrules.core.errors.HistoryError: h.yaml:4: deal 1: A's cards: '4x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)

The log (``bragrules-log/1``) is what ``play`` writes as it goes: a header
line, then one line per event of the session (:class:`LogWriter`). It is
read line by line (:func:`read_log`), one deal at a time, so a log of any
length is read in constant memory.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import (
    IO,
    Any,
    BinaryIO,
    Dict,
    Generator,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    Set,
    Tuple,
    Union,
)

import yaml

from bragrules.core.cards import CARDS, Card, CardError, parse_card, split_tokens
from bragrules.core.errors import HistoryError
from bragrules.core.money import money_json, parse_money
from bragrules.core.text import quote
from bragrules.engine.actions import Action, ActionSyntaxError
from bragrules.profile import ProfileError, load_document_text, profile_hash
from bragrules.profile.models import Profile

SHEET_FORMAT = "bragrules-history/1"
LOG_FORMAT = "bragrules-log/1"
UNKNOWN_CARD = "??"

OUTCOMES = ("won", "split", "carried", "redeal")

_SHEET_KEYS = ("format", "profile", "players", "dealer", "seed", "deals", "end")
_DEAL_KEYS = ("cards", "centre", "actions", "result", "dealer", "dispute", "time")
_RESULT_KEYS = ("winner", "winners", "carried", "net", "pot", "lives_lost")
_END_KEYS = ("net", "winners", "winner")
_EVENT_TYPES = ("header", "deal", "cards", "action", "result", "end")
_HEADER_KEYS = ("type", "format", "profile", "profile_hash", "players", "seed", "dealer", "profile_data", "started_ms")
PathLike = Union[str, "os.PathLike[str]"]
Hand = Optional[Tuple[Card, ...]]


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionEntry:
    """One action of a deal, and the line it was written on."""

    action: Action
    line: Optional[int] = None

    def __str__(self) -> str:
        return str(self.action)


@dataclass
class ResultClaim:
    """What a history says a deal came to; every part is optional.

    ``outcome`` is ``won``, ``split`` or ``carried``; ``winners`` the players
    who took the pot; ``net`` each listed player's gain or loss in the deal;
    ``lives_lost`` (Crash) who lost a life at the showdown.
    ``lines`` says where each part was written (``"winners"``, ``"net.A"``...).
    """

    outcome: Optional[str] = None
    winners: Optional[List[str]] = None
    net: Optional[Dict[str, Fraction]] = None
    pot: Optional[Fraction] = None
    carried_out: Optional[Fraction] = None
    lives_lost: Optional[List[str]] = None
    line: Optional[int] = None
    lines: Dict[str, int] = field(default_factory=dict)

    def line_of(self, part: str) -> Optional[int]:
        return self.lines.get(part, self.line)


@dataclass
class DealEntry:
    """One deal of a history.

    ``cards`` holds the hands dealt in this deal (None: nobody saw them); a
    player left out was dealt cards nobody recorded. A retained hand is not
    listed: it comes from the previous deal. ``centre`` holds the face-up
    centre cards of Stop the Bus. A log also records the dealer,
    the order of play, the retained hands, the carried pot and whether the
    pack was shuffled; a sheet may state the dealer. The audit checks what is
    stated.
    """

    number: int
    cards: Dict[str, Hand] = field(default_factory=dict)
    actions: List[ActionEntry] = field(default_factory=list)
    result: Optional[ResultClaim] = None
    line: Optional[int] = None
    card_lines: Dict[str, int] = field(default_factory=dict)
    dealer: Optional[str] = None
    order: Optional[List[str]] = None
    retained: Optional[Dict[str, Hand]] = None  # a hand nobody recorded is None
    carried_in: Optional[Fraction] = None
    shuffled: Optional[bool] = None
    centre: Optional[Tuple[Card, ...]] = None
    centre_line: Optional[int] = None
    dispute: Optional[str] = None  # a sheet's last deal: the action or event in question (``arbitrate``)
    dispute_line: Optional[int] = None
    finished_ms: Optional[int] = None  # when the deal finished, in milliseconds since the session started
    time_line: Optional[int] = None
    cards_line: Optional[int] = None  # a log: the line of the deal's ``cards`` event, when it has one

    def card_line(self, player: str) -> Optional[int]:
        return self.card_lines.get(player, self.line)


@dataclass
class EndClaim:
    """The end of a session as a history states it (a log's ``end`` event)."""

    net: Optional[Dict[str, Fraction]] = None
    winners: Optional[List[str]] = None
    line: Optional[int] = None
    after_deal: int = 0


@dataclass
class History:
    """A hand history, whichever form it was read from.

    ``kind`` is ``"sheet"`` or ``"log"``. ``profile`` is the profile as the
    history names it (a built-in name, or a path relative to ``profile_base``);
    a log also gives ``profile_hash`` and may carry the resolved profile
    itself (``profile_data``). ``deals`` can be iterated more than once; a
    log's deals are read from the file as they are iterated, and ``end`` is
    filled in when the iteration meets the log's ``end`` event.
    """

    kind: str
    file: str
    players: List[str]
    dealer: Optional[str] = None
    profile: Optional[str] = None
    profile_base: Optional[Path] = None
    profile_hash: Optional[str] = None
    profile_data: Optional[Dict[str, Any]] = None
    seed: Optional[int] = None
    started_ms: Optional[int] = None  # a log: when the session started (Unix time in milliseconds, from play)
    deals: Iterable[DealEntry] = field(default_factory=list)
    end: Optional[EndClaim] = None
    lines: Dict[str, int] = field(default_factory=dict)
    byte_limit: Optional[int] = None  # a log read only up to here (resume: before a line cut short)
    extra: Dict[str, Any] = field(default_factory=dict)  # a log header's other keys (``play``'s seats, hands)

    def line_of(self, key: str) -> Optional[int]:
        return self.lines.get(key)


# ---------------------------------------------------------------------------
# Small readers shared by both forms
# ---------------------------------------------------------------------------


# Every card as the engine writes it ("Kc", "Td", "Jk"): the fast path for long logs.
_PLAIN_CARDS: Dict[str, Card] = {str(card): card for card in CARDS}


def _parse_hand_text(text: str) -> Tuple[Hand, Tuple[Card, ...]]:
    """(the hand, or None if any card is unknown; the cards that are known)."""
    try:
        known = tuple([_PLAIN_CARDS[token] for token in text.split()])
    except KeyError:
        pass
    else:
        return (known or None), known
    tokens = split_tokens(text)
    cards: List[Card] = []
    unknown = False
    for token in tokens:
        if set(token) == {"?"}:
            unknown = True
            continue
        cards.append(parse_card(token))
    if not tokens:
        return None, ()
    return (None if unknown else tuple(cards)), tuple(cards)


def parse_hand_value(value: Any) -> Tuple[Hand, Tuple[Card, ...]]:
    """A hand as a history writes it: ``"Kc 9c 4c"``, a list of cards, ``"?? ?? ??"`` or null.

    Returns the hand (None when any card is unknown) and the known cards.

    >>> parse_hand_value("Kc 9c 4c")[0] == tuple(parse_card(c) for c in ("Kc", "9c", "4c"))
    True
    >>> parse_hand_value("?? ?? ??"), parse_hand_value(None)
    ((None, ()), (None, ()))
    """
    if value is None:
        return None, ()
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise CardError(f"a hand is a list of cards like Kc, not {value!r}")
        value = " ".join(value)
    if not isinstance(value, str):
        raise CardError(f"a hand is written as cards like 'Kc 9c 4c', not {value!r}")
    return _parse_hand_text(value)


@lru_cache(maxsize=8192)
def _parse_action(text: str) -> Action:
    """Action.parse, remembered: a log repeats the same few hundred action texts (an Action is immutable)."""
    return Action.parse(text)


def _money(value: Any, what: str, file: str, line: Optional[int]) -> Fraction:
    try:
        return parse_money(value)
    except ValueError as exc:
        raise HistoryError(f"{what}: {exc}", file, line) from None


def _player_name(value: Any, what: str, file: str, line: Optional[int]) -> str:
    if isinstance(value, bool) or value is None or not isinstance(value, (str, int)):
        shown = _show(value) if isinstance(value, bool) or value is None else repr(value)
        raise HistoryError(f"{what}: expected a player's name, got {shown} (quote it)", file, line)
    name = str(value)
    if not name or any(ch.isspace() for ch in name):
        raise HistoryError(f"{what}: a player's name is one word, not {name!r}", file, line)
    return name


class _CardBook:
    """Where each card of a deal is: refuses a card dealt twice."""

    def __init__(self, file: str, number: int):
        self.file = file
        self.number = number
        self.holder: Dict[Card, str] = {}

    def add(self, cards: Iterable[Card], who: str, line: Optional[int]) -> None:
        for card in cards:
            if card.is_joker:
                continue
            first = self.holder.get(card)
            if first is not None:
                where = "twice to " + who if first == who else f"to {first} and to {who}"
                raise HistoryError(f"deal {self.number}: {card} is dealt {where}", self.file, line)
            self.holder[card] = who


def _read_hand(
    value: Any, player: str, number: int, file: str, line: Optional[int], book: _CardBook, label: str = "cards"
) -> Hand:
    try:
        hand, known = parse_hand_value(value)
    except CardError as exc:
        raise HistoryError(f"deal {number}: {player}'s {label}: {exc}", file, line) from None
    book.add(known, player if label == "cards" else f"{player} (retained)", line)
    return hand


def _read_centre(value: Any, number: int, file: str, line: Optional[int], book: _CardBook) -> Tuple[Card, ...]:
    try:
        hand, known = parse_hand_value(value)
    except CardError as exc:
        raise HistoryError(f"deal {number}: the centre: {exc}", file, line) from None
    if hand is None:
        raise HistoryError(f"deal {number}: the centre cards are face up: write them out", file, line)
    book.add(known, "the centre", line)
    return hand


def _read_action(text: Any, players: Sequence[str], number: int, file: str, line: Optional[int]) -> ActionEntry:
    if not isinstance(text, str):
        raise HistoryError(
            f"deal {number}: an action is written like 'A bet 2', not {text!r}", file, line
        )
    try:
        action = _parse_action(text.strip())
    except ActionSyntaxError as exc:
        raise HistoryError(f"deal {number}: {exc}", file, line) from None
    if action.player not in players:
        raise HistoryError(
            f"deal {number}: {action.player!r} in {text.strip()!r} is not a player ({', '.join(players)})",
            file,
            line,
        )
    return ActionEntry(action, line)


def parse_time(value: Any) -> int:
    """A deal's finishing time as a sheet writes it, in whole milliseconds since the session started.

    ``M:SS`` or ``H:MM:SS`` (seconds may have a decimal part), or a number of
    seconds. Unquoted, YAML reads ``47:30`` as the number of seconds it
    stands for (2850), so both forms agree.

    >>> parse_time("47:30"), parse_time("1:02:05"), parse_time(2850), parse_time("0:00:01.25")
    (2850000, 3725000, 2850000, 1250)
    >>> parse_time("61")
    61000
    >>> parse_time("47:75")
    Traceback (most recent call last):
    ...
    ValueError: '47:75' is not a time: write M:SS or H:MM:SS since the session started, e.g. 47:30
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"expected a time like 47:30 (minutes:seconds since the session started), got {_show(value)}")
    if isinstance(value, (int, float)):
        seconds = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    else:
        match = _TIME.fullmatch(value.strip())
        if match is None:
            raise ValueError(f"{value!r} is not a time: write M:SS or H:MM:SS since the session started, e.g. 47:30")
        hours, minutes, secs = match.group("h"), match.group("m"), Fraction(match.group("s"))
        too_many_seconds = minutes is not None and secs >= 60
        too_many_minutes = hours is not None and int(minutes) > 59
        if too_many_seconds or too_many_minutes:
            raise ValueError(f"{value!r} is not a time: write M:SS or H:MM:SS since the session started, e.g. 47:30")
        seconds = secs + 60 * int(minutes or 0) + 3600 * int(hours or 0)
    if seconds < 0:
        raise ValueError("a time since the session started is never negative")
    return math.floor(seconds * 1000)


_TIME = re.compile(r"(?:(?:(?P<h>\d+):)?(?P<m>\d+):)?(?P<s>\d+(?:\.\d+)?)")


def format_time(ms: int) -> str:
    """Milliseconds since the session started as ``H:MM:SS`` (with ``.mmm`` when not whole seconds).

    >>> format_time(2850000), format_time(3725250)
    ('0:47:30', '1:02:05.250')
    """
    seconds, millis = divmod(ms, 1000)
    minutes, secs = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{text}.{millis:03d}" if millis else text


# ---------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------


def _sheet_message(message: str) -> str:
    message = message.replace("in profiles", "in history sheets").replace("a profile", "a history sheet")
    if "found '?'" in message:
        message += "; inside [ ] or { } write unknown cards in quotes: '?? ?? ??'"
    return message


class _Sheet:
    """Reads the plain data of a sheet, with the line of every value."""

    def __init__(self, text: str, filename: str):
        self.file = filename
        if not text.strip():
            raise HistoryError("the sheet is empty", filename)
        try:
            self.data, self.positions = load_document_text(text, filename)
        except ProfileError as exc:
            raise HistoryError(_sheet_message(exc.message), filename, exc.line) from None

    def line(self, path: str) -> Optional[int]:
        where = self.positions.error_position(path)
        return where.line if where is not None else None

    def value_line(self, path: str) -> Optional[int]:
        where = self.positions.get(path)
        return where.line if where is not None else self.line(path)

    def fail(self, message: str, path: str) -> HistoryError:
        return HistoryError(message, self.file, self.line(path))

    def mapping(self, value: Any, path: str, what: str, allowed: Sequence[str]) -> Dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what}: expected a mapping, got {_show(value)}", path)
        out: Dict[str, Any] = {}
        for key, item in value.items():
            if key.startswith("_"):
                continue  # a user field
            if key not in allowed:
                child = f"{path}.{key}" if path else key
                raise self.fail(f"{what}: unknown key {key!r} (expected: {', '.join(allowed)})", child)
            out[key] = item
        return out


def _show(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def parse_sheet(text: str, filename: str = "<sheet>", base_dir: Optional[Path] = None) -> History:
    """Read a history sheet from text (``filename`` is used in messages)."""
    sheet = _Sheet(text, filename)
    top = sheet.mapping(sheet.data, "", "the sheet", _SHEET_KEYS)
    fmt = top.get("format", SHEET_FORMAT)
    if fmt != SHEET_FORMAT:
        raise sheet.fail(f"format: expected {SHEET_FORMAT!r}, got {_show(fmt)}", "format")
    if "players" not in top:
        raise HistoryError("players: the sheet must list the players, clockwise", filename, 1)
    raw_players = top["players"]
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise sheet.fail("players: expected a list of at least two names, clockwise", "players")
    players: List[str] = []
    for index, value in enumerate(raw_players):
        name = _player_name(value, "players", filename, sheet.value_line(f"players.{index}"))
        if name in players:
            raise HistoryError(f"players: {name} is listed twice", filename, sheet.value_line(f"players.{index}"))
        players.append(name)
    dealer = None
    if top.get("dealer") is not None:
        dealer = _player_name(top["dealer"], "dealer", filename, sheet.line("dealer"))
        if dealer not in players:
            raise sheet.fail(f"dealer: {dealer} is not one of the players ({', '.join(players)})", "dealer")
    profile = top.get("profile")
    if profile is not None and (not isinstance(profile, str) or not profile.strip()):
        raise sheet.fail("profile: expected a profile name or a path to a .yaml file", "profile")
    seed = top.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise sheet.fail("seed: expected a whole number", "seed")
    deals_value = top.get("deals") or []
    if not isinstance(deals_value, list):
        raise sheet.fail("deals: expected a list of deals", "deals")
    deals = [_sheet_deal(sheet, item, index, players) for index, item in enumerate(deals_value)]
    for entry in deals[:-1]:
        if entry.dispute is not None:
            raise HistoryError(
                f"deal {entry.number}: only the last deal may have a dispute", filename, entry.dispute_line
            )
    end = None
    if top.get("end") is not None:
        end = _sheet_end(sheet, top["end"], players, len(deals))
    if base_dir is None:
        base_dir = Path(filename).parent if filename and not filename.startswith("<") else Path(".")
    lines = {key: line for key in ("profile", "players", "dealer") if (line := sheet.line(key)) is not None}
    return History(
        kind="sheet",
        file=filename,
        players=players,
        dealer=dealer,
        profile=profile.strip() if isinstance(profile, str) else None,
        profile_base=base_dir,
        seed=seed,
        deals=deals,
        end=end,
        lines=lines,
    )


def _sheet_deal(sheet: _Sheet, item: Any, index: int, players: Sequence[str]) -> DealEntry:
    number = index + 1
    path = f"deals.{index}"
    body = sheet.mapping(item, path, f"deal {number}", _DEAL_KEYS)
    entry = DealEntry(number=number, line=sheet.line(path))
    file = sheet.file
    if body.get("dealer") is not None:
        entry.dealer = _player_name(body["dealer"], f"deal {number}: dealer", file, sheet.line(f"{path}.dealer"))
        if entry.dealer not in players:
            raise sheet.fail(f"deal {number}: the dealer {entry.dealer} is not a player", f"{path}.dealer")
    cards = body.get("cards")
    book = _CardBook(file, number)
    if cards is not None:
        if not isinstance(cards, dict):
            raise sheet.fail(f"deal {number}: cards: expected a mapping of player to cards", f"{path}.cards")
        for key, value in cards.items():
            if key.startswith("_"):
                continue
            line = sheet.line(f"{path}.cards.{key}")
            if key not in players:
                raise HistoryError(
                    f"deal {number}: cards for {key!r}, who is not a player ({', '.join(players)})", file, line
                )
            entry.cards[key] = _read_hand(value, key, number, file, line, book)
            if line is not None:
                entry.card_lines[key] = line
    if body.get("centre") is not None:
        line = sheet.line(f"{path}.centre")
        entry.centre = _read_centre(body["centre"], number, file, line, book)
        entry.centre_line = line
    actions = body.get("actions") or []
    if isinstance(actions, str):
        raise sheet.fail(
            f"deal {number}: actions: expected a list, e.g. [A look, A bet 2]", f"{path}.actions"
        )
    if not isinstance(actions, list):
        raise sheet.fail(f"deal {number}: actions: expected a list of actions", f"{path}.actions")
    for j, text in enumerate(actions):
        line = sheet.value_line(f"{path}.actions.{j}")
        entry.actions.append(_read_action(text, players, number, file, line))
    if body.get("time") is not None:
        entry.time_line = sheet.line(f"{path}.time")
        try:
            entry.finished_ms = parse_time(body["time"])
        except ValueError as exc:
            raise HistoryError(f"deal {number}: time: {exc}", file, entry.time_line) from None
    if body.get("result") is not None:
        entry.result = _sheet_result(sheet, body["result"], f"{path}.result", number, players)
    if "dispute" in body:
        dispute = body["dispute"]
        if not isinstance(dispute, str) or not dispute.strip():
            raise sheet.fail(f"deal {number}: dispute: expected the action or event in question, "
                             "e.g. 'A see 3', 'A exposes B', 'A peeks B' or 'tie'", f"{path}.dispute")
        entry.dispute = dispute.strip()
        entry.dispute_line = sheet.value_line(f"{path}.dispute")
    return entry


def _names(value: Any, what: str, players: Sequence[str], file: str, line: Optional[int]) -> List[str]:
    items = value if isinstance(value, list) else [value]
    names: List[str] = []
    for item in items:
        name = _player_name(item, what, file, line)
        if name not in players:
            raise HistoryError(f"{what}: {name} is not a player ({', '.join(players)})", file, line)
        if name not in names:
            names.append(name)
    if not names:
        raise HistoryError(f"{what}: name at least one player", file, line)
    return names


def _net_map(
    value: Any, what: str, players: Sequence[str], file: str, line_for: Any
) -> Tuple[Dict[str, Fraction], Dict[str, int]]:
    if not isinstance(value, dict):
        raise HistoryError(f"{what}: expected a mapping of player to amount", file, line_for(None))
    net: Dict[str, Fraction] = {}
    lines: Dict[str, int] = {}
    for key, amount in value.items():
        key = str(key)
        if key.startswith("_"):
            continue
        line = line_for(key)
        if key not in players:
            raise HistoryError(f"{what}: {key!r} is not a player ({', '.join(players)})", file, line)
        net[key] = _money(amount, f"{what}.{key}", file, line)
        if line is not None:
            lines[key] = line
    return net, lines


def _sheet_result(sheet: _Sheet, value: Any, path: str, number: int, players: Sequence[str]) -> ResultClaim:
    what = f"deal {number}: result"
    body = sheet.mapping(value, path, what, _RESULT_KEYS)
    claim = ResultClaim(line=sheet.line(path))
    file = sheet.file
    if "winner" in body and "winners" in body:
        raise sheet.fail(f"{what}: write winner or winners, not both", f"{path}.winners")
    carried = body.get("carried")
    if carried is not None and not isinstance(carried, bool):
        raise sheet.fail(f"{what}: carried: expected true or false", f"{path}.carried")
    for key in ("winner", "winners"):
        if key in body:
            line = sheet.line(f"{path}.{key}")
            claim.winners = _names(body[key], f"{what}: {key}", players, file, line)
            if line is not None:
                claim.lines["winners"] = line
            if carried:
                raise HistoryError(f"{what}: a carried pot has no winner", file, line)
            claim.outcome = "won" if len(claim.winners) == 1 else "split"
    if carried is not None:
        line = sheet.line(f"{path}.carried")
        if line is not None:
            claim.lines["outcome"] = line
        if carried:
            claim.outcome, claim.winners = "carried", []
        elif claim.outcome is None:
            claim.outcome = "not carried"
    if "net" in body:
        claim.net, lines = _net_map(
            body["net"],
            f"{what}: net",
            players,
            file,
            lambda key: sheet.value_line(f"{path}.net.{key}") if key is not None else sheet.line(f"{path}.net"),
        )
        claim.lines.update({f"net.{k}": v for k, v in lines.items()})
    if "lives_lost" in body:
        line = sheet.line(f"{path}.lives_lost")
        value = body["lives_lost"]
        claim.lives_lost = _names(value, f"{what}: lives_lost", players, file, line) if value else []
        if line is not None:
            claim.lines["lives_lost"] = line
    if "pot" in body:
        line = sheet.line(f"{path}.pot")
        claim.pot = _money(body["pot"], f"{what}: pot", file, line)
        if line is not None:
            claim.lines["pot"] = line
    return claim


def _sheet_end(sheet: _Sheet, value: Any, players: Sequence[str], deals: int) -> EndClaim:
    body = sheet.mapping(value, "end", "end", _END_KEYS)
    claim = EndClaim(line=sheet.line("end"), after_deal=deals)
    for key in ("winner", "winners"):
        if key in body:
            claim.winners = _names(body[key], f"end: {key}", players, sheet.file, sheet.line(f"end.{key}"))
    if "net" in body:
        claim.net, _ = _net_map(
            body["net"],
            "end: net",
            players,
            sheet.file,
            lambda key: sheet.value_line(f"end.net.{key}") if key is not None else sheet.line("end.net"),
        )
    return claim


def read_sheet(path: PathLike) -> History:
    """Read a history sheet from a file."""
    name = os.fspath(path)
    return _sheet_from_bytes(_read_small(name), name)


def _sheet_from_bytes(raw: bytes, name: str) -> History:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise HistoryError("not UTF-8 text; a history sheet is a YAML text file", name, line) from None
    if text.startswith("\ufeff"):
        raise HistoryError("a second byte order mark: the file starts with two", name, 1)
    return parse_sheet(text, name, Path(name).parent)


def _unreadable(exc: OSError, name: str) -> HistoryError:
    """The error for a history file that cannot be opened or read."""
    if isinstance(exc, FileNotFoundError):
        return HistoryError("no such file", name)
    if isinstance(exc, IsADirectoryError):
        return HistoryError("is a directory, not a history", name)
    return HistoryError(f"cannot read file ({exc.strerror or exc})", name)


def _read_small(name: str) -> bytes:
    from bragrules.profile.loader import MAX_BYTES

    try:
        size = os.stat(name).st_size if os.path.isfile(name) else 0
        if size > MAX_BYTES:
            raise HistoryError(
                f"file is {size} bytes, the limit is {MAX_BYTES} bytes ({MAX_BYTES // 1024} KiB)", name
            )
        with open(name, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:  # a file that does not say its size, such as a device
            raise HistoryError(
                f"file is more than {MAX_BYTES} bytes, the limit is {MAX_BYTES} bytes ({MAX_BYTES // 1024} KiB)",
                name,
            )
        return data
    except OSError as exc:
        raise _unreadable(exc, name) from None


# ---------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return money_json(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


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
    header: Dict[str, Any] = {
        "type": "header",
        "format": LOG_FORMAT,
        "profile": profile_name or profile.name,
        "profile_hash": profile_hash(profile),
        "players": list(players),
        "seed": seed,
        "dealer": dealer,
    }
    if extra:
        header.update(extra)
    if include_profile:
        header["profile_data"] = profile.model_dump(mode="json")
    return header


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
        line = json.dumps(_jsonable(obj), ensure_ascii=False, separators=(",", ":"))
        self._handle.write(_escape_controls(line) + "\n")
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
        (``?? ?? ??``), in the log as at the table.
        """
        pending, self._pending = self._pending, None
        if pending is not None:
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
            self.write_withheld()
        finally:
            if self._owned:
                self._handle.close()

    def __enter__(self) -> "LogWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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


class _LogReader:
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

    def objects(self) -> Generator[Tuple[int, Dict[str, Any]], None, None]:
        if self.handle is not None:
            handle, self.handle = self.handle, None
        else:
            try:
                handle = open(self.name, "rb")
            except OSError as exc:
                raise _unreadable(exc, self.name) from None
        with handle:
            number = self.first_line - 1
            blank = 0
            left = self.limit
            while True:
                try:
                    raw = handle.readline(MAX_LINE_BYTES + 1 if left is None else min(MAX_LINE_BYTES + 1, left))
                except OSError as exc:
                    raise _unreadable(exc, self.name) from None
                if not raw:
                    return
                number += 1
                if left is not None:
                    left -= len(raw)
                if len(raw) > MAX_LINE_BYTES:
                    raise HistoryError(
                        f"a line longer than {MAX_LINE_BYTES // (1024 * 1024)} MiB; no event is that long",
                        self.name, number,
                    )
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                if not raw.strip():
                    blank += 1
                    if blank > MAX_BLANK_LINES:
                        raise HistoryError(
                            f"more than {MAX_BLANK_LINES:,} blank lines in a row; a log has none", self.name, number
                        )
                    continue
                blank = 0
                try:
                    obj = _decode_json(raw.decode("utf-8"))
                    if b"\\u" in raw and _has_surrogate(obj):
                        raise HistoryError(
                            "text with a lone surrogate (an escape such as \\ud800) is not valid Unicode",
                            self.name, number,
                        )
                except RecursionError:
                    raise HistoryError("a JSON event nested too deeply", self.name, number) from None
                except _DuplicateKey as dup:
                    raise HistoryError(
                        f"the key {quote(dup.key)} is written twice in one event", self.name, number
                    ) from None
                except (ValueError, UnicodeDecodeError) as exc:
                    if not raw.endswith(b"\n"):  # only the last line can lack its newline
                        raise HistoryError(
                            "the last line is cut short (the log ends in the middle of an event: "
                            "was the writer stopped?); everything before it was read",
                            self.name,
                            number,
                        ) from None
                    detail = getattr(exc, "msg", None) or str(exc)
                    raise HistoryError(f"not a JSON event ({detail})", self.name, number) from None
                if not isinstance(obj, dict):
                    raise HistoryError("each line of a log is a JSON object", self.name, number)
                yield number, obj


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


def _field(obj: Mapping[str, Any], key: str, kind: type, what: str, file: str, line: int, required: bool = True) -> Any:
    if key not in obj or obj[key] is None:
        if required:
            raise HistoryError(f"{what}: missing {key!r}", file, line)
        return None
    value = obj[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise HistoryError(f"{what}: {key!r} must be a whole number", file, line)
    if kind is not int and not isinstance(value, kind):
        raise HistoryError(f"{what}: {key!r} has the wrong type ({_show(value)})", file, line)
    return value


def _read_header(name: str, line: int, obj: Dict[str, Any]) -> History:
    if obj.get("type") != "header":
        raise HistoryError("the first line of a log must be its header ({\"type\": \"header\", ...})", name, line)
    fmt = obj.get("format")
    if fmt != LOG_FORMAT:
        raise HistoryError(f"header: format must be {LOG_FORMAT!r}, not {_show(fmt)}", name, line)
    raw_players = _field(obj, "players", list, "header", name, line)
    players: List[str] = []
    for value in raw_players:
        player = _player_name(value, "header: players", name, line)
        if player in players:
            raise HistoryError(f"header: {player} is listed twice", name, line)
        players.append(player)
    if len(players) < 2:
        raise HistoryError("header: a log needs at least two players", name, line)
    dealer = _field(obj, "dealer", str, "header", name, line, required=False)
    if dealer is not None and dealer not in players:
        raise HistoryError(f"header: the dealer {dealer} is not a player", name, line)
    profile = _field(obj, "profile", str, "header", name, line, required=False)
    digest = _field(obj, "profile_hash", str, "header", name, line, required=False)
    data = _field(obj, "profile_data", dict, "header", name, line, required=False)
    seed = _field(obj, "seed", int, "header", name, line, required=False)
    started = _field(obj, "started_ms", int, "header", name, line, required=False)
    return History(
        kind="log",
        file=name,
        players=players,
        dealer=dealer,
        profile=profile,
        profile_base=Path(name).parent,
        profile_hash=digest,
        profile_data=data,
        seed=seed,
        started_ms=started,
        lines={"header": line, "profile": line, "players": line, "dealer": line},
        extra={k: v for k, v in obj.items() if k not in _HEADER_KEYS},
    )


class _LogDeals:
    """A log's deals, read from the file each time they are iterated (from a
    stream, ``rest``: the events after the header, once)."""

    def __init__(self, history: History, rest: Optional[Iterator[Tuple[int, Dict[str, Any]]]] = None):
        self.history = history
        self.rest = rest

    def __iter__(self) -> Iterator[DealEntry]:
        history = self.history
        name = history.file
        players = history.players
        objects: Iterator[Tuple[int, Dict[str, Any]]]
        if self.rest is not None:
            objects, self.rest = self.rest, iter(())
        else:
            objects = _LogReader(name, limit=history.byte_limit).objects()
            next(objects)  # the header, read already
        current: Optional[DealEntry] = None
        book: Optional[_CardBook] = None
        last_number = 0
        try:
            for line, obj in objects:
                kind = obj.get("type")
                if not isinstance(kind, str):
                    raise HistoryError("an event needs a \"type\"", name, line)
                if kind.startswith("_"):
                    continue  # a user line
                if kind == "deal":
                    number = _field(obj, "deal", int, "deal", name, line)
                    if number != last_number + 1:
                        raise HistoryError(f"deal {number} follows deal {last_number}", name, line)
                    if current is not None:
                        yield current  # unfinished: no result was written
                    current, book = _log_deal(obj, number, players, name, line)
                    last_number = number
                elif kind == "cards":
                    number = _field(obj, "deal", int, "cards", name, line)
                    if current is None or book is None or number != current.number or current.result is not None:
                        raise HistoryError(f"the cards of deal {number} outside that deal", name, line)
                    _log_cards(current, obj, players, name, line, book)
                elif kind == "action":
                    number = _field(obj, "deal", int, "action", name, line)
                    if current is None or number != current.number or current.result is not None:
                        raise HistoryError(f"an action of deal {number} outside that deal", name, line)
                    text = _field(obj, "action", str, "action", name, line)
                    current.actions.append(_read_action(text, players, number, name, line))
                elif kind == "result":
                    number = _field(obj, "deal", int, "result", name, line)
                    if current is None or number != current.number or current.result is not None:
                        raise HistoryError(f"a result of deal {number} outside that deal", name, line)
                    current.result = _log_result(obj, number, players, name, line)
                    current.finished_ms = _elapsed(obj, number, name, line)
                    finished, current = current, None
                    yield finished
                elif kind == "end":
                    if current is not None:
                        finished, current = current, None
                        yield finished
                    history.end = _log_end(obj, players, name, line, last_number)
                elif kind == "header":
                    raise HistoryError("a second header in the middle of a log", name, line)
                else:
                    raise HistoryError(
                        f"unknown event type {kind!r} (expected one of: {', '.join(_EVENT_TYPES)})", name, line
                    )
        except HistoryError:
            # what was read of the deal in progress comes first: the error is met after it
            if current is not None:
                finished, current = current, None
                yield finished
            raise
        if current is not None:
            yield current


def _elapsed(obj: Dict[str, Any], number: int, name: str, line: int) -> Optional[int]:
    """A result event's ``elapsed_ms``: when the deal finished, in milliseconds since the session started."""
    value: Optional[int] = _field(obj, "elapsed_ms", int, f"deal {number}: result", name, line, required=False)
    if value is not None and value < 0:
        raise HistoryError(f"deal {number}: result: 'elapsed_ms' is never negative", name, line)
    return value


def _log_end(obj: Dict[str, Any], players: Sequence[str], name: str, line: int, after: int) -> EndClaim:
    claim = EndClaim(line=line, after_deal=after)
    if obj.get("net") is not None:
        claim.net, _ = _net_map(obj["net"], "end: net", players, name, lambda key: line)
    if obj.get("winners") is not None:
        claim.winners = _names(obj["winners"], "end: winners", players, name, line)
    return claim


def _log_deal(
    obj: Dict[str, Any], number: int, players: Sequence[str], name: str, line: int
) -> Tuple[DealEntry, _CardBook]:
    entry = DealEntry(number=number, line=line)
    book = _CardBook(name, number)
    dealer = _field(obj, "dealer", str, f"deal {number}", name, line, required=False)
    if dealer is not None:
        if dealer not in players:
            raise HistoryError(f"deal {number}: the dealer {dealer} is not a player", name, line)
        entry.dealer = dealer
    order = _field(obj, "order", list, f"deal {number}", name, line, required=False)
    if order is not None:
        entry.order = [_player_name(p, f"deal {number}: order", name, line) for p in order]
        for p in entry.order:
            if p not in players:
                raise HistoryError(f"deal {number}: {p} in the order is not a player", name, line)
    _log_hands(entry, obj, players, name, line, book)
    if obj.get("centre") is not None:
        entry.centre = _read_centre(obj["centre"], number, name, line, book)
        entry.centre_line = line
    if obj.get("carried_in") is not None:
        entry.carried_in = _money(obj["carried_in"], f"deal {number}: carried_in", name, line)
    shuffled = obj.get("shuffled")
    if shuffled is not None:
        if not isinstance(shuffled, bool):
            raise HistoryError(f"deal {number}: 'shuffled' must be true or false", name, line)
        entry.shuffled = shuffled
    return entry, book


def _log_hands(entry: DealEntry, obj: Dict[str, Any], players: Sequence[str], name: str, line: int,
               book: _CardBook) -> None:
    """The ``cards`` and ``retained`` of a ``deal`` line (older logs) or of a ``cards`` line."""
    number = entry.number
    cards = _field(obj, "cards", dict, f"deal {number}", name, line, required=False) or {}
    for player, value in cards.items():
        if player.startswith("_"):
            continue
        if player not in players:
            raise HistoryError(f"deal {number}: cards for {player!r}, who is not a player", name, line)
        if player in entry.cards:
            raise HistoryError(f"deal {number}: {player}'s cards are given twice", name, line)
        entry.cards[player] = _read_hand(value, player, number, name, line, book)
        entry.card_lines[player] = line
    retained = _field(obj, "retained", dict, f"deal {number}", name, line, required=False)
    if retained is not None:
        if entry.retained is None:
            entry.retained = {}
        for player, value in retained.items():
            if player not in players:
                raise HistoryError(f"deal {number}: a retained hand for {player!r}, who is not a player", name, line)
            if player in entry.retained:
                raise HistoryError(f"deal {number}: {player}'s retained hand is given twice", name, line)
            entry.retained[player] = _read_hand(value, player, number, name, line, book, label="retained hand")


def _log_cards(entry: DealEntry, obj: Dict[str, Any], players: Sequence[str], name: str, line: int,
               book: _CardBook) -> None:
    """A ``cards`` line: the hands of a deal, written when it ended (once per deal)."""
    if entry.cards_line is not None:
        raise HistoryError(f"deal {entry.number}: a second cards line (the first is line {entry.cards_line})",
                           name, line)
    entry.cards_line = line
    _log_hands(entry, obj, players, name, line, book)


def _log_result(obj: Dict[str, Any], number: int, players: Sequence[str], name: str, line: int) -> ResultClaim:
    what = f"deal {number}: result"
    claim = ResultClaim(line=line)
    outcome = obj.get("outcome")
    if outcome is not None:
        if outcome not in OUTCOMES:
            raise HistoryError(f"{what}: outcome must be one of {', '.join(OUTCOMES)}, not {_show(outcome)}", name, line)
        claim.outcome = outcome
    winners = obj.get("winners")
    if winners is not None:
        if not isinstance(winners, list):
            raise HistoryError(f"{what}: winners must be a list", name, line)
        claim.winners = _names(winners, f"{what}: winners", players, name, line) if winners else []
    if obj.get("net") is not None:
        claim.net, _ = _net_map(obj["net"], f"{what}: net", players, name, lambda key: line)
    if obj.get("pot") is not None:
        claim.pot = _money(obj["pot"], f"{what}: pot", name, line)
    if obj.get("carried_out") is not None:
        claim.carried_out = _money(obj["carried_out"], f"{what}: carried_out", name, line)
    lost = obj.get("lives_lost")
    if lost is not None:
        if not isinstance(lost, list):
            raise HistoryError(f"{what}: lives_lost must be a list", name, line)
        claim.lives_lost = _names(lost, f"{what}: lives_lost", players, name, line) if lost else []
    return claim


def read_log(path: PathLike, byte_limit: Optional[int] = None) -> History:
    """Read a log's header; its deals are read from the file as ``history.deals`` is iterated.

    With ``byte_limit``, nothing beyond that many bytes is read (``play
    --resume`` leaves out a last line cut short).
    """
    name = os.fspath(path)
    objects = _LogReader(name, limit=byte_limit).objects()
    try:
        line, obj = next(objects)
    except StopIteration:
        raise HistoryError("the log is empty", name) from None
    finally:
        objects.close()
    history = _read_header(name, line, obj)
    history.byte_limit = byte_limit
    history.deals = _LogDeals(history)
    return history


def _read_log_stream(handle: BinaryIO, name: str, first_line: int) -> History:
    """A log from a stream: the header now, the deals as they are iterated (once)."""
    objects = _LogReader(name, handle, first_line).objects()
    try:
        line, obj = next(objects)
    except StopIteration:
        raise HistoryError("the log is empty", name) from None
    history = _read_header(name, line, obj)
    history.deals = _LogDeals(history, objects)
    return history


# ---------------------------------------------------------------------------
# Either form
# ---------------------------------------------------------------------------

STDIN = "-"
"""The name that reads a history from standard input (``bragrules audit -``)."""

STDIN_NAME = "<stdin>"
"""How standard input is named in messages."""

FIFO_WAIT = 10.0
"""Seconds to wait for a writer to send something into a FIFO before giving up on it."""

_SNIFF_LIMIT = 1024 * 1024
"""Most blank space read from a stream before the first character that says sheet or log."""

_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"


LOG_SUFFIXES = (".jsonl", ".ndjson")
"""A file named so is a log whatever it holds (its errors speak of a log, not a sheet)."""


def sniff_kind(path: PathLike) -> str:
    """``"log"`` when the file's first non-space character is ``{`` (or its
    name ends in ``.jsonl``), else ``"sheet"``."""
    name = os.fspath(path)
    if name.lower().endswith(LOG_SUFFIXES):
        return "log"
    try:
        with open(name, "rb") as handle:
            while True:
                chunk = handle.read(4096)
                if not chunk:
                    return "sheet"
                stripped = chunk.lstrip(_BLANK).removeprefix(b"\xef\xbb\xbf").lstrip(_BLANK)
                if stripped:
                    return "log" if stripped.startswith(b"{") else "sheet"
    except OSError as exc:
        raise _unreadable(exc, name) from None


def _open_stream(name: str) -> "Optional[io.BufferedReader]":
    """A history that is no regular file, opened to be read once: standard
    input (``-``), a pipe (``/dev/stdin``, ``<(cat log)``), a FIFO or a
    device. ``None`` for a regular file (or none at all), which is read by name.

    A FIFO is opened without waiting for a writer, then given
    :data:`FIFO_WAIT` seconds to send its first bytes.
    """
    import stat
    import sys

    if name == STDIN:
        stdin = sys.stdin
        buffer = getattr(stdin, "buffer", None)
        if isinstance(buffer, io.BufferedReader):
            return buffer
        if buffer is not None:
            return io.BufferedReader(buffer)
        # a text stream in place of stdin (tests): its text, as UTF-8
        return io.BufferedReader(io.BytesIO((stdin.read() if stdin is not None else "").encode("utf-8")))
    try:
        mode = os.stat(name).st_mode
    except OSError:
        return None  # reported when it is opened by name
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    try:
        if stat.S_ISFIFO(mode):
            fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
            try:
                _wait_for_writer(fd, name)
                os.set_blocking(fd, True)
            except BaseException:
                os.close(fd)
                raise
            return os.fdopen(fd, "rb")
        return open(name, "rb")
    except OSError as exc:
        raise _unreadable(exc, name) from None


def _wait_for_writer(fd: int, name: str) -> None:
    """Wait (at most :data:`FIFO_WAIT` seconds) until the FIFO ``fd`` has something to read."""
    import select

    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP)
    if not poller.poll(int(FIFO_WAIT * 1000)):
        raise HistoryError(
            f"a FIFO that nobody wrote to in {FIFO_WAIT:g} seconds; start the writer first, or pipe the history in",
            name,
        )


def _sniff_stream(handle: "io.BufferedReader", name: str) -> Tuple[str, bytes]:
    """Whether a stream holds a sheet or a log, and what was read to find out:
    blank space and a byte order mark (the stream goes on from the first
    character that decided)."""
    consumed = bytearray()
    while len(consumed) <= _SNIFF_LIMIT:
        ahead = handle.peek(4096)
        if not ahead:
            return "sheet", bytes(consumed)
        skip = len(ahead) - len(ahead.lstrip(_BLANK))
        if skip == 0:
            if consumed or not _BOM.startswith(ahead[:3]):
                return ("log" if ahead.startswith(b"{") else "sheet"), bytes(consumed)
            skip = min(len(ahead), 3)  # the byte order mark (or its start, in a short read)
        consumed += handle.read(skip)
    raise HistoryError(f"more than {_SNIFF_LIMIT // (1024 * 1024)} MiB of blank space and nothing else", name)


def _read_history_stream(handle: "io.BufferedReader", name: str) -> History:
    from bragrules.profile.loader import MAX_BYTES

    try:
        kind, blank = _sniff_stream(handle, name)
        if kind == "log" or name.lower().endswith(LOG_SUFFIXES):
            return _read_log_stream(handle, name, blank.count(b"\n") + 1)
        data = blank + handle.read(MAX_BYTES + 1 - len(blank))
    except OSError as exc:
        raise _unreadable(exc, name) from None
    try:
        if len(data) > MAX_BYTES:
            raise HistoryError(
                f"file is more than {MAX_BYTES} bytes, the limit is {MAX_BYTES} bytes ({MAX_BYTES // 1024} KiB)",
                name,
            )
    finally:
        handle.close()
    return _sheet_from_bytes(data, name)


def read_history(path: PathLike) -> History:
    """Read a sheet or a log, deciding by content (a log's first character is ``{``).

    ``-`` reads standard input; a pipe, a FIFO or a device is read once, as a
    stream (a log's deals as they are audited, in memory that does not grow
    with it).
    """
    name = os.fspath(path)
    stream = _open_stream(name)
    if stream is not None:
        return _read_history_stream(stream, STDIN_NAME if name == STDIN else name)
    if sniff_kind(path) == "log":
        return read_log(path)
    return read_sheet(path)


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def _hand_text(hand: Hand) -> str:
    return " ".join(str(c) for c in hand) if hand is not None else "?? ?? ??"


def _claim_data(claim: ResultClaim) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    if claim.outcome == "carried":
        out["carried"] = True
    elif claim.winners:
        out["winner"] = claim.winners[0] if len(claim.winners) == 1 else list(claim.winners)
    elif claim.outcome == "not carried":
        out["carried"] = False
    if claim.net is not None:
        out["net"] = {p: money_json(v) for p, v in claim.net.items()}
    if claim.pot is not None:
        out["pot"] = money_json(claim.pot)
    if claim.lives_lost is not None:
        out["lives_lost"] = list(claim.lives_lost)
    return out


def dump_sheet(history: History) -> str:
    """A history (of either form) as a sheet. A log's deals are read as they are written."""
    top: Dict[str, Any] = {"format": SHEET_FORMAT}
    if history.profile:
        top["profile"] = history.profile
    top["players"] = list(history.players)
    if history.dealer:
        top["dealer"] = history.dealer
    if history.seed is not None:
        top["seed"] = history.seed
    deals: List[Dict[str, Any]] = []
    for entry in history.deals:
        item: Dict[str, Any] = {}
        if entry.cards:
            item["cards"] = {p: _hand_text(h) for p, h in entry.cards.items()}
        if entry.centre is not None:
            item["centre"] = _hand_text(entry.centre)
        item["actions"] = [str(a) for a in entry.actions]
        if entry.result is not None:
            claim = _claim_data(entry.result)
            if claim:
                item["result"] = claim
        if entry.finished_ms is not None:
            item["time"] = format_time(entry.finished_ms)
        deals.append(item)
    top["deals"] = deals
    if history.end is not None:
        end: Dict[str, Any] = {}
        if history.end.winners is not None:
            end["winners"] = list(history.end.winners)
        if history.end.net is not None:
            end["net"] = {p: money_json(v) for p, v in history.end.net.items()}
        top["end"] = end
    return yaml.safe_dump(top, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


def write_sheet(history: History, path: PathLike) -> None:
    """Write a history as a sheet file."""
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(dump_sheet(history))


def write_log(history: History, file: Union[PathLike, IO[str]], profile: Optional[Profile] = None) -> None:
    """Write a history (of either form) as a log.

    Only what the history states is written: a sheet's deals have no order or
    carried pot, and its results only the parts it claims. With ``profile``
    the header carries the profile and its hash.
    """
    own = isinstance(file, (str, os.PathLike))
    handle: IO[str]
    if isinstance(file, (str, os.PathLike)):
        handle = open(file, "w", encoding="utf-8", newline="\n")
    else:
        handle = file
    try:

        def put(obj: Dict[str, Any]) -> None:
            handle.write(json.dumps(_jsonable(obj), ensure_ascii=False, separators=(",", ":")) + "\n")

        if profile is not None:
            header = log_header(profile, history.players, history.dealer or history.players[0], history.seed,
                                history.profile)
        else:
            header = {"type": "header", "format": LOG_FORMAT, "profile": history.profile,
                      "profile_hash": history.profile_hash, "players": list(history.players),
                      "seed": history.seed, "dealer": history.dealer}
            if history.profile_data is not None:
                header["profile_data"] = history.profile_data
        if history.started_ms is not None:
            header["started_ms"] = history.started_ms
        put(header)
        for entry in history.deals:
            deal: Dict[str, Any] = {"type": "deal", "deal": entry.number}
            if entry.dealer is not None:
                deal["dealer"] = entry.dealer
            if entry.order is not None:
                deal["order"] = list(entry.order)
            if entry.shuffled is not None:
                deal["shuffled"] = entry.shuffled
            deal["cards"] = {p: _hand_text(h) for p, h in entry.cards.items()}
            if entry.retained is not None:
                deal["retained"] = {p: _hand_text(h) for p, h in entry.retained.items()}
            if entry.centre is not None:
                deal["centre"] = _hand_text(entry.centre)
            if entry.carried_in is not None:
                deal["carried_in"] = entry.carried_in
            put(deal)
            for action in entry.actions:
                put({"type": "action", "deal": entry.number, "action": str(action)})
            claim = entry.result
            if claim is None and entry.finished_ms is not None:
                claim = ResultClaim()
            if claim is not None:
                result: Dict[str, Any] = {"type": "result", "deal": entry.number}
                if claim.outcome in OUTCOMES:
                    result["outcome"] = claim.outcome
                if claim.winners is not None:
                    result["winners"] = list(claim.winners)
                if claim.pot is not None:
                    result["pot"] = claim.pot
                if claim.net is not None:
                    result["net"] = dict(claim.net)
                if claim.carried_out is not None:
                    result["carried_out"] = claim.carried_out
                if claim.lives_lost is not None:
                    result["lives_lost"] = list(claim.lives_lost)
                if entry.finished_ms is not None:
                    result["elapsed_ms"] = entry.finished_ms
                put(result)
        if history.end is not None:
            end: Dict[str, Any] = {"type": "end"}
            if history.end.net is not None:
                end["net"] = dict(history.end.net)
            if history.end.winners is not None:
                end["winners"] = list(history.end.winners)
            put(end)
    finally:
        if own:
            handle.close()


__all__ = [
    "LOG_FORMAT",
    "SHEET_FORMAT",
    "ActionEntry",
    "DealEntry",
    "EndClaim",
    "History",
    "LogWriter",
    "ResultClaim",
    "dump_sheet",
    "log_header",
    "parse_hand_value",
    "format_time",
    "parse_sheet",
    "parse_time",
    "read_history",
    "read_log",
    "read_sheet",
    "sniff_kind",
    "write_log",
    "write_sheet",
]
