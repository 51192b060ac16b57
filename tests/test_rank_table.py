"""``bragrules rank`` writes its table without rich where rich would write the very same text."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import List, Sequence, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules_cli import rank_cmd
from bragrules_cli.rank_cmd import _COLUMNS, is_plain, plain_table, plain_width, rich_table
from .helpers import run_cli

WITH_DISCARDS = _COLUMNS
WITHOUT_DISCARDS = _COLUMNS[:4] + _COLUMNS[5:]


def rich_text(columns: Sequence[Tuple[str, bool, bool]], rows: Sequence[Sequence[str]], width: int) -> str:
    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=width, highlight=False).print(rich_table(columns, rows))
    return buffer.getvalue()


# Words of text rich shows as it is, one space apart; or anything.
PLAIN_CELL = st.lists(st.text(alphabet="AKQJT9872cdhs♣♦♥♠♧,-()", min_size=1, max_size=5), max_size=3).map(" ".join)
ANY_CELL = st.text(alphabet="AKQJT9872cdhs♣♦♥♠♧🃏 ,-()[]:\\é\t", max_size=12)


def check_against_rich(discards: bool, rows: List[List[str]], width: int) -> bool:
    columns = WITH_DISCARDS if discards else WITHOUT_DISCARDS
    shown = [row if discards else row[:4] + row[5:] for row in rows]
    text = plain_table(columns, shown, width)
    if text is not None:
        assert text == rich_text(columns, shown, width)
    return text is not None


@settings(deadline=None)
@given(
    discards=st.booleans(),
    rows=st.lists(st.lists(PLAIN_CELL, min_size=6, max_size=6), min_size=1, max_size=4),
    width=st.integers(min_value=20, max_value=110),
)
def test_plain_table_is_rich_s_text(discards: bool, rows: List[List[str]], width: int) -> None:
    check_against_rich(discards, rows, width)


@settings(deadline=None)
@given(
    discards=st.booleans(),
    rows=st.lists(st.lists(st.one_of(PLAIN_CELL, ANY_CELL), min_size=6, max_size=6), min_size=1, max_size=3),
    width=st.integers(min_value=20, max_value=110),
)
def test_plain_table_is_rich_s_text_or_declines(discards: bool, rows: List[List[str]], width: int) -> None:
    check_against_rich(discards, rows, width)


def test_plain_table_writes_the_usual_tables() -> None:
    rows = [("AcKdQh", "run", "714", "A♣ K♦ Q♥", "", "run, A-K-Q"),
            ("7h 2c 7s Kd", "pair", "344", "7♠ 7♥ K♦", "2♣", "pair of sevens, king kicker")]
    for width in range(20, 140):
        for columns, shown in ((WITHOUT_DISCARDS, [r[:4] + r[5:] for r in rows[:1]]), (WITH_DISCARDS, rows)):
            text = plain_table(columns, shown, width)
            fits = width >= len(rich_text(columns, shown, 1000).splitlines()[0])
            assert (text is not None) == fits, width
            if text is not None:
                assert text == rich_text(columns, shown, width)


@pytest.mark.parametrize(
    "text, plain",
    [("AcKdQh", True), ("A♣ K♦ Q♥", True), ("pair of sevens, king kicker", True), (" Ac", False),
     ("Ac  Kd", False), ("a:b", False), ("[b]", False), ("🃏", False), ("é", False), ("a\tb", False)],
)
def test_is_plain(text: str, plain: bool) -> None:
    assert is_plain(text) is plain


def test_plain_width_follows_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    monkeypatch.setattr(sys, "stdout", io.StringIO())
    for environ in ({}, {"COLUMNS": "37"}, {"COLUMNS": "0"}, {"COLUMNS": "wide"}):
        for name in ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE"):
            monkeypatch.delenv(name, raising=False)
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        assert plain_width() == Console().width, environ
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert plain_width() is None
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert plain_width() is None


def test_plain_width_declines_a_terminal_and_other_encodings(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", Terminal())
    assert plain_width() is None
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert plain_width() is None


HANDS = ("AcKdQh", "7h 2c 7s Kd", "3s3h3d", "A♣K♦Q♥", " 2c 3d 4h ", "Ac  Kd Qh", "10h Jh Qh Kh Ah 2c")


@pytest.mark.parametrize("hands", [HANDS[:1], HANDS[:3], HANDS[3:], HANDS])
def test_rank_writes_what_rich_writes(
    capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, hands: Tuple[str, ...]
) -> None:
    named = tmp_path / "named.yaml"
    named.write_text('extends: standard\nname: "[odd]: name"\n', encoding="utf-8")
    used = []
    real = rank_cmd.plain_table
    monkeypatch.setattr(rank_cmd, "plain_table", lambda *a: used.append(1) or real(*a))
    for profile in ("standard", str(named)):
        for width in (30, 55, 60, 66, 80, 120, 200):
            args = ("rank", "-p", profile, *hands)
            monkeypatch.setenv("COLUMNS", str(width))
            without = run_cli(capsys, monkeypatch, *args)
            with monkeypatch.context() as forced:
                forced.setattr(rank_cmd, "plain_width", lambda: None)
                with_rich = run_cli(capsys, monkeypatch, *args)
            assert without == with_rich, (profile, width)
    assert used, "the table was never written without rich"
