"""Fast paths derived from a policy's own fields, never listed by hand.

A rule area's compiled policy may let the engine skip a question while the
rules that would answer it are off (``StakesPolicy.open_ended`` skips the bounds
of a bet once a level is set). Such a flag kept by hand, as a list of the rules
it skips, switches a rule off silently the day a rule is added and not listed.
:func:`departs` derives it instead: the path holds for the policy of the default
profile (``plain``, where every rule it skips is off), and any field of the policy
moved from there turns it off, a field added later included, unless that field is
declared unread by what the path skips (each such declaration with why, beside
the policy). Forgetting a declaration costs speed, never a rule.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Limits:
...     most: int = 0
...     name: str = ""
>>> departs(Limits(most=3), Limits()), departs(Limits(name="x"), Limits(), {"name": "words"})
(True, False)
"""

from __future__ import annotations

import dataclasses
from typing import Collection, Tuple


def policy_fields(policy: object) -> Tuple[str, ...]:
    """The fields a policy is made of: a dataclass's fields given when it is made (not those it works out
    from them), else the slots of its class and of the classes it comes from.

    >>> from bragrules.rules.house import HousePolicy
    >>> policy_fields(HousePolicy())
    ('share', 'of_losers', 'cap', 'fee', 'fee_per_session')
    """
    if dataclasses.is_dataclass(policy):
        return tuple(f.name for f in dataclasses.fields(policy) if f.init)
    found: Tuple[str, ...] = ()
    for klass in reversed(type(policy).__mro__):
        slots = klass.__dict__.get("__slots__", ())
        found += (slots,) if isinstance(slots, str) else tuple(slots)
    return found


def departs(policy: object, plain: object, unread: Collection[str] = ()) -> bool:
    """Whether ``policy`` differs from ``plain`` in any of its fields but those named in ``unread``.

    >>> from fractions import Fraction
    >>> from bragrules.rules.house import HousePolicy
    >>> departs(HousePolicy(Fraction(1, 20)), HousePolicy()), departs(HousePolicy(cap=Fraction(5)), HousePolicy(), ["cap"])
    (True, False)
    """
    return any(getattr(policy, name) != getattr(plain, name) for name in policy_fields(policy) if name not in unread)


__all__ = ["departs", "policy_fields"]
