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
from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Tuple

from bragrules.core.money import WHOLE

if TYPE_CHECKING:
    from bragrules.rules.compile import Rules
    from bragrules.rules.stakes import StakesPolicy

_CACHES = ("known_money", "_units_of", "ante_events")
"""A deal's units' slots that remember what was worked out before: not part of what the units are."""


class Units:
    """The unit of one deal, and the profile's amounts in it."""

    __slots__ = (
        "denominator", "ante", "step", "opening_min", "opening_max", "raise_amount",
        "rate_num", "rate_den", "mult_num", "mult_den", "bonus", "known_money", "_units_of",
        "ante_events",
    )

    def __init__(self, stakes: "StakesPolicy", multiple: Fraction, bonus: Dict[str, Fraction], denominator: int):
        self.denominator = denominator
        self.known_money: Dict[int, Fraction] = {}  # money() of the units met so far (read, never written, outside)
        # amounts converted before, by identity (each held, so no other object takes its id): a log's
        # actions are the same few objects, so their amounts are the same few Fractions
        self._units_of: Dict[int, Tuple[Fraction, Optional[int]]] = {}
        self.ante_events: Dict[str, Any] = {}  # a deal's Ante event of the whole ante, per player (engine.deal)
        u = self.to_units_exact
        self.ante = u(stakes.ante)
        self.step = u(stakes.level_step)
        self.opening_min = u(stakes.opening_min)
        self.opening_max = u(stakes.opening_max) if stakes.opening_max is not None else None
        self.raise_amount = u(stakes.raises.amount) if stakes.raises.amount is not None else None
        self.rate_num, self.rate_den = stakes.blind_rate.numerator, stakes.blind_rate.denominator
        self.mult_num, self.mult_den = multiple.numerator, multiple.denominator
        self.bonus = {k: u(v) for k, v in bonus.items()}

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
        """Units for a deal starting with these stacks and carried pot (made once per denominator and kept
        by the profile's :class:`UnitsFamily`, ``rules.units``)."""
        return rules.units.for_amounts(amounts)

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

    def exact_level(self, amount: Fraction, blind: bool) -> Fraction:
        """The level a payment of ``amount`` stands for, in units, whole or not (to say how far off it is).

        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> units = compile_rules(Profile()).units.for_amounts(())
        >>> units.exact_level(Fraction(1, 4), blind=True), units.exact_level(Fraction(1, 4), blind=False)
        (Fraction(1, 1), Fraction(1, 2))
        """
        level = Fraction(amount) * self.denominator
        return level * self.rate_den / self.rate_num if blind else level

    def times_multiple(self, amount: int) -> int:
        return amount * self.mult_num // self.mult_den


class UnitsFamily:
    """The money units of one profile's deals, made once per denominator and kept (``rules.units``).

    Most deals start from whole amounts and share the profile's own unit; a
    carried pot or a stack in finer amounts widens it, once per denominator.

    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> family = compile_rules(Profile()).units
    >>> family.for_amounts((Fraction(1),)) is family.for_amounts((Fraction(3),)), family.for_amounts((Fraction(1, 3),)).denominator
    (True, 6)
    """

    __slots__ = ("_stakes", "_multiple", "_bonus", "_base", "_widen", "_by_extra", "_by_denominator")

    def __init__(self, stakes: "StakesPolicy", multiple: Fraction, doubles_payments: bool, bonus: Dict[str, Fraction],
                 denominator: int) -> None:
        self._stakes, self._multiple, self._bonus = stakes, multiple, bonus
        self._base = denominator
        # a see that doubles an opponent's (possibly all-in) payment must stay whole
        self._widen = multiple.denominator if doubles_payments else 1
        self._by_extra: Dict[int, Units] = {}
        self._by_denominator: Dict[int, Units] = {}

    def for_amounts(self, amounts: Iterable[Fraction]) -> Units:
        """The units of a deal that starts with these amounts (its carried pot, and stacks)."""
        if type(amounts) is tuple and len(amounts) == 1 and amounts[0].denominator == 1:
            found = self._by_extra.get(1)  # the usual deal: a whole carried pot and no stacks
            if found is not None:
                return found
        extra = 1  # the denominators the amounts bring (most deals: none)
        for amount in amounts:
            den = amount.denominator
            if den != 1:
                extra = lcm(extra, den)
        found = self._by_extra.get(extra)
        if found is None:
            denominator = lcm(self._base, extra) * self._widen
            found = self._by_denominator.get(denominator)
            if found is None:
                found = self._by_denominator[denominator] = Units(self._stakes, self._multiple, self._bonus,
                                                                  denominator)
            self._by_extra[extra] = found
        return found
