"""A draw-and-knock game played for a pot, not lives (``bastard-brag-pot``): the exchange of Bastard Brag, an ante
from everyone, and the best hand after the knock takes the pot, as cazino.co.uk ("Bastard Brag, Rules, How to
Play", https://www.cazino.co.uk/card-games/bastard-brag/) gives it:

"As soon as a player knocks, play continues and all remaining players still have to exchange at least one card
until it returns to the Knocking player, at this point all players show their hand and the best 3 card brag hand
wins." "Money is won by either each player placing an ante in the pot at the start of the hand. Or by each player
placing an ante in exchange for 3 lives". "No player can knock on the first round of betting."
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import play

RULES = compile_rules(load_profile("bastard-brag-pot"))
HANDS = {"A": "2c 5d 9h", "B": "4s 7c Jd", "C": "6h 8s Kc"}


def _deal(centre: str = "Ah Qs 3d") -> Deal:
    return Deal(RULES, list(HANDS), {p: parse_cards(h) for p, h in HANDS.items()}, centre=parse_cards(centre))


def test_everyone_antes_and_the_best_hand_after_the_knock_takes_the_pot() -> None:
    """"each player placing an ante in the pot at the start of the hand" ... "all players show their hand and the
    best 3 card brag hand wins": A takes the ace and knocks, B and C each exchange once more, and A's ace high
    takes the pot of three antes; nobody loses a life, for there are none."""
    deal = _deal()
    assert deal.pot == 3
    play(deal, ["A swap 2c Ah", "B swap 4s 2c", "C swap 6h down"])
    play(deal, ["A swap 5d 4s", "B swap 7c 5d"])  # the centre is now 7c, the face-down 6h, 3d
    play(deal, ["C swap 8s 3d", "A knock", "B swap Jd 7c", "C swap Kc 8s"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert deal.result.net == {"A": Fraction(2), "B": Fraction(-1), "C": Fraction(-1)}
    assert not deal.result.lives_lost and RULES.format.lives is None


def test_no_knock_on_the_first_round() -> None:
    """"No player can knock on the first round": a knock before a first exchange is refused, naming
    ``format.exchange.min_exchanges_before_stick``; after one exchange it is allowed."""
    deal = _deal()
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A knock")
    assert info.value.rule == "format.exchange.min_exchanges_before_stick"
    play(deal, ["A swap 2c Ah", "B swap 4s 2c", "C swap 6h down"])
    assert "knock" in {o.kind for o in deal.legal_actions()}


def test_after_a_knock_everyone_must_still_exchange() -> None:
    """"all remaining players still have to exchange at least one card": a stand after the knock is refused,
    naming ``format.exchange.stand_after_knock``, and changes nothing."""
    deal = _deal()
    play(deal, ["A swap 2c Ah", "B swap 4s 2c", "C swap 6h down", "A knock"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B stand")
    assert info.value.rule == "format.exchange.stand_after_knock"
    assert deal.to_act == "B" and deal.knocker == "A"


def test_a_session_for_a_pot_logs_and_audits_clean(tmp_path: Path) -> None:
    """Played for money deal after deal: the antes move, no life is ever lost, and the log audits clean."""
    path = tmp_path / "bbp.jsonl"
    session = Session(RULES, ["A", "B", "C", "D"], seed=9)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(9)), max_deals=5)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    results = [line for line in lines if line["type"] == "result"]
    assert len(results) == 5 and not any(line.get("lives_lost") for line in results)
    assert any(value != 0 for value in session.net().values())
    assert audit(read_log(path)).ok
