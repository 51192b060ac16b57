"""Exact money as integers inside a deal.

A deal counts money in *units* of ``1/D`` of the currency, where ``D`` is
chosen so that every amount the deal can produce is a whole number of
units: the ante, every level (a multiple of the level step), the blind rate
of it, a see (a multiple of either), the bonuses, and the stacks and carried
pot the deal starts with. Integer arithmetic is exact and fast; amounts
leave the deal as :class:`~fractions.Fraction` again.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> units = Units.for_deal(compile_rules(Profile()), [Fraction(7, 3)])
>>> units.denominator, units.to_units(Fraction(5, 2)), units.money(15)
(6, 15, Fraction(5, 2))
>>> units.payment(units.to_units(Fraction(4)), blind=True) == units.to_units(Fraction(2))
True
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Any, Dict, Iterable, Optional, Tuple

from bragrules.core.money import WHOLE
from bragrules.rules.compile import Rules

_CACHES = ("known_money", "_units_of", "ante_events")
"""A deal's units' slots that remember what was worked out before: not part of what the units are."""


class Units:
    """The unit of one deal, and the profile's amounts in it."""

    __slots__ = (
        "denominator", "ante", "step", "opening_min", "opening_max", "raise_amount",
        "rate_num", "rate_den", "mult_num", "mult_den", "bonus", "known_money", "_units_of",
        "ante_events",
    )

    def __init__(self, rules: Rules, denominator: int):
        self.denominator = denominator
        self.known_money: Dict[int, Fraction] = {}  # money() of the units met so far (read, never written, outside)
        # amounts converted before, by identity (each held, so no other object takes its id): a log's
        # actions are the same few objects, so their amounts are the same few Fractions
        self._units_of: Dict[int, Tuple[Fraction, Optional[int]]] = {}
        self.ante_events: Dict[str, Any] = {}  # a deal's Ante event of the whole ante, per player (engine.deal)
        u = self.to_units_exact
        self.ante = u(rules.ante)
        self.step = u(rules.level_step)
        self.opening_min = u(rules.opening_min)
        self.opening_max = u(rules.opening_max) if rules.opening_max is not None else None
        self.raise_amount = u(rules.raises.amount) if rules.raises.amount is not None else None
        self.rate_num, self.rate_den = rules.blind_rate.numerator, rules.blind_rate.denominator
        self.mult_num, self.mult_den = rules.see.multiple.numerator, rules.see.multiple.denominator
        self.bonus = {k: u(v) for k, v in rules.bonus.items()}

    def _key(self) -> Tuple[Any, ...]:
        return tuple(
            tuple(sorted(value.items())) if isinstance(value, dict) else value
            for value in (getattr(self, name) for name in self.__slots__ if name not in _CACHES)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Units) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self.denominator)

    @classmethod
    def for_deal(cls, rules: Rules, amounts: Iterable[Fraction]) -> "Units":
        """Units for a deal starting with these stacks and carried pot (made once per denominator and kept)."""
        if type(amounts) is tuple and len(amounts) == 1 and amounts[0].denominator == 1:
            found = rules.memo.get(("units for", 1))  # the usual deal: a whole carried pot and no stacks
            if found is not None:
                assert isinstance(found, Units)
                return found
        extra = 1  # the denominators the amounts bring (most deals: none)
        for amount in amounts:
            den = amount.denominator
            if den != 1:
                extra = lcm(extra, den)
        found = rules.memo.get(("units for", extra))
        if found is None:
            denominator = lcm(rules.money_denominator, extra)
            if rules.see.basis != "caller_rate":
                denominator *= rules.see.multiple.denominator  # twice an all-in payment must stay whole
            key = ("units", denominator)
            found = rules.memo.get(key)
            if found is None:
                found = rules.memo[key] = cls(rules, denominator)
            rules.memo[("units for", extra)] = found
        assert isinstance(found, Units)
        return found

    def to_units_exact(self, amount: Fraction) -> int:
        amount = amount if type(amount) is Fraction else Fraction(amount)
        units, rest = divmod(amount.numerator * self.denominator, amount.denominator)
        assert rest == 0, f"{amount} is not a whole number of 1/{self.denominator}"
        return units

    def to_units(self, amount: Fraction) -> Optional[int]:
        """An amount in units, or None when it is not a whole number of units (so never payable)."""
        known = self._units_of.get(id(amount))
        if known is not None and known[0] is amount:
            return known[1]
        num = amount.numerator * self.denominator
        units = None if num % amount.denominator else num // amount.denominator
        if len(self._units_of) < 4096:
            self._units_of[id(amount)] = (amount, units)
        return units

    def money(self, units: int) -> Fraction:
        """Units back to money (the same few amounts recur, so they are kept)."""
        found = self.known_money.get(units)
        if found is None:
            whole, rest = divmod(units, self.denominator)
            found = WHOLE.get(whole) if rest == 0 else None  # a whole amount: shared with the logs' amounts
            if found is None:
                found = Fraction(units, self.denominator)
            self.known_money[units] = found
        return found

    def payment(self, level: int, blind: bool) -> int:
        """What a player pays at a level: the level seen, the blind rate of it blind."""
        if not blind:
            return level
        return level * self.rate_num // self.rate_den

    def level_for(self, paid: int, blind: bool) -> Optional[int]:
        """The level a payment stands for (None when it stands for no whole level)."""
        if not blind:
            return paid
        num = paid * self.rate_den
        if num % self.rate_num:
            return None
        return num // self.rate_num

    def times_multiple(self, amount: int) -> int:
        return amount * self.mult_num // self.mult_den
