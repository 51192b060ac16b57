"""Seats are private: over sessions that hypothesis plays, no seat (nor a spectator) is ever sent
a card it could not see at a real table, whatever the format (blind play, retained hands, Stop the
Bus's centre, several hands to arrange)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.profile import load_profile
from bragrules.web.service import TableService
from tests.web_checks import assert_private

PROFILES = ["traditional", "standard", "stop-the-bus", "seven-card", "casual", "nine-card", "joker", "ak47",
            "bastard-brag", "stop-the-bus-draw",
            "four-card-discard"]


def move(view: Dict[str, Any], pick: int) -> Dict[str, Any]:
    """The ``pick``-th of the moves the seat's browser offers (a swap: a card of the seat's and a centre card)."""
    moves: List[Dict[str, Any]] = []
    for option in view["legal"]:
        if option["kind"] == "bet":
            moves += [{"kind": "bet", "amount": a} for a in option["amounts"][:3]]
        elif option["kind"] in ("see",):
            moves.append({"kind": "see", "amount": option["amount"]})
        elif option["kind"] == "arrange":
            moves.append({"kind": "arrange", "cards": option["cards"]})
        elif option["kind"] == "throw" or option["target"] == "down":  # a discard, a swap for the face-down card
            moves.append({"kind": option["kind"], "cards": [h[0] for h in option["cards"]],
                          **({"target": option["target"]} if option["target"] else {})})
        else:
            moves.append({"kind": option["kind"], **({"target": option["target"]} if option["target"] else {})})
    if view.get("swap_cards") and view.get("hand"):
        moves += [{"kind": "swap", "cards": [mine, centre]} for mine in view["hand"] for centre in view["centre"]]
    return moves[pick % len(moves)]


@settings(max_examples=max(4, settings.default.max_examples // 2))
@given(profile=st.sampled_from(PROFILES), people=st.integers(2, 4), bots=st.integers(0, 2),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=80), seed=st.integers(0, 10_000))
def test_no_message_holds_a_card_its_seat_could_not_see(profile: str, people: int, bots: int, picks: List[int],
                                                       seed: int) -> None:
    rules = load_profile(profile)
    seats = max(rules.table.min_players, min(people + bots, rules.table.max_players))
    if people + bots < seats and not bots:
        bots = 1
    service = TableService(rules, profile, seats=seats, bots=["loose", "blind_bluffer"] if bots else [],
                           seed=seed, hands=4)
    tokens = {f"P{i}": service.join(f"P{i}") for i in range(min(people, seats))}
    if service.phase == "lobby":
        service.start(service.host_token)
    for pick in picks:
        deal = service.deal
        if service.phase != "play" or deal is None:
            break
        for name, token in tokens.items():
            assert_private(service.state(token), name, deal)
        assert_private(service.state(None), None, deal)
        to_act = deal.to_act
        assert to_act in tokens, "the table waits only for people"
        sent = service.state(tokens[to_act])
        service.act(tokens[to_act], {**move(sent["view"], pick), "turn": sent["turn"]})


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


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


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
