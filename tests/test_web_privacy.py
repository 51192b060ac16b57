"""Seats are private: over sessions that hypothesis plays under every shipped profile, no seat (nor a
spectator, nor the host's link) is ever sent a card it could not see at a real table, whatever the format
(blind play, retained hands, Stop the Bus's centre, a face-down centre card, draws, several hands to arrange,
a spare hand): not in its view, not in a line of the feed, not in a deal's result, not in any message the
websocket sends (the state after every change, the reply to a move); and every move the page offers is one
the table takes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Set

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import bragrules
from bragrules.profile import load_profile
from bragrules.web.service import Refusal, TableService
from tests.helpers import shipped_profile
from tests.web_checks import Witness, assert_private

SHIPPED = sorted(p.stem for p in (Path(bragrules.__file__).parent.parent / "profiles").glob("*.yaml")
                 if not shipped_profile(p.stem).procedure.bank.carry)
"""Every shipped profile the web table serves (a bank carried between deals, procedure.bank.carry, it refuses
in one line: the banker's keep-or-pass is asked only in the terminal)."""


def websocket_handler() -> Callable[[TableService, str, Optional[str], Optional[str]], Optional[Dict[str, Any]]]:
    """What the table's websocket does with a message a browser sends (:func:`bragrules.web.app._handle`: its
    reply, None when it was carried out); without the ``web`` extra, the same for an action."""
    try:
        from bragrules.web.app import _handle

        return _handle
    except ImportError:  # pragma: no cover - the web extra is missing: the action alone, as the app takes it
        def handle(service: TableService, raw: str, token: Optional[str], host: Optional[str]) -> Optional[Dict[str, Any]]:
            try:
                service.act(token, json.loads(raw))
            except Refusal as exc:
                return exc.to_json()
            return None

        return handle


HANDLE = websocket_handler()


def move(view: Dict[str, Any], pick: int) -> Dict[str, Any]:
    """The ``pick``-th of the moves the seat's page offers: its buttons, and the swaps made by tapping one of
    its cards and a centre card (``swap_cards``: each with the message the page sends)."""
    moves: List[Dict[str, Any]] = []
    for option in view["legal"]:
        if option["kind"] in ("bet", "pairplus") and option.get("amounts"):  # a range: the page's choice of amounts
            moves += [{"kind": option["kind"], "amount": a} for a in option["amounts"][:3]]
        elif option["kind"] in ("see",):
            moves.append({"kind": "see", "amount": option["amount"]})
        elif option["kind"] == "arrange":
            moves.append({"kind": "arrange", "cards": option["cards"]})
        elif option["kind"] == "throw" or option["target"] == "down":  # a discard, a swap for the face-down card
            moves.append({"kind": option["kind"], "cards": [h[0] for h in option["cards"]],
                          **({"target": option["target"]} if option["target"] else {})})
        else:
            moves.append({"kind": option["kind"], **({"target": option["target"]} if option["target"] else {})})
    moves += [pair["send"] for pair in view.get("swap_cards") or []]
    return moves[pick % len(moves)]


def check_messages(service: TableService, witness: Witness, readers: Dict[Optional[str], Dict[str, Optional[str]]],
                   sent: Dict[Optional[str], Dict[str, Any]]) -> None:
    """Every reader's state as the websocket sends it now: its view names no card it may not see now; what is new
    in the rest of it since it was last sent (the feed's new lines, the last deal, the rulings) no card it could
    not see at some moment since then (``witness``)."""
    deal = service.deal
    for viewer, who in readers.items():
        state = service.state(who["seat"], who["host"])
        if deal is not None and state.get("deal") == service.table.session.state.dealt + 1:  # type: ignore[union-attr]
            assert_private(state, viewer, deal)
        before = sent.get(viewer, {})
        old, new = before.get("feed", []), state["feed"]
        overlap = next(k for k in range(len(old) + 1) if old[k:] == new[:len(old) - k])
        witness.assert_told(new[len(old) - overlap:], viewer, "the feed")
        known = {r["id"] for r in before.get("rulings", [])}  # a ruling, read by everyone: checked once, when new
        witness.assert_told([r for r in state["rulings"] if r["id"] not in known], viewer, "a new ruling")
        for key, value in state.items():
            if key not in ("view", "feed", "rulings") and before.get(key) != value:
                witness.assert_told(value, viewer, f"the state's {key!r}")
        sent[viewer] = state


@pytest.mark.parametrize("profile", SHIPPED)
@settings(max_examples=max(3, settings.default.max_examples // 5))
@given(people=st.integers(2, 4), bots=st.integers(0, 2),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=80), seed=st.integers(0, 10_000),
       disputes=st.sets(st.integers(0, 79), max_size=3))
@example(people=2, bots=0, picks=[0, 0, 0, 4, 146], seed=0, disputes=set())  # bastard-brag: the face-down card its layer taps
def test_no_message_holds_a_card_its_seat_could_not_see(profile: str, people: int, bots: int, picks: List[int],
                                                       seed: int, disputes: Set[int]) -> None:
    """... and at the steps in ``disputes``, a seat disputes a move of the seat to act, naming its cards
    (which the disputer cannot see): the ruling, read by everyone, names none of them."""
    rules = load_profile(profile)
    seats = max(rules.table.min_players, min(people + bots, rules.table.max_players))
    if people + bots < seats and not bots:
        bots = 1
    service = TableService(rules, profile, seats=seats, bots=["loose", "blind_bluffer"] if bots else [],
                           seed=seed, hands=4)
    names = [f"P{i}" for i in range(min(people, seats))]
    witness = Witness([None, *names])
    sent: Dict[Optional[str], Dict[str, Any]] = {}
    with witness.watching():
        tokens = {name: service.join(name) for name in names}
        readers: Dict[Optional[str], Dict[str, Optional[str]]] = {name: {"seat": token, "host": None}
                                                                  for name, token in tokens.items()}
        readers[None] = {"seat": None, "host": service.host_token}  # the host's link, seated nowhere: a spectator
        if service.phase == "lobby":
            service.start(service.host_token)
        check_messages(service, witness, readers, sent)
        for step, pick in enumerate(picks):
            deal = service.deal
            if service.phase != "play" or deal is None:
                break
            assert_private(service.state(None), None, deal)  # a spectator without the host's link too
            to_act = deal.to_act
            assert to_act in tokens, "the table waits only for people"
            witness.start(deal)
            if step in disputes:  # another seat disputes a move the seat to act may make, cards and all
                disputer = next(name for name in tokens if name != to_act)
                options = deal.legal_actions()
                text = str(options[pick % len(options)].action())
                reply = HANDLE(service, json.dumps({"type": "dispute", "text": text}), tokens[disputer], None)
                witness.assert_told(reply, disputer, f"the reply to the dispute {text!r}")
                check_messages(service, witness, readers, sent)
            offered = move(sent[to_act]["view"], pick)
            reply = HANDLE(service, json.dumps({"type": "action", **offered, "turn": sent[to_act]["turn"]}),
                           tokens[to_act], None)
            assert reply is None, f"the page offered {offered}, and the table refused it: {reply}"
            check_messages(service, witness, readers, sent)


def test_a_blind_seat_is_sent_no_hand_until_it_looks() -> None:
    service = TableService(load_profile("casual"), "casual", seats=2, bots=[], seed=2, hands=1)
    ann, bob = service.join("Ann"), service.join("Bob")
    tokens = {"Ann": ann, "Bob": bob}
    deal = service.deal
    assert deal is not None
    first = deal.to_act
    assert first is not None
    before = service.state(tokens[first])
    assert before["view"]["hand"] is None
    service.act(tokens[first], {"kind": "look", "turn": before["turn"]})
    after = service.state(tokens[first])
    assert after["view"]["hand"] == [str(c) for c in deal.players[first].hand or ()]
    other = "Bob" if first == "Ann" else "Ann"
    assert service.state(tokens[other])["view"]["hand"] is None
    assert service.state(tokens[other])["view"]["seats"][first]["seen"] is True


def test_a_seat_is_told_only_its_own_wild_cards() -> None:
    """Wild cards chosen at the table (here: the centre card's rank) are marked in the seat's own hand once
    it has looked, never in another's; the centre card itself is face up for everyone."""
    from bragrules.profile import load_profile_text

    profile = load_profile_text("extends: standard\nname: jhandu\ntable: {min_players: 2}\n"
                                "ranking: {wild: {from_centre: 1, per_hand: lowest_rank}}\n")
    service = TableService(profile, "jhandu", seats=2, bots=[], seed=5, hands=1)
    tokens = {"Ann": service.join("Ann"), "Bob": service.join("Bob")}
    deal = service.deal
    assert deal is not None
    first = deal.to_act
    assert first is not None
    other = "Bob" if first == "Ann" else "Ann"
    assert "wild" not in service.state(tokens[first])["view"]  # blind: nothing of the hand is sent
    assert len(service.state(None)["view"]["centre"]) == 1  # the centre card: face up for everyone
    before = service.state(tokens[first])
    service.act(tokens[first], {"kind": "look", "turn": before["turn"]})
    mine = service.state(tokens[first])["view"]
    hand = deal.players[first].hand
    assert hand is not None
    expected = [str(c) for c in hand if c in deal.comparer.hand_wild(hand)]
    assert expected and mine["wild"] == expected  # the lowest rank at least
    assert set(mine["wild"]) <= set(mine["hand"])
    assert "wild" not in service.state(tokens[other])["view"] and "wild" not in service.state(None)["view"]
    assert_private(service.state(tokens[first]), first, deal)


def test_a_face_down_swap_is_read_by_its_player_alone_before_and_after_a_restart(tmp_path: Path) -> None:
    """Bastard Brag: the feed tells the seat that swapped for the face-down centre card which card it laid
    there, and everyone else (a spectator too) only that it swapped a card; rebuilt from the log after a
    restart, each seat reads the line as it did."""
    log = tmp_path / "table.jsonl"
    service = TableService(load_profile("bastard-brag"), "bastard-brag", seats=3, bots=[], seed=4, hands=2,
                           log_path=log)
    tokens = {name: service.join(name) for name in ("Ann", "Bob", "Cat")}
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    player = deal.to_act
    sent = service.state(tokens[player])
    down = next(o for o in sent["view"]["legal"] if o["target"] == "down")
    laid = down["cards"][0][0]
    service.act(tokens[player], {"kind": "swap", "target": "down", "cards": [laid], "turn": sent["turn"]})
    mine = f"{player} swaps {laid} for the face-down centre card"
    theirs = f"{player} swaps a card for the face-down centre card"
    readers = {name: service.state(token) for name, token in tokens.items()}
    readers["a spectator"] = service.state(None)
    readers["the host"] = service.state(None, service.host_token)
    for name, state in readers.items():
        assert (mine if name == player else theirs) in state["feed"], name
        assert all(laid not in line for line in state["feed"]) or name == player, f"{name} reads {laid}"
    played = {name: [line for line in state["feed"] if "sits down" not in line and "starts" not in line]
              for name, state in readers.items() if name in tokens}  # the lines the log's deals tell again
    service.close()
    again = TableService.resume(log)
    try:
        for name, token in tokens.items():
            assert again.state(token)["feed"][:len(played[name])] == played[name], name
        assert theirs in again.state(None)["feed"] and mine not in again.state(None)["feed"]
    finally:
        again.close()


def test_a_ruling_never_tells_where_a_card_the_table_has_not_seen_lies() -> None:
    """A seat disputing a move that names another seat's card (which it cannot see) is ruled alike whether or
    not that seat holds the card: a ruling is read by everyone, so it may not confirm a guess."""
    service = TableService(load_profile("bastard-brag"), "bastard-brag", seats=3, bots=[], seed=0, hands=2)
    tokens = {name: service.join(name) for name in ("Ann", "Bob", "Cat")}
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    first = deal.to_act
    sent = service.state(tokens[first])
    service.act(tokens[first], {**sent["view"]["swap_cards"][0]["send"], "turn": sent["turn"]})
    player = deal.to_act
    assert player is not None
    face_up = next(str(c) for i, c in enumerate(deal.centre) if i != deal.rules.format.face_down)
    held = str(deal.players[player].hand[0])  # type: ignore[index]
    elsewhere = str(deal.players[first].hand[0])  # type: ignore[index]
    rulings = [service.dispute(tokens[first], f"{player} swap {card} {face_up}") for card in (held, elsewhere)]
    assert rulings[0].allowed == rulings[1].allowed and rulings[0].summary == rulings[1].summary
    assert held not in rulings[0].summary + rulings[0].text
