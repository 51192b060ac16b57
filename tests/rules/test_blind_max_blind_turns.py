"""blind.max_blind_turns: a player "may stay blind only a limited number of turns, then must see
the cards" (B06, Teen Patti: dev.to's Teen Patti Gold guide, mega888.com.ph).

The scenario under standard (ante 1, seen sees blind not allowed, blind pays half) with a
limit of two blind bets: A and B bet blind twice each; at A's third turn the only choices
left are to look or to fold; once A has looked A bets at the seen rate as usual.
"""

from __future__ import annotations

import random

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Bet
from bragrules.engine.session import random_chooser
from bragrules.history import parse_sheet
from bragrules.profile import load_profile_text

from ..helpers import FOUR, deal_with, play, rules_for

TWO = {"A": FOUR["A"], "B": FOUR["B"]}
LIMITED = "extends: standard\nname: two-blind\ntable: {min_players: 2}\nblind: {max_blind_turns: 2}\n"
HEADS_UP = "extends: standard\nname: heads-up\ntable: {min_players: 2}\n"


def test_after_the_limit_a_blind_player_must_look_or_fold() -> None:
    deal = play(deal_with(rules_for("standard", blind={"max_blind_turns": 2}), TWO),
                ["A bet 1", "B bet 1", "A bet 1", "B bet 1"])
    assert deal.to_act == "A"
    assert sorted(o.kind for o in deal.legal_actions()) == ["fold", "look"]
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 1")
    assert refused.value.rule == "blind.max_blind_turns"
    assert "A has made 2 blind bets, the most this profile allows: look at the cards, or fold" in str(refused.value)
    with pytest.raises(RuleViolation) as blind_see:
        deal.apply_text("A see 2")
    assert blind_see.value.rule == "blind.max_blind_turns"
    assert deal.to_act == "A" and deal.pot == 6 and deal.players["A"].blind  # nothing changed
    play(deal, ["A look"])
    assert {o.kind for o in deal.legal_actions()} >= {"bet", "fold"}
    play(deal, ["A bet 2"])  # seen: the full level
    assert deal.level == 2 and deal.to_act == "B"


def test_a_seen_player_is_never_held_by_the_limit() -> None:
    deal = play(deal_with(rules_for("standard", blind={"max_blind_turns": 1}), TWO),
                ["A look", "A bet 1", "B bet 1", "A bet 2"])
    assert deal.to_act == "B" and "bet" not in {o.kind for o in deal.legal_actions()}  # B: one blind bet made
    play(deal, ["B look", "B bet 2", "A bet 2"])
    assert deal.to_act == "B"  # A, seen, bet three times


def test_without_the_limit_blind_play_goes_on() -> None:
    deal = play(deal_with(rules_for("standard"), TWO), ["A bet 1", "B bet 1", "A bet 1", "B bet 1"])
    assert "bet" in {o.kind for o in deal.legal_actions()}


def test_random_legal_play_never_bets_blind_past_the_limit() -> None:
    rules = rules_for("standard", blind={"max_blind_turns": 2})
    choose = random_chooser(random.Random(5))
    forced = 0
    for _ in range(60):
        deal = deal_with(rules, FOUR)
        blind_bets = dict.fromkeys(FOUR, 0)
        while deal.result is None:
            event = deal.apply(choose(deal))  # type: ignore[arg-type]
            if isinstance(event, Bet) and event.blind:
                blind_bets[event.player] += 1
                assert blind_bets[event.player] <= 2
                forced += blind_bets[event.player] == 2
    assert forced > 20  # the limit was reached often enough to mean something


def test_the_audit_names_the_limit() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: standard\nplayers: [A, B]\ndealer: B\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d}\n"
        "    actions: [A bet 1, B bet 1, A bet 1, B bet 1, A bet 1, A look, A bet 2, B fold]\n",
        filename="sheet.yaml",
    )
    report = audit(sheet, load_profile_text(LIMITED))
    assert [(v.rule, v.action) for v in report.violations] == [("blind.max_blind_turns", 4)]  # the fifth action


def test_arbitrate_cites_the_limit() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: standard\nplayers: [A, B]\ndealer: B\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d}\n"
        "    actions: [A bet 1, B bet 1, A bet 1]\n    dispute: B bet 1\n",
        filename="situation.yaml",
    )
    limited, plain = arbitrate(sheet, [load_profile_text(LIMITED), load_profile_text(HEADS_UP)]).rulings
    assert limited.allowed and "blind.max_blind_turns" in limited.rules  # B's second blind bet: allowed
    assert plain.allowed and "blind.max_blind_turns" not in plain.rules
    third = parse_sheet(
        "format: bragrules-history/1\nprofile: standard\nplayers: [A, B]\ndealer: B\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d}\n"
        "    actions: [A bet 1, B bet 1, A bet 1, B bet 1]\n    dispute: A bet 1\n",
        filename="situation.yaml",
    )
    (refused,) = arbitrate(third, [load_profile_text(LIMITED)]).rulings
    assert not refused.allowed and refused.rules[0] == "blind.max_blind_turns"
