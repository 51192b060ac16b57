"""``bragrules rank``: the category, strength and description of hands."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Annotated, Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import typer

from .common import EXIT_BAD_INPUT, complete_profile, console, error, message

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.core.cards import Card
    from bragrules.engine.reading import Reading
    from bragrules.engine.showdown import Comparer

DEFAULT_PROFILE = "standard"

# One card written without spaces after another: "AcKdQh", "10h9h8h", "JkAcAd".
_GLUED_CARD = re.compile(
    r"(?:10|[2-9TJQKA])[cdhs\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664]"
    r"|jk2(?![cdhs])|jk1|jk|joker|\U0001F0CF",
    re.IGNORECASE,
)


def register(app: typer.Typer) -> None:
    app.command("rank")(rank)


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
            raise CardError("no cards")
        if len(set(hand)) != len(hand):
            seen = set()
            for card in hand:
                if card in seen:
                    raise CardError(f"{card} appears twice in one hand")
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
    >>> list(_numbered_lines(io.StringIO("x" * 5000)))
    Traceback (most recent call last):
    ...
    bragrules_cli.rank_cmd.InputStop: line 1: longer than 1000 characters; no hand is that long
    """
    number = 0
    while True:
        try:
            line = stream.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            raise InputStop(f"line {number + 1}: not UTF-8 text") from None
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE:
            raise InputStop(f"line {number}: longer than {MAX_LINE} characters; no hand is that long")
        if "\x00" in line:
            raise InputStop(f"line {number}: binary data (a NUL byte), not hands")
        text = line.strip()
        if text and not text.startswith("#"):
            yield f"line {number}", text


def rank(
    hands: Annotated[
        Optional[List[str]],
        typer.Argument(
            metavar="HAND",
            help='Hands to rank, each one argument: "AcKdQh", "Ac Kd Qh", "10h Jh Qh". '
            "Without hands, reads one hand per line from stdin.",
            show_default=False,
        ),
    ] = None,
    profile: Annotated[
        str,
        typer.Option(
            "--profile",
            "-p",
            metavar="PROFILE", autocompletion=complete_profile,
            help="The profile whose ranking applies (built-in name or path).",
        ),
    ] = DEFAULT_PROFILE,
    centre: Annotated[
        Optional[str],
        typer.Option(
            "--centre",
            metavar="CARDS",
            help="The deal's face-up centre cards, for a profile whose wild cards they decide "
            "(ranking.wild.from_centre).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object per hand and line: hand, category, strength, key, played, discarded, wild, "
            "natural, description; under special hands also transitive and beats_outside_order.",
        ),
    ] = False,
) -> None:
    """Rank hands as the showdown values them: category, strength, the cards that play, and a description.

    With four or more cards the best three play (Kissing-Missing: the best reading of the cards, a kiss
    or a miss making one joker). Wild cards chosen in each hand count, and the joker dealt to each
    player (written Jk). Of two hands the bigger key wins (compared element by element; the first is
    the strength); equal keys tie and the profile's tie rule decides. Under special hands
    (ranking.special_hands) the order is not transitive: a hand whose strength lies in the other's
    beats_outside_order range loses to it whatever the keys. A bad hand is reported on stderr (exit
    status 2) and the other hands are still ranked.
    """
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    spec = load_profile(profile)
    rules = compile_rules(spec)
    comparer = rules.comparer
    shown: List["Card"] = []
    if centre is not None or (comparer.wild is not None and comparer.wild.from_centre):
        from bragrules.engine.wild_cards import wild_deal_comparer

        shown = _centre_cards(centre, comparer.wild.from_centre if comparer.wild is not None else 0)
        comparer = wild_deal_comparer(rules, shown)

    if hands:
        source: Iterable[Tuple[str, str]] = (
            (f"hand {n}", text) for n, text in enumerate(hands, 1)
        )
    else:
        if sys.stdin is None:
            source = ()
        else:
            if _is_tty(sys.stdin):
                message("reading hands from stdin, one per line (end with Ctrl-D)")
            source = _numbered_lines(sys.stdin)

    try:
        bad = _rank_all(source, comparer, spec.name, as_json, shown)
    except InputStop as exc:
        error(f"error: stdin: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if bad:
        raise typer.Exit(EXIT_BAD_INPUT)


def _centre_cards(text: Optional[str], wanted: int) -> List["Card"]:
    """The cards of ``--centre``: refused (one line, exit 2) where the profile turns none up, or
    where it turns some up and none are given (``ranking.wild.from_centre``)."""
    from bragrules.core.cards import CardError
    from bragrules.core.errors import RuleViolation
    from bragrules.rules.wild_deal import FROM_CENTRE_RULE

    if not wanted:
        raise RuleViolation(FROM_CENTRE_RULE, "this profile turns no centre card up to decide wild cards: "
                                              "leave out --centre")
    if text is None:
        cards = f"{wanted} face-up centre cards decide" if wanted != 1 else "1 face-up centre card decides"
        raise RuleViolation(FROM_CENTRE_RULE, f"{cards} the wild cards: give them with --centre")
    try:
        return _Reader().cards(text)
    except CardError as exc:
        raise CardError(f"--centre: {exc}") from None


def _rank_all(source: Iterable[Tuple[str, str]], comparer: "Comparer", profile_name: str, as_json: bool,
              centre: Sequence["Card"] = ()) -> int:
    """Rank every hand of ``source`` onto stdout; the number of bad hands (reported on stderr)."""
    from bragrules.core.errors import RuleViolation
    from bragrules.engine.reading import read_hand

    reader = _Reader()
    bad = 0
    write_line = _json_writer(comparer) if as_json else None
    rows: List[Tuple[str, ...]] = []
    for label, text in source:
        try:
            cards = reader.cards(text)
            if centre and set(cards) & set(centre):
                raise ValueError(f"{next(c for c in cards if c in centre)} is a face-up centre card (--centre)")
            reading = read_hand(comparer, cards)
        except (ValueError, RuleViolation) as exc:  # CardError is a ValueError
            bad += 1
            error(f"{label}: {exc}")
            continue
        if write_line is not None:
            write_line(text, reading)
        else:
            rows.append(_row(text, reading, comparer))
    if rows:
        _print_table(rows, profile_name, comparer)
    return bad


def _json_writer(comparer: "Comparer") -> Any:
    """A function writing one hand's JSON line."""
    import json

    from bragrules.core.cards import CARDS
    from bragrules.core.text import neutralise

    dumps = json.dumps
    out = sys.stdout.write
    name = [dumps(str(c)) for c in CARDS]  # JSON strings by card index
    special = comparer.special

    said: Dict[str, str] = {}  # each description as JSON, written once

    def write(text: str, reading: "Reading") -> None:
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


def _row(text: str, reading: "Reading", comparer: "Comparer") -> Tuple[str, ...]:
    """One hand's row of the table for people."""
    description = reading.description
    words = comparer.ranker.words  # the game's names of hands (vocabulary.hands)
    if reading.beats is not None:
        description += f"; beats every {words.hand(reading.beats[0])} (a special hand)"
    strength = str(reading.strength) if len(reading.key) == 1 else "/".join(map(str, reading.key))
    return (text, words.hand(reading.category), strength, " ".join(c.symbol for c in reading.played),
            " ".join(c.symbol for c in reading.discarded), description)


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


# The table's columns: (header, justified right, never wrapped).
_COLUMNS = (
    ("hand", False, False),
    ("category", False, True),
    ("strength", True, True),
    ("plays", False, True),
    ("discards", False, True),
    ("description", False, False),
)


def _print_table(rows: List[Tuple[str, ...]], profile_name: str, comparer: "Comparer") -> None:
    discards = any(row[4] for row in rows)
    columns = _COLUMNS if discards else _COLUMNS[:4] + _COLUMNS[5:]
    shown = [row if discards else row[:4] + row[5:] for row in rows]
    strengths = comparer.ranker.distinct_strengths()
    footer = f"ranking of {profile_name}: strengths run from 0 to {strengths - 1}, the higher wins"
    if comparer.discard_breaks_ties:
        footer += "; of equal strengths, the higher discard (after the /)"
    if comparer.special:
        footer += "; but a special hand beats its category whatever the strengths (the order is not transitive)"
    out = console()
    out.print(rich_table(columns, shown))
    out.print(footer)


def rich_table(columns: Sequence[Tuple[str, bool, bool]], rows: Sequence[Sequence[str]]) -> Any:
    """The table of ranked hands as a rich ``Table``."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for header, right, no_wrap in columns:
        table.add_column(header, justify="right" if right else "left", no_wrap=no_wrap)
    from rich.text import Text

    for row in rows:  # as text: a hand as typed and a game's words (vocabulary) are never markup
        table.add_row(*(Text(cell) for cell in row))
    return table
