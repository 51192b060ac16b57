"""procedure.trump_card: a card turned after the deal names the trump suit (hukam) of the deal.

3pattimaster.com, "Hukum variations" (Classic Hukum): "After dealing three cards to each player, the dealer turns
one card face-up. That card's suit becomes the "hukum" (trump) suit. A card from the trump suit outranks a
non-trump card of the same rank when comparing hands. Players still form the usual combinations".

Read as a rule: the categories and ranks decide first, as always; between hands otherwise equal, compared from the
cards that count most (a pair before its odd card, then from the highest), a trump card outranks a card of the
same rank in another suit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play

SEEN = ["A look", "A bet 2", "B look", "B bet 2", "A see 2"]


def _hukam(hands: dict, centre: str, profile: str = "hukam"):  # type: ignore[no-untyped-def]
    return deal_with(compile_rules(load_profile(profile)), hands, centre=parse_cards(centre))


def test_a_trump_card_outranks_a_card_of_the_same_rank() -> None:
    """Two K-Q-9 high cards, hearts turned: B's king of hearts outranks A's king of spades."""
    hands = {"A": "Ks Qd 9c", "B": "Kh Qc 9d"}
    deal = play(_hukam(hands, "2h"), SEEN)
    assert deal.result is not None and deal.result.winners == ["B"]
    assert "procedure.trump_card" in deal.result.decided_by
    assert deal.result.ending is not None and deal.result.ending.tied is False


def test_the_cards_that_count_most_are_compared_first() -> None:
    """A pair of twos each with an ace, spades trumps: A's two of spades, in the pair, decides before B's ace of
    spades, the odd card, though the ace is the higher card."""
    deal = play(_hukam({"A": "2s 2h Ad", "B": "2d 2c As"}, "9s"), SEEN)
    assert deal.result is not None and deal.result.winners == ["A"]


def test_the_usual_combinations_still_decide_first() -> None:
    """"Players still form the usual combinations": a pair beats three trumps of a high card."""
    deal = play(_hukam({"A": "Kh Qh 9d", "B": "5c 5d 2s"}, "3h"), SEEN)
    assert deal.result is not None and deal.result.winners == ["B"]
    assert "procedure.trump_card" not in deal.result.decided_by


def test_without_a_trump_suit_equal_hands_go_to_the_tie_rule() -> None:
    deal = play(deal_with(compile_rules(load_profile("teen-patti")), {"A": "Ks Qd 9c", "B": "Kh Qc 9d"}), SEEN)
    assert deal.result is not None and deal.result.ending is not None and deal.result.ending.tied is True


def test_a_deal_without_its_turned_card_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        deal_with(compile_rules(load_profile("hukam")), {"A": "Ks Qd 9c", "B": "Kh Qc 9d"})
    assert refused.value.rule == "procedure.trump_card"


def test_trump_and_bust_cards_turn_in_order() -> None:
    """With both, the trump card is turned first, then the bust card."""
    rules = compile_rules(load_profile("hukam").model_copy(update={"procedure": load_profile("hukam").procedure
                                                                    .model_copy(update={"bust_card": True})}))
    deal = deal_with(rules, {"A": "Ks Qd 9c", "B": "Kh Qc 9d", "C": "2c 3c 4d"}, centre=parse_cards("7h 4s"))
    assert [p for p in "ABC" if deal.players[p].folded] == ["C"]  # the four busts C; hearts are trumps
    assert deal.comparer.trump == parse_cards("7h")[0].suit


def test_the_turned_card_is_logged_and_a_changed_one_is_caught(tmp_path: Path) -> None:
    rules = compile_rules(load_profile("hukam"))
    path = tmp_path / "hukam.jsonl"
    session = Session(rules, ["A", "B", "C"], seed=6)
    with LogWriter.for_session(path, session, profile_name="hukam"):
        for _ in range(5):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(deal.legal_actions()[-1].action() if deal.to_act else deal.default_action())
            session.finish_deal()
    assert audit(str(path)).ok
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    first = next(line for line in lines if line["type"] == "deal")
    assert len(first["centre"].split()) == 1
    first["centre"] = "2c" if first["centre"] != "2c" else "3c"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert not audit(str(path)).ok


def test_arbitrate_cites_the_trump_suit() -> None:
    sheet = parse_sheet("format: bragrules-history/1\nprofile: hukam\nplayers: [A, B]\ndealer: B\ndeals:\n"
                        "  - cards: {A: Ks Qd 9c, B: Kh Qc 9d}\n    centre: 2h\n"
                        "    actions: [A look, A bet 2, B look, B bet 2]\n    dispute: A see 2\n", filename="s.yaml")
    (ruling,) = arbitrate(sheet, [load_profile("hukam")]).rulings
    assert ruling.allowed and ruling.winners == ["B"] and "procedure.trump_card" in ruling.rules


def test_the_rulebook_says_it() -> None:
    text = " ".join(render_text(build_rulebook(load_profile("hukam"))).split())
    assert "its suit is trumps (hukam) for the deal" in text and "trump card, betting" in text
