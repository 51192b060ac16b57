"""Every command's every option, given a bad value, over the real command line:
one line on stderr and exit status 2, never a traceback; help that reads the
same in every command; rulebook and arbitrate in words.

In-process through ``bragrules_cli.app.main`` (the console script's own
entry point and error handling), so the whole table runs in a few seconds.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import List

import pytest

from bragrules_cli.app import COMMANDS, SUMMARIES

from .helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
HISTORY = str(ROOT / "tests" / "data" / "histories" / "worked_pot.yaml")
DISPUTE = str(ROOT / "tests" / "data" / "disputes" / "see_short.yaml")
HUGE = "9" * 30
MISSING = "no/such/file.yaml"


def _cases() -> List[object]:
    """(command line) for each bad value; ``{dir}`` and ``{unreadable}`` are filled in by the test."""
    table = {
        "rank": [
            ["rank", "Ac Kd"],
            ["rank", "Ac"],
            ["rank", "Ac Kd Qh", "--bogus"],
            ["rank", "Zz Kd Qh"],
            ["rank", "Ac Kd Qh", "--profile", MISSING],
            ["rank", "Ac Kd Qh", "--profile", "{dir}"],
            ["rank", "Ac Kd Qh", "--profile", "{unreadable}"],
            ["rank", "Ac Kd Qh", "--profile", "no-such-profile"],
        ],
        "equity": [
            ["equity", "Ac Kd"],
            ["equity", "Ac Ac Kd"],
            ["equity", "Ac Kd Qh", "--profile", MISSING],
            ["equity", "Ac Kd Qh", "--profile", "{dir}"],
            ["equity", "Ac Kd Qh", "--profile", "{unreadable}"],
        ],
        "show": [["show", MISSING], ["show", "{dir}"], ["show", "{unreadable}"], ["show", ""]],
        "validate": [["validate", MISSING], ["validate", "{dir}"], ["validate", "{unreadable}"]],
        "profiles": [["profiles", "--json", "extra"]],
        "schema": [["schema", "--output", "{dir}"], ["schema", "--output", "{missing_dir}/schema.json"]],
        "diff": [
            ["diff", "standard"],
            ["diff", "standard", MISSING],
            ["diff", "standard", "{dir}"],
            ["diff", "standard", "{unreadable}"],
            ["diff", "standard", "house", "--impact", "-1"],
            ["diff", "standard", "house", "--impact", "0"],
            ["diff", "standard", "house", "--impact", HUGE],
            ["diff", "standard", "house", "--impact", "10", "--players", "-1"],
            ["diff", "standard", "house", "--impact", "10", "--players", "0"],
            ["diff", "standard", "house", "--impact", "10", "--players", HUGE],
            ["diff", "standard", "house", "--impact", "10", "--seed", "-1"],
            ["diff", "standard", "house", "--impact", "10", "--seed", HUGE],
        ],
        "arbitrate": [
            ["arbitrate", MISSING],
            ["arbitrate", "{dir}"],
            ["arbitrate", "{unreadable}"],
            ["arbitrate", DISPUTE, "--profile", MISSING],
            ["arbitrate", DISPUTE, "--profile", "{dir}"],
        ],
        "audit": [
            ["audit", MISSING],
            ["audit", "{dir}"],
            ["audit", "{unreadable}"],
            ["audit", HISTORY, "--profile", MISSING],
            ["audit", HISTORY, "--profile", "{dir}"],
            ["audit", HISTORY, "--profile", "{unreadable}"],
        ],
        "rulebook": [
            ["rulebook", MISSING],
            ["rulebook", "{dir}"],
            ["rulebook", "{unreadable}"],
            ["rulebook", "standard", "--format", "pdf"],
            ["rulebook", "standard", "--output", "{dir}"],
            ["rulebook", "standard", "--output", "{missing_dir}/book.txt"],
        ],
        "simulate": [
            ["simulate", "--profile", MISSING],
            ["simulate", "--profile", "{dir}"],
            ["simulate", "--profile", "{unreadable}"],
            ["simulate", "--players", "-1"],
            ["simulate", "--players", "0"],
            ["simulate", "--players", HUGE],
            ["simulate", "--hands", "-1"],
            ["simulate", "--hands", "0"],
            ["simulate", "--hands", HUGE],
            ["simulate", "--seed", "-1"],
            ["simulate", "--seed", HUGE],
            ["simulate", "--workers", "-1"],
            ["simulate", "--workers", "0"],
            ["simulate", "--workers", HUGE],
            ["simulate", "--styles", "nosuchstyle"],
            ["simulate", "--styles", ""],
            ["simulate", "--hands", "2", "--log-dir", "{file}"],
            ["simulate", "--hands", "2", "--log-dir", "{unreadable}"],
            ["simulate", "--strategy", MISSING],
            ["simulate", "--strategy", "{dir}"],
            ["simulate", "--strategy", "{unreadable}"],
        ],
        "solve": [
            ["solve", "--profile", MISSING],
            ["solve", "--profile", "{dir}"],
            ["solve", "--profile", "{unreadable}"],
            ["solve", "--profile", "stop-the-bus"],
            ["solve", "--iterations", "0"],
            ["solve", "--iterations", HUGE],
            ["solve", "--max-raises", "-1"],
            ["solve", "--levels", "0"],
            ["solve", "--max-bets", "0"],
            ["solve", "--carry", "half"],
            ["solve", "--every", "0"],
            ["solve", "--memory", "0"],
            ["solve", "--memory", "nan"],
            ["solve", "--memory", HUGE],
            ["solve", "--max-raises", "20", "--levels", "10"],
            ["solve", "--plot", "{dir}/curve.txt"],
            ["solve", "-p", "standard", "-p", "traditional", "--output", "{dir}/s.npz"],
            ["solve", "--seats", "5"],
            ["solve", "--seats", "1"],
            ["solve", "--buckets", "0"],
            ["solve", "--seed", "-1"],
            ["solve", "--seats", "3", "--seed", HUGE],
            ["solve", "--shards", "0"],
            ["solve", "--shards", "2"],
            ["solve", "--seats", "3", "--cluster", "tcp://127.0.0.1:1"],
            ["solve", "--seats", "3", "--shards", "2", "--cluster", "nowhere:"],
        ],
        "duel": [
            ["duel", "--profile", MISSING],
            ["duel", "--profile", "{dir}"],
            ["duel", "--profile", "traditional"],
            ["duel", "--bots", "solved"],
            ["duel", "--bots", "solved,nosuchstyle"],
            ["duel", "--pairs", "0"],
            ["duel", "--pairs", HUGE],
            ["duel", "--seed", "-1"],
            ["duel", "--strategy", MISSING],
        ],
        "serve": [
            ["serve", "--profile", MISSING],
            ["serve", "--profile", "{dir}"],
            ["serve", "--profile", "{unreadable}"],
            ["serve", "--port", "-1"],
            ["serve", "--port", HUGE],
            ["serve", "--seats", "0"],
            ["serve", "--seats", HUGE],
            ["serve", "--seed", "-1"],
            ["serve", "--hands", "0"],
            ["serve", "--turn-timeout", "nan"],
            ["serve", "--bots", "nosuchstyle"],
            ["serve", "--resume", MISSING],
            ["serve", "--resume", "{dir}"],
            ["serve", "--log", "{dir}"],
            ["serve", "--log", "{missing_dir}/session.jsonl"],
            ["serve", "--strategy", MISSING],
        ],
        "play": [
            ["play", "--profile", MISSING],
            ["play", "--profile", "{dir}"],
            ["play", "--profile", "{unreadable}"],
            ["play", "--players", "-1"],
            ["play", "--players", "0"],
            ["play", "--players", HUGE],
            ["play", "--hands", "-1"],
            ["play", "--hands", "0"],
            ["play", "--hands", HUGE],
            ["play", "--seed", "-1"],
            ["play", "--seed", HUGE],
            ["play", "--delay", "-1"],
            ["play", "--delay", HUGE],
            ["play", "--delay", "nan"],
            ["play", "--bots", "nosuchstyle"],
            ["play", "--name", ""],
            ["play", "--name", "two words"],
            ["play", "--script", MISSING],
            ["play", "--script", "{dir}"],
            ["play", "--script", "{unreadable}"],
            ["play", "--resume", MISSING],
            ["play", "--resume", "{dir}"],
            ["play", "--resume", "{unreadable}"],
            ["play", "--log", "{dir}"],
            ["play", "--log", "{missing_dir}/session.jsonl"],
            ["play", "--strategy", MISSING],
        ],
    }
    assert set(table) == set(COMMANDS), "every command has bad values in this table"
    return [pytest.param(args, id=" ".join(a if len(a) < 20 else a[:8] + "…" for a in args)) for rows in table.values() for args in rows]


@pytest.fixture
def places(tmp_path: Path) -> dict:
    directory = tmp_path / "a-directory.yaml"
    directory.mkdir()
    unreadable = tmp_path / "unreadable.yaml"
    unreadable.write_text("stakes: {ante: 1}\n", encoding="utf-8")
    unreadable.chmod(0)
    plain = tmp_path / "plain-file"
    plain.write_text("x\n", encoding="utf-8")
    return {
        "dir": str(directory),
        "unreadable": str(unreadable),
        "file": str(plain),
        "missing_dir": str(tmp_path / "no-such-dir"),
    }


@pytest.mark.parametrize("args", _cases())
def test_a_bad_value_is_one_line_and_exit_2(capsys, monkeypatch, places: dict, args: List[str]) -> None:
    if any("{unreadable}" in a for a in args) and (not hasattr(os, "geteuid") or os.geteuid() == 0):
        pytest.skip("root reads every file")
    filled = [a.format(**places) if "{" in a else a for a in args]
    code, out, err = run_cli(capsys, monkeypatch, *filled)
    assert "Traceback" not in err and "Traceback" not in out
    assert code == 2, (code, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err


# ---------------------------------------------------------------------------
# Help
# ---------------------------------------------------------------------------

PLACEHOLDERS = {"ADDRESS", "PROFILE", "PROFILE...", "HAND", "FILE", "N", "SECONDS", "NAME", "STYLES", "STYLE,...", "DIR",
                "FORMAT", "X", "NAME,...", "CARDS"}  # X: a precision (simulate, diff --impact); CARDS: the centre's


def test_summaries_are_whole_within_80_columns(capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run_cli(capsys, monkeypatch, "--help")
    out_lines = out.splitlines()
    for command in COMMANDS:
        line = next(line for line in out_lines if line.startswith(f"  {command} "))
        assert "…" not in line and "..." not in line and len(line) <= 80, line
        assert line.split(None, 1)[1] == SUMMARIES[command]


def test_placeholders_are_the_same_in_every_command(capsys, monkeypatch) -> None:
    seen = set()
    for command in COMMANDS:
        code, out, _ = run_cli(capsys, monkeypatch, command, "--help")
        assert code == 0
        usage = out.splitlines()[0]
        assert not re.search(r"\{[a-z]", usage) and "[[" not in usage, usage
        for option in re.findall(r"^\s+(?:-\w, )?--[\w-]+(?:/--[\w-]+)? (\S+)", out, re.MULTILINE):
            if option == "/":  # --explain / --no-explain
                continue
            assert not option.startswith("<"), (command, option)
            seen.add(option)
    assert seen <= PLACEHOLDERS, seen - PLACEHOLDERS


# ---------------------------------------------------------------------------
# Words for players: rulebook and arbitrate
# ---------------------------------------------------------------------------

FIELD_PATH = re.compile(r"\b(table|pack|ranking|stakes|seeing|folding|blind|session|disputes|format)\.[a-z_]+")
CODE = re.compile(r"\b00[0-9]\b")


@pytest.mark.parametrize("name", ["house", "standard", "casual", "crash"])
def test_the_printed_rulebook_names_sources_in_words(capsys, monkeypatch, name: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "rulebook", name)
    assert code == 0, err
    assert not FIELD_PATH.search(out) and not CODE.search(out) and "variants.md" not in out
    departures = out[out.index("At this table"):]
    assert "(from " in departures


def test_house_rulebook_departures_read_in_words(capsys, monkeypatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, "rulebook", "house")
    flat = " ".join(out[out.index("At this table"):].split())
    assert "A tied see splits the pot. (from a house rule)" in flat
    assert "(from the traditional rules text, section 5)" in flat


def test_arbitrate_cites_rules_in_words_and_keeps_paths_in_json(capsys, monkeypatch) -> None:
    import json

    code, out, _ = run_cli(capsys, monkeypatch, "arbitrate", DISPUTE)
    assert code == 0
    assert not FIELD_PATH.search(out) and not CODE.search(out)
    # twice the caller's own rate: 002's and 003's (000 doubles the other player's last bet)
    assert "(from the traditional rules text, the cardgames.zone rules page)" in out and "(the general rules page)" in out
    code, out, _ = run_cli(capsys, monkeypatch, "arbitrate", DISPUTE, "--json")
    ruling = json.loads(out)["rulings"][0]
    assert ruling["rules"][:2] == ["seeing.cost_multiple", "seeing.cost_basis"]
    assert CODE.search(json.dumps(ruling))
