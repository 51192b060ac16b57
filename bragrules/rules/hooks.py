"""The questions the engine asks the rule areas, and the record of the betting they read.

A rule area's compiled policy (``rules.stakes``, ``rules.blind``, ...) answers
a small set of questions about the deal in progress. The engine asks them at
the points where a rule can decide, and never reads a profile field itself:

========================  =====================================  ===================================
question (hook)           asked by the engine                    answered by
========================  =====================================  ===================================
``level_bounds``          for the bet it offers and every bet    :class:`~bragrules.rules.stakes.StakesPolicy`
                          it checks (one list of bounds, so the
                          legal range and the refusal agree)
``refusal``               for every action kind it offers and    every area policy (default: none)
                          every action it checks
``see_cost``              for the see it offers and checks       :class:`~bragrules.rules.seeing.SeeingPolicy`
========================  =====================================  ===================================

The record they read is the deal itself, seen through :class:`Betting`
and :class:`Bettor` (amounts in the deal's integer money units,
:mod:`bragrules.engine.units`): the level, the pot, the raises made, and for
each player whether they have looked and how many blind bets they made; for a
rule between neighbours (the side-show), how many are in, the previous player
still in, whether a player has bet, and whose side-show was just refused. A
policy never keeps state of its own: a policy is made once per profile and
shared by every deal, so what a rule counts is counted on the record.

A **bound** says what one rule allows for the level a bet sets: at least
``low``, at most ``high``, and (with ``step``) only ``low`` plus whole steps.
The legal range offered is the intersection of the bounds; an amount outside
it is refused by the first bound it breaks, in the order the area lists
them, with that bound's rule and words:

>>> RAISE, CAP = Rule("example.raise"), Rule("example.cap")
>>> bounds = [Bound(RAISE, low=4), Bound(CAP, high=6)]
>>> legal_range(bounds)
(4, 6)
>>> first_broken(bounds, 7).rule, first_broken(bounds, 3).rule, first_broken(bounds, 5)
('example.cap', 'example.raise', None)
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Protocol, Sequence, Tuple

from bragrules.core.rule_id import Rule

__all__ = ["AreaPolicy", "Betting", "Bettor", "Bound", "Refusal", "first_broken", "legal_range"]


class Bettor(Protocol):
    """One player as an area's hooks read them."""

    @property
    def name(self) -> str: ...

    @property
    def seen(self) -> bool: ...

    @property
    def blind_bets(self) -> int:
        """How many bets this player has made blind in this deal."""
        ...

    @property
    def stack_u(self) -> Optional[int]: ...


class Betting(Protocol):
    """The betting so far, as an area's hooks read it (a deal is one)."""

    @property
    def level_u(self) -> Optional[int]:
        """The level in units, seen-equivalent (None until somebody bets)."""
        ...

    @property
    def pot_u(self) -> int:
        """The pot in units, the carried pot included."""
        ...

    @property
    def raises_made(self) -> int:
        """How many bets so far lifted the level above one already set."""
        ...

    # the seats around a bettor, for a rule between two neighbours (``seeing.side_show``)

    @property
    def in_play_count(self) -> int:
        """How many players have not folded."""
        ...

    def previous_bettor(self, name: str) -> Optional[Bettor]:
        """The nearest player before ``name`` in the order of play who has not folded (None: nobody)."""
        ...

    def has_bet(self, name: str) -> bool:
        """Whether ``name`` has paid a bet or a see in this deal (an ante is not a bet)."""
        ...

    @property
    def side_show_refused(self) -> Optional[str]:
        """The player to act, while their side-show has just been refused at this turn (else None)."""
        ...


class Refusal(NamedTuple):
    """Why an action is not allowed now: the rule it breaks, in words."""

    rule: Rule
    message: str


class Bound(NamedTuple):
    """What one rule allows for the level a bet sets, in units (None: no bound on that side).

    ``step``: only ``low`` plus whole multiples of ``step`` (``low`` must then be given).
    ``why`` names the words of a refusal by this bound, which the area that
    made the bound writes (``StakesPolicy.refusal_words``): a bound is plain
    data, made at every turn, so its words are only written when one is broken.
    """

    rule: Rule
    low: Optional[int] = None
    high: Optional[int] = None
    step: Optional[int] = None
    why: str = ""

    def allows(self, level: int) -> bool:
        """Whether a level is within this bound."""
        if self.low is not None and level < self.low:
            return False
        if self.high is not None and level > self.high:
            return False
        return not (self.step and self.low is not None and (level - self.low) % self.step)


def legal_range(bounds: Sequence[Bound]) -> Tuple[Optional[int], Optional[int]]:
    """The least and the most level every bound allows (None: unbounded on that side)."""
    low: Optional[int] = None
    high: Optional[int] = None
    for bound in bounds:
        if bound.low is not None and (low is None or bound.low > low):
            low = bound.low
        if bound.high is not None and (high is None or bound.high < high):
            high = bound.high
    return low, high


def first_broken(bounds: Sequence[Bound], level: int) -> Optional[Bound]:
    """The first bound, in order, that does not allow ``level`` (None when all do)."""
    for bound in bounds:
        if not bound.allows(level):
            return bound
    return None


class AreaPolicy:
    """What every area's compiled policy answers; an area overrides the questions it decides.

    ``refusal(betting, bettor, kind)`` is asked for every action ``kind``
    (``"bet"``, ``"see"``, ``"look"``, ``"fold"``, ...) a player at their turn
    might make: a :class:`Refusal` takes the action out of the legal ones and
    refuses it with the area's rule; None lets the other rules decide. The
    engine asks only the policies whose ``asks_refusal`` is true.
    """

    __slots__ = ()

    @property
    def asks_refusal(self) -> bool:
        """Whether :meth:`refusal` can refuse anything under this profile (the engine skips it when not)."""
        return False

    def refusal(self, betting: Betting, bettor: Bettor, kind: str) -> Optional[Refusal]:
        return None

    def consulted(self, betting: Betting, bettor: Bettor, kind: str) -> Tuple[Rule, ...]:
        """The rules :meth:`refusal` asks about ``kind`` (what a ruling cites when it allows the action)."""
        return ()
