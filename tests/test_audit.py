"""The audit: histories replayed under their profile, from the rule texts' own examples."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path
from typing import Dict, List

import pytest

from bragrules.audit import AuditReport, audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import builtin_names, load_profile
from bragrules.rules.compile import compile_rules

from . import helpers
from .helpers import rules_for

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "histories"
HEADER = "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\n"
FOUR = "    cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"


def sheet(*deals: str, header: str = HEADER) -> "object":
    return parse_sheet(header + "deals:\n" + "".join(deals), filename="sheet.yaml")


def deal(actions: str, cards: str = FOUR, result: str = "") -> str:
    text = "  - " + cards.lstrip() + f"    actions: [{actions}]\n"
    if result:
        text += f"    result: {result}\n"
    return text


def rules_of(report: AuditReport) -> List[str]:
    return [v.rule for v in report.violations]


def ints(net: Dict[str, F]) -> Dict[str, object]:
    return {p: (int(v) if v.denominator == 1 else v) for p, v in net.items()}


def line_of(path: Path, text: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(text)


def session_log(tmp_path: Path, profile: str, seed: int, deals: int = 40, include_profile: bool = True):
    rules = compile_rules(load_profile(profile))
    session = Session(rules, ["A", "B", "C", "D"][:rules.profile.table.max_players], seed=seed)  # heads-up: two
    path = tmp_path / f"{profile}-{seed}.jsonl"
    with LogWriter.for_session(path, session, profile_name=profile, include_profile=include_profile):
        play_session(session, random_chooser(random.Random(seed)), max_deals=deals)
    return path, session


# ---------------------------------------------------------------------------
# The worked examples of the rule texts
# ---------------------------------------------------------------------------


def test_worked_pot_of_002_section_06_audits_clean() -> None:
    report = audit(DATA / "worked_pot.yaml")
    assert report.ok, [str(v) for v in report.violations]
    assert report.profile == "traditional"
    assert ints(report.net) == {"A": -7, "B": 9, "C": -1, "D": -1}
    (row,) = report.deals
    assert row.pot == 12 and row.outcome == "won" and row.winners == ["B"]
    assert row.dealer == "D" and row.order == ["A", "B", "C", "D"]
    assert report.resolved == 1 and not report.ended  # eight resolved pots end a traditional session


def test_example_of_003_section_5_audits_clean_under_casual() -> None:
    report = audit(DATA / "casual_example.yaml")
    assert report.ok, [str(v) for v in report.violations]
    (row,) = report.deals
    assert row.order == ["P2", "P3", "P4", "P1"]
    assert row.winners == ["P4"] and row.pot == 4 * 5 + 5 + 10 + 10 + 20 + 40
    assert ints(report.net) == {"P1": -55, "P2": -10, "P3": -5, "P4": 70}


# ---------------------------------------------------------------------------
# Violations, each naming its rule
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "actions, index, rule",
    [
        # a seen player cannot see a blind one: A must bet or fold instead
        ("A look, A bet 2, B bet 1, C fold, D fold, A see 4, A bet 2, B see 2", 5, "seeing.seen_sees_blind"),
        # seen sees seen costs twice the level: 4, not 3
        ("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 3, A see 4", 6, "seeing.cost_multiple"),
        # 002: a seen bet 4 and a blind bet 2 are equivalent, so the next seen player needs 4, not 2
        ("A look, A bet 4, B bet 2, C look, C bet 2, C fold, D fold, A fold", 4, "betting.at_least_level"),
        # each raise adds at most 5 to the level: blind 4 is level 8 from 2
        ("A look, A bet 2, B bet 4, B bet 7/2, C fold, D fold, A fold", 2, "stakes.raise_limit"),
        # B before A: the dealer's left (A) acts first
        ("B bet 1, A look, A bet 2, B fold, C fold, D fold", 0, "turn_order"),
        # only two players may see
        ("A look, A bet 2, B look, B bet 2, C see 4, C fold, D fold, A see 4", 4, "seeing.two_players"),
        # no free check under traditional
        ("A check, A look, A bet 2, B fold, C fold, D fold", 0, "stakes.check"),
        # the opening level is 1 to 5
        ("A look, A bet 6, A bet 5, B fold, C fold, D fold", 1, "stakes.opening_max"),
        # looking only at your own turn
        ("B look, A look, A bet 2, B fold, C fold, D fold", 0, "blind.look"),
    ],
)
def test_each_illegal_action_is_reported_with_its_rule_and_skipped(actions: str, index: int, rule: str) -> None:
    report = audit(sheet(deal(actions)))
    assert rules_of(report) == [rule], [str(v) for v in report.violations]
    (violation,) = report.violations
    assert (violation.deal, violation.action, violation.line) == (1, index, 7)
    assert str(violation).startswith(f"deal 1, action {index} (line 7): {rule}: ")
    assert report.deals[0].outcome != "unfinished"  # the audit went on after skipping it


def test_looking_at_a_retained_hand_out_of_order() -> None:
    """002 section 05: look at one, keep or discard it, only then the other; never inspect both."""
    report = audit(sheet(
        deal("A bet 1, B fold, C fold, D fold"),
        deal("B fold, C fold, D look, D bet 2, A look new, A look old, A discard, A look old, A bet 2, D see 4",
             cards="    cards: {B: 2d 3c 8d, C: 4h 8c Jc, D: 5d 6d Td, A: Qs Js 2s}\n"),
    ))
    assert rules_of(report) == ["blind.retention"]
    violation = report.violations[0]
    assert (violation.deal, violation.action) == (2, 5)
    assert "keep or discard" in violation.message


def test_several_violations_are_all_reported_in_order() -> None:
    report = audit(sheet(deal("B bet 1, A look, A bet 9, A bet 2, B bet 4, B bet 1, C fold, D fold, A fold")))
    assert rules_of(report) == ["turn_order", "stakes.opening_max", "stakes.raise_limit"]
    assert [v.action for v in report.violations] == [0, 2, 4]


def test_actions_after_the_deal_is_over() -> None:
    report = audit(sheet(deal("A look, A bet 2, B fold, C fold, D fold, B bet 2, A fold")))
    assert rules_of(report) == ["deal_over", "deal_over"]
    assert [v.action for v in report.violations] == [5, 6]
    assert "already over" in report.violations[0].message


def test_an_unfinished_deal_in_a_sheet() -> None:
    report = audit(sheet(deal("A look, A bet 2, B fold"), deal("A fold, B fold, C fold")))
    assert rules_of(report)[0] == "history.unfinished"
    assert "deal 1 is unfinished" in report.violations[0].message
    assert report.deals[0].outcome == "unfinished"
    assert report.deals[1].dealer == "A"  # the deal passed on all the same


def test_a_wrong_card_count_for_the_profile() -> None:
    report = audit(sheet(deal("A look, A bet 2, B fold, C fold, D fold",
                              cards="    cards: {A: Kc 9c 4c 5c, B: 5s 6h 7d}\n")))
    assert rules_of(report) == ["format.cards_dealt"]


def test_a_card_dealt_while_held_in_a_retained_hand_stops_the_audit() -> None:
    path = DATA / "retained_duplicate.yaml"
    report = audit(path)
    assert report.error is not None and not report.ok
    assert report.error.line == line_of(path, "C: 2d 3c Ad")
    assert "Ad is dealt to C but is in A's retained hand" in report.error.message
    assert [d.outcome for d in report.deals] == ["carried"]  # deal 1 was audited


# ---------------------------------------------------------------------------
# Claimed results
# ---------------------------------------------------------------------------


def test_a_wrong_net_is_a_history_result_violation() -> None:
    path = DATA / "wrong_net.yaml"
    report = audit(path)
    assert set(rules_of(report)) == {"history.result"}
    assert {v.line for v in report.violations} == {line_of(path, "result:")}
    assert any("A's net is given as -5; replayed it is -7" in v.message for v in report.violations)
    assert ints(report.net) == {"A": -7, "B": 9, "C": -1, "D": -1}  # the replayed money counts


@pytest.mark.parametrize(
    "result, words",
    [
        ("{winner: A}", "the history says A won; replayed, B won"),
        ("{winner: [A, B]}", "A and B split the pot; replayed, B won"),
        ("{carried: true}", "the pot carried; replayed, B won"),
        ("{winner: B, pot: 13}", "the pot is given as 13; replayed it is 12"),
    ],
)
def test_wrong_claims(result: str, words: str) -> None:
    report = audit(sheet(deal("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4", result=result)))
    assert rules_of(report) == ["history.result"]
    assert words in report.violations[0].message


def test_hidden_hands_take_the_winner_from_the_claim() -> None:
    report = audit(sheet(deal(
        "A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4",
        cards="    cards: {A: Kc 9c 4c}\n",
        result="{winner: B, net: {A: -7, B: 9, C: -1, D: -1}}",
    )))
    assert report.ok
    assert report.deals[0].from_claim and report.deals[0].winners == ["B"]
    assert any("not recorded" in n.message and "B" in n.message for n in report.notes)


def test_hidden_hands_without_a_claim_cannot_be_settled() -> None:
    report = audit(sheet(deal("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4",
                              cards="    cards: {A: Kc 9c 4c}\n")))
    assert rules_of(report) == ["history.cards"]
    assert report.deals[0].outcome == "unfinished"


# ---------------------------------------------------------------------------
# Retention across deals (002 section 05)
# ---------------------------------------------------------------------------


def test_retention_over_two_deals() -> None:
    report = audit(DATA / "retention.yaml")
    assert report.ok, [str(v) for v in report.violations]
    first, second = report.deals
    assert first.outcome == "carried" and first.pot == 5 and first.carried_out == 5
    assert second.retained_in == {"A": "As Ad Ac"}
    assert second.dealer == "A" and second.order == ["B", "C", "D", "A"]
    assert second.winners == ["A"] and second.pot == 5 + 4 + 2 + 2 + 4
    assert ints(report.net) == {"A": 12, "B": -8, "C": -2, "D": -2}
    assert sum(report.net.values()) == 0


def test_folding_again_retains_one_hand_never_three() -> None:
    report = audit(DATA / "retention_three.yaml")
    assert report.ok, [str(v) for v in report.violations]
    first, second, third = report.deals
    assert second.outcome == "carried" and second.retained_in == {"A": "As Ad Ac"}
    # deal 3: A holds exactly two hands, the retained one being deal 2's new hand
    assert third.retained_in == {"A": str(" ".join(str(c) for c in parse_cards("Kc 9s 4c")))}
    assert third.pot == 9 + 4 + 1 + 2 + 4 and third.winners == ["D"]
    assert ints(report.net) == {"A": -6, "B": -3, "C": -3, "D": 12}


def test_retained_hand_in_deal_three_is_deal_two_s_new_hand_when_looked_at() -> None:
    """Deal 3: A looks at the old hand (deal 2's Kc 9s 4c) and keeps it; a third hand is not there."""
    base = (DATA / "retention_three.yaml").read_text(encoding="utf-8")
    text = base.replace(
        "[C fold, D look, D bet 1, A look new, A discard, A look old, A bet 2, B fold, D see 4]",
        "[C fold, D look, D bet 1, A look old, A keep, A bet 2, B fold, D see 4]",
    )
    text = text.replace("{winner: D, net: {A: -3, B: -1, C: -1, D: 14}}", "{winner: D}")
    report = audit(parse_sheet(text, filename="r3.yaml", base_dir=DATA))
    assert report.ok, [str(v) for v in report.violations]


def test_an_unrecorded_retained_hand_is_still_held() -> None:
    """Nobody saw A's hand in deal 1; A still holds it, unknown, beside the new one in deal 2."""
    report = audit(sheet(
        "  - actions: [A bet 1, B fold, C fold, D fold]\n",
        "  - actions: [B fold, C fold, D look, D bet 2, A look old, A keep, A bet 2, D see 4]\n"
        "    result: {winner: A, net: {A: 14, B: -1, C: -1, D: -7}}\n",
    ))
    assert report.ok, [str(v) for v in report.violations]
    first, second = report.deals
    assert first.outcome == "carried" and second.retained_in == {"A": "?? ?? ??"}
    assert second.from_claim and second.winners == ["A"]


# ---------------------------------------------------------------------------
# Ties
# ---------------------------------------------------------------------------


def test_a_tie_under_caller_loses() -> None:
    report = audit(DATA / "tie_caller_loses.yaml")
    assert report.ok
    assert report.deals[0].winners == ["B"] and ints(report.net)["A"] == -9


def test_a_tie_under_split_with_a_house_profile_named_by_path() -> None:
    report = audit(DATA / "tie_split.yaml")
    assert report.ok, [str(v) for v in report.violations]
    assert report.profile == "house_split.yaml"
    assert report.deals[0].outcome == "split" and report.deals[0].winners == ["A", "B"]
    assert report.net == {"A": F(-3, 2), "B": F(7, 2), "C": -1, "D": -1}


def test_profile_override_changes_the_ruling() -> None:
    report = audit(DATA / "tie_caller_loses.yaml", str(DATA / "house_split.yaml"))
    assert report.deals[0].outcome == "split"
    # the winners break the tie rule that decided them, and so do the nets that follow from them
    assert rules_of(report) == ["seeing.tie"] * 3
    same = audit(DATA / "tie_split.yaml", rules_for("traditional", seeing={"tie": "split"}))
    assert same.ok


# ---------------------------------------------------------------------------
# Sessions: dealer rotation, ends, winners
# ---------------------------------------------------------------------------


def test_the_deal_passes_clockwise_and_a_stated_dealer_is_checked() -> None:
    second = "  - dealer: B\n    cards: {}\n    actions: [B fold, C fold, D fold]\n"
    report = audit(sheet(deal("A look, A bet 2, B fold, C fold, D fold"), second))
    assert [d.dealer for d in report.deals] == ["D", "A"]
    assert report.deals[1].order == ["B", "C", "D", "A"]
    assert rules_of(report) == ["history.deal"]
    assert "passes to A" in report.violations[0].message


def test_a_session_ends_by_its_profile_and_later_deals_break_the_rule(tmp_path: Path) -> None:
    profile = tmp_path / "short.yaml"
    profile.write_text("extends: traditional\nsession:\n  end: {kind: resolved_pots, count: 1}\n", encoding="utf-8")
    header = HEADER.replace("profile: traditional", "profile: short.yaml")
    carried = deal("A bet 1, B fold, C fold, D fold")
    won = deal("B look, B bet 2, C fold, D fold, A fold", cards="    cards: {}\n")
    text = header + "deals:\n" + carried + won
    report = audit(parse_sheet(text, filename=str(tmp_path / "s.yaml")))
    assert report.ok, [str(v) for v in report.violations]
    assert report.ended and report.winners == ["B"]  # the carried deal did not count
    assert report.resolved == 1 and report.deal_count == 2
    later = parse_sheet(text + deal("C fold, D fold, A fold", cards="    cards: {}\n"),
                        filename=str(tmp_path / "s.yaml"))
    report = audit(later)
    assert rules_of(report) == ["session.end"]
    assert report.violations[0].deal == 3


def test_exact_ties_share_the_session() -> None:
    report = audit(sheet(
        deal("A look, A bet 2, B fold, C fold, D fold"),
        deal("B look, B bet 2, C fold, D fold, A fold", cards="    cards: {}\n"),
    ), rules_for("traditional", session={"end": {"kind": "resolved_pots", "count": 2}}))
    assert report.ended and report.winners == ["A", "B"]


def test_a_sheet_without_a_dealer_under_a_random_first_dealer() -> None:
    with pytest.raises(HistoryError) as info:
        audit(parse_sheet("profile: traditional\nplayers: [A, B, C]\ndeals: []\n", filename="x.yaml"))
    assert "first dealer" in info.value.message
    report = audit(parse_sheet("profile: standard\nplayers: [A, B, C]\ndeals:\n"
                               "  - actions: [B fold, C fold]\n", filename="y.yaml"))
    assert report.ok and report.deals[0].dealer == "A"  # first_seat: the first player listed deals


def test_an_unknown_profile_is_a_located_error() -> None:
    with pytest.raises(HistoryError) as info:
        audit(parse_sheet("profile: tradtional\nplayers: [A, B, C]\ndealer: A\n", filename="x.yaml"))
    assert info.value.line == 1 and "did you mean 'traditional'" in info.value.message


# ---------------------------------------------------------------------------
# Logs
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["traditional", "standard", "casual", "house", "seen-only", "four-card"])
@pytest.mark.parametrize("seed", [1, 7])
def test_a_session_log_round_trip_audits_clean(tmp_path: Path, profile: str, seed: int) -> None:
    path, session = session_log(tmp_path, profile, seed)
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:5]
    assert report.net == session.net()
    assert report.deal_count == len(session.records)
    assert report.resolved == session.state.resolved
    assert report.ended == session.is_over
    if session.is_over:
        assert report.winners == session.winners()
    for row, record in zip(report.deals, session.records):
        assert (row.dealer, row.order, row.pot, row.outcome) == (
            record.dealer, record.order, record.result.pot, record.result.outcome,
        )


def test_every_shipped_profile_round_trips(tmp_path: Path) -> None:
    for profile in builtin_names():
        path, session = session_log(tmp_path, profile, seed=3, deals=25)
        report = audit(path)
        assert report.ok, (profile, [str(v) for v in report.violations][:5])
        assert report.net == session.net(), profile


def test_stop_the_bus_logs_round_trip(tmp_path: Path) -> None:
    rules = rules_for("crash", format={"exchange": {"enabled": True, "centre_cards": 3, "swap": "one_or_three"}})
    for seed in (1, 2):
        session = Session(rules, ["A", "B", "C", "D"], seed=seed)
        path = tmp_path / f"bus-{seed}.jsonl"
        with LogWriter.for_session(path, session):
            play_session(session, random_chooser(random.Random(seed)), max_deals=30)
        report = audit(path)
        assert report.ok, [str(v) for v in report.violations][:5]
        assert report.lives == session.lives and report.deal_count == len(session.records)


def test_a_log_audits_without_the_profile_file(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "traditional", seed=2)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["profile"] = "our-kitchen-table"  # no such profile anywhere: the header carries it
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    report = audit(path)
    assert report.ok and report.net == session.net()
    assert report.profile == "our-kitchen-table"


def test_a_profile_hash_that_differs(tmp_path: Path) -> None:
    path, _ = session_log(tmp_path, "traditional", seed=2, include_profile=False)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["profile_hash"] = "0" * 64
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    report = audit(path)
    assert rules_of(report) == ["history.profile_hash"]
    assert report.violations[0].line == 1
    # audited under a profile named deliberately, a differing hash is only a warning
    report = audit(path, "traditional")
    assert report.ok
    assert [n.level for n in report.notes] == ["warning"]


def test_a_tampered_log_is_caught(tmp_path: Path) -> None:
    path, _ = session_log(tmp_path, "traditional", seed=5)
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        event = json.loads(line)
        if event["type"] == "result" and event["outcome"] == "won":
            winner = event["winners"][0]
            event["net"][winner] = event["net"][winner] + 1 if isinstance(event["net"][winner], int) else 0
            lines[index] = json.dumps(event)
            break
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = audit(path)
    assert rules_of(report) == ["history.result"]
    assert report.violations[0].line == index + 1


def test_a_truncated_log_is_audited_up_to_the_cut(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "standard", seed=4, deals=10)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:20], encoding="utf-8")
    report = audit(path)
    assert report.error is not None and report.error.line == len(lines)
    assert "cut short" in report.error.message
    assert not report.ok
    # the tenth deal lost its result line, but its actions settle it all the same
    assert report.deal_count == 10 and report.net == session.net()
    assert report.deals[-1].outcome == session.records[-1].result.outcome


def test_a_log_cut_inside_a_deal_leaves_it_unfinished(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "standard", seed=4, deals=10)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert [json.loads(line)["type"] for line in lines[-3:]] == ["action", "cards", "result"]
    path.write_text("".join(lines[:-3]) + lines[-3][:10], encoding="utf-8")  # an action cut short
    report = audit(path)
    assert report.error is not None and report.error.line == len(lines) - 2
    assert report.deals[-1].outcome == "unfinished" and report.deal_count == 10
    assert any("interrupted" in n.message for n in report.notes)
    assert report.net == {p: sum((r.result.net[p] for r in session.records[:9]), F(0)) for p in session.players}


def test_an_interrupted_log_is_noted_not_a_violation(tmp_path: Path) -> None:
    rules = compile_rules(load_profile("standard"))
    session = Session(rules, ["A", "B", "C"], seed=9)
    path = tmp_path / "stopped.jsonl"
    with LogWriter.for_session(path, session, profile_name="standard"):
        play_session(session, random_chooser(random.Random(9)), max_deals=3)
        deal_now = session.start_deal()
        session.act(deal_now.legal_actions()[0].action())  # then the writer is stopped mid-deal
    report = audit(path)
    assert report.ok
    assert report.deals[-1].outcome == "unfinished" and report.deal_count == 4
    assert any("interrupted" in n.message for n in report.notes)
    assert report.net == session.net()


def test_keep_deals_false_reports_the_same_totals_without_rows(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "standard", seed=6, deals=50)
    seen: List[int] = []
    report = audit(path, keep_deals=False, on_deal=lambda row: seen.append(row.deal))
    assert report.deals == [] and report.ok and report.net == session.net()
    assert seen == list(range(1, 51))


def test_a_log_with_a_wrong_dealer_order_or_carried_pot(tmp_path: Path) -> None:
    path, _ = session_log(tmp_path, "traditional", seed=8)
    lines = path.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    second = next(i for i, e in enumerate(events) if e["type"] == "deal" and e["deal"] == 2)
    events[second]["dealer"] = events[second]["order"][1]
    events[second]["carried_in"] = 99
    path.write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    report = audit(path)
    assert rules_of(report) == ["history.deal", "history.deal"]
    assert all(v.deal == 2 and v.line == second + 1 for v in report.violations)


def test_crash_lives_are_replayed_and_checked(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "crash", seed=2, deals=60)
    report = audit(path)
    assert report.ok and report.lives == session.lives
    assert report.ended == session.is_over and (not report.ended or report.winners == session.winners())
    lines = path.read_text(encoding="utf-8").splitlines()
    index, event = next((i, json.loads(line)) for i, line in enumerate(lines)
                        if json.loads(line)["type"] == "result" and json.loads(line).get("lives_lost"))
    event["lives_lost"] = [p for p in session.players if p not in event["lives_lost"]][:1]
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = audit(path)
    assert "history.result" in rules_of(report)
    assert any("lost a life" in v.message and v.line == index + 1 for v in report.violations)


def test_an_end_event_is_checked(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "traditional", seed=1, deals=100)
    assert session.is_over
    lines = path.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    assert end["type"] == "end"
    end["winners"] = [p for p in session.players if p not in session.winners()][:1]
    path.write_text("\n".join(lines[:-1] + [json.dumps(end)]) + "\n", encoding="utf-8")
    report = audit(path)
    assert rules_of(report) == ["history.end"] and report.violations[0].line == len(lines)


# ---------------------------------------------------------------------------
# The report as JSON
# ---------------------------------------------------------------------------


def test_report_json_shape() -> None:
    data = audit(DATA / "tie_split.yaml").to_json()
    json.dumps(data)
    assert data["ok"] is True and data["violations"] == [] and data["ended"] is False
    assert data["net"] == {"A": "-3/2", "B": "7/2", "C": -1, "D": -1}
    (row,) = data["deals"]
    assert {"deal", "pot", "outcome", "winners", "net"} <= set(row)
    assert row["pot"] == 15 and row["outcome"] == "split" and row["net"]["A"] == "-3/2"
    bad = audit(DATA / "wrong_net.yaml").to_json()
    assert bad["ok"] is False
    assert set(bad["violations"][0]) >= {"deal", "action", "line", "rule", "message"}


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "bragrules", "audit", *args],
        capture_output=True, text=True, encoding="utf-8", env=env, cwd=ROOT, timeout=120,
    )


@pytest.fixture
def cli(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str):
        return helpers.run_cli(capsys, monkeypatch, "audit", *map(str, args))

    return invoke


def test_cli_clean_sheet_exits_0(cli) -> None:
    code, out, err = cli(DATA / "worked_pot.yaml")
    assert code == 0 and err == ""
    assert "B won" in out and "+9" in out and "ok" in out


def test_cli_json(cli) -> None:
    code, out, _ = cli(DATA / "casual_example.yaml", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] and data["net"] == {"P1": -55, "P2": -10, "P3": -5, "P4": 70}


def test_cli_violations_exit_1(cli) -> None:
    path = DATA / "wrong_net.yaml"
    code, out, err = cli(path)
    assert code == 1
    assert f"deal 1 (line {line_of(path, 'result:')}): history.result: A's net is given as -5" in out
    code, out, _ = cli(DATA / "tie_caller_loses.yaml", "--profile", DATA / "house_split.yaml", "--json")
    assert code == 1 and json.loads(out)["deals"][0]["outcome"] == "split"


@pytest.mark.parametrize(
    "name, text",
    [("bad_card.yaml", "7x"), ("unknown_player.yaml", "E fold"), ("float_net.yaml", "9.0"),
     ("duplicate_card.yaml", "C: 2c 9c Jd")],
)
def test_cli_malformed_sheet_exits_2_with_file_and_line(cli, name: str, text: str) -> None:
    path = DATA / name
    code, out, err = cli(path)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err + out
    assert f"{path}:{line_of(path, text)}: " in err


def test_cli_missing_file_and_profile(cli) -> None:
    code, _, err = cli(DATA / "nowhere.yaml")
    assert code == 2 and err.count("\n") == 1 and "nowhere.yaml: no such file" in err
    code, _, err = cli(DATA / "worked_pot.yaml", "--profile", "no-such-profile")
    assert code == 2 and err.count("\n") == 1 and "unknown profile" in err


def test_cli_truncated_log_exits_2_after_reporting(tmp_path: Path, cli) -> None:
    path, _ = session_log(tmp_path, "standard", seed=3, deals=5)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:15], encoding="utf-8")
    code, out, err = cli(path, "--json")
    assert code == 2
    assert err.count("\n") == 1 and f"{path}:{len(lines)}: " in err and "Traceback" not in err
    data = json.loads(out)
    assert data["error"]["line"] == len(lines)
    assert len(data["deals"]) == 5 and data["ok"] is False


def test_cli_as_a_user_runs_it(tmp_path: Path) -> None:
    done = run_cli(str(DATA / "retention.yaml"))
    assert done.returncode == 0, done.stderr
    assert "A won" in done.stdout
    done = run_cli(str(DATA / "bad_card.yaml"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1


# ---------------------------------------------------------------------------
# The engine, where recorded histories reach its limits
# ---------------------------------------------------------------------------


def test_engine_a_see_needing_unrecorded_cards_changes_nothing() -> None:
    """The audit relies on it: a see that cannot be settled is refused before anything is paid."""
    rules = rules_for("traditional")
    hands = {"A": parse_cards("Kc 9c 4c"), "B": None, "C": parse_cards("2c 7h Jd"), "D": parse_cards("3s 8h Qd")}
    deal = Deal(rules, ["A", "B", "C", "D"], hands)
    for text in ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold"]:
        deal.apply_text(text)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A see 4")
    assert info.value.rule == "history.cards"
    assert deal.pot == 8 and deal.to_act == "A"


def test_an_unrecorded_blind_survivor_still_retains_a_hand() -> None:
    rules = rules_for("traditional")
    deal = Deal(rules, ["A", "B", "C", "D"], {p: None for p in "ABCD"})
    for text in ["A bet 1", "B fold", "C fold", "D fold"]:
        deal.apply_text(text)
    assert deal.awaiting == "retain" and deal.default_action() == Action("A", "retain")
    deal.apply(deal.default_action())
    assert deal.result is not None and deal.result.outcome == "carried"
    assert "A" in deal.result.retained


def test_cli_summary_leaves_out_the_deal_rows(cli) -> None:
    code, out, _ = cli(DATA / "retention.yaml", "--summary", "--json")
    data = json.loads(out)
    assert code == 0 and data["deals"] == [] and data["deal_count"] == 2
    assert data["net"] == {"A": 12, "B": -8, "C": -2, "D": -2}


def test_a_crash_showdown_that_would_put_out_everyone_costs_no_life_in_the_audit_too(tmp_path: Path) -> None:
    """Three players on their last life tie lowest: nobody loses it, in play and in the audit alike."""
    from bragrules.core.cards import Pack

    class StackedPack(Pack):  # the order below, never shuffled
        __slots__ = ()

        def shuffle(self, rng: random.Random) -> None:
            pass

    rules = rules_for("crash", format={"lives": 1}, table={"cut": False})
    session = Session(rules, ["A", "B", "C"], seed=1, dealer="C")
    ties = parse_cards("2c 2d 2h 3d 3h 3s 5h 5s 5c")  # dealt singly: A 2c 3d 5h, B 2d 3h 5s, C 2h 3s 5c
    rest = [c for c in range(52) if c not in ties]
    session.pack = StackedPack([*ties, *rest])
    session.seed = None  # a stacked pack: the log records no seed, as its cards do not follow from one
    path = tmp_path / "crash.jsonl"
    with LogWriter.for_session(path, session, profile_name="crash"):
        play_session(session, random_chooser(random.Random(2)), max_deals=3)
    first = next(json.loads(line) for line in path.read_text().splitlines() if '"type":"cards"' in line)
    assert first["deal"] == 1 and first["cards"] == {"A": "2c 3d 5h", "B": "2d 3h 5s", "C": "2h 3s 5c"}
    assert len([line for line in path.read_text().splitlines() if '"type":"deal"' in line]) >= 2
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.lives == dict(session.lives)


@pytest.mark.parametrize("name", ["retention.yaml", "retention_three.yaml", "casual_example.yaml"])
def test_replay_leaves_the_table_as_the_audit_does(name: str) -> None:
    from bragrules.audit import Replay
    from bragrules.history import read_history

    history = read_history(DATA / name)
    replay = Replay(history)
    deals = list(history.deals)
    for entry in deals[:-1]:
        replay.replay(entry)
    order, retained, hands = replay.next_deal(deals[-1])
    replay.replay(deals[-1])
    report = audit(DATA / name)
    assert report.ok and replay.report.ok
    assert replay.table.net() == report.net and replay.table.state.carried == report.carried
    assert set(order) <= set(history.players) and set(retained) <= set(order) and set(hands) == set(order)


def test_a_show_the_history_leaves_unsaid_needing_unrecorded_cards_is_a_violation() -> None:
    """Under a profile where the second to show may concede, a history that says neither leaves
    the show to the profile's default; when that show needs cards nobody wrote, the audit cites
    ``history.cards`` and goes on (it used to stop the whole audit with the engine's error)."""
    header = HEADER.replace("profile: traditional\n", "")
    history = parse_sheet(header + "deals:\n" + deal("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4",
                                                     cards="    cards: {A: '?? ?? ??', B: 5s 6h 7d}\n"),
                          filename="sheet.yaml")
    report = audit(history, rules_for("traditional", seeing={"concede_unseen": True}))
    assert rules_of(report) == ["history.cards"]
    assert report.error is None and report.deals[0].outcome == "unfinished"
