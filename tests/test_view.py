"""A player's view of a deal: their own cards once looked at, public actions, shown hands, nothing else."""

from __future__ import annotations

import json
import random
from typing import Any, Set

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragrules.engine.session import Session
from bragrules.play.bots import make_bot
from bragrules.rules.compile import compile_rules

from .helpers import deal_with, rules_for
from .strategies import profiles

FOUR = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd", "D": "3s 8h Qd"}


def test_a_view_has_no_way_to_the_other_hands() -> None:
    """A bot handed a view finds neither the deal nor the players' states on it."""
    view = deal_with(rules_for("traditional"), FOUR).view("A")
    public = [name for name in dir(view) if not name.startswith("_")]
    assert "deal" not in public and "players" not in public
    assert all(not isinstance(getattr(view, name), dict) or name == "seats" for name in public
               if not callable(getattr(view, name)))


def test_a_blind_player_does_not_know_their_own_cards() -> None:
    """002 section 05: "Leave blind cards untouched": a blind player's view holds no cards."""
    deal = deal_with(rules_for("traditional"), FOUR)
    assert deal.view("A").hand is None and deal.view("A").to_json()["hand"] is None
    deal.apply_text("A look")
    assert [str(c) for c in deal.view("A").hand or ()] == ["Kc", "9c", "4c"]


def test_hands_turned_at_a_see_are_in_every_view() -> None:
    """At a see the hands are shown to the table: every view has them once the deal is over."""
    deal = deal_with(rules_for("traditional"), FOUR)
    for text in ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"]:
        deal.apply_text(text)
    shown = deal.view("C").shown()
    assert set(shown) == {"A", "B"} and [str(c) for c in shown["B"] or ()] == ["5s", "6h", "7d"]
    assert "D" not in deal.view("C").shown()  # a folded hand stays face down


def _cards_in(data: Any) -> Set[str]:
    return set(json.dumps(data).replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=profiles(), seed=st.integers(0, 10_000))
def test_no_view_ever_holds_another_players_unshown_cards(profile: Any, seed: int) -> None:
    """Over whole sessions played by bots, each bot's view (what a browser would be sent) never
    contains a card of another player's hand that the table has not seen."""
    rules = compile_rules(profile)
    names = ["A", "B", "C", "D"][: max(2, min(4, rules.table.max_players))]
    session = Session(rules, names, seed=seed)
    bots = {p: make_bot(style, random.Random(seed + i), p)
            for i, (p, style) in enumerate(zip(names, ["cautious", "loose", "blind_bluffer", "see_happy"]))}
    for _ in range(4):
        if session.is_over:
            break
        deal = session.start_deal()
        steps = 0
        while not deal.is_over and steps < 200:
            player = deal.to_act
            assert player is not None
            view = deal.view(player)
            data = view.to_json()
            shown = {p for p, hand in view.shown().items() if hand is not None}
            visible = _cards_in(data)
            for other, state in deal.players.items():
                if other == player or other in shown:
                    continue
                for hand in state.hands.values():
                    hidden = {str(c) for c in hand or ()} - {str(c) for c in deal.centre}
                    assert not hidden & visible - _cards_in({"shown": data["shown"], "centre": data["centre"]}), \
                        f"{player}'s view shows {other}'s cards"
            session.act(bots[player].choose(view))
            steps += 1
        if not deal.is_over:
            break
        session.finish_deal()
