"""A deal's records: each player's position, how a deal ended, and its result.

These are the plain records the phases of a deal (:mod:`bragrules.engine.betting`,
:mod:`~bragrules.engine.showing`, :mod:`~bragrules.engine.settlement`, ...) read and
write, and that a finished deal hands out (:class:`DealResult`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.money import ZERO, pretty_money
from bragrules.core.text import brief
from bragrules.engine.arrange import Arrangement
from bragrules.rules.bank_settled import BankSettled
from bragrules.rules.hooks import PotWon

Hand = Optional[Tuple[Card, ...]]  # None: cards nobody recorded

@dataclass(slots=True)
class PlayerState:
    """A player's position in one deal."""

    name: str
    hands: Dict[str, Hand]  # "new", and "old" while a retained hand is held
    seen: bool = False
    folded: bool = False
    all_in: bool = False
    inspected: Optional[str] = None  # a hand looked at, awaiting keep or discard
    arrangement: Optional[Arrangement] = None  # several-hand formats: the hands in order
    unit: int = 1  # money below is counted in units of 1/unit
    paid_u: int = 0
    last_u: Optional[int] = None
    stack_u: Optional[int] = None  # finite bankrolls only
    blind_bets: int = 0  # bets made blind in this deal
    bets: int = 0  # bets made at this player's turns in this deal (a live post is none)
    settled_stack: Optional[Fraction] = None  # the stack once the deal is settled
    discarded: Optional[Card] = None  # format.discard_before_betting: the card put away face down

    @property
    def contributed(self) -> Fraction:
        """Everything paid into this deal's pot, ante included."""
        return Fraction(self.paid_u, self.unit)

    @property
    def last_paid(self) -> Optional[Fraction]:
        """What the player paid at their last turn (None before their first payment)."""
        return None if self.last_u is None else Fraction(self.last_u, self.unit)

    @property
    def stack(self) -> Optional[Fraction]:
        """Chips left behind (finite bankrolls only); after the deal, with winnings."""
        if self.settled_stack is not None:
            return self.settled_stack
        return None if self.stack_u is None else Fraction(self.stack_u, self.unit)

    @property
    def blind(self) -> bool:
        return not self.seen

    @property
    def two_hands(self) -> bool:
        return len(self.hands) == 2

    @property
    def hand(self) -> Hand:
        """The single hand held (the new one while two are held)."""
        return self.hands.get("new", self.hands.get("old"))


# The kinds of ending the engine names itself (``Ending.kind``); an area names its own through the ``ending``
# hook (:class:`~bragrules.rules.hooks.EndingAnswer`: ``"lives"`` in Crash, the procedure's steps), so the set is open.
ENDING_KINDS: Tuple[str, ...] = (
    "see",  # a see between two players holding one known hand each (shown or conceded): compared, maybe tied
    "showdown",  # any other showdown: everyone left shows, a concession, several hands, cards as claimed
    "folded",  # everyone else folded after betting began: the survivor, seen, takes the pot unshown
    "folded_blind",  # everyone else folded: the survivor, still blind, collects
    "folded_unbet",  # everyone else folded before anybody bet: the survivor takes the pot
    "carried_unbet",  # everyone folded before anybody bet and the profile carries that pot
    "carried_blind",  # a blind survivor who does not collect: the pot carries
    "carried_checked",  # everyone checked and nobody bet: the pot carries
    "carried_no_winner",  # several hands each and nobody won enough of them: the pot carries
    "redeal",  # a dispute's redeal: every stake returned
    "abandoned",  # the time limit stopped play mid-hand (session.end.at_limit: abandon): every stake returned
)


class Ending(NamedTuple):
    """What happened at the end of a deal, as the engine knows it when it settles.

    An immutable record (a named tuple: one is made for every deal).

    ``kind`` is one of :data:`ENDING_KINDS`, or the kind an area's ``ending`` hook named (``words`` then says it). ``survivor`` is the player left
    alone when everyone else folded. ``caller`` saw ``opponent`` when the
    deal ended at (or after) a see. ``tied`` says whether the two hands of
    that see were equal (None when there was no see, or the hands cannot be
    compared one against one: not recorded, or several hands each); a
    ``see`` ending always says. ``tie_rule`` names the rule that decided a
    ``see`` between equal hands (``seeing.tie``).
    ``winners`` are those who took the pot, in seat order.

    >>> from bragrules.engine.deal import Deal

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B"], {"A": None, "B": None})
    >>> from bragrules.engine.actions import Action
    >>> _ = deal.apply(Action("A", "fold"))
    >>> deal.result.ending
    Ending(kind='folded_unbet', winners=('B',), survivor='B', caller=None, opponent=None, tied=None, tie_rule=None, words='')
    """

    kind: str
    winners: Tuple[str, ...] = ()
    survivor: Optional[str] = None
    caller: Optional[str] = None
    opponent: Optional[str] = None
    tied: Optional[bool] = None
    tie_rule: Optional[str] = None
    words: str = ""  # an area's own ending in words (empty: the deal's reason says it)


class DealResult(NamedTuple):
    """How a deal ended and what every player gained or lost.

    Immutable; a named tuple, as the engine's other records are, because one is made for every deal.
    Every field is given (a deal gives them all), so no list or mapping is shared between results.
    """

    outcome: str  # "won", "split", "carried", "redeal"
    winners: List[str]
    pot: Fraction  # the pot as the deal ended, before it was settled: the pot carried in and every stake
    payouts: Dict[str, Fraction]
    bonuses: Dict[str, Fraction]
    net: Dict[str, Fraction]
    carried_out: Fraction
    showdown: bool
    won_by_prial: bool
    retained: Dict[str, Hand]  # a hand nobody recorded is None
    reason: str
    lives_lost: List[str]
    arrangements: Dict[str, List[List[str]]]
    conceded: List[str]  # conceded at a see without showing: cards stay unknown
    decided_by: List[str]  # the profile fields that decided this ending
    ending: Optional[Ending]  # what happened: the kind of ending, the see, a tie (always set by a deal)
    rake: Fraction = ZERO  # what the house took from the pot before paying it out (house.rake)
    table_fee: Fraction = ZERO  # the table fees the house took with the deal, in all (house.table_fee)
    fees: Optional[Dict[str, Fraction]] = None  # house.table_fee: each player's fee, in their net (None: none due)
    sent_out: Tuple[str, ...] = ()  # put out of the session by a penalty in this deal (disputes.self_exposure)
    pots: Tuple[PotWon, ...] = ()  # the side pots settled with the deal (pots), each with who took it
    points: Optional[Dict[str, int]] = None  # session.points: the points each player scored (None: no points kept)
    house: Fraction = ZERO  # procedure.bank, kind: house: what the house's bank won from the deal (less: it paid)
    bank_settled: Optional[BankSettled] = None  # procedure.bank: each stake settled against the bank, as data


def returned_stakes(result: DealResult) -> Fraction:
    """What a deal's settlement hands back to the players who staked it: a redeal (000: "a redeal
    of the whole hand, with all antes returned") returns every ante and bet, which is its pot less
    the pot carried in (that stays carried); any other deal returns nothing. A result's ``pot`` is
    the pot before settlement, so a redeal's is what was returned (and carried), not what was won.

    >>> from bragrules.core.cards import parse_hand
    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B", "C"],
    ...             {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d"), "C": parse_hand("2c 7h Jd")})
    >>> for text in ("C exposes B", "B redeal"):
    ...     _ = deal.apply_text(text)
    >>> result = deal.result
    >>> result.outcome, result.pot, returned_stakes(result), result.carried_out, result.net["B"]
    ('redeal', Fraction(3, 1), Fraction(3, 1), Fraction(0, 1), Fraction(0, 1))
    """
    if result.outcome != "redeal":
        return ZERO
    return result.pot - result.carried_out


@lru_cache(maxsize=None)
def pack_cards(size: int) -> FrozenSet[int]:
    """The cards of a pack of ``size`` cards (as their numbers: 0 to 51, then the jokers)."""
    return frozenset(range(size))


def amount_text(amount: Fraction) -> str:
    """An amount a player wrote, quoted briefly in a message."""
    return brief(pretty_money(amount))


def share(payouts: Dict[str, Fraction], winners: Sequence[str], amount: Fraction) -> None:
    if not winners or amount is ZERO or not amount:
        return
    if len(winners) == 1:  # the usual case: no division, and nothing added to a zero
        held = payouts[winners[0]]
        payouts[winners[0]] = amount if held is ZERO or not held else held + amount
        return
    part = amount / len(winners)
    for winner in winners:
        payouts[winner] += part
