"""Words for values: amounts, multiples, shares, counts, cards, as people read them.

The areas' sentences and the explainers share these.

>>> money_text("5/2"), times_text(2), share_of(Fraction(1, 2)), number_word(3)
('2½', 'twice', 'half', 'three')
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Dict, Optional, Sequence

from bragrules.core.i18n import ENGLISH, N_, amount_text, language, tr
from bragrules.core.money import format_money, parse_money, pretty_money

CATEGORY_NAMES: Dict[str, str] = {  # Brag's names: a game's own are asked of bragrules.rules.vocabulary.Words
    "prial": N_("prial"),
    "running_flush": N_("running flush"),
    "run": N_("run"),
    "flush": N_("flush"),
    "pair": N_("pair"),
    "high_card": N_("high card"),
}

_SMALL = {
    1: N_("one"),
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
    9: N_("nine"),
    10: N_("ten"),
}


def amount(value: Any) -> Fraction:
    """An amount as a Fraction, whether given as one or as a profile writes it."""
    return value if isinstance(value, Fraction) else parse_money(value)


def money_text(value: Any) -> str:
    """An amount as people read it: ``5``, ``2½`` (a profile writes ``5/2``).

    >>> money_text("5/2"), money_text(4), money_text(Fraction(1, 2))
    ('2½', '4', '½')
    """
    return amount_text(amount(value))


def times_text(value: Any) -> str:
    """A multiple in words: ``once``, ``twice``, ``three times``, ``2½ times``."""
    n = amount(value)
    if n == 1:
        return tr("once")
    if n == 2:
        return tr("twice")
    if n.denominator == 1 and n.numerator in _SMALL:
        return tr("{n} times", n=tr(_SMALL[n.numerator]))
    return tr("{n} times", n=pretty_money(n))


def share_of(value: Any) -> str:
    """A share of something: ``half``, ``a third of``, ``all of``, ``⅗ of``."""
    n = amount(value)
    words = {
        Fraction(1): "all of",
        Fraction(1, 2): "half",
        Fraction(1, 3): "a third of",
        Fraction(1, 4): "a quarter of",
        Fraction(2, 3): "two thirds of",
        Fraction(3, 4): "three quarters of",
    }
    return words.get(n, f"{pretty_money(n)} of")


def count(n: int, one: str, many: Optional[str] = None) -> str:
    """``1 player``, ``3 players``."""
    word = one if n == 1 else (many or one + "s")
    return f"{n} {word}"


def number_word(n: int) -> str:
    """A small number in English words: ``three`` (the engine's messages, English whatever is spoken)."""
    return _SMALL.get(n, str(n))


def number_said(n: int) -> str:
    """A small number in words in the language spoken, for a translated sentence: ``three``, 三, तीन.

    >>> from bragrules.core.i18n import with_language
    >>> number_said(3), with_language("zh", number_said, 3), with_language("hi", number_said, 3), number_said(12)
    ('three', '三', 'तीन', '12')
    """
    return tr(_SMALL[n]) if n in _SMALL else str(n)


_FRACTION_TEXT = re.compile(r"-?\d+/[1-9]\d*")


def people_value(value: Any) -> str:
    """A value for people to read: :func:`show_value`, with amounts written as everywhere
    else for people (``2½``, not ``5/2``).

    >>> people_value("5/2"), people_value(Fraction(1, 3)), people_value(["a", "3/4"]), people_value(True)
    ('2½', '⅓', '[a, ¾]', 'true')
    """
    if isinstance(value, Fraction):
        return pretty_money(value)
    if isinstance(value, str) and _FRACTION_TEXT.fullmatch(value):
        return pretty_money(Fraction(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(people_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {people_value(v)}" for k, v in value.items()) + "}"
    return show_value(value)


def show_value(value: Any) -> str:
    """A value as a profile author writes it in YAML.

    >>> show_value(None), show_value(True), show_value(["prial", "high_card"]), show_value("5/2")
    ('null', 'true', '[prial, high_card]', '5/2')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return format_money(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def cards_text(cards: Sequence[str]) -> str:
    from bragrules.core.cards import parse_card

    return ", ".join(parse_card(c).symbol for c in cards)


def rank_plural(text: str) -> str:
    from bragrules.core.cards import RANK_PLURALS, parse_rank

    return RANK_PLURALS[parse_rank(text)]


def join(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    spoken = language()
    if spoken == "zh":  # 甲、乙和丙
        return "、".join(words[:-1]) + {"or": "或", "then": "，再"}.get(last, "和") + words[-1]
    if spoken != ENGLISH:
        last = tr({"or": N_("or"), "then": N_("then")}.get(last, N_("and")))
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def capitalise(text: str) -> str:
    """The first letter upper case, the rest untouched."""
    return text[:1].upper() + text[1:] if text else text


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital letter and a full stop.

    >>> sentence("the pack is not cut")
    'The pack is not cut.'
    """
    text = capitalise(text.strip())
    if text and text[-1] not in ".!?。！？।":
        latin = text[-1].isascii() and text[-1].isalpha()  # a profile's own English words end as English does
        text += "." if latin else FULL_STOPS.get(language(), ".")
    return text


FULL_STOPS: Dict[str, str] = {"zh": "。", "hi": "।"}
"""How a sentence ends in each language that does not end it with ``.``."""
