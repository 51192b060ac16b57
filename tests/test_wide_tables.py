"""Terminal tables in Hindi line up: each row's columns start (or, right-justified, end) at the same column of
the screen as the header's, measured as a terminal measures (``wcwidth``: a vowel sign takes its column)."""

from __future__ import annotations

import io
import re
from typing import Any, List, Tuple

from rich.console import Console
from rich.table import Table

from bragrules_cli.wide_tables import Aligned, lines_of, mismeasured, terminal_width

from .helpers import run_cli

FIELD = re.compile(r"\S+(?: {1,2}\S+)*")
"""A cell's text on a line: words apart by one or two spaces (columns are three or more apart)."""


def fields(line: str) -> List[Tuple[int, int, str]]:
    """Each cell of a drawn line: the screen columns where it starts and ends, and its text."""
    return [(terminal_width(line[:m.start()]), terminal_width(line[:m.end()]), m.group(0)) for m in FIELD.finditer(line)]


def lined_up(lines: List[str], right: Tuple[int, ...] = ()) -> bool:
    """Whether every line's cells sit where the first line's (the header's) do: the same start, or for a
    right-justified column the same end."""
    header = fields(lines[0])
    for line in lines[1:]:
        cells = fields(line)
        if len(cells) != len(header):
            return False
        for n, (cell, head) in enumerate(zip(cells, header)):
            if (cell[1] != head[1]) if n in right else (cell[0] != head[0]):
                return False
    return True


def _hindi_table() -> Table:
    table = Table(title="Standings", title_justify="left")
    table.add_column("player")
    table.add_column("plays")
    table.add_column("net", justify="right")
    for row in (("खिलाड़ी", "प्योर सीक्वेंस", "12"), ("Ada", "हाई कार्ड", "-3"), ("बॉब", "ट्रेल", "140")):
        table.add_row(*row)
    return table


def _drawn(renderable: Any, width: int = 100) -> List[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(renderable)
    return [line.rstrip() for line in out.getvalue().splitlines() if line.strip()]


def test_rich_alone_loses_the_columns_of_a_hindi_table() -> None:
    """The fault this module mends: rich counts a vowel sign as no column, so its Hindi rows drift."""
    drawn = [line for line in _drawn(_hindi_table()) if not set(line) <= set("━─┏┓┗┛┃│┡┩└┘┌┐├┤╇ ")]
    rows = [re.sub(r"[│┃]", " ", line) for line in drawn[1:]]  # the header and rows, their borders as spaces
    assert mismeasured(_hindi_table())
    assert not lined_up(rows, right=(2,))


def test_a_hindi_table_lines_up() -> None:
    lines = [line for line in _drawn(Aligned(_hindi_table())) if not set(line) <= {"─"}]
    assert lines[0] == "Standings"
    assert lined_up(lines[1:], right=(2,))
    assert len({terminal_width(line) for line in lines_of(_hindi_table(), 100)[1:]}) == 1


def test_an_english_or_chinese_table_is_drawn_by_rich_unchanged() -> None:
    for words in (("Ada", "pure sequence"), ("阿达", "同花顺")):
        table = Table()
        table.add_column("player")
        table.add_column("plays")
        table.add_row(*words)
        assert not mismeasured(table)
        assert _drawn(Aligned(table)) == _drawn(table)


def test_a_long_hindi_cell_wraps_within_its_column() -> None:
    table = Table(show_lines=True)
    table.add_column("rule")
    table.add_column("teen-patti")
    table.add_row("stakes.level_step", "दाँव के स्तर 2 के क़दमों में बढ़ते हैं और हर खिलाड़ी बारी से चाल चलता है " * 3)
    table.add_row("table.min_players", "खेल के लिए कम से कम 2 खिलाड़ी चाहिए")
    lines = [line for line in lines_of(table, 60) if set(line) != {"─"}]
    assert len(lines) > 4 and all(terminal_width(line) <= 60 for line in lines)
    assert len({fields(line)[-1][0] for line in lines}) == 1  # each line of the second column starts at one place


def test_rank_in_hindi_lines_up(capsys: Any, monkeypatch: Any) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "--lang", "hi", "rank", "-p", "teen-patti", "Ah Kh Qh", "7c 7d 7s",
                             "2c 2d 9h", "Qs 9s 4s")
    assert code == 0, err
    lines = [line for line in out.splitlines() if line.strip() and not set(line.strip()) <= {"─"}][:-1]  # no footer
    assert any("प्योर सीक्वेंस" in line for line in lines) and any("कलर" in line for line in lines)
    assert lined_up(lines, right=(2,)), "\n".join(lines)
