"""Exact money.

Every amount in bragrules is a :class:`fractions.Fraction`: a blind player pays
half the level, so halves (and, under some profiles, other fractions) appear,
and floats would lose them.

>>> parse_money("5/2")
Fraction(5, 2)
>>> parse_money(3)
Fraction(3, 1)
>>> format_money(Fraction(5, 2))
'5/2'
>>> format_money(Fraction(-7))
'-7'
>>> money_json(Fraction(5, 2)), money_json(Fraction(4))
('5/2', 4)
>>> parse_money(2.5)
Traceback (most recent call last):
...
bragrules.core.money.AmountError: 2.5 is a floating-point number; write amounts exactly, as an integer or a fraction such as 5/2
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Dict, Tuple, Union

from bragrules.core.i18n import Message, Told

Money = Fraction
MoneyJSON = Union[int, str]

MAX_DIGITS = 4300
"""The longest number read from text, in digits (Python's own default limit
for reading an integer from a string): a longer one is refused with this
limit named, not with the interpreter's hint about raising it."""

_FRACTION = re.compile(r"^\s*([+-]?\d+)\s*(?:/\s*(\d+))?\s*$")
_DECIMAL = re.compile(r"^\s*[+-]?\d+\.\d+\s*$")
_MIXED = re.compile(r"^\s*([+-]?\d*)\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])\s*$")


class AmountError(Told, ValueError):
    """Text that is not an exact amount, its words a :class:`~bragrules.core.i18n.Message` read in the language of
    whoever reads them (``message``: English)."""


def _quoted(value: object) -> str:
    from bragrules.core.text import brief, quote

    return quote(value) if isinstance(value, str) else brief(value)


def parse_money(value: object) -> Fraction:
    """Read an exact amount: an int, a Fraction, or a string ``"7"``, ``"5/2"``, ``"2.5"``, ``"2½"`` or ``"¾"``.

    Floats and booleans are refused, because they are not exact (or not money).
    """
    if isinstance(value, str):
        return _parse_money_text(value)
    if isinstance(value, bool):
        raise AmountError(Message("{value} is not an amount", value=_quoted(value)))
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        raise AmountError(
            Message("{value} is a floating-point number; write amounts exactly, as an integer or a fraction such as 5/2",
                    value=_quoted(value))
        )
    if isinstance(value, Fraction):  # last: isinstance against Fraction goes through the ABC machinery
        return value
    raise AmountError(Message("{value} is not an amount", value=_quoted(value)))


@lru_cache(maxsize=1024)
def _parse_money_text(value: str) -> Fraction:
    """parse_money of a string, remembered: histories repeat the same few amounts (Fractions are immutable)."""
    match = _FRACTION.match(value)
    if match:
        digits = len(match.group(1).lstrip("+-")) + len(match.group(2) or "")
        if digits > MAX_DIGITS:
            raise AmountError(Message("{value} has {digits} digits, more than the {most} allowed", value=_quoted(value),
                                      digits=str(digits), most=str(MAX_DIGITS)))
        denominator = int(match.group(2)) if match.group(2) else 1
        if denominator == 0:
            raise AmountError(Message("{value} divides by zero", value=_quoted(value)))
        return Fraction(int(match.group(1)), denominator)
    if _DECIMAL.match(value):
        if sum(ch.isdigit() for ch in value) > MAX_DIGITS:
            raise AmountError(Message("{value} has more than the {most} digits allowed", value=_quoted(value),
                                      most=str(MAX_DIGITS)))
        return Fraction(value.strip())
    match = _MIXED.match(value)
    if match:
        if len(match.group(1)) > MAX_DIGITS:
            raise AmountError(Message("{value} has more than the {most} digits allowed", value=_quoted(value),
                                      most=str(MAX_DIGITS)))
        written = match.group(1).lstrip("+-")
        whole = int(written) if written else 0
        part = Fraction(*next(key for key, glyph in VULGAR.items() if glyph == match.group(2)))
        return -(whole + part) if value.strip().startswith("-") else whole + part
    raise AmountError(Message("{value} is not an amount (write an integer or a fraction such as 5/2)", value=_quoted(value)))


WHOLE: Dict[int, Fraction] = {n: Fraction(n) for n in range(-1024, 1025)}
"""The small whole amounts, each made once and shared (a Fraction is immutable, so one may stand for
all): a log's amounts and a deal's come out as the same objects, so comparing them is quick."""

ZERO = WHOLE[0]
"""Nothing: one object, so that ``amount is ZERO`` tells the usual zero quickly."""


def add_money(a: Fraction, b: Fraction) -> Fraction:
    """``a + b``, exact, cheaper than ``Fraction.__add__`` when the denominators agree (the usual case).

    >>> add_money(Fraction(5, 2), Fraction(1, 2)), add_money(Fraction(1, 3), Fraction(1, 2))
    (Fraction(3, 1), Fraction(5, 6))
    """
    denominator, other = a.denominator, b.denominator
    if denominator == other == 1:  # whole amounts, the most usual: nothing to reduce
        total = a.numerator + b.numerator
        found = WHOLE.get(total)
        return found if found is not None else Fraction(total)
    if denominator == other:
        return Fraction(a.numerator + b.numerator, denominator)
    return Fraction(a.numerator * other + b.numerator * denominator, denominator * other)


def same_money(a: Fraction, b: Fraction) -> bool:
    """``a == b`` for two Fractions, without ``Fraction.__eq__``'s checks of the other operand's type.

    A Fraction is kept in lowest terms with a positive denominator, so equal
    amounts have equal numerators and denominators.

    >>> same_money(Fraction(6, 4), Fraction(3, 2)), same_money(Fraction(0), Fraction(0, 5)), same_money(Fraction(1), Fraction(-1))
    (True, True, False)
    """
    return a is b or (a.numerator == b.numerator and a.denominator == b.denominator)


def format_money(amount: Fraction) -> str:
    """An amount as people and history sheets write it: ``4``, ``5/2``, ``-7``."""
    if amount.denominator == 1:
        return str(amount.numerator)
    return f"{amount.numerator}/{amount.denominator}"


VULGAR: Dict[Tuple[int, int], str] = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖", (3, 5): "⅗",
    (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞",
}
"""The fractions Unicode writes as one character."""
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def pretty_money(amount: Fraction) -> str:
    """An amount for people, in every output that is not JSON: a whole number and a fraction
    glyph (``2½``, ``1⅓``, ``¾``), or a small fraction built the same way (``1²⁄₇``).

    Logs, history sheets, profiles and JSON write :func:`format_money`'s ``5/2``.

    >>> pretty_money(Fraction(5, 2)), pretty_money(Fraction(1, 2)), pretty_money(Fraction(-3, 2))
    ('2½', '½', '-1½')
    >>> pretty_money(Fraction(4, 3)), pretty_money(Fraction(-3, 4)), pretty_money(Fraction(9, 7)), pretty_money(Fraction(6))
    ('1⅓', '-¾', '1²⁄₇', '6')
    """
    if amount.denominator == 1:
        return str(amount.numerator)
    sign = "-" if amount < 0 else ""
    whole, rest = divmod(abs(amount.numerator), amount.denominator)
    glyph = VULGAR.get((rest, amount.denominator))
    if glyph is None:
        glyph = f"{str(rest).translate(_SUPERSCRIPT)}⁄{str(amount.denominator).translate(_SUBSCRIPT)}"
    return f"{sign}{whole if whole else ''}{glyph}"


def money_json(amount: Fraction) -> MoneyJSON:
    """An amount for JSON: an integer when whole, else a fraction string like ``"5/2"``."""
    if amount.denominator == 1:
        return amount.numerator
    return format_money(amount)


class ExactSum:
    """A running exact total of many amounts, without a Fraction addition for each.

    Adding fractions reduces each partial sum by a gcd; a long run of amounts
    with the same few denominators (halves, wholes) is summed much faster as
    one integer numerator for each denominator, combined once at the end.

    >>> total = ExactSum()
    >>> for amount in (Fraction(1, 2), Fraction(3), Fraction(-5, 2), Fraction(1, 3)):
    ...     total.add(amount)
    >>> total.value
    Fraction(4, 3)
    >>> ExactSum().value
    Fraction(0, 1)
    """

    __slots__ = ("_numerators",)

    def __init__(self) -> None:
        self._numerators: Dict[int, int] = {}  # denominator -> the sum of the numerators over it

    def add(self, amount: Fraction) -> None:
        numerators = self._numerators
        denominator = amount.denominator
        numerators[denominator] = numerators.get(denominator, 0) + amount.numerator

    @property
    def value(self) -> Fraction:
        total = Fraction(0)
        for denominator, numerator in self._numerators.items():
            total += Fraction(numerator, denominator)
        return total


def decimal_text(value: Fraction, places: int = 2) -> str:
    """``value`` as a decimal with ``places`` digits after the point, exactly
    rounded (half away from zero), however large: no float in between.

    >>> decimal_text(Fraction(2, 3))
    '0.67'
    >>> decimal_text(Fraction(-5, 8), 2)
    '-0.63'
    >>> decimal_text(Fraction(10 ** 30, 3), 1)
    '333333333333333333333333333333.3'
    >>> decimal_text(Fraction(7), 0)
    '7'
    """
    scaled = abs(Fraction(value)) * 10**places
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    digits = str(whole).rjust(places + 1, "0")
    sign = "-" if value < 0 and whole else ""
    if not places:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


FLOAT_EXACT = 2**53
"""Below this size a float rounded to a few places says what the exact value says."""


def approximate(value: Fraction, places: int) -> Union[float, str]:
    """A statistic for JSON: a float rounded to ``places`` while it is of
    ordinary size, else the exact :func:`decimal_text` (a float would
    overflow, or lose the digits that matter).

    >>> approximate(Fraction(5, 4), 2)
    1.25
    >>> approximate(Fraction(10 ** 400, 3), 1)[:8]
    '33333333'
    """
    if abs(value) < FLOAT_EXACT:
        return round(float(value), places)
    return decimal_text(value, places)
