"""The shipped profiles' precomputed rank tables (``bragrules/rank_tables``) say what the compiler says.

Each table is rebuilt from the compiled comparer over every three-card hand of the 54 cards (the 22,100
of the plain pack and those with jokers) and must equal the file shipped; the record names every shipped
profile that can have one, with its rule hash and the digests of its files as they are now. ``rank`` from
a table prints byte for byte what the full command prints, imports neither pydantic nor typer, and
gives way to the full command wherever the table cannot answer (a profile edited since, a path, four
cards, a bad hand, ``--centre``, stdin).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import bragrules.rank_tables as rank_tables
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.loader import profile_hash
from bragrules.rank_tables import HERE, read_index, shipped_table
from bragrules.rank_tables.build import _files_of, table_data
from bragrules.rules.compile import compile_rules
from bragrules.rules.wild_checks import uses_wild_deal

from .helpers import run_cli

INDEX = read_index()["profiles"]
TABLES: Dict[str, str] = {}  # each table's file and the first profile using it
for _name, _entry in sorted(INDEX.items()):
    TABLES.setdefault(_entry["table"], _name)


def test_the_record_names_every_profile_a_table_can_answer_for() -> None:
    wanted = sorted(name for name in builtin_names()
                    if not uses_wild_deal(load_profile(name)) and _files_of(name) is not None)
    assert sorted(INDEX) == wanted
    assert len(wanted) >= 30
    assert sorted(p.name for p in HERE.glob("table-*")) == sorted(TABLES)  # no table left unused


@pytest.mark.parametrize("name", sorted(INDEX))
def test_each_profile_is_recorded_as_it_is_now(name: str) -> None:
    entry = INDEX[name]
    profile = load_profile(name)
    assert entry["profile_hash"] == profile_hash(profile)
    assert entry["name"] == profile.name
    assert entry["files"] == _files_of(name)
    assert shipped_table(name) is not None


EVERY_RUN = {"standard", "zha-jin-hua", "two-jokers"}
"""The profiles whose tables every run rebuilds (plain, special hands, jokers); the others' with
``-m heavy``. Every run checks each profile's rule hash and files, so a profile edited without rebuilding
its table fails at once; a change to the compiler is caught by these and by the heavy run."""


@pytest.mark.parametrize("table", [
    table if TABLES[table] in EVERY_RUN else pytest.param(table, marks=pytest.mark.heavy) for table in sorted(TABLES)])
def test_each_table_is_what_the_compiler_builds_for_every_hand(table: str) -> None:
    """The profiles sharing a table have the same ranking, pack and words (so the build made one file), and
    each is recorded as it is now: the first of them stands for all."""
    shipped = json.loads(gzip.decompress((HERE / table).read_bytes()))
    assert table_data(compile_rules(load_profile(TABLES[table])).comparer) == shipped


@pytest.mark.parametrize("name", ["zha-jin-hua", "two-jokers"])
def test_a_table_reads_hands_in_any_order_as_read_hand_does(name: str) -> None:
    """Every hand the table holds (every 5th here, in every order of its cards) reads as the compiler reads
    it; a hand it leaves out is one the compiler refuses or reads by the order of its cards."""
    import itertools

    from bragrules.core.cards import CARDS
    from bragrules.engine.reading import read_hand

    comparer = compile_rules(load_profile(name)).comparer
    table = shipped_table(name)
    assert table is not None
    read = 0
    for cards in list(itertools.combinations(CARDS, 3))[::5]:
        if table.reading(cards) is None:
            try:
                readings = {read_hand(comparer, order) for order in itertools.permutations(cards)}
            except (ValueError, RuleViolation):  # not a hand of this pack
                continue
            assert len(readings) > 1, f"{cards}: the compiler reads it, the same in every order"
            continue
        for order in itertools.permutations(cards):
            assert tuple(table.reading(order) or ()) == tuple(read_hand(comparer, order)), order
        read += 1
    assert read >= 22_100 // 5


def full(capsys: Any, monkeypatch: Any, *args: str) -> Tuple[int, str, str]:
    """``bragrules ARGS`` with the table path turned off."""
    import bragrules_cli.app as app

    with monkeypatch.context() as patch:
        patch.setattr(app, "_fast_command", lambda args: None)
        return run_cli(capsys, monkeypatch, *args)


CASES: List[List[str]] = [
    ["rank", "AcKdQh"],
    ["rank", "Ac Kd Qh", "2c,3c,5c", "10h9h8h", "--json"],
    ["rank", "-p", "teen-patti", "AsAhAd", "2c3d5h"],
    ["rank", "--profile=zha-jin-hua", "2c3d5h", "AhAdAc", "--json"],
    ["rank", "--json", "--profile", "two-jokers", "Jk As Kd", "Jk Qh 2c"],
    ["rank", "-p", "555", "5c5d6h", "9c Kd 4h"],
]


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a))
def test_rank_from_a_table_prints_what_the_command_prints(capsys: Any, monkeypatch: Any, args: List[str]) -> None:
    from bragrules_cli.app import _fast_command

    assert _fast_command(args) is not None
    fast = run_cli(capsys, monkeypatch, *args)
    assert fast == full(capsys, monkeypatch, *args)
    assert fast[0] == 0 and fast[1]


@pytest.mark.parametrize("args", [
    ["rank", "-p", "kissing-missing", "AcKdQh"],  # wild cards chosen per hand: no table
    ["rank", "AcKdQh2s"],  # four cards
    ["rank", "AcAc2d"],  # a card twice: the command says so
    ["rank", "AcKd"],
    ["rank", "-p", "two-jokers", "Jk2 Jk 2c"],  # two jokers, each read as the order names them
    ["rank", "--centre", "2c", "AcKdQh"],
    ["rank", "--help"],
    ["rank"],
    ["rank", "-p", "nonesuch", "AcKdQh"],
    ["rank", "-p", "profiles/standard.yaml", "AcKdQh"],
])
def test_the_command_runs_in_full_where_a_table_cannot_answer(args: List[str]) -> None:
    from bragrules_cli.app import _fast_command

    assert _fast_command(args) is None


def test_a_profile_edited_since_its_table_was_written_is_compiled(tmp_path: Path, monkeypatch: Any) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    for file in INDEX["teen-patti"]["files"]:
        (folder / file).write_bytes((rank_tables.profiles_dir() / file).read_bytes())
    monkeypatch.setattr(rank_tables, "profiles_dir", lambda: folder)
    assert shipped_table("teen-patti") is not None
    (folder / "teen-patti.yaml").write_text((folder / "teen-patti.yaml").read_text() + "\n# edited\n")
    assert shipped_table("teen-patti") is None


def test_a_file_beside_named_as_the_profile_is_the_profile(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    assert shipped_table("standard") is not None
    (tmp_path / "standard").write_text("extends: standard\n")
    assert shipped_table("standard") is None  # the loader reads the file: so does rank


def test_rank_from_a_table_imports_neither_pydantic_nor_typer() -> None:
    script = ("import sys\nfrom bragrules_cli.app import main\n"
              "try:\n    main(['rank', '-p', 'teen-patti', 'AcKdQh'])\nexcept SystemExit as exc:\n"
              "    sys.stderr.write(repr(sorted(m for m in ('pydantic', 'typer', 'yaml', 'bragrules.profile')"
              " if m in sys.modules)) + ' ' + str(exc.code))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == "[] 0", done.stderr
    assert "sequence" in done.stdout  # teen-patti's word for a run


def test_hands_of_four_cards_are_not_in_any_table() -> None:
    table = shipped_table("four-card")
    assert table is not None and table.reading(parse_cards("Ac Kd Qh 2s")) is None
