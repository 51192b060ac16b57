"""session.bonus.needs_look: 003's bonus paid on every bonus hand dealt, looked at or not.

003, section 6: "奖励（变体）： 拿到 prial 或同花顺时，其他所有人支付一笔固定奖励" (bonus
variant: when someone gets a prial or running flush, everyone else pays a
fixed bonus). "拿到" (gets) has two readings. ``when: dealt`` with
``needs_look: true`` (the default) pays a hand once its holder looks at it or
shows it; ``needs_look: false`` pays every such hand dealt, looked at or not:
a prial folded blind still earns, settled with the deal.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.engine.events import Bonus
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.diff import compare
from bragrules.explainers.explain import explain, in_play, source_of
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import ProfileError, load_profile, load_profile_text, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from .helpers import deal_with, play, rules_for

HANDS = {"A": "5s 6h 7d", "B": "9h 9d 9c", "C": "2c 7h Jd"}  # B is dealt a prial


def _session(when: str = "dealt", needs_look: bool = True, **extra: Any) -> Dict[str, Any]:
    bonus: Dict[str, Any] = {"prial": 10, "running_flush": 4, "when": when, **extra}
    if not needs_look:
        bonus["needs_look"] = False
    return {"bonus": bonus, "bankroll": "unlimited", "starting_stack": 0, "end": {"kind": "never"}}


def _rules(when: str = "dealt", needs_look: bool = True) -> Any:
    return rules_for("casual", session=_session(when, needs_look))


UNLOOKED_YAML = ("extends: standard\nname: every-prial\nsession:\n"
                 "  bonus: {prial: 10, running_flush: 4, when: dealt, needs_look: false}\n")


def test_a_prial_folded_blind_earns_when_looking_is_not_needed() -> None:
    """拿到 read as "is dealt": B folds a prial unseen, and still collects 10 from each other player."""
    deal = play(deal_with(_rules(needs_look=False), HANDS), ["A look", "A bet 10", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert deal.result.bonuses == {"A": -10, "B": 20, "C": -10}
    assert [e for e in deal.events if isinstance(e, Bonus)] == [Bonus("B", Fraction(10), "prial")]
    assert "session.bonus.prial" in deal.result.decided_by


def test_the_same_prial_folded_blind_earns_nothing_when_looking_is_needed() -> None:
    """拿到 read as "gets and looks at": today's ``when: dealt``; an unseen prial is never declared."""
    deal = play(deal_with(_rules(), HANDS), ["A look", "A bet 10", "B fold", "C fold"])
    assert deal.result is not None and not any(deal.result.bonuses.values())
    looked = play(deal_with(_rules(), HANDS), ["A look", "A bet 10", "B look", "B fold", "C fold"])
    assert looked.result is not None and looked.result.bonuses == {"A": -10, "B": 20, "C": -10}


def test_a_hand_is_paid_once_when_it_is_looked_at_too() -> None:
    deal = play(deal_with(_rules(needs_look=False), HANDS), ["A look", "A bet 10", "B look", "B fold", "C fold"])
    assert deal.result is not None and deal.result.bonuses == {"A": -10, "B": 20, "C": -10}


def test_every_bonus_hand_dealt_earns_and_a_carried_deal_pays_too() -> None:
    """Two bonus hands, both unseen, and a pot that carries (nobody bet, 003's no-bet carry)."""
    rules = rules_for("casual", session=_session(needs_look=False), folding={"nobody_bet": "carries"})
    hands = {"A": "4h 5h 6h", "B": "9h 9d 9c", "C": "2c 7h Jd"}  # A a running flush, B a prial
    deal = play(deal_with(rules, hands), ["A fold", "B fold"])
    assert deal.result is not None and deal.result.outcome == "carried"
    assert deal.result.bonuses == {"A": 8 - 10, "B": 20 - 4, "C": -14}


def test_a_retained_hand_earns_only_in_the_deal_it_was_dealt() -> None:
    """002's retention: a blind survivor keeps the unseen hand; it earned in its own deal, not again."""
    rules = rules_for("traditional", session={"bonus": {"prial": 10, "running_flush": 0, "when": "dealt",
                                                        "needs_look": False}})
    first = play(deal_with(rules, HANDS), ["A bet 1", "B bet 1", "C fold", "A fold", "B retain"])
    assert first.result is not None and first.result.outcome == "carried"
    assert first.result.bonuses == {"A": -10, "B": 20, "C": -10}
    kept = first.result.retained
    second = deal_with(rules, {"A": "2h 3d 8c", "B": "4c 5d Kh", "C": "Ts Jh 4d"}, retained=kept,
                       carried=first.result.carried_out)
    play(second, ["A look", "A bet 2", "B look old", "B keep", "B bet 2", "C fold", "A fold"])
    assert second.result is not None and not any(second.result.bonuses.values())


def test_needs_look_false_without_when_dealt_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("extends: standard\nsession:\n  bonus:\n    prial: 5\n    needs_look: false\n", encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(path))
    text = str(refused.value)
    assert "odd.yaml:5:" in text and "needs_look" in text and "when: dealt" in text, text


def test_a_needs_look_that_is_not_a_switch_is_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("session:\n  bonus: {when: dealt, needs_look: 'no'}\n")
    assert "needs_look" in str(refused.value)


def test_the_audit_recomputes_the_unlooked_bonus(tmp_path: Path) -> None:
    (tmp_path / "every-prial.yaml").write_text(UNLOOKED_YAML, encoding="utf-8")
    body = ("players: [A, B, C]\ndealer: C\ndeals:\n"
            "  - cards: {A: 5s 6h 7d, B: 9h 9d 9c, C: 2c 7h Jd}\n"
            "    actions: [A look, A bet 2, B fold, C fold]\n"
            "    result: {winner: A, net: {A: -8, B: 19, C: -11}}\n")
    report = audit(parse_sheet(f"profile: every-prial.yaml\n{body}", filename=str(tmp_path / "s.yaml")))
    assert report.ok, report.violations
    wrong = audit(parse_sheet(f"profile: every-prial.yaml\n{body.replace('B: 19', 'B: -1')}",
                              filename=str(tmp_path / "t.yaml")))
    assert [v.rule for v in wrong.violations] == ["history.result"]


def test_the_explainers_know_both_readings() -> None:
    unlooked = load_profile_text(UNLOOKED_YAML)
    assert explain("session.bonus.needs_look", False) == (
        "every bonus hand dealt earns, looked at or not, settled with the deal")
    assert in_play("session.bonus.needs_look", unlooked)
    assert not in_play("session.bonus.needs_look", load_profile("casual"))  # no bonus amounts
    assert "looked at or not" in source_of("session.bonus.needs_look", False)
    assert "拿到" in source_of("session.bonus.needs_look", True)
    looked = load_profile_text(UNLOOKED_YAML.replace(", needs_look: false", ""))
    found = compare([("looked", looked), ("every-prial", unlooked)]).find("session.bonus.needs_look")
    assert found is not None and found.values == {"looked": True, "every-prial": False}
    book = " ".join(render(build_rulebook(unlooked), "text").split())
    assert "A player dealt a prial (looked at or not) collects 10 from every other player" in book
    assert "whether its holder looks at it or not" in book


def test_a_profile_leaving_needs_look_unset_hashes_as_before() -> None:
    plain = load_profile_text(UNLOOKED_YAML.replace(", needs_look: false", ""))
    same = load_profile_text(UNLOOKED_YAML.replace("needs_look: false", "needs_look: true"))
    assert profile_hash(plain) == profile_hash(same) != profile_hash(load_profile_text(UNLOOKED_YAML))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6),
       base=st.sampled_from(["standard", "traditional", "casual", "seven-card"]))
def test_random_play_with_unlooked_bonuses_conserves_money_and_audits(tmp_path_factory: Any, seed: int,
                                                                      players: int, base: str) -> None:
    data = load_profile(base).model_dump(mode="json")
    data["session"]["bonus"] = {"prial": 3, "running_flush": 2, "when": "dealt", "needs_look": False}
    data["table"]["min_players"] = 2
    profile = Profile.model_validate(data)
    rules = compile_rules(profile)
    players = min(players, profile.table.max_players)
    names = ["A", "B", "C", "D", "E", "F"][:players]
    path = Path(tmp_path_factory.mktemp("bonus")) / "log.jsonl"
    session = Session(rules, names, seed=seed, dealer=names[-1])
    with LogWriter.for_session(path, session, profile_name="every-prial"):
        play_session(session, random_chooser(random.Random(seed)), max_deals=8)
    start = rules.session.starting_stack if rules.session.finite else Fraction(0)
    assert sum(session.balances.values()) + session.state.carried == start * players
    for record in session.records:  # every bonus hand dealt is paid, looked at or not (finite stacks may fall short)
        if rules.session.finite or record.result.outcome == "redeal":
            continue
        expected = {p: Fraction(0) for p in record.order}
        for holder, hand in record.hands.items():
            amount = rules.session.bonus.get(_category(rules, hand), Fraction(0)) if hand is not None else 0
            for p in record.order:
                expected[p] += amount * (len(record.order) - 1) if p == holder else -amount
        assert record.result.bonuses == expected
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.net == session.net()


def _category(rules: Any, hand: Any) -> str:
    return str(rules.comparer.category(tuple(hand)))
