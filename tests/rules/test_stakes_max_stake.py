"""stakes.max_stake: no bet above a stake.

S11 (Teen Patti, mega888.com.ph): "past 128x the boot nobody may raise, only call".
S19 (ulifestyle, onecybertech, ion-casino): "no single bet may exceed a set amount".

The scenario under traditional (ante 1, four players, a raise adds at most 5) with a
highest stake of 6: a seen player may take the level to 6 and no further, a blind
player pays at most 3 (half of it); once the level is 6 nobody raises, the others
bet at the level, see or fold.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Bet
from bragrules.engine.session import random_chooser
from bragrules.history import parse_sheet
from bragrules.profile import ProfileError, load_profile_text

from ..helpers import FOUR, deal_with, play, rules_for

TOP = "extends: traditional\nname: top-six\nstakes: {max_stake: 6}\n"


def test_no_bet_sets_the_level_above_the_stake() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"max_stake": 6}), FOUR), ["A look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount) == (1, 5)  # the opening: opening_max 5 of traditional is lower
    play(deal, ["A bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("B", 2, 3)  # blind: half of 4 to half of 6
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 4")  # level 8: past the stake, though the raise limit allows 9
    assert refused.value.rule == "stakes.max_stake"
    assert "the stake is at most 6: a blind player pays at most 3, not 4" in str(refused.value)
    assert deal.to_act == "B" and deal.level == 4 and deal.pot == 8  # nothing changed


def test_at_the_stake_players_only_call_see_or_fold() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"max_stake": 6}), FOUR),
                ["A look", "A bet 4", "B look", "B bet 6"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("C", 3, 3)  # "only call": the level, at C's blind rate
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("C bet 4")
    assert refused.value.rule == "stakes.max_stake"
    play(deal, ["C bet 3", "D fold", "A fold", "B bet 6", "C look", "C see 12"])
    assert deal.result is not None and deal.level == 6


def test_without_the_stake_the_same_raise_is_allowed() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR), ["A look", "A bet 4", "B look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert bet.max_amount == 9


def test_random_legal_play_never_passes_the_stake() -> None:
    rules = rules_for("traditional", stakes={"max_stake": 6})
    choose = random_chooser(random.Random(11))
    at_the_stake = 0
    for _ in range(60):
        deal = deal_with(rules, FOUR)
        while deal.result is None:
            event = deal.apply(choose(deal))  # type: ignore[arg-type]
            if isinstance(event, Bet):
                assert event.level is not None and event.level <= 6
                at_the_stake += event.level == 6
    assert at_the_stake > 20  # the stake was reached often enough to mean something


def test_the_audit_names_the_stake(tmp_path: object) -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A look, A bet 4, B look, B bet 8, C fold, D fold, A fold]\n",
        filename="sheet.yaml",
    )
    assert audit(sheet).ok  # under traditional alone a raise to 8 is allowed
    corrected = parse_sheet(
        "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A look, A bet 4, B look, B bet 8, B bet 6, C fold, D fold, A fold]\n",
        filename="sheet.yaml",
    )
    report = audit(corrected, load_profile_text(TOP))
    assert [(v.rule, v.action) for v in report.violations] == [("stakes.max_stake", 3)]  # the fourth action


def test_arbitrate_cites_the_stake_when_it_allows_and_when_it_refuses() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A look, A bet 4, B look]\n    dispute: B bet 6\n",
        filename="situation.yaml",
    )
    (allowed,) = arbitrate(sheet, [load_profile_text(TOP)]).rulings
    assert allowed.allowed and "stakes.max_stake" in allowed.rules
    refused_sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A look, A bet 4, B look]\n    dispute: B bet 7\n",
        filename="situation.yaml",
    )
    (refused,) = arbitrate(refused_sheet, [load_profile_text(TOP)]).rulings
    assert not refused.allowed and refused.rules[0] == "stakes.max_stake"


def test_a_stake_no_bet_could_meet_is_refused() -> None:
    with pytest.raises(ProfileError, match="max_stake"):
        load_profile_text("extends: traditional\nstakes: {opening_min: 2, max_stake: 1}\n")
    with pytest.raises(ProfileError, match="max_stake must be a whole multiple of level_step"):
        load_profile_text("extends: traditional\nstakes: {max_stake: 5/2}\n")


def test_a_blind_share_of_an_odd_stake_is_exact() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"max_stake": 5}), FOUR), ["A look", "A bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert bet.max_amount == Fraction(5, 2)
