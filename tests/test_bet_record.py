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


POT_PAID = re.compile(r"\.pot_u\s*\+=")


def test_only_bet_record_pays_into_the_pot() -> None:
    """Every payment into the pot (a bet, an ante, a dead post, a fee to look, a fine) goes through ``pay`` or
    ``pay_in``: no other engine module adds to the pot itself."""
    paid = {path.name: [n for n, line in enumerate(path.read_text().splitlines(), 1) if POT_PAID.search(line)]
            for path in sorted(ENGINE.glob("*.py"))}
    assert {name for name, lines in paid.items() if lines} == {"bet_record.py"}, paid


def test_a_payment_that_is_no_bet_moves_no_count_of_the_betting() -> None:
    """A fee to look (``blind.look_fee: stake``) is paid into the pot through ``pay_in``: the pot and the
    player's total grow by it, and the level, the raises, the bets at the level, the player's blind bets and
    last payment stay as they were."""
    deal = _deal(Profile.model_validate({"blind": {"look_fee": "stake"}}))
    deal.apply_text("A bet 1")
    b = deal.players["B"]
    before = (deal.level_u, deal.raises_made, deal.bets_at_level, deal.last_match, b.blind_bets, b.last_u)
    pot, paid = deal.pot_u, b.paid_u
    deal.apply_text("B look")
    assert deal.pot_u > pot and b.paid_u - paid == deal.pot_u - pot
    assert (deal.level_u, deal.raises_made, deal.bets_at_level, deal.last_match, b.blind_bets, b.last_u) == before
