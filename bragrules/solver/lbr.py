"""A local best response (LBR) to the solved bot: how much a player who reads its strategy can take from it.

Lisý and Bowling ("Equilibrium Approximation Quality of Current No-Limit Poker Bots", AAAI workshops 2017)
measure a poker bot by playing against it a best response that looks one step ahead: at each of its
decisions it works out the bot's range (the hands the bot holds, weighted by the probability its strategy
gives each of them for the actions so far), and picks, among fold, call and each bet size, the action of
best value, assuming after a bet that the bot either folds as its strategy says or calls and the hands are
shown. Its win rate against the bot is a lower bound on what the bot can be made to lose; a bot whose LBR
does not win is hard to exploit by any simple plan.

Here, heads-up under any profile the solver models:

* the range starts as every hand disjoint from LBR's own cards, equally likely, and each action of the
  bot multiplies each hand by the probability the bot's strategy gave that action at the decision the
  deal was read as (:meth:`~bragrules.solver.bot.SolvedBot.read`, the bot's way of reading, bets the tree
  lacks translated by the same mapping, with draws of its own); a blind bot's actions say nothing of its hand;
* LBR looks at its cards at once; then it weighs fold (0), a see (its equity in the pot after paying,
  less what it pays; a tie counts half), a check (as a see that costs nothing), and a bet of each amount
  of a grid of real amounts, the least and about half the pot to twice it (:data:`POT_MULTIPLES`,
  within what the profile allows), not the tree's: the bot folds with the probability its strategy gives at the decision the bet is read as, and
  otherwise matches the bet and the hands are shown;
* it bets at most :data:`MAX_OWN_BETS` times a deal, then sees or folds, so that every deal ends.

Decisions the tree settles by itself (show or concede at a see, retaining a blind hand) and tables it
cannot read (no strategy, more than two players, a deal the bot's reading loses) are played by the
``cautious`` style, and said so.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, List, Optional, Tuple

from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.view import PlayerView
from bragrules.play.bots import STYLES, StyleBot
from bragrules.solver.bot import SolvedBot, load_for
from bragrules.solver.hands import HandSpace
from bragrules.solver.numeric import Array, np
from bragrules.solver.strategy import Strategy, game_hash

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver.strategy import Entry

__all__ = ["POT_MULTIPLES", "grid", "LocalBestResponse", "MAX_OWN_BETS"]

POT_MULTIPLES = (Fraction(1, 2), Fraction(1), Fraction(2))
"""The sizes LBR weighs besides the least bet, in units of the pot: half the pot to twice it."""

MAX_OWN_BETS = 4
"""LBR's own bets in a deal, at most: then it sees or folds."""


def grid(option: LegalAction, pot: Fraction) -> List[Fraction]:
    """The bet amounts LBR weighs: the least, and the allowed amounts nearest each of :data:`POT_MULTIPLES`
    times the pot (capped by the most allowed), each once.

    >>> bet = LegalAction("A", "bet", Fraction(1), None, Fraction(1))
    >>> [str(a) for a in grid(bet, Fraction(4))]
    ['1', '2', '4', '8']
    >>> [str(a) for a in grid(LegalAction("A", "bet", Fraction(1), Fraction(5), Fraction(1)), Fraction(4))]
    ['1', '2', '4', '5']
    """
    least, step, most = option.amount, option.step, option.max_amount
    assert least is not None
    out = [least]
    for multiple in POT_MULTIPLES:
        target = pot * multiple
        if step is None or step <= 0 or target <= least:
            continue
        amount = least + round((target - least) / step) * step
        if most is not None:
            amount = min(amount, most)
        if amount not in out:
            out.append(amount)
    return out


class LocalBestResponse:
    """A bot that best-responds, one step ahead, to the solved strategy (the module's docstring)."""

    style = "lbr"

    def __init__(self, rng: random.Random, name: Optional[str] = None, strategy: Optional[Strategy] = None) -> None:
        self.name = name or "lbr"
        self.rng = rng
        self.strategy = strategy
        self.model = SolvedBot(random.Random(rng.random()), "model", strategy)  # reads the deal as the bot does
        self.fallback = StyleBot(STYLES["cautious"], rng, name)
        self._why = "no choice made yet"
        self._bets: Tuple[int, int] = (-1, 0)  # (deal, own bets in it)
        self._space: Optional[Tuple[object, HandSpace]] = None

    def explain(self) -> str:
        return self._why

    def _strategy_for(self, view: PlayerView) -> Optional[Strategy]:
        if self.strategy is None:
            self.strategy = load_for(game_hash(view.rules.profile), view.rules)
            self.model.strategy = self.strategy
        return self.strategy

    def _hands(self, view: PlayerView) -> HandSpace:
        if self._space is None or self._space[0] is not view.rules:
            self._space = (view.rules, HandSpace.for_rules(view.rules))
        return self._space[1]

    def _stand_in(self, view: PlayerView, why: str) -> Action:
        action = self.fallback.choose(view)
        self._why = f"cautious, standing in for lbr ({why}): {self.fallback.explain()}"
        return action

    def choose(self, view: PlayerView) -> Action:
        options = view.legal_actions()
        strategy = self._strategy_for(view)
        if len(view.order) != 2 or strategy is None:
            return self._stand_in(view, "no strategy to read" if strategy is None else "more than two players")
        if options[0].kind not in ("look", "bet", "see", "fold", "check"):
            return self._stand_in(view, "a decision the tree settles by itself")
        look = next((o for o in options if o.kind == "look"), None)
        if look is not None and not view.seen:
            self._why = "looks at its cards (a best response plays seen)"
            return look.action()
        reading = self.model.read(strategy, view)
        if reading is None or view.hand is None:
            return self._stand_in(view, "the deal left the solved tree")
        space = self._hands(view)
        me = space.index.get(tuple(sorted(int(c) for c in view.hand)))  # type: ignore[arg-type]
        if me is None:
            return self._stand_in(view, "a hand the strategy does not know")
        bot_seat = 1 - view.order.index(view.to_act or self.name)
        weights = self._range(space, me, reading.steps, bot_seat)
        if weights.sum() <= 0:
            return self._stand_in(view, "no hand of the bot's range is left")
        return self._best(view, options, space, me, weights, strategy)

    def _range(self, space: HandSpace, me: int, steps: List[Tuple["Entry", str]], bot_seat: int) -> Array:
        """The bot's range: each hand disjoint from ours, times the strategy's probability of each of its actions."""
        mine = set(space.hands[me])
        weights = np.array([0.0 if mine & set(h) else 1.0 for h in space.hands])
        for entry, text in steps:
            if entry.player != bot_seat or entry.blind:
                continue
            weights = weights * entry.probabilities[entry.actions.index(text)].astype(float)
        return weights

    def _equity(self, space: HandSpace, me: int, weights: Array) -> float:
        """Our share of a pot shown down against the range ``weights`` (a tie half)."""
        total = float(weights.sum())
        if total <= 0:
            return 1.0
        mine = space.strength[me]
        won = float(weights[space.strength < mine].sum()) + float(weights[space.strength == mine].sum()) / 2
        return won / total

    def _folds(self, view: PlayerView, bet: Action, strategy: Strategy, weights: Array) -> Array:
        """Each hand's probability that the bot folds to ``bet`` (its strategy at the decision the bet is read as)."""
        reading = self.model.read(strategy, view, extra=bet)
        entry = reading.entry if reading is not None else None
        k = next((i for i, a in enumerate(self.model.parsed(entry)) if a.kind == "fold"), None) if entry else None
        if entry is None or k is None:
            return np.zeros_like(weights)
        row = entry.probabilities[k].astype(float)
        return np.full_like(weights, float(row[0])) if entry.blind else row

    def _best(self, view: PlayerView, options: List[LegalAction], space: HandSpace, me: int, weights: Array,
              strategy: Strategy) -> Action:
        pot = float(view.pot)
        equity = self._equity(space, me, weights)
        choices: List[Tuple[float, Action, str]] = []
        deal_bets = self._bets[1] if self._bets[0] == view.key else 0
        for option in options:
            if option.kind == "fold":
                choices.append((0.0, option.action(), "folds"))
            elif option.kind in ("see", "check"):
                cost = float(option.amount or 0)
                choices.append((equity * (pot + cost) - cost, option.action(), f"{option.kind}s"))
            elif option.kind == "bet" and deal_bets < MAX_OWN_BETS:
                for amount in grid(option, view.pot):
                    bet = option.action(amount)
                    folds = self._folds(view, bet, strategy, weights)
                    fold_share = float((weights * folds).sum() / weights.sum())
                    called = self._equity(space, me, weights * (1 - folds))
                    x = float(amount)
                    value = fold_share * pot + (1 - fold_share) * (called * (pot + 2 * x) - x)
                    choices.append((value, bet, f"bets {amount}"))
        if not choices:
            return self._stand_in(view, "nothing to weigh")
        value, action, verb = max(choices, key=lambda c: c[0])
        if action.kind == "bet":
            self._bets = (view.key, deal_bets + 1)
        self._why = f"{verb}: worth {value:+.3f} against the bot's range (equity {equity:.0%})"
        return action
