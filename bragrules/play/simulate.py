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

import hashlib
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.errors import BragError
from bragrules.core.money import ZERO, ExactSum, money_json
from bragrules.core.text import brief
from bragrules.engine.session import Session
from bragrules.play.bots import ALL_STYLES, make_bot
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules
from bragrules.rules.ranking import CATEGORIES, triple_index
from bragrules.workers import StopFlag, start_worker, stop_requested

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

MAX_ACTIONS_PER_DEAL = 10_000
"""A deal that takes more actions than this is a bug in a bot: the simulation stops and says so."""


ProfileLike = Union[str, Path, Profile, Rules]
Progress = Callable[[int, int], None]


class SimulationError(BragError, ValueError):
    """A simulation that cannot be run as asked (players outside the profile's range, an unknown style...)."""


# ---------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------


@dataclass
class _SeatTally:
    deals: int = 0
    won: int = 0
    net: Fraction = ZERO
    sessions_won: int = 0
    lives_lost: int = 0

    def add(self, other: "_SeatTally") -> None:
        self.deals += other.deals
        self.won += other.won
        self.net += other.net
        self.sessions_won += other.sessions_won
        self.lives_lost += other.lives_lost


@dataclass
class _Tally:
    """Everything counted over some deals; tallies of consecutive blocks add up."""

    deals: int = 0
    actions: int = 0
    showdowns: int = 0
    folded_out: int = 0
    carried: int = 0
    split: int = 0
    carried_blind: int = 0
    carried_tied: int = 0
    carried_unbet: int = 0
    pot_total: Fraction = ZERO
    pot_max: Fraction = ZERO
    seats: Dict[str, _SeatTally] = field(default_factory=dict)
    shown: Dict[str, int] = field(default_factory=dict)
    winning: Dict[str, int] = field(default_factory=dict)
    blind_to_end: int = 0
    blind_won: int = 0
    blind_net: Fraction = ZERO
    blind_showdowns: int = 0
    blind_showdown_wins: int = 0
    blind_survivor_collected: int = 0
    blind_survivor_carried: int = 0
    retained: int = 0
    sessions: int = 0
    sessions_completed: int = 0
    completed_deals: int = 0
    conservation_failures: int = 0
    left_on_table: Fraction = ZERO
    first_dealt: Dict[str, int] = field(default_factory=dict)
    pot_sizes: Dict[Union[int, Fraction], int] = field(default_factory=dict)  # whole pots keyed as int: cheap to hash

    def add(self, other: "_Tally") -> None:
        for name in (
            "deals", "actions", "showdowns", "folded_out", "carried", "split", "carried_blind", "carried_tied",
            "carried_unbet", "pot_total", "blind_to_end", "blind_won", "blind_net", "blind_showdowns",
            "blind_showdown_wins", "blind_survivor_collected", "blind_survivor_carried", "retained", "sessions",
            "sessions_completed", "completed_deals", "conservation_failures", "left_on_table",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.pot_max > self.pot_max:
            self.pot_max = other.pot_max
        for seat, tally in other.seats.items():
            self.seats.setdefault(seat, _SeatTally()).add(tally)
        for mine, theirs in ((self.shown, other.shown), (self.winning, other.winning),
                             (self.first_dealt, other.first_dealt)):
            for cat, count in theirs.items():
                mine[cat] = mine.get(cat, 0) + count
        for pot, count in other.pot_sizes.items():
            self.pot_sizes[pot] = self.pot_sizes.get(pot, 0) + count


# ---------------------------------------------------------------------------
# Playing a block
# ---------------------------------------------------------------------------


def _derive(*parts: object) -> int:
    """A 64-bit seed from the parts, the same in every process and on every machine."""
    text = "bragrules simulate " + " ".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


_RULES: Dict[str, Rules] = {}


def _rules_from_json(profile_json: str) -> Rules:
    rules = _RULES.get(profile_json)
    if rules is None:
        rules = _RULES[profile_json] = compile_rules(Profile.model_validate_json(profile_json))
    return rules


def _seat_names(players: int) -> List[str]:
    return [f"P{i + 1}" for i in range(players)]


def _unwritable(name: str, exc: OSError) -> SimulationError:
    """A session log that cannot be written (a full disk, a device error): one line naming it."""
    return SimulationError(f"{name}: cannot write the session log ({exc.strerror or exc})")


class _GuardedLog:
    """A session's listener writing its log, whose write errors are one :class:`SimulationError` naming the file."""

    def __init__(self, log: Any, name: str) -> None:
        self.log = log
        self.name = name

    def __call__(self, event: Dict[str, Any]) -> None:
        try:
            self.log(event)
        except OSError as exc:
            try:
                self.log.close()  # what it holds cannot be written either; its descriptor is let go
            except OSError:
                pass
            raise _unwritable(self.name, exc) from None


def _play_block(
    profile_json: str, seat_styles: Sequence[str], seed: int, block: int, deals: int,
    rules: Optional[Rules] = None, log_dir: Optional[str] = None,
) -> _Tally:
    """Play ``deals`` deals of block ``block``: sessions one after another, seeded from (seed, block, k).

    With ``log_dir``, each session writes its JSON Lines log there
    (``block00000-session000.jsonl``), as ``bragrules play`` does.
    """
    import os
    import random

    rules = rules or _rules_from_json(profile_json)
    seats = _seat_names(len(seat_styles))
    tally = _Tally()
    tally.seats = {seat: _SeatTally() for seat in seats}
    ranker = rules.ranking.ranker
    table = ranker.table
    category_of = ranker.category
    several = rules.format.hands > 1
    lives = rules.format.lives is not None
    first_dealt, pot_sizes = tally.first_dealt, tally.pot_sizes
    seat_nets = {seat: ExactSum() for seat in seats}  # the block's money sums, exact and cheap
    blind_net, pot_total = ExactSum(), ExactSum()
    played = 0
    session_number = 0
    while played < deals:
        session = Session(rules, seats, seed=_derive(seed, block, session_number), keep_records=False)
        log = None
        if log_dir is not None:
            from bragrules.history import LogWriter

            name = os.path.join(log_dir, f"block{block:05d}-session{session_number:03d}.jsonl")
            try:
                log = LogWriter.for_session(name, session, profile_name=rules.profile.name)
            except OSError as exc:
                raise _unwritable(name, exc) from None
            session.listener = _GuardedLog(log, name)
        bots = {
            seat: make_bot(style, random.Random(_derive(seed, block, session_number, seat)), name=seat)
            for seat, style in zip(seats, seat_styles)
        }
        session_number += 1
        in_session = 0
        act = session.act
        abandons = rules.session.end.abandons
        while played < deals and not session.is_over:
            if stop_requested():  # the run is ending (Ctrl-C): the deal played is the last, its log whole
                if log is not None:
                    log.close()
                return tally
            deal = session.start_deal()
            if not several:  # the hand dealt to the first player: one hand a deal, for exact rates
                dealt = deal.players[deal.order[0]].hands.get("new")
                if dealt is not None and len(dealt) == 3:
                    a, b, c = dealt
                    cat = category_of(table[triple_index(a, b, c)])
                    first_dealt[cat] = first_dealt.get(cat, 0) + 1
            steps = 0
            while deal.result is None:
                if abandons and session.time_up():  # session.end.at_limit: abandon: play stops at the limit
                    session.abandon_deal()
                    break
                player: str = deal.to_act  # type: ignore[assignment]
                act(bots[player].choose(deal.view(player)))
                steps += 1
                if steps > MAX_ACTIONS_PER_DEAL:
                    raise RuntimeError(f"a deal under {rules.profile.name} did not end after {steps} actions")
            result = session.finish_deal()
            played += 1
            in_session += 1
            # -- what happened ------------------------------------------
            tally.deals += 1
            tally.actions += steps
            outcome = result.outcome
            pot = result.pot
            pot_total.add(pot)
            size: Union[int, Fraction] = pot.numerator if pot.denominator == 1 else pot
            pot_sizes[size] = pot_sizes.get(size, 0) + 1
            if pot > tally.pot_max:
                tally.pot_max = pot
            winners = result.winners
            players = deal.players
            if outcome == "carried":
                tally.carried += 1
                if result.showdown:
                    tally.carried_tied += 1
                elif len(deal.in_play) == 1 and players[deal.in_play[0]].blind:
                    tally.carried_blind += 1
                    tally.blind_survivor_carried += 1
                else:
                    tally.carried_unbet += 1
            elif result.showdown:
                tally.showdowns += 1
            elif winners:  # (an abandoned hand has none)
                tally.folded_out += 1
                if players[winners[0]].blind:
                    tally.blind_survivor_collected += 1
            if outcome == "split":
                tally.split += 1
            if result.retained:
                tally.retained += 1
            net = result.net
            for name in deal.order:
                seat = tally.seats[name]
                seat.deals += 1
                seat_nets[name].add(net[name])
                state = players[name]
                won = name in winners
                if won:
                    seat.won += 1
                if state.seen or state.folded:
                    continue
                tally.blind_to_end += 1
                blind_net.add(net[name])
                if won:
                    tally.blind_won += 1
                if result.showdown:
                    tally.blind_showdowns += 1
                    if won:
                        tally.blind_showdown_wins += 1
            if lives:
                for name in result.lives_lost:
                    tally.seats[name].lives_lost += 1
            if result.showdown:
                shown, winning = tally.shown, tally.winning
                for name in deal.in_play:
                    state = players[name]
                    if several:
                        hands = state.arrangement or ()
                        cats = [category_of(table[triple_index(a, b, c)]) for a, b, c in hands]
                    else:
                        cards = state.hand
                        if cards is None:
                            continue
                        if len(cards) == 3:
                            a, b, c = cards
                            cats = [category_of(table[triple_index(a, b, c)])]
                        else:
                            cats = [category_of(ranker.best_strength(cards))]
                    won = name in winners
                    for cat in cats:
                        shown[cat] = shown.get(cat, 0) + 1
                        if won:
                            winning[cat] = winning.get(cat, 0) + 1
        # -- the session, as it ended or was cut -----------------------------
        if log is not None:
            try:
                log.close()
            except OSError as exc:
                raise _unwritable(log.name, exc) from None
        if in_session == 0:
            raise SimulationError(f"a session under {rules.profile.name} ended before its first deal")
        tally.sessions += 1
        on_table = session.state.carried
        if sum(session.net().values(), ZERO) + on_table != 0:
            tally.conservation_failures += 1
        tally.left_on_table += on_table
        if session.is_over:
            tally.sessions_completed += 1
            tally.completed_deals += in_session
            for name in session.winners():
                tally.seats[name].sessions_won += 1
    for seat_name, total in seat_nets.items():
        tally.seats[seat_name].net = total.value
    tally.blind_net, tally.pot_total = blind_net.value, pot_total.value
    return tally


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
    tally: _Tally = field(repr=False)
    block_rows: Sequence[float] = field(default=(), repr=False)
    """:data:`BLOCK_COLUMNS` then each seat's :data:`SEAT_COLUMNS`, block after block, flattened."""

    # -- derived -----------------------------------------------------------

    @property
    def money_conserved(self) -> bool:
        return self.tally.conservation_failures == 0

    @property
    def outcomes(self) -> Dict[str, int]:
        t = self.tally
        return {"showdown": t.showdowns, "folded_out": t.folded_out, "carried": t.carried, "split": t.split}

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
            },
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
            raise SimulationError(f"unknown bot style {style!r} (choose from {', '.join(ALL_STYLES)})")
    return {seat: chosen[i % len(chosen)] for i, seat in enumerate(_seat_names(players))}


BLOCK_COLUMNS: Tuple[str, ...] = (
    "deals", "showdown", "folded_out", "carried", "split", "pot_total", "actions",
    "blind_to_end", "blind_won", "blind_net", "first_dealt", "first_pair",
)
"""The figures kept for every block, in this order, then each seat's deals,
won and net: what :mod:`bragrules.analysis.measures` draws intervals from
(blocks are independent, the deals inside one are not)."""

SEAT_COLUMNS: Tuple[str, ...] = ("deals", "won", "net")

BlockDone = Callable[[int, _Tally], None]
BlockRunner = Callable[[str, List[str], int, List[Tuple[int, int]], BlockDone], None]
"""Something that plays blocks elsewhere (a cluster): given the profile as
JSON, the seat styles, the seed, the (block, deals) pairs and a callback,
it calls ``done(block, tally)`` once for every block, in any order, each
tally being :func:`_play_block`'s for those arguments."""


def _statistic(amount: Fraction) -> float:
    """An amount as a float for statistics: past a float's range, an infinity (then no interval)."""
    try:
        return float(amount)
    except OverflowError:
        return float("inf") if amount > 0 else float("-inf")


def _block_row(tally: _Tally, seats: Sequence[str]) -> List[float]:
    row = [
        float(tally.deals), float(tally.showdowns), float(tally.folded_out), float(tally.carried),
        float(tally.split), _statistic(tally.pot_total), float(tally.actions), float(tally.blind_to_end),
        float(tally.blind_won), _statistic(tally.blind_net), float(sum(tally.first_dealt.values())),
        float(tally.first_dealt.get("pair", 0)),
    ]
    for seat in seats:
        s = tally.seats.get(seat) or _SeatTally()
        row.extend((float(s.deals), float(s.won), _statistic(s.net)))
    return row


class _Collector:
    """Folds finished blocks into one tally in block order, whatever order they finish in."""

    def __init__(self, seats: Sequence[str], first: int, hands: int, done_before: int,
                 progress: Optional[Progress], total: _Tally, rows: "array[float]") -> None:
        self.seats = list(seats)
        self.next = first
        self.pending: Dict[int, _Tally] = {}
        self.total = total
        self.rows = rows
        self.done = done_before
        self.hands = hands
        self.progress = progress

    def __call__(self, block: int, tally: _Tally) -> None:
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
            done(block, _play_block(profile_json, style_list, seed, block, size, rules=rules, log_dir=log_dir))
    else:
        import os
        from concurrent.futures import ProcessPoolExecutor, as_completed

        stop = StopFlag()
        pool = ProcessPoolExecutor(
            max_workers=min(workers, len(blocks)), initializer=start_worker, initargs=(os.getpid(), stop)
        )
        try:
            futures = {
                pool.submit(_play_block, profile_json, style_list, seed, block, size, None, log_dir): block
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
        raise SimulationError(f"{rules.profile.name} seats {low} to {high} players, not {players}")
    if hands < 1:
        raise SimulationError(f"the number of deals must be at least 1, not {brief(hands)}")
    if hands > limit:
        raise SimulationError(f"at most {limit:,} deals in one run, not {brief(hands)}")
    if max_hands > limit:
        raise SimulationError(f"at most {limit:,} deals in one run, not {brief(max_hands)}")
    if workers < 1:
        raise SimulationError(f"the number of workers must be at least 1, not {brief(workers)}")
    if workers > MAX_WORKERS:
        raise SimulationError(f"at most {MAX_WORKERS} workers, not {brief(workers)}")
    seats = seat_styles(players, styles)
    style_list = list(seats.values())
    profile_json = rules.profile.model_dump_json()
    cap = max(max_hands or limit, hands)
    if until is not None:
        hands = min(cap, -(-hands // BLOCK_DEALS) * BLOCK_DEALS)
    total = _Tally()
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
            tally=total, block_rows=array("d", rows),
        )
        if until is None or played >= cap:
            return report
        wanted = min(cap, -(-until(report) // BLOCK_DEALS) * BLOCK_DEALS)
        if wanted <= played:
            return report
        target = wanted
