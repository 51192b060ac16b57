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

from bragrules.core.money import pretty_money
from bragrules.engine.actions import LegalAction
from bragrules.engine.deal import Deal

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


__all__ = ["join_words", "money_text", "net_text", "option_text", "options_text", "signed_text", "turn_text"]
