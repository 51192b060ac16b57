"""A session's clock: when it started, the time played (what a log records), and the time limit
(``session.end.at_limit: abandon``: a hand in progress stopped, every stake returned).
:class:`~bragrules.engine.session.Session` is one; import it from there.
"""

from __future__ import annotations

import math
from typing import Callable, Optional

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Message
from bragrules.engine.deal import Deal
from bragrules.rules.compile import Rules
from bragrules.rules.fixed import DEAL_OVER
from bragrules.rules.session import AT_LIMIT_RULE

Clock = Callable[[], float]
"""Seconds from some fixed moment (the wall clock, ``time.time``, unless a session is given another)."""


class SessionClock:
    """The time a session has played, by its own clock, and what its time limit stops."""

    rules: Rules
    current: Optional[Deal]
    clock: Clock
    started: float

    def elapsed_ms(self) -> int:
        """Whole milliseconds since the session started, by its clock (what a log records)."""
        return math.floor((self.clock() - self.started) * 1000)

    @property
    def started_ms(self) -> int:
        """When the session started, in whole milliseconds of its clock (Unix time with the wall clock)."""
        return math.floor(self.started * 1000)

    def time_up(self, now_ms: Optional[int] = None) -> bool:
        """Whether play stops now under ``session.end.at_limit: abandon``: a deal is in progress, the
        time limit has passed (by the session's clock, or at ``now_ms``), and the deal does not play for
        a carried pot (that one is played out). The deal is then abandoned (:meth:`abandon_deal`).

        >>> from bragrules.profile.models import Profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.engine.session import Session
        >>> now = [0.0]
        >>> rules = compile_rules(Profile.model_validate(
        ...     {"session": {"end": {"kind": "time", "minutes": 30, "at_limit": "abandon"}}}))
        >>> session = Session(rules, ["A", "B", "C"], seed=1, clock=lambda: now[0])
        >>> _ = session.start_deal()
        >>> session.time_up(), session.time_up(now_ms=30 * 60_000)
        (False, True)
        """
        end = self.rules.session.end
        deal = self.current
        if not end.abandons or deal is None or deal.is_over or deal.carried_in:
            return False
        limit = end.limit_ms
        return limit is not None and (self.elapsed_ms() if now_ms is None else now_ms) >= limit

    def abandon_deal(self) -> None:
        """Stop the deal in progress at the time limit (``session.end.at_limit: abandon``): every stake
        is returned, and once the deal is finished (:meth:`finish_deal`, as for any deal) the session is
        over. Refused, changing nothing, unless time is up (:meth:`time_up`)."""
        deal = self.current
        if deal is None or deal.is_over:
            raise RuleViolation(DEAL_OVER, "no deal is in progress")
        if not self.time_up():
            end = self.rules.session.end
            if not end.abandons:
                why = Message("under this profile the hand in progress is played out at the time limit")
            elif deal.carried_in:
                why = Message("this hand plays for a carried pot, and is played out")
            else:
                why = Message("the time limit of {minutes} minutes has not passed", minutes=end.minutes)
            raise RuleViolation(AT_LIMIT_RULE, "the hand cannot be abandoned: {why}", why=why)
        deal.abandon(f"time is up ({self.rules.session.end.minutes} minutes): the hand is abandoned, every stake returned")


__all__ = ["Clock", "SessionClock"]
