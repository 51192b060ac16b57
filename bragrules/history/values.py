"""The small readers both forms of history share: hands, actions, names, amounts and times.

Each takes a value as a sheet or a log writes it and gives it back checked,
or raises a :class:`~bragrules.core.errors.HistoryError` naming the file
and line. The shapes of the lines around these values are declared in
:mod:`bragrules.history.schema`; what the values mean is checked here.

>>> read_names(["B", "B"], "winners", ["A", "B"], "h.jsonl", 3)
['B']
>>> read_money("5/2", "pot", "h.jsonl", 3)
Fraction(5, 2)
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from bragrules.core.cards import CARDS, JOKER_BASE, Card, CardError, parse_card, split_tokens
from bragrules.core.errors import HistoryError
from bragrules.core.money import WHOLE, parse_money
from bragrules.engine.actions import Action, ActionSyntaxError

from .model import ActionEntry, Hand

# Every card as the engine writes it ("Kc", "Td", "Jk"): the fast path for long logs.
_PLAIN_CARDS: Dict[str, Card] = {str(card): card for card in CARDS}
CARD_OF = _PLAIN_CARDS.__getitem__


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


def read_money(value: Any, what: str, file: str, line: Optional[int]) -> Fraction:
    if type(value) is int:
        whole = WHOLE.get(value)
        if whole is not None:
            return whole
    try:
        return parse_money(value)
    except ValueError as exc:
        raise HistoryError(f"{what}: {exc}", file, line) from None


def read_player_name(value: Any, what: str, file: str, line: Optional[int]) -> str:
    if isinstance(value, bool) or value is None or not isinstance(value, (str, int)):
        shown = describe_value(value) if isinstance(value, bool) or value is None else repr(value)
        raise HistoryError(f"{what}: expected a player's name, got {shown} (quote it)", file, line)
    name = str(value)
    if not name or any(ch.isspace() for ch in name):
        raise HistoryError(f"{what}: a player's name is one word, not {name!r}", file, line)
    return name


class CardBook:
    """Where each card of a deal is: refuses a card dealt twice."""

    __slots__ = ("file", "number", "holder")

    def __init__(self, file: str, number: int):
        self.file = file
        self.number = number
        self.holder: Dict[Card, str] = {}

    def add_three(self, cards: Tuple[Card, ...], who: str) -> bool:
        """Record the usual hand (three cards, no joker, none seen before); False, recording nothing, for any other."""
        if len(cards) == 3:
            holder = self.holder
            a, b, c = cards
            if a != b and b != c and a != c and a < JOKER_BASE and b < JOKER_BASE and c < JOKER_BASE \
                    and a not in holder and b not in holder and c not in holder:
                holder[a] = holder[b] = holder[c] = who
                return True
        return False

    def add(self, cards: Tuple[Card, ...], who: str, line: Optional[int]) -> None:
        if self.add_three(cards, who):
            return
        for card in cards:
            if card.is_joker:
                continue
            first = self.holder.get(card)
            if first is not None:
                where = "twice to " + who if first == who else f"to {first} and to {who}"
                raise HistoryError(f"deal {self.number}: {card} is dealt {where}", self.file, line)
            self.holder[card] = who


def read_hand(
    value: Any, player: str, number: int, file: str, line: Optional[int], book: CardBook, label: str = "cards"
) -> Hand:
    try:
        hand, known = parse_hand_value(value)
    except CardError as exc:
        raise HistoryError(f"deal {number}: {player}'s {label}: {exc}", file, line) from None
    book.add(known, player if label == "cards" else f"{player} (retained)", line)
    return hand


def read_centre(value: Any, number: int, file: str, line: Optional[int], book: CardBook) -> Tuple[Card, ...]:
    try:
        hand, known = parse_hand_value(value)
    except CardError as exc:
        raise HistoryError(f"deal {number}: the centre: {exc}", file, line) from None
    if hand is None:
        raise HistoryError(f"deal {number}: the centre cards are face up: write them out", file, line)
    book.add(known, "the centre", line)
    return hand


def read_points(value: Dict[str, Any], what: str, players: Sequence[str], file: str, line: Optional[int]) -> Dict[str, int]:
    """A deal's points (``session.points``): each player named, a whole number of points not below zero."""
    found: Dict[str, int] = {}
    for key, points in value.items():
        if key not in players:
            raise HistoryError(f"{what}: {describe_value(key)} is not a player of this history", file, line)
        if type(points) is not int or points < 0:
            raise HistoryError(f"{what}: {key}'s points must be a whole number, not {describe_value(points)}", file, line)
        found[key] = points
    return found


def read_action(text: Any, players: Sequence[str], number: int, file: str, line: Optional[int],
                known: Optional[Dict[str, Action]] = None) -> ActionEntry:
    """An action as a history writes it (``"A bet 2"``), by one of ``players``.

    ``known`` holds the actions read before in the same history, by their text exactly as
    written (a log repeats a few hundred texts): the reader that passes it owns it.
    """
    if known is not None and type(text) is str:
        action = known.get(text)
        if action is not None and action.player in players:
            return ActionEntry(action, line)
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
    if known is not None and len(known) < 8192:
        known[text] = action
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
        raise ValueError(f"expected a time like 47:30 (minutes:seconds since the session started), got {describe_value(value)}")
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


def describe_value(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def read_names(value: Any, what: str, players: Sequence[str], file: str, line: Optional[int]) -> List[str]:
    items = value if isinstance(value, list) else [value]
    names: List[str] = []
    for item in items:
        name = item if type(item) is str and item in players else read_player_name(item, what, file, line)
        if name not in players:
            raise HistoryError(f"{what}: {name} is not a player ({', '.join(players)})", file, line)
        if name not in names:
            names.append(name)
    if not names:
        raise HistoryError(f"{what}: name at least one player", file, line)
    return names


def read_net_map(
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
        whole = WHOLE.get(amount) if type(amount) is int else None
        net[key] = whole if whole is not None else read_money(amount, f"{what}.{key}", file, line)
        if line is not None:
            lines[key] = line
    return net, lines



def unreadable_error(exc: OSError, name: str) -> HistoryError:
    """The error for a history file that cannot be opened or read."""
    if isinstance(exc, FileNotFoundError):
        return HistoryError("no such file", name)
    if isinstance(exc, IsADirectoryError):
        return HistoryError("is a directory, not a history", name)
    return HistoryError(f"cannot read file ({exc.strerror or exc})", name)



def hand_text(hand: Hand) -> str:
    """A hand as a history writes it (``"?? ?? ??"`` when nobody recorded it).

    >>> hand_text(None), hand_text(tuple(parse_card(c) for c in ("Kc", "9c", "4c")))
    ('?? ?? ??', 'Kc 9c 4c')
    """
    return " ".join(str(c) for c in hand) if hand is not None else "?? ?? ??"


__all__ = ["format_time", "hand_text", "parse_hand_value", "parse_time"]
