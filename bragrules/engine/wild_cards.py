"""A deal's wild cards chosen at the table: the comparer that values its hands with them.

Asked once, when a deal is made, and only under a profile that chooses wild
cards per deal or per hand (:mod:`bragrules.rules.wild_deal`): the deal's
face-up centre cards decide the wild ranks of the deal, and each hand's own
cards its lowest (or highest) rank.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile.model_validate({"ranking": {"wild": {"from_centre": 1}}}))
>>> comparer = wild_deal_comparer(rules, parse_cards("8d"))
>>> comparer.describe(parse_cards("8h 3c 3d"))
'prial of threes (8h as 3h)'
>>> wild_deal_comparer(rules, [])
Traceback (most recent call last):
...
bragrules.core.errors.RuleViolation: ranking.wild.from_centre: 1 face-up centre card decides the wild cards; the deal has 0
"""

from __future__ import annotations

from typing import Sequence

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.engine.showdown import Comparer
from bragrules.rules.compile import Rules
from bragrules.rules.wild_deal import FROM_CENTRE_RULE

__all__ = ["wild_deal_comparer"]


def wild_deal_comparer(rules: Rules, centre: Sequence[Card]) -> Comparer:
    """The comparer of a deal dealt these centre cards; refused (``ranking.wild.from_centre``) when the
    deal has not the centre cards that decide its wild cards."""
    wild = rules.comparer.wild
    if wild is not None and wild.from_centre and len(centre) != wild.from_centre:
        n = wild.from_centre
        raise RuleViolation(
            FROM_CENTRE_RULE,
            f"{n} face-up centre card{'s' if n != 1 else ''} decide{'s' if n == 1 else ''} the wild cards; "
            f"the deal has {len(centre)}",
        )
    return rules.comparer.for_deal(centre)
