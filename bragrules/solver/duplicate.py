"""Duplicate matches at a table of two to four: the solved bot against a style, on the same cards.

Each deal's hands are drawn once; the deal is then played once for every seat, the solved
bot sitting there and the style in every other seat, the same hands in the same seats.
The bot's net, averaged over its seats, is one sample: the luck of the cards cancels,
what is left is how the bot plays against the style. The result is the mean per deal with
a 95% interval over the deals (normal approximation).

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.solver.mccfr import solve_multiway
>>> short = Profile(pack={"stripped_ranks": list("23456789")}, table={"min_players": 2, "max_players": 6},
...                 stakes={"opening_max": 1})
>>> solved = solve_multiway(short, seats=3, iterations=300, max_raises=1, levels=1, max_bets=2, seed=1)
>>> match = duplicate(compile_rules(short), solved.strategy, "loose", seats=3, deals=20, seed=3)
>>> match.deals, match.low <= match.mean <= match.high
(20, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List

from bragrules.core.cards import CARDS
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.view import PlayerView
from bragrules.play.bots import Bot, make_bot
from bragrules.solver.bot import SolvedBot
from bragrules.solver.mccfr import SeatValue
from bragrules.solver.strategy import Strategy
from bragrules.solver.tree import seat_names

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["Match", "duplicate", "play_out"]


@dataclass(frozen=True)
class Match:
    """The solved bot's net per deal against ``style`` at ``seats``, with its 95% interval, and the share of
    its decisions the strategy made (the rest: the stand-in, where the deal left the tree)."""

    style: str
    seats: int
    deals: int
    mean: float
    low: float
    high: float
    on_strategy: float


class _Counted:
    """The solved bot, its decisions counted: all of them, and those its strategy made."""

    style = "solved"

    def __init__(self, inner: SolvedBot) -> None:
        self.inner, self.name = inner, inner.name
        self.decisions = self.on_strategy = 0

    def choose(self, view: PlayerView) -> Action:
        action = self.inner.choose(view)
        self.decisions += 1
        self.on_strategy += self.inner.on_strategy
        return action

    def explain(self) -> str:
        return self.inner.explain()


def play_out(rules: "Rules", bots: Dict[str, Bot], hands: Dict[str, tuple]) -> Deal:  # type: ignore[type-arg]
    """One deal with these hands, each seat's bot choosing in turn (seats in the order of ``bots``, first to
    act first); what the deal waits for from no one in particular (a show) is its default."""
    deal = Deal(rules, list(bots), hands)
    while not deal.is_over:
        player = deal.to_act
        if player is None:
            default = deal.default_action()
            assert default is not None
            deal.apply(default)
            continue
        deal.apply(bots[player].choose(deal.view(player)))
    return deal


def duplicate(rules: "Rules", strategy: Strategy, style: str, seats: int, deals: int, seed: int) -> Match:
    """The solved bot playing ``strategy`` against ``style`` in every other seat, ``deals`` deals each
    played once per seat on the same hands (:mod:`bragrules.solver.duplicate`); deterministic for ``seed``."""
    rng = random.Random(seed)
    names = seat_names(seats)
    pack = sorted(rules.ranking.ranker.cards)
    samples: List[float] = []
    decided = chosen = 0
    for number in range(deals):
        cards = rng.sample(pack, 3 * seats)
        hands = {name: tuple(CARDS[c] for c in cards[3 * i:3 * i + 3]) for i, name in enumerate(names)}
        net = 0.0
        for mine in names:
            draws = random.Random(seed * 1_000_003 + number)
            solved = _Counted(SolvedBot(random.Random(draws.random()), mine, strategy))
            bots: Dict[str, Bot] = {name: solved if name == mine else make_bot(style, draws, name)
                                    for name in names}
            deal = play_out(rules, bots, hands)
            assert deal.result is not None
            net += float(deal.result.net[mine])
            decided += solved.decisions
            chosen += solved.on_strategy
        samples.append(net / seats)
    value = SeatValue.of(0, samples)
    return Match(style, seats, deals, value.value, value.low, value.high, chosen / decided if decided else 0.0)
