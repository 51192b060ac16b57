"""Tables whose columns line up in a terminal whatever the script: Hindi's vowel signs included.

rich measures a string character by character, and counts Devanagari's spacing vowel signs (ा, ि, ी, ो:
Unicode's *Mc*) as taking no column, where a terminal gives each its column: ``खिलाड़ी`` is 3 columns to
rich and 6 on the screen, so a rich table with a Hindi word in a cell pushes that row's later columns to the
right. :func:`terminal_width` measures as terminals do (``wcwidth.wcswidth``, grapheme by grapheme), and
:class:`Aligned` draws a rich ``Table`` with it when any cell is one rich mis-measures; a table rich measures
right (English, Chinese) is drawn by rich itself, unchanged.

>>> from rich.table import Table
>>> table = Table(title="Standings", title_justify="left")
>>> table.add_column("player"); table.add_column("plays"); table.add_column("net", justify="right")
>>> table.add_row("खिलाड़ी", "प्योर सीक्वेंस", "12"); table.add_row("Ada", "हाई कार्ड", "-3")
>>> for line in lines_of(table, 80): print(repr(line))
'Standings'
'player   plays       net'
'────────────────────────'
'खिलाड़ी   प्योर सीक्वेंस    12'
'Ada      हाई कार्ड     -3'
>>> [terminal_width(line) for line in lines_of(table, 80)[1:]]   # each line as wide on the screen
[24, 24, 24, 24]
"""

from __future__ import annotations

from typing import Any, Iterator, List, Sequence, Tuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from wcwidth import wcswidth

GAP = "   "
"""Between two columns."""


def terminal_width(text: str) -> int:
    """The columns ``text`` takes in a terminal (a character that prints nothing counts none).

    >>> terminal_width("खिलाड़ी"), terminal_width("豹子"), terminal_width("Ada")
    (6, 4, 3)
    """
    width = wcswidth(text)
    return width if width >= 0 else sum(max(wcswidth(ch), 0) for ch in text)


def _text(cell: Any, markup: bool = True) -> Text:
    """A cell as rich would show it: a ``Text`` as it is, a string read as rich markup where the console
    reads markup (a console that reads none shows a user's ``[/]`` as it is).

    >>> _text("P[/]", markup=False).plain, _text("[bold]P[/]").plain
    ('P[/]', 'P')
    """
    if isinstance(cell, Text):
        return cell
    if not isinstance(cell, str):
        return Text(str(cell))
    return Text.from_markup(cell) if markup else Text(cell)


def mismeasured(table: Table, markup: bool = True) -> bool:
    """Whether rich measures some text of ``table`` otherwise than a terminal shows it."""
    for column in table.columns:
        for cell in [column.header, *column.cells]:
            for line in _text(cell, markup).plain.split("\n"):
                if cell_len(line) != terminal_width(line):
                    return True
    return False


def _wrapped(text: Text, width: int) -> List[Text]:
    """``text`` cut into lines of at most ``width`` terminal columns, at spaces (a longer word stands alone)."""
    out: List[Text] = []
    for para in text.split("\n", allow_blank=True):
        plain, start, line_start, used = para.plain, 0, 0, 0
        last_break = -1
        while start < len(plain):
            end = plain.find(" ", start)
            end = len(plain) if end < 0 else end
            word = terminal_width(plain[start:end])
            if used and used + 1 + word > width:
                out.append(para[line_start:last_break])
                line_start, used = start, 0
            used = word if not used else used + 1 + word
            last_break, start = end, end + 1
        out.append(para[line_start:])
    return out


def _widths(natural: List[int], least: List[int], room: int) -> List[int]:
    """The columns' widths: as wide as their text, the widest narrowed (not below its longest word) to fit."""
    widths = list(natural)
    while sum(widths) > room:
        widest = max(range(len(widths)), key=lambda i: widths[i] - least[i])
        if widths[widest] <= least[widest]:
            break
        widths[widest] -= 1
    return widths


def _row(cells: Sequence[List[Text]], widths: Sequence[int], justify: Sequence[str]) -> Iterator[Text]:
    for i in range(max(len(cell) for cell in cells)):
        line = Text()
        for n, (cell, width) in enumerate(zip(cells, widths)):
            part = cell[i] if i < len(cell) else Text("")
            pad = " " * max(width - terminal_width(part.plain), 0)
            line.append_text(Text(pad) + part if justify[n] == "right" else part + Text(pad if n < len(widths) - 1 else ""))
            if n < len(widths) - 1:
                line.append(GAP)
        line.rstrip()
        yield line


def lines_of(table: Table, room: int, markup: bool = True) -> List[str]:
    """The plain lines :class:`Aligned` draws ``table`` in (for the tests and the doctest above)."""
    return [line.plain for line in _lines(table, room, markup)]


def _lines(table: Table, room: int, markup: bool = True) -> Iterator[Text]:
    columns = table.columns
    texts = [[_text(column.header, markup), *(_text(cell, markup) for cell in column.cells)] for column in columns]
    natural = [max(terminal_width(line) for text in column for line in text.plain.split("\n")) for column in texts]
    least = [max(terminal_width(word) for text in column for word in text.plain.split()) if any(
        text.plain.strip() for text in column) else 0 for column in texts]
    widths = _widths(natural, least, room - len(GAP) * (len(columns) - 1))
    justify = [str(column.justify) for column in columns]
    if table.title:
        yield _text(table.title, markup)
    if table.show_header:
        header = Text.assemble(*_row([[_text(c.header, markup)] for c in columns], widths, justify))
        header.stylize("bold")
        yield header
        yield Text("─" * (sum(widths) + len(GAP) * (len(columns) - 1)))
    rows: List[Tuple[List[Text], ...]] = []
    for r in range(table.row_count):
        rows.append(tuple(_wrapped(texts[c][r + 1], widths[c]) for c in range(len(columns))))
    for n, cells in enumerate(rows):
        if n and table.show_lines:
            yield Text("─" * (sum(widths) + len(GAP) * (len(columns) - 1)), style="dim")
        yield from _row(cells, widths, justify)


class Aligned:
    """A rich ``Table`` drawn so that its columns line up on the screen (see the module): by rich when rich
    measures every cell right, else line by line, each cell padded to its column by :func:`terminal_width`."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        markup = bool(getattr(console, "_markup", True))  # a console made with markup=False reads none
        if not mismeasured(self.table, markup):
            yield self.table
            return
        for line in _lines(self.table, options.max_width, markup):
            line.no_wrap, line.overflow = True, "ignore"  # rich counts these lines shorter than they are
            yield line


def aligned(renderable: Any) -> Any:
    """``renderable`` drawn with its columns lined up on the screen, if it is a table (else as it is)."""
    return Aligned(renderable) if isinstance(renderable, Table) else renderable


__all__ = ["Aligned", "aligned", "lines_of", "mismeasured", "terminal_width"]
