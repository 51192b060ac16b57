"""The raise cap's arithmetic: how far one bet may lift the level (``stakes.raise_limit``,
``stakes.raises_stop_at``), in any exact unit.

The stakes area (:mod:`bragrules.rules.stakes`) builds one :class:`RaisePolicy` per
profile and turns it into the bounds on a bet (``StakesPolicy.level_bounds``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from bragrules.core.i18n import Later, Message
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.words import times_text

RAISE_LIMIT_RULE = field_rule("stakes.raise_limit")
POT_MEASURE_RULE = field_rule("stakes.raise_limit.pot_measure")
FACTOR_RULE = field_rule("stakes.raise_limit.factor")
WHOLE_MULTIPLES_RULE = field_rule("stakes.raise_limit.whole_multiples")


@dataclass(frozen=True)
class RaisePolicy:
    """The cap on how far one bet may lift the level.

    Amounts may be in any exact unit, all in the same one: a deal passes its
    integer units, with ``amount`` (the profile's raise amount) in them too.

    >>> RaisePolicy("max_increase", Fraction(5)).allows(Fraction(2), Fraction(8), pot=Fraction(10))
    False
    >>> RaisePolicy("pot", None).max_level(Fraction(2), pot=Fraction(10))
    Fraction(12, 1)
    >>> RaisePolicy("fixed", Fraction(2)).allows(Fraction(2), Fraction(3), pot=Fraction(0))
    False
    >>> RaisePolicy("max_increase", Fraction(5)).max_level(4, pot=20, amount=10)   # in units of 1/2
    14

    Under pot limit read the poker way (``after_call``) the pot is counted once
    the raiser has called: at level 2 with 10 in the pot, a seen raiser's call
    of 2 makes it 12, so the level may go to 14 (before the bet, 12).

    >>> RaisePolicy("pot", None, after_call=True).max_level(2, pot=10, call=2)
    14
    >>> RaisePolicy("pot", None, after_call=False).max_level(2, pot=10, call=2)
    12

    Teen Patti's chaal (``multiple``, factor 2): a bet sets the level at most
    twice the current stake; with ``whole`` only at whole multiples of it.

    >>> chaal = RaisePolicy("multiple", None, factor=Fraction(2))
    >>> chaal.max_level(4, pot=0), chaal.allows(4, 9, pot=0), chaal.allows(4, 7, pot=0)
    (8, False, True)
    >>> RaisePolicy("multiple", None, factor=Fraction(3), whole=True).allows(4, 10, pot=0)
    False
    """

    kind: str
    amount: Optional[Fraction]
    pot_cap: Optional[Fraction] = None
    after_call: bool = False
    """Pot limit: the pot is counted once the raiser has called (``stakes.raise_limit.pot_measure``)."""
    factor: Optional[Fraction] = None
    """``multiple``: the most times the current level a bet may set (``stakes.raise_limit.factor``)."""
    whole: bool = False
    """A raise sets the level only to a whole multiple of the current level (``stakes.raise_limit.whole_multiples``)."""
    def capped(self, pot: Any, scale: int = 1) -> bool:
        """Whether the pot has reached ``stakes.raises_stop_at``, so that nobody may raise;
        ``pot`` is in units of ``1/scale`` (a deal's integer units).

        >>> RaisePolicy("none", None, pot_cap=Fraction(10)).capped(19, scale=2), RaisePolicy("none", None, Fraction(10)).capped(20, scale=2)
        (False, True)
        >>> RaisePolicy("none", None, pot_cap=Fraction(10)).max_level(4, pot=10)   # no raise from level 4
        4
        """
        return self.pot_cap is not None and pot >= self.pot_cap * scale

    def max_level(self, level: Any, pot: Any, amount: Any = None, scale: int = 1, call: Any = 0) -> Any:
        """The highest level a bet may set, or None when there is no cap; ``call`` is what the
        raiser pays to call the level (counted into the pot under ``after_call``)."""
        if self.pot_cap is not None and pot >= self.pot_cap * scale:  # capped(), inline: asked at every turn
            return level
        if self.kind == "none":
            return None
        if self.kind == "pot":
            return level + pot + call if self.after_call else level + pot
        if self.kind == "multiple":
            factor = self.factor
            assert factor is not None
            return level * factor.numerator // factor.denominator
        step = self.amount if amount is None else amount
        assert step is not None
        return level + step

    def allows(self, level: Any, new_level: Any, pot: Any, amount: Any = None, scale: int = 1,
               call: Any = 0) -> bool:
        """Whether a bet may take the level from ``level`` to ``new_level``."""
        if new_level < level or (new_level > level and self.pot_cap is not None and self.capped(pot, scale)):
            return False
        if self.kind == "fixed":
            step = self.amount if amount is None else amount
            return new_level in (level, level + step)
        if self.whole and new_level % level:
            return False
        top = self.max_level(level, pot, amount, scale, call)
        return top is None or new_level <= top

    @property
    def rule(self) -> Rule:
        """The field a refused raise breaks: the pot's measure when it decided, else the limit.

        >>> RaisePolicy("pot", None, after_call=True).rule, RaisePolicy("pot", None).rule
        ('stakes.raise_limit.pot_measure', 'stakes.raise_limit')
        >>> RaisePolicy("multiple", None, factor=Fraction(2)).rule
        'stakes.raise_limit.factor'
        """
        if self.kind == "multiple":
            return FACTOR_RULE
        return POT_MEASURE_RULE if self.kind == "pot" and self.after_call else RAISE_LIMIT_RULE

    def words(self) -> Message:
        """:meth:`describe` to be read in the reader's language (a refusal's words).

        >>> from bragrules.core.i18n import with_language
        >>> chaal = RaisePolicy("multiple", None, factor=Fraction(2))
        >>> chaal.words().english() == chaal.describe(), with_language("zh", chaal.words().text)
        (True, '一次下注最多把注额定为当前注额的两倍')
        """
        if self.kind == "none":
            return Message("no limit on a raise")
        if self.kind == "pot":
            if self.after_call:
                return Message("a raise adds at most the pot as it would stand after the raiser's call")
            return Message("a raise adds at most the pot")
        if self.kind == "fixed":
            return Message("a raise adds exactly {amount}", amount=Fraction(self.amount or 0))
        if self.kind == "multiple":
            return Message("a bet sets the level at most {times} the current level", times=Later(times_text, self.factor))
        return Message("a raise adds at most {amount}", amount=Fraction(self.amount or 0))

    def describe(self) -> str:
        """The limit in English (:meth:`words` read in English)."""
        return self.words().english()
