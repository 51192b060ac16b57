"""Post and Pair's third stake: the pips nearest 21, with draws from the stock (``pots.points_target``,
``pots.points_draw``), as Wikipedia's "Post and pair" (https://en.wikipedia.org/wiki/Post_and_pair) gives it:

"Three separate stakes are made by each player. After staking at "post" and then at "pair", and getting two
cards, the players stake at "seat". A third card is dealt face up and the best of the cards so dealt entitles
the holder to the first stake"; "The second stake becomes the property of the player with the best hand. A
Pair-royal of Aces is the best hand ... If no one has a Pair-royal, the highest pair wins, and next to this,
the hand that holds the highest cards"; "The third stake goes to the player with ... cards totaling, or most
approaching, twenty-one points, that is, two Tens and an Ace, and court cards counting as ten. Any player whose
cards fall short of that number is entitled (in due turn) to receive a card or cards from the stock, in the
hope of amending his points, but if he overdraws he is out of the game."
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Callable, Dict, Tuple

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile, load_profile_text, profile_hash
from bragrules.profile.errors import ProfileError
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import play

RULES = compile_rules(load_profile("post-and-pair"))


def _deal(hands: Dict[str, str], stock: str) -> Deal:
    return Deal(RULES, list(hands), {p: parse_cards(h) for p, h in hands.items()}, centre=parse_cards(stock))


def _pots(deal: Deal) -> Dict[str, Tuple[Fraction, Tuple[str, ...]]]:
    assert deal.result is not None
    return {pot.name: (pot.amount, tuple(pot.winners)) for pot in deal.result.pots}


def test_a_player_short_of_21_draws_in_due_turn_and_one_at_21_draws_nothing() -> None:
    """"Any player whose cards fall short of that number is entitled (in due turn) to receive a card or cards
    from the stock": A's ten, ten and ace make "two Tens and an Ace", 21, so A is not short and is passed over;
    B (2-3-4, nine) draws first, card by card from the top of the stock, then C."""
    deal = _deal({"A": "Tc Td Ac", "B": "2c 3d 4h", "C": "Kc 5d 2s"}, "6s 5c 9d 3h 7c")
    assert deal.to_act == "B"
    assert [(o.kind, o.target) for o in deal.legal_actions()] == [("draw", "stock"), ("stand", None)]
    play(deal, ["B draw stock", "B draw stock"])
    assert [str(c) for c in deal.points_draws.drawn["B"]] == ["6s", "5c"]  # type: ignore[union-attr]
    play(deal, ["B stand"])
    assert deal.to_act == "C"
    play(deal, ["C draw stock"])  # 17 + 9: past 21, C's draws are over
    assert deal.to_act == "A" and deal.points_draws.turn is None  # type: ignore[union-attr]
    assert deal.legal_actions()[0].kind != "draw"  # now the vying


def test_an_overdrawn_player_is_out_of_the_stake() -> None:
    """"but if he overdraws he is out of the game": C draws a nine onto 17 (26), and the stake goes to B's 20,
    though A's dealt 24 is nearer in pips above and C would otherwise be compared as a count over 21."""
    deal = _deal({"A": "Kc 9d 5h", "B": "2c 3d 4h", "C": "Kd 5s 2h"}, "Ts Qc 9c")
    play(deal, ["B draw stock", "B stand", "C draw stock"])
    assert [str(c) for c in deal.points_draws.drawn["C"]] == ["Qc"]  # type: ignore[union-attr]
    play(deal, ["A bet 1", "B fold", "C fold"])
    pots = _pots(deal)
    assert pots["points_21"] == (Fraction(3), ("B",))
    pot = next(p for p in deal.result.pots if p.name == "points_21")  # type: ignore[union-attr]
    assert "C overdrew" in pot.why and pot.rule == "pots.thirty_one"


def test_everyone_overdrawn_the_seat_stakes_go_back() -> None:
    """Nobody is left to take the stake: each player's stake goes back (the Seat nets nothing)."""
    deal = _deal({"A": "2c 3d 4h", "B": "2d 3c 4s"}, "Kc Qd Ks Qs")
    play(deal, ["A draw stock", "A draw stock", "B draw stock", "B draw stock"])  # 9 + 10 + 10 each
    play(deal, ["A bet 1", "B fold"])
    assert _pots(deal)["points_21"] == (Fraction(2), ())
    # A takes the Pair (3, A's bet and both antes) and the Post (equal fours: the eldest hand), the Seat goes back
    assert deal.result is not None and deal.result.net == {"A": Fraction(2), "B": Fraction(-2)}


def test_the_draws_end_when_the_stock_runs_out() -> None:
    """Once the stock is empty nobody can receive a card: the draws are over and the vying begins."""
    deal = _deal({"A": "2c 3d 4h", "B": "2d 3c 4s"}, "Kc")
    play(deal, ["A draw stock"])
    assert deal.points_draws.turn is None and deal.to_act == "A"  # type: ignore[union-attr]
    with pytest.raises(RuleViolation):
        deal.apply_text("B draw stock")


def test_the_draws_count_for_the_seat_only_never_in_the_brag() -> None:
    """The second stake is "the best hand" of the cards dealt: B draws the king that would pair B's king, yet
    A's pair of fours beats B's king high in the vying, while B's 20 takes the Seat."""
    deal = _deal({"A": "4c 4d 9h", "B": "Kc 6d 2h"}, "Ks 2s")
    play(deal, ["A stand", "B draw stock"])  # A's 17 stands; B 18 + 10: over
    assert deal.to_act == "A"
    deal2 = _deal({"A": "4c 4d 9h", "B": "Kc 6d 2h"}, "2s Ks")
    play(deal2, ["A stand", "B draw stock", "B stand", "A bet 1", "B bet 1", "A bet 1", "B see 2"])
    assert deal2.result is not None and deal2.result.winners == ["A"]
    assert _pots(deal2)["points_21"][1] == ("B",)  # B's 20 against A's 17


def test_the_best_card_turned_up_takes_the_post() -> None:
    """"A third card is dealt face up and the best of the cards so dealt entitles the holder to the first
    stake": the last cards dealt are A's 9 and B's queen; B takes the Post."""
    deal = _deal({"A": "Kc 2d 9h", "B": "3c 4d Qh"}, "5s")
    play(deal, ["B stand", "A bet 1", "B fold"])  # A's 21 draws nothing
    assert _pots(deal)["best_card"] == (Fraction(2), ("B",))


def test_a_pair_royal_of_aces_is_the_best_hand_and_no_card_is_wild() -> None:
    """"A Pair-royal of Aces is the best hand, and next, a Pair-royal of any three cards according to their
    value": three aces beat three kings; the knave of clubs, Brag's bragger, is no wild card here."""
    comparer = RULES.comparer
    aces, kings = comparer.key(parse_cards("Ac Ad Ah")), comparer.key(parse_cards("Kc Kd Kh"))
    assert aces > kings
    assert comparer.key(parse_cards("Jc 9d 2h")) < comparer.key(parse_cards("2c 2d 3h"))


def test_nothing_but_a_draw_or_a_stand_while_the_draws_go_on() -> None:
    """A bet, or a draw out of turn or from the discard pile, is refused naming ``pots.points_draw``, and
    changes nothing."""
    deal = _deal({"A": "2c 3d 4h", "B": "2d 3c 4s"}, "5c 6d")
    for text in ("A bet 1", "B draw stock", "A draw discard", "A fold"):
        with pytest.raises(RuleViolation) as caught:
            deal.apply_text(text)
        assert caught.value.rule == "pots.points_draw"
    assert deal.actions == [] and deal.to_act == "A" and not deal.points_draws.drawn["A"]  # type: ignore[union-attr]


def test_the_cards_drawn_are_the_drawers_alone() -> None:
    """Nobody else sees the cards a player drew, nor the stock."""
    deal = _deal({"A": "2c 3d 4h", "B": "2d 3c 4s"}, "5c 6d")
    play(deal, ["A draw stock"])
    assert [str(c) for c in deal.view("A").points_drawn] == ["5c"]
    assert deal.view("B").points_drawn == () and deal.view("B").centre == ()
    assert parse_cards("5c")[0] not in deal.view("B").visible_cards()


def _drawing(rng: random.Random) -> Callable[[Deal], object]:
    """A random player who takes every draw offered (so that the log holds draws)."""
    others = random_chooser(rng)

    def choose(deal: Deal) -> object:
        draw = next((o for o in deal.legal_actions() if o.kind == "draw"), None)
        return draw.action() if draw is not None else others(deal)

    return choose


def test_a_session_deals_the_stock_logs_it_and_audits_clean(tmp_path: Path) -> None:
    """The stock is the pack after the hands, written as the deal's centre: the audit deals it again from the
    seed, replays every draw, and catches a Seat given to the wrong player, citing ``pots.thirty_one``."""
    path = tmp_path / "pp.jsonl"
    session = Session(RULES, ["A", "B", "C"], seed=5)
    with LogWriter.for_session(path, session):
        play_session(session, _drawing(random.Random(5)), max_deals=8)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert any(" draw stock" in json.dumps(line) for line in lines)
    assert audit(read_log(path)).ok
    results = [line for line in lines if line["type"] == "result" and line.get("pots")]
    seat = next(pot for pot in results[0]["pots"] if pot["pot"] == "points_21")
    seat["winners"] = [p for p in ("A", "B", "C") if p not in seat["winners"]][:1]
    bent = tmp_path / "bent.jsonl"
    bent.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    report = audit(read_log(bent))
    assert not report.ok and any(v.rule == "pots.thirty_one" for v in report.violations)


def test_three_stake_keeps_its_31_and_its_hash() -> None:
    """The fields added later leave old profiles as they were: the 31 stake keeps its name and nobody draws."""
    rules = compile_rules(load_profile("three-stake"))
    assert rules.pots is not None and [s.name for s in rules.pots.specs] == ["best_card", "thirty_one"]
    assert not rules.pots.draws and rules.pots.target == 31
    assert profile_hash(Profile()) == profile_hash(load_profile_text("pots: {points_target: 31, points_draw: false}"))


@pytest.mark.parametrize("text, words", [
    ("pots: {points_draw: true}\nblind: {allowed: false}", "need the stake"),
    ("pots: {points_target: 21}", "need the stake"),
    ("pots: {thirty_one: 1, points_draw: true}", "nobody plays blind"),
    ("pots: {thirty_one: 1, points_draw: true}\nblind: {allowed: false}\nprocedure: {bust_card: true}", "stock"),
])
def test_draws_the_table_cannot_play_are_refused_in_one_clear_message(text: str, words: str) -> None:
    with pytest.raises(ProfileError) as caught:
        load_profile_text(text)
    assert words in str(caught.value)


def test_arbitrate_rules_on_the_draws_and_cites_them(tmp_path: Path) -> None:
    """A bet while a player is still to draw is refused, citing ``pots.points_draw``; a ruling on the fold that
    ends the deal says who takes the Seat and who overdrew, citing the target and the draws."""
    from bragrules.arbitrate import arbitrate

    head = ("format: bragrules-history/1\nprofile: post-and-pair\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
            "  - cards: {A: Kc 9d 5h, B: 2c 3d 4h, C: Kd 5s 2h}\n    centre: Ts Qc 9c\n")
    early = tmp_path / "early.yaml"
    early.write_text(head + "    actions: [B draw stock]\n    dispute: A bet 1\n")
    ruling = arbitrate(early).rulings[0]
    assert ruling.allowed is False and "B draws for the pips stake now" in ruling.summary and ruling.to_act == "B"
    assert "pots.points_draw" in {c.path for c in ruling.citations}
    end = tmp_path / "end.yaml"
    end.write_text(head + "    actions: [B draw stock, B stand, C draw stock, A bet 1, B fold]\n    dispute: C fold\n")
    ruling = arbitrate(end).rulings[0]
    assert "B takes the 21 stake of 3 (pips nearest 21: B 19; C overdrew)" in ruling.next
    assert {"pots.thirty_one", "pots.points_target", "pots.points_draw"} <= {c.path for c in ruling.citations}


def test_no_draw_once_the_vying_has_begun() -> None:
    """The draws come before the betting: a draw or a stand afterwards is refused naming ``pots.points_draw``."""
    deal = _deal({"A": "2c 3d 4h", "B": "2d 3c 4s"}, "5c 6d 7h")
    play(deal, ["A stand", "B stand"])
    for text in ("A draw stock", "A stand"):
        with pytest.raises(RuleViolation, match="over") as caught:
            deal.apply_text(text)
        assert caught.value.rule == "pots.points_draw"
    assert deal.view("A").to_json()["legal"][0]["kind"] != "draw"


def test_the_web_view_sends_the_drawn_cards_to_their_drawer_only() -> None:
    deal = _deal({"A": "2c 3d 4h", "B": "2d 3c 4s"}, "5c 6d")
    play(deal, ["A draw stock"])
    assert deal.view("A").to_json()["points_drawn"] == ["5c"]
    assert "points_drawn" not in deal.view("B").to_json() and "5c" not in json.dumps(deal.view(None).to_json())
