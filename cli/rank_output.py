"""What ``bragrules rank`` reads and writes: hands as typed, and the table or JSON lines of their readings.

Kept apart from the command's typer signature (:mod:`bragrules_cli.rank_cmd`) so that ``rank`` under a
shipped profile (:mod:`bragrules_cli.rank_fast`) can print without importing typer or the profile stack.
A :class:`Ranking` is what the output needs of a ranking: the compiled comparer's (:class:`CompiledRanking`)
or a shipped profile's precomputed table (:class:`bragrules.rank_tables.RankTable`).
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Sequence, Tuple

from bragrules.core.i18n import ENGLISH, N_, language, tr

from .common import console, error
from .wide_tables import aligned

DEFAULT_PROFILE = "standard"

if TYPE_CHECKING:  # pragma: no cover
    from typing import Protocol

    from bragrules.core.cards import Card
    from bragrules.engine.reading import Reading
    from bragrules.engine.showdown import Comparer
    from bragrules.rank_tables import TableReading

    class Ranking(Protocol):
        """What the output needs of a ranking."""

        strengths: int
        discard_breaks_ties: bool
        special: bool

        def hand_word(self, category: str) -> str: ...

        def read(self, cards: Sequence["Card"]) -> Any: ...


class CompiledRanking:
    """A compiled comparer as the output reads it (any profile, any hand).

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> ranking = CompiledRanking(compile_rules(load_profile("teen-patti")).comparer)
    >>> ranking.strengths, ranking.hand_word("prial"), ranking.read(parse_cards("5h 5d 5c")).description
    (741, 'trail', 'trail of fives')
    """

    def __init__(self, comparer: "Comparer") -> None:
        self.comparer = comparer
        self.strengths = comparer.ranker.distinct_strengths()
        self.discard_breaks_ties = comparer.discard_breaks_ties
        self.special = comparer.special

    def hand_word(self, category: str) -> str:
        """The game's name of a category (``vocabulary.hands``)."""
        return self.comparer.ranker.words.hand(category)

    def read(self, cards: Sequence["Card"]) -> Any:
        """The hand's :class:`~bragrules.engine.reading.Reading`; an error naming the rule it breaks."""
        from bragrules.engine.reading import read_hand

        return read_hand(self.comparer, cards)


# One card written without spaces after another: "AcKdQh", "10h9h8h", "JkAcAd".
_GLUED_CARD = re.compile(
    r"(?:10|[2-9TJQKA])[cdhs\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]"
    r"|jk2(?![cdhs])|jk1|jk|joker|\U0001F0CF",
    re.IGNORECASE,
)




def card_tokens(text: str) -> List[str]:
    """The card tokens of one hand as written: "Ac Kd Qh", "Ac,Kd,Qh" or "AcKdQh".

    Tokens are separated by spaces or commas; a token that is not one card
    is read as cards written one after another ("AcKdQh", "10hJhQh").
    """
    from bragrules.core.cards import CardError, parse_card, split_tokens

    tokens: List[str] = []
    for chunk in split_tokens(text):
        try:
            parse_card(chunk)
        except CardError:
            pass
        else:
            tokens.append(chunk)
            continue
        pos = 0
        while pos < len(chunk):
            found = _GLUED_CARD.match(chunk, pos)
            if found is None:
                parse_card(chunk[pos:])  # raises, naming the piece that is no card
                raise CardError(f"{chunk!r} is not a hand of cards")  # pragma: no cover
            tokens.append(found.group())
            pos = found.end()
    return tokens


_SEPARATORS = re.compile(r"[\s,]+")


class _Reader:
    """Hand text to cards, each spelling of a card parsed once."""

    def __init__(self) -> None:
        self._cards: Dict[str, "Card"] = {}

    def cards(self, text: str) -> List["Card"]:
        """The cards of one hand; :class:`~bragrules.core.cards.CardError` if it is not one."""
        from bragrules.core.cards import CardError, parse_card

        known = self._cards
        hand: List["Card"] = []
        for chunk in _SEPARATORS.split(text):
            card = known.get(chunk)
            if card is not None:
                hand.append(card)
            elif chunk:
                for token in card_tokens(chunk):
                    card = known.get(token)
                    if card is None:
                        card = known[token] = parse_card(token)
                    hand.append(card)
        if not hand:
            raise CardError(tr("no cards"))
        if len(set(hand)) != len(hand):
            seen = set()
            for card in hand:
                if card in seen:
                    raise CardError(tr("{card} appears twice in one hand", card=card))
                seen.add(card)
        return hand


MAX_LINE = 1000
"""Longest line of hands read from stdin, in characters: no hand is anywhere near."""


class InputStop(Exception):
    """Standard input that is no list of hands (binary data, an endless line): reading stops."""


def _numbered_lines(stream: Any) -> Iterator[Tuple[str, str]]:
    """(label, text) for each hand on stdin; blank lines and ``#`` comments skipped.

    Lines are read at most :data:`MAX_LINE` characters at a time, so an
    endless line (``/dev/zero``) is refused at once, as is binary data.

    >>> import io
    >>> list(_numbered_lines(io.StringIO("AcKdQh\\n# a comment\\n\\n2c 3c 4c\\n")))
    [('line 1', 'AcKdQh'), ('line 4', '2c 3c 4c')]
    >>> try:
    ...     list(_numbered_lines(io.StringIO("x" * 5000)))
    ... except InputStop as stop:
    ...     print(stop)
    line 1: longer than 1000 characters; no hand is that long
    """
    number = 0
    while True:
        try:
            line = stream.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            raise InputStop(tr("line {number}: not UTF-8 text", number=number + 1)) from None
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE:
            raise InputStop(tr("line {number}: longer than {limit} characters; no hand is that long", number=number, limit=MAX_LINE))
        if "\x00" in line:
            raise InputStop(tr("line {number}: binary data (a NUL byte), not hands", number=number))
        text = line.strip()
        if text and not text.startswith("#"):
            yield tr("line {number}", number=number), text


def rank_all(source: Iterable[Tuple[str, str]], ranking: "Ranking", profile_name: str, as_json: bool,
             centre: Sequence["Card"] = ()) -> int:
    """Rank every hand of ``source`` onto stdout; the number of bad hands (reported on stderr)."""
    from bragrules.core.errors import RuleViolation

    reader = _Reader()
    bad = 0
    write_line = _json_writer(ranking) if as_json else None
    rows: List[Tuple[str, ...]] = []
    for label, text in source:
        try:
            cards = reader.cards(text)
            if centre and set(cards) & set(centre):
                raise ValueError(tr("{card} is a face-up centre card (--centre)", card=next(c for c in cards if c in centre)))
            reading = ranking.read(cards)
        except (ValueError, RuleViolation) as exc:  # CardError is a ValueError
            bad += 1
            error(f"{label}: {exc}")
            continue
        if write_line is not None:
            write_line(text, reading)
        else:
            rows.append(_row(text, reading, ranking))
    if rows:
        print_table(rows, profile_name, ranking)
    return bad


def _json_writer(ranking: Any) -> Any:
    """A function writing one hand's JSON line (``ranking``: a :class:`Ranking` or a comparer)."""
    import json

    from bragrules.core.cards import CARDS
    from bragrules.core.text import neutralise

    dumps = json.dumps
    out = sys.stdout.write
    name = [dumps(str(c)) for c in CARDS]  # JSON strings by card index
    special = ranking.special

    said: Dict[str, str] = {}  # each description as JSON, written once

    def write(text: str, reading: "Reading | TableReading") -> None:
        extra = ""
        if special:  # the order is not transitive: what this hand beats outside it
            beats = reading.beats
            outside = "null" if beats is None else (
                f'{{"category": "{beats[0]}", "strengths": [{beats[1]}, {beats[2]}]}}')
            extra = f', "transitive": false, "beats_outside_order": {outside}'
        description = said.get(reading.description)
        if description is None:
            description = said[reading.description] = dumps(reading.description, ensure_ascii=False)
        key = reading.key
        out(
            f'{{"hand": {neutralise(dumps(text, ensure_ascii=False))}, "category": "{reading.category}", '
            f'"strength": {key[0]}, "key": [{key[0] if len(key) == 1 else ", ".join(map(str, key))}], '
            f'"played": [{", ".join([name[c] for c in reading.played])}], '
            f'"discarded": [{", ".join([name[c] for c in reading.discarded])}], '
            f'"wild": [{", ".join([name[c] for c in reading.wild])}], '
            f'"natural": {"true" if reading.natural else "false"}, "description": {description}{extra}}}\n'
        )

    return write


def _row(text: str, reading: "Reading | TableReading", ranking: "Ranking") -> Tuple[str, ...]:
    """One hand's row of the table for people."""
    description = reading.description
    word = ranking.hand_word  # the game's names of hands (vocabulary.hands)
    if reading.beats is not None:
        description += tr("; beats every {category} (a special hand)", category=word(reading.beats[0]))
    strength = str(reading.strength) if len(reading.key) == 1 else "/".join(map(str, reading.key))
    return (text, word(reading.category), strength, " ".join(c.symbol for c in reading.played),
            " ".join(c.symbol for c in reading.discarded), description)


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


# The table's columns: (header, justified right, never wrapped).
_COLUMNS = (
    (N_("hand"), False, False),
    (N_("category"), False, True),
    (N_("strength"), True, True),
    (N_("plays"), False, True),
    (N_("discards"), False, True),
    (N_("description"), False, False),
)


_OTHER_WORDS = {"plays": N_("the cards that play"), "hand": N_("the cards given")}
"""Headers whose word means something else elsewhere (a bot's style of play, a hand's category): in another
language another message says them."""


def _header(header: str) -> str:
    """A column's header in the language spoken.

    >>> from bragrules.core.i18n import with_language
    >>> _header("plays"), with_language("zh", _header, "plays")
    ('plays', '成牌')
    """
    if header in _OTHER_WORDS:
        return header if language() == ENGLISH else tr(_OTHER_WORDS[header])
    return tr(header)


def print_table(rows: List[Tuple[str, ...]], profile_name: str, ranking: "Ranking") -> None:
    discards = any(row[4] for row in rows)
    columns = _COLUMNS if discards else _COLUMNS[:4] + _COLUMNS[5:]
    shown = [row if discards else row[:4] + row[5:] for row in rows]
    strengths = ranking.strengths
    footer = tr("ranking of {profile}: strengths run from 0 to {top}, the higher wins", profile=profile_name,
                top=strengths - 1)
    if ranking.discard_breaks_ties:
        footer += tr("; of equal strengths, the higher discard (after the /)")
    if ranking.special:
        footer += tr("; but a special hand beats its category whatever the strengths (the order is not transitive)")
    out = console()
    out.print(aligned(rich_table(columns, shown)))  # Hindi's vowel signs counted as the screen counts them
    out.print(footer)


def rich_table(columns: Sequence[Tuple[str, bool, bool]], rows: Sequence[Sequence[str]]) -> Any:
    """The table of ranked hands as a rich ``Table``."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for header, right, no_wrap in columns:
        table.add_column(_header(header), justify="right" if right else "left", no_wrap=no_wrap)
    from rich.text import Text

    for row in rows:  # as text: a hand as typed and a game's words (vocabulary) are never markup
        table.add_row(*(Text(cell) for cell in row))
    return table
