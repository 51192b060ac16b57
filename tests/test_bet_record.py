"""A bet is recorded in one place: every count of the betting a rule reads moves only in ``record_bet``."""

from __future__ import annotations

import re
from pathlib import Path

from bragrules.core.cards import parse_cards
from bragrules.engine.deal import Deal
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

ENGINE = Path(__file__).resolve().parents[1] / "bragrules" / "engine"
COUNTS = ("blind_bets", "raises_made", "bets_at_level", "last_match", "level_u")
ASSIGNED = re.compile(r"\.(%s)\s*(\+|-)?=(?!=)" % "|".join(COUNTS))


def test_only_record_bet_moves_the_counts_of_the_betting() -> None:
    moved = {}
    for path in sorted(ENGINE.glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if ASSIGNED.search(line) and "self." not in line:  # a deal's own start counts nothing yet
                moved.setdefault(path.name, []).append(number)
    assert list(moved) == ["bet_record.py"], moved


def _deal(profile: Profile) -> Deal:
    hands = {"A": parse_cards("Ah Ad Ac"), "B": parse_cards("2c 3d 5h"), "C": parse_cards("Kh Qh 9s")}
    return Deal(compile_rules(profile), ["A", "B", "C"], hands)


def test_a_turn_a_post_and_a_chaal_each_move_their_counts() -> None:
    deal = _deal(Profile())
    for text in ["A bet 1", "B bet 1", "C bet 2"]:
        deal.apply_text(text)
    assert (deal.players["A"].blind_bets, deal.raises_made, deal.bets_at_level, deal.last_match) == (1, 1, 0, None)
    deal.apply_text("A bet 2")
    assert (deal.players["A"].blind_bets, deal.bets_at_level, deal.last_match) == (2, 1, "A")
    blinds = Profile.model_validate({"stakes": {"forced": {"kind": "blinds", "amount": 2}}})
    posted = _deal(blinds)
    assert posted.raises_made == 0 and posted.bets_at_level == 0  # the big blind after the small is no raise
    live = sum(1 for post in posted.posted if post.live)
    assert live and sum(state.blind_bets for state in posted.players.values()) == live
