"""``bragrules rank``: the category, strength and description of hands."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Annotated, Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import typer

from .common import EXIT_BAD_INPUT, complete_profile, console, error, message

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.core.cards import Card

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
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object per hand and line: hand, category, strength, played, "
            "discarded, natural, description.",
        ),
    ] = False,
) -> None:
    """Rank hands: category, strength, the three cards that play, and a description.

    With four or more cards the best three play. A bigger strength beats a
    smaller one; equal strengths tie. A bad hand is reported on stderr
    (exit status 2) and the other hands are still ranked.
    """
    from bragrules.profile import load_profile
    from bragrules.rules.ranking import compile_ranking

    spec = load_profile(profile)
    profile_name = spec.name
    ranker = compile_ranking(spec.ranking, jokers=spec.pack.jokers)

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
        bad = _rank_all(source, ranker, profile_name, as_json)
    except InputStop as exc:
        error(f"error: stdin: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if bad:
        raise typer.Exit(EXIT_BAD_INPUT)


def _rank_all(source: Iterable[Tuple[str, str]], ranker: Any, profile_name: str, as_json: bool) -> int:
    """Rank every hand of ``source`` onto stdout; the number of bad hands (reported on stderr)."""
    reader = _Reader()
    evaluate = ranker.evaluate
    describe = ranker.describe
    bad = 0

    if as_json:
        import json

        from bragrules.core.cards import CARDS
        from bragrules.core.text import neutralise

        dumps = json.dumps
        out = sys.stdout.write
        name = [dumps(str(c)) for c in CARDS]  # JSON strings by card index
        # Without wild cards the description is a function of the strength
        # alone, so each is worked out once.
        descriptions: Optional[Dict[int, str]] = None if ranker.wild else {}
        for label, text in source:
            try:
                ev = evaluate(reader.cards(text))
            except ValueError as exc:  # CardError is a ValueError
                bad += 1
                error(f"{label}: {exc}")
                continue
            strength = ev.strength
            description = descriptions.get(strength) if descriptions is not None else None
            if description is None:
                description = dumps(describe(ev), ensure_ascii=False)
                if descriptions is not None:
                    descriptions[strength] = description
            out(
                f'{{"hand": {neutralise(dumps(text, ensure_ascii=False))}, "category": "{ev.category}", '
                f'"strength": {strength}, '
                f'"played": [{", ".join([name[c] for c in ev.played])}], '
                f'"discarded": [{", ".join([name[c] for c in ev.discarded])}], '
                f'"natural": {"true" if ev.natural else "false"}, '
                f'"description": {description}}}\n'
            )
    else:
        rows: List[Tuple[str, ...]] = []
        for label, text in source:
            try:
                ev = evaluate(reader.cards(text))
            except ValueError as exc:
                bad += 1
                error(f"{label}: {exc}")
                continue
            rows.append(
                (
                    text,
                    ev.category.replace("_", " "),
                    str(ev.strength),
                    " ".join(c.symbol for c in ev.played),
                    " ".join(c.symbol for c in ev.discarded),
                    describe(ev),
                )
            )
        if rows:
            _print_table(rows, profile_name, ranker.distinct_strengths())
    return bad


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


def _print_table(rows: List[Tuple[str, ...]], profile_name: str, strengths: int) -> None:
    discards = any(row[4] for row in rows)
    columns = _COLUMNS if discards else _COLUMNS[:4] + _COLUMNS[5:]
    shown = [row if discards else row[:4] + row[5:] for row in rows]
    footer = f"ranking of {profile_name}: strengths run from 0 to {strengths - 1}, the higher wins"
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
    for row in rows:
        table.add_row(*row)
    return table
