"""The banker's bank carried from deal to deal (``procedure.bank.carry``): the part of a session that keeps it.

In Banco as adpoker.fr's "La banque" plays it, the banker puts up a sum agreed in advance; the stakes lost to
the bank swell it and those won from it shrink it; the banker "peut donner trois coups de cartes" (may deal
three times, ``procedure.bank.hold``), and then the bank passes, the banker taking back "la somme qui reste sur
la table". A bank taken whole is broken: its banker may put up a fresh sum (``procedure.bank.broken: renew``,
"Il a le droit ... de mettre d'autres sommes, si la première est enlevée par les joueurs") or it passes.

The bank is an account of its own: what the banker put up leaves their balance for it, every deal moves the
banker's net into it, and it goes back to the banker when it passes. So the balances and the bank always add
up to what the players started with, and a player's :meth:`~bragrules.engine.session.Session.net` counts
the bank they hold. :class:`~bragrules.engine.session.Session` is one; import it from there.

A bank of 20 grows by the banker's 7 and is passed, the banker taking back 27:

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.session import Session
>>> rules = compile_rules(Profile.model_validate({"stakes": {"ante": 0}, "blind": {"allowed": False},
...     "procedure": {"bank": {"kind": "banker", "bank": 20, "min_stake": 1, "carry": True}}}))
>>> session = Session(rules, ["A", "B", "D"], seed=1, dealer="D")
>>> deal = session.start_deal()
>>> session.bank, session.balances["D"], deal.bank
(Fraction(20, 1), Fraction(-20, 1), Fraction(20, 1))
>>> deal.apply_text("A bet 3").kind, deal.apply_text("B bet 4").kind
('bet', 'bet')
>>> _ = session.finish_deal()
>>> session.bank + session.balances["A"] + session.balances["B"] + session.balances["D"]
Fraction(0, 1)
>>> session.bank_choice_due(), session.bank_dealt
('D', 1)
>>> session.choose_bank("D", keep=False)
>>> session.bank, session.dealer, session.net()["D"] == deal.result.net["D"]
(Fraction(0, 1), 'A', True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Dict, List, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO, pretty_money
from bragrules.engine.deal import Deal, DealResult
from bragrules.rules.bank import CARRY_RULE, HOLD_RULE, BankPolicy
from bragrules.rules.compile import Rules

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.session import SessionState

CHOICES = ("keep", "pass")
"""What a banker with a choice says after a deal: keep the bank (put it up afresh if it was broken), or pass it."""


class SessionBank:
    """The bank carried between deals: who holds it, how much is in it, how many deals they have dealt."""

    rules: Rules
    players: List[str]
    current: Optional[Deal]
    balances: Dict[str, Fraction]
    state: "SessionState"
    _next_dealer: Callable[[], int]  # the session's: the seat the deal passes to

    def _bank_begin(self) -> None:
        """No bank on the table yet: the first dealer puts it up with the first deal."""
        policy = self.rules.procedure.bank
        self._carries: Optional[BankPolicy] = policy if policy is not None and policy.carry else None
        self.bank: Fraction = ZERO  # procedure.bank.carry: the banker's bank on the table (an account of its own)
        self.bank_holder: Optional[str] = None  # who holds it (None: nobody yet, or it has just passed)
        self.bank_dealt: int = 0  # the deals its holder has dealt with it
        self.bank_after: Optional[Fraction] = None  # the bank as the last deal left it, before any pass
        self.bank_chosen: Optional[str] = None  # the holder's choice since the last deal: written on the next one

    def _next_banker(self) -> Optional[int]:
        """The seat that deals next while a bank is held: its holder's (None: the deal passes as it would)."""
        return None if self.bank_holder is None else self.players.index(self.bank_holder)

    def bank_choice_due(self) -> Optional[str]:
        """The banker who may now keep the bank or pass it (``procedure.bank.carry``), or None: between deals,
        a holder who has dealt at least one deal and fewer than ``procedure.bank.hold``, and has not chosen."""
        if self._carries is None or self.bank_holder is None or not self.bank_dealt or self.bank_chosen:
            return None
        if self.current is not None and not self.current.is_over:
            return None
        return self.bank_holder

    def choose_bank(self, player: str, keep: bool) -> None:
        """The banker keeps the bank (putting up ``procedure.bank.bank`` afresh if it was broken) or passes it,
        taking back what is left; the deal then passes to the next seat, who puts up a bank of their own.
        Refused, naming the rule and changing nothing, when no choice is due or ``player`` does not hold it."""
        policy = self._carries
        if policy is None:
            raise RuleViolation(CARRY_RULE, "the bank is not carried between deals here: nobody keeps or passes it")
        holder = self.bank_choice_due()
        if holder is None:
            raise RuleViolation(HOLD_RULE, "no banker has a bank to keep or pass now")
        if player != holder:
            raise RuleViolation(CARRY_RULE, "only the banker {holder} keeps or passes the bank", holder=holder)
        self.bank_chosen = "keep" if keep else "pass"
        if not keep:
            self._pass_bank()
            self.state.dealer_index = self._next_dealer()
        elif not self.bank:  # broken, and put up afresh ("mettre d'autres sommes")
            self._put_up(holder, policy.bank)

    def _put_up(self, player: str, amount: Fraction) -> None:
        self.balances[player] -= amount
        self.bank += amount

    def _pass_bank(self) -> None:
        """The bank passes: its holder takes back what is left on the table."""
        holder = self.bank_holder
        assert holder is not None
        self.balances[holder] += self.bank
        self.bank = ZERO
        self.bank_holder = None
        self.bank_dealt = 0

    def bank_into_deal(self, dealer: str) -> Optional[Fraction]:
        """The bank the next deal is played against (None: put up afresh each deal, not carried). A choice due
        and not made keeps the bank (the banker deals on until they pass it); nobody holding it, the dealer
        puts it up."""
        policy = self._carries
        if policy is None:
            return None
        if self.bank_choice_due() is not None:
            self.choose_bank(dealer, keep=True)
        if self.bank_holder is None:
            self.bank_holder = dealer
            self._put_up(dealer, policy.bank)
        return self.bank

    def _carry_bank(self, result: DealResult) -> None:
        """After a deal settled: the banker's net moves from their balance into the bank (never below nothing);
        a bank dealt ``hold`` times, or broken under ``broken: pass``, passes."""
        policy, holder = self._carries, self.bank_holder
        if policy is None or holder is None:
            return
        self.bank_chosen = None
        if result.outcome in ("redeal", "abandoned"):
            self.bank_after = self.bank
            return
        moved = max(result.net.get(holder, ZERO), -self.bank)
        self.balances[holder] -= moved
        self.bank += moved
        self.bank_after = self.bank
        self.bank_dealt += 1
        if self.bank_dealt >= policy.hold or (not self.bank and not policy.renew):
            self._pass_bank()

    def bank_net(self, net: Dict[str, Fraction]) -> Dict[str, Fraction]:
        """Each player's net with the bank they hold counted as theirs."""
        if self.bank_holder is not None and self.bank:
            net = dict(net)
            net[self.bank_holder] += self.bank
        return net

    def bank_words(self) -> str:
        """The bank in words, for a table: ``D holds a bank of 27 (2 of 3 deals dealt)``."""
        policy = self._carries
        if policy is None or self.bank_holder is None:
            return ""
        return (f"{self.bank_holder} holds a bank of {pretty_money(self.bank)} ({self.bank_dealt} of {policy.hold} "
                "deals dealt)")


__all__ = ["CHOICES", "SessionBank"]
