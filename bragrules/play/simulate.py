"""Bots play many deals under a profile, and the house reads what its rules do.

:func:`simulate` seats bots of the chosen styles (cycling through the list),
plays sessions one after another (a new one whenever one ends by the
profile's own end rule) until the number of deals asked for is played, and
reports how often pots are seen, folded out or carried, the pots, the win
rate and net of each style, the hands shown at showdowns, how blind play
fares, and that money was conserved exactly, session by session.

The work is cut into fixed blocks of :data:`BLOCK_DEALS` deals. Each block
plays its own sessions, from seeds derived from the simulation's seed and
the block's number alone (a session still going when its block is full is
cut there, with what is left on the table counted). So the blocks can be
played in any order and by any number of processes, and merged in order
they give the same report: ``workers=2`` reports exactly what ``workers=1``
does.

>>> report = simulate("traditional", players=4, hands=60, seed=1)
>>> report.deals, report.money_conserved
(60, True)
>>> report.outcomes["showdown"] + report.outcomes["folded_out"] + report.outcomes["carried"] == 60
True
>>> simulate("traditional", players=4, hands=60, seed=1) == report
True
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.i18n import tr
from bragrules.core.money import ZERO, money_json
from bragrules.core.text import brief
from bragrules.play.blocks import (
    SeatTally,
    SimulationError,
    Tally,
    play_block,
    seat_names,
)
from bragrules.play.bots import ALL_STYLES
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules
from bragrules.rules.ranking import CATEGORIES
from bragrules.workers import StopFlag, start_worker

__all__ = [
    "BLOCK_DEALS",
    "DEFAULT_STYLES",
    "SimulationError",
    "SimulationReport",
    "simulate",
]

BLOCK_DEALS = 250
"""Deals per block: the unit of work and of seeding (never depends on the number of workers)."""

MAX_HANDS = 10_000_000
"""Most deals one run simulates: about an hour for one worker here, and a
number whose figures have long stopped moving. A bigger number is refused
at once, with this limit, instead of running for ever."""

MAX_CLUSTER_HANDS = 1_000_000_000
"""Most deals one run simulates on a cluster (``runner``): 10^9, hours on a few dozen workers."""

MAX_WORKERS = 64
"""Most worker processes one run starts."""

DEFAULT_STYLES: Tuple[str, ...] = ("cautious", "loose", "blind_bluffer", "see_happy")
"""The mix seated when no styles are given."""



ProfileLike = Union[str, Path, Profile, Rules]
Progress = Callable[[int, int], None]


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------


def _rate(count: int, total: int) -> float:
    """A percentage for people (rounded); the counts beside it are exact."""
    return round(100 * count / total, 2) if total else 0.0


def _exact(value: Fraction) -> Union[int, str]:
    return money_json(value)


@dataclass(frozen=True)
class StyleResult:
    """How one style fared over all the seats it held."""

    style: str
    seats: Tuple[str, ...]
    deals: int
    won: int
    net: Fraction
    sessions_won: int
    lives_lost: int
    points: int = 0  # session.points: the points scored

    @property
    def points_per_deal(self) -> float:
        """session.points: points scored a deal (0 when no points are kept)."""
        return round(self.points / self.deals, 3) if self.deals else 0.0

    @property
    def win_rate(self) -> float:
        return _rate(self.won, self.deals)

    @property
    def net_per_deal(self) -> Fraction:
        return self.net / self.deals if self.deals else ZERO


@dataclass(frozen=True)
class SimulationReport:
    """What a house wants to know about its rules, from bots playing them. Money is exact."""

    profile: str
    players: int
    deals: int
    seed: int
    seat_styles: Dict[str, str]
    tally: Tally = field(repr=False)
    block_rows: Sequence[float] = field(default=(), repr=False)
    """:data:`BLOCK_COLUMNS` then each seat's :data:`SEAT_COLUMNS`, block after block, flattened."""
    house_takes: bool = False
    """Whether the profile's house takes anything (a rake, a table fee): then its take is reported."""

    # -- derived -----------------------------------------------------------

    @property
    def money_conserved(self) -> bool:
        return self.tally.conservation_failures == 0

    @property
    def outcomes(self) -> Dict[str, int]:
        t = self.tally
        return {"showdown": t.showdowns, "folded_out": t.folded_out, "carried": t.carried, "split": t.split}

    @property
    def house_per_deal(self) -> Fraction:
        """What the house took a deal, on average (its rakes and table fees)."""
        return self.tally.house / self.tally.deals if self.tally.deals else ZERO

    @property
    def average_pot(self) -> Fraction:
        return self.tally.pot_total / self.tally.deals if self.tally.deals else ZERO

    @property
    def largest_pot(self) -> Fraction:
        return self.tally.pot_max

    def styles(self) -> List[StyleResult]:
        """Each style seated, in the order first seated."""
        out: List[StyleResult] = []
        for style in dict.fromkeys(self.seat_styles.values()):
            seats = tuple(s for s, st in self.seat_styles.items() if st == style)
            parts = [self.tally.seats[s] for s in seats]
            out.append(
                StyleResult(
                    style=style,
                    seats=seats,
                    deals=sum(p.deals for p in parts),
                    won=sum(p.won for p in parts),
                    net=sum((p.net for p in parts), ZERO),
                    sessions_won=sum(p.sessions_won for p in parts),
                    lives_lost=sum(p.lives_lost for p in parts),
                    points=sum(p.points for p in parts),
                )
            )
        return out

    def categories(self) -> List[Tuple[str, int, int]]:
        """(category, hands shown at showdowns, of them held by a winner), in ranking order.

        Categories never shown are left out. In formats of several hands
        each hand of an arrangement counts, and "held by a winner" means the
        player holding it took the pot.
        """
        t = self.tally
        order = [c for c in CATEGORIES if c in t.shown] + sorted(c for c in t.shown if c not in CATEGORIES)
        return [(c, t.shown[c], t.winning.get(c, 0)) for c in order]

    def to_json(self) -> Dict[str, object]:
        """The report as JSON data: counts as integers, money exact (integers or ``"a/b"`` strings)."""
        t = self.tally
        n = t.deals
        return {
            "profile": self.profile,
            "players": self.players,
            "deals": n,
            "seed": self.seed,
            "seats": dict(self.seat_styles),
            "outcomes": {
                **self.outcomes,
                "carried_by": {
                    "blind_survivor": t.carried_blind,
                    "tied_hands": t.carried_tied,
                    "nobody_bet": t.carried_unbet,
                },
                "percent": {
                    "showdown": _rate(t.showdowns, n),
                    "folded_out": _rate(t.folded_out, n),
                    "carried": _rate(t.carried, n),
                },
            },
            "pots": {
                "total": _exact(t.pot_total),
                "average": _exact(self.average_pot),
                "largest": _exact(t.pot_max),
            },
            "actions_per_deal": round(t.actions / n, 2) if n else 0.0,
            "styles": {
                r.style: {
                    "seats": list(r.seats),
                    "deals": r.deals,
                    "won": r.won,
                    "win_percent": r.win_rate,
                    "net": _exact(r.net),
                    "net_per_deal": _exact(r.net_per_deal),
                    "sessions_won": r.sessions_won,
                    **({"lives_lost": r.lives_lost} if r.lives_lost else {}),
                    **({"points": r.points, "points_per_deal": r.points_per_deal} if r.points else {}),
                }
                for r in self.styles()
            },
            "seat_results": {
                seat: {"style": self.seat_styles[seat], "deals": s.deals, "won": s.won, "net": _exact(s.net)}
                for seat, s in t.seats.items()
            },
            "showdown_hands": {
                cat: {"shown": shown, "won": won} for cat, shown, won in self.categories()
            },
            "blind": {
                "stayed_blind": t.blind_to_end,
                "won": t.blind_won,
                "net": _exact(t.blind_net),
                "at_showdown": t.blind_showdowns,
                "won_at_showdown": t.blind_showdown_wins,
                "survivor_collected": t.blind_survivor_collected,
                "survivor_carried": t.blind_survivor_carried,
                "hands_retained": t.retained,
            },
            "sessions": {
                "played": t.sessions,
                "completed": t.sessions_completed,
                "deals_in_completed": t.completed_deals,
                "cut_at_block_end": t.sessions - t.sessions_completed,
            },
            "money": {
                "conserved": self.money_conserved,
                "sessions_checked": t.sessions,
                "failures": t.conservation_failures,
                "left_on_table": _exact(t.left_on_table),
                "net_of_all_seats": _exact(sum((s.net for s in t.seats.values()), ZERO)),
                **({"house": _exact(t.house)} if self.house_takes else {}),
            },
            **({"house": {"total": _exact(t.house), "per_deal": _exact(self.house_per_deal)}}
               if self.house_takes else {}),
        }


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


def _as_rules(profile_or_rules: ProfileLike) -> Rules:
    if isinstance(profile_or_rules, Rules):
        return profile_or_rules
    if isinstance(profile_or_rules, Profile):
        return compile_rules(profile_or_rules)
    from bragrules.profile import load_profile

    return compile_rules(load_profile(profile_or_rules))


def seat_styles(players: int, styles: Optional[Sequence[str]] = None) -> Dict[str, str]:
    """Seat names and their styles, cycling through ``styles`` (default :data:`DEFAULT_STYLES`).

    >>> seat_styles(3, ["cautious", "loose"])
    {'P1': 'cautious', 'P2': 'loose', 'P3': 'cautious'}
    """
    chosen = list(styles) if styles else list(DEFAULT_STYLES)
    for style in chosen:
        if style not in ALL_STYLES:
            raise SimulationError(tr("unknown bot style {name} (choose from {styles})", name=repr(style),
                                     styles=", ".join(ALL_STYLES)))
    return {seat: chosen[i % len(chosen)] for i, seat in enumerate(seat_names(players))}


BLOCK_COLUMNS: Tuple[str, ...] = (
    "deals", "showdown", "folded_out", "carried", "split", "pot_total", "actions",
    "blind_to_end", "blind_won", "blind_net", "first_dealt", "first_pair", "house",
)
"""The figures kept for every block, in this order, then each seat's deals,
won and net: what :mod:`bragrules.analysis.measures` draws intervals from
(blocks are independent, the deals inside one are not)."""

SEAT_COLUMNS: Tuple[str, ...] = ("deals", "won", "net")

BlockDone = Callable[[int, Tally], None]
BlockRunner = Callable[[str, List[str], int, List[Tuple[int, int]], BlockDone], None]
"""Something that plays blocks elsewhere (a cluster): given the profile as
JSON, the seat styles, the seed, the (block, deals) pairs and a callback,
it calls ``done(block, tally)`` once for every block, in any order, each
tally being :func:`play_block`'s for those arguments."""


def _statistic(amount: Fraction) -> float:
    """An amount as a float for statistics: past a float's range, an infinity (then no interval)."""
    try:
        return float(amount)
    except OverflowError:
        return float("inf") if amount > 0 else float("-inf")


def _block_row(tally: Tally, seats: Sequence[str]) -> List[float]:
    row = [
        float(tally.deals), float(tally.showdowns), float(tally.folded_out), float(tally.carried),
        float(tally.split), _statistic(tally.pot_total), float(tally.actions), float(tally.blind_to_end),
        float(tally.blind_won), _statistic(tally.blind_net), float(sum(tally.first_dealt.values())),
        float(tally.first_dealt.get("pair", 0)), _statistic(tally.house),
    ]
    for seat in seats:
        s = tally.seats.get(seat) or SeatTally()
        row.extend((float(s.deals), float(s.won), _statistic(s.net)))
    return row


class _Collector:
    """Folds finished blocks into one tally in block order, whatever order they finish in."""

    def __init__(self, seats: Sequence[str], first: int, hands: int, done_before: int,
                 progress: Optional[Progress], total: Tally, rows: "array[float]") -> None:
        self.seats = list(seats)
        self.next = first
        self.pending: Dict[int, Tally] = {}
        self.total = total
        self.rows = rows
        self.done = done_before
        self.hands = hands
        self.progress = progress

    def __call__(self, block: int, tally: Tally) -> None:
        self.pending[block] = tally
        self.done += tally.deals
        while self.next in self.pending:
            ready = self.pending.pop(self.next)
            self.total.add(ready)
            self.rows.extend(_block_row(ready, self.seats))
            self.next += 1
        if self.progress is not None:
            self.progress(self.done, self.hands)


def _play_blocks(
    rules: Rules, profile_json: str, style_list: List[str], seed: int, blocks: List[Tuple[int, int]],
    workers: int, log_dir: Optional[str], runner: Optional[BlockRunner], done: BlockDone,
) -> None:
    if runner is not None:
        runner(profile_json, style_list, seed, blocks, done)
    elif workers == 1 or len(blocks) == 1:
        for block, size in blocks:
            done(block, play_block(profile_json, style_list, seed, block, size, rules=rules, log_dir=log_dir))
    else:
        import os
        from concurrent.futures import ProcessPoolExecutor, as_completed

        stop = StopFlag()
        pool = ProcessPoolExecutor(
            max_workers=min(workers, len(blocks)), initializer=start_worker, initargs=(os.getpid(), stop)
        )
        try:
            futures = {
                pool.submit(play_block, profile_json, style_list, seed, block, size, None, log_dir): block
                for block, size in blocks
            }
            for future in as_completed(futures):
                done(futures[future], future.result())
        except BaseException:
            # Ctrl-C or an error: the blocks not yet started are dropped; those being played stop after
            # the deal in hand (its log lines written whole), and the workers are waited for.
            stop.raise_()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown()


def _blocks(first: int, hands: int) -> List[Tuple[int, int]]:
    """(block, deals) for ``hands`` deals starting at block ``first``: full blocks, the last maybe short."""
    count = (hands + BLOCK_DEALS - 1) // BLOCK_DEALS
    return [(first + i, min(BLOCK_DEALS, hands - i * BLOCK_DEALS)) for i in range(count)]


def simulate(
    profile_or_rules: ProfileLike,
    players: int,
    hands: int,
    seed: int = 0,
    styles: Optional[Sequence[str]] = None,
    workers: int = 1,
    progress: Optional[Progress] = None,
    log_dir: Optional[str] = None,
    runner: Optional[BlockRunner] = None,
    until: Optional[Callable[["SimulationReport"], int]] = None,
    max_hands: int = 0,
) -> SimulationReport:
    """Bots play ``hands`` deals under a profile (a name, a path, a Profile or Rules).

    ``players`` seats are named P1, P2... and given the ``styles`` in turn.
    ``workers`` processes share the blocks; the report does not depend on
    how many. ``runner`` plays the blocks instead (a cluster, see
    :mod:`bragrules.analysis.cluster`), again with the same report.
    ``progress(done, total)`` is called as blocks finish. With ``log_dir``
    (an existing folder) every session's log is written there.

    With ``until``, ``hands`` is only the first round (made whole blocks):
    after each round ``until(report)`` says how many deals in all it wants,
    and more whole blocks are played until it asks for no more than have
    been played, or ``max_hands`` is reached. As blocks are seeded by their
    number, the result is the report of one run of that many deals.
    """
    rules = _as_rules(profile_or_rules)
    table = rules.profile.table
    low, high = max(2, table.min_players), table.max_players
    limit = MAX_CLUSTER_HANDS if runner is not None else MAX_HANDS
    if not low <= players <= high:
        raise SimulationError(tr("{profile} seats {low} to {high} players, not {players}", profile=rules.profile.name,
                                 low=low, high=high, players=players))
    if hands < 1:
        raise SimulationError(tr("the number of deals must be at least 1, not {given}", given=brief(hands)))
    if hands > limit or max_hands > limit:
        raise SimulationError(tr("at most {most} deals in one run, not {given}", most=f"{limit:,}",
                                 given=brief(hands if hands > limit else max_hands)))
    if workers < 1:
        raise SimulationError(tr("the number of workers must be at least 1, not {given}", given=brief(workers)))
    if workers > MAX_WORKERS:
        raise SimulationError(tr("at most {most} workers, not {given}", most=MAX_WORKERS, given=brief(workers)))
    seats = seat_styles(players, styles)
    style_list = list(seats.values())
    profile_json = rules.profile.model_dump_json()
    cap = max(max_hands or limit, hands)
    if until is not None:
        hands = min(cap, -(-hands // BLOCK_DEALS) * BLOCK_DEALS)
    total = Tally()
    rows: "array[float]" = array("d")
    played = 0
    target = hands
    while True:
        collect = _Collector(list(seats), played // BLOCK_DEALS, target, played, progress, total, rows)
        _play_blocks(rules, profile_json, style_list, seed, _blocks(played // BLOCK_DEALS, target - played),
                     workers, log_dir, runner, collect)
        played = target
        report = SimulationReport(
            profile=rules.profile.name, players=players, deals=played, seed=seed, seat_styles=seats,
            tally=total, block_rows=array("d", rows), house_takes=rules.house.in_play,
        )
        if until is None or played >= cap:
            return report
        wanted = min(cap, -(-until(report) // BLOCK_DEALS) * BLOCK_DEALS)
        if wanted <= played:
            return report
        target = wanted
