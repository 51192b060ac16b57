"""The house's rake taken from a pot won, before it is paid out (``house.rake``).

The settlement asks the house's policy (:meth:`~bragrules.rules.house.HousePolicy.rake`)
what it takes from the pot paid out, given what the players paid stake
themselves, and takes it from their payouts: all of it from a single winner,
and from several players paid each the share of it that their payout is of
the pot. Everything is exact; what the house takes leaves the players'
money and is the deal's ``rake``.

>>> from fractions import Fraction
>>> from bragrules.core.cards import parse_hand
>>> from bragrules.engine.deal import Deal
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile.model_validate({"house": {"rake": "1/20"}}))
>>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d"),
...                                     "C": parse_hand("2c 7h Jd")})
>>> for text in ("A bet 2", "B fold", "C fold"):
...     _ = deal.apply_text(text)
>>> deal.result.rake, deal.result.payouts["A"], deal.result.net["A"]
(Fraction(1, 4), Fraction(19, 4), Fraction(7, 4))
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Dict

from bragrules.core.money import ZERO
from bragrules.rules.hooks import AreaPolicy

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def take_rake(deal: "Deal", payouts: Dict[str, Fraction]) -> Fraction:
    """Take the house's rake from the payouts of a pot won (changing them); what the house took."""
    players = deal.players
    stakes = sum((players[p].contributed for p, amount in payouts.items() if amount), ZERO)
    return rake_payouts(deal.rules.house, payouts, stakes)


def rake_payouts(house: "AreaPolicy", payouts: Dict[str, Fraction], winners_stakes: Fraction) -> Fraction:
    """Take what ``house`` rakes from ``payouts`` (changing them), given what those paid staked themselves.

    >>> from bragrules.rules.house import HousePolicy
    >>> payouts = {"A": Fraction(6), "B": Fraction(6), "C": ZERO}
    >>> rake_payouts(HousePolicy(Fraction(1, 10)), payouts, Fraction(8)), payouts["A"], payouts["B"]
    (Fraction(6, 5), Fraction(27, 5), Fraction(27, 5))
    """
    paid = [p for p, amount in payouts.items() if amount]
    total = sum((payouts[p] for p in paid), ZERO)
    if total <= 0:
        return ZERO
    rake = house.rake(total, winners_stakes)
    if not rake:
        return ZERO
    if len(paid) == 1:
        payouts[paid[0]] = total - rake
        return rake
    for p in paid:
        payouts[p] = payouts[p] - rake * payouts[p] / total
    return rake


__all__ = ["rake_payouts", "take_rake"]
