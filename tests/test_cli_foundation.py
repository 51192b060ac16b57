"""The command line: validate, profiles, show, schema, rank; errors and exit codes.

Most commands run in-process through ``bragrules_cli.app.main`` (the same
entry point as the installed ``bragrules`` script, with its error handling);
a few run as ``python -m bragrules`` in a subprocess, as a user would.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import List, Optional, Tuple

import jsonschema
import pytest
import yaml

from bragrules.core.cards import CARDS
from bragrules.profile import builtin_names, load_profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import compile_ranking
from bragrules.rules.wild_select import centre_count
from bragrules_cli.app import COMMAND_MODULES, app
from bragrules_cli.profile_cmds import profile_schema, schema_text
from bragrules_cli.rank_cmd import card_tokens

from .helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
PROFILES_DIR = ROOT / "profiles"
BAD = ROOT / "tests" / "data" / "bad_profiles"
SCHEMA_FILE = ROOT / "docs" / "profile.schema.json"
LOCATED = re.compile(r":\d+:\d+: ")
CATEGORY_COUNTS = {
    "prial": 52,
    "running_flush": 48,
    "run": 720,
    "flush": 1096,
    "pair": 3744,
    "high_card": 16440,
}


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code = code
        self.out = out
        self.err = err

    @property
    def err_lines(self) -> List[str]:
        return self.err.splitlines()


@pytest.fixture
def run(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    """Run ``bragrules ARGS`` in-process; the exit code and what was written."""
    def invoke(*args: str, stdin: str = "") -> Result:
        return Result(*run_cli(capsys, monkeypatch, *args, stdin=stdin))

    return invoke


def subprocess_run(*args: str, stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "bragrules", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=120,
    )


# ---------------------------------------------------------------------------
# The app
# ---------------------------------------------------------------------------


def test_python_dash_m_runs_the_app() -> None:
    done = subprocess_run("--help")
    assert done.returncode == 0, done.stderr
    for command in ("validate", "profiles", "show", "schema", "rank"):
        assert command in done.stdout


def test_version_and_every_command_s_help(capsys, monkeypatch) -> None:
    """What a user types first: ``--version``, ``--help`` and each command's ``--help``, in any order."""
    from importlib.metadata import version

    from bragrules_cli.app import COMMANDS

    from .helpers import run_cli

    code, out, err = run_cli(capsys, monkeypatch, "--version")
    assert (code, out, err) == (0, f"bragrules {version('bragrules')}\n", "")
    code, out, _ = run_cli(capsys, monkeypatch, "--help")
    assert code == 0 and all(f"  {command} " in out for command in COMMANDS)
    for command in reversed(list(COMMANDS)):
        code, out, err = run_cli(capsys, monkeypatch, command, "--help")
        assert code == 0 and out.startswith(f"Usage: bragrules {command} "), (command, err)


def test_every_command_module_registers() -> None:
    names = {command.name for command in app.registered_commands}
    assert {"validate", "profiles", "show", "schema", "rank"} <= names
    assert COMMAND_MODULES[:2] == ["profile_cmds", "rank_cmd"]


def test_commands_name_what_each_module_registers() -> None:
    import typer

    from bragrules_cli.app import COMMANDS, register_all

    assert [command.name for command in app.registered_commands] == list(COMMANDS)
    for module in COMMAND_MODULES:
        alone = typer.Typer()
        register_all(alone, [module])
        assert [c.name for c in alone.registered_commands] == [n for n, m in COMMANDS.items() if m == module]


def test_usage_error_exits_2(run) -> None:
    result = run("show")
    assert result.code == 2
    assert "Traceback" not in result.err
    result = run("no-such-command")
    assert result.code == 2


# ---------------------------------------------------------------------------
# validate
# ---------------------------------------------------------------------------


def test_validate_shipped_profiles(run) -> None:
    paths = sorted(str(p) for p in PROFILES_DIR.glob("*.yaml"))
    result = run("validate", *paths, "standard")
    assert result.code == 0, result.err
    assert result.err == ""
    lines = result.out.splitlines()
    assert len(lines) == len(paths) + 1
    assert all(line.startswith("ok  ") for line in lines)
    house = next(line for line in lines if line.endswith("house.yaml (house, extends traditional)"))
    assert house.startswith("ok  ") and "profiles" in house
    assert lines[-1] == "ok  standard (standard)"


BAD_FILES = sorted(BAD.glob("*.yaml"))
UNLOCATED = {"empty.yaml"}  # a file with nothing in it has no line to point at


@pytest.mark.parametrize("path", BAD_FILES, ids=[p.stem for p in BAD_FILES])
def test_validate_broken_profile(run, path: Path) -> None:
    result = run("validate", str(path))
    assert result.code == 2
    assert result.out == ""
    assert len(result.err_lines) == 1, result.err
    line = result.err_lines[0]
    assert "Traceback" not in result.err
    assert path.name in line
    if path.name not in UNLOCATED:
        assert LOCATED.search(line), line


@pytest.mark.parametrize(
    "name, expected",
    [
        ("syntax.yaml", "YAML syntax error"),
        ("unknown_key.yaml", "unknown key 'stakess'"),
        ("wrong_type.yaml", "table.max_players"),
        ("negative_ante.yaml", "stakes.ante"),
        ("duplicate_key.yaml", "duplicate key 'ante'"),
        ("anchor_alias.yaml", "aliases"),
        ("cycle_a.yaml", "extends cycle"),
        ("missing_parent.yaml", "no_such_parent.yaml"),
    ],
)
def test_validate_names_the_problem(run, name: str, expected: str) -> None:
    result = run("validate", str(BAD / name))
    assert result.code == 2
    assert expected in result.err


def test_validate_missing_file(run, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    result = run("validate", str(missing))
    assert result.code == 2
    assert result.err_lines == [f"{missing}: no such file"]


def test_validate_unknown_builtin_name_suggests(run) -> None:
    result = run("validate", "tradtional")
    assert result.code == 2
    assert len(result.err_lines) == 1
    assert "did you mean 'traditional'" in result.err


def test_validate_mixed_good_and_bad(run) -> None:
    result = run("validate", "standard", str(BAD / "negative_ante.yaml"), "house")
    assert result.code == 2
    assert result.out.splitlines() == ["ok  standard (standard)", "ok  house (house, extends traditional)"]
    assert len(result.err_lines) == 1
    assert "negative_ante.yaml:4:9: stakes.ante:" in result.err


def test_validate_in_a_subprocess_has_no_traceback() -> None:
    done = subprocess_run("validate", "tests/data/bad_profiles/duplicate_key.yaml")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "tests/data/bad_profiles/duplicate_key.yaml:6:3: stakes.ante: "
        "duplicate key 'ante' (first written at line 4)"
    ]


def test_errors_of_other_commands_are_one_line(run) -> None:
    for args in (
        ("show", str(BAD / "cycle_b.yaml")),
        ("show", "--json", "nosuch"),
        ("rank", "--profile", str(BAD / "wrong_type.yaml"), "AcKdQh"),
    ):
        result = run(*args)
        assert result.code == 2, args
        assert result.out == ""
        assert len(result.err_lines) == 1, result.err
        assert "Traceback" not in result.err


# ---------------------------------------------------------------------------
# profiles and show
# ---------------------------------------------------------------------------


def test_profiles_json(run) -> None:
    result = run("profiles", "--json")
    assert result.code == 0, result.err
    listed = json.loads(result.out)
    assert [entry["name"] for entry in listed] == builtin_names()
    for entry in listed:
        assert {"name", "description", "source", "extends"} <= set(entry)
        assert entry["description"], entry["name"]
        assert isinstance(entry["extends"], list)
    by_name = {entry["name"]: entry for entry in listed}
    assert by_name["house"]["extends"] == ["traditional"]
    assert by_name["traditional"]["extends"] == []


def test_profiles_table(run) -> None:
    result = run("profiles")
    assert result.code == 0, result.err
    for name in builtin_names():
        assert name in result.out


def test_show_json_resolves_extends(run) -> None:
    house = json.loads(run("show", "--json", "house").out)
    traditional = json.loads(run("show", "--json", "traditional").out)
    assert house["extends"] == ["traditional"]
    assert house["seeing"]["tie"] == "split"
    assert traditional["seeing"]["tie"] == "caller_loses"
    # inherited unchanged from traditional, and defaults filled in
    assert house["folding"] == traditional["folding"]
    assert house["stakes"]["raise_limit"] == {"kind": "max_increase", "amount": 10, "pot_opening": "capped",
                                              "pot_measure": "before_bet", "factor": None, "whole_multiples": False}
    assert set(house) == set(load_profile("house").model_dump())


def test_show_by_path_equals_by_name(run) -> None:
    by_path = run("show", "--json", str(PROFILES_DIR / "house.yaml"))
    assert by_path.code == 0, by_path.err
    assert json.loads(by_path.out) == json.loads(run("show", "--json", "house").out)


def test_show_yaml_is_the_resolved_profile(run) -> None:
    result = run("show", "house")
    assert result.code == 0, result.err
    data = yaml.safe_load(result.out)
    assert data == load_profile("house").model_dump(mode="json")
    assert list(data)[:3] == ["name", "description", "source"]


# ---------------------------------------------------------------------------
# schema
# ---------------------------------------------------------------------------

FORBIDDEN_KEYWORDS = {
    "$defs",
    "prefixItems",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
    "unevaluatedItems",
    "$anchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "$recursiveRef",
    "minContains",
    "maxContains",
}


def _keys(node: object) -> List[str]:
    if isinstance(node, dict):
        return list(node) + [k for v in node.values() for k in _keys(v)]
    if isinstance(node, list):
        return [k for v in node for k in _keys(v)]
    return []


def _refs(node: object) -> List[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_schema_is_draft7() -> None:
    schema = profile_schema()
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)
    assert not FORBIDDEN_KEYWORDS & set(_keys(schema))
    refs = _refs(schema)
    assert refs and all(ref.startswith("#/definitions/") for ref in refs)
    assert {ref.rsplit("/", 1)[1] for ref in refs} <= set(schema["definitions"])
    for node in [schema] + list(schema["definitions"].values()):
        for prop in node.get("properties", {}).values():
            assert "$ref" not in prop or len(prop) == 1  # draft-07 ignores siblings of $ref


@pytest.mark.parametrize("path", sorted(PROFILES_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_shipped_profiles_match_the_schema(path: Path) -> None:
    validator = jsonschema.Draft7Validator(profile_schema())
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [f"{'.'.join(map(str, e.path))}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []


def test_schema_refuses_what_the_loader_refuses() -> None:
    validator = jsonschema.Draft7Validator(profile_schema())
    assert not validator.is_valid({"stakess": {"ante": 1}})
    assert not validator.is_valid({"seeing": {"tie": "splitt"}})
    assert not validator.is_valid({"stakes": {"ante": 2.5}})
    assert not validator.is_valid({"extends": 3})
    assert validator.is_valid({"extends": "traditional", "stakes": {"ante": "5/2"}})
    assert validator.is_valid({"extends": ["standard", "./ours.yaml"]})
    assert validator.is_valid({})


def test_schema_defaults_are_written_as_profiles_write_them() -> None:
    stakes = profile_schema()["definitions"]["Stakes"]["properties"]
    assert stakes["ante"]["default"] == 1
    assert stakes["blind_rate"]["default"] == "1/2"


def test_committed_schema_file_is_current(run) -> None:
    result = run("schema")
    assert result.code == 0, result.err
    assert result.out == schema_text()
    assert SCHEMA_FILE.read_text(encoding="utf-8") == result.out, (
        "docs/profile.schema.json is out of date: run "
        "`bragrules schema --output docs/profile.schema.json`"
    )


def test_schema_output_file(run, tmp_path: Path) -> None:
    target = tmp_path / "profile.schema.json"
    result = run("schema", "--output", str(target))
    assert result.code == 0, result.err
    assert result.out == ""
    assert target.read_text(encoding="utf-8") == schema_text()


# ---------------------------------------------------------------------------
# rank
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, tokens",
    [
        ("AcKdQh", ["Ac", "Kd", "Qh"]),
        ("Ac Kd Qh", ["Ac", "Kd", "Qh"]),
        ("Ac,Kd, Qh", ["Ac", "Kd", "Qh"]),
        ("10hJhQh", ["10h", "Jh", "Qh"]),
        ("ThJhQh", ["Th", "Jh", "Qh"]),
        ("ackdqh", ["ac", "kd", "qh"]),
        ("A♣K♦Q♥", ["A♣", "K♦", "Q♥"]),
        ("10h 9h8h", ["10h", "9h", "8h"]),
    ],
)
def test_card_tokens(text: str, tokens: List[str]) -> None:
    assert card_tokens(text) == tokens


def test_rank_arguments_json(run) -> None:
    result = run("rank", "--json", "AcKdQh", "5s 6h 7d", "10h Jh Qh", "7h 2c 7s Kd")
    assert result.code == 0, result.err
    rows = [json.loads(line) for line in result.out.splitlines()]
    assert [row["hand"] for row in rows] == ["AcKdQh", "5s 6h 7d", "10h Jh Qh", "7h 2c 7s Kd"]
    assert [row["category"] for row in rows] == ["run", "run", "running_flush", "pair"]
    assert rows[0]["strength"] > rows[1]["strength"]
    assert rows[0]["played"] == ["Ac", "Kd", "Qh"]
    assert rows[3]["played"] == ["7s", "7h", "Kd"] and rows[3]["discarded"] == ["2c"]
    assert rows[3]["description"] == "pair of sevens, king kicker"
    assert all(isinstance(row["strength"], int) for row in rows)


def test_rank_table_for_people(run) -> None:
    result = run("rank", "AcKdQh", "3s 3h 3d")
    assert result.code == 0, result.err
    assert "run, A-K-Q" in result.out
    assert "prial of threes" in result.out
    assert "running flush" not in result.out


def test_rank_stdin_bad_lines(run) -> None:
    stdin = "AcKdQh\n\n# a comment\nAc Zz Qh\n5s6h7d\nAh Ah Kd\nAc Kd\n"
    result = run("rank", "--json", stdin=stdin)
    assert result.code == 2
    rows = [json.loads(line) for line in result.out.splitlines()]
    assert [row["hand"] for row in rows] == ["AcKdQh", "5s6h7d"]
    assert result.err_lines[0].startswith("line 4: 'Zz' is not a card")
    assert result.err_lines[1].startswith("line 6: Ah appears twice")
    assert result.err_lines[2].startswith("line 7: ")
    assert len(result.err_lines) == 3
    assert "Traceback" not in result.err


def test_rank_bad_argument_others_still_ranked(run) -> None:
    result = run("rank", "AcKdQh", "AcKdZz", "2c3d4h")
    assert result.code == 2
    assert "A-K-Q" in result.out and "4-3-2" in result.out
    assert result.err_lines == [
        "hand 2: 'Zz' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)"
    ]


def test_rank_four_card_profile_plays_best_three(run) -> None:
    result = run("rank", "--profile", "four-card", "--json", "Qs 4c Ks Js")
    assert result.code == 0, result.err
    row = json.loads(result.out)
    assert row["played"] == ["Ks", "Qs", "Js"]
    assert row["discarded"] == ["4c"]
    assert row["category"] == "running_flush"


RANK_SAMPLE = ("AcKdQh", "7h 2c 7s Kd", "3s3h3d", "2c 3d 4h", "Qs 4c Ks Js Jd")
JOKER_SAMPLE = ("AcKdJk", "7h 7s Jk", "3s3hJk", "2c 3d Jk", "Qs 4c Jk")
"""Under a joker dealt to each player every hand is two cards of the pack and the player's joker."""


@pytest.mark.parametrize("profile", builtin_names())
def test_rank_reads_every_shipped_profile(run, profile: str) -> None:
    """Every shipped profile ranks hands under its own name, in text and in JSON alike."""
    sample = JOKER_SAMPLE if load_profile(profile).ranking.wild.joker_each else RANK_SAMPLE
    policy = compile_rules(load_profile(profile)).comparer.wild
    if policy is not None and policy.joker is None:  # wild cards chosen at the table value hands of one size
        sample = tuple(h for h in RANK_SAMPLE if len(card_tokens(h)) == policy.cards)
    turned = centre_count(load_profile(profile).ranking.wild)  # cards turned up to decide wild cards: given
    centre = ("--centre", " ".join("9c 8d 6s".split()[:turned])) if turned else ()
    text = run("rank", "-p", profile, *centre, *sample)
    data = run("rank", "-p", profile, "--json", *centre, *sample)
    assert text.code == data.code == 0
    assert f"ranking of {load_profile(profile).name}:" in text.out
    strengths = [json.loads(line)["strength"] for line in data.out.splitlines()]
    assert len(strengths) == len(sample) and all(str(s) in text.out for s in strengths)


def _all_hands() -> List[Tuple[int, int, int]]:
    return list(itertools.combinations(range(52), 3))


def test_rank_every_hand_through_the_cli() -> None:
    hands = _all_hands()
    stdin = "".join(" ".join(str(CARDS[c]) for c in hand) + "\n" for hand in hands)
    done = subprocess_run("rank", "--json", stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == 22100
    assert Counter(row["category"] for row in rows) == CATEGORY_COUNTS
    assert len({row["strength"] for row in rows}) == 741
    ranker = compile_ranking(load_profile("standard").ranking)
    for hand, row in zip(hands, rows):
        assert row["strength"] == ranker.strength(hand), row["hand"]
        assert row["description"] == ranker.describe(hand), row["hand"]
