"""Typed deal events: one small frozen record per kind of thing that happens in a deal.

A deal keeps them in ``deal.events`` and :meth:`~bragrules.engine.deal.Deal.apply`
returns the one an action made, like PokerKit's operations. Each is a named
tuple (the engine makes one for every action), and each says its ``kind``,
the word an action of that kind is written with:

>>> from fractions import Fraction
>>> event = Bet("A", Fraction(2), level=Fraction(2), blind=False, all_in=False)
>>> event.kind, event.player, event.amount
('bet', 'A', Fraction(2, 1))
>>> isinstance(event, See)
False
>>> from bragrules.core.cards import parse_card
>>> Swap("B").whole, Swap("B", gave=parse_card("Kc"), took=parse_card("2d")).whole
(True, False)
>>> event.amount = Fraction(3)
Traceback (most recent call last):
...
AttributeError: can't set attribute

Readers take events by type, ``isinstance(event, See)``, and read their fields
by name, ``event.opponent``; there is no loose ``detail`` dictionary.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, Optional, Sequence, Tuple, Union

from bragrules.core.cards import Card

Hand = Optional[Tuple[Card, ...]]  # None: cards nobody recorded


class Ante(NamedTuple):
    """``player`` put ``amount`` into the pot before the deal (``stakes.ante``)."""

    player: str
    amount: Fraction

    @property
    def kind(self) -> str:
        return "ante"


class PairPlus(NamedTuple):
    """``player`` staked ``amount`` on the Pair Plus (``procedure.bank.pair_plus``), nothing where they chose
    not to (``procedure.bank.pair_plus_max``): a side bet on their own hand, beside the ante."""

    player: str
    amount: Fraction

    @property
    def kind(self) -> str:
        return "pair_plus"


class Look(NamedTuple):
    """``player`` looked at their cards.

    ``hand`` is ``"old"`` or ``"new"`` when the player looked at one of two
    hands (a retained one and a new one) and must now keep or discard it;
    ``cards`` are the cards looked at (None: not recorded, or an ``automatic``
    look, where a format has no blind play); ``already_seen``: a look that
    changes nothing (a player of a format without blind play looking again).
    """

    player: str
    cards: Hand = None
    hand: Optional[str] = None
    automatic: bool = False
    already_seen: bool = False

    @property
    def kind(self) -> str:
        return "look"


class Keep(NamedTuple):
    """``player`` keeps the ``hand`` (``"old"``/``"new"``) just looked at, and is now ``seen``."""

    player: str
    hand: str
    seen: bool

    @property
    def kind(self) -> str:
        return "keep"


class Discard(NamedTuple):
    """``player`` discards the ``hand`` just looked at and keeps the other, unseen (``seen``: still so)."""

    player: str
    hand: str
    seen: bool

    @property
    def kind(self) -> str:
        return "discard"


class DiscardCard(NamedTuple):
    """Four-Card (``format.discard_before_betting``): ``player``, having looked, put ``card`` away face down."""

    player: str
    card: Card

    @property
    def kind(self) -> str:
        return "discard"


class Bet(NamedTuple):
    """``player`` paid ``amount`` (blind players pay at half rate); the level is now ``level``.

    ``level`` is None after an opening bet that went all in below the opening minimum: a
    short stack's payment sets no level.
    """

    player: str
    amount: Fraction
    level: Optional[Fraction]
    blind: bool
    all_in: bool

    @property
    def kind(self) -> str:
        return "bet"


class Check(NamedTuple):
    """``player`` checked: nobody had bet (``stakes.check``)."""

    player: str

    @property
    def kind(self) -> str:
        return "check"


class Fold(NamedTuple):
    """``player`` folded."""

    player: str

    @property
    def kind(self) -> str:
        return "fold"


class See(NamedTuple):
    """``player`` paid ``amount`` to see ``opponent``: the two show (or one concedes)."""

    player: str
    amount: Fraction
    opponent: str

    @property
    def kind(self) -> str:
        return "see"


class Arrange(NamedTuple):
    """``player`` set out their cards as ``hands`` (best first); ``automatic``: arranged for them at the showdown."""

    player: str
    hands: Tuple[Tuple[Card, ...], ...]
    automatic: bool = False

    @property
    def kind(self) -> str:
        return "arrange"


class Swap(NamedTuple):
    """Stop the Bus: ``player`` gave ``gave`` for the centre card ``took``, or the whole hand (both None)."""

    player: str
    gave: Optional[Card] = None
    took: Optional[Card] = None

    @property
    def kind(self) -> str:
        return "swap"

    @property
    def whole(self) -> bool:
        """Whether the whole hand was swapped with the centre."""
        return self.gave is None


class Close(NamedTuple):
    """A hunt for the jokers (``procedure.hunt_rounds``): ``player`` turned the centre card ``card`` face down,
    out of play."""

    player: str
    card: Card

    @property
    def kind(self) -> str:
        return "close"


class TakeSpare(NamedTuple):
    """``player`` took the spare hand for their own (``session.points.spare_hand``), paying ``stake`` into the pot."""

    player: str
    stake: Fraction = Fraction(0)

    @property
    def kind(self) -> str:
        return "take"


class Knock(NamedTuple):
    """Stop the Bus: ``player`` knocked; everyone else has one more turn."""

    player: str

    @property
    def kind(self) -> str:
        return "knock"


class Stand(NamedTuple):
    """Stop the Bus: after a knock, ``player`` kept their hand."""

    player: str

    @property
    def kind(self) -> str:
        return "stand"


class Draw(NamedTuple):
    """A draw game: ``player`` took ``card`` from the ``source`` (``"stock"`` or ``"discard"``, the pile's top);
    the card is the player's own knowledge (None: not recorded), the source is seen by all."""

    player: str
    source: str
    card: Optional[Card] = None

    @property
    def kind(self) -> str:
        return "draw"


class Throw(NamedTuple):
    """A draw game: ``player`` discarded ``card`` face up onto the discard pile."""

    player: str
    card: Card

    @property
    def kind(self) -> str:
        return "throw"


class Pass(NamedTuple):
    """``player`` took a card and ends the turn without stopping the bus (``format.exchange.must_take_before_knock``)."""

    player: str

    @property
    def kind(self) -> str:
        return "pass"


class Show(NamedTuple):
    """``player`` turned their ``cards`` face up at a see (None: not recorded)."""

    player: str
    cards: Hand

    @property
    def kind(self) -> str:
        return "show"


class Concede(NamedTuple):
    """``player``, second to show at a see, gave up without showing (``seeing.concede_unseen``)."""

    player: str

    @property
    def kind(self) -> str:
        return "concede"


class Retain(NamedTuple):
    """A blind survivor, ``player``, keeps the unseen ``hand`` (``"old"``/``"new"``) for the next deal."""

    player: str
    hand: str

    @property
    def kind(self) -> str:
        return "retain"


class Release(NamedTuple):
    """A blind survivor, ``player``, lets every unseen hand go."""

    player: str

    @property
    def kind(self) -> str:
        return "release"


class Peek(NamedTuple):
    """``player`` looked at ``target``'s cards on purpose; ``forced_fold``: and so folded (``disputes.peek``)."""

    player: str
    target: str
    forced_fold: bool

    @property
    def kind(self) -> str:
        return "peek"


class Expose(NamedTuple):
    """``player`` reported ``affected``'s cards exposed by accident, ``before_betting`` or after it began."""

    player: str
    affected: str
    before_betting: bool

    @property
    def kind(self) -> str:
        return "expose"


class Redeal(NamedTuple):
    """``player``, whose cards were exposed, demanded the hand be dealt again."""

    player: str

    @property
    def kind(self) -> str:
        return "redeal"


class Void(NamedTuple):
    """``player`` declared the deal void (``disputes.void_deal``): every stake returned, dealt again."""

    player: str

    @property
    def kind(self) -> str:
        return "void"


class Flash(NamedTuple):
    """``player`` showed their own cards to the table on purpose (``disputes.self_exposure``); the
    ``penalty`` applied (``no_penalty``, ``fold``, ``fine``, ``out``) and the ``fine`` paid into the pot."""

    player: str
    penalty: str
    fine: Fraction = Fraction(0)

    @property
    def kind(self) -> str:
        return "flash"


class Bonus(NamedTuple):
    """``player``'s hand of ``category`` earns ``amount`` from each other player (``session.bonus``)."""

    player: str
    amount: Fraction
    category: str

    @property
    def kind(self) -> str:
        return "bonus"


class SideShow(NamedTuple):
    """``player`` asked ``asked`` (the previous player) for a side-show, paying ``amount`` with it
    (None: asking cost nothing; ``seeing.side_show.cost``)."""

    player: str
    asked: str
    amount: Optional[Fraction] = None

    @property
    def kind(self) -> str:
        return "sideshow"


class SideShowAnswer(NamedTuple):
    """``player``, asked by ``asker``, accepted the side-show or refused it. Accepted, the two
    compared hands in private and ``loser`` folded (None: equal hands and nobody folds). The
    cards compared are not in the event: only the two players' views hold them."""

    player: str
    asker: str
    accepted: bool
    loser: Optional[str] = None

    @property
    def kind(self) -> str:
        return "accept" if self.accepted else "refuse"


class Result(NamedTuple):
    """How the deal ended: the ``outcome`` (won, split, carried, redeal), the ``pot``, the ``winners``
    and why; ``shown``: the hands turned at the showdown, in the order they were turned (a hand
    None: not recorded); who lost a life (Crash) and who conceded unseen."""

    pot: Fraction
    outcome: str
    winners: Tuple[str, ...]
    reason: str
    shown: Tuple[Tuple[str, Hand], ...] = ()
    lives_lost: Tuple[str, ...] = ()
    conceded: Tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "result"

    @property
    def player(self) -> None:
        """No one player: a result is the table's."""
        return None


Event = Union[Ante, Look, Keep, Discard, DiscardCard, Bet, Check, Fold, See, Arrange, Swap, Knock, Stand, Show, Concede,
              Draw, Throw, Pass, Retain, Release, Peek, Expose, Redeal, Void, Flash, Bonus, Result, SideShow, SideShowAnswer,
              TakeSpare, PairPlus, Close]
"""Any deal event."""

EVENT_TYPES: Tuple[type, ...] = (Ante, Look, Keep, Discard, DiscardCard, Bet, Check, Fold, See, Arrange, Swap, Knock, Stand,
                                 Show, Concede, Retain, Release, Peek, Expose, Redeal, Void, Flash, Bonus, Result,
                                 SideShow, SideShowAnswer, Draw, Throw, Pass, TakeSpare, PairPlus, Close)
"""Every kind of deal event, one class each."""

def raised(events: Sequence[object]) -> bool:
    """Whether the last bet of a deal raised the level (a raise, 加注) rather than met it or opened the
    betting (a bet, 跟注): its level above the level set before it.

    >>> from fractions import Fraction as F
    >>> raised([Bet("A", F(1), F(1), False, False), Bet("B", F(2), F(2), False, False)])
    True
    >>> raised([Bet("A", F(1), F(1), False, False), Bet("B", F(1), F(1), False, False)]), raised([])
    (False, False)
    """
    levels = [e.level for e in events if isinstance(e, Bet) and e.level is not None]
    return len(levels) >= 2 and levels[-1] > levels[-2]


__all__ = ["raised", "Ante", "Arrange", "Bet", "Bonus", "Check", "Close", "Concede", "Discard", "DiscardCard", "Draw", "EVENT_TYPES", "Event", "Expose", "PairPlus",
           "Flash", "Fold", "Keep", "Knock", "Look", "Pass", "Peek", "Redeal", "Release", "Result", "Retain", "See", "Show",
           "SideShow", "SideShowAnswer", "Stand", "Swap", "TakeSpare", "Throw", "Void"]
