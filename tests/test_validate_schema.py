"""``validate`` reports every problem of a file in one run (text and ``--json``);
``schema`` refuses what the validator refuses wherever JSON Schema can say it;
an empty file and ``{}`` behave as docs/variants.md says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List

import jsonschema
import pytest
import yaml

from bragrules.profile import ProfileError, load_profile
from bragrules.profile.models import Profile
from bragrules_cli.profile_cmds import profile_schema

from .helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus" / "profiles"
SHIPPED = sorted((ROOT / "profiles").glob("*.yaml"))
GOOD = sorted((ROOT / "tests" / "data" / "good_profiles").rglob("*.yaml"))

THREE_NEGATIVES = "name: three\nstakes:\n  ante: -1\n  opening_min: -2\n  level_step: -3\n"

MANY_PROBLEMS = """\
stakes:
  ante: -2
  blind_rate: 3/2
seeing:
  cost_multiple: 0
  tie: splitt
ranking:
  category_order: [prial, prial, high_card]
  suit_order: [spades]
session:
  bonus:
    prial: -1
    running_flush: '-5/2'
table:
  max_players: 1
"""
"""Nine problems in seven areas, one of each kind; validate names them all, in file order."""

MANY_EXPECTED = [
    (2, "stakes.ante", "ante cannot be negative"),
    (3, "stakes.blind_rate", "blind_rate must be above 0 and at most 1"),
    (5, "seeing.cost_multiple", "cost_multiple must be positive"),
    (6, "seeing.tie", "'splitt' is not allowed"),
    (8, "ranking.category_order", "category_order lists a category twice"),
    (9, "ranking.suit_order", "suit_order must list each of the four suits once"),
    (12, "session.bonus.prial", "bonuses cannot be negative"),
    (13, "session.bonus.running_flush", "bonuses cannot be negative"),
    (15, "table.max_players", "must be at least 2"),
]


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------------------
# validate: every problem, in one run
# ---------------------------------------------------------------------------


def test_three_negative_values_are_three_lines_of_one_run(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _write(tmp_path, "three.yaml", THREE_NEGATIVES)
    code, out, err = run_cli(capsys, monkeypatch, "validate", path)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"{path}:3:9: stakes.ante: ante cannot be negative",
        f"{path}:4:16: stakes.opening_min: opening_min must be positive",
        f"{path}:5:15: stakes.level_step: level_step must be positive",
    ]


def test_every_kind_of_problem_in_file_order(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _write(tmp_path, "many.yaml", MANY_PROBLEMS)
    code, out, err = run_cli(capsys, monkeypatch, "validate", path)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == len(MANY_EXPECTED), err
    for line, (row, field, message) in zip(lines, MANY_EXPECTED):
        match = re.match(rf"^{re.escape(path)}:(\d+):(\d+): ([\w.]+): (.*)$", line)
        assert match, line
        assert (int(match.group(1)), match.group(3)) == (row, field)
        assert message in match.group(4)


def test_validate_json_lists_each_profile_and_each_problem(capsys, monkeypatch, tmp_path: Path) -> None:
    bad = _write(tmp_path, "three.yaml", THREE_NEGATIVES)
    code, out, err = run_cli(capsys, monkeypatch, "validate", "--json", "standard", bad, "no/such.yaml")
    assert code == 2 and err == ""
    reports: List[Dict[str, Any]] = json.loads(out)
    assert [(r["path"], r["ok"]) for r in reports] == [("standard", True), (bad, False), ("no/such.yaml", False)]
    assert reports[0]["problems"] == [] and reports[0]["name"] == "standard"
    assert [(p["line"], p["column"], p["path"], p["message"]) for p in reports[1]["problems"]] == [
        (3, 9, "stakes.ante", "ante cannot be negative"),
        (4, 16, "stakes.opening_min", "opening_min must be positive"),
        (5, 15, "stakes.level_step", "level_step must be positive"),
    ]
    assert all(p["file"] == bad for p in reports[1]["problems"])
    missing = reports[2]["problems"]
    assert [(p["line"], p["path"], p["message"]) for p in missing] == [(None, None, "no such file")]


def test_validate_json_of_good_profiles_exits_0(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "validate", "--json", "standard", "house")
    assert (code, err) == (0, "")
    assert [(r["path"], r["ok"], r["problems"]) for r in json.loads(out)] == [
        ("standard", True, []),
        ("house", True, []),
    ]


def test_a_problem_in_a_parent_names_the_parent(capsys, monkeypatch, tmp_path: Path) -> None:
    parent = _write(tmp_path, "parent.yaml", "stakes:\n  ante: -1\n  level_step: 0\n")
    child = _write(tmp_path, "child.yaml", "extends: parent.yaml\nseeing:\n  cost_multiple: -2\n")
    code, _, err = run_cli(capsys, monkeypatch, "validate", child)
    assert code == 2
    assert err.splitlines() == [
        f"{child}:3:18: seeing.cost_multiple: cost_multiple must be positive",
        f"{parent}:2:9: stakes.ante: ante cannot be negative",
        f"{parent}:3:15: stakes.level_step: level_step must be positive",
    ]


# ---------------------------------------------------------------------------
# An empty file and {}
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "   \n"])
def test_an_empty_file_is_refused_with_one_line_that_says_what_to_write(
    capsys, monkeypatch, tmp_path: Path, text: str
) -> None:
    path = _write(tmp_path, "empty.yaml", text)
    for command in ("validate", "show"):
        code, out, err = run_cli(capsys, monkeypatch, command, path)
        assert (code, out) == (2, ""), command
        assert err == (
            f"{path}: the file is empty (nothing but blanks or comments): a profile is a mapping of rule "
            "areas; write {} for every default, or 'extends: standard' for the standard game\n"
        )


def test_braces_are_every_default_and_not_the_standard_profile(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _write(tmp_path, "braces.yaml", "{}\n")
    code, out, err = run_cli(capsys, monkeypatch, "validate", path)
    assert (code, out, err) == (0, f"ok  {path} (unnamed)\n", "")
    code, out, err = run_cli(capsys, monkeypatch, "show", path)
    assert code == 0 and yaml.safe_load(out) == Profile().model_dump(mode="json")
    assert yaml.safe_load(out)["name"] == "unnamed"
    # What docs/variants.md says about {} and the standard profile, field by field.
    defaults = Profile().model_dump(mode="json")
    standard = load_profile("standard").model_dump(mode="json")
    differ = sorted(
        f"{area}.{key}"
        for area, fields in defaults.items()
        if isinstance(fields, dict)
        for key, value in fields.items()
        if standard[area][key] != value
    )
    assert differ == ["seeing.blind_sees_blind", "seeing.cost_basis", "table.first_dealer"]
    docs = " ".join((ROOT / "docs" / "variants.md").read_text(encoding="utf-8").split())
    for field in differ:
        area, key = field.split(".")
        value = defaults[area][key]
        shown = value if isinstance(value, str) else json.dumps(value)
        assert f"`{field}` (`{shown}`)" in docs, field
    assert "An empty file is refused" in docs and "`{}` is every default" in docs


# ---------------------------------------------------------------------------
# The schema: as strict as the validator where JSON Schema can say it
# ---------------------------------------------------------------------------

NOT_EXPRESSIBLE = {
    # extends: the schema checks one file as written; parents are files or names on disk
    "child_level_step_over_parent.exit2.yaml": "a combination with a parent's value",
    "cycle_a.exit2.yaml": "extends cycle",
    "cycle_b.exit2.yaml": "extends cycle",
    "extends_bad_parent.exit2.yaml": "a parent with a problem",
    "extends_directory.exit2.yaml": "a parent that is a directory",
    "extends_missing_file.exit2.yaml": "a parent that does not exist",
    "extends_misspelled_builtin.exit2.yaml": "a parent that does not exist",
    "extends_self.exit2.yaml": "extends cycle",
    "extends_too_many.exit2.yaml": "a parent that is listed many times over (a file system question)",
    "extends_trailing_space.exit2.yaml": "a parent that does not exist",
    "long_extends_name.exit2.yaml": "a parent that does not exist",
    "fixed_raise_half_step_one.exit2.yaml": "arithmetic with a parent's value",
    "max_increase_half_step_one.exit2.yaml": "a comparison with a parent's value",
    "stack_below_ante.exit2.yaml": "a comparison with a parent's value",
    "fraction_4301_digits.exit2.yaml": "digits counted across numerator and denominator",
    # comparisons and arithmetic between two values
    "opening_min_above_max.exit2.yaml": "a comparison of two amounts",
    "nine_card_ten_players.exit2.yaml": "players times cards against the pack",
    "huge_fraction_too_long.exit2.yaml": "digits counted across numerator and denominator",
    "blind_rate_too_fine_for_a_log.exit2.yaml": "the digits a log's amounts would take, from all the amounts",
    # a list of hand patterns read as a whole
    "categories_without_a_last_category.exit2.yaml": "whether every hand falls in some category of the list",
    # YAML and text: what JSON data cannot hold
    "duplicate_nested_key.exit2.yaml": "duplicate keys",
    "duplicate_top_key.exit2.yaml": "duplicate keys",
    "merge_key.exit2.yaml": "YAML merge keys",
    "utf16.exit2.yaml": "the file's encoding",
    "surrogate_escape.exit2.yaml": "text that is not Unicode",
}
"""Refused profiles of the corpus whose reason JSON Schema cannot state, with the reason."""


def _corpus_data() -> List[Any]:
    cases = []
    for path in sorted(CORPUS.iterdir()):
        if ".exit" not in path.name:
            continue
        try:
            data = yaml.safe_load(path.read_bytes())
        except (yaml.YAMLError, ValueError, KeyError, IndexError, RecursionError):
            continue  # not YAML a JSON Schema validator could be given
        cases.append(pytest.param(path.name, data, id=path.stem))
    return cases


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft7Validator:
    schema = profile_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


@pytest.mark.parametrize("path", SHIPPED + GOOD, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_and_good_profile_matches_the_schema(validator, path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in validator.iter_errors(data)] == []


@pytest.mark.parametrize("name, data", _corpus_data())
def test_the_schema_refuses_the_corpus_as_the_validator_does(validator, name: str, data: Any) -> None:
    expected_ok = ".exit0." in name
    if not expected_ok and name in NOT_EXPRESSIBLE:
        assert validator.is_valid(data), f"{name} is refused now: take it out of NOT_EXPRESSIBLE"
        return
    assert validator.is_valid(data) == expected_ok, [e.message for e in validator.iter_errors(data)]


def test_the_not_expressible_list_names_real_files() -> None:
    assert all((CORPUS / name).is_file() for name in NOT_EXPRESSIBLE)


@pytest.mark.parametrize(
    "data",
    [
        {"stakes": {"ante": -2}},
        {"stakes": {"ante": "-5/2"}},
        {"stakes": {"ante": "-0.5"}},
        {"stakes": {"level_step": 0}},
        {"stakes": {"level_step": "0/4"}},
        {"stakes": {"opening_min": "1/0"}},
        {"stakes": {"opening_max": -1}},
        {"stakes": {"blind_rate": 2}},
        {"stakes": {"blind_rate": "1.5"}},
        {"seeing": {"cost_multiple": 0}},
        {"session": {"bonus": {"prial": -1}}},
        {"session": {"end": {"kind": "hands"}}},
        {"session": {"end": {"kind": "time"}}},
        {"session": {"bankroll": "finite", "starting_stack": 0}},
        {"stakes": {"raise_limit": {"kind": "fixed", "amount": -1}}},
        {"format": {"lives": 3}},
        {"format": {"lives": 3, "betting": False, "hands": 2, "cards_dealt": 6}},
        {"format": {"exchange": {"enabled": True}}},
        {"blind": {"retention": True}},
        {"pack": {"jokers": 1}, "ranking": {"wild": {"jokers": False}}},
        {"ranking": {"category_order": ["prial", "prial", "high_card"]}},
        {"ranking": {"category_order": ["prial", "pair"]}},
        {"ranking": {"suit_order": ["spades", "hearts", "diamonds"]}},
        {"ranking": {"wild": {"cards": ["Zz"]}}},
        {"ranking": {"wild": {"ranks": [1]}}},
        {"table": {"first_dealer": "rondom"}},
        {"table": {"seats": 3}},
        {"name": "x" * 101},
    ],
    ids=lambda d: json.dumps(d)[:60],
)
def test_what_the_validator_refuses_the_schema_refuses(validator, tmp_path: Path, data: Dict[str, Any]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ProfileError):
        load_profile(path)
    assert not validator.is_valid(data)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"stakes": {"ante": 0, "blind_rate": "1/2", "level_step": "1/2", "opening_min": "0.5"}},
        {"stakes": {"ante": "2½", "blind_rate": 1}},
        {"stakes": {"blind_rate": "0.25"}},
        {"session": {"end": {"kind": "hands", "count": 8}}},
        {"session": {"bankroll": "finite", "starting_stack": 500}},
        {"format": {"lives": 3, "betting": False}},
        {"format": {"exchange": {"enabled": True}, "betting": False}},
        {"extends": "crash", "format": {"lives": 5}},
        {"pack": {"jokers": 1}, "ranking": {"wild": {"cards": ["Jc", "9d", "Ad", "10h", "K♣", "joker"], "ranks": [2, "10", "q"]}}},
    ],
    ids=lambda d: json.dumps(d)[:60],
)
def test_the_schema_accepts_what_the_validator_accepts(validator, tmp_path: Path, data: Dict[str, Any]) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    load_profile(path)
    assert validator.is_valid(data), [e.message for e in validator.iter_errors(data)]
