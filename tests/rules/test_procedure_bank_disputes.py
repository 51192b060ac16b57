"""Disputes in banking games (``procedure.bank``): a tie with the bank ruled by ``procedure.bank.ties`` (who takes
each stake, what is paid), an exposure or a peek ruled as changing no stake (``procedure.bank.kind``)."""

from __future__ import annotations

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.core.errors import HistoryError
from bragrules.history import parse_sheet


def _ruled(profile: str, cards: str, actions: str, dispute: str, extra: str = ""):
    text = (f"format: bragrules-history/1\nprofile: {profile}\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
            f"  - cards: {{{cards}}}\n{extra}    actions: [{actions}]\n    dispute: {dispute}\n")
    (ruling,) = arbitrate(parse_sheet(text, filename="bank.yaml"), []).rulings
    return ruling


BANCO_CARDS = "A: Ac Ad 4c, B: 2c 7h Jd, C: Kc Kd 9h, D: Ks Kh 9s"


def test_a_tie_with_the_banker_goes_to_the_bank() -> None:
    """Liège: "à points égaux, le banquier bénéficie": C's kings equal the banker's and C's stake is the bank's."""
    ruling = _ruled("banco", BANCO_CARDS, "A bet 5, B bet 3, C bet 2", "tie")
    assert "C's pair of kings, nine kicker equals the banker D's" in ruling.summary
    assert "C's stake of 2 goes to the bank" in ruling.summary
    assert {p: int(v) for p, v in ruling.net.items()} == {"A": 5, "B": -3, "C": -2, "D": 0}
    assert ruling.rules[:2] == ["procedure.bank.ties", "procedure.bank.kind"]


def test_under_ties_push_the_tied_stake_goes_back() -> None:
    from bragrules.profile import load_profile_text

    pushed = load_profile_text("extends: banco\nname: pushed\nprocedure: {bank: {ties: push}}\n")
    sheet = (f"format: bragrules-history/1\nprofile: banco\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
             f"  - cards: {{{BANCO_CARDS}}}\n    actions: [A bet 5, B bet 3, C bet 2]\n    dispute: tie\n")
    (ruling,) = arbitrate(parse_sheet(sheet, filename="bank.yaml"), [pushed]).rulings
    assert "C's stake of 2 goes back" in ruling.summary
    assert {p: int(v) for p, v in ruling.net.items()} == {"A": 5, "B": -3, "C": 0, "D": -2}


def test_no_tie_says_each_stake_was_settled_by_the_better_hand() -> None:
    ruling = _ruled("banco", "A: Ac Ad 4c, B: 2c 7h Jd, C: Kc Qd 2s, D: Kh Kd 9s", "A bet 5, B bet 3, C bet 2", "tie")
    assert ruling.summary.startswith("no stake's hand equals the banker D's") and ruling.rules == ["procedure.bank.kind"]


def test_a_tie_against_the_house_pushes_the_ante_and_the_play() -> None:
    """turlockpoker.com: "Ties push": A's hand equals the qualifying dealer's; the Pair Plus is paid on A's own."""
    ruling = _ruled("three-card-casino", "A: Qc 9c 5d, B: 2c 3d 7h, C: 4s 8s Jh, D: 6c 6d 2h",
                    "A pairplus 5, B check, C check, D check, A bet 10, B fold, C fold, D fold", "tie",
                    extra="    centre: Qh 9h 5s\n")
    assert "A's" in ruling.summary and "equals the dealer's" in ruling.summary and "goes back" in ruling.summary
    assert {p: int(v) for p, v in ruling.net.items()} == {"A": -5, "B": -10, "C": -10, "D": -10}


def test_a_tie_before_the_settlement_asks_for_the_stake_itself() -> None:
    with pytest.raises(HistoryError, match="not settled against the bank yet"):
        _ruled("banco", BANCO_CARDS, "A bet 5, B bet 3", "tie")


@pytest.mark.parametrize("dispute, how", [("C exposes D", "saw by accident"), ("C peeks D", "looked at")])
def test_an_exposure_or_a_peek_changes_no_stake_against_the_bank(dispute: str, how: str) -> None:
    ruling = _ruled("banco", BANCO_CARDS, "A bet 5, B bet 3", dispute)
    assert ruling.outcome == "continue" and f"C {how} D's cards" in ruling.summary
    assert ruling.rules == ["procedure.bank.kind"] and ruling.to_act == "C"
