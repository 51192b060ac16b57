"""docs/variants.md, "Composing a variant": every YAML block of the section is a profile that plays.

The section teaches each primitive by a shipped profile's own lines (blocks labelled ``# primitive:
NAME``), then new variants written from them (``# new variant: NAME``, played in tests/test_docs.py),
and one rule that cannot be said yet (``# refused: NAME``). Here:

- every block of the section carries one of those labels, so none escapes the tests;
- each ``primitive`` block loads with its ``extends`` resolved and plays exactly as the shipped
  profile of its name (all but the name, description, source, base and words equal);
- each is played for three seeded deals by bots and the log audits clean.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict

import pytest

from bragrules.profile import load_profile
from bragrules.profile.models import Profile
from tests.test_docs import WRITING, _fenced, _section, load

LABELS = ("primitive", "new variant", "refused")
METADATA = {"name", "description", "source", "extends", "vocabulary"}


def _primitives() -> Dict[str, str]:
    return _fenced(_section(WRITING), "primitive")


def _rules(profile: Profile) -> Dict[str, Any]:
    """What a profile plays by: its fields without the ones that only name or word it."""
    return profile.model_dump(mode="json", exclude=METADATA)


def test_every_block_of_the_section_is_labelled() -> None:
    blocks = re.findall(r"```yaml\n([^\n]*)\n", _section(WRITING))
    assert len(blocks) >= 20
    unlabelled = [first for first in blocks if not any(first.startswith(f"# {label}: ") for label in LABELS)]
    assert not unlabelled, f"YAML blocks in 'Composing a variant' no test plays: {unlabelled}"


def test_the_primitives_cover_each_kind() -> None:
    """The section shows each primitive: categories, points, each selector source and centre relation
    shipped, the procedure steps, a split, a bank and open cards."""
    text = "\n".join(_primitives().values())
    for needle in ("categories:", "points:", "source: lowest_rank", "relation: rank", "relation: between",
                   "relation: neighbours", "relation: sum", "on_fold: replaced", "source: pair", "bust_card:",
                   "trump_card:", "betting_rounds:", "split: high_low", "bank:", "face_up:"):
        assert needle in text, f"no primitive block shows {needle}"


@pytest.mark.parametrize("name", sorted(_primitives()))
def test_a_primitive_block_plays_as_its_shipped_profile(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(_primitives()[name], encoding="utf-8")
    example = load(path)
    assert example.name == name
    assert _rules(example) == _rules(load_profile(name)), f"the block of {name} no longer plays as profiles/{name}.yaml"


def test_a_changed_block_would_be_caught(tmp_path: Path) -> None:
    """The comparison sees a one-line change (the block's check can fail)."""
    text = _primitives()["hukam"].replace("trump_card: true", "trump_card: false")
    path = tmp_path / "hukam.yaml"
    path.write_text(text, encoding="utf-8")
    assert _rules(load(path)) != _rules(load_profile("hukam"))


@pytest.mark.parametrize("name", sorted(_primitives()))
def test_a_primitive_block_plays_and_audits(name: str, tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    """Three seeded deals of the block, played by bots from the file itself, audit clean."""
    from bragrules.audit import audit
    from tests.helpers import run_cli

    path = tmp_path / f"{name}.yaml"
    path.write_text(_primitives()[name], encoding="utf-8")
    log = tmp_path / "run.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", str(path), "--auto", "--hands", "3", "--seed", "11",
                             "-n", "3", "--log", str(log), "--no-explain")
    assert code == 0, out + err
    report = audit(str(log))
    assert report.deal_count == 3
    assert report.ok, [v.rule for v in report.violations]
