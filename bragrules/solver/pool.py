"""The war cap's showdown: where a multiway tree ends a betting war of three or more by comparing every hand still in.

At a table of three or four the tree caps a betting war (after twice ``max_bets`` bets with three or more
in). The engine offers no ending there: each player may bet on, and the tree keeps none of those bets. The
cap's ending is the abstraction's to choose (``war_cap``):

* ``"fold"``: no bet is kept, so whoever acts folds, in turn, until two are left to see (the last to bet is
  never forced out);
* ``"showdown"`` (:data:`DEFAULT_WAR_CAP`): the deal ends there in a showdown of every hand still in (a :class:`Pool` leaf), each
  having paid what it paid so far (a blind player half, as the engine counted it): the best hand takes the
  pot, equal best hands as the profile's tie among several says (``seeing.tie``: split, or the eldest hand).

The pool's payoffs are the engine's own settlement
(:func:`~bragrules.engine.settlement.showdown_all`, everyone left shows): for each set of seats whose hands
tie for the best, real hands of that outcome are entered and the engine settles the pot (its rake
included). The payoff of a deal is then the one of the seats tied for the best among those still in.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile(pack={"stripped_ranks": list("23456789")}, table={"max_players": 6}))
>>> hands = outcome_hands(rules, 3, 2)    # two equal best hands and one below them
>>> key, order = rules.comparer.key, rules.comparer.order
>>> order(key(hands[0]), key(hands[1])), order(key(hands[0]), key(hands[2]))
(0, 1)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Optional, Sequence, Tuple

from bragrules.core.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["DEFAULT_WAR_CAP", "WAR_CAPS", "outcome_hands", "pool_problems", "tied_mask"]

WAR_CAPS = ("fold", "showdown")
"""How a multiway tree ends a betting war at its cap: each folds in turn until two are left (the tree's
first rule, what a strategy file without ``war_cap`` was solved with), or a showdown of every hand still in."""

DEFAULT_WAR_CAP = "showdown"
"""The war cap a tree is built and solved with unless told: in duplicate matches at three and four seats the
bot solved with it lost to no style (docs/solver.md), where with the fold it lost to two at four seats."""

Hand = Tuple[int, int, int]


def pool_problems(rules: "Rules") -> List[str]:
    """The rules under which a showdown of every hand still in is not settled by which hands tie for the
    best alone (so the war cap's showdown cannot be a leaf of the tree), each named; empty when there is none."""
    problems = []
    if rules.seeing.high_low:
        problems.append(tr("seeing.split: high_low: the lowest hand shown takes half the pot"))
    if rules.seeing.tie_among_many == "suits":
        problems.append(tr("seeing.tie: suits: equal best hands decided by their suits"))
    if rules.format.lives is not None:
        problems.append(tr("format.lives: the lowest hand loses a life"))
    return problems


def tied_mask(shown: Sequence[int], strength: Sequence[int]) -> int:
    """The seats of ``shown`` whose hand is the best of them, a bit each (seat ``s``: ``1 << s``), by each
    seat's ``strength``.

    >>> tied_mask((0, 2, 3), [5, 9, 6, 4]), tied_mask((0, 1, 2), [7, 3, 7])   # seat 1 folded in the first
    (4, 5)
    """
    best = max(strength[s] for s in shown)
    return sum(1 << s for s in shown if strength[s] == best)


def _disjoint(group: Sequence[Hand], n: int, used: FrozenSet[int]) -> Optional[List[Hand]]:
    """``n`` hands of ``group`` sharing no card with each other nor with ``used``, or None."""
    if n == 0:
        return []
    for k, hand in enumerate(group):
        if used.isdisjoint(hand):
            rest = _disjoint(group[k + 1:], n - 1, used | frozenset(hand))
            if rest is not None:
                return [hand] + rest
    return None


def outcome_hands(rules: "Rules", shown: int, tied: int) -> Optional[List[Hand]]:
    """Hands for a showdown of ``shown`` players whose first ``tied`` tie for the best and the rest are below
    them, no card twice (as the showdown decides, :meth:`~bragrules.engine.showdown.Comparer.order`); None
    when the pack cannot deal that outcome."""
    comparer = rules.comparer
    key = comparer.key
    hands = sorted(itertools.combinations(sorted(comparer.ranker.cards), 3), key=key)
    groups: Dict[Tuple[int, ...], List[Hand]] = {}
    for h in hands:
        groups.setdefault(key(h), []).append(h)
    keys = list(groups)
    for place in range(len(keys) - 1, -1, -1):  # the best hands' group, strongest first
        best = _disjoint(groups[keys[place]], tied, frozenset())
        if best is None:
            continue
        used = frozenset(c for h in best for c in h)
        below = _disjoint([h for k in keys[:place] for h in groups[k]], shown - tied, used)
        if below is not None:
            return best + below
    return None
