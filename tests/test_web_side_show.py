"""The web table and the side-show (seeing.side_show): a Side-show button with its exact cost for a seat
that may ask, Accept and Refuse for the asked seat, and the hands compared sent to those two seats only."""

from __future__ import annotations

from typing import Any, Dict, List

from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.profile import load_profile_text
from bragrules.web.service import TableService
from tests.test_web_privacy import move
from tests.web_checks import assert_private, strings

PROFILE = "extends: standard\nname: side-show\nseeing: {side_show: {allowed: true}}\n"


def _table(seed: int) -> "tuple[TableService, Dict[str, str]]":
    service = TableService(load_profile_text(PROFILE), "side-show", seats=4, bots=[], seed=seed, hands=3)
    tokens = {name: service.join(name) for name in ("Ann", "Bob", "Cat", "Dan")}
    if service.phase == "lobby":
        service.start(service.host_token)
    return service, tokens


def _act(service: TableService, token: str, message: Dict[str, Any]) -> None:
    sent = service.state(token)
    service.act(token, {**message, "turn": sent["turn"]})


def _until_side_show(seed: int) -> "tuple[TableService, Dict[str, str], List[Dict[str, Any]]]":
    """Every seat looks, then bets the least; the first seat offered a side-show takes it."""
    service, tokens = _table(seed)
    while True:
        deal = service.deal
        assert deal is not None and service.phase == "play"
        player = deal.to_act
        assert player is not None
        legal = service.state(tokens[player])["view"]["legal"]
        kinds = {o["kind"]: o for o in legal}
        if "look" in kinds:
            _act(service, tokens[player], {"kind": "look"})
        elif "sideshow" in kinds:
            return service, tokens, legal
        else:
            _act(service, tokens[player], {"kind": "bet"})


def test_the_side_show_button_names_whom_it_asks_and_its_cost() -> None:
    service, tokens, legal = _until_side_show(3)
    deal = service.deal
    assert deal is not None
    asker = deal.to_act
    assert asker is not None
    (button,) = [o for o in legal if o["kind"] == "sideshow"]
    previous = deal.previous_bettor(asker)
    assert previous is not None
    assert button["label"] == f"side-show with {previous.name} (pay {button['amount']}, the weaker hand folds)"
    _act(service, tokens[asker], {"kind": "sideshow"})  # the price is the offer's when none is sent
    asked = service.state(tokens[previous.name])["view"]
    assert [o["label"] for o in asked["legal"]] == [f"accept {asker}'s side-show", f"refuse {asker}'s side-show"]
    assert asked["side_show_asked"] == [asker, previous.name]
    assert service.state(tokens[asker])["view"]["legal"] == []


def test_only_the_two_seats_are_sent_the_hands_compared() -> None:
    service, tokens, _ = _until_side_show(3)
    deal = service.deal
    assert deal is not None
    asker = deal.to_act
    assert asker is not None
    _act(service, tokens[asker], {"kind": "sideshow"})
    asked = deal.to_act
    assert asked is not None
    _act(service, tokens[asked], {"kind": "accept"})
    hands = {name: [str(c) for c in deal.players[name].hand or ()] for name in deal.players}
    for name, token in tokens.items():
        state = service.state(token)
        assert_private(state, name, deal)
        compared = state["view"]["side_shows"]
        if name in (asker, asked):
            other = asked if name == asker else asker
            assert [(x["with"], x["cards"]) for x in compared] == [(other, hands[other])]
        else:
            assert compared == []
            assert not set(hands[asker] + hands[asked]) & strings(state)  # no card of either, anywhere
    spectator = service.state(None)
    assert spectator["view"]["side_shows"] == [] and not set(hands[asker] + hands[asked]) & strings(spectator)
    folded = [n for n in (asker, asked) if deal.players[n].folded]
    assert len(folded) == 1
    assert all(service.state(t)["view"]["seats"][folded[0]]["folded"] for t in tokens.values())  # all see who folded


@settings(max_examples=max(4, settings.default.max_examples // 2))
@given(picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=80), seed=st.integers(0, 10_000))
def test_no_message_holds_a_card_its_seat_could_not_see_with_side_shows(picks: List[int], seed: int) -> None:
    service, tokens = _table(seed)
    for pick in picks:
        deal = service.deal
        if service.phase != "play" or deal is None:
            break
        for name, token in tokens.items():
            assert_private(service.state(token), name, deal)
        assert_private(service.state(None), None, deal)
        to_act = deal.to_act
        assert to_act in tokens
        sent = service.state(tokens[to_act])
        service.act(tokens[to_act], {**move(sent["view"], pick), "turn": sent["turn"]})
