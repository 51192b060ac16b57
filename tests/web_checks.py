"""What the web tests check of every message a seat is sent: no card it could not see at a real table."""

from __future__ import annotations

import contextlib
import re
from typing import Any, Dict, Iterator, Optional, Sequence, Set, Tuple
from unittest import mock

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


CARD = re.compile(r"(?<![0-9A-Za-z])(?<! as )(?:[2-9TJQKA][cdhs]|Jk2?)(?![0-9A-Za-z])")
"""A card as the table writes it (``Qs``, ``Th``, ``Jk``), standing alone in words; not what a wild card
stands for in a hand's name (``Jk as 7c``: no card of anyone's)."""


def card_tokens(value: Any) -> Set[str]:
    """Every card written anywhere in a JSON value, alone or within words (``"Bob swaps Qs for 2d"``)."""
    return {token for text in strings(value) for token in CARD.findall(text)}


def deal_cards(deal: Deal) -> Set[str]:
    """Every card in ``deal``, wherever it lies: the hands, the centre or the spare hand, the stock, the pile,
    a card put away face down."""
    cards = {str(c) for c in deal.centre}
    for state in deal.players.values():
        for hand in state.hands.values():
            cards.update(str(c) for c in hand or ())
        if state.discarded is not None:
            cards.add(str(state.discarded))
    cards.update(str(c) for c in deal.spare_dealt or ())
    xs = deal.exchange_state
    if xs is not None:
        cards.update(str(c) for c in (*xs.stock, *xs.pile))
    return cards


def could_see(deal: Deal, seat: Optional[str]) -> Set[str]:
    """The cards of ``deal`` that ``seat`` (None: a spectator; a seat out of the deal sees as one) may see at a
    real table now, read from the deal itself: hands turned face up (at a see, at the showdown), the centre cards
    lying face up (a face-down one only to the player who laid it; a spare hand lies face down), the top
    discard, each player's last card dealt once the best-card stake is settled, the joker each player is
    dealt, the cards each hand was dealt face up, a hand played open; and a seat's own: its hand once looked at (of two, the one looked
    at), the card it put away face down, and the hands it compared in a side-show."""
    from bragrules.engine.events import Result, Show

    seen: Set[str] = set()
    for event in deal.events:
        if isinstance(event, Show):
            seen.update(str(c) for c in event.cards or ())
        elif isinstance(event, Result):
            for _, hand in event.shown:
                seen.update(str(c) for c in hand or ())
    xs = deal.exchange_state
    if deal.spare_dealt is None:
        down = deal.rules.format.face_down
        laid = xs.down_by if xs is not None else None
        seen.update(str(c) for i, c in enumerate(deal.centre) if i != down or (seat is not None and laid == seat))
    if xs is not None and xs.pile:
        seen.add(str(xs.pile[-1]))
    if deal.result is not None and deal.result.pots and deal.rules.profile.pots.best_card is not None:
        # the best-card stake: "the last round is dealt face upwards", shown with the settlement
        seen.update(str(hand[-1]) for hand in deal.origin[1].values() if hand)
    up = deal.rules.profile.format.open.face_up
    if up:  # format.open.face_up: the first cards dealt to each hand lie face up for everyone
        seen.update(str(c) for hand in deal.origin[1].values() if hand for c in hand[:up])
    for action in deal.actions:  # format.open.faceup: a hand played open lies face up for everyone
        held = deal.players[action.player].hand if action.kind == "open" else None
        seen.update(str(c) for c in held or ())
    wild = deal.comparer.wild
    if wild is not None and wild.replaced_on_fold:  # on_fold: replaced (Pack Jack): a folder's cards laid face up
        seen.update(str(c) for hand in deal.folded_hands for c in hand)
    if wild is not None and wild.joker is not None:  # ranking.wild.joker_each: everyone knows each holds one
        seen.add(str(CARDS[wild.joker]))
    state = deal.players.get(seat) if seat is not None else None
    if state is not None:
        if state.seen:
            seen.update(str(c) for c in state.hand or ())
        if state.inspected is not None:
            seen.update(str(c) for c in state.hands.get(state.inspected) or ())
        if state.discarded is not None:
            seen.add(str(state.discarded))
        for other in side_show_partners(deal, seat):
            seen.update(str(c) for c in deal.players[other].hand or ())
    return seen


def hidden_from(deal: Deal, seat: Optional[str]) -> Set[str]:
    """The cards of ``deal`` that ``seat`` may not see now (:func:`could_see`)."""
    return deal_cards(deal) - could_see(deal, seat)


def assert_private(message: Dict[str, Any], seat: Optional[str], deal: Deal) -> None:
    """The view in ``message`` (sent to ``seat``, None for a spectator, during ``deal``) names no card
    ``seat`` may not see now (:func:`could_see`), alone or within words; a blind seat is sent no hand, a
    spectator no hand and no options, and a side-show's cards go to its two players only."""
    view = message.get("view")
    if view is None:
        return
    compared = side_show_partners(deal, seat)  # a side-show's other hand, sent to its two players only
    for item in view.get("side_shows") or []:
        assert item["with"] in compared, f"{seat or 'a spectator'} was sent {item['with']}'s side-show hand"
    if seat is not None and seat in deal.players and not deal.players[seat].seen:
        assert view.get("hand") is None, f"{seat} is blind, yet was sent a hand"
    if seat is None:
        assert view.get("hand") is None and view.get("legal") == [], "a spectator is sent no hand and no options"
    leaked = card_tokens(view) & hidden_from(deal, seat)
    assert not leaked, f"{seat or 'a spectator'} was sent {sorted(leaked)}, cards it may not see: {view}"


class Witness:
    """What each viewer could see at every moment of play while :meth:`watching` (after each deal is dealt and
    each action applied, bots' and people's, by :func:`could_see`), to check words written in between: a line
    of the feed, a deal's result, a refusal may name to a viewer only a card it could see at one of those
    moments since :meth:`start` (the card a player takes from the face-up centre was seen by everyone before;
    a card laid face down by nobody but its player)."""

    def __init__(self, viewers: Sequence[Optional[str]]) -> None:
        self.viewers = list(viewers)
        self.cards: Set[str] = set()
        self.seen: Dict[Optional[str], Set[str]] = {v: set() for v in self.viewers}

    def start(self, deal: Optional[Deal]) -> None:
        """Forget what came before: from now, what each sees of ``deal`` (the one in progress, if any)."""
        self.cards = set()
        self.seen = {v: set() for v in self.viewers}
        if deal is not None:
            self.look(deal)

    def look(self, deal: Deal) -> None:
        self.cards |= deal_cards(deal)
        for viewer in self.viewers:
            self.seen[viewer] |= could_see(deal, viewer)

    @contextlib.contextmanager
    def watching(self) -> Iterator["Witness"]:
        """Look at every deal after each deal dealt and each action applied by any session (in this thread)."""
        from bragrules.engine.session import Session

        act, start_deal = Session.act, Session.start_deal

        def acted(session: Session, *args: Any, **kwargs: Any) -> Any:
            out = act(session, *args, **kwargs)
            if session.current is not None:
                self.look(session.current)
            return out

        def dealt(session: Session, *args: Any, **kwargs: Any) -> Any:
            deal = start_deal(session, *args, **kwargs)
            self.look(deal)
            return deal

        with mock.patch.object(Session, "act", acted), mock.patch.object(Session, "start_deal", dealt):
            yield self

    def assert_told(self, value: Any, viewer: Optional[str], what: str, jokers_alike: bool = False) -> None:
        """``value`` (words or JSON sent to ``viewer`` since :meth:`start`) names no card the viewer could not
        see at some moment since then. ``jokers_alike``: the words write both jokers as ``Jk`` (the terminal),
        so a ``Jk`` names whichever joker the viewer saw."""
        leaked = card_tokens(value) & (self.cards - self.seen[viewer])
        if jokers_alike and "Jk" in leaked and "Jk2" in self.seen[viewer]:
            leaked = leaked - {"Jk"}
        assert not leaked, f"{viewer or 'a spectator'} was sent {sorted(leaked)} in {what}, cards it never saw: {value}"


WCAG_AA = 4.5
"""The least contrast WCAG 2 (level AA) asks of text of any size."""


def luminance(rgb: Tuple[float, float, float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0-255 a channel).

    >>> round(luminance((255, 255, 255)), 3), luminance((0, 0, 0))
    (1.0, 0.0)
    """
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: Tuple[float, float, float], other: Tuple[float, float, float]) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 to 21.

    >>> round(contrast((255, 255, 255), (0, 0, 0)), 1), round(contrast((119, 119, 119), (255, 255, 255)), 2)
    (21.0, 4.48)
    """
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)
