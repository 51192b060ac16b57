"""format.open.faceup: a seen player pays to play their hand open (Faceup).

The pages: 3pattimaster.com, open card rules: "some tables allow a player to "open" their own cards (turn
face-up) after paying a cost"; "Some tables require opening to pay an extra stake (often double the current
bet) as a deterrent to casual opens"; "When a player opens they are usually already "seen."" 3pattimaster.com,
open Teen Patti: "their cards are turned face up for all to see; the hand continues with public information
in play".

Under teen-patti (boot 1; a seen player's chaal is 2 at first, at most twice the stake) with four players.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.session import Session, random_chooser
from bragrules.explainers.diff import compare, render_text
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import LogWriter, parse_sheet, read_log
from bragrules.profile import load_profile, load_profile_text
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, play, rules_for


def _deal(cost: str = "double_chaal"):  # type: ignore[no-untyped-def]
    return deal_with(rules_for("teen-patti", format={"open": {"faceup": cost}}), FOUR)


def test_a_seen_player_bets_double_the_chaal_and_the_hand_lies_face_up() -> None:
    """"Some tables require opening to pay an extra stake (often double the current bet)"."""
    deal = play(_deal(), ["A look"])
    (opening,) = [o for o in deal.legal_actions() if o.kind == "open"]
    assert opening.amount == 4  # the chaal is 2
    assert deal.view(None).visible_cards() == frozenset()
    play(deal, ["A opens 4"])
    assert deal.level == 4 and deal.pot == 8 and deal.to_act == "B"
    assert {str(c) for c in deal.view(None).visible_cards()} == {"Kc", "9c", "4c"}
    assert {str(c) for c in deal.view("B").visible_cards()} == {"Kc", "9c", "4c"}
    assert str(deal.actions[-1]) == "A open 4"  # the history records it as taken
    assert "open" not in {o.kind for o in play(deal, ["B look", "B bet 4", "C fold", "D fold"]).legal_actions()}


def test_at_the_chaal_alone() -> None:
    deal = play(_deal("chaal"), ["A look"])
    assert [o.amount for o in deal.legal_actions() if o.kind == "open"] == [2]


def test_a_blind_player_looks_first_and_a_wrong_price_is_refused() -> None:
    """"When a player opens they are usually already "seen.""."""
    deal = _deal()
    assert "open" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as blind:
        deal.apply_text("A opens 4")
    assert blind.value.rule == "format.open.faceup"
    play(deal, ["A look"])
    before = (deal.pot, len(deal.actions), deal.level)
    with pytest.raises(RuleViolation) as wrong:
        deal.apply_text("A opens 2")
    assert wrong.value.rule == "format.open.faceup" and "twice the chaal, 4, not 2" in str(wrong.value)
    assert (deal.pot, len(deal.actions), deal.level) == before


def test_nobody_plays_open_where_the_profile_has_none() -> None:
    deal = play(deal_with(rules_for("teen-patti"), FOUR), ["A look"])
    assert "open" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action("A", "open", amount=4))
    assert refused.value.rule == "format.open.faceup"


def test_the_rulebook_and_diff_say_it() -> None:
    faceup, teen = load_profile("faceup"), load_profile("teen-patti")
    assert "they pay twice the chaal and turn their whole hand face up" in " ".join(render(build_rulebook(faceup)).split())
    told = render_text(compare([("teen-patti", teen), ("faceup", faceup)]))
    assert "format.open.faceup" in told and "twice the chaal" in told


SHEET = ("format: bragrules-history/1\nprofile: faceup\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
         "    actions: [A look, A open 4, B look, B bet 4, C fold, D fold, A see 4]\n")


def test_the_audit_replays_an_open_play_and_cites_a_wrong_one() -> None:
    report = audit(parse_sheet(SHEET, filename="sheet.yaml"), load_profile("faceup"))
    assert report.ok, [str(v) for v in report.violations]
    wrong = audit(parse_sheet(SHEET.replace("A open 4", "A open 2"), filename="sheet.yaml"), load_profile("faceup"))
    assert [(v.rule, v.action) for v in wrong.violations][:1] == [("format.open.faceup", 1)]
    closed = audit(parse_sheet(SHEET, filename="sheet.yaml"), load_profile("teen-patti"))
    assert [v.rule for v in closed.violations][:1] == ["format.open.faceup"]


def test_arbitrate_rules_on_an_open_play() -> None:
    situation = SHEET.replace(", B look, B bet 4, C fold, D fold, A see 4]", "]").replace(
        "[A look, A open 4]", "[A look]\n    dispute: A open 2")
    (ruling,) = arbitrate(parse_sheet(situation, filename="s.yaml"), [load_profile("faceup")]).rulings
    assert not ruling.allowed and ruling.rules[0] == "format.open.faceup"
    allowed = situation.replace("dispute: A open 2", "dispute: A open 4")
    (fine,) = arbitrate(parse_sheet(allowed, filename="s.yaml"), [load_profile("faceup")]).rulings
    assert fine.allowed and "format.open.faceup" in fine.rules


def test_faceup_plays_logs_and_audits(tmp_path: Path) -> None:
    session = Session(compile_rules(load_profile("faceup")), ["A", "B", "C", "D"], seed=11)
    out = io.StringIO()
    rng = random.Random(11)
    choose = random_chooser(rng)
    opened = 0
    with LogWriter.for_session(out, session, include_profile=True):
        for _ in range(8):
            deal = session.start_deal()
            while not deal.is_over:
                options = deal.legal_actions()
                open_play = [o for o in options if o.kind == "open"]
                if open_play and rng.random() < 0.5:
                    session.act(open_play[0].action())
                    opened += 1
                else:
                    session.act(choose(deal))
            session.finish_deal()
    assert opened
    path = tmp_path / "faceup.jsonl"
    path.write_text(out.getvalue())
    report = audit(read_log(str(path)))
    assert report.ok, [str(v) for v in report.violations]
    assert load_profile_text("extends: faceup\nname: f\n").format.open.faceup == "double_chaal"
