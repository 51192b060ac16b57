"""A banking game's settlement (``procedure.bank``) as data, and in words in the reader's language.

Each player's stakes against the bank are settled by the bank's policy (:class:`~bragrules.rules.bank.BankPolicy`)
into a :class:`Settled`: what they staked and what comes back, and how it came about (the outcome against the bank's
hand, the Ante Bonus, the Pair Plus). The deal's result keeps them all, with who held the bank's hand and the hand
itself (:class:`BankSettled`, :attr:`~bragrules.engine.state.DealResult.bank_settled`). The words are made from
those data when they are read (:meth:`Settled.said`, :meth:`BankSettled.said`): in English they are the deal's
recorded reason, word for word; at a table speaking Chinese or Hindi, the same account in that language.

>>> from fractions import Fraction
>>> from bragrules.core.i18n import with_language
>>> won = Settled("A", Fraction(5), Fraction(10), (), "won", Fraction(5))
>>> won.why, won.net
("A, stake 5: better than the banker's hand, wins 5", Fraction(5, 1))
>>> said = with_language("zh", won.said().text)
>>> "A" in said and "5" in said and "banker" not in said
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, List, NamedTuple, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.i18n import N_, Later, Message
from bragrules.core.money import ZERO
from bragrules.core.rule_id import Rule

OUTCOMES: Tuple[str, ...] = (
    "won",  # a better hand than the bank's: the stake (the ante and the Play bet) won
    "lost",  # the bank's hand is better: the stake (the ante and the Play bet) lost
    "tied_pushed",  # equal hands, procedure.bank.ties: push: the stake goes back
    "tied_lost",  # equal hands, procedure.bank.ties: bank: the bank takes the stake
    "folded",  # kind: house: the player folded, losing the ante (and the Pair Plus)
    "not_qualified",  # kind: house: the dealer does not qualify: the ante wins even money, the Play bet goes back
)
"""How a player's main stake fared against the bank's hand (:attr:`Settled.outcome`)."""

_AGAINST_BANKER = {
    "won": N_("{player}, stake {amount}: better than the banker's hand, wins {amount}"),
    "tied_pushed": N_("{player}, stake {amount}: equal hands, the stake goes back"),
    "tied_lost": N_("{player}, stake {amount}: equal hands, the banker wins"),
    "lost": N_("{player}, stake {amount}: the banker's hand is better"),
}
"""A stake against a banker seat, by its outcome."""

_AGAINST_DEALER = {
    "not_qualified": N_("the dealer does not qualify: the ante wins even money, the Play bet is returned"),
    "won": N_("a better hand than the dealer's: the ante and the Play bet win even money"),
    "tied_pushed": N_("equal to the dealer's hand: the ante and the Play bet are returned"),
    "tied_lost": N_("equal to the dealer's hand: the ante and the Play bet are lost"),
    "lost": N_("the dealer's hand is better: the ante and the Play bet are lost"),
}
"""The ante and the Play bet against the house's dealer, by their outcome."""


def joined(said: Sequence[Message]) -> Optional[Message]:
    """Several accounts one after another (``a; b; c`` in English), or None for none."""
    if not said:
        return None
    whole = said[0]
    for more in said[1:]:
        whole = Message("{said}; {more}", said=whole, more=more)
    return whole


def settled_against(house: bool) -> Message:
    """A banking game's ending in a few words: against whom each hand was settled."""
    if house:
        return Message("each hand was settled against the house's dealer")
    return Message("each hand was settled against the banker")


class Settled(NamedTuple):
    """One player's stakes settled against the bank: what they staked in all and what comes back to them (their
    own stakes included: :attr:`net` is the difference), the rules applied, and how it came about: the
    ``outcome`` of the main stake (:data:`OUTCOMES`; ``stake`` is the stake against a banker, the ante against
    the house, the Play bet equal to it), the Ante Bonus paid (``bonus`` to 1, 0: none), the Pair Plus staked
    (``side``, 0: none) and what it paid (``side_pays`` to 1, 0: lost)."""

    player: str
    staked: Fraction
    returned: Fraction
    rules: Tuple[Rule, ...]
    outcome: str
    stake: Fraction
    house: bool = False
    bonus: int = 0
    side: Fraction = ZERO
    side_pays: int = 0

    @property
    def net(self) -> Fraction:
        """What the player won from the bank (less: paid to it)."""
        return self.returned - self.staked

    def said(self) -> Message:
        """The settlement in words, read in the reader's language."""
        if not self.house:
            return Message(_AGAINST_BANKER[self.outcome], player=self.player, amount=self.stake)
        if self.outcome == "folded":
            if self.side:
                return Message("{player}: folded, the ante and the Pair Plus lost", player=self.player)
            return Message("{player}: folded, the ante lost", player=self.player)
        parts: List[Message] = [Message(_AGAINST_DEALER[self.outcome])]
        if self.bonus:
            parts.append(Message("the Ante Bonus pays {times} to 1", times=self.bonus))
        if self.side and self.side_pays:
            parts.append(Message("the Pair Plus pays {times} to 1", times=self.side_pays))
        elif self.side:
            parts.append(Message("the Pair Plus is lost"))
        return Message("{player}: played; {how}", player=self.player, how=joined(parts))

    @property
    def why(self) -> str:
        """The settlement in English (what the deal's reason records)."""
        return self.said().english()


class BankSettled(NamedTuple):
    """A deal settled against the bank: who held the bank's hand (``banker``: a seat; None: the house's dealer),
    the hand, and each player's :class:`Settled`, in the order they were settled (a player who sat the deal out
    has none)."""

    banker: Optional[str]
    hand: Tuple[Card, ...]
    each: Tuple[Settled, ...]

    def said(self, describe: Callable[[Sequence[Card]], str]) -> Message:
        """The whole settlement in words: who held the bank's hand and the hand (``describe`` names it, in the
        reader's language), then each player's settlement."""
        each = joined([one.said() for one in self.each]) or Message("nobody staked against the bank")
        cards, hand = " ".join(str(card) for card in self.hand), Later(describe, self.hand)
        if self.banker is None:
            return Message("the dealer holds {cards} ({hand}): {settled}", cards=cards, hand=hand, settled=each)
        return Message("the banker {banker} holds {cards} ({hand}): {settled}", banker=self.banker, cards=cards,
                       hand=hand, settled=each)

    def against(self) -> Message:
        """What the deal's ending was, in a few words."""
        return settled_against(self.banker is None)

    def of(self, player: str) -> Optional[Tuple[Tuple[str, ...], Message]]:
        """The rules a player's settlement applied and the settlement in words (the banker's: the bank's own),
        or None for a player who settled nothing."""
        from bragrules.rules.bank import KIND_RULE

        if player == self.banker:
            return (KIND_RULE,), Message("the banker {banker} holds the bank: the losers' stakes less the winners'",
                                         banker=player)
        one = next((one for one in self.each if one.player == player), None)
        return None if one is None else (tuple(one.rules), one.said())


__all__ = ["BankSettled", "OUTCOMES", "Settled", "joined", "settled_against"]
