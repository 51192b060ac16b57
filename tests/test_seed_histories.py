"""Histories written from the rule texts' own words, each with the audit's outcome it expects.

Every sheet in ``tests/data/seeds`` quotes the words of 000, 002 or 003 it
plays out, and states under ``_expect`` (a key of the user's own, which the
audit ignores) whether the audit passes it and which violations it reports,
each as ``[deal, action, rule]`` (a log states it in its header line). The written turning of cards at a see
(``X show``) is the record of 000's "Both players then reveal their cards",
002's "Opponent exposes first" and 003's "双方亮牌"; a concession under a
profile where both hands are shown is cited under ``seeing.concede_unseen``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest
import yaml

from bragrules.audit import audit

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tests" / "data" / "seeds"
SHEETS = sorted(p for p in [*SEEDS.glob("*.yaml"), *SEEDS.glob("*.jsonl")] if "_expect" in p.read_text(encoding="utf-8"))


def expectation(path: Path) -> Dict[str, Any]:
    """The outcome a history expects: ``_expect`` in a sheet, or in a log's header line."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text.splitlines()[0]) if path.suffix == ".jsonl" else yaml.safe_load(text)
    expected: Dict[str, Any] = data["_expect"]
    return expected


def test_there_are_histories_from_each_text() -> None:
    names = [p.name for p in SHEETS]
    for text in ("000", "002", "003"):
        assert any(name.startswith(text) for name in names), text


@pytest.mark.parametrize("path", SHEETS, ids=[p.name for p in SHEETS])
def test_the_audit_gives_the_expected_outcome(path: Path) -> None:
    expected = expectation(path)
    report = audit(path)
    assert report.error is None, report.error
    found: List[List[Any]] = [[v.deal, v.action, v.rule] for v in report.violations]
    assert found == expected["violations"], [v.message for v in report.violations]
    assert report.ok is expected["ok"]


def test_an_out_of_order_show_names_who_turns_first() -> None:
    """002: "Opponent exposes first": the message says who, and under which rule."""
    report = audit(SEEDS / "002_caller_exposes_first.yaml")
    (violation,) = report.violations
    assert violation.rule == "seeing.exposure"
    assert "the opponent, B, turns cards first" in violation.message


def test_a_concession_the_profile_forbids_is_cited_not_the_missing_cards() -> None:
    """The natural record of a concession has no cards for the player who conceded: the
    audit cites the concession (``seeing.concede_unseen``), never ``history.cards``."""
    report = audit(SEEDS / "002_concession.yaml")
    assert [v.rule for v in report.violations] == ["seeing.concede_unseen"]
    assert "nobody concedes" in report.violations[0].message
    assert report.deals[0].outcome == "unfinished"  # the cards the see needs are still unknown


def _ruling(actions: str, dispute: str) -> Any:
    from bragrules.arbitrate import arbitrate
    from bragrules.history import parse_sheet

    sheet = parse_sheet("profile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
                        f"    actions: [{actions}]\n    dispute: {dispute}\n", filename="see.yaml")
    return arbitrate(sheet).rulings[0]


def test_arbitrating_a_concession_after_a_see_cites_the_rule_it_breaks() -> None:
    """002: "Opponent exposes first" (both hands are turned): A, who called, may not concede."""
    ruling = _ruling("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4", "A concede")
    assert ruling.allowed is False and "seeing.concede_unseen" in [c.path for c in ruling.citations]
    assert ruling.net is not None and ruling.net["B"] == 9  # the see stands: B's run beat A's flush


def test_arbitrating_a_show_out_of_order_cites_the_exposure_rule() -> None:
    ruling = _ruling("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4, A show", "B show")
    assert ruling.allowed is False and [c.path for c in ruling.citations][0] == "seeing.exposure"
