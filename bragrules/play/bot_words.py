"""What a computer player says of its choice, put in words only when it is read, in the reader's language.

A bot remembers its last choice as a message of the catalogue (marked with :func:`N_` where the choice is
made) and its values (an amount, a hand, the share of hands it beats); :func:`reason` writes the sentence when
somebody asks (``--explain``), so a simulation that never reads a reason formats none.

A move a reason names is a placeholder (``{folds}``, ``{see}``, ``{sideshow}``): in English the plain word
(``folds``), which the table then calls by the game's name (Teen Patti's ``packs``,
:func:`bragrules.rules.vocabulary.said`); in another language the game's own word for the move in that
language (Zha Jin Hua's ``弃牌``), else the catalogue's.

>>> from bragrules.core.i18n import speaking
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(load_profile("teen-patti"))
>>> reason("hand", rules, parse_cards("Ah Ad 3c"), 0.84, N_("{sees} for {amount}"), 4, {})
'pair of aces, three kicker beats 84% of hands: sees for 4'
>>> with speaking("hi"):
...     said = reason("plain", rules, None, 0.0, N_("{folds} blind"), None, {})
>>> said.isascii()
False
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from bragrules.core.i18n import ENGLISH, N_, amount_text, language, tr

__all__ = ["NO_CHOICE", "describe", "move_name", "reason"]

NO_CHOICE = N_("no choice made yet")
"""A bot's reason before its first choice."""

_ENGLISH_MOVES: Dict[str, str] = {
    "bets": "bets", "bet": "bet", "folds": "folds", "fold": "fold", "sees": "sees", "see": "see",
    "raises": "raises", "sideshow": "side-show",
}
"""The placeholders for moves a reason may name, and their plain English words."""

_MOVE_OF: Dict[str, str] = {"bets": "bet", "folds": "fold", "sees": "see", "raises": "raise"}

_TRANSLATED = ("which",)
"""Values that are words of the catalogue themselves (a retained hand's ``old`` or ``new``)."""


def move_name(rules: Any, kind: str) -> str:
    """A move as a reason names it: its kind in English (as the reason always said it), else the game's word
    in the language spoken (:meth:`bragrules.rules.vocabulary.Words.move`)."""
    if language() == ENGLISH or rules is None:
        return kind
    return str(rules.words.move(kind))


def _moves(rules: Any) -> Dict[str, str]:
    if language() == ENGLISH or rules is None:
        return _ENGLISH_MOVES
    words = rules.words
    return {name: str(words.move(_MOVE_OF.get(name, name))) for name in _ENGLISH_MOVES}


def describe(rules: Any, cards: Any) -> str:
    """The hand (or the arrangement of hands) a reason is about, named by the ranking."""
    if not cards:
        return tr("an unarranged hand")
    ranker = rules.ranking.ranker
    if isinstance(cards, tuple) and isinstance(cards[0], tuple):
        return " / ".join(ranker.describe(h) for h in cards)
    return str(ranker.describe(cards))


def reason(kind: str, rules: Any, cards: Any, share: float, verb: str, amount: Optional[object],
           values: Dict[str, Any]) -> str:
    """A bot's reason in the language spoken: ``verb`` (a message of the catalogue) with its moves, its
    ``amount`` and ``values`` filled in, after the hand it judged and the share of hands it beats (``kind``
    ``hand`` or ``arrangement``; ``plain`` says the verb alone)."""
    filled: Dict[str, Any] = dict(_moves(rules))
    for name, value in values.items():
        filled[name] = tr(value) if name in _TRANSLATED else value
    filled["amount"] = amount_text(amount) if amount is not None else "?"
    said = tr(verb, **filled)
    if kind == "plain":
        return said
    hand, part = describe(rules, cards), f"{share:.0%}"
    if kind == "arrangement":
        return tr("{hand} beat {share} of holdings: {reason}", hand=hand, share=part, reason=said)
    return tr("{hand} beats {share} of hands: {reason}", hand=hand, share=part, reason=said)
