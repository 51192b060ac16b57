"""The auditor's state and its records: what every part of the replay reads and writes.

The audit is replayed in layers, each a class adding one concern to the one
below it: this state and its records (:class:`AuditorBase`), the cards
dealt, followed from the pack or the seed (:mod:`bragrules.audit.cards`),
one deal at a time (:mod:`bragrules.audit.one_deal`) and the session around
the deals (:mod:`bragrules.audit.auditor`).

>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> keeper = seat_keeper(compile_rules(load_profile("traditional")), ["A", "B"], "A")
>>> keeper.dealer, keeper.dealt_in()
('A', ['B', 'A'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.cards import Card
from bragrules.core.i18n import Message
from bragrules.engine.deal import Hand
from bragrules.engine.session import Session
from bragrules.history import DealEntry, History, format_time
from bragrules.history.packorder import PackTracker
from bragrules.history.seeded import SeededPack
from bragrules.rules.compile import Rules, with_seats
from bragrules.rules.points import TARGET_RULE
from bragrules.rules.session import END_RULE

from .report import AuditReport, DealSummary, Note, Violation


def cards_text(hand: Optional[Sequence[Card]]) -> str:
    """A hand as a report writes it (``"?? ?? ??"`` when nobody recorded it)."""
    return " ".join(str(c) for c in hand) if hand is not None else "?? ?? ??"


def seat_keeper(rules: Rules, players: Sequence[str], dealer: str) -> Session:
    """A :class:`Session` kept for its own rules of seating, ending and scoring; it never deals.

    A table size the profile does not allow is reported as a violation; the
    keeper is then built with the limits widened, so the deals can still be replayed.
    """
    count = len(players)
    if count < max(2, rules.table.min_players) or count > rules.table.max_players:
        rules = with_seats(rules, 2, max(count, rules.table.max_players))
    return Session(rules, players, dealer=dealer)


class AuditorBase:
    """What the auditor knows as it goes: the history, the rules, the report, the seats kept,
    the hands retained, the pack and the seed followed, the times seen."""

    def __init__(self, history: History, rules: Rules, report: AuditReport, keep_deals: bool,
                 on_deal: Optional[Callable[[DealSummary], None]]):
        self.history = history
        self.rules = rules
        self.report = report
        self.keep_deals = keep_deals
        self.on_deal = on_deal
        self.players = list(history.players)
        self._table: Optional[Session] = None
        self.retained: Dict[str, Hand] = {}  # kept here: a hand nobody recorded is retained as None
        self.flagged_end = False
        self.open_deal = False
        self.untimed: List[int] = []  # under a time limit: the first deals settled with no finishing time
        self.untimed_count = 0
        # an unshuffled pack is followed between deals (002: "Put folded and completed hands under the pack
        # without shuffling"); a pack shuffled before every deal has nothing to follow
        self.pack: Optional[PackTracker] = None if rules.pack.shuffle.kind == "every_deal" else PackTracker(rules.pack.jokers, rules.pack.stripped)
        self.last_timed: Optional[Tuple[int, int]] = None  # (deal, finishing time in ms) of the last timed deal
        self.first_timed: Optional[Tuple[int, int]] = None  # the first timed deal (a block's, in a parallel audit)
        self.abandons = rules.session.end.abandons  # session.end.at_limit: abandon: no deal is played past the limit
        # a seeded log: the pack its session dealt from, followed from the first deal (set up by start())
        self.seeded: Optional[SeededPack] = None
        self.seeded_other: Optional[SeededPack] = None  # the other way the first dealer may have come
        self.seed_draws_dealer: Optional[bool] = None  # the way followed (what a resume deals by)
        self.seed_confirmed = False  # some deal's cards were found to be the seed's

    @property
    def table(self) -> Session:
        assert self._table is not None, "start() first"
        return self._table

    def seat_at(self, dealer: str) -> None:
        """Seat the players with ``dealer`` to deal next (a block of a parallel audit starts so)."""
        self._table = seat_keeper(self.rules, self.players, dealer)

    # -- recording --------------------------------------------------------------

    def violation(self, deal: Optional[int], action: Optional[int], line: Optional[int], rule: str,
                  message: Union[str, Message], said: Optional[Message] = None) -> None:
        """Record a violation: ``message`` in English, or a message (kept to be read in the reader's language)."""
        if isinstance(message, Message):
            said, message = message, message.english()
        self.report.violations.append(Violation(deal, action, line, rule, message, said))

    def note(self, deal: Optional[int], line: Optional[int], message: Union[str, Message], level: str = "note") -> None:
        """Record a note: ``message`` in English, or a message (kept to be read in the reader's language)."""
        said = message if isinstance(message, Message) else None
        self.report.notes.append(Note(deal, line, message.english() if isinstance(message, Message) else message, level, said))

    def summary(self, entry: DealEntry, dealer: str, order: Sequence[str], retained: Dict[str, Hand],
                 pot: Fraction, outcome: str, winners: List[str], net: Dict[str, Fraction],
                 carried_out: Fraction, from_claim: bool) -> None:
        if not self.keep_deals and self.on_deal is None:
            return
        summary = DealSummary(
            deal=entry.number,
            dealer=dealer,
            order=list(order),
            pot=pot,
            outcome=outcome,
            winners=list(winners),
            net=dict(net),
            carried_out=carried_out,
            retained_in={p: cards_text(h) for p, h in retained.items()},
            line=entry.line,
            from_claim=from_claim,
        )
        self.add_summary(summary)

    def add_summary(self, summary: DealSummary) -> None:
        """One deal's row, kept or handed on as the audit was asked."""
        if self.keep_deals:
            self.report.deals.append(summary)
        if self.on_deal is not None:
            self.on_deal(summary)

    def end_rule_id(self) -> str:
        """The rule a deal after the end, or an end too soon, breaks: the points' target where points are kept."""
        return TARGET_RULE if self.rules.session.points is not None else END_RULE

    def end_rule(self) -> str:
        """The session's end rule in words, with how far the session has come."""
        end, state = self.rules.session.end, self.table.state
        points = self.rules.session.points
        if points is not None:  # session.points: the target ends it
            most = max(self.table.scores.values()) if self.table.scores else 0
            level = " and one player alone has the most" if points.sudden_death else ""
            return f"it ends once a player has {points.target} points{level}; the most so far is {most}"
        if end.kind == "resolved_pots":
            return f"it ends after {end.count} resolved pots; {state.resolved} so far"
        if end.kind == "hands":
            return f"it ends after {end.count} hands with no pot carried; {state.deals} so far"
        if end.kind == "rounds":
            return (f"it ends after {end.count} rounds (every player dealing once) with no pot carried; "
                    f"{state.rounds} so far")
        if end.kind == "one_player_left":
            return "it ends when one player is left"
        if end.kind == "time" and end.abandons:
            text = (f"it ends at {end.minutes} minutes, the hand then in progress abandoned (one playing for a "
                    "carried pot is played out)")
            if self.last_timed is not None:
                text += f"; deal {self.last_timed[0]} finished at {format_time(self.last_timed[1])}"
            return text
        if end.kind == "time":
            text = f"it ends with the first deal finishing once {end.minutes} minutes have passed, no pot carried"
            if self.last_timed is not None:
                text += f"; deal {self.last_timed[0]} finished at {format_time(self.last_timed[1])}"
            return text
        return "it has no fixed end"


__all__ = ["AuditorBase", "cards_text", "seat_keeper"]
