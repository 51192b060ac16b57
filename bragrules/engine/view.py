"""What one player may know of a deal: their own cards once looked at, and what the table sees.

A :class:`PlayerView` is how a player (a bot, a person at the terminal, a
browser at the web table) sees a :class:`~bragrules.engine.deal.Deal`: the
public state (the order, the pot, the level, who is blind, who has folded,
what each has paid, the face-up centre cards, hands turned at a see) and that
player's own cards, but only once they have looked at them. Other players'
hands are not in it: a bot given a view cannot read them, even by accident.

It is a window, not a copy: it reads the deal as it is now, so one view made
per decision costs next to nothing. ``deal.view(None)`` is a spectator's: the
table as everyone sees it, with nobody's own cards.

It is also the one answer to "may this viewer see that card?"
(:meth:`PlayerView.visible_cards`): a line telling the table what happened
names a card only to a viewer who could see it just before or just after
(:class:`Sight`), so that no account of play says more than the views.

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
>>> sorted(str(c) for c in deal.view("A").visible_cards()), deal.view(None).visible_cards()
(['4c', '9c', 'Kc'], frozenset())
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Dict, FrozenSet, Iterable, List, NamedTuple, Optional, Set, Tuple

from bragrules.core.cards import CARDS, Card
from bragrules.core.money import money_json
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.events import Result, Show, SideShowAnswer
from bragrules.rules.hooks import Post

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal
    from bragrules.engine.state import PlayerState
    from bragrules.rules.compile import Rules

Hand = Optional[Tuple[Card, ...]]
Viewer = Optional[str]
"""Who looks at a deal: a player, or None for a spectator (the table as everyone sees it)."""


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
    """One player's window on a deal (see the module's docstring); ``player`` None: a spectator's,
    holding only what the whole table sees (no hand, no options, no face-down card)."""

    __slots__ = ("__deal", "player")

    def __init__(self, deal: "Deal", player: Viewer) -> None:
        if player is not None and player not in deal.players:
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
        if self._dealer_hidden:  # the house dealer's cards, turned at the end
            return ()
        down = deal.rules.format.face_down
        if down is None:
            return tuple(deal.centre)
        return tuple(c for c in self.centre_places if c is not None)

    @property
    def hunting(self) -> bool:
        """Whether the hunt for the jokers is on (``procedure.hunt_rounds``): a centre card taken or turned down."""
        return self.__deal.hunt is not None

    @property
    def _dealer_hidden(self) -> bool:
        """A banking game against the house (``procedure.bank``) before its settlement: the dealer's three cards,
        the deal's centre, are face down to everyone."""
        bank = self.__deal.rules.procedure.bank
        return bank is not None and bank.house and self.__deal.result is None

    @property
    def centre_places(self) -> Tuple[Optional[Card], ...]:
        """The centre place by place, None where a card lies face down unknown to this player
        (``format.exchange.face_down``)."""
        deal = self.__deal
        if self._dealer_hidden:  # the house dealer's cards lie face down until the settlement
            return tuple(None for _ in deal.centre)
        down = deal.rules.format.face_down
        xs = deal.exchange_state
        known = self.player is not None and xs is not None and xs.down_by == self.player
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

    def face_up(self) -> Dict[str, Tuple[Card, ...]]:
        """The cards of each player that lie face up, for everyone to see: those dealt face up
        (``format.open.face_up``: the first ones of each hand), and the whole hand of a player who plays open
        (``format.open.faceup``); none otherwise, nor for a hand the engine does not know, at a kept table.

        >>> from bragrules.core.cards import parse_cards
        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.engine.deal import Deal
        >>> stud = compile_rules(Profile.model_validate({"format": {"open": {"face_up": 1}}}))
        >>> deal = Deal(stud, ["A", "B"], {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")})
        >>> deal.view(None).face_up(), deal.view("A").hand
        ({'A': (Kc,), 'B': (5s,)}, None)
        """
        deal = self.__deal
        fmt = deal.rules.format
        up = fmt.face_up
        if not up and not fmt.faceup:
            return {}
        opened = {a.player for a in deal.actions if a.kind == "open"} if fmt.faceup else set()
        out: Dict[str, Tuple[Card, ...]] = {}
        for name in deal.order:
            hand = deal.players[name].hand
            if hand is not None and (up or name in opened):
                out[name] = tuple(hand) if name in opened else tuple(hand[:up])
        return out

    def turned_up(self) -> Dict[str, Card]:
        """The cards a side pot turned face up for everyone at the settlement (``pots.best_card``: each
        player's last card dealt); none before the deal is settled, or when it settled no side pot."""
        deal = self.__deal
        policy = deal.rules.pots
        if policy is None or deal.result is None or not deal.result.pots:
            return {}
        from bragrules.engine.pots import DealTable

        return policy.turned_up(DealTable.of(deal))

    # -- this player's own position -------------------------------------------

    def __own(self) -> Optional["PlayerState"]:
        """This player's state (None for a spectator, who holds nothing); private, as the deal is."""
        return None if self.player is None else self.__deal.players[self.player]

    @property
    def seen(self) -> bool:
        """Whether this player has looked at their hand (and so knows it); a spectator has no hand to see."""
        state = self.__own()
        return state is not None and state.seen

    @property
    def hand(self) -> Hand:
        """This player's cards, once looked at; None while blind (and for a spectator)."""
        state = self.__own()
        return state.hand if state is not None and state.seen else None

    @property
    def points_drawn(self) -> Tuple[Card, ...]:
        """The cards this player drew from the stock for the pips stake (``pots.points_draw``): theirs alone to
        see; none for a spectator or without the draws."""
        draws = self.__deal.points_draws
        if draws is None or self.player is None:
            return ()
        return tuple(draws.drawn.get(self.player, ()))

    @property
    def points_drawing(self) -> bool:
        """Whether the deal is at the draws for the pips stake (``pots.points_draw``), before the betting."""
        draws = self.__deal.points_draws
        return draws is not None and draws.turn is not None and self.__deal.result is None

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
    def wild_from(self) -> Tuple[Card, ...]:
        """The cards on the table that decide the deal's wild cards now: the turned centre cards, or, where a
        folder's cards replace them (``on_fold: replaced``, Pack Jack), the last hand folded, laid face up for
        everyone; none where no wild card is chosen at the table. What the bots value a hand with.

        >>> from bragrules.core.cards import parse_cards
        >>> from bragrules.engine.deal import Deal
        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"select": [
        ...     {"source": "centre", "turned": 3, "on_fold": "replaced"}]}}}))
        >>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("Ah Ad 3s"), "B": parse_cards("Kc Kd 2h"),
        ...     "C": parse_cards("9c 5d Jh")}, centre=parse_cards("3c 6d 7h"))
        >>> _ = deal.apply_text("A fold")
        >>> deal.view("B").wild_from, parse_cards("Ah")[0] in deal.view(None).visible_cards()
        ((Ah, Ad, 3s), True)
        """
        deal = self.__deal
        wild = deal.rules.comparer.wild
        if wild is None:
            return ()
        return tuple(CARDS[c] for c in wild.deciding(self.centre, deal.folded_hands))

    def _folded_face_up(self) -> Tuple[Tuple[Card, ...], ...]:
        """The folded hands laid face up on the table (``on_fold: replaced``: every folder's cards)."""
        deal = self.__deal
        wild = deal.rules.comparer.wild
        return tuple(deal.folded_hands) if wild is not None and wild.replaced_on_fold else ()

    @property
    def discarded(self) -> Optional[Card]:
        """Four-Card (``format.discard_before_betting``): the card this player put away face down (None before)."""
        state = self.__own()
        return state.discarded if state is not None else None

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
        state = self.__own()
        return state is not None and state.two_hands

    @property
    def inspected(self) -> Optional[str]:
        """Of two hands, the one looked at and waiting to be kept or discarded (``old`` or ``new``)."""
        state = self.__own()
        return state.inspected if state is not None else None

    @property
    def inspected_hand(self) -> Hand:
        """The cards of the hand looked at among two (None when none is)."""
        state = self.__own()
        return state.hands.get(state.inspected) if state is not None and state.inspected is not None else None

    @property
    def arrangement(self) -> Optional[Tuple[Tuple[Card, ...], ...]]:
        """Several-hand formats: this player's hands as arranged (None before)."""
        state = self.__own()
        arrangement = state.arrangement if state is not None else None
        return None if arrangement is None else tuple(tuple(h) for h in arrangement)

    @property
    def actions(self) -> Tuple[Action, ...]:
        """The actions taken so far in this deal, as the whole table saw them: who did what, at what
        cost (the cards of an arrangement or an exchange left out). What a bot replaying the betting reads."""
        return tuple(a if a.cards is None else a._replace(cards=None) for a in self.__deal.actions)

    def legal_actions(self) -> List[LegalAction]:
        """What this player may do now, each with its exact cost (nothing when it is not their turn)."""
        options = self.__deal.legal_actions()
        return options if options and self.player is not None and options[0].player == self.player else []

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
        return self.player is not None and self.seen and self.__deal.shown_beats(self.player)

    # -- what this viewer may see --------------------------------------------------

    def visible_cards(self) -> FrozenSet[Card]:
        """Every card this view shows, and so every card this viewer may be told of now: their own
        hand once looked at (or the one of two looked at), the card they put away face down, the
        centre cards they can see (a face-down one only to the player who laid it there), the top
        discard, the cards dealt face up (``format.open.face_up``), the hands turned face up (a folder's laid
        in place of the cards deciding the wild cards, too: ``on_fold: replaced``), the cards a
        side pot turned up, and the hands they compared in a side-show.

        Nothing else answers "may this viewer see that card?": a line telling what happened names a
        card only where this does (:class:`Sight`). A spectator's is the table's alone.
        """
        cards: Set[Card] = set(self.hand or ())
        cards.update(self.points_drawn)
        cards.update(self.inspected_hand or ())
        cards.update(self.centre)
        for folded in self._folded_face_up():
            cards.update(folded)
        for up in self.face_up().values():
            cards.update(up)
        for hand in self.shown().values():
            cards.update(hand or ())
        for _, hand, _ in self.side_shows():
            cards.update(hand or ())
        cards.update(self.turned_up().values())
        for card in (self.discard_top, self.discarded):
            if card is not None:
                cards.add(card)
        return frozenset(cards)

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
            **({"turned_up": {name: str(card) for name, card in turned.items()}} if (turned := self.turned_up()) else {}),
            **({"face_up": {name: cards(up) for name, up in opened.items()}} if (opened := self.face_up()) else {}),
            "centre": cards(self.centre) or [],
            **({"wild_from": cards(self.wild_from)} if self._folded_face_up() else {}),
            **(self._exchange_json() if self.rules.format.draws or self.rules.format.face_down is not None else {}),
            **({"wild": cards(wild)} if (wild := self.wild) else {}),
            **({"points_drawn": cards(drawn)} if (drawn := self.points_drawn) else {}),
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


class Sight:
    """What each viewer of a deal could see just before an action, so that the line telling of the
    action names to each only the cards they could see on one side of it or the other.

    Made before the action is applied; :meth:`seen` is then, per viewer, the cards of their view
    before it and after it (:meth:`PlayerView.visible_cards`): a face-up centre card taken into a
    hand was seen by everyone, a card of one's own laid face down only by its player.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.engine.deal import Deal
    >>> deal = Deal(compile_rules(load_profile("bastard-brag")), ["A", "B"],
    ...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")}, centre=parse_cards("Ah Qs 3d"))
    >>> sight = Sight(deal, ["A", "B", None])
    >>> _ = deal.apply_text("A swap Kc Ah")              # Ah was face up: everyone saw it taken
    >>> sorted(str(c) for c in sight.seen()[None])
    ['3d', 'Ah', 'Kc']
    >>> sight = Sight(deal, ["A", "B", None])
    >>> _ = deal.apply_text("B swap down 5s")            # 5s goes face down: B's alone
    >>> "5s" in {str(c) for c in sight.seen()["B"]}, "5s" in {str(c) for c in sight.seen()["A"]}
    (True, False)
    """

    __slots__ = ("_deal", "_before")

    def __init__(self, deal: "Deal", viewers: Iterable[Viewer]) -> None:
        self._deal = deal
        self._before: Dict[Viewer, FrozenSet[Card]] = {v: deal.view(v).visible_cards() for v in viewers}

    def seen(self) -> Dict[Viewer, FrozenSet[Card]]:
        """Per viewer, the cards they could see before the action or can see now."""
        return {v: before | self._deal.view(v).visible_cards() for v, before in self._before.items()}


def card_word(card: Card, seen: FrozenSet[Card], unseen: str = "a card") -> str:
    """``card`` as a line tells it to a viewer who saw ``seen``: the card, or ``unseen`` in its place.

    >>> from bragrules.core.cards import parse_card
    >>> card_word(parse_card("Qs"), frozenset({parse_card("Qs")})), card_word(parse_card("Qs"), frozenset())
    ('Qs', 'a card')
    """
    return str(card) if card in seen else unseen


__all__ = ["PlayerView", "SeatView", "Sight", "Viewer", "card_word"]
