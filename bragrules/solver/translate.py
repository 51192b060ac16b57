"""Action translation: an opponent's bet the solved tree lacks, read as one of the tree's own.

The tree offers a few bet amounts at each decision (``--levels``) and a few bets in all
(``--max-raises``, ``--max-bets``); a real opponent may bet any amount the profile allows, and
more often. The solved bot then has to act as if one of the tree's actions had been taken.

**Amounts: the pseudo-harmonic mapping** (Ganzfried and Sandholm, "Action Translation in
Extensive-Form Games with Large Action Spaces: Axioms, Paradoxes, and the Pseudo-Harmonic
Mapping", IJCAI 2013). With the bet ``x`` and the tree's neighbouring amounts ``A < x < B`` all
measured in units of the pot before the bet, ``x`` is read as ``A`` with probability

    f(x) = (B - x)(1 + A) / ((B - A)(1 + x))

and as ``B`` otherwise. ``f(A) = 1``, ``f(B) = 0``, and ``f`` falls as ``x`` grows; a bet below
the least amount is read as the least, one above the largest as the largest. The draw is random
so that an opponent cannot pick the one size the mapping always reads wrongly (a deterministic
rounding to the nearest is exploitable by betting just past the midpoint).

>>> pseudo_harmonic(Fraction(1, 2), Fraction(1), Fraction(1, 2))
Fraction(1, 1)
>>> pseudo_harmonic(Fraction(1, 2), Fraction(1), Fraction(1))
Fraction(0, 1)
>>> pseudo_harmonic(Fraction(1, 2), Fraction(1), Fraction(3, 4))
Fraction(3, 7)

**Counts** (a bet at a decision where the tree allows no more bets: a raise past ``--max-bets``)
are read as the most alike bet the tree has anywhere (:class:`AfterBets`): a bet by the same
player, with both players as blind or seen as now, whose size in units of the pot before it is
nearest the real one (the fewest bets before it on a tie). The deal continues from the decision
after it: the bot faces that bet, and its own next actions continue from there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Optional, Sequence, Tuple

from bragrules.engine.actions import Action
from bragrules.solver.tree import seat_names

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver.strategy import Strategy

__all__ = ["AfterBets", "amount_of", "pseudo_harmonic", "translate_bet"]


def pseudo_harmonic(low: Fraction, high: Fraction, x: Fraction) -> Fraction:
    """The probability that a bet of ``x`` is read as ``low`` (else ``high``), all in units of the pot
    before the bet, ``low < high``: 1 at ``low`` and below, 0 at ``high`` and above, exact.

    >>> pseudo_harmonic(Fraction(1), Fraction(2), Fraction(3, 2))   # (2 - 3/2)(1 + 1) / ((2 - 1)(1 + 3/2))
    Fraction(2, 5)
    """
    if not low < high:
        raise ValueError(f"the tree's amounts must be increasing: {low} and {high}")
    if x <= low:
        return Fraction(1)
    if x >= high:
        return Fraction(0)
    return (high - x) * (1 + low) / ((high - low) * (1 + x))


def translate_bet(bets: Sequence[Action], real: Action, pot: Fraction, u: float) -> Optional[Action]:
    """The tree's bet (of ``bets``, the same player's, any order) that the real bet ``real`` is read as,
    for a uniform draw ``u`` in [0, 1): the pseudo-harmonic mapping between the two neighbouring amounts,
    each divided by ``pot`` (the pot before the bet; the mapping needs it above zero). None when the
    tree has no bet there.

    >>> bets = [Action("A", "bet", Fraction(1)), Action("A", "bet", Fraction(2))]
    >>> str(translate_bet(bets, Action("A", "bet", Fraction(3, 2)), Fraction(2), 0.3))  # f = 3/7 here
    'A bet 1'
    >>> str(translate_bet(bets, Action("A", "bet", Fraction(3, 2)), Fraction(2), 0.5))
    'A bet 2'
    >>> str(translate_bet(bets, Action("A", "bet", Fraction(9)), Fraction(2), 0.0))   # beyond the largest
    'A bet 2'
    """
    ordered: List[Action] = sorted((b for b in bets if b.amount is not None), key=lambda b: b.amount or 0)
    if not ordered or real.amount is None:
        return ordered[0] if ordered else None
    x = real.amount
    if x <= (ordered[0].amount or 0):
        return ordered[0]
    if x >= (ordered[-1].amount or 0):
        return ordered[-1]
    size = pot if pot > 0 else Fraction(1)
    for below, above in zip(ordered, ordered[1:]):
        a, b = below.amount or Fraction(0), above.amount or Fraction(0)
        if a <= x <= b:
            if a == b:
                return below
            p = pseudo_harmonic(a / size, b / size, x / size)
            return below if u < p else above
    return ordered[-1]  # pragma: no cover - the amounts bracket x


def amount_of(text: str) -> Fraction:
    """The amount at the end of an action's text (``"A bet 3/2"``), 0 without one."""
    last = text.rsplit(" ", 1)[-1]
    try:
        return Fraction(last)
    except ValueError:
        return Fraction(0)


_Bet = Tuple[Fraction, Fraction, Tuple[str, ...], Tuple[bool, ...], FrozenSet[str]]
"""A bet of the tree: its amount, what was paid before it, the history it ends, and who was seen then."""


class AfterBets:
    """The strategy's decisions that follow a bet, by who bet and who is seen, to read a bet past the tree's
    count as the most alike one it has.

    >>> import numpy as np
    >>> from bragrules.solver.strategy import Entry, Strategy
    >>> e = Entry(1, False, ["B bet 1", "B fold"], np.ones((2, 1)))
    >>> s = Strategy({(): Entry(0, False, ["A bet 1", "A bet 4"], np.ones((2, 1))), ("A bet 1",): e,
    ...               ("A bet 4",): e}, {"cards": [1, 2, 3]})
    >>> AfterBets(s).find("A", (True, True), Fraction(3), pot=Fraction(2), antes=Fraction(2))  # 4 is nearest
    ('A bet 4',)
    """

    def __init__(self, strategy: "Strategy") -> None:
        root = strategy.entry(())
        self.blind_play = root is not None and root.blind
        self.seats: Tuple[str, ...] = seat_names(strategy.seats)
        self.nodes: Dict[str, List[_Bet]] = {}
        for history in strategy.decisions:
            if not history or " bet " not in history[-1]:
                continue
            bettor = history[-1].split(" ", 1)[0]
            paid_before = sum((amount_of(t) for t in history[:-1]), Fraction(0))
            self.nodes.setdefault(bettor, []).append(
                (amount_of(history[-1]), paid_before, history, self.seen(history), self.folded(history)))

    def seen(self, history: Sequence[str]) -> Tuple[bool, ...]:
        """Whether each seat (A, B, ...) has seen its cards after ``history`` (always, without blind play)."""
        return tuple(not self.blind_play or f"{seat} look" in history for seat in self.seats)

    @staticmethod
    def folded(history: Sequence[str]) -> FrozenSet[str]:
        """The seats that have folded in ``history``."""
        return frozenset(text.split(" ", 1)[0] for text in history if text.endswith(" fold"))

    def find(self, bettor: str, seen: Tuple[bool, ...], amount: Fraction, pot: Fraction,
             antes: Fraction, folded: FrozenSet[str] = frozenset()) -> Optional[Tuple[str, ...]]:
        """The history of the tree's bet most like a real bet of ``amount`` by ``bettor`` (``"A"``, ``"B"``, ...)
        into a real ``pot``, with seats seen as ``seen`` and the seats ``folded`` out: sizes in units of the pot
        before the bet (in the tree, ``antes`` and what was paid before). Only bets with the same seats out are
        alike (at a table of three or four, the players left to answer); among them, one with every seat still
        in seen as now, else one with every such seat but the bettor seen as now (heads-up: the seat to answer
        it), else, at a table of three or four, any; None when there is none of those."""
        candidates = [c for c in self.nodes.get(bettor, []) if c[4] == folded]
        playing = [k for k, seat in enumerate(self.seats) if seat not in folded]  # a folded seat's look is moot
        others = [k for k in playing if self.seats[k] != bettor]
        found = [c for c in candidates if all(c[3][k] == seen[k] for k in playing)] or [
            c for c in candidates if all(c[3][k] == seen[k] for k in others)]
        if not found and len(self.seats) > 2:  # three or four seats: any bet with the same seats out
            found = candidates
        if not found:
            return None
        real = amount / pot if pot > 0 else amount

        def distance(node: _Bet) -> Tuple[Fraction, int]:
            size, paid, history = node[0], node[1], node[2]
            before = antes + paid
            return (abs((size / before if before > 0 else size) - real), len(history))

        return min(found, key=distance)[2]
