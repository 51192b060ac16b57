"""Duplicate matches: two bots play the same cards twice, seats swapped, and the luck of the deal cancels.

A pair of deals is dealt from one seed: in the first deal bot X holds seat ``P1`` and bot Y seat ``P2``;
in the second the same cards fall to the same seats (the same seed), with Y in ``P1`` and X in ``P2``.
Each seat's bot draws its chances from a generator seeded by the pair and the seat, not by the bot, so
two bots of one style play the second deal exactly as the first: X's net over the pair is then exactly
zero in a zero-sum game. Whatever X nets over a pair is what its play, not its cards, won.

Money is exact: each pair's net is a Fraction, summed exactly. A pot carried out of a deal (a tie the
profile carries) is shared evenly between the two seats, as the solver values it
(:mod:`bragrules.solver.tree`), so that a deal's two nets add to zero. The 95% interval of X's net per
deal is Student's t over the per-pair nets (each pair is independent of the others), halved per deal.

Besides the styles of :func:`~bragrules.play.bots.make_bot`, ``lbr`` seats a local best response to the
solved strategy (:mod:`bragrules.solver.lbr`): it reads the ``solved`` bot's range from its strategy.

>>> report = duel("heads-up", "cautious", "cautious", pairs=20, seed=3)
>>> report.net, report.interval.low == report.interval.high == 0.0   # the same bot: every pair nets 0
(Fraction(0, 1), True)
>>> report = duel("heads-up", "loose", "random", pairs=40, seed=1)
>>> report.deals, report.interval.low <= report.net_per_deal <= report.interval.high
(80, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Dict, List, Optional, Union

from bragrules.analysis.stats import Interval, t95
from bragrules.core.i18n import tr
from bragrules.core.money import ZERO, money_json
from bragrules.engine.session import Session
from bragrules.play.blocks import derive_seed, seat_names
from bragrules.play.bots import ALL_STYLES, Bot, make_bot
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules

__all__ = ["DUEL_STYLES", "DuelReport", "MAX_PAIRS", "duel"]

DUEL_STYLES = ALL_STYLES + ("lbr",)
"""What may sit at a duel: the bot styles, and ``lbr``, the local best response to the solved strategy."""

MAX_PAIRS = 1_000_000
"""Most pairs of deals one duel plays (two million deals: hours; the interval has long stopped moving)."""

MAX_ACTIONS = 10_000
"""Most actions one deal of a duel may take before it is called broken (no bot bets for ever)."""

SEATS = tuple(seat_names(2))


@dataclass
class DuelReport:
    """What bot ``first`` netted against bot ``second`` over ``pairs`` pairs of deals (seats swapped)."""

    profile: str
    first: str
    second: str
    pairs: int
    seed: int
    net: Fraction
    """``first``'s net over every deal, exact (``second``'s is minus it in a zero-sum game)."""
    per_pair: List[Fraction] = field(default_factory=list, repr=False)

    @property
    def deals(self) -> int:
        return 2 * self.pairs

    @property
    def net_per_deal(self) -> Fraction:
        return self.net / self.deals if self.pairs else ZERO

    @property
    def interval(self) -> Interval:
        """``first``'s net per deal with its 95% interval: Student's t over the pairs' nets, halved."""
        n = self.pairs
        mean = float(self.net_per_deal)
        if n < 2:
            return Interval(mean, -math.inf, math.inf, "needs two pairs")
        pair_mean = self.net / n
        variance = float(sum(((x - pair_mean) ** 2 for x in self.per_pair), ZERO)) / (n - 1)
        half = t95(n - 1) * math.sqrt(variance / n) / 2
        return Interval(mean, mean - half, mean + half, f"Student's t over {n} pairs of deals, seats swapped")

    def to_json(self) -> Dict[str, object]:
        interval = self.interval
        return {"profile": self.profile, "first": self.first, "second": self.second, "pairs": self.pairs,
                "deals": self.deals, "seed": self.seed, "net": money_json(self.net),
                "net_per_deal": interval.to_json(), "method": interval.method}

    def lines(self) -> List[str]:
        """The report in words."""
        i = self.interval
        if i.low > 0:
            verdict = tr("{bot} wins", bot=self.first)
        elif i.high < 0:
            verdict = tr("{bot} loses", bot=self.first)
        else:
            verdict = tr("{bot} is not told apart from even", bot=self.first)
        method = (tr("Student's t over {n} pairs of deals, seats swapped", n=self.pairs) if self.pairs >= 2
                  else tr("needs two pairs"))
        return [tr("{first} against {second} under {profile}: {pairs} pairs of deals ({deals} deals), the same cards "
                   "twice with the seats swapped, seed {seed}", first=self.first, second=self.second,
                   profile=self.profile, pairs=f"{self.pairs:,}", deals=f"{self.deals:,}", seed=self.seed),
                tr("{bot}'s net: {net} in all, {estimate} per deal, 95% interval {low} to {high}: {verdict}",
                   bot=self.first, net=f"{float(self.net):+.4f}", estimate=f"{i.estimate:+.4f}", low=f"{i.low:+.4f}",
                   high=f"{i.high:+.4f}", verdict=verdict),
                tr("({method}; a carried pot is shared evenly between the seats)", method=method)]


BotMaker = Callable[[str, random.Random, str], Bot]


def _make(style: str, rng: random.Random, name: str) -> Bot:
    if style == "lbr":
        from bragrules.solver.lbr import LocalBestResponse

        bot: Bot = LocalBestResponse(rng, name)
        return bot
    return make_bot(style, rng, name)


def _play_deal(rules: Rules, seed: int, bots: Dict[str, Bot]) -> Dict[str, Fraction]:
    """One deal from ``seed``, seat ``P1`` first as the session deals it; each seat's net, a carried pot shared."""
    session = Session(rules, list(SEATS), seed=seed, keep_records=False)
    deal = session.start_deal()
    steps = 0
    while deal.result is None:
        player = deal.to_act
        assert player is not None
        session.act(bots[player].choose(deal.view(player)))
        steps += 1
        if steps > MAX_ACTIONS:
            raise RuntimeError(f"a deal under {rules.profile.name} did not end after {steps} actions")
    result = session.finish_deal()
    share = result.carried_out / len(SEATS)
    return {seat: result.net.get(seat, ZERO) + share for seat in SEATS}


def duel(profile: Union[str, Profile, Rules], first: str, second: str, pairs: int = 1000, seed: int = 0,
         make: Optional[BotMaker] = None, progress: Optional[Callable[[int], None]] = None) -> DuelReport:
    """Play ``pairs`` pairs of deals of ``first`` against ``second`` heads-up, seats swapped (the module's
    docstring); ``make`` builds a bot from a style, a generator and a seat (the styles' own by default)."""
    if isinstance(profile, Rules):
        rules = profile
    else:
        from bragrules.profile import load_profile

        rules = compile_rules(load_profile(profile) if isinstance(profile, str) else profile)
    for style in (first, second):
        if make is None and style not in DUEL_STYLES:
            raise ValueError(f"unknown bot style {style!r} (choose from {', '.join(DUEL_STYLES)})")
    if not 1 <= pairs <= MAX_PAIRS:
        raise ValueError(f"pairs must be from 1 to {MAX_PAIRS:,}, not {pairs:,}")
    build = make or _make
    net = ZERO
    per_pair: List[Fraction] = []
    for i in range(pairs):
        deal_seed = derive_seed(seed, "duel", i)
        total = ZERO
        for k, order in enumerate(((first, second), (second, first))):  # ``first`` holds seat k
            bots = {seat: build(style, random.Random(derive_seed(seed, "duel", i, seat)), seat)
                    for seat, style in zip(SEATS, order)}
            total += _play_deal(rules, deal_seed, bots)[SEATS[k]]
        per_pair.append(total)
        net += total
        if progress is not None:
            progress(i + 1)
    return DuelReport(rules.profile.name, first, second, pairs, seed, net, per_pair)
