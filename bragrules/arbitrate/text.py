"""Arbitration's words for money, players and the options at a deal.

>>> from fractions import Fraction
>>> money_text(Fraction(5, 2)), signed_text(Fraction(3)), join_words(["A", "B", "C"])
('2½', '+3', 'A, B or C')
>>> net_text({"A": Fraction(-2), "B": Fraction(2)})
'A -2, B +2'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, List, Sequence

from bragrules.core.i18n import AS_IS, ENGLISH, Later, Message, amount_text, as_is, language, tr
from bragrules.core.money import pretty_money
from bragrules.engine.actions import LegalAction
from bragrules.engine.deal import Deal
from bragrules.rules.vocabulary import PLAIN, Words

# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------


def money_text(amount: Fraction) -> str:
    """An amount in a ruling's words (``2½``; the JSON's amounts stay ``"5/2"``)."""
    return pretty_money(amount)


def signed_text(amount: Fraction) -> str:
    return f"+{money_text(amount)}" if amount > 0 else money_text(amount)


def net_text(net: Dict[str, Fraction]) -> str:
    return ", ".join(f"{p} {signed_text(v)}" for p, v in net.items())


def join_words(words: Sequence[str], last: str = "or") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def option_text(option: LegalAction) -> str:
    kind = option.kind
    if kind == "bet":
        assert option.amount is not None
        if option.all_in:
            return f"go all in for {money_text(option.amount)}"
        if option.max_amount is None:
            return f"bet {money_text(option.amount)} or more"
        if option.max_amount == option.amount:
            return f"bet {money_text(option.amount)}"
        return f"bet {money_text(option.amount)} to {money_text(option.max_amount)}"
    if kind == "see":
        assert option.amount is not None
        return f"see for {money_text(option.amount)}" + (" (all in)" if option.all_in else "")
    if kind == "look" and option.target:
        return f"look at the {option.target} hand"
    if kind == "swap":
        return "swap all" if option.target == "all" else "swap a card"
    return kind


def options_text(options: Sequence[LegalAction]) -> str:
    texts: List[str] = []
    for option in options:
        text = option_text(option)
        if text not in texts:
            texts.append(text)
    return join_words(texts)


def turn_text(deal: Deal) -> str:
    player = deal.to_act
    if player is None:
        return "the deal is over"
    return f"{player} is to act and may {options_text(deal.legal_actions())}"


# ---------------------------------------------------------------------------
# The same words in the language spoken
# ---------------------------------------------------------------------------


def net_words(net: Dict[str, Fraction]) -> Later:
    """Each player's gain or loss, written when read (Hindi groups the digits its own way).

    >>> from bragrules.core.i18n import with_language
    >>> said = net_words({"A": Fraction(-250000), "B": Fraction(250000)})
    >>> said.text(), with_language("hi", said.text)
    ('A -250000, B +250000', 'A -2,50,000, B +2,50,000')
    """
    return Later(_net_now, dict(net))


def _net_now(net: Dict[str, Fraction]) -> str:
    if language() == ENGLISH:
        return net_text(net)
    return tr(", ").join(f"{p} {'+' if v > 0 else ''}{amount_text(v)}" for p, v in net.items())


def _option_now(option: LegalAction, words: Words) -> str:
    """One option in the language spoken, the game's word for its move (English: :func:`option_text`)."""
    if language() == ENGLISH:
        return option_text(option)
    kind, move = option.kind, words.move(option.kind)
    if kind == "bet" and option.amount is not None:
        if option.all_in:
            return tr("go all in for {amount}", amount=amount_text(option.amount))
        if option.max_amount is None:
            return tr("{bet} {amount} or more", bet=move, amount=amount_text(option.amount))
        if option.max_amount == option.amount:
            return tr("{bet} {amount}", bet=move, amount=amount_text(option.amount))
        return tr("{bet} {amount} to {most}", bet=move, amount=amount_text(option.amount),
                  most=amount_text(option.max_amount))
    if kind == "see" and option.amount is not None:
        if option.all_in:
            return tr("{see} for {amount} (all in)", see=move, amount=amount_text(option.amount))
        return tr("{see} for {amount}", see=move, amount=amount_text(option.amount))
    if kind == "look" and option.target:
        return tr("look at the {which} hand", which=tr(option.target))
    if kind == "swap":
        return tr("swap all") if option.target == "all" else tr("swap a card")
    return move


def _options_now(options: Sequence[LegalAction], words: Words) -> str:
    if language() == ENGLISH:
        return options_text(options)
    texts: List[str] = []
    for option in options:
        text = _option_now(option, words)
        if text not in texts:
            texts.append(text)
    if len(texts) <= 1:
        return "".join(texts)
    return tr("{some} or {last}", some=tr(", ").join(texts[:-1]), last=texts[-1])


def options_words(options: Sequence[LegalAction], words: Words = PLAIN) -> Later:
    """What a player may do, written when read: English as :func:`options_text`, another language in
    the game's words for its moves.

    >>> from bragrules.core.i18n import with_language
    >>> from bragrules.engine.actions import LegalAction
    >>> said = options_words([LegalAction("A", "bet", Fraction(2), Fraction(7)), LegalAction("A", "fold")])
    >>> said.text(), "2" in with_language("zh", said.text) and "bet" not in with_language("zh", said.text)
    ('bet 2 to 7 or fold', True)
    """
    return Later(_options_now, list(options), words)


def turn_words(deal: Deal) -> Message:
    """Whose turn it is and what they may do (:func:`turn_text`), in the language read."""
    player = deal.to_act
    if player is None:
        return Message("the deal is over")
    return Message("{player} is to act and may {options}", player=player,
                   options=options_words(deal.legal_actions(), deal.rules.words))


__all__ = ["AS_IS", "as_is", "join_words", "money_text", "net_text", "net_words", "option_text", "options_text", "options_words", "signed_text",
           "turn_text", "turn_words"]
