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
from bragrules.core.errors import HistoryError, os_reason
from bragrules.core.i18n import ENGLISH, N_, Later, Message, Told, language, said_of, tr
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
            raise CardError(Message("a hand is a list of cards like Kc, not {value}", value=repr(value)))
        value = " ".join(value)
    if not isinstance(value, str):
        raise CardError(Message("a hand is written as cards like 'Kc 9c 4c', not {value}", value=repr(value)))
    return _parse_hand_text(value)


@lru_cache(maxsize=8192)
def _parse_action(text: str) -> Action:
    """Action.parse, remembered: a log repeats the same few hundred action texts (an Action is immutable)."""
    return Action.parse(text)


AT = N_("{what}: {problem}")
"""A problem said under the place it is about (``what``: ``deal 3: result: pot``)."""

WITHIN = N_("{what}: {key}")
"""A key of a history within the place that holds it: ``deal 3: result``, ``header: players``."""


def deal_words(number: int, *keys: str) -> Message:
    """Where in a history, in words read later: deal ``number``, then each key within it.

    >>> deal_words(3, "result", "pot").text()
    'deal 3: result: pot'
    """
    said = Message("deal {deal}", deal=str(number))
    for key in keys:
        said = Message(WITHIN, what=said, key=key)
    return said


def within(what: Any, key: str) -> Any:
    """``key`` within ``what`` (words, or a key path written as text)."""
    return f"{what}: {key}" if isinstance(what, str) else Message(WITHIN, what=what, key=key)


def problem_at(what: Any, exc: BaseException, file: str, line: Optional[int]) -> HistoryError:
    """The error for a value under ``what`` that its own reader refused (``exc``: its words, said once, where read)."""
    return HistoryError(Message(AT, what=what, problem=said_of(exc)), file, line)


def read_money(value: Any, what: Any, file: str, line: Optional[int]) -> Fraction:
    if type(value) is int:
        whole = WHOLE.get(value)
        if whole is not None:
            return whole
    try:
        return parse_money(value)
    except ValueError as exc:
        raise problem_at(what, exc, file, line) from None


def read_player_name(value: Any, what: Any, file: str, line: Optional[int]) -> str:
    if isinstance(value, bool) or value is None or not isinstance(value, (str, int)):
        shown = describe_value(value) if isinstance(value, bool) or value is None else repr(value)
        raise HistoryError(Message("{what}: expected a player's name, got {shown} (quote it)", what=what, shown=shown),
                           file, line)
    name = str(value)
    if not name or any(ch.isspace() for ch in name):
        raise HistoryError(Message("{what}: a player's name is one word, not {name}", what=what, name=repr(name)),
                           file, line)
    return name


class CardBook:
    """Where each card of a deal is: refuses a card dealt twice."""

    __slots__ = ("file", "number", "holder")

    def __init__(self, file: str, number: int):
        self.file = file
        self.number = number
        self.holder: Dict[Card, Any] = {}  # a player's name, or words (the centre, a retained hand)

    def add_three(self, cards: Tuple[Card, ...], who: Any) -> bool:
        """Record the usual hand (three cards, no joker, none seen before); False, recording nothing, for any other."""
        if len(cards) == 3:
            holder = self.holder
            a, b, c = cards
            if a != b and b != c and a != c and a < JOKER_BASE and b < JOKER_BASE and c < JOKER_BASE \
                    and a not in holder and b not in holder and c not in holder:
                holder[a] = holder[b] = holder[c] = who
                return True
        return False

    def add(self, cards: Tuple[Card, ...], who: Any, line: Optional[int]) -> None:
        if self.add_three(cards, who):
            return
        for card in cards:
            if card.is_joker:
                continue
            first = self.holder.get(card)
            if first is not None:
                deal = str(self.number)
                said = (Message("deal {deal}: {card} is dealt twice to {who}", deal=deal, card=str(card), who=who)
                        if first == who else
                        Message("deal {deal}: {card} is dealt to {first} and to {who}", deal=deal, card=str(card),
                                first=first, who=who))
                raise HistoryError(said, self.file, line)
            self.holder[card] = who


def read_hand(
    value: Any, player: str, number: int, file: str, line: Optional[int], book: CardBook, label: str = "cards"
) -> Hand:
    try:
        hand, known = parse_hand_value(value)
    except CardError as exc:
        said = (Message("deal {deal}: {player}'s cards: {problem}", deal=str(number), player=player, problem=exc.said)
                if label == "cards" else
                Message("deal {deal}: {player}'s retained hand: {problem}", deal=str(number), player=player,
                        problem=exc.said))
        raise HistoryError(said, file, line) from None
    book.add(known, player if label == "cards" else Message("{player} (retained)", player=player), line)
    return hand


def read_centre(value: Any, number: int, file: str, line: Optional[int], book: CardBook) -> Tuple[Card, ...]:
    try:
        hand, known = parse_hand_value(value)
    except CardError as exc:
        raise HistoryError(Message("deal {deal}: the centre: {problem}", deal=str(number), problem=exc.said),
                           file, line) from None
    if hand is None:
        raise HistoryError(Message("deal {deal}: the centre cards are face up: write them out", deal=str(number)),
                           file, line)
    book.add(known, Message("the centre"), line)
    return hand


def read_points(value: Dict[str, Any], what: Any, players: Sequence[str], file: str, line: Optional[int]) -> Dict[str, int]:
    """A deal's points (``session.points``): each player named, a whole number of points not below zero."""
    found: Dict[str, int] = {}
    for key, points in value.items():
        if key not in players:
            raise HistoryError(Message("{what}: {key} is not a player of this history", what=what,
                                       key=describe_value(key)), file, line)
        if type(points) is not int or points < 0:
            raise HistoryError(Message("{what}: {player}'s points must be a whole number, not {value}", what=what,
                                       player=key, value=describe_value(points)), file, line)
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
        raise HistoryError(Message("deal {deal}: an action is written like 'A bet 2', not {value}", deal=str(number),
                                   value=repr(text)), file, line)
    try:
        action = _parse_action(text.strip())
    except ActionSyntaxError as exc:
        raise HistoryError(Message("deal {number}: {why}", number=str(number), why=exc.said), file, line) from None
    if action.player not in players:
        raise HistoryError(Message("deal {deal}: {player} in {action} is not a player ({players})", deal=str(number),
                                   player=repr(action.player), action=repr(text.strip()), players=", ".join(players)),
                           file, line)
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
    bragrules.history.values.TimeError: '47:75' is not a time: write M:SS or H:MM:SS since the session started, e.g. 47:30
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TimeError(Message("expected a time like 47:30 (minutes:seconds since the session started), got {value}",
                                value=describe_value(value)))
    if isinstance(value, (int, float)):
        seconds = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    else:
        match = _TIME.fullmatch(value.strip())
        if match is None:
            raise TimeError(_NOT_A_TIME, value=repr(value))
        hours, minutes, secs = match.group("h"), match.group("m"), Fraction(match.group("s"))
        too_many_seconds = minutes is not None and secs >= 60
        too_many_minutes = hours is not None and int(minutes) > 59
        if too_many_seconds or too_many_minutes:
            raise TimeError(_NOT_A_TIME, value=repr(value))
        seconds = secs + 60 * int(minutes or 0) + 3600 * int(hours or 0)
    if seconds < 0:
        raise TimeError(Message("a time since the session started is never negative"))
    return math.floor(seconds * 1000)


class TimeError(Told, ValueError):
    """A deal's time that cannot be read, its words read in the reader's language (``message``: English)."""

    def __init__(self, said: Any, **placeholders: Any) -> None:
        super().__init__(said if isinstance(said, Message) else Message(said, **placeholders))


_NOT_A_TIME = N_("{value} is not a time: write M:SS or H:MM:SS since the session started, e.g. 47:30")

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


def describe_value(value: Any) -> Any:
    """A value as a history wrote it, in words read in the reader's language: a mapping, a list, nothing (none
    written), true or false as written, anything else as Python writes it.

    >>> [str(describe_value(v)) for v in (None, True, {}, [1], "x")]
    ['nothing', 'true', 'a mapping', 'a list', "'x'"]
    """
    if value is None:
        return Later(_nothing)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return Message("a mapping")
    if isinstance(value, list):
        return Message("a list")
    return repr(value)


JSON_WORDS = (
    N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"), N_("Unterminated string starting at"),
    N_("Invalid control character at"), N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"), N_("Extra data"),
)
"""What Python's JSON reader says of a line it cannot read (its own English), each in the catalogue: read in the
reader's language, any other as the reader gave it."""


def _nothing() -> str:
    """``nothing``: a value left empty. The catalogue's own ``nothing`` is an amount not paid, so another
    language reads this one through words of its own."""
    return "nothing" if language() == ENGLISH else tr("no value written")


def read_names(value: Any, what: Any, players: Sequence[str], file: str, line: Optional[int]) -> List[str]:
    items = value if isinstance(value, list) else [value]
    names: List[str] = []
    for item in items:
        name = item if type(item) is str and item in players else read_player_name(item, what, file, line)
        if name not in players:
            raise HistoryError(Message("{what}: {name} is not a player ({players})", what=what, name=name,
                                       players=", ".join(players)), file, line)
        if name not in names:
            names.append(name)
    if not names:
        raise HistoryError(Message("{what}: name at least one player", what=what), file, line)
    return names


def read_net_map(
    value: Any, what: Any, players: Sequence[str], file: str, line_for: Any
) -> Tuple[Dict[str, Fraction], Dict[str, int]]:
    if not isinstance(value, dict):
        raise HistoryError(Message("{what}: expected a mapping of player to amount", what=what), file, line_for(None))
    net: Dict[str, Fraction] = {}
    lines: Dict[str, int] = {}
    for key, amount in value.items():
        key = str(key)
        if key.startswith("_"):
            continue
        line = line_for(key)
        if key not in players:
            raise HistoryError(Message("{what}: {name} is not a player ({players})", what=what, name=repr(key),
                                       players=", ".join(players)), file, line)
        whole = WHOLE.get(amount) if type(amount) is int else None
        net[key] = whole if whole is not None else read_money(amount, Message(_DOTTED, what=what, key=key), file, line)
        if line is not None:
            lines[key] = line
    return net, lines



def unreadable_error(exc: OSError, name: str) -> HistoryError:
    """The error for a history file that cannot be opened or read."""
    if isinstance(exc, FileNotFoundError):
        return HistoryError(Message("no such file"), name)
    if isinstance(exc, IsADirectoryError):
        return HistoryError(Message("is a directory, not a history"), name)
    return HistoryError(Message("cannot read file ({reason})", reason=os_reason(exc)), name)


def too_large(size: Optional[int], limit: int) -> Message:
    """A file longer than ``limit`` bytes (``size``, or None when it does not say its size: more than the limit).

    >>> too_large(70000, 65536).text()
    'file is 70000 bytes, the limit is 65536 bytes (64 KiB)'
    """
    amount = (Message("{size} bytes", size=str(size)) if size is not None else
              Message("more than {limit} bytes", limit=str(limit)))
    return Message("file is {amount}, the limit is {limit} bytes ({kib} KiB)", amount=amount, limit=str(limit),
                   kib=str(limit // 1024))


_DOTTED = "{what}.{key}"
"""A player's entry under a mapping (``end: net.A``): no words of its own to translate."""



def hand_text(hand: Hand) -> str:
    """A hand as a history writes it (``"?? ?? ??"`` when nobody recorded it).

    >>> hand_text(None), hand_text(tuple(parse_card(c) for c in ("Kc", "9c", "4c")))
    ('?? ?? ??', 'Kc 9c 4c')
    """
    return " ".join(str(c) for c in hand) if hand is not None else "?? ?? ??"


__all__ = ["format_time", "hand_text", "parse_hand_value", "parse_time"]
