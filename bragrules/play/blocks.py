"""One block of a simulation: ``deals`` deals played by bots, sessions one after another, counted.

A block's sessions are seeded from the simulation's seed, the block's number
and the session's alone (:func:`derive_seed`), so blocks can be played in any
order, by any number of processes or a cluster's workers, and their
:class:`Tally` objects merged in order (:meth:`Tally.add`) give the same
report (:mod:`bragrules.play.simulate`).

>>> from bragrules.profile import load_profile
>>> tally = play_block(load_profile("traditional").model_dump_json(), ["cautious", "loose", "random"], 1, 0, 20)
>>> tally.deals
20
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Union

from bragrules.core.errors import BragError
from bragrules.core.money import ZERO, ExactSum
from bragrules.engine.session import Session
from bragrules.play.bots import make_bot
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules
from bragrules.rules.ranking import triple_index
from bragrules.workers import stop_requested

MAX_ACTIONS_PER_DEAL = 10_000
"""A deal that takes more actions than this is a bug in a bot: the simulation stops and says so."""


class SimulationError(BragError, ValueError):
    """A simulation that cannot be run as asked (players outside the profile's range, an unknown style...)."""


# ---------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------


@dataclass
class SeatTally:
    deals: int = 0
    won: int = 0
    net: Fraction = ZERO
    sessions_won: int = 0
    lives_lost: int = 0
    points: int = 0  # session.points: the points scored

    def add(self, other: "SeatTally") -> None:
        self.deals += other.deals
        self.won += other.won
        self.net += other.net
        self.sessions_won += other.sessions_won
        self.lives_lost += other.lives_lost
        self.points += other.points


@dataclass
class Tally:
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
    seats: Dict[str, SeatTally] = field(default_factory=dict)
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
    house: Fraction = ZERO  # what the house took (house: rakes and table fees)
    first_dealt: Dict[str, int] = field(default_factory=dict)
    pot_sizes: Dict[Union[int, Fraction], int] = field(default_factory=dict)  # whole pots keyed as int: cheap to hash

    def add(self, other: "Tally") -> None:
        for name in (
            "deals", "actions", "showdowns", "folded_out", "carried", "split", "carried_blind", "carried_tied",
            "carried_unbet", "pot_total", "blind_to_end", "blind_won", "blind_net", "blind_showdowns",
            "blind_showdown_wins", "blind_survivor_collected", "blind_survivor_carried", "retained", "sessions",
            "sessions_completed", "completed_deals", "conservation_failures", "left_on_table", "house",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.pot_max > self.pot_max:
            self.pot_max = other.pot_max
        for seat, tally in other.seats.items():
            self.seats.setdefault(seat, SeatTally()).add(tally)
        for mine, theirs in ((self.shown, other.shown), (self.winning, other.winning),
                             (self.first_dealt, other.first_dealt)):
            for cat, count in theirs.items():
                mine[cat] = mine.get(cat, 0) + count
        for pot, count in other.pot_sizes.items():
            self.pot_sizes[pot] = self.pot_sizes.get(pot, 0) + count


# ---------------------------------------------------------------------------
# Playing a block
# ---------------------------------------------------------------------------


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from the parts, the same in every process and on every machine."""
    text = "bragrules simulate " + " ".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


_RULES: Dict[str, Rules] = {}


def rules_from_json(profile_json: str) -> Rules:
    rules = _RULES.get(profile_json)
    if rules is None:
        rules = _RULES[profile_json] = compile_rules(Profile.model_validate_json(profile_json))
    return rules


def seat_names(players: int) -> List[str]:
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


def play_block(
    profile_json: str, seat_styles: Sequence[str], seed: int, block: int, deals: int,
    rules: Optional[Rules] = None, log_dir: Optional[str] = None,
) -> Tally:
    """Play ``deals`` deals of block ``block``: sessions one after another, seeded from (seed, block, k).

    With ``log_dir``, each session writes its JSON Lines log there
    (``block00000-session000.jsonl``), as ``bragrules play`` does.
    """
    import random

    rules = rules or rules_from_json(profile_json)
    seats = seat_names(len(seat_styles))
    tally = Tally()
    tally.seats = {seat: SeatTally() for seat in seats}
    counter = _DealCounter(rules, tally)
    played = 0
    session_number = 0
    while played < deals:
        session = Session(rules, seats, seed=derive_seed(seed, block, session_number), keep_records=False)
        log = _session_log(session, rules, log_dir, block, session_number)
        bots = {
            seat: make_bot(style, random.Random(derive_seed(seed, block, session_number, seat)), name=seat)
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
            counter.dealt(deal)
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
            counter.finished(deal, result, steps)
        _session_ended(tally, session, rules, log, in_session)
    counter.close()
    return tally


def _session_log(session: Session, rules: Rules, log_dir: Optional[str], block: int, number: int) -> Any:
    """The session's log writer, listening to it (None without ``log_dir``)."""
    if log_dir is None:
        return None
    import os

    from bragrules.history import LogWriter

    name = os.path.join(log_dir, f"block{block:05d}-session{number:03d}.jsonl")
    try:
        log = LogWriter.for_session(name, session, profile_name=rules.profile.name)
    except OSError as exc:
        raise _unwritable(name, exc) from None
    session.listener = _GuardedLog(log, name)
    return log


def _session_ended(tally: Tally, session: Session, rules: Rules, log: Any, in_session: int) -> None:
    """A session, as it ended or was cut: its log closed, its money checked, its winners counted."""
    if log is not None:
        try:
            log.close()
        except OSError as exc:
            raise _unwritable(log.name, exc) from None
    if in_session == 0:
        raise SimulationError(f"a session under {rules.profile.name} ended before its first deal")
    tally.sessions += 1
    on_table = session.state.carried
    house = session.house  # the house's account: money is conserved with it counted
    if sum(session.net().values(), ZERO) + on_table + house != 0:
        tally.conservation_failures += 1
    tally.left_on_table += on_table
    if house:
        tally.house += house
    if session.is_over:
        tally.sessions_completed += 1
        tally.completed_deals += in_session
        for name in session.winners():
            tally.seats[name].sessions_won += 1


class _DealCounter:
    """What each deal of a block adds to its :class:`Tally` (the money in exact sums, cheap to add)."""

    def __init__(self, rules: Rules, tally: Tally) -> None:
        ranker = rules.ranking.ranker
        self.tally = tally
        self.ranker = ranker
        self.table = ranker.table
        self.category_of = ranker.category
        self.several = rules.format.hands > 1
        self.wild_deal = rules.ranking.wild_deal is not None  # wild cards chosen at the table: the deal's comparer
        self.lives = rules.format.lives is not None
        self.points = rules.session.points is not None  # session.points: each deal's points counted per seat
        self.seat_nets = {seat: ExactSum() for seat in tally.seats}  # the block's money sums, exact and cheap
        self.blind_net, self.pot_total = ExactSum(), ExactSum()

    def dealt(self, deal: Any) -> None:
        """The hand dealt to the first player: one hand a deal, for exact rates."""
        if self.several:
            return
        dealt = deal.players[deal.order[0]].hands.get("new")
        if dealt is not None and len(dealt) == 3:
            a, b, c = dealt
            cat = self.category_of(self.table[triple_index(a, b, c)])
            first_dealt = self.tally.first_dealt
            first_dealt[cat] = first_dealt.get(cat, 0) + 1

    def finished(self, deal: Any, result: Any, steps: int) -> None:
        """A deal played to its end: how it ended, the pot, each seat's share, the hands shown."""
        tally = self.tally
        tally.deals += 1
        tally.actions += steps
        pot = result.pot
        self.pot_total.add(pot)
        size: Union[int, Fraction] = pot.numerator if pot.denominator == 1 else pot
        tally.pot_sizes[size] = tally.pot_sizes.get(size, 0) + 1
        if pot > tally.pot_max:
            tally.pot_max = pot
        self._ending(deal, result)
        self._seats(deal, result)
        if self.lives:
            for name in result.lives_lost:
                tally.seats[name].lives_lost += 1
        if self.points and result.points:
            for name, scored in result.points.items():
                tally.seats[name].points += scored
        if result.showdown:
            self._shown(deal, result)

    def _ending(self, deal: Any, result: Any) -> None:
        tally, players, winners, outcome = self.tally, deal.players, result.winners, result.outcome
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

    def _seats(self, deal: Any, result: Any) -> None:
        tally, players, winners, net = self.tally, deal.players, result.winners, result.net
        for name in deal.order:
            seat = tally.seats[name]
            seat.deals += 1
            self.seat_nets[name].add(net[name])
            state = players[name]
            won = name in winners
            if won:
                seat.won += 1
            if state.seen or state.folded:
                continue
            tally.blind_to_end += 1
            self.blind_net.add(net[name])
            if won:
                tally.blind_won += 1
            if result.showdown:
                tally.blind_showdowns += 1
                if won:
                    tally.blind_showdown_wins += 1

    def _shown(self, deal: Any, result: Any) -> None:
        tally, players, winners = self.tally, deal.players, result.winners
        table, category_of = self.table, self.category_of
        shown, winning = tally.shown, tally.winning
        for name in deal.in_play:
            state = players[name]
            if self.several:
                hands = state.arrangement or ()
                cats = [category_of(table[triple_index(h[0], h[1], h[2])]) for h in hands]  # a four: its prial
            else:
                cards = state.hand
                if cards is None:
                    continue
                if self.wild_deal:
                    cats = [deal.comparer.category(cards)]
                elif len(cards) == 3:
                    a, b, c = cards
                    cats = [category_of(table[triple_index(a, b, c)])]
                else:
                    cats = [category_of(self.ranker.best_strength(cards))]
            won = name in winners
            for cat in cats:
                shown[cat] = shown.get(cat, 0) + 1
                if won:
                    winning[cat] = winning.get(cat, 0) + 1

    def close(self) -> None:
        """The block's sums written into its tally."""
        for seat_name, total in self.seat_nets.items():
            self.tally.seats[seat_name].net = total.value
        self.tally.blind_net, self.tally.pot_total = self.blind_net.value, self.pot_total.value

__all__ = ["MAX_ACTIONS_PER_DEAL", "SeatTally", "SimulationError", "Tally", "derive_seed", "play_block", "rules_from_json",
           "seat_names"]
