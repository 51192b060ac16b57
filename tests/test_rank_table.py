"""``bragrules rank``'s table: what a person reads, whatever the width and the profile's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import run_cli


@pytest.mark.parametrize("width", [60, 80, 200])
def test_the_readme_example(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """The README's example: a run A-K-Q (714) above a run 7-6-5 (707) in the standard ranking."""
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "AcKdQh", "5s6h7d")
    assert code == 0
    lines = [line.split() for line in out.splitlines() if line.strip()]
    assert ["hand", "category", "strength", "plays", "description"] == lines[0]
    assert lines[2][:3] == ["AcKdQh", "run", "714"] and lines[3][:3] == ["5s6h7d", "run", "707"]
    assert out.splitlines()[-1] == "ranking of standard: strengths run from 0 to 740, the higher wins"


def test_a_discarded_card_gets_its_column(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "-p", "four-card", "7h 2c 7s Kd")
    header = next(line for line in out.splitlines() if line.strip())
    assert code == 0 and "discards" in header and "2♣" in out


def test_an_odd_profile_name_is_printed_as_it_is(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    named = tmp_path / "named.yaml"
    named.write_text('extends: standard\nname: "[odd]: name"\n', encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "-p", str(named), "AcKdQh")
    assert code == 0 and "ranking of [odd]: name:" in out
