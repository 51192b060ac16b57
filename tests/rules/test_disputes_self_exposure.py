"""disputes.self_exposure: a penalty for showing your own cards to the table on purpose. D05:
"Showing your own cards to the table (or flashing them to signal) gets a player thrown out"
(https://oppa88888888.com/en/post/brag/); 3pattimaster.com's exposed-card rules
(https://3pattimaster.com/blog/exposed-card-rules-master-teen-patti-play) list among the causes of
an exposure "A player intentionally flashes a card to influence betting (cheating or tactical
signaling)" and leave the remedy to the house: "Pick one and apply it consistently". So the
penalty is an option: none, a fold, a fine into the pot, or out of the session.

The scenario under standard (three players, ante 1): A bets blind; B shows B's own cards to the
table (``B flashes``), out of turn.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Flash
from bragrules.engine.session import Session, random_chooser
from bragrules.explainers.explain import explain
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile.models import Profile

from ..helpers import deal_with, play, rules_for

HANDS = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"}


def _rules(penalty: str, fine: object = None) -> object:
    extra = {"self_exposure_fine": fine} if fine is not None else {}
    return rules_for("standard", disputes={"self_exposure": penalty, **extra})


def test_out_folds_the_player_and_puts_them_out_of_the_session() -> None:
    """"gets a player thrown out": C folds at once, out of turn (the turn stays with B), and is dealt no more."""
    session = Session(_rules("out"), ["A", "B", "C"], seed=2, dealer="C")  # type: ignore[arg-type]
    deal = session.start_deal()
    a, b, c = deal.order
    session.act(f"{a} bet 1")
    session.act(f"{c} flashes")  # out of turn: B is to act
    assert deal.players[c].folded and deal.to_act == b
    assert deal.events[-1] == Flash(c, "out", Fraction(0))  # the penalty is the record of the fold
    while not deal.is_over:
        session.act(deal.legal_actions()[-1].action())
    result = session.finish_deal()
    assert result.sent_out == (c,)
    assert c not in session.dealt_in() and c not in session.in_rotation()
    assert sum(session.balances.values()) == 0
    following = session.start_deal()
    assert c not in following.order and len(following.order) == 2


def test_fold_folds_the_player_only_for_this_deal() -> None:
    session = Session(_rules("fold"), ["A", "B", "C"], seed=2, dealer="C")  # type: ignore[arg-type]
    deal = session.start_deal()
    a, b, c = deal.order
    session.act(f"{a} bet 1")
    session.act(f"{b} flashes")
    assert deal.players[b].folded and deal.to_act == c
    while not deal.is_over:
        session.act(deal.legal_actions()[-1].action())
    session.finish_deal()
    assert b in session.dealt_in()


def test_a_fine_is_paid_into_the_pot_and_play_goes_on() -> None:
    deal = play(deal_with(_rules("fine", "5/2"), HANDS), ["A bet 1"])  # type: ignore[arg-type]
    assert deal.pot == 4
    event = deal.apply_text("B flashes")
    assert event == Flash("B", "fine", Fraction(5, 2))
    assert deal.pot == Fraction(13, 2) and not deal.players["B"].folded and deal.to_act == "B"
    assert deal.level == 2  # a fine is no bet: the level stays
    play(deal, ["B look", "B bet 2", "C fold", "A fold"])
    # B wins the pot, the fine back with it: the others' stakes are B's gain
    assert deal.result is not None and deal.result.net == {"A": -2, "B": 3, "C": -1}
    assert sum(deal.result.net.values()) == 0


def test_a_fine_is_no_more_than_a_player_has() -> None:
    rules = rules_for("standard", disputes={"self_exposure": "fine", "self_exposure_fine": 10},
                      session={"bankroll": "finite", "starting_stack": 5})
    deal = play(deal_with(rules, HANDS, stacks={p: Fraction(5) for p in HANDS}), ["A bet 1"])
    deal.apply_text("B flashes")
    assert deal.players["B"].stack == 0 and deal.players["B"].all_in and deal.pot == 3 + 1 + 4


def test_no_penalty_changes_nothing_but_the_record() -> None:
    deal = play(deal_with(rules_for("standard"), HANDS), ["A bet 1"])
    assert deal.apply_text("B flashes") == Flash("B", "no_penalty", Fraction(0))
    assert deal.pot == 4 and deal.to_act == "B" and not deal.players["B"].folded


def test_a_folded_player_has_nothing_to_show() -> None:
    deal = play(deal_with(_rules("fold"), HANDS), ["A bet 1", "B fold"])  # type: ignore[arg-type]
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B flashes")
    assert refused.value.rule == "disputes.self_exposure"


def test_a_fine_needs_its_amount() -> None:
    with pytest.raises(ValueError, match="self_exposure: fine needs the amount"):
        Profile.model_validate({"disputes": {"self_exposure": "fine"}})
    with pytest.raises(ValueError, match="self_exposure_fine is paid only with self_exposure: fine"):
        Profile.model_validate({"disputes": {"self_exposure_fine": 2}})


@pytest.mark.parametrize("penalty,fine", [("out", None), ("fine", "1/2"), ("fold", None)])
def test_logs_with_penalties_audit_clean(tmp_path: Path, penalty: str, fine: object) -> None:
    rules = _rules(penalty, fine)
    session = Session(rules, ["A", "B", "C", "D"], seed=5, dealer="D")  # type: ignore[arg-type]
    path = tmp_path / f"{penalty}.jsonl"
    choose = random_chooser(random.Random(5))
    with LogWriter.for_session(path, session, profile_name="standard"):
        for number in range(6):
            if session.is_over:
                break
            deal = session.start_deal()
            if number in (1, 3):
                session.act(f"{deal.order[-1]} flashes")
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    report = audit(str(path))
    assert report.ok, [str(v) for v in report.violations]
    if penalty == "out":
        assert len(session.state.sent_out) == 2 and len(report.deals[-1].order) == 2


def test_the_audit_holds_a_player_put_out_to_it() -> None:
    """A sheet dealing B in again after B was put out breaks the rule that put B out."""
    sheet = parse_sheet("players: [A, B, C, D]\ndealer: D\ndeals:\n"
                        "  - actions: [A look, A bet 2, B flashes, C fold, D fold]\n"
                        "  - actions: [B fold, C fold, D fold]\n", filename="out.yaml")
    report = audit(sheet, _rules("out"))  # type: ignore[arg-type]
    assert not report.ok
    assert report.deals[1].order == ["C", "D", "A"]
    clean = parse_sheet("players: [A, B, C, D]\ndealer: D\ndeals:\n"
                        "  - actions: [A look, A bet 2, B flashes, C fold, D fold]\n"
                        "  - actions: [C fold, D fold]\n", filename="out.yaml")
    assert audit(clean, _rules("out")).ok  # type: ignore[arg-type]


def test_the_words() -> None:
    profile = Profile.model_validate({"disputes": {"self_exposure": "fine", "self_exposure_fine": "5/2"}})
    assert explain("disputes.self_exposure", "fine", profile) == (
        "a player who deliberately shows their own cards to the table pays a fine of 2½ into the pot and plays on")
    out = Profile.model_validate({"disputes": {"self_exposure": "out"}})
    assert explain("disputes.self_exposure", "out", out).endswith("folds at once and is out of the session")
