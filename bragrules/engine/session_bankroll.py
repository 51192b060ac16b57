"""The money a session keeps between deals: chips bought (:meth:`SessionBankroll.buy`, within
``session.buy_in_min``/``buy_in_max``, ``session.rebuy``, ``session.top_up``), players sitting out
(``table.sitting_out``) and the antes they miss, and the house's account (``house``: every rake and
table fee it took). :class:`~bragrules.engine.session.Session` is one; import it from there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Set, Tuple

from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO
from bragrules.engine.deal import Deal, DealResult
from bragrules.rules.compile import Rules
from bragrules.rules.fixed import DEAL_OVER, PLAYERS
from bragrules.rules.table import SITTING_OUT_RULE

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.session import SessionState


class SessionBankroll:
    """Buys, sitting out and the house's take: the part of a session that moves chips between deals."""

    rules: Rules
    players: List[str]
    current: Optional[Deal]
    balances: Dict[str, Fraction]
    bought: Dict[str, Fraction]
    buys: List[Dict[str, Any]]
    away: Set[str]
    missed: Dict[str, Fraction]
    house: Fraction
    last_fees: Fraction
    bank_after: Optional[Fraction]
    _everyone_stays: bool
    _house_takes: bool
    state: "SessionState"

    def buy(self, player: str, amount: Fraction) -> str:
        """A player buys chips between deals (finite bankroll): before the first deal for another stack than
        the starting one (``buy_in``, within ``session.buy_in_min`` and ``buy_in_max``), when out of chips
        (``rebuy``, under ``session.rebuy: when_out``), or to add to a stack (``top_up``, under
        ``session.top_up``, up to ``buy_in_max``). Returns the kind; a buy the profile does not allow is
        refused with its rule and changes nothing. Written on the next deal's line (``buys``).

        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.engine.session import Session
        >>> rules = compile_rules(Profile.model_validate({"session": {"bankroll": "finite", "starting_stack": 50,
        ...     "buy_in_min": 20, "buy_in_max": 100, "top_up": True}}))
        >>> session = Session(rules, ["A", "B", "C"], seed=1)
        >>> session.buy("A", Fraction(80)), session.balances["A"], session.net()["A"]
        ('buy_in', Fraction(80, 1), Fraction(0, 1))
        >>> session.buy("A", Fraction(60))
        Traceback (most recent call last):
        ...
        bragrules.core.errors.RuleViolation: session.buy_in_max: a top-up brings a stack to 100 at most: from 80, at most 20, not 60
        """
        if player not in self.balances:
            raise RuleViolation(PLAYERS, "{player} is not at the table", player=player)
        if self.current is not None and not self.current.is_over:
            raise RuleViolation(DEAL_OVER, "chips are bought between deals, not during one")
        amount = Fraction(amount)
        balance = self.balances[player]
        start = self.rules.session.starting_stack
        first = self.state.dealt == 0 and self.bought[player] == start and balance == start
        kind = "buy_in" if first else "rebuy" if balance == 0 else "top_up"
        if kind == "buy_in" and self.rules.session.buy_in_min is None and self.rules.session.buy_in_max is None:
            kind = "top_up"
        refused = self.rules.session.buy_refusal(kind, ZERO if kind == "buy_in" else balance, amount)
        if refused is not None:
            raise RuleViolation(refused.rule, refused.words())
        if kind == "buy_in":  # the stack brought instead of the starting one
            self.balances[player] = amount
            self.bought[player] = amount
        else:
            self.balances[player] = balance + amount
            self.bought[player] = self.bought[player] + amount
        self.buys.append({"player": player, "buy": kind, "amount": amount})
        return kind

    def sit_out(self, player: str) -> None:
        """``player`` sits out from the next deal on (``table.sitting_out``): dealt no cards and dealing no deal
        until they sit in again; under ``post_missed`` they post, coming back, every ante missed meanwhile.
        Between deals only; refused, naming the rule, where the profile lets nobody sit out."""
        self._between_deals(player)
        if self.rules.table.sitting_out == "not_allowed":
            raise RuleViolation(SITTING_OUT_RULE, "nobody sits out at this table: everyone still in is dealt every deal")
        if player in self.away:
            raise RuleViolation(SITTING_OUT_RULE, "{player} is already sitting out", player=player)
        self.away.add(player)
        self._everyone_stays = False

    def sit_in(self, player: str) -> None:
        """``player``, sitting out, is dealt in again from the next deal on."""
        self._between_deals(player)
        if player not in self.away:
            raise RuleViolation(SITTING_OUT_RULE, "{player} is not sitting out", player=player)
        self.away.discard(player)

    def _between_deals(self, player: str) -> None:
        if player not in self.balances:
            raise RuleViolation(PLAYERS, "{player} is not at the table", player=player)
        if self.current is not None and not self.current.is_over:
            raise RuleViolation(DEAL_OVER, "players sit out or sit in between deals, not during one")

    def away_posts(self, order: Sequence[str], number: int) -> Dict[str, Fraction]:
        """``table.sitting_out: post_missed``, as deal ``number`` is dealt to ``order``: each player sitting it
        out misses its ante; each player dealt in who missed antes posts them now (returned, and forgotten)."""
        forced = self.rules.forced
        ante = forced.missed_ante(number) if forced is not None else self.rules.stakes.ante
        for name in self.away:
            if ante:
                self.missed[name] = self.missed.get(name, ZERO) + ante
        return {name: self.missed.pop(name) for name in order if name in self.missed}

    def buy_options(self, player: str, waiting: bool = False) -> List[Tuple[str, Fraction, Fraction]]:
        """The buys ``player`` may make now, each as (kind, least, most), for ``play`` and the web table to
        offer with their exact amounts (empty when none is allowed); ``waiting``: as they stand now, to be
        made once the deal in progress is over (the web table holds them till then)."""
        session = self.rules.session
        in_deal = self.current is not None and not self.current.is_over
        if not session.buys or player not in self.balances or (in_deal and not waiting):
            return []
        low = session.buy_in_min if session.buy_in_min is not None else session.starting_stack
        high = session.buy_in_max if session.buy_in_max is not None else session.starting_stack
        balance = self.balances[player]
        start = session.starting_stack
        if self.state.dealt == 0 and self.bought[player] == start and balance == start and low != high:
            return [("buy_in", low, high)]
        if balance == 0:
            return [("rebuy", low, high)] if session.rebuys else []
        if session.top_ups and balance < high:
            return [("top_up", min(Fraction(1), high - balance), high - balance)]
        return []

    def fee_due(self) -> Fraction:
        """The table fee each player dealt in pays with the next deal played (``house.table_fee``; under
        ``table_fee_per: session`` only until the first deal played has paid it)."""
        return self.rules.house.fee_due(first_deal=not self.state.fee_paid)

    def _pay_house(self, result: DealResult) -> None:
        """The house's take of a deal played: its rake, and the table fee of every player dealt in
        (``house.table_fee``), both already in the deal's nets (:mod:`bragrules.engine.rake`)."""
        self.state.fee_paid = True
        self.last_fees = result.table_fee
        self.house += result.rake + result.table_fee

    def _house_line(self, result: DealResult) -> Dict[str, Any]:
        """What a log's result line says the house took (written only when the profile's house takes anything):
        its rake and table fees (``house``), what its dealer won against the players (``procedure.bank``,
        ``kind: house``: ``house``, the players' losses less what it paid them, negative when it paid more)."""
        bank = self.rules.procedure.bank
        line: Dict[str, Any] = {"house": result.house} if bank is not None and bank.house else {}
        if bank is not None and bank.carry:  # procedure.bank.carry: the banker's bank as the deal left it
            line["bank"] = self.bank_after
        if not self._house_takes:
            return line
        played = result.outcome not in ("redeal", "abandoned")
        if self.rules.house.takes_rake:
            line["rake"] = result.rake
        if self.rules.house.charges_fee:
            line["table_fee"] = self.last_fees if played else ZERO
            line["fees"] = dict(result.fees or {})  # each player's fee: written since the nets include it
        return line


__all__ = ["SessionBankroll"]
