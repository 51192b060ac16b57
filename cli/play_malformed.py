"""What ``bragrules play`` answers to a move it cannot read, in the language spoken: the words quoted as the
person typed them (``chaal abc``, not the engine's ``bet abc``), what is wrong with them (an amount, a card,
an arrangement), and how the move is written, in the game's words.

>>> from fractions import Fraction
>>> from bragrules.engine.actions import LegalAction
>>> options = [LegalAction("You", "bet", amount=Fraction(2), max_amount=Fraction(4)), LegalAction("You", "fold")]
>>> print(malformed("bet abc", "bet abc", options))
'bet abc': 'abc' is not an amount (write an integer or a fraction such as 5/2)
>>> print(malformed("arrange Ah Ad Ac 2x", "arrange Ah Ad Ac 2x", options))
'arrange Ah Ad Ac 2x': '2x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)
>>> print(malformed("fold now", "fold now", options))
'fold now' is not how that move is written; write: fold
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.core.i18n import tr
from bragrules.rules.vocabulary import PLAIN

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.actions import LegalAction
    from bragrules.rules.vocabulary import Words

PAID = ("bet", "see", "sideshow", "open", "pairplus")
"""The moves that name an amount."""
CARDS = ("discard", "throw", "swap", "close", "arrange")
"""The moves that name cards."""


def malformed(typed: str, text: str, options: List["LegalAction"], words: "Words" = PLAIN) -> str:
    """Why the move ``typed`` (read in the engine's words as ``text``) cannot be read: its amount, a card, the
    hands of an arrangement, or else how the move is written (the forms open now, else every move open)."""
    from bragrules.core.text import quote

    said = quote(typed.strip(), 40)
    kind, *rest = text.split() or [""]
    kind = kind.lower()
    problem = _amount(rest) if kind in PAID else _cards(kind, rest) if kind in CARDS else None
    if problem is not None:
        return tr("{typed}: {problem}", typed=said, problem=problem)
    from .play_turn import legal_moves

    forms = legal_moves([o for o in options if o.kind == kind] or options, words)
    return tr("{typed} is not how that move is written; write: {moves}", typed=said, moves=", ".join(forms))


def _amount(rest: List[str]) -> Optional[str]:
    """What is wrong with a move's amount, if anything."""
    from bragrules.core.money import parse_money
    from bragrules.core.text import quote

    if len(rest) != 1:
        return None
    try:
        amount = parse_money(rest[0])
    except ValueError:
        return tr("{word} is not an amount (write an integer or a fraction such as 5/2)", word=quote(rest[0], 20))
    return tr("an amount cannot be negative") if amount < 0 else None


def _cards(kind: str, rest: List[str]) -> Optional[str]:
    """What is wrong with the cards a move names, if anything: a word that is no card, an arrangement with
    an empty hand."""
    from bragrules.core.cards import CardError, parse_card
    from bragrules.core.text import quote

    for word in rest:
        if word == "|" or word.lower() in ("all", "down"):
            continue
        for piece in filter(None, word.split("|")):
            try:
                parse_card(piece)
            except CardError:
                return tr("{word} is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)", word=quote(piece, 20))
    if kind == "arrange" and (not rest or any(not part.split() for part in " ".join(rest).split("|"))):
        return tr("an arrangement lists the hands, separated by |, e.g. {example}",
                  example="'arrange Ah Ad Ac | 7s 8s 9s'")
    return None


def not_an_amount(typed: str) -> str:
    """The answer to "how much?" that is no amount.

    >>> print(not_an_amount("lots"))
    'lots' is not an amount (write an integer or a fraction such as 5/2)
    """
    from bragrules.core.text import quote

    return tr("{word} is not an amount (write an integer or a fraction such as 5/2)", word=quote(typed, 20))


__all__ = ["malformed", "not_an_amount"]
