"""What the web tests check of every message a seat is sent: no card it could not see at a real table."""

from __future__ import annotations

from typing import Any, Dict, Optional, Set

from bragrules.core.cards import CARDS
from bragrules.engine.deal import Deal

LOCAL = "http://127.0.0.1"
"""The address the tests' clients use: a name the table answers to (it refuses others, such as ``testserver``)."""
WS = "ws://127.0.0.1"
"""The same for websockets (Starlette's test client names ``testserver`` unless given a whole address)."""


def strings(value: Any, out: Optional[Set[str]] = None) -> Set[str]:
    """Every string anywhere in a JSON value (keys too)."""
    found = set() if out is None else out
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            strings(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            strings(item, found)
    return found


def side_show_partners(deal: Deal, seat: Optional[str]) -> Set[str]:
    """The players ``seat`` compared hands with in an accepted side-show of ``deal`` (the engine's events)."""
    from bragrules.engine.events import SideShowAnswer

    if seat is None:
        return set()
    return {e.asker if e.player == seat else e.player for e in deal.events
            if isinstance(e, SideShowAnswer) and e.accepted and seat in (e.player, e.asker)}


def assert_private(message: Dict[str, Any], seat: Optional[str], deal: Deal) -> None:
    """``message`` (sent to ``seat``, None for a spectator, during ``deal``) holds no hidden card.

    A card held by anyone may appear only where the table shows it: in the
    seat's own hand once looked at, in a hand turned face up (``shown``), or
    among the face-up centre cards. A blind seat is sent no hand at all.
    """
    view = message.get("view")
    if view is None:
        return
    found = strings(view)
    shown = view.get("shown") or {}
    centre = set(view.get("centre") or [])
    own = set((view.get("hand") or []) + (view.get("inspected_hand") or [])) if seat is not None else set()
    compared = side_show_partners(deal, seat)  # a side-show's other hand, sent to its two players only
    for item in view.get("side_shows") or []:
        assert item["with"] in compared, f"{seat or 'a spectator'} was sent {item['with']}'s side-show hand"
    if seat is not None and seat in deal.players and not deal.players[seat].seen:
        assert view.get("hand") is None, f"{seat} is blind, yet was sent a hand"
    if seat is None:
        assert view.get("hand") is None and view.get("legal") == [], "a spectator is sent no hand and no options"
    wild = deal.comparer.wild
    dealt_joker = str(CARDS[wild.joker]) if wild is not None and wild.joker is not None else None
    for name, state in deal.players.items():
        for hand in state.hands.values():
            for card in hand or ():
                text = str(card)
                if text not in found or text in centre or text in (shown.get(name) or []):
                    continue
                if text == dealt_joker:  # ranking.wild.joker_each: everyone knows each holds one
                    continue
                if name == seat and text in own:
                    continue
                if name in compared and any(text in (item.get("cards") or []) for item in view.get("side_shows") or []
                                            if item["with"] == name):
                    continue
                raise AssertionError(f"{seat or 'a spectator'} was sent {text}, a card of {name}'s that "
                                     f"the table has not shown")
        discarded = state.discarded  # format.discard_before_betting: face down, its holder's only
        if discarded is not None and name != seat and str(discarded) in found:
            raise AssertionError(f"{seat or 'a spectator'} was sent {discarded}, the card {name} discarded face down")
    xs = deal.exchange_state  # an exchange game: the stock, the pile below its top, a face-down centre card
    if xs is not None:
        unseen = [*xs.stock, *xs.pile[:-1]]
        down = deal.rules.format.face_down
        if down is not None and xs.down_by != seat:
            unseen.append(deal.centre[down])
        for card in unseen:
            assert str(card) not in found, f"{seat or 'a spectator'} was sent {card}, a card nobody may see"
