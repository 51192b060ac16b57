"""Every three-card hand of a shipped profile, ranked ahead of time: ``bragrules rank`` without the profile stack.

Ranking one hand under a shipped profile through the whole stack means reading its YAML, validating it
with the pydantic models and compiling its ranking: most of a second's start-up, for one lookup. So, for
each shipped profile whose ranking needs no card from the deal (no wild cards chosen per deal or per hand),
:mod:`bragrules.rank_tables.build` writes what the compiled comparer says of every three-card hand of the
pack (``read_hand``: its key, category, the cards that play in their order, the wild ones, its words) into
a small JSON file per ranking here, and ``index.json`` records, for each profile, its rule hash
(``profile_hash``), the SHA-256 of every file it is read from (itself and those it extends) and its table.

:func:`shipped_table` gives a profile's table only while those files hash as recorded; a profile changed
since, any other profile, a hand of four cards or one the table does not hold are ranked by the compiler
as always. ``tests/test_rank_tables.py`` checks every table against the compiler over every hand of the
pack, and that the record is current. Regenerate with ``python -m bragrules.rank_tables.build --write``.

This module imports only the standard library and :mod:`bragrules.core.cards`.

>>> table = shipped_table("standard")
>>> from bragrules.core.cards import parse_cards
>>> reading = table.reading(parse_cards("Ks As Qs"))
>>> reading.category, reading.strength, table.strengths, [str(c) for c in reading.played]
('running_flush', 726, 741, ['As', 'Ks', 'Qs'])
>>> reading.description
'running flush, A-K-Q'
>>> shipped_table("no-such-profile") is None, shipped_table("./standard.yaml") is None
(True, True)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from math import comb
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

from bragrules.core.cards import CARDS, Card

HERE = Path(__file__).parent
INDEX = "index.json"
PERMUTATIONS: Tuple[Tuple[int, int, int], ...] = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
"""The orders of three cards a table can record the cards that play in (a hand's sorted cards, permuted)."""
COLUMNS = 3
"""Numbers a hand takes in a table's ``hands``: its strength (-1: no hand of this profile's pack), the index
of its words in ``descriptions``, and ``order * 16 + natural * 8 + wild``, where ``order`` indexes
:data:`PERMUTATIONS` and ``wild`` has a bit for each played card that is wild (the first card the lowest)."""


class TableReading(NamedTuple):
    """A hand as a table gives it: the fields of :class:`bragrules.engine.reading.Reading`, read from a file."""

    key: Tuple[int, ...]
    category: str
    played: Tuple[Card, ...]
    discarded: Tuple[Card, ...]
    wild: Tuple[Card, ...]
    natural: bool
    description: str
    beats: Optional[Tuple[str, int, int]] = None

    @property
    def strength(self) -> int:
        return self.key[0]


def hand_index(a: int, b: int, c: int, size: int = len(CARDS)) -> int:
    """The place of the cards ``a < b < c`` among ``itertools.combinations(range(size), 3)``.

    >>> import itertools
    >>> every = list(itertools.combinations(range(10), 3))
    >>> all(hand_index(*hand, size=10) == i for i, hand in enumerate(every))
    True
    """
    return (comb(size, 3) - comb(size - a, 3) + comb(size - a - 1, 2) - comb(size - b, 2) + c - b - 1)


class RankTable:
    """One shipped profile's table: what ``rank`` prints of a three-card hand, without compiling the profile."""

    def __init__(self, profile_name: str, data: Dict[str, Any]) -> None:
        self.profile_name = profile_name
        """The profile's ``name`` (the footer of ``rank``'s table says it)."""
        self.strengths: int = data["strengths"]
        """How many strengths the hands take (0 to ``strengths - 1``)."""
        self.discard_breaks_ties: bool = data["discard_breaks_ties"]
        self.special: bool = data["special"]
        """Whether special hands make the order intransitive (``ranking.special_hands``)."""
        self.words: Dict[str, str] = data["words"]
        """The game's name of each category (``vocabulary.hands``)."""
        self._category_of: List[str] = [data["categories"][i] for i in data["category_of"]]
        self._descriptions: List[str] = data["descriptions"]
        self._hands: List[int] = data["hands"]
        self._upsets: Dict[int, Tuple[str, int, int]] = {
            int(s): (category, low, high) for s, (category, low, high) in data["upsets"].items()}

    def hand_word(self, category: str) -> str:
        """The game's name of a category (``Words.hand``)."""
        return self.words[category]

    def reading(self, cards: Sequence[Card]) -> Optional[TableReading]:
        """The reading of three different cards, or None where the table has none (not three cards, or a
        hand this profile's pack does not hold: the compiler then says why)."""
        if len(cards) != 3:
            return None
        low, mid, high = sorted(int(c) for c in cards)
        if low == mid or mid == high:
            return None
        row = COLUMNS * hand_index(low, mid, high)
        strength = self._hands[row]
        if strength < 0:
            return None
        flags = self._hands[row + 2]
        ordered = (CARDS[low], CARDS[mid], CARDS[high])
        played = tuple(ordered[i] for i in PERMUTATIONS[flags >> 4])
        wild = tuple(card for i, card in enumerate(played) if flags & (1 << i))
        return TableReading((strength,), self._category_of[strength], played, (), wild, bool(flags & 8),
                            self._descriptions[self._hands[row + 1]], self._upsets.get(strength))


    def read(self, cards: Sequence[Card]) -> TableReading:
        """:meth:`reading`, where the table is known to hold the hand (a ValueError otherwise)."""
        found = self.reading(cards)
        if found is None:
            raise ValueError(f"{' '.join(map(str, cards))}: not a hand of this table")
        return found


def _is_path(name: str) -> bool:
    """A profile argument the loader reads as a path, not a built-in name (``load_profile``)."""
    return (not name or name.lower().endswith((".yaml", ".yml")) or "/" in name or "\\" in name
            or name.startswith(".") or os.path.isfile(name))


def _digest(path: Path) -> Optional[str]:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def profiles_dir() -> Path:
    """Where the shipped profiles' files are."""
    from importlib import import_module

    return Path(str(import_module("bragrules.profiles").__file__)).parent


def read_index() -> Dict[str, Any]:
    """The record: for each profile with a table, its rule hash, its files' digests and its table's file."""
    found: Dict[str, Any] = json.loads((HERE / INDEX).read_text(encoding="utf-8"))
    return found


def shipped_table(name: str) -> Optional[RankTable]:
    """The table of the shipped profile ``name``, or None: not a shipped profile with a table, or its files
    no longer as recorded (edited since the table was written)."""
    if _is_path(name):
        return None
    try:
        entry = read_index()["profiles"].get(name)
    except (OSError, ValueError):
        return None
    if entry is None:
        return None
    folder = profiles_dir()
    for file, digest in entry["files"].items():
        if _digest(folder / file) != digest:
            return None
    try:
        data = json.loads(gzip.decompress((HERE / entry["table"]).read_bytes()))
    except (OSError, ValueError, EOFError):
        return None
    return RankTable(entry["name"], data)
