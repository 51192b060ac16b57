"""``bragrules diff`` and the plain sentences behind it (bragrules.explainers.explain).

- every field path of the profile has a sentence of its own, and every value
  of every choice field a sentence of its own (never the fallback);
- profiles are compared resolved: a file restating its parent's defaults
  plays the same rules (exit 0), standard and traditional differ (exit 1);
- the JSON shape; a column per profile with three or more; bad input is one
  line and exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List

import pytest

from bragrules.explainers.diff import compare, compare_refs, render_text, side_labels
from bragrules.explainers.explain import (
    AREA_ORDER,
    CHOICES,
    SENTENCES,
    SOURCES,
    area_of,
    choices_of,
    explain,
    fallback_sentence,
    field_paths,
    in_play,
    source_of,
    value_of,
)
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.models import Profile
from bragrules_cli.app import COMMAND_MODULES

from .helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad_profiles"
SOURCE_MARKS = ("000", "002", "003", "pagat", "Hoyle", "Wikipedia", "house rule", "the profile itself",
                "https://", ".com", ".net.in", "Zha Jin Hua", "Teen Patti", "Muflis", "999", "maximapedia", ".me.uk",
                ".fr", "wikisource")


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def run(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str) -> Result:
        return Result(*run_cli(capsys, monkeypatch, *args))

    return invoke


# ---------------------------------------------------------------------------
# explain: one sentence per field, per value
# ---------------------------------------------------------------------------


def test_every_field_path_has_a_sentence_function() -> None:
    paths = field_paths()
    assert len(paths) == len(set(paths)) > 60
    assert set(SENTENCES) == set(paths)


def test_every_choice_value_has_its_own_sentence() -> None:
    for path in field_paths():
        values = choices_of(path)
        if values is None:
            continue
        assert path in CHOICES, path
        assert set(CHOICES[path]) == set(values), path
        sentences = [explain(path, value) for value in values]
        for value, text in zip(values, sentences):
            assert text != fallback_sentence(path, value), (path, value)
        assert len(set(sentences)) == len(sentences), (path, sentences)


@pytest.mark.parametrize("name", builtin_names())
def test_every_value_of_every_shipped_profile_reads_as_a_sentence(name: str) -> None:
    profile = load_profile(name)
    for path in field_paths():
        value = value_of(profile, path)
        text = explain(path, value, profile)
        assert text and text == text.strip(), path
        assert text != fallback_sentence(path, value), path
        assert text[0].islower() or text[0].isdigit() or text[0] in "AK" or not text[0].isascii(), (path, text)
        assert not text.endswith("."), path
        assert isinstance(in_play(path, profile), bool)


def test_sentences_follow_the_value_and_the_profile() -> None:
    assert explain("seeing.tie", "caller_loses") == "a tie goes against the player who called the see"
    assert explain("seeing.tie", "split") == "a tied see splits the pot"
    assert explain("stakes.ante", 1) == "every player antes 1 for each fresh deal, carried deals included"
    assert explain("stakes.ante", "5/2").startswith("every player antes 2½ ")
    capped = {"stakes": {"raise_limit": {"kind": "max_increase", "amount": 5}}}
    assert explain("stakes.raise_limit.amount", 5, capped) == "each raise adds at most 5 to the level"
    assert explain("stakes.raise_limit.kind", "max_increase", capped) == "each raise adds at most 5 to the level"
    fixed = {"stakes": {"raise_limit": {"kind": "fixed", "amount": 2}}}
    assert explain("stakes.raise_limit.amount", 2, fixed) == "each raise adds exactly 2 to the level"
    assert explain("blind.allowed", False).startswith("blind play is not allowed")
    assert explain("format.lives", 5) .startswith("each player has 5 lives")
    assert explain("ranking.wild.ranks", ["2"]) == "all twos are wild"
    assert explain("seeing.cost_basis", "opponent_last_bet") == "a see costs twice the other player's last bet"
    three = {"seeing": {"cost_multiple": 3}}
    assert explain("seeing.cost_basis", "opponent_last_bet", three) == (
        "a see costs three times the other player's last bet"
    )
    assert explain("session.end.count", 8, load_profile("traditional")) == (
        "the session ends after 8 resolved pots, carried deals not counting"
    )


def test_areas_and_sources() -> None:
    assert area_of("folding.nobody_bet") == "carry-over"
    assert area_of("blind.retention") == "blind play"
    assert area_of("format.exchange.swap") == "format"
    assert {area_of(p) for p in field_paths()} == set(AREA_ORDER) | {"metadata"}
    assert set(SOURCES) == set(field_paths())
    for path in field_paths():
        assert source_of(path), path
        assert any(mark in source_of(path) for mark in SOURCE_MARKS), path
    assert source_of("pack.shuffle", "after_prial_showdown") == "002"
    assert source_of("seeing.cost_basis", "opponent_last_bet") == "000"
    assert source_of("blind.look", "any_time") == "003"
    assert "Hoyle" in source_of("ranking.wild.natural_beats_wild", True)
    assert "pagat" in source_of("seeing.tie", "eldest_hand")


# ---------------------------------------------------------------------------
# Comparing
# ---------------------------------------------------------------------------


def test_standard_against_traditional() -> None:
    comparison = compare_refs(["standard", "traditional"])
    assert not comparison.same
    paths = {d.path for d in comparison.differences}
    assert {"seeing.cost_basis", "pack.shuffle", "folding.blind_survivor", "blind.retention"} <= paths
    assert not paths & {"name", "description", "source", "extends"}
    assert {d.path for d in comparison.metadata} >= {"name", "description", "source"}
    basis = comparison.find("seeing.cost_basis")
    assert basis is not None and basis.area == "seeing"
    assert basis.values == {"standard": "opponent_last_bet", "traditional": "caller_rate"}
    assert basis.sentences["standard"] == "a see costs twice the other player's last bet"
    assert basis.sentences["traditional"].startswith("a see costs twice the caller's own rate")
    areas = [area for area, _ in comparison.by_area()]
    assert areas == [a for a in AREA_ORDER if a in areas]


def test_same_profile_twice_is_the_same() -> None:
    comparison = compare_refs(["house", str(ROOT / "profiles" / "house.yaml")])
    assert comparison.same
    assert comparison.labels == ["house", str(ROOT / "profiles" / "house.yaml")]


def test_labels_disambiguate_shared_names() -> None:
    assert side_labels(["a", "b"], ["x", "y"]) == ["a", "b"]
    assert side_labels(["a", "a"], ["p/a.yaml", "q/a.yaml"]) == ["p/a.yaml", "q/a.yaml"]
    profile = Profile()
    comparison = compare([("one.yaml", profile), ("two.yaml", Profile(stakes={"ante": 2}))])
    assert comparison.labels == ["one.yaml", "two.yaml"]
    assert comparison.find("stakes.ante").values == {"one.yaml": 1, "two.yaml": 2}


def test_render_text_has_both_sides() -> None:
    text = render_text(compare_refs(["traditional", "house"]))
    assert "each raise adds at most 5 to the level" in text
    assert "each raise adds at most 10 to the level" in text
    assert "a tied see splits the pot" in text
    assert "a tie goes against the player who called the see" in text


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------


def test_diff_is_registered() -> None:
    assert "diff_cmd" in COMMAND_MODULES


def test_each_area_is_headed_by_its_title_and_the_profile_key_of_its_fields(run) -> None:
    """The heading names the key a profile writes (``blind:``), not the area's name again."""
    result = run("diff", "traditional", "casual")
    headings = [line for line in result.out.splitlines() if line and not line.startswith(" ") and "(" in line
                and ":" not in line]
    assert "Blind play (blind)" in headings and "Folding and carried pots (folding)" in headings, headings
    assert "Blind play (blind play)" not in result.out
    for heading in headings:
        key = heading.rsplit("(", 1)[1].rstrip(")")
        assert f"  {key}." in result.out, heading  # every field listed under it starts with that key


def test_diff_standard_traditional_exit_1(run) -> None:
    result = run("diff", "standard", "traditional")
    assert result.code == 1, result.err
    assert result.err == ""
    for needle in ("seeing.cost_basis", "pack.shuffle", "opponent_last_bet", "caller_rate",
                   "every_deal", "after_prial_showdown"):
        assert needle in result.out
    assert "The see (seeing)" in result.out and "The pack (pack)" in result.out
    assert result.out.index("The pack (pack)") < result.out.index("The see (seeing)")
    # a sentence for each side
    assert "a see costs twice the other player's last bet" in result.out
    assert "the pack is shuffled before every deal" in result.out
    assert "only after a showdown won by a prial" in result.out


def test_restating_defaults_is_no_difference(run, tmp_path: Path) -> None:
    child = tmp_path / "restated.yaml"
    child.write_text(
        "extends: traditional\n"
        "name: restated\n"
        "description: says again what traditional says\n"
        "stakes:\n"
        "  ante: 1\n"
        "  raise_limit: {kind: max_increase, amount: 5}\n"
        "seeing:\n"
        "  tie: caller_loses\n",
        encoding="utf-8",
    )
    result = run("diff", "traditional", str(child))
    assert result.code == 0, result.out + result.err
    assert "play the same rules" in result.out
    assert "differ only in" in result.out  # the name and description
    result = run("diff", "traditional", str(child), "--json")
    assert result.code == 0
    assert json.loads(result.out) == []


def test_restating_defaults_of_an_empty_profile(run, tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("name: empty\n", encoding="utf-8")
    spelled = tmp_path / "spelled.yaml"
    spelled.write_text("name: spelled\nstakes: {ante: 1, blind_rate: 1/2}\nformat: {cards_dealt: 3}\n",
                       encoding="utf-8")
    assert run("diff", str(empty), str(spelled)).code == 0


def test_json_shape(run) -> None:
    result = run("diff", "standard", "traditional", "--json")
    assert result.code == 1
    items = json.loads(result.out)
    assert isinstance(items, list) and items
    for item in items:
        assert {"path", "area", "values", "sentences"} <= set(item)
        assert set(item["values"]) == {"standard", "traditional"}
        assert set(item["sentences"]) == {"standard", "traditional"}
        assert all(isinstance(s, str) and s for s in item["sentences"].values())
        assert item["area"] in AREA_ORDER
        assert item["path"] in field_paths()
    by_path = {item["path"]: item for item in items}
    assert by_path["pack.shuffle"]["values"] == {"standard": "every_deal", "traditional": "after_prial_showdown"}
    assert by_path["seeing.cost_basis"]["area"] == "seeing"
    assert by_path["stakes.opening_max"]["values"] == {"standard": None, "traditional": 5}


def test_json_names_clash_uses_paths(run, tmp_path: Path) -> None:
    other = tmp_path / "house.yaml"
    other.write_text("extends: house\nstakes: {ante: 2}\n", encoding="utf-8")
    result = run("diff", "house", str(other), "--json")
    assert result.code == 1
    items = json.loads(result.out)
    assert [item["path"] for item in items] == ["stakes.ante"]
    assert items[0]["values"] == {"house": 1, str(other): 2}


def test_three_profiles_a_column_each(run) -> None:
    result = run("diff", "standard", "traditional", "casual")
    assert result.code == 1, result.err
    headers = [line for line in result.out.splitlines() if " rule " in line and "┃" in line]
    assert len(headers) >= 5  # one table per area that differs
    header = headers[0]
    for name in ("standard", "traditional", "casual"):
        assert name in header
    assert header.index("standard") < header.index("traditional") < header.index("casual")
    result = run("diff", "standard", "traditional", "casual", "--json")
    items = json.loads(result.out)
    assert all(set(item["values"]) == {"standard", "traditional", "casual"} for item in items)
    # a field where only one profile differs is listed too
    players = next(item for item in items if item["path"] == "table.min_players")
    assert players["values"] == {"standard": 3, "traditional": 3, "casual": 2}
    # and only the catalogue's disagreements are listed: the three texts agree on the cut
    assert not any(item["path"] == "table.cut" for item in items)


def test_three_identical_profiles(run) -> None:
    result = run("diff", "house", "house", "house")
    assert result.code == 0


@pytest.mark.parametrize(
    "args",
    [
        ("standard", "no-such-profile"),
        ("standard", str(BAD / "bad_literal.yaml")),
        ("standard", "missing-dir/nothing.yaml"),
        ("standard",),
    ],
    ids=["unknown", "broken", "missing", "alone"],
)
def test_bad_input_one_line_exit_2(run, args: List[str]) -> None:
    result = run("diff", *args)
    assert result.code == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err


def test_broken_file_is_located(run) -> None:
    result = run("diff", str(BAD / "bad_literal.yaml"), "standard")
    assert result.code == 2
    assert "bad_literal.yaml:" in result.err
    line = result.err.strip()
    file_line = line.split(": ", 1)[0]
    assert file_line.rsplit(":", 2)[1].isdigit()


# ---------------------------------------------------------------------------
# --impact
# ---------------------------------------------------------------------------


def test_impact_simulates_each_profile_with_the_same_seed(run) -> None:
    pytest.importorskip("bragrules.play.simulate")
    result = run("diff", "standard", "traditional", "--impact", "200", "--seed", "3")
    assert result.code == 1, result.err
    for label in ("pots won at a see", "pots won by everyone else folding", "deals whose pot carried",
                  "average pot", "played blind to the end that won"):
        assert label in result.out
    assert "200 simulated deals" in result.out
    first = run("diff", "standard", "traditional", "--impact", "200", "--seed", "3", "--json")
    again = run("diff", "standard", "traditional", "--impact", "200", "--seed", "3", "--json")
    assert first.out == again.out
    document = json.loads(first.out)
    assert set(document) == {"differences", "impact"}
    assert [d["path"] for d in document["differences"]] == [
        d["path"] for d in json.loads(run("diff", "standard", "traditional", "--json").out)
    ]
    rows = {row["profile"]: row for row in document["impact"]}
    assert set(rows) == {"standard", "traditional"}
    for row in rows.values():
        assert row["hands"] == 200 and row["seed"] == 3 and row["players"] == 4
        assert abs(row["showdown"] + row["folded_out"] + row["carried"] - 1) < 0.001
    # 000's blind survivor collects, so nothing carries; 002's does not collect
    assert rows["standard"]["carried"] == 0
    assert rows["traditional"]["carried"] > 0 and rows["traditional"]["hands_retained"] > 0


def test_impact_seats_within_each_profile(run) -> None:
    pytest.importorskip("bragrules.play.simulate")
    result = run("diff", "standard", "nine-card", "--impact", "20", "--players", "8", "--json")
    assert result.code == 1, result.err
    seats = {row["profile"]: row["players"] for row in json.loads(result.out)["impact"]}
    assert seats == {"standard": 8, "nine-card": 5}  # nine-card seats at most five


def test_impact_without_a_simulator_says_so(run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bragrules.play.simulate", None)  # import fails
    result = run("diff", "standard", "traditional", "--impact", "5")
    assert result.code == 2
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err
    assert "--impact" in result.err and "simulat" in result.err
