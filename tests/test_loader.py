"""The profile loader: safe YAML, source positions, extends, located errors."""

from __future__ import annotations

import doctest
import pickle
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Optional

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import profiles as profiles_module
from bragrules.profile import (
    Position,
    Profile,
    ProfileError,
    builtin_names,
    builtin_path,
    load_document,
    load_document_text,
    load_profile,
    load_profile_text,
    profile_hash,
    resolve,
    resolve_text,
)
from bragrules.profile import errors as errors_module
from bragrules.profile import loader as loader_module

from .conftest import scaled

DATA = Path(__file__).parent / "data"
BAD = DATA / "bad_profiles"
GOOD = DATA / "good_profiles"


def needs_builtin(*names: str) -> Any:
    missing = [n for n in names if n not in builtin_names()]
    return pytest.mark.skipif(bool(missing), reason=f"built-in profiles not there yet: {missing}")


def error_for(path: Path) -> ProfileError:
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    return info.value


# ---------------------------------------------------------------------------
# Bad fixtures: each a ProfileError at FILE:LINE with the field path
# ---------------------------------------------------------------------------

# fixture, line, dotted path (None: no field), words the message contains
BAD_CASES = [
    ("syntax.yaml", 5, None, ["YAML syntax error", "line 4"]),
    ("tab_indent.yaml", 4, None, ["tab", "spaces"]),
    ("unknown_key.yaml", 3, "stakess", ["unknown key 'stakess'", "did you mean 'stakes'?"]),
    ("misspelled_nested.yaml", 5, "stakes.antee", ["unknown key 'antee' (did you mean 'ante'?)"]),
    ("wrong_type.yaml", 5, "table.max_players", ["whole number", "'eight'"]),
    ("negative_ante.yaml", 4, "stakes.ante", ["ante cannot be negative"]),
    ("duplicate_key.yaml", 6, "stakes.ante", ["duplicate key 'ante'", "line 4"]),
    ("anchor_alias.yaml", 3, None, ["anchors and aliases are not allowed in profiles"]),
    ("top_level_list.yaml", 2, None, ["must be a mapping", "list"]),
    ("opening_range.yaml", 5, "stakes.opening_max", ["opening_max (5) is below opening_min (10)"]),
    ("nine_card_ten_players.yaml", 4, "table.max_players", ["90 cards", "at most 5 players"]),
    ("deep_nesting.yaml", 3, None, ["nested too deeply", "32"]),
    ("float_amount.yaml", 4, "stakes.ante", ["floating-point", "exactly"]),
    ("python_tag.yaml", 3, "description", ["!!python/object/apply:os.getcwd", "not allowed"]),
    ("bad_literal.yaml", 4, "seeing.tie", ["'splitt'", "caller_loses, split, suits, eldest_hand",
                                           "did you mean 'split'?"]),
    ("missing_parent.yaml", 4, "extends.0", ["'no_such_parent.yaml' not found"]),
]


@pytest.mark.parametrize("fixture,line,path,words", BAD_CASES, ids=[c[0] for c in BAD_CASES])
def test_bad_fixture_is_located(fixture: str, line: int, path: Optional[str], words: list) -> None:
    file = BAD / fixture
    err = error_for(file)
    text = str(err)
    assert text.startswith(f"{file}:{line}:"), text
    assert err.file == str(file)
    assert err.line == line
    assert err.column is not None and err.column >= 1
    assert err.path == path
    if path is not None:
        assert f":{line}:{err.column}: {path}: " in text
    for word in words:
        assert word in err.message, (word, text)
    assert "Traceback" not in text and "\n" not in text


@pytest.mark.parametrize("first,second", [("cycle_a.yaml", "cycle_b.yaml"), ("cycle_b.yaml", "cycle_a.yaml")])
def test_cycle_names_the_chain(first: str, second: str) -> None:
    err = error_for(BAD / first)
    a, b = str(BAD / first), str(BAD / second)
    assert err.code == "extends_cycle"
    assert err.path == "extends"
    # Loading a: a names b, and b names a again. The error is located at the
    # link that closes the cycle: b's extends line.
    assert err.message == f"extends cycle: {a} -> {b} -> {a}"
    assert str(err).startswith(f"{b}:3:10: extends: extends cycle: ")


def test_self_extension_is_a_cycle(tmp_path: Path) -> None:
    (tmp_path / "me.yaml").write_text("extends: me.yaml\n")
    with pytest.raises(ProfileError, match="extends cycle") as info:
        load_profile(tmp_path / "me.yaml")
    assert info.value.line == 1


def test_empty_file() -> None:
    err = error_for(BAD / "empty.yaml")
    assert str(err).startswith(f"{BAD / 'empty.yaml'}: ")
    assert "the file is empty" in err.message
    assert err.code == "empty"


def test_comment_only_file_is_empty(tmp_path: Path) -> None:
    file = tmp_path / "comments.yaml"
    file.write_text("# nothing but a comment\n\n")
    with pytest.raises(ProfileError, match="the file is empty"):
        load_profile(file)


def test_empty_mapping_is_the_standard_game(tmp_path: Path) -> None:
    file = tmp_path / "standard-by-default.yaml"
    file.write_text("{}\n")
    assert load_profile(file) == Profile()


def test_missing_file(tmp_path: Path) -> None:
    file = tmp_path / "nowhere.yaml"
    err = error_for(file)
    assert str(err) == f"{file}: no such file"
    assert err.code == "not_found"


def test_directory_instead_of_file(tmp_path: Path) -> None:
    err = error_for(tmp_path)
    assert str(err).startswith(f"{tmp_path}: ")
    assert "directory" in err.message


def test_directory_named_by_string(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="is a directory"):
        load_profile(str(tmp_path))


def test_binary_garbage(tmp_path: Path) -> None:
    file = tmp_path / "garbage.yaml"
    file.write_bytes(b"name: x\n\xff\xfe\x00\x81binary\x00\x00")
    err = error_for(file)
    assert str(err).startswith(f"{file}:2:1: ")
    assert "UTF-8" in err.message
    assert err.code == "encoding"


def test_control_characters(tmp_path: Path) -> None:
    file = tmp_path / "control.yaml"
    file.write_bytes(b"name: x\ndescription: a\x00b\n")
    err = error_for(file)
    assert str(err).startswith(f"{file}:2:15: ")
    assert "U+0000" in err.message


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    file = tmp_path / "bom.yaml"
    file.write_bytes("\ufeffname: bom\n".encode("utf-8"))
    assert load_profile(file).name == "bom"


def test_size_cap_checked_before_parsing(tmp_path: Path) -> None:
    file = tmp_path / "huge.yaml"
    file.write_bytes(b"# " + b"x" * (300 * 1024) + b"\n")
    err = error_for(file)
    size = file.stat().st_size
    assert str(err) == f"{file}: file is {size} bytes, the limit is 262144 bytes (256 KiB)"
    assert err.code == "too_large"


def test_size_cap_for_text() -> None:
    with pytest.raises(ProfileError, match="the limit is 262144 bytes"):
        load_profile_text("# " + "x" * (300 * 1024))


def test_node_count_cap() -> None:
    text = "name: many\nranking:\n  suit_order: [" + ", ".join(["spades"] * 20_000) + "]\n"
    with pytest.raises(ProfileError, match="too many values") as info:
        load_profile_text(text, filename="many.yaml")
    assert info.value.line == 3
    assert info.value.code == "too_many_nodes"


def test_limits_are_read_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader_module, "MAX_DEPTH", 2)
    with pytest.raises(ProfileError, match="the limit is 2 levels"):
        load_profile_text("stakes:\n  raise_limit: {kind: none}\n")


def test_deep_flow_nesting_fails_cleanly() -> None:
    text = "a: " + "[" * 5000 + "]" * 5000
    with pytest.raises(ProfileError, match="nested too deeply"):
        load_profile_text(text)


def test_unknown_key_without_suggestion_lists_keys() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile_text("seeing:\n  zzzzzz: 1\n", filename="s.yaml")
    assert str(info.value).startswith("s.yaml:2:3: seeing.zzzzzz: unknown key 'zzzzzz' (seeing takes: ")
    assert "cost_multiple" in info.value.message


def test_all_errors_are_kept() -> None:
    text = "table:\n  cut: maybe\n  max_players: lots\nstakes:\n  antee: 1\n"
    with pytest.raises(ProfileError) as info:
        load_profile_text(text, filename="many.yaml")
    err = info.value
    # In reading order, the first as the error itself.
    assert [str(e) for e in err.errors] == [
        "many.yaml:2:8: table.cut: expected true or false, got 'maybe'",
        "many.yaml:3:16: table.max_players: expected a whole number, got 'lots'",
        "many.yaml:5:3: stakes.antee: unknown key 'antee' (did you mean 'ante'?)",
    ]
    assert err.errors[0] is err


def test_error_pickles() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile_text("table:\n  cut: maybe\n  max_players: lots\n", filename="p.yaml")
    copy = pickle.loads(pickle.dumps(info.value))
    assert str(copy) == str(info.value)
    assert [str(e) for e in copy.errors] == [str(e) for e in info.value.errors]


def test_render_shows_the_line() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile_text("name: x\nstakes:\n\tante: 1\n", filename="t.yaml")
    rendered = info.value.render().splitlines()
    assert rendered[0] == "t.yaml:3:1: tab character in the indentation: indent with spaces, not tabs"
    assert rendered[1] == "    | \\tante: 1"
    assert rendered[2] == "    | ^"


def test_excerpt_is_short() -> None:
    text = "name: x\nstakes: {ante: [" + "1, " * 2000 + "\n"
    with pytest.raises(ProfileError) as info:
        load_profile_text(text)
    assert info.value.excerpt is None or len(info.value.excerpt) <= 80
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    "text,line,column,words",
    [
        ("stakes:\n  ante:\t1\n", 2, 8, ["tab"]),
        ("a: b: c\n", 1, 5, ["mapping values are not allowed here"]),
        ("name: x\n---\nname: y\n", 2, 1, ["only one YAML document"]),
        ("<<: {name: x}\n", 1, 1, ["merge keys"]),
        ("name: !custom x\n", 1, 7, ["'!custom'"]),
        ("name: !!binary aGVsbG8=\n", 1, 7, ["'!!binary'"]),
        ("stakes: !!set {ante}\n", 1, 9, ["'!!set'"]),
        ("? [a, b]\n: 1\n", 1, 3, ["keys must be plain names"]),
        ("name: x\nstakes: *nothing\n", 2, 9, ["anchors and aliases"]),
        ("name: &n x\n", 1, 7, ["anchors and aliases"]),
        ("stakes: {ante: 1" + "0" * 5000 + "}\n", 1, 16, ["5001 digits", "more than 4300"]),
    ],
)
def test_yaml_refusals(text: str, line: int, column: int, words: list) -> None:
    with pytest.raises(ProfileError) as info:
        load_profile_text(text, filename="t.yaml")
    err = info.value
    assert (err.file, err.line, err.column) == ("t.yaml", line, column), str(err)
    for word in words:
        assert word in err.message


def test_no_object_is_constructed_from_tags(tmp_path: Path) -> None:
    marker = tmp_path / "constructed"
    text = f"name: !!python/object/apply:pathlib.Path.touch [!!python/object/apply:pathlib.Path ['{marker}']]\n"
    with pytest.raises(ProfileError, match="not allowed"):
        load_profile_text(text)
    assert not marker.exists()


# ---------------------------------------------------------------------------
# Validation messages
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,expected",
    [
        ("stakes: 5\n", "t.yaml:1:9: stakes: expected a mapping of stakes settings, got 5"),
        ("table:\n  min_players: 1\n", "t.yaml:2:16: table.min_players: must be at least 2, got 1"),
        ("table: {cut: maybe}\n", "t.yaml:1:14: table.cut: expected true or false, got 'maybe'"),
        ("name: [a]\n", "t.yaml:1:7: name: expected text, got a list"),
        ("ranking:\n  category_order: [prial, pair, hihg_card]\n",
         "t.yaml:2:33: ranking.category_order.2: 'hihg_card' is not allowed; choose one of: prial, "
         "running_flush, run, flush, pair, high_card (did you mean 'high_card'?)"),
        ("ranking:\n  wild:\n    cards: [Jc, Zz]\n",
         "t.yaml:3:17: ranking.wild.cards.1: 'Zz' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)"),
        ("session:\n  end: {kind: hands}\n", "t.yaml:2:3: session.end.count: session end hands needs a count"),
        ("blind:\n  retention: true\n",
         "t.yaml:2:14: blind.retention: a retained hand needs folding.blind_survivor: carries "
         "(a blind survivor who collects has nothing to retain)"),
        ("table:\n  min_players: 9\n  max_players: 4\n",
         "t.yaml:2:16: table.min_players: min_players (9) is above max_players (4)"),
        ("stakes:\n  raise_limit: {kind: fixed}\n",
         "t.yaml:2:3: stakes.raise_limit.amount: a fixed raise limit needs a positive amount"),
        ("extends: 5\n", "t.yaml:1:10: extends: must be a profile name or path, or a list of them, not 5"),
        ("extends: [null]\n", "t.yaml:1:11: extends.0: must be a profile name or path, not null"),
    ],
)
def test_human_messages(text: str, expected: str) -> None:
    with pytest.raises(ProfileError) as info:
        load_profile_text(text, filename="t.yaml")
    assert str(info.value) == expected


def test_root_error_without_written_path_falls_back() -> None:
    # format alone makes too many cards for the default eight players; max_players
    # is not written, so the error points at the nearest thing that is: the document.
    with pytest.raises(ProfileError) as info:
        load_profile_text("format: {cards_dealt: 9, hands: 3}\n", filename="t.yaml")
    err = info.value
    assert err.path == "table.max_players"
    assert (err.line, err.column) == (1, 1)


def test_exact_amounts_load() -> None:
    p = load_profile(GOOD / "amounts.yaml")
    assert p.stakes.ante == Fraction(5, 2)
    assert p.stakes.blind_rate == Fraction(1, 2)
    assert p.session.starting_stack == 500


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


def test_positions_of_values_keys_and_list_items() -> None:
    data, pos = load_document(GOOD / "base.yaml")
    file = str(GOOD / "base.yaml")
    assert data["stakes"]["raise_limit"] == {"kind": "max_increase", "amount": 5}
    assert pos["stakes.raise_limit.amount"] == Position(file, 9, 13)
    assert pos.key_position("stakes.raise_limit.amount") == Position(file, 9, 5)
    assert pos["ranking.category_order.2"] == Position(file, 11, 42)
    assert pos[""] == Position(file, 2, 1)
    assert pos.key_position("ranking.category_order.2") is None
    assert pos.locate("stakes.nonsense.deeper") == ("stakes", Position(file, 4, 1))
    # Every value has a position.
    def paths(value: Any, prefix: str = "") -> list:
        out = [prefix]
        if isinstance(value, dict):
            for k, v in value.items():
                out += paths(v, f"{prefix}.{k}" if prefix else k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out += paths(v, f"{prefix}.{i}" if prefix else str(i))
        return out
    assert set(paths(data)) == set(pos)


def test_load_document_does_not_apply_extends() -> None:
    data, pos = load_document(GOOD / "child.yaml")
    assert data["extends"] == "base.yaml"
    assert "seeing" not in data
    assert pos["extends"] == Position(str(GOOD / "child.yaml"), 2, 10)


# ---------------------------------------------------------------------------
# extends
# ---------------------------------------------------------------------------


def test_extends_relative_path_deep_merge_and_list_replacement() -> None:
    doc = resolve(GOOD / "child.yaml")
    assert doc.data == {
        "extends": ["base.yaml"],
        "name": "child",
        "description": "The parent of child.yaml and multi.yaml",
        "stakes": {"ante": 3, "opening_max": 5, "raise_limit": {"kind": "max_increase", "amount": 5}},
        "ranking": {"category_order": ["prial", "pair", "high_card"]},
        "seeing": {"tie": "split"},
    }
    assert doc.chain == (str(GOOD / "base.yaml"), str(GOOD / "child.yaml"))
    p = load_profile(GOOD / "child.yaml")
    assert p.extends == ["base.yaml"]
    assert p.stakes.ante == 3 and p.stakes.opening_max == 5
    assert p.stakes.raise_limit.amount == 5
    assert p.ranking.category_order == ["prial", "pair", "high_card"]


def test_positions_of_inherited_values() -> None:
    doc = resolve(GOOD / "child.yaml")
    base, child = str(GOOD / "base.yaml"), str(GOOD / "child.yaml")
    assert doc.positions["stakes.opening_max"] == Position(base, 6, 16)
    assert doc.positions["stakes.raise_limit.amount"] == Position(base, 9, 13)
    assert doc.positions["seeing.tie"] == Position(base, 13, 8)
    assert doc.positions["stakes.ante"] == Position(child, 5, 9)
    # The replaced list's items are the child's, and the parent's longer list left no trace.
    assert doc.positions["ranking.category_order.2"] == Position(child, 7, 33)
    assert "ranking.category_order.5" not in doc.positions
    assert doc.positions["extends.0"] == Position(child, 2, 10)


def test_a_combination_made_by_a_child_is_blamed_on_the_child(tmp_path: Path) -> None:
    """The parent's opening_max of 3 was fine alone: the child's opening_min of 4 broke the pair."""
    (tmp_path / "parent.yaml").write_text("name: p\nstakes:\n  opening_max: 3\n")
    (tmp_path / "kid.yaml").write_text("extends: parent.yaml\nstakes:\n  opening_min: 4\n")
    with pytest.raises(ProfileError) as info:
        load_profile(tmp_path / "kid.yaml")
    assert str(info.value).startswith(f"{tmp_path / 'kid.yaml'}:3:16: stakes.opening_min: ")


def test_errors_in_inherited_values_point_into_the_parent(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text("name: p\nstakes:\n  opening_max: 3\n  opening_min: 4\n")
    (tmp_path / "kid.yaml").write_text("extends: parent.yaml\nname: kid\n")
    with pytest.raises(ProfileError) as info:
        load_profile(tmp_path / "kid.yaml")
    assert str(info.value).startswith(f"{tmp_path / 'parent.yaml'}:3:16: stakes.opening_max: ")


def test_extends_list_later_wins() -> None:
    doc = resolve(GOOD / "multi.yaml")
    assert doc.data["extends"] == ["base.yaml", "other.yaml"]
    p = load_profile(GOOD / "multi.yaml")
    assert p.name == "multi"
    assert p.stakes.ante == 4  # other.yaml, named later
    assert p.seeing.tie == "suits"  # other.yaml
    assert p.stakes.opening_max == 5  # only in base.yaml
    assert p.table.max_players == 6  # only in other.yaml
    assert doc.positions["stakes.ante"].file == str(GOOD / "other.yaml")
    assert doc.positions["stakes.opening_max"].file == str(GOOD / "base.yaml")
    assert doc.chain == tuple(str(GOOD / n) for n in ("base.yaml", "other.yaml", "multi.yaml"))


def test_extends_from_a_subdirectory() -> None:
    doc = resolve(GOOD / "sub" / "grandchild.yaml")
    p = load_profile(GOOD / "sub" / "grandchild.yaml")
    assert p.name == "grandchild"
    assert p.stakes.raise_limit.amount == 3 and p.stakes.raise_limit.kind == "max_increase"
    assert p.stakes.ante == 3
    assert p.extends == ["../child.yaml"]
    assert len(doc.chain) == 3
    assert doc.positions["stakes.ante"].file.endswith("child.yaml")
    assert doc.positions["stakes.raise_limit.kind"].file.endswith("base.yaml")


def test_scalar_replaces_mapping_and_mapping_replaces_scalar(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text("stakes: {ante: 1, blind_rate: 1/2}\nname: [a, b]\n")
    (tmp_path / "c.yaml").write_text("extends: p.yaml\nstakes: null\nname: {x: 1}\n")
    doc = resolve(tmp_path / "c.yaml")
    assert doc.data["stakes"] is None and doc.data["name"] == {"x": 1}
    assert "stakes.ante" not in doc.positions and "name.0" not in doc.positions
    assert doc.positions["name.x"].file == str(tmp_path / "c.yaml")


def test_diamond_resolves_each_parent_in_full(tmp_path: Path) -> None:
    (tmp_path / "root.yaml").write_text("stakes: {ante: 1, opening_max: 9}\n")
    (tmp_path / "left.yaml").write_text("extends: root.yaml\nstakes: {ante: 5}\n")
    (tmp_path / "right.yaml").write_text("extends: root.yaml\nseeing: {tie: split}\n")
    (tmp_path / "both.yaml").write_text("extends: [left.yaml, right.yaml]\n")
    doc = resolve(tmp_path / "both.yaml")
    # right.yaml, resolved in full, carries root's ante 1 and wins over left's 5.
    assert doc.data["stakes"] == {"ante": 1, "opening_max": 9}
    assert doc.data["seeing"] == {"tie": "split"}
    assert doc.chain == tuple(str(tmp_path / n) for n in ("root.yaml", "left.yaml", "right.yaml", "both.yaml"))


def test_extends_depth_limit(tmp_path: Path) -> None:
    for i in range(20):
        (tmp_path / f"p{i}.yaml").write_text(f"extends: p{i + 1}.yaml\n" if i < 19 else "name: end\n")
    with pytest.raises(ProfileError, match="longer than 16") as info:
        load_profile(tmp_path / "p0.yaml")
    assert info.value.code == "extends_depth"
    assert info.value.line == 1


def test_missing_parent_is_located_at_the_extends_line() -> None:
    err = error_for(BAD / "missing_parent.yaml")
    assert err.code == "extends_missing"
    assert str(err).startswith(f"{BAD / 'missing_parent.yaml'}:4:5: extends.0: ")


def test_bad_file_in_parent_names_the_parent(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text("name: p\nstakes:\n  ante: 1\n  ante: 2\n")
    (tmp_path / "kid.yaml").write_text("extends: parent.yaml\n")
    with pytest.raises(ProfileError) as info:
        load_profile(tmp_path / "kid.yaml")
    assert str(info.value).startswith(f"{tmp_path / 'parent.yaml'}:4:3: stakes.ante: duplicate key")


def test_load_profile_text_with_base_dir() -> None:
    p = load_profile_text("extends: child.yaml\nname: from-text\n", filename="inline", base_dir=GOOD)
    assert p.name == "from-text" and p.stakes.ante == 3
    doc = resolve_text("extends: child.yaml\n", base_dir=GOOD)
    assert doc.positions["stakes.ante"].file == str(GOOD / "child.yaml")
    assert doc.chain[-1] == "<string>"


def test_resolved_data_validates_to_the_same_profile() -> None:
    for file in sorted(GOOD.rglob("*.yaml")):
        if file.name == "on_builtin.yaml" and "traditional" not in builtin_names():
            continue
        doc = resolve(file)
        assert Profile.model_validate(doc.data) == load_profile(file)


# ---------------------------------------------------------------------------
# Built-in profiles
# ---------------------------------------------------------------------------


def test_builtin_names_are_file_stems() -> None:
    names = builtin_names()
    assert names == sorted(names)
    assert "__init__" not in names
    for name in names:
        assert builtin_path(name).name in (f"{name}.yaml", f"{name}.yml")


def test_every_builtin_loads() -> None:
    for name in builtin_names():
        p = load_profile(name)
        assert isinstance(p, Profile)
        assert resolve(name).chain[-1] == name


@needs_builtin("traditional")
def test_builtin_by_name_and_by_path_agree() -> None:
    by_name = load_profile("traditional")
    by_path = load_profile(Path(str(builtin_path("traditional"))))
    assert by_name == by_path
    assert profile_hash(by_name) == profile_hash(by_path)


@needs_builtin("traditional")
def test_extending_a_builtin_by_name() -> None:
    p = load_profile(GOOD / "on_builtin.yaml")
    assert p.extends == ["traditional"] and p.seeing.tie == "split"
    doc = resolve(GOOD / "on_builtin.yaml")
    assert doc.chain[-2:] == ("traditional", str(GOOD / "on_builtin.yaml"))


@needs_builtin("traditional")
def test_misspelled_builtin_parent() -> None:
    err = error_for(BAD / "misspelled_builtin_parent.yaml")
    assert str(err).startswith(f"{BAD / 'misspelled_builtin_parent.yaml'}:3:10: extends: ")
    assert "did you mean 'traditional'?" in err.message


@needs_builtin("traditional")
def test_unknown_name_suggests_and_lists() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile("tradtional")
    err = info.value
    assert err.file is None and err.line is None
    assert str(err).startswith("unknown profile 'tradtional' (did you mean 'traditional'?)")
    assert f"`bragrules profiles` lists the {len(builtin_names())} built-in profiles" in err.message
    assert len(err.message) < 160  # one short line, however many profiles are shipped


def test_unknown_name_without_suggestion() -> None:
    with pytest.raises(ProfileError, match="unknown profile 'qqqqqqqq'; `bragrules profiles` lists the "):
        load_profile("qqqqqqqq")


def test_name_with_yaml_suffix_is_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ProfileError) as info:
        load_profile("traditional.yaml")
    assert str(info.value) == "traditional.yaml: no such file"
    (tmp_path / "mine").write_text("name: mine\n")
    assert load_profile("mine").name == "mine"  # an existing file wins over built-in lookup


@needs_builtin("standard")
def test_directory_does_not_shadow_a_builtin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "standard").mkdir()
    assert load_profile("standard") == load_profile(Path(str(builtin_path("standard"))))


def test_extends_a_directory(tmp_path: Path) -> None:
    (tmp_path / "parents").mkdir()
    (tmp_path / "kid.yaml").write_text("name: kid\nextends: parents\n")
    with pytest.raises(ProfileError, match="is a directory") as info:
        load_profile(tmp_path / "kid.yaml")
    assert (info.value.line, info.value.path) == (2, "extends")


# ---------------------------------------------------------------------------
# profile_hash
# ---------------------------------------------------------------------------


def _without_later_defaults(data: Dict[str, Any], profile: Profile) -> Dict[str, Any]:
    """The dump a profile hash is taken of: the game's words left out (they change no play), and every
    field added after logs began left out while at its default (the registry's ``later_fields``), whatever
    those fields are."""
    from bragrules.rules.registry import later_fields

    data.pop("vocabulary", None)
    default = Profile().model_dump(mode="json")
    for path in later_fields():
        *groups, leaf = path.split(".")
        holder, base = data, default
        for group in groups:
            holder, base = holder.get(group, {}), base[group]
        if leaf in holder and holder[leaf] == base[leaf]:
            del holder[leaf]
    for path in later_fields():  # a group left empty (all its fields later ones, at their defaults) goes too
        groups = path.split(".")[:-1]
        while groups:
            holder = data
            for group in groups[:-1]:
                holder = holder.get(group, {})
            if holder.get(groups[-1]) != {}:
                break
            del holder[groups[-1]]
            groups = groups[:-1]
    return data


def test_profile_hash() -> None:
    a = load_profile_text("stakes: {ante: 5/2}\n")
    b = load_profile_text("stakes:\n  ante: '10/4'\n")
    assert profile_hash(a) == profile_hash(b)
    assert profile_hash(a) != profile_hash(Profile())
    import hashlib
    import json
    # the fields added later, at their defaults, are left out (older logs still audit)
    data = _without_later_defaults(a.model_dump(mode="json"), a)
    assert "raises_stop_at" not in data["stakes"] and "at_limit" not in data["session"]["end"]
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert profile_hash(a) == hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    capped = load_profile_text("stakes: {ante: 5/2, raises_stop_at: 20}\n")
    data = _without_later_defaults(capped.model_dump(mode="json"), capped)
    data["stakes"]["pot_cap"] = data["stakes"].pop("raises_stop_at")  # hashed under its former name
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert profile_hash(capped) == hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10**6, 10**6),
    # Printable text (PyYAML itself does not round-trip some line-break characters).
    st.text(alphabet=st.sampled_from(list("abcXYZ019 _-:#'\"[]{},&*!|>%@/\\é♣½")), max_size=12),
)
_documents = st.recursive(
    _scalars,
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(_names, children, max_size=4)),
    max_leaves=20,
)


class _NoAliasDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


@settings(max_examples=scaled(2), deadline=None)
@given(st.dictionaries(_names, _documents, min_size=1, max_size=5))
def test_documents_round_trip_with_a_position_for_every_value(data: Dict[str, Any]) -> None:
    text = yaml.dump(data, Dumper=_NoAliasDumper, allow_unicode=True)
    loaded, positions = load_document_text(text, filename="gen.yaml")
    assert loaded == data

    def check(value: Any, path: str) -> None:
        assert path in positions
        if isinstance(value, dict):
            for k, v in value.items():
                check(v, f"{path}.{k}" if path else k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                check(v, f"{path}.{i}" if path else str(i))

    check(loaded, "")


@settings(max_examples=scaled(4), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab: -[]{}\t\n#&*!|>'\"0123.,?%@`~\x00é")), max_size=60))
def test_any_text_gives_a_profile_or_a_profile_error(text: str) -> None:
    try:
        result = load_profile_text(text, filename="fuzz.yaml")
    except ProfileError as err:
        assert str(err).startswith("fuzz.yaml")
        assert "\n" not in str(err)
    else:
        assert isinstance(result, Profile)


# ---------------------------------------------------------------------------
# Doctests of the loader modules
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("module", [loader_module, errors_module], ids=lambda m: m.__name__)
def test_doctests(module: Any) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


def test_a_conflict_with_an_inherited_value_is_reported_at_the_childs_line_with_the_fix(tmp_path: Path) -> None:
    """traditional keeps blind hands (blind.retention: true); a child that turns blind play off made
    the contradiction: the error is the child's, says what was inherited, and how to settle it."""
    kid = tmp_path / "kid.yaml"
    kid.write_text("extends: traditional\nname: kid\nblind: {allowed: false}\n", encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(kid)
    error = info.value
    assert (error.file, error.line, error.column, error.path) == (str(kid), 3, 18, "blind.allowed")
    parent_lines = (Path(profiles_module.__file__).parent / "traditional.yaml").read_text(encoding="utf-8").splitlines()
    retention_line = next(n for n, text in enumerate(parent_lines, 1) if text.strip().startswith("retention:"))
    assert error.message == ("there is no retained blind hand without blind play; blind.retention: true is "
                             f"inherited from traditional (line {retention_line}); to settle it, write "
                             "blind.retention: false here")
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text("extends: traditional\nname: kid\nblind: {allowed: false, retention: false}\n", encoding="utf-8")
    assert not load_profile(fixed).blind.allowed


@pytest.mark.parametrize("child, blamed, inherited", [
    ("extends: standard\nblind: {retention: true}\n", "blind.retention",
     "folding.blind_survivor: collects is inherited from standard"),
    ("extends: traditional\nfolding: {blind_survivor: collects}\n", "folding.blind_survivor",
     "blind.retention: true is inherited from traditional"),
    ("extends: traditional\nstakes: {level_step: 2}\n", "stakes.level_step",
     "stakes.opening_min: 1 is inherited from traditional"),
    ("extends: parent.yaml\nstakes:\n  opening_min: 4\n", "stakes.opening_min", "stakes.opening_max: 3 is inherited from"),
])
def test_any_check_across_fields_names_the_inherited_side(tmp_path: Path, child: str, blamed: str,
                                                          inherited: str) -> None:
    (tmp_path / "parent.yaml").write_text("name: p\nstakes:\n  opening_max: 3\n", encoding="utf-8")
    kid = tmp_path / "kid.yaml"
    kid.write_text(child, encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(kid)
    assert info.value.file == str(kid) and info.value.path == blamed, str(info.value)
    assert inherited in info.value.message, info.value.message


def test_a_value_that_changes_nothing_is_warned_about_at_its_line(tmp_path: Path) -> None:
    from bragrules.profile.loader import load_profile_with_warnings

    house = tmp_path / "h.yaml"
    house.write_text("extends: standard\nname: h\nstakes:\n  raise_limit: {kind: pot, amount: 5}\n"
                     "blind:\n  allowed: false\n  look: any_time\n", encoding="utf-8")
    profile, warnings = load_profile_with_warnings(house)
    assert profile.stakes.raise_limit.amount == 5
    assert [(w.file, w.line, w.column, w.path) for w in warnings] == [
        (str(house), 4, 36, "stakes.raise_limit.amount"), (str(house), 7, 9, "blind.look")]
    assert warnings[0].message == "5 does nothing under stakes.raise_limit.kind: pot (remove it)"
    assert warnings[1].message == "any_time does nothing under blind.allowed: false (remove it)"


@pytest.mark.parametrize("text", [
    "extends: traditional\nname: s\nblind: {allowed: false, retention: false}\n",  # needed: the parent's true conflicts
    "extends: standard\nname: c\nformat: {betting: false}\nstakes: {ante: 0}\n",  # the default ante of 1 would be paid
    "extends: standard\nname: m\nstakes:\n  raise_limit: {kind: max_increase, amount: 5}\n",  # in play
])
def test_a_value_out_of_play_that_still_makes_a_difference_is_not_warned_about(tmp_path: Path, text: str) -> None:
    from bragrules.profile.loader import load_profile_with_warnings

    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        _, warnings = load_profile_with_warnings(path)
    except ProfileError:  # a combination the profile refuses says so itself; nothing to warn about
        return
    assert warnings == []


def test_the_shipped_profiles_get_no_warnings() -> None:
    from bragrules.profile.loader import builtin_names, load_profile_with_warnings

    assert all(load_profile_with_warnings(name)[1] == [] for name in builtin_names())
