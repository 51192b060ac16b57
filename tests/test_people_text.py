"""One way of writing fractions for people: ``2½``, ``1⅓`` in every output that is not JSON; JSON keeps ``"5/2"``.

Each command runs over the real CLI on a profile whose ante (5/2) and blind
rate (1/3) put fractions everywhere: a session of play, its audit, a
simulation, a diff, a rulebook and an arbitration.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bragrules.core.money import parse_money, pretty_money

from .helpers import run_cli

FRACTION = re.compile(r"\d/\d")  # "5/2" as people should never see it (cards, dates and paths hold no such thing)
PROFILE = "extends: standard\nname: thirds\nstakes: {ante: 5/2, blind_rate: 1/3}\n"


@pytest.fixture
def thirds(tmp_path: Path) -> Path:
    path = tmp_path / "thirds.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    return path


def no_slash_fractions(text: str) -> None:
    leaks = [line for line in text.splitlines() if FRACTION.search(line)]
    assert not leaks, leaks[:3]


def test_play_audit_and_simulate_write_fractions_one_way(capsys: Any, monkeypatch: Any, tmp_path: Path,
                                                         thirds: Path) -> None:
    log = tmp_path / "s.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "--auto", "--hands", "6", "-p", str(thirds), "--seed", "5",
                             "--log", str(log))
    assert code == 0, err
    no_slash_fractions(out)
    assert "⅓" in out and "½" in out  # blind bets of a third, antes of 2½, bots' reasons included
    assert '"5/2"' in log.read_text(encoding="utf-8") or "5/2" in log.read_text(encoding="utf-8")

    code, out, err = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0, err
    no_slash_fractions(out)
    assert "½" in out

    code, out, err = run_cli(capsys, monkeypatch, "simulate", "-p", str(thirds), "--hands", "60", "--seed", "2")
    assert code == 0, err
    no_slash_fractions(out)


def test_diff_and_rulebook_write_fractions_one_way_and_json_keeps_slashes(capsys: Any, monkeypatch: Any,
                                                                          thirds: Path) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", str(thirds))
    assert code == 1, err
    no_slash_fractions(out)
    assert "2½  every player antes 2½" in out and "⅓  a blind player pays a third" in out

    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", str(thirds), "--json")
    data = json.loads(out)
    assert "5/2" in json.dumps(data) and "½" not in json.dumps(data, ensure_ascii=False).split('"sentences"')[0]

    code, out, err = run_cli(capsys, monkeypatch, "rulebook", str(thirds))
    assert code == 0, err
    no_slash_fractions(out)
    assert "antes 2½" in out


def test_arbitrate_words_use_the_same_fractions(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "half.yaml"
    sheet.write_text("profile: standard\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
                     "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
                     "    actions: [A bet 1/2, B look, B bet 1, C fold]\n"
                     "    dispute: A see 1\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "arbitrate", str(sheet))
    assert code in (0, 1), err
    no_slash_fractions(out.replace(str(sheet), "SHEET"))
    assert "B takes the pot of 6½" in out and "net: A -3½, B +4½, C -1" in out
    code, out, err = run_cli(capsys, monkeypatch, "arbitrate", str(sheet), "--json")
    assert "½" not in "".join(str(v) for v in _amounts(json.loads(out)))


def _amounts(node: Any) -> Any:
    """Every value under a key that names an amount in a JSON ruling."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("net", "owed", "pot", "amount"):
                yield value
            else:
                yield from _amounts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _amounts(item)


@pytest.mark.parametrize("amount", ["5/2", "-3/2", "4/3", "3/4", "9/7", "7", "-1/8"])
def test_pretty_amounts_read_back_where_a_glyph_exists(amount: str) -> None:
    value = parse_money(amount)
    text = pretty_money(value)
    assert "/" not in text
    if "⁄" not in text:  # one-character fractions are read as typed
        assert parse_money(text) == value
