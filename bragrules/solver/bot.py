"""The ``solved`` bot: plays a solved strategy heads-up, from its :class:`PlayerView` only.

It replays the deal's public actions (``view.actions``) through the strategy's decisions,
seats renamed A (first to act) and B (the dealer). An opponent's bet of an amount the tree
does not have counts as the tree's nearest bet. At its own turn it draws an action with the
strategy's probabilities for its hand (one row for all hands while it is blind) and takes
the nearest legal one.

At a table of three or four it plays a multiway strategy (:mod:`bragrules.solver.mccfr`), seats
renamed A, B, C (and D) in the order they act. It falls back to the ``cautious`` style
(:data:`FALLBACK`) when more than four players are in the deal, when the deal leaves the tree (a raise beyond the cap, an action the tree leaves
out), when no strategy is found for the profile at the table's seats, and for the decisions the tree settles
by itself (showing at a see, retaining a blind hand), and says so: its reason then begins
"cautious, standing in for solved" and names why (:mod:`bragrules.play.plays` labels the seat the same).

Where the strategy comes from: the file named by ``BRAGRULES_STRATEGY`` (what ``--strategy``
sets, so that simulation workers find it too), else the file ``bragrules solve`` writes by
default for the deal's profile, ``strategy_path(profile_hash)``.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.view import PlayerView
from bragrules.play.bots import STYLES, StyleBot
from bragrules.play.plays import STAND_IN
from bragrules.solver.strategy import Entry, Strategy, StrategyFileError, game_hash
from bragrules.solver.tree import MAX_SEATS, seat_names

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["FALLBACK", "SolvedBot", "load_for", "strategy_path"]

FALLBACK = "cautious"
"""The heuristic style the solved bot plays where its strategy has nothing to say."""

ENV = "BRAGRULES_STRATEGY"

_LOADED: Dict[Tuple[str, str, int], Optional[Strategy]] = {}


def strategy_path(key: str, seats: int = 2) -> str:
    """Where ``bragrules solve`` keeps a profile's strategy by default (by its game hash,
    :func:`~bragrules.solver.strategy.game_hash`, and the seats when more than two): the user's cache."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    name = f"{key}.npz" if seats == 2 else f"{key}-{seats}seats.npz"
    return os.path.join(root, "bragrules", "strategies", name)


def _load(path: str, key: str, rules: Optional["Rules"], seats: int = 2) -> Optional[Strategy]:
    """The strategy in ``path`` when it reads, was solved for the game ``key`` at ``seats`` and (given
    ``rules``) is that game's tree; else None: the bot falls back rather than meet a damaged file in the
    middle of a deal."""
    if (path, key, seats) not in _LOADED:
        found: Optional[Strategy] = None
        try:
            if os.path.exists(path):
                strategy = Strategy.load(path)
                if strategy.game_hash == key and strategy.seats == seats:
                    if rules is not None:
                        strategy.check_against(rules, path)
                    found = strategy
        except StrategyFileError:
            found = None
        _LOADED[(path, key, seats)] = found
    return _LOADED[(path, key, seats)]


def load_for(key: str, rules: Optional["Rules"] = None, seats: int = 2) -> Optional[Strategy]:
    """The strategy for a profile (by its game hash) at a table of ``seats``: ``BRAGRULES_STRATEGY``'s
    file if it was solved for that game and seats, else the default file; None when neither is there (or
    neither reads, or, given the profile's ``rules``, neither is its game's tree)."""
    named = os.environ.get(ENV)
    if named:
        found = _load(named, key, rules, seats)
        if found is not None:
            return found
    return _load(strategy_path(key, seats), key, rules, seats)


class SolvedBot:
    """A bot playing a :class:`Strategy` (found per profile when not given)."""

    style = "solved"

    def __init__(self, rng: random.Random, name: Optional[str] = None, strategy: Optional[Strategy] = None) -> None:
        self.name = name or "solved"
        self.rng = rng
        self.strategy = strategy
        self.fallback = StyleBot(STYLES[FALLBACK], rng, name)
        self._why = "no choice made yet"
        self._parsed: Dict[int, List[Action]] = {}
        self._for: Optional[Tuple[object, int, Optional[Strategy]]] = None

    def explain(self) -> str:
        return self._why if self._why else self.fallback.explain()

    def _strategy_for(self, view: PlayerView) -> Optional[Strategy]:
        seats = len(view.order)
        if self.strategy is not None:
            return self.strategy if self.strategy.seats == seats else None
        profile = view.rules.profile
        if self._for is None or self._for[0] is not profile or self._for[1] != seats:
            self._for = (profile, seats, load_for(game_hash(profile), view.rules, seats))
        return self._for[2]

    def _fall_back(self, view: PlayerView, why: str) -> Action:
        action = self.fallback.choose(view)
        self._why = f"{STAND_IN} ({why}): {self.fallback.explain()}"
        return action

    def _entry_actions(self, entry: Entry) -> List[Action]:
        key = id(entry)
        found = self._parsed.get(key)
        if found is None:
            found = self._parsed[key] = [Action.parse(text) for text in entry.actions]
        return found

    def _replay(self, strategy: Strategy, view: PlayerView) -> Optional[Tuple[Tuple[str, ...], Entry]]:
        """The decision this deal is at, the deal's actions mapped onto the tree (None if it left it)."""
        rename = dict(zip(view.order, seat_names(len(view.order))))
        history: List[str] = []
        for real in view.actions:
            entry = strategy.entry(history)
            mapped = real._replace(player=rename[real.player])
            if entry is None:  # a step the tree applied by itself (a show): kept as it was
                history.append(str(mapped))
                continue
            text = str(mapped)
            if text not in entry.actions:
                near = _nearest(self._entry_actions(entry), mapped)
                if near is None:
                    return None
                text = str(near)
            history.append(text)
        entry = strategy.entry(history)
        return None if entry is None else (tuple(history), entry)

    def choose(self, view: PlayerView) -> Action:
        options = view.legal_actions()
        if not 2 <= len(view.order) <= MAX_SEATS:
            return self._fall_back(view, f"strategies are solved for 2 to {MAX_SEATS} players, not {len(view.order)}")
        if options and options[0].kind not in ("look", "bet", "see", "fold", "check"):
            return self._fall_back(view, "a decision the tree settles by itself")
        strategy = self._strategy_for(view)
        if strategy is None:
            seats = len(view.order)
            return self._fall_back(view, "no strategy solved for this profile" + (f" at {seats} seats" if seats > 2 else ""))
        found = self._replay(strategy, view)
        if found is None:
            return self._fall_back(view, "the deal left the solved tree")
        _, entry = found
        hand = None
        if not entry.blind:
            cards = view.hand
            hand = strategy.hand_of(cards) if cards is not None else None
            if hand is None:
                return self._fall_back(view, "a hand the strategy does not know")
        row = entry.row(hand)
        k = _draw(row, self.rng.random())
        chosen = self._entry_actions(entry)[k]
        action = _legal(options, chosen)
        if action is None:
            return self._fall_back(view, f"{chosen.kind} is not open here")
        self._why = f"plays the solved strategy: {chosen.kind} with probability {float(row[k]):.0%}"
        return action


def _draw(row: "object", u: float) -> int:
    """The action drawn for a uniform ``u`` in [0, 1) with the row's probabilities.

    >>> _draw([0.25, 0.5, 0.25], 0.3), _draw([0.25, 0.5, 0.25], 0.9)
    (1, 2)
    """
    values = [float(p) for p in row]  # type: ignore[attr-defined]
    pick = u * sum(values)
    for k, p in enumerate(values):
        pick -= p
        if pick < 0:
            return k
    return max(k for k, p in enumerate(values) if p > 0) if any(p > 0 for p in values) else 0


def _nearest(actions: List[Action], real: Action) -> Optional[Action]:
    """The tree's action nearest a real one: the same kind, the nearest amount (bets)."""
    same = [a for a in actions if a.kind == real.kind and a.target == real.target]
    if not same:
        return None
    if real.amount is None:
        return same[0]
    amount = real.amount
    return min(same, key=lambda a: abs((a.amount or Fraction(0)) - amount))


def _legal(options: List[LegalAction], chosen: Action) -> Optional[Action]:
    """The legal action nearest the tree's: the same kind, a bet's amount kept within the real bounds."""
    for option in options:
        if option.kind != chosen.kind:
            continue
        if option.kind == "bet" and chosen.amount is not None and option.amount is not None:
            amount = max(chosen.amount, option.amount)
            if option.max_amount is not None:
                amount = min(amount, option.max_amount)
            if option.step is not None and option.step > 0:
                steps = (amount - option.amount) // option.step
                amount = option.amount + steps * option.step
            return option.action(amount)
        return option.action()
    return None
