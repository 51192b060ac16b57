"""What the web table sends a seat in the exchange games: a face-down centre card's place and the buttons that
swap for it (Bastard Brag), a draw game's discard pile and stock (Stop the Bus with draws); nothing hidden."""

from __future__ import annotations

import json

from bragrules.core.cards import parse_cards
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.view import Sight
from bragrules.web.table_play import _message_cards
from bragrules.web.views import describe, seat_view, told, viewers

from .helpers import rules_for

HANDS = {"A": parse_cards("2c 5d 9h"), "B": parse_cards("Kc Kd 4s"), "C": parse_cards("7h 8h Js")}


def test_a_face_down_centre_card_is_sent_to_nobody_and_swapped_by_its_own_buttons() -> None:
    deal = Deal(rules_for("bastard-brag"), ["A", "B", "C"], HANDS, centre=parse_cards("Ah Qs 3d"))
    for name in "ABC":
        data = seat_view(deal, name)
        assert "Qs" not in json.dumps(data) and data["centre_places"] == ["Ah", None, "3d"]
    labels = [o["label"] for o in seat_view(deal, "A")["legal"]]
    assert "swap 2c for the face-down card" in labels and "knock" not in labels  # two exchanges before a stick
    down = next(o for o in seat_view(deal, "A")["legal"] if o["target"] == "down")
    cards = _message_cards("swap", {"cards": [h[0] for h in down["cards"]]})
    sight = Sight(deal, viewers(deal))
    event = deal.apply(Action("A", "swap", target="down", cards=cards))
    line = told(deal, deal.actions[-1], sight)  # 2c now lies face down: A's to know, nobody else's
    assert line.read_by("A") == "A swaps 2c for the face-down centre card"
    assert line.read_by("B") == line.read_by("C") == line.read_by(None) == "A swaps a card for the face-down centre card"
    assert event.took == parse_cards("Qs")[0]
    assert "Qs" not in json.dumps(seat_view(deal, "B")) and "2c" not in json.dumps(seat_view(deal, "B"))


def test_a_draw_game_sends_the_top_discard_and_the_stock_size_only() -> None:
    deal = Deal(rules_for("stop-the-bus-draw"), ["A", "B", "C"], HANDS, centre=parse_cards("Ac As Ad Qh"))
    data = seat_view(deal, "B")
    assert data["discard"] == "Ac" and data["stock"] == 3
    assert not {"As", "Ad", "Qh"} & set(json.dumps(data).replace('"', " ").split())
    deal.apply_text("A draw stock")
    assert [o["label"] for o in seat_view(deal, "A")["legal"]] == ["discard 2c", "discard 5d", "discard 9h",
                                                                     "discard As"]
    assert "As" not in json.dumps(seat_view(deal, "B"))
    assert describe(deal, deal.actions[-1], frozenset()) == "A draws from the stock"


def test_the_hunt_for_the_jokers_offers_a_button_per_open_card_and_swaps_by_two_taps() -> None:
    """Joker Hunt (procedure.hunt_rounds): each open centre card has its button to turn it face down; once looked,
    the swaps are the pairs the page taps; the card given goes face down out of play, told to its player alone."""
    deal = Deal(rules_for("joker-hunt"), ["A", "B", "C"], HANDS, centre=parse_cards("Ah Qs 3d 9c 5s Jd 2h Tc 6d"))
    data = seat_view(deal, "A")
    assert [o["label"] for o in data["legal"]][:2] == ["turn Ah face down", "turn Qs face down"]
    assert "swap_cards" not in data  # blind: no card to give yet
    deal.apply_text("A look")
    pairs = seat_view(deal, "A")["swap_cards"]
    assert len(pairs) == 27 and pairs[0] == {"cards": ["2c", "Ah"], "send": {"kind": "swap", "cards": ["2c", "Ah"]}}
    sight = Sight(deal, viewers(deal))
    deal.apply(Action("A", "swap", cards=_message_cards("swap", pairs[0]["send"])))
    line = told(deal, deal.actions[-1], sight)
    assert line.read_by("A") == "A swaps 2c for Ah" and line.read_by("B") == line.read_by(None) == "A swaps a card for Ah"
    assert "2c" not in json.dumps(seat_view(deal, "B")) and "Ah" not in seat_view(deal, "B")["centre"]
    close = next(o for o in seat_view(deal, "B")["legal"] if o["kind"] == "close")
    sight = Sight(deal, viewers(deal))
    deal.apply(Action("B", "close", target=close["target"]))
    assert told(deal, deal.actions[-1], sight).read_by(None) == "B turns the centre card Qs face down"
    assert seat_view(deal, "C")["centre"] == ["3d", "9c", "5s", "Jd", "2h", "Tc", "6d"]
