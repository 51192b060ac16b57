"""Crash / Stop the Bus for money: each life lost pays into a pot the last player left collects.

The session asks the format's policy (``life_payment``, :mod:`bragrules.rules.hooks`) what a life
lost pays; the money moves between the players' balances and the session's pot of lives, so the
balances and the pot always add up to what the players started with (exactly: Fractions).

>>> from fractions import Fraction
>>> class Policy:
...     pays_for_lives = True
...     def life_payment(self, player): return Fraction(1)
>>> balances = {"A": Fraction(0), "B": Fraction(0), "C": Fraction(0)}
>>> pot = pay_for_lives(Policy(), balances, Fraction(0), ["B", "C"])
>>> pot, balances["B"], balances["C"]
(Fraction(2, 1), Fraction(-1, 1), Fraction(-1, 1))
>>> collect(balances, pot, ["A"]), balances["A"]
(Fraction(0, 1), Fraction(2, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, Sequence

from bragrules.rules.hooks import AreaPolicy


def pay_for_lives(policy: AreaPolicy, balances: Dict[str, Fraction], pot: Fraction, lost: Sequence[str]) -> Fraction:
    """Each player in ``lost`` (one life each) pays the policy's stake into ``pot``; the new pot."""
    for player in lost:
        stake = policy.life_payment(player)
        balances[player] -= stake
        pot += stake
    return pot


def collect(balances: Dict[str, Fraction], pot: Fraction, winners: Sequence[str]) -> Fraction:
    """The game is over: ``winners`` (the last player with a life, or those with the most lives when it
    ended otherwise) share ``pot`` equally and exactly; the pot left (zero)."""
    if not winners or not pot:
        return pot
    share = pot / len(winners)
    for player in winners:
        balances[player] += share
    return Fraction(0)


__all__ = ["collect", "pay_for_lives"]
