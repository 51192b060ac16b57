"""stakes.max_bet: no single bet may exceed a set amount (a payment cap, beside stakes.max_stake's level cap).

S19, https://blog.ulifestyle.com.hk/blogger/hendriklee/2016/06/1-22/,
http://www.onecybertech.com/products/flash/multiuser/Goldflower.htm, https://ion-casino.org/teen-patti-guide/:
"no single bet may exceed a set amount". S11, https://www.mega888.com.ph/game-list/teen-patti-joker-jili/:
"past 128x the boot nobody may raise, only call" is the level cap ``stakes.max_stake`` already says
(tests/rules/test_stakes_max_stake.py); a single bet's amount differs from the level for a blind player,
who pays half the level, so the payment cap is a field of its own.

The scenario: traditional (ante 1, four players, a raise adds at most 5, no opening maximum) with a
maximum bet of 6.
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

CAP = {"opening_max": None, "max_bet": 6}
CAP_YAML = "extends: traditional\nname: max-bet\nstakes: {opening_max: null, max_bet: 6}\n"
SHEET = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n")


def test_no_single_payment_exceeds_the_maximum_blind_or_seen() -> None:
    """"no single bet may exceed a set amount": a seen player pays at most 6, and so does a blind one
    (a level of 12 for a blind player, which a level cap of 6 would not allow)."""
    deal = play(deal_with(rules_for("traditional", stakes=CAP), FOUR), ["A look", "A bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("B", 2, Fraction(9, 2))  # blind: the raise limit (level 9) binds
    play(deal, ["B bet 4"])  # blind: level 8
    play(deal, ["C look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("C", 8, 8)  # seen, facing level 8: may match it only
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("C bet 9")
    assert refused.value.rule == "stakes.max_bet"
    assert "no single bet may exceed 6" in str(refused.value)
    assert deal.to_act == "C" and deal.level == 8  # nothing changed


def test_a_seen_raise_stops_at_the_maximum() -> None:
    deal = play(deal_with(rules_for("traditional", stakes=CAP), FOUR), ["A look", "A bet 4", "B look"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount) == (4, 6)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 7")
    assert refused.value.rule == "stakes.max_bet"


def test_random_legal_play_never_pays_more_than_the_maximum_for_a_raise() -> None:
    rules = rules_for("traditional", stakes=CAP)
    choose = random_chooser(random.Random(9))
    at_the_cap = 0
    for _ in range(60):
        deal = deal_with(rules, FOUR)
        level = None
        while deal.result is None:
            event = deal.apply(choose(deal))  # type: ignore[arg-type]
            if isinstance(event, Bet):
                raised = level is None or (event.level is not None and event.level > level)
                if raised:
                    assert event.amount <= 6
                at_the_cap += event.amount == 6
                level = event.level
    assert at_the_cap > 10


def test_the_audit_and_arbitrate_name_the_maximum() -> None:
    sheet = parse_sheet(SHEET + "    actions: [A look, A bet 4, B look, B bet 7, B bet 6, C fold, D fold, A fold]\n",
                        filename="sheet.yaml")
    report = audit(sheet, load_profile_text(CAP_YAML))
    assert [(v.rule, v.action) for v in report.violations] == [("stakes.max_bet", 3)]
    dispute = parse_sheet(SHEET + "    actions: [A look, A bet 4, B look]\n    dispute: B bet 6\n",
                          filename="situation.yaml")
    (allowed,) = arbitrate(dispute, [load_profile_text(CAP_YAML)]).rulings
    assert allowed.allowed and "stakes.max_bet" in allowed.rules


def test_a_maximum_below_the_opening_is_refused() -> None:
    with pytest.raises(ProfileError, match="max_bet"):
        load_profile_text("extends: traditional\nstakes: {opening_min: 2, max_bet: 1}\n")


def test_a_blind_player_pays_the_maximum_at_twice_the_level_a_level_cap_would_allow() -> None:
    """The difference from ``stakes.max_stake``: with no raise limit, a blind player may pay 6 (level
    12); a highest stake of 6 would let them pay 3."""
    free = {"opening_max": None, "raise_limit": {"kind": "none", "amount": None}}
    deal = play(deal_with(rules_for("traditional", stakes={**free, "max_bet": 6}), FOUR), ["A look", "A bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("B", 2, 6)
    deal = play(deal_with(rules_for("traditional", stakes={**free, "max_stake": 6}), FOUR), ["A look", "A bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("B", 2, 3)
