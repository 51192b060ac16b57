"""Draws and exchanges: a face-down centre card and compulsory exchanges (Bastard Brag), draws from the stock
or the top discard (Stop the Bus with draws), and a take before the bus may be stopped (``format.exchange``)."""

from __future__ import annotations

import random

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session
from bragrules.play.bots import make_bot, table_chooser

from ..helpers import play, rules_for

HANDS = {"A": "2c 5d 9h", "B": "Kc Kd 4s", "C": "7h 8h Js"}


def _deal(rules, centre: str) -> Deal:
    return Deal(rules, ["A", "B", "C"], {p: parse_cards(h) for p, h in HANDS.items()}, centre=parse_cards(centre))


def _all_cards(deal: Deal) -> list:
    xs = deal.exchange_state
    assert xs is not None
    return sorted([c for s in deal.players.values() for c in (s.hand or ())] + deal.centre + xs.stock + xs.pile)


def test_bastard_brag_face_down_centre_card_is_unknown_and_swapped_face_down() -> None:
    """paperzz.com/doc/7366003/three-card-brag-bastard-brag: "three communal cards should have been dealt with
    two faceup cards either side of a facedown card" ... "if switching the facedown card, the player should make
    sure to keep his replacement card hidden from the other players at all times. At the end of an exchange two
    faceup cards and one facedown card should be on the table as before."
    """
    rules = rules_for("bastard-brag")
    deal = _deal(rules, "Ah Qs 3d")
    before = _all_cards(deal)
    for name in "ABC":  # the middle card is unknown to everyone, in the view and in what a browser receives
        view = deal.view(name)
        assert view.centre_places == (parse_cards("Ah")[0], None, parse_cards("3d")[0])
        assert "Qs" not in str(view.to_json())
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A swap 2c Qs")  # the face-down card is not named: it is unknown
    assert info.value.rule == "format.exchange.face_down"
    with pytest.raises(RuleViolation) as elsewhere:
        deal.apply_text("A swap 2c Kc")  # a card in B's hand: refused in the same words, so no guess is confirmed
    assert (elsewhere.value.rule, elsewhere.value.message.replace("Kc", "Qs")) == (info.value.rule, info.value.message)
    deal.apply_text("A swap 2c down")
    assert sorted(deal.players["A"].hand) == sorted(parse_cards("Qs 5d 9h"))
    assert deal.centre == parse_cards("Ah 2c 3d")
    assert "2c" in str(deal.view("A").to_json()["centre_places"])  # A laid it and knows it
    for name in "BC":  # hidden from the others
        assert deal.view(name).centre_places[1] is None and "2c" not in str(deal.view(name).to_json())
    assert _all_cards(deal) == before


def test_bastard_brag_exchanging_is_compulsory_until_the_second_exchange() -> None:
    """paperzz.com/doc/7366003/three-card-brag-bastard-brag: "It is compulsory to make an exchange, a player
    cannot stick." ... "As soon as a player has made a second exchange, they have the ability to 'stick' or
    'knock'. This means that they are happy with their hand and will make no more exchanges. All the remaining
    players are then allowed to make one final exchange before hands are compared. The player with the lowest
    hand (see next page) loses a life."
    """
    rules = rules_for("bastard-brag")
    deal = _deal(rules, "Ah Qs 3d")
    assert "knock" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A knock")
    assert info.value.rule == "format.exchange.min_exchanges_before_stick"
    play(deal, ["A swap 2c Ah", "B swap 4s 3d", "C swap Js down"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A knock")  # one exchange made: not yet
    assert info.value.rule == "format.exchange.min_exchanges_before_stick"
    play(deal, ["A swap 5d 2c", "B swap 3d 4s", "C swap 7h 5d"])
    assert "knock" in {o.kind for o in deal.legal_actions()}
    deal.apply_text("A knock")  # two exchanges made: A sticks
    assert deal.knocker == "A" and not deal.is_over
    play(deal, ["B stand", "C swap all"])  # one final exchange each (or none), then the hands are compared
    assert deal.result is not None and deal.result.lives_lost  # the lowest hand loses a life


def test_bastard_brag_swap_all_lays_the_middle_card_face_down() -> None:
    """paperzz.com/doc/7366003/three-card-brag-bastard-brag: "Players take turns at exchanging one or all (but not
    two) of their cards for one or all of the communal cards respectively." ... "At the end of an exchange two
    faceup cards and one facedown card should be on the table as before."
    """
    deal = _deal(rules_for("bastard-brag"), "Ah Qs 3d")
    deal.apply_text("A swap all")
    assert sorted(deal.players["A"].hand) == sorted(parse_cards("Ah Qs 3d"))  # the face-down card comes with them
    assert deal.view("B").centre_places == (parse_cards("2c")[0], None, parse_cards("9h")[0])
    assert deal.view("A").centre_places == tuple(parse_cards("2c 5d 9h"))


def draw_rules(**exchange: object):
    """stop-the-bus-draw with some of its exchange fields changed."""
    fields = {"enabled": True, "source": "stock_or_discard", "must_take_before_knock": True, **exchange}
    return rules_for("stop-the-bus-draw", format={"betting": False, "lives": 3, "exchange": fields})


def test_stop_the_bus_draws_from_the_stock_or_the_top_discard_then_discards_one() -> None:
    """gamesunblocked.io/stop-the-bus-a-card-game/309458-html5-2339: "Deal three cards to each player. Place the
    remaining deck face down and flip one card to start a discard pile. On your turn draw one card from the deck
    or take the top discard, then discard one to return to three." papasgaming.com/?p=593: "choose to draw
    either the top card from the deck or grab the visible discard, then toss one card away".
    """
    deal = _deal(rules_for("stop-the-bus-draw"), "Ac As Ad Qh Tc")
    before = _all_cards(deal)
    view = deal.view("B")
    assert view.discard_top == parse_cards("Ac")[0] and view.stock_left == 4  # the top discard is public
    for name in "ABC":  # the stock's next card is unknown to everyone
        assert "As" not in str(deal.view(name).to_json()) and "Ad" not in str(deal.view(name).to_json())
    assert {(o.kind, o.target) for o in deal.legal_actions()} == {("draw", "stock"), ("draw", "discard")}
    deal.apply_text("A draw stock")
    assert sorted(deal.players["A"].hand) == sorted(parse_cards("2c 5d 9h As"))
    assert "As" not in str(deal.view("B").to_json())  # the drawn card is A's alone
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A knock")  # four cards held: discard first
    assert info.value.rule == "format.exchange.source"
    with pytest.raises(RuleViolation):
        deal.apply_text("A discard Kd")  # not A's card
    deal.apply_text("A discard 2c")
    assert deal.view("C").discard_top == parse_cards("2c")[0]
    assert sorted(deal.players["A"].hand) == sorted(parse_cards("As 5d 9h"))
    assert [str(a) for a in deal.actions] == ["A draw stock", "A throw 2c"]
    assert _all_cards(deal) == before


def test_stop_the_bus_a_turn_takes_a_card_before_the_bus_is_stopped() -> None:
    """Wikipedia, Stop the bus: "each player must take either 1 or 3 of the centre cards and replace it with an
    equal number from his own hand. After playing, he may elect to "Stop the Bus", in which case everybody else
    gets one turn only." gamerules.com, stop-the-bus: "After doing so, if the player is happy with their hand,
    they may say 'Stop the Bus'."
    """
    deal = _deal(rules_for("stop-the-bus", format={"exchange": {"enabled": True, "must_take_before_knock": True}}),
                 "Ah Ad 3s")
    assert "knock" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A knock")
    assert info.value.rule == "format.exchange.must_take_before_knock"
    deal.apply_text("A swap 2c Ah")
    assert deal.to_act == "A" and [o.kind for o in deal.legal_actions()] == ["pass", "knock"]
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A swap 5d Ad")  # one take a turn
    assert info.value.rule == "format.exchange.must_take_before_knock"
    play(deal, ["A pass", "B swap all", "B knock"])
    assert deal.knocker == "B" and deal.to_act == "C"
    play(deal, ["C swap 7h Kc"])  # the final turn passes by itself
    assert deal.to_act == "A"
    deal.apply_text("A stand")
    assert deal.result is not None


def test_the_last_turn_after_a_knock_takes_a_card_or_stands_as_the_page_says() -> None:
    """``format.exchange.stand_after_knock``. Wikipedia, Stop the bus: "each player must take either 1 or 3 of
    the centre cards ... After playing, a player may elect to "stop the bus", in which case everybody else gets
    one turn only": a turn takes a card, the last one too (``false``). paperzz.com 7366003, Bastard Brag: "All
    the remaining players are then allowed to make one final exchange before hands are compared": the last
    turn may stand (``true``, the default)."""
    exchange = {"enabled": True, "must_take_before_knock": True}
    compulsory = _deal(rules_for("stop-the-bus", format={"exchange": {**exchange, "stand_after_knock": False}}),
                       "Ah Ad 3s")
    play(compulsory, ["A swap 2c Ah", "A knock"])
    assert {o.kind for o in compulsory.legal_actions()} == {"swap"}
    with pytest.raises(RuleViolation) as info:
        compulsory.apply_text("B stand")
    assert info.value.rule == "format.exchange.stand_after_knock" and compulsory.to_act == "B"
    assert compulsory.players["B"].hand == tuple(parse_cards(HANDS["B"]))  # refused: nothing changed
    play(compulsory, ["B swap 4s Ad", "C swap all"])
    assert compulsory.result is not None
    allowed = _deal(rules_for("stop-the-bus", format={"exchange": exchange}), "Ah Ad 3s")
    play(allowed, ["A swap 2c Ah", "A knock"])
    assert "stand" in {o.kind for o in allowed.legal_actions()}
    play(allowed, ["B stand", "C stand"])
    assert allowed.result is not None
    drawn = _deal(draw_rules(stand_after_knock=False), "Ac As Ad Qh Tc")
    play(drawn, ["A draw stock", "A discard 2c", "A knock"])
    with pytest.raises(RuleViolation) as info:
        drawn.apply_text("B stand")
    assert info.value.rule == "format.exchange.stand_after_knock" and "draw" in str(info.value)
    assert {o.kind for o in drawn.legal_actions()} == {"draw"}


def test_stop_the_bus_knock_instead_of_drawing() -> None:
    """papasgaming.com/?p=593: "Once someone thinks they've got the edge, they knock instead of drawing, signaling
    everyone else has one last turn." (``must_take_before_knock: false``)."""
    deal = _deal(draw_rules(must_take_before_knock=False), "Ac As Ad Qh Tc")
    assert "knock" in {o.kind for o in deal.legal_actions()}
    play(deal, ["A knock", "B draw discard", "B discard 4s", "C draw stock", "C discard Js"])
    assert deal.result is not None


def test_an_empty_stock_leaves_the_top_discard() -> None:
    """With the stock drawn out, only the top discard may be drawn (a refusal of the stock names the rule)."""
    deal = _deal(draw_rules(), "Ac As")
    play(deal, ["A draw stock", "A discard 2c", "A pass"])
    assert [(o.kind, o.target) for o in deal.legal_actions()] == [("draw", "discard")]
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B draw stock")
    assert info.value.rule == "format.exchange.source"


@pytest.mark.parametrize("name", ["bastard-brag", "stop-the-bus-draw"])
def test_bots_play_the_profile_to_a_winner_with_every_card_in_one_place(name: str) -> None:
    rules = rules_for(name)
    session = Session(rules, ["A", "B", "C", "D"], seed=5)
    bots = {p: make_bot(style, random.Random(i)) for i, (p, style) in
            enumerate(zip("ABCD", ["cautious", "loose", "see_happy", "random"]))}
    play_session(session, table_chooser(bots), max_deals=200)
    assert session.is_over and sum(1 for p in session.players if session.lives[p] > 0) == 1
    assert sorted(list(session.pack.cards) + session.cards_in_play()) == sorted(range(52))


def _played_log(tmp_path, profile: str):
    """A log of a table played by bots (``play --auto``), with its seed and seats: what the audit checks."""
    import subprocess
    import sys

    path = tmp_path / f"{profile}.jsonl"
    subprocess.run([sys.executable, "-m", "bragrules_cli.app", "play", "--profile", profile, "--auto", "-n", "3",
                    "--seed", "9", "--log", str(path)], check=True, capture_output=True, timeout=300)
    return path


def _rewrite(path, out, change) -> None:
    import json

    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if change(line):
            break
    out.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


@pytest.mark.parametrize("profile", ["bastard-brag", "stop-the-bus-draw"])
def test_the_audit_replays_every_exchange_and_checks_the_stock_against_the_seed(tmp_path, profile: str) -> None:
    """The audit replays every swap, draw and discard with the engine; the stock and the face-down card are the
    deal line's centre, which must be the cards the seed deals."""
    from bragrules.audit import audit

    path = _played_log(tmp_path, profile)
    report = audit(path)
    assert not report.violations, report.violations

    def swap_two_centre_cards(line) -> bool:
        if line.get("type") != "deal" or "centre" not in line:
            return False
        cards = line["centre"].split()
        cards[0], cards[1] = cards[1], cards[0]
        line["centre"] = " ".join(cards)
        return True

    changed = tmp_path / "changed.jsonl"
    _rewrite(path, changed, swap_two_centre_cards)
    assert "history.seed" in [v.rule for v in audit(changed).violations]


def test_the_audit_refuses_a_discard_of_a_card_not_held(tmp_path) -> None:
    from bragrules.audit import audit

    path = _played_log(tmp_path, "stop-the-bus-draw")

    def throw_another_card(line) -> bool:
        if line.get("type") != "action" or " throw " not in line["action"]:
            return False
        player = line["action"].split()[0]
        line["action"] = f"{player} throw {'2s' if '2s' not in line['action'] else '3s'}"
        return True

    changed = tmp_path / "changed.jsonl"
    _rewrite(path, changed, throw_another_card)
    rules = [v.rule for v in audit(changed).violations]
    assert rules[0] == "format.exchange.source", rules  # the card is not in the hand: the replay refuses it


def test_play_shows_the_face_down_card_as_unknown_and_the_discard_pile(tmp_path, capsys, monkeypatch) -> None:
    """``play``: the seat sees ``??`` for a face-down centre card it did not lay, then the card it laid marked
    face down; a draw game shows the top discard and the stock's size, and takes 'draw' and 'discard CARD'."""
    from ..helpers import run_cli

    script = tmp_path / "moves.txt"
    script.write_text("swap 9s down\nq\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "play", "--profile", "bastard-brag", "-n", "3", "--seed", "4",
                             "--script", str(script), "--log", str(tmp_path / "b.jsonl"))
    assert code == 0, err
    assert "Centre: 4♣ ?? 7♠" in out and "You swap 9♠ for the face-down centre card" in out
    assert "9♠ (face down)" in out
    script.write_text("draw stock\ndiscard 9s\npass\nq\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "play", "--profile", "stop-the-bus-draw", "-n", "3", "--seed", "4",
                             "--script", str(script), "--log", str(tmp_path / "d.jsonl"))
    assert code == 0, err
    assert "Discard pile:" in out and "stock: " in out and "You discard 9♠" in out
