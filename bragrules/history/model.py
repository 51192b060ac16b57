"""The model every history is read into, whichever form it comes from.

A :class:`History` holds the players, the first dealer, the profile it was
played under and its deals (:class:`DealEntry`), each with the cards dealt,
the actions in order (each an :class:`ActionEntry` knowing its line in the
file) and, optionally, the result the history claims (:class:`ResultClaim`).
The sheet reader (:mod:`bragrules.history.sheet`) and the log reader
(:mod:`bragrules.history.log`) both make one; :mod:`bragrules.audit`
replays it.

>>> entry = DealEntry(number=1, line=4)
>>> entry.card_line("A")  # no line of its own: the deal's
4
>>> ResultClaim(line=7, lines={"winners": 8}).line_of("net.A")
7
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from bragrules.core.cards import Card
from bragrules.engine.actions import Action

SHEET_FORMAT = "bragrules-history/1"
LOG_FORMAT = "bragrules-log/1"
UNKNOWN_CARD = "??"

OUTCOMES = ("won", "split", "carried", "redeal", "abandoned")
PathLike = Union[str, "os.PathLike[str]"]
Hand = Optional[Tuple[Card, ...]]


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class ActionEntry(NamedTuple):
    """One action of a deal, and the line it was written on.

    Immutable; a named tuple, since a long log makes one for every action it holds.
    """

    action: Action
    line: Optional[int] = None

    def __str__(self) -> str:
        return str(self.action)


@dataclass(slots=True)
class ResultClaim:
    """What a history says a deal came to; every part is optional.

    ``outcome`` is ``won``, ``split`` or ``carried``; ``winners`` the players
    who took the pot; ``net`` each listed player's gain or loss in the deal; ``pot`` the pot as
    the deal ended, before it was paid out, carried or (a redeal) ``returned`` to the players;
    ``lives_lost`` (Crash) who lost a life at the showdown.
    ``lines`` says where each part was written (``"winners"``, ``"net.A"``...).
    """

    outcome: Optional[str] = None
    winners: Optional[List[str]] = None
    net: Optional[Dict[str, Fraction]] = None
    pot: Optional[Fraction] = None  # the pot as the deal ended, before it was settled
    carried_out: Optional[Fraction] = None
    returned: Optional[Fraction] = None  # a redeal: the stakes handed back
    rake: Optional[Fraction] = None  # what the house raked from the pot (house.rake)
    table_fee: Optional[Fraction] = None  # the table fees the house took with the deal (house.table_fee)
    fees: Optional[Dict[str, Fraction]] = None  # each player's table fee, in their net (None: not written)
    pots: Optional[List[Tuple[str, Fraction, List[str]]]] = None  # the side pots: name, amount, winners (pots)
    lives_lost: Optional[List[str]] = None
    points: Optional[Dict[str, int]] = None  # session.points: the points each player scored in the deal
    lives_pot: Optional[Fraction] = None  # the pot of lives lost after the deal (format.life_stake)
    house: Optional[Fraction] = None  # procedure.bank, kind: house: what the house's dealer won (less: it paid)
    bank: Optional[Fraction] = None  # procedure.bank.carry: the banker's bank as the deal left it
    line: Optional[int] = None
    lines: Dict[str, int] = field(default_factory=dict)

    def line_of(self, part: str) -> Optional[int]:
        return self.lines.get(part, self.line)


@dataclass(slots=True)
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
    posts: Optional[List[Tuple[str, str, Fraction]]] = None  # a log under stakes.forced: (player, post, amount)
    buys: Optional[List[Tuple[str, str, Fraction]]] = None  # a log: chips bought before this deal (player, kind, amount)
    away: Optional[List[str]] = None  # a log under table.sitting_out: the players sitting this deal out
    bank: Optional[Fraction] = None  # procedure.bank.carry: the banker's bank the deal is played against
    bank_choice: Optional[str] = None  # procedure.bank.carry: the banker's keep or pass before the deal
    face_up: Optional[Dict[str, Hand]] = None  # a log under format.open.face_up: the cards dealt face up

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


__all__ = ["LOG_FORMAT", "OUTCOMES", "SHEET_FORMAT", "UNKNOWN_CARD", "ActionEntry", "DealEntry", "EndClaim", "Hand",
           "History", "PathLike", "ResultClaim"]
