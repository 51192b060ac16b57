"""Money a hand earns back at a showdown outside the pot's share: the ante returned to the holder
of a special hand that was shown and beaten (``ranking.special_hands``, ``ante_back``), paid by the
pot's winners, as the bonuses are paid (the same record of each player's bonus).

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.engine.deal import Deal
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile.model_validate({"ranking": {"special_hands": [
...     {"ranks": [2, 3, 5], "suited": False, "ante_back": True}]}}))
>>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("2c 3d 5h"), "B": parse_cards("Kc Kd 2h"),
...             "C": parse_cards("4s 8h Qd")})
>>> for text in ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"]:
...     _ = deal.apply_text(text)
>>> deal.result.winners, str(deal.result.bonuses["A"]), str(deal.result.bonuses["B"])
(['B'], '1', '-1')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def pay_antes_back(deal: "Deal", shown: Optional[Sequence[str]], winners: List[str],
                   bonuses: Dict[str, Fraction]) -> None:
    """Each beaten holder of an ``ante_back`` hand among ``shown`` has the ante back, the winners
    paying it in equal shares (exact fractions)."""
    ranking = deal.rules.ranking
    units = deal.units
    ante = units.money(units.ante)
    if not ante or not winners:
        return
    for player in shown or deal.in_play:
        hand = deal.players[player].hand
        if player in winners or hand is None or not ranking.gets_ante_back(hand):
            continue
        bonuses[player] = bonuses.get(player, Fraction(0)) + ante
        each = ante / len(winners)
        for winner in winners:
            bonuses[winner] = bonuses.get(winner, Fraction(0)) - each


__all__ = ["pay_antes_back"]
