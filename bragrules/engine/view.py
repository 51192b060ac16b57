"""What one player may know of a deal: their own cards once looked at, and what the table sees.

A :class:`PlayerView` is how a player (a bot, a person at the terminal, a
browser at the web table) sees a :class:`~bragrules.engine.deal.Deal`: the
public state (the order, the pot, the level, who is blind, who has folded,
what each has paid, the face-up centre cards, hands turned at a see) and that
player's own cards, but only once they have looked at them. Other players'
hands are not in it: a bot given a view cannot read them, even by accident.

It is a window, not a copy: it reads the deal as it is now, so one view made
per decision costs next to nothing.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B", "C"],
...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"), "C": parse_cards("2c 7h Jd")})
>>> view = deal.view("A")
>>> view.hand is None, view.seen, [o.kind for o in view.legal_actions()]
(True, False, ['look', 'bet', 'fold'])
>>> _ = deal.apply_text("A look")
>>> [str(c) for c in view.hand]
['Kc', '9c', '4c']
>>> deal.view("B").hand is None, deal.view("B").seat("A").seen   # B sees that A looked, not A's cards
(True, True)
>>> deal.view("B").to_json()["seats"]["A"]
{'seen': True, 'folded': False, 'all_in': False, 'paid': 1, 'last_paid': None, 'stack': None, 'hands': 1}
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Tuple

from bragrules.core.cards import Card
from bragrules.core.money import money_json
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import Result, Show, SideShowAnswer
from bragrules.rules.hooks import Post

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal
    from bragrules.rules.compile import Rules

Hand = Optional[Tuple[Card, ...]]


class SeatView(NamedTuple):
    """What the whole table sees of one player in a deal."""

    name: str
    seen: bool
    folded: bool
    all_in: bool
    paid: Fraction  # everything paid into this deal's pot, ante included
    last_paid: Optional[Fraction]  # at their last turn (None before their first payment)
    stack: Optional[Fraction]  # chips left behind (finite bankrolls only)
    hands: int  # hands held: 2 while a retained hand is held beside the new one


class PlayerView:
    """One player's window on a deal (see the module's docstring)."""

    __slots__ = ("__deal", "player")

    def __init__(self, deal: "Deal", player: str) -> None:
        if player not in deal.players:
            raise KeyError(f"{player} is not in this deal")
        self.__deal = deal
        self.player = player

    # -- the deal as everyone sees it ------------------------------------

    @property
    def key(self) -> int:
        """A number telling this deal apart from every other (a bot's memory is per deal)."""
        return self.__deal.key

    @property
    def rules(self) -> "Rules":
        return self.__deal.rules

    @property
    def order(self) -> List[str]:
        return list(self.__deal.order)

    @property
    def pot(self) -> Fraction:
        return self.__deal.pot

    @property
    def carried_in(self) -> Fraction:
        return self.__deal.carried_in

    @property
    def level(self) -> Optional[Fraction]:
        return self.__deal.level

    @property
    def to_act(self) -> Optional[str]:
        return self.__deal.to_act

    @property
    def is_over(self) -> bool:
        return self.__deal.is_over

    @property
    def centre(self) -> Tuple[Card, ...]:
        """The centre cards this player can see: Stop the Bus's face-up ones, or those deciding the deal's wild
        cards (none otherwise); a face-down centre card only to the player who laid it there."""
        deal = self.__deal
        if deal.spare_dealt is not None:  # a spare hand (session.points) lies face down
            return ()
        down = deal.rules.format.face_down
        if down is None:
            return tuple(deal.centre)
        return tuple(c for c in self.centre_places if c is not None)

    @property
    def centre_places(self) -> Tuple[Optional[Card], ...]:
        """The centre place by place, None where a card lies face down unknown to this player
        (``format.exchange.face_down``)."""
        deal = self.__deal
        down = deal.rules.format.face_down
        xs = deal.exchange_state
        known = xs is not None and xs.down_by == self.player
        return tuple(None if i == down and not known else c for i, c in enumerate(deal.centre))

    @property
    def discard_top(self) -> Optional[Card]:
        """A draw game: the top card of the discard pile, seen by everyone (None: no pile, or empty)."""
        xs = self.__deal.exchange_state
        return xs.pile[-1] if xs is not None and xs.pile else None

    @property
    def stock_left(self) -> int:
        """A draw game: how many cards are left in the stock (their faces unknown to everyone)."""
        xs = self.__deal.exchange_state
        return len(xs.stock) if xs is not None else 0

    def exchanges_made(self, name: str) -> int:
        """How many exchanges ``name`` has made in this deal (``format.exchange.min_exchanges_before_stick``)."""
        xs = self.__deal.exchange_state
        return xs.counts.get(name, 0) if xs is not None else 0

    @property
    def in_play(self) -> List[str]:
        """Players who have not folded, in order."""
        return self.__deal.in_play

    @property
    def posts(self) -> Tuple[Post, ...]:
        """What each seat posted before the betting (``stakes.forced``; empty when every seat just antes).
        Everyone at the table sees them."""
        return self.__deal.posted

    def seat(self, name: str) -> SeatView:
        """What the table sees of ``name``: blind or seen, folded, all in, what they have paid."""
        state = self.__deal.players[name]
        return SeatView(name, state.seen, state.folded, state.all_in, state.contributed, state.last_paid,
                        state.stack, len(state.hands))

    def seats(self) -> Dict[str, SeatView]:
        return {name: self.seat(name) for name in self.__deal.order}

    def shown(self) -> Dict[str, Hand]:
        """Hands turned face up for everyone: at a see, and at the showdown that ended the deal."""
        out: Dict[str, Hand] = {}
        for event in self.__deal.events:
            if isinstance(event, Show):
                out[event.player] = event.cards
            elif isinstance(event, Result):
                for name, cards in event.shown:
                    out[name] = cards
        return out

    # -- this player's own position -------------------------------------------

    @property
    def seen(self) -> bool:
        """Whether this player has looked at their hand (and so knows it)."""
        return self.__deal.players[self.player].seen

    @property
    def hand(self) -> Hand:
        """This player's cards, once looked at; None while blind."""
        state = self.__deal.players[self.player]
        return state.hand if state.seen else None

    @property
    def wild(self) -> Tuple[Card, ...]:
        """The cards of this player's hand wild in it, once looked at (none while blind): wild by the
        profile (named, by rank, jokers) or chosen at the table (the hand's lowest rank, the centre's ranks).

        >>> from bragrules.core.cards import parse_cards
        >>> from bragrules.engine.actions import Action
        >>> from bragrules.engine.deal import Deal
        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}}))
        >>> deal = Deal(rules, ["A", "B"], {"A": parse_cards("As Kh Kc"), "B": parse_cards("5s 6h 7d")})
        >>> _ = deal.apply(Action.parse("A look"))
        >>> deal.view("A").wild, deal.view("B").wild
        ((Kh, Kc), ())
        """
        hand = self.hand
        if hand is None:
            return ()
        comparer = self.__deal.comparer
        chosen = comparer.hand_wild(hand)
        own = comparer.ranker.wild
        return tuple(c for c in hand if c in chosen or c in own)

    @property
    def discarded(self) -> Optional[Card]:
        """Four-Card (``format.discard_before_betting``): the card this player put away face down (None before)."""
        return self.__deal.players[self.player].discarded

    def best_discard(self) -> Optional[Card]:
        """Of this player's own cards, once looked at, the one whose discard leaves the strongest hand
        (None while blind); only this player's cards go into it."""
        hand = self.hand
        if hand is None or len(hand) < 4:
            return None
        from bragrules.engine.discard import best_discard

        return best_discard(self.__deal.comparer, hand)

    @property
    def two_hands(self) -> bool:
        """Holding a retained hand beside the new one (002 section 05)."""
        return self.__deal.players[self.player].two_hands

    @property
    def inspected(self) -> Optional[str]:
        """Of two hands, the one looked at and waiting to be kept or discarded (``old`` or ``new``)."""
        return self.__deal.players[self.player].inspected

    @property
    def inspected_hand(self) -> Hand:
        """The cards of the hand looked at among two (None when none is)."""
        state = self.__deal.players[self.player]
        return state.hands.get(state.inspected) if state.inspected is not None else None

    @property
    def arrangement(self) -> Optional[Tuple[Tuple[Card, ...], ...]]:
        """Several-hand formats: this player's hands as arranged (None before)."""
        arrangement = self.__deal.players[self.player].arrangement
        return None if arrangement is None else tuple(tuple(h) for h in arrangement)

    @property
    def actions(self) -> Tuple[Action, ...]:
        """The actions taken so far in this deal, as the whole table saw them: who did what, at what
        cost (the cards of an arrangement or an exchange left out). What a bot replaying the betting reads."""
        return tuple(a if a.cards is None else a._replace(cards=None) for a in self.__deal.actions)

    def legal_actions(self) -> List[LegalAction]:
        """What this player may do now, each with its exact cost (nothing when it is not their turn)."""
        options = self.__deal.legal_actions()
        return options if options and options[0].player == self.player else []

    def side_shows(self) -> List[Tuple[str, Hand, Optional[str]]]:
        """The accepted side-shows this player took part in: (the other player, the other's cards as
        compared, who folded or None). Only the two players of a side-show see its cards; the table
        sees only who folded (``seeing.side_show``)."""
        deal = self.__deal
        out: List[Tuple[str, Hand, Optional[str]]] = []
        for event in deal.events:
            if type(event) is SideShowAnswer and event.accepted and self.player in (event.player, event.asker):
                other = event.asker if event.player == self.player else event.player
                out.append((other, deal.players[other].hand, event.loser))
        return out

    @property
    def side_show_asked(self) -> Optional[Tuple[str, str]]:
        """A side-show waiting for its answer, as the table sees it: (the asker, the asked), or None."""
        return self.__deal.side_show

    def shown_beats(self) -> bool:
        """At a see, when this player may still concede: whether the hand turned first beats theirs.

        Only the player's own hand (once looked at) and the hand shown go into it.
        """
        return self.seen and self.__deal.shown_beats(self.player)

    # -- for programs -------------------------------------------------------------

    def to_json(self) -> Dict[str, Any]:
        """The view as JSON-ready data: what a browser at the web table receives for this seat."""

        def cards(hand: Hand) -> Optional[List[str]]:
            return None if hand is None else [str(c) for c in hand]

        def amount(value: Optional[Fraction]) -> Any:
            return None if value is None else money_json(value)

        return {
            "player": self.player,
            "order": self.order,
            "pot": amount(self.pot),
            "level": amount(self.level),
            "to_act": self.to_act,
            "over": self.is_over,
            "hand": cards(self.hand),
            "seats": {
                s.name: {"seen": s.seen, "folded": s.folded, "all_in": s.all_in, "paid": amount(s.paid),
                         "last_paid": amount(s.last_paid), "stack": amount(s.stack), "hands": s.hands}
                for s in self.seats().values()
            },
            "shown": {name: cards(hand) for name, hand in self.shown().items()},
            "centre": cards(self.centre) or [],
            **(self._exchange_json() if self.rules.format.draws or self.rules.format.face_down is not None else {}),
            **({"wild": cards(wild)} if (wild := self.wild) else {}),
            **({"posts": [{"player": p.player, "post": p.what, "amount": amount(p.amount), "first_bet": p.live}
                          for p in self.posts]} if self.posts else {}),
            "side_shows": [{"with": other, "cards": cards(hand), "folded": loser}
                           for other, hand, loser in self.side_shows()],
            "side_show_asked": list(self.side_show_asked) if self.side_show_asked else None,
            "legal": [
                {"kind": o.kind, "target": o.target, "amount": amount(o.amount), "max": amount(o.max_amount),
                 "step": amount(o.step), "all_in": o.all_in}
                for o in self.legal_actions()
            ],
        }


    def _exchange_json(self) -> Dict[str, Any]:
        """A draw game's pile and stock, a face-down centre card's place, everyone's exchanges made."""
        xs = self.__deal.exchange_state
        counts = dict(xs.counts) if xs is not None else {}
        if self.rules.format.draws:
            top = self.discard_top
            return {"discard": None if top is None else str(top), "stock": self.stock_left, "exchanges": counts}
        return {"centre_places": [None if c is None else str(c) for c in self.centre_places], "exchanges": counts}


__all__ = ["PlayerView", "SeatView"]
