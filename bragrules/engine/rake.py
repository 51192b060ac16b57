"""The house's take of a deal: the rake from a pot won, before it is paid out (``house.rake``), and the
table fee of every player dealt in (``house.table_fee``), both in the players' nets.

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

The table fee is taken last, once the deal is settled: every net is after it, so the nets and
what the house took always add up to the change in the pot carried.

>>> rules = compile_rules(Profile.model_validate({"house": {"rake": "1/20", "table_fee": "1/2"}}))
>>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d"),
...                                     "C": parse_hand("2c 7h Jd")})
>>> for text in ("A bet 2", "B fold", "C fold"):
...     _ = deal.apply_text(text)
>>> result = deal.result
>>> result.table_fee, result.net["A"], result.net["B"]
(Fraction(3, 2), Fraction(5, 4), Fraction(-3, 2))
>>> sum(result.net.values()) + result.rake + result.table_fee
Fraction(0, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Dict, Optional

from bragrules.core.money import ZERO
from bragrules.rules.hooks import AreaPolicy

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal
    from bragrules.rules.compile import Rules


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


def fee_of(rules: "Rules", number: int, given: Optional[Fraction]) -> Fraction:
    """The table fee each player of a deal pays if it is played: ``given`` (the session's say), else as the
    ``number``-th deal of a session pays it (``house.table_fee_per: session``: the first only)."""
    return rules.house.fee_due(first_deal=number == 1) if given is None else given


def take_table_fee(deal: "Deal") -> None:
    """Take the table fee (``house.table_fee``) of every player dealt in from the settled deal's nets: the
    deal's ``table_fee`` each (with finite bankrolls at most what the player holds once the deal is settled);
    nothing from a redeal or an abandoned hand. The result records each fee (``fees``) and their sum."""
    result, fee = deal.result, deal.table_fee
    if result is None or not fee or result.outcome in ("redeal", "abandoned"):
        return
    net = dict(result.net)
    fees: Dict[str, Fraction] = {}
    for name in deal.order:
        state = deal.players[name]
        pay = fee
        held = state.settled_stack
        if held is not None:  # nobody goes below nothing to pay the house
            pay = max(ZERO, min(fee, held))
            state.settled_stack = held - pay
        fees[name] = pay
        if pay:
            net[name] = net[name] - pay
    deal.result = result._replace(net=net, fees=fees, table_fee=sum(fees.values(), ZERO))


__all__ = ["fee_of", "rake_payouts", "take_rake", "take_table_fee"]
