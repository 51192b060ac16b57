"""The recorded rankings of the shipped profiles: current, equal to a full load, and refused when anything changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bragrules import shipped
from bragrules.profile import builtin_names, load_profile
from bragrules.ranking import compile_ranking
from bragrules.shipped import records_path, render_records, shipped_ranking

ROOT = Path(__file__).resolve().parent.parent


def test_the_committed_record_is_current() -> None:
    committed = Path(records_path()).read_text(encoding="utf-8")
    assert committed == render_records(), (
        "bragrules/_shipped_rankings.py is out of date: run python -m bragrules.shipped"
    )


def test_every_shipped_profile_is_recorded() -> None:
    from bragrules._shipped_rankings import RECORDS

    assert sorted(RECORDS) == builtin_names()


@pytest.mark.parametrize("name", builtin_names())
def test_record_equals_the_profile_loaded_in_full(name: str) -> None:
    record = shipped_ranking(name)
    assert record is not None
    profile = load_profile(name)
    assert (record.name, record.jokers) == (profile.name, profile.pack.jokers)
    assert record.ranking.model_dump_json() == profile.ranking.model_dump_json()
    for field in ("category_order", "suit_order"):
        assert list(getattr(record.ranking, field)) == list(getattr(profile.ranking, field))
    for field in ("prial_order", "run_order", "suits_break_ties"):
        assert getattr(record.ranking, field) == getattr(profile.ranking, field)
    for field in ("cards", "ranks"):
        assert list(getattr(record.ranking.wild, field)) == list(getattr(profile.ranking.wild, field))
    for field in ("jokers", "natural_beats_wild"):
        assert getattr(record.ranking.wild, field) == getattr(profile.ranking.wild, field)
    from_record = compile_ranking(record.ranking, jokers=record.jokers)
    assert from_record is compile_ranking(profile.ranking, jokers=profile.pack.jokers)


@pytest.fixture
def profiles_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped profiles that the record is checked against."""
    folder = tmp_path / "profiles"
    shutil.copytree(ROOT / "profiles", folder)
    monkeypatch.setattr(shipped, "_profiles_dir", lambda: str(folder))
    return folder


def test_a_copy_as_shipped_is_accepted(profiles_copy: Path) -> None:
    record = shipped_ranking("crash")
    assert record is not None and record.name == "crash"
    assert record.ranking.model_dump_json() == load_profile("crash").ranking.model_dump_json()


def test_a_changed_profile_is_refused(profiles_copy: Path) -> None:
    path = profiles_copy / "standard.yaml"
    path.write_bytes(path.read_bytes() + b"\n# one more line\n")
    assert shipped_ranking("standard") is None
    assert shipped_ranking("crash") is None  # extends standard
    assert shipped_ranking("traditional") is not None


def test_a_missing_profile_is_refused(profiles_copy: Path) -> None:
    (profiles_copy / "standard.yaml").unlink()
    assert shipped_ranking("crash") is None


def test_a_parent_that_extends_would_read_from_elsewhere_is_refused(profiles_copy: Path) -> None:
    (profiles_copy / "standard").write_text("name: other\n", encoding="utf-8")
    assert shipped_ranking("crash") is None
    assert shipped_ranking("standard") is not None  # not read through extends


def test_a_profile_that_is_a_folder_is_refused(profiles_copy: Path) -> None:
    (profiles_copy / "house.yaml").unlink()
    (profiles_copy / "house.yaml").mkdir()
    assert shipped_ranking("house") is None


def test_a_file_or_folder_of_that_name_here_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert shipped_ranking("standard") is not None
    (tmp_path / "standard").write_text("name: mine\n", encoding="utf-8")
    (tmp_path / "casual").mkdir()
    assert shipped_ranking("standard") is None
    assert shipped_ranking("casual") is None


@pytest.mark.parametrize(
    "name", ["", "nosuch", "standard.yaml", "./standard", "profiles/standard.yaml", "STANDARD", " standard"]
)
def test_other_names_are_not_recorded(name: str) -> None:
    assert shipped_ranking(name) is None


def test_check_and_rewrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "_shipped_rankings.py"
    monkeypatch.setattr(shipped, "records_path", lambda: str(target))
    assert shipped.main(["--check"]) == 1
    assert shipped.main([]) == 0
    assert target.read_text(encoding="utf-8") == render_records()
    assert shipped.main(["--check"]) == 0
    assert shipped.main(["--bogus"]) == 2
    capsys.readouterr()
