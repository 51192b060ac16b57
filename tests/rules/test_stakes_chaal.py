"""stakes.raise_limit.kind: multiple (with factor) and stakes.raise_limit.whole_multiples: Teen Patti's chaal.

S09, https://teenpatti-helpdesk.dynamicnext.com/support/solutions/articles/4000198313-how-to-play:
"A blind player can chaal by placing a bet that is equal to the current stake or up to twice the
current stake. ... A seen player, one who has viewed their cards, can chaal by placing a bet that is
twice the current stake or up to four times the current stake."
S09, http://teenpatti.gamentio.com/pl/howtoplay: "The maximum value of a Chaal cannot be more than two
times (2x) the value of a previous Chaal, OR, four times (4x) the value of a previous Blind."
S10, https://casinoonline.net.in/india-games/teen-patti/: "The chaal wager must be at least equal to the
previous bet (initially, the blind) or increase it by a multiple of two (2X, 4X, 6X, etc.)."

In seen-equivalent levels both S09 pages say one thing: a bet sets the level at most twice the level
(factor 2). The scenario is traditional with no opening maximum, four players, and that cap.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Bet
from bragrules.engine.session import random_chooser
from bragrules.history import parse_sheet
from bragrules.play.bots import STYLES, make_bot
from bragrules.profile import ProfileError, load_profile_text

from ..helpers import FOUR, deal_with, play, rules_for

CHAAL = {"opening_max": None, "raise_limit": {"kind": "multiple", "amount": None, "factor": 2}}
WHOLE = {"opening_max": None, "raise_limit": {"kind": "multiple", "amount": None, "factor": 3, "whole_multiples": True}}
CHAAL_YAML = ("extends: traditional\nname: chaal\nstakes: {opening_max: null, raise_limit: "
              "{kind: multiple, amount: null, factor: 2}}\n")
SHEET = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n")


def test_a_blind_pays_the_stake_to_twice_it_and_a_seen_player_twice_to_four_times() -> None:
    """"A blind player ... equal to the current stake or up to twice the current stake ... A seen player
    ... twice the current stake or up to four times the current stake" (teenpatti-helpdesk)."""
    deal = play(deal_with(rules_for("traditional", stakes=CHAAL), FOUR), ["A bet 1"])  # a blind stake of 1: level 2
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("B", 1, 2)  # blind: 1x to 2x the blind stake
    play(deal, ["B look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount) == (2, 4)  # seen: 2x to 4x the blind stake
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 5")
    assert refused.value.rule == "stakes.raise_limit.factor"
    assert "a bet sets the level at most twice the current level" in str(refused.value)
    assert deal.to_act == "B" and deal.level == 2 and deal.pot == 5  # nothing changed


def test_the_chaal_never_more_than_doubles_a_previous_chaal() -> None:
    """"The maximum value of a Chaal cannot be more than two times (2x) the value of a previous Chaal"
    (gamentio): after a seen chaal of 4 the next seen player pays 4 to 8."""
    deal = play(deal_with(rules_for("traditional", stakes=CHAAL), FOUR), ["A look", "A bet 4", "B look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount) == (4, 8)
    play(deal, ["B bet 8"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("C", 4, 8)  # C blind: half of 8 to half of 16


def test_without_the_factor_the_raise_is_free() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"opening_max": None, "raise_limit": {"kind": "none"}}),
                          FOUR), ["A look", "A bet 4", "B look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert bet.max_amount is None
    deal.apply_text("B bet 9")


def test_raises_in_whole_multiples_of_the_stake() -> None:
    """"increase it by a multiple of two (2X, 4X, 6X, etc.)" (casinoonline.net.in): with factor 3 and
    whole multiples, from level 4 a seen player pays 4, 8 or 12 and nothing between."""
    deal = play(deal_with(rules_for("traditional", stakes=WHOLE), FOUR), ["A look", "A bet 4", "B look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount, bet.step) == (4, 12, 4)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 6")
    assert refused.value.rule == "stakes.raise_limit.whole_multiples"
    assert "only to a whole multiple of the level of 4" in str(refused.value)
    deal.apply_text("B bet 8")
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount, bet.step) == ("C", 4, 12, 4)  # blind: 4, 8, 12


def test_random_legal_play_keeps_every_chaal_within_twice_the_level() -> None:
    rules = rules_for("traditional", stakes=CHAAL)
    choose = random_chooser(random.Random(5))
    raised_to_double = 0
    for _ in range(60):
        deal = deal_with(rules, FOUR)
        level = None
        while deal.result is None:
            event = deal.apply(choose(deal))  # type: ignore[arg-type]
            if isinstance(event, Bet) and event.level is not None:
                if level is not None:
                    assert level <= event.level <= 2 * level
                    raised_to_double += event.level == 2 * level
                level = event.level
    assert raised_to_double > 10


@pytest.mark.parametrize("style", STYLES)
def test_the_bots_chaal_within_the_cap(style: str) -> None:
    """The bots choose among the legal actions: every bet they make is within 1x to 2x the level."""
    rules = rules_for("traditional", stakes=WHOLE)
    rng = random.Random(3)
    for index in range(20):
        deal = deal_with(rules, FOUR)
        bots = {p: make_bot(style, rng=random.Random(index * 7 + ord(p))) for p in "ABCD"}
        level = None
        while deal.result is None and deal.to_act is not None:
            player = deal.to_act
            action = bots[player].choose(deal.view(player))
            event = deal.apply(action)
            if isinstance(event, Bet) and event.level is not None:
                if level is not None:
                    assert event.level in (level, 2 * level, 3 * level)
                level = event.level
    assert rng  # the deals above are the test


def test_the_audit_names_the_factor() -> None:
    sheet = parse_sheet(SHEET + "    actions: [A look, A bet 2, B look, B bet 5, C fold, D fold, A fold]\n",
                        filename="sheet.yaml")
    assert audit(sheet).ok  # traditional alone lets a raise add 5
    tampered = parse_sheet(SHEET + "    actions: [A look, A bet 2, B look, B bet 5, B bet 4, C fold, D fold, A fold]\n",
                           filename="sheet.yaml")
    report = audit(tampered, load_profile_text(CHAAL_YAML))
    assert [(v.rule, v.action) for v in report.violations] == [("stakes.raise_limit.factor", 3)]


def test_arbitrate_cites_the_factor() -> None:
    allowed_sheet = parse_sheet(SHEET + "    actions: [A look, A bet 2, B look]\n    dispute: B bet 4\n",
                                filename="situation.yaml")
    (allowed,) = arbitrate(allowed_sheet, [load_profile_text(CHAAL_YAML)]).rulings
    assert allowed.allowed and "stakes.raise_limit.factor" in allowed.rules
    refused_sheet = parse_sheet(SHEET + "    actions: [A look, A bet 2, B look]\n    dispute: B bet 5\n",
                                filename="situation.yaml")
    (refused,) = arbitrate(refused_sheet, [load_profile_text(CHAAL_YAML)]).rulings
    assert not refused.allowed and refused.rules[0] == "stakes.raise_limit.factor"


def test_a_factor_needs_its_kind_and_a_multiple_needs_a_factor() -> None:
    with pytest.raises(ProfileError, match="factor above 1"):
        load_profile_text("extends: traditional\nstakes: {raise_limit: {kind: multiple, amount: null}}\n")
    with pytest.raises(ProfileError, match="factor above 1"):
        load_profile_text("extends: traditional\nstakes: {raise_limit: {kind: multiple, amount: null, factor: 1}}\n")
    with pytest.raises(ProfileError, match="factor 2 is for kind: multiple"):
        load_profile_text("extends: traditional\nstakes: {raise_limit: {factor: 2}}\n")
    with pytest.raises(ProfileError, match="whole_multiples does not go with a fixed raise"):
        load_profile_text("extends: traditional\nstakes: {raise_limit: {kind: fixed, amount: 2, whole_multiples: true}}\n")


def test_the_example_profile_reads_and_explains() -> None:
    from bragrules.explainers.diff import compare
    from bragrules.explainers.rulebook import build_rulebook, render
    from bragrules.profile import load_profile

    example = load_profile(str(Path(__file__).parents[1] / "data" / "good_profiles" / "teen_patti_stakes.yaml"))
    text = render(build_rulebook(example), "text")
    assert "A bet sets the level at most twice the current level" in text
    assert "Once the pot reaches 1024" in text and "No single bet may cost more than 64" in text
    comparison = compare([("traditional", load_profile("traditional")), ("example", example)])
    changed = {d.path: d for d in comparison.differences}
    assert {"stakes.raise_limit.factor", "stakes.raise_limit.whole_multiples", "stakes.max_bet",
            "stakes.pot_limit", "seeing.fee_to"} <= set(changed)
    assert changed["stakes.raise_limit.factor"].sentences["teen-patti-stakes-example"].startswith(
        "a bet sets the level at most twice the current level")


def test_play_offers_each_chaal_at_its_exact_cost(tmp_path: Path) -> None:
    """`play` under the example (factor 2, whole multiples): a seen player facing a blind stake of 1 is
    offered "bet 2 or 4", the page's "Chaal 2x & Chaal 4x buttons", and the log audits clean."""
    from typer.testing import CliRunner

    from bragrules_cli.app import app

    example = Path(__file__).parents[1] / "data" / "good_profiles" / "teen_patti_stakes.yaml"
    script = tmp_path / "moves.txt"
    script.write_text("look\nfold\n" * 4, encoding="utf-8")
    log = tmp_path / "chaal.jsonl"
    result = CliRunner().invoke(app, ["play", "-p", str(example), "--seed", "1", "--hands", "3", "--log", str(log),
                                      "--script", str(script)], env={"NO_COLOR": "1", "COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "bet 2 or 4" in result.output and "bet 1 or 2" in result.output
    assert audit(str(log)).ok
