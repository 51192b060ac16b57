"""blind.look_fee: a blind player pays to look at their cards.

3pattimaster.com, "Teen Patti blind meaning": "Conversion: A blind player can choose to 'see' later in the same
hand by paying an equivalent to the current stake to look at their cards and change their status to seen."

Read as a rule (``stake``): a look costs what a blind bet at the current level pays (before anybody bets, the blind
rate of the least opening bet), paid into the pot; it is no bet, so the level and the raises stay as they were. A
player who cannot pay it is not offered a look, and one asked for is refused naming the rule.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile_text
from bragrules.profile.errors import ProfileError

from ..helpers import deal_with, play, rules_for

FEE = {"look_fee": "stake"}
THREE = {"A": "Ks Qd 9c", "B": "Kh Qc 9d", "C": "2c 3d 5h"}
YAML = "extends: teen-patti\nname: look-fee\nblind: {look_fee: stake}\n"


def test_a_look_costs_the_current_stake_into_the_pot() -> None:
    """"paying an equivalent to the current stake to look at their cards": before any bet the blind rate of the
    least opening bet (1 of Teen Patti's 2); after a seen chaal of 2, a blind stake of 1."""
    deal = deal_with(rules_for("teen-patti", blind=FEE), THREE)
    assert deal.pot == 3
    deal.apply_text("A look")
    assert deal.pot == 4 and deal.players["A"].seen and deal.level is None and deal.raises_made == 0
    play(deal, ["A bet 2", "B look"])
    assert deal.pot == 7 and deal.level == 2 and deal.players["B"].bets == 0  # a fee is no bet


def test_looking_is_free_without_the_rule() -> None:
    deal = play(deal_with(rules_for("teen-patti"), THREE), ["A look"])
    assert deal.pot == 3


def test_a_player_who_cannot_pay_is_not_offered_a_look_and_is_refused() -> None:
    rules = rules_for("teen-patti", blind=FEE, session={"bankroll": "finite", "starting_stack": 10})
    deal = deal_with(rules, THREE, stacks={"A": Fraction(3, 2), "B": Fraction(10), "C": Fraction(10)})
    assert deal.result is None and deal.players["A"].stack == Fraction(1, 2)  # below the look's 1
    assert "look" not in {option.kind for option in deal.legal_actions()}
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A look")
    assert refused.value.rule == "blind.look_fee"


def test_a_log_with_look_fees_audits_and_the_rulebook_says_it(tmp_path: Path) -> None:
    profile = load_profile_text(YAML)
    from bragrules.rules.compile import compile_rules

    session = Session(compile_rules(profile), ["A", "B", "C"], seed=8)
    path = tmp_path / "fee.jsonl"
    looks = 0
    with LogWriter.for_session(path, session, profile_name="look-fee"):
        for _ in range(6):
            deal = session.start_deal()
            while not deal.is_over:
                options = deal.legal_actions()
                chosen = next((o for o in options if o.kind == "look"), options[-1])
                looks += chosen.kind == "look"
                session.act(chosen.action())
            session.finish_deal()
    assert looks and audit(str(path)).ok
    text = " ".join(render_text(build_rulebook(profile)).split())
    assert "pays the current stake into the pot to look at their cards" in text


def test_arbitrate_cites_the_fee() -> None:
    sheet = parse_sheet("format: bragrules-history/1\nprofile: look-fee\nplayers: [A, B, C]\ndealer: C\n"
                        "deals:\n  - cards: {A: Ks Qd 9c, B: Kh Qc 9d, C: 2c 3d 5h}\n    actions: [A look]\n"
                        "    dispute: A bet 2\n", filename="s.yaml")
    (ruling,) = arbitrate(sheet, [load_profile_text(YAML)]).rulings
    assert ruling.allowed


def test_a_fee_without_blind_play_is_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("extends: standard\nname: x\nblind: {allowed: false, look_fee: stake}\n")
    assert "blind.look_fee" in str(refused.value)
