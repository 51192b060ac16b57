"""The audit: replay a hand history under a profile and check it.

Every deal is replayed as a :class:`~bragrules.engine.session.Session` would
play it: seats from the dealer's left, the deal passing as the profile says,
antes, the pot carried from the deal before, hands retained from it. Every
action is checked (turn, legality, the exact amount due); an illegal one is
recorded as a :class:`Violation` naming the rule it breaks and skipped, and
the audit goes on. Every result the history claims is compared with the
replayed one (rule ``history.result``). Money is exact throughout.

The worked pot of 002 section 06:

>>> from bragrules.history import parse_sheet
>>> sheet = parse_sheet('''
... profile: traditional
... players: [A, B, C, D]
... dealer: D
... deals:
...   - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
...     actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4]
...     result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}
... ''')
>>> report = audit(sheet)
>>> report.ok, {p: int(v) for p, v in report.net.items()}
(True, {'A': -7, 'B': 9, 'C': -1, 'D': -1})

A wrong see is reported and skipped, and the audit goes on:

>>> sheet = parse_sheet('''
... profile: traditional
... players: [A, B, C, D]
... dealer: D
... deals:
...   - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
...     actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 3, A see 4]
... ''')
>>> for violation in audit(sheet).violations:
...     print(violation)
deal 1, action 6 (line 7): seeing.cost_multiple: a seen player's see costs exactly 4 here, not 3
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from pydantic import ValidationError

from bragrules.core.cards import Card
from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.core.money import ZERO, money_json, pretty_money, same_money
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal, DealResult, Hand, returned_stakes
from bragrules.engine.session import Session
from bragrules.history import DealEntry, History, ResultClaim, format_time, read_history, read_log
from bragrules.history.packorder import PackTracker, deal_sequence
from bragrules.history.seeded import SeededPack, differs
from bragrules.profile import ProfileError, load_profile, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules, with_seats

RULE_RESULT = "history.result"
RULE_DEAL = "history.deal"
RULE_END = "history.end"
RULE_CARDS = "history.cards"
RULE_HASH = "history.profile_hash"
RULE_UNFINISHED = "history.unfinished"
RULE_SESSION_END = "session.end"
RULE_OVER = "deal_over"
RULE_TIME = "history.time"
RULE_AT_LIMIT = "session.end.at_limit"
RULE_SEED = "history.seed"

ProfileChoice = Union[Rules, Profile, str, "os.PathLike[str]", None]


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """Something the history did that the rules do not allow, or a claim that is wrong.

    ``deal`` is 1-based, ``action`` the 0-based index of the action within
    the deal's actions (None when the violation is not one action's).
    """

    deal: Optional[int]
    action: Optional[int]
    line: Optional[int]
    rule: str
    message: str

    @property
    def where(self) -> str:
        parts = []
        if self.deal is not None:
            parts.append(f"deal {self.deal}")
        if self.action is not None:
            parts.append(f"action {self.action}")
        text = ", ".join(parts) or "session"
        if self.line is not None:
            text += f" (line {self.line})"
        return text

    def __str__(self) -> str:
        return f"{self.where}: {self.rule}: {self.message}"

    def to_json(self) -> Dict[str, Any]:
        return {"deal": self.deal, "action": self.action, "line": self.line, "rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class Note:
    """Something worth knowing that breaks no rule (``level`` "note" or "warning")."""

    deal: Optional[int]
    line: Optional[int]
    message: str
    level: str = "note"

    def __str__(self) -> str:
        where = f"deal {self.deal}" if self.deal is not None else "session"
        if self.line is not None:
            where += f" (line {self.line})"
        return f"{where}: {self.message}"

    def to_json(self) -> Dict[str, Any]:
        return {"deal": self.deal, "line": self.line, "level": self.level, "message": self.message}


@dataclass
class DealSummary:
    """One replayed deal.

    ``outcome`` is ``won``, ``split`` or ``carried``; ``unfinished`` when its
    actions ran out first; ``void`` when it could not be replayed at all.
    ``from_claim`` is true when hands were not recorded and the winner was
    taken from the history's claim. ``pot`` is the pot as the deal ended,
    before it was settled (paid out, carried, or returned: :attr:`returned`).
    """

    deal: int
    dealer: str
    order: List[str]
    pot: Fraction
    outcome: str
    winners: List[str]
    net: Dict[str, Fraction]
    carried_out: Fraction = ZERO
    retained_in: Dict[str, str] = field(default_factory=dict)
    line: Optional[int] = None
    from_claim: bool = False

    @property
    def returned(self) -> Fraction:
        """The stakes handed back to the players: a redeal's pot less what stays carried; else 0."""
        return self.pot - self.carried_out if self.outcome == "redeal" else ZERO

    def to_json(self) -> Dict[str, Any]:
        return {
            "deal": self.deal,
            "line": self.line,
            "dealer": self.dealer,
            "order": list(self.order),
            "pot": money_json(self.pot),
            "outcome": self.outcome,
            "winners": list(self.winners),
            "net": {p: money_json(v) for p, v in self.net.items()},
            "carried_out": money_json(self.carried_out),
            "returned": money_json(self.returned),
            "retained_in": dict(self.retained_in),
            "from_claim": self.from_claim,
        }


@dataclass
class AuditReport:
    """What an audit found: the deals, the session's totals, violations and notes.

    ``ok`` is true when every action was legal, every claim matched and the
    whole history could be read. ``error`` is a problem that stopped the
    reading part-way (a log cut short): what came before it was audited.
    """

    file: str
    kind: str
    profile: str
    profile_hash: str
    players: List[str]
    deals: List[DealSummary] = field(default_factory=list)
    deal_count: int = 0
    resolved: int = 0
    net: Dict[str, Fraction] = field(default_factory=dict)
    carried: Fraction = ZERO
    ended: bool = False
    winners: List[str] = field(default_factory=list)
    lives: Optional[Dict[str, int]] = None
    violations: List[Violation] = field(default_factory=list)
    notes: List[Note] = field(default_factory=list)
    error: Optional[HistoryError] = None
    profile_name: str = ""  # the profile's own name, for people (``profile`` is as the history names it: a path)

    @property
    def ok(self) -> bool:
        return not self.violations and self.error is None

    def to_json(self) -> Dict[str, Any]:
        """The report as JSON-ready data; amounts are integers when whole, else strings like ``"5/2"``."""
        return {
            "ok": self.ok,
            "file": self.file,
            "format": self.kind,
            "profile": self.profile,
            "profile_hash": self.profile_hash,
            "players": list(self.players),
            "deals": [d.to_json() for d in self.deals],
            "deal_count": self.deal_count,
            "resolved": self.resolved,
            "net": {p: money_json(v) for p, v in self.net.items()},
            "carried": money_json(self.carried),
            "ended": self.ended,
            "winners": list(self.winners),
            "lives": None if self.lives is None else dict(self.lives),
            "violations": [v.to_json() for v in self.violations],
            "notes": [n.to_json() for n in self.notes],
            "error": None
            if self.error is None
            else {"file": self.error.file, "line": self.error.line, "message": self.error.message},
        }


# ---------------------------------------------------------------------------
# Choosing the profile
# ---------------------------------------------------------------------------


def _looks_like_path(text: str) -> bool:
    return text.lower().endswith((".yaml", ".yml")) or "/" in text or "\\" in text or text.startswith(".")


def _history_profile(history: History) -> Tuple[Profile, str]:
    """The profile a history names (or carries, for a log)."""
    header_line = history.line_of("profile")
    if history.profile_data is not None:
        try:
            profile = Profile.model_validate(history.profile_data)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise HistoryError(
                f"header: profile_data is not a valid profile ({where}: {first.get('msg')})",
                history.file,
                header_line,
            ) from None
        return profile, history.profile or profile.name
    name = history.profile
    if not name:
        raise HistoryError(
            "no profile: name one in the history (profile: traditional) or audit with --profile",
            history.file,
            history.line_of("players"),
        )
    target: Union[str, Path] = name
    if _looks_like_path(name):
        path = Path(name)
        if not path.is_absolute() and history.profile_base is not None:
            path = history.profile_base / path
        target = path
    try:
        return load_profile(target), name
    except ProfileError as exc:
        raise HistoryError(f"profile: {exc}", history.file, header_line) from None


def _choose_rules(history: History, choice: ProfileChoice) -> Tuple[Rules, str, bool]:
    """(rules, the profile's label, whether it overrides the history's own)."""
    if choice is None:
        profile, label = _history_profile(history)
        return compile_rules(profile), label, False
    if isinstance(choice, Rules):
        return choice, choice.profile.name, True
    if isinstance(choice, Profile):
        return compile_rules(choice), choice.name, True
    label = os.fspath(choice)
    return compile_rules(load_profile(choice if isinstance(choice, Path) else label)), label, True


# ---------------------------------------------------------------------------
# The replay
# ---------------------------------------------------------------------------


def _turned_at_see(deal: Deal, action: Action) -> bool:
    """Whether ``action``, after the deal's end, is about the turning of cards at its see: a written
    show the deal reads as its record (checked against ``seeing.exposure``), or a concession the deal
    refuses by the rule it breaks (``seeing.concede_unseen``), rather than an action after the end."""
    if action.kind not in ("show", "concede"):
        return False
    try:
        deal.verify(action)
    except RuleViolation as exc:
        return exc.rule != RULE_OVER
    return True


def _describe(outcome: Optional[str], winners: Optional[Sequence[str]]) -> str:
    if outcome == "carried":
        return "the pot carried"
    if outcome == "not carried":
        return "the pot did not carry"
    if outcome == "redeal":
        return "the hand was dealt again"
    if outcome == "abandoned":
        return "the hand was abandoned at the time limit"
    if not winners:
        return f"the deal was {outcome}" if outcome else "no winner"
    if len(winners) == 1:
        return f"{winners[0]} won"
    return f"{', '.join(winners[:-1])} and {winners[-1]} split the pot"


def _cards_text(hand: Optional[Sequence[Card]]) -> str:
    return " ".join(str(c) for c in hand) if hand is not None else "?? ?? ??"


def needs_unrecorded_cards(deal: Deal, action: Action, refusal: RuleViolation) -> bool:
    """Whether ``action`` was refused only because cards it needs were not recorded.

    A see or a showdown of unrecorded hands (``history.cards``), and a
    swap or an arrangement by a player whose hand is not recorded (the
    cards named cannot be checked against it): at the end of a log, that is
    where the writer stopped, not a broken rule.
    """
    if refusal.rule == RULE_CARDS:
        return True
    if action.kind not in ("swap", "arrange"):
        return False
    state = deal.players.get(action.player)
    return state is not None and any(hand is None for hand in state.hands.values())


def _seat_keeper(rules: Rules, players: Sequence[str], dealer: str) -> Session:
    """A :class:`Session` kept for its own rules of seating, ending and scoring; it never deals.

    A table size the profile does not allow is reported as a violation; the
    keeper is then built with the limits widened, so the deals can still be replayed.
    """
    count = len(players)
    if count < max(2, rules.table.min_players) or count > rules.table.max_players:
        rules = with_seats(rules, 2, max(count, rules.table.max_players))
    return Session(rules, players, dealer=dealer)


class _Auditor:
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
        self.pack: Optional[PackTracker] = None if rules.pack.shuffle.kind == "every_deal" else PackTracker(rules.pack.jokers)
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

    # -- recording --------------------------------------------------------------

    def violation(self, deal: Optional[int], action: Optional[int], line: Optional[int], rule: str, message: str) -> None:
        self.report.violations.append(Violation(deal, action, line, rule, message))

    def note(self, deal: Optional[int], line: Optional[int], message: str, level: str = "note") -> None:
        self.report.notes.append(Note(deal, line, message, level))

    # -- the session ---------------------------------------------------------------

    def start(self, overridden: bool, label: str) -> None:
        history, rules = self.history, self.rules
        table = rules.profile.table
        count = len(self.players)
        if count < max(2, table.min_players) or count > table.max_players:
            rule = "table.max_players" if count > table.max_players else "table.min_players"
            self.violation(None, None, history.line_of("players"), rule,
                           f"this profile seats {table.min_players} to {table.max_players} players, not {count}")
        dealer = history.dealer
        if dealer is None:
            if rules.table.first_dealer_random:
                raise HistoryError(
                    "dealer: name the first dealer (this profile draws the first dealer at random)",
                    history.file,
                    history.line_of("players"),
                )
            dealer = self.players[0]
        if history.kind == "log":
            from bragrules.play.table import play_header  # the header keys play adds: checked before any deal

            play_header(history, rules.profile)
        self._table = _seat_keeper(rules, self.players, dealer)
        self._follow_seed_from_start(dealer)
        digest = profile_hash(rules.profile)
        if history.profile_hash and history.profile_hash != digest:
            if overridden:
                self.note(None, history.line_of("header"),
                          f"the log was written under profile {history.profile!r} (hash {history.profile_hash[:12]}…); "
                          f"audited under {label!r} (hash {digest[:12]}…) as asked", level="warning")
            elif history.profile_data is not None:
                self.violation(None, None, history.line_of("header"), RULE_HASH,
                               f"the profile carried in the header hashes to {digest[:12]}…, "
                               f"not {history.profile_hash[:12]}… as the header says")
            else:
                self.violation(None, None, history.line_of("header"), RULE_HASH,
                               f"the log was written under a profile hashing to {history.profile_hash[:12]}…; "
                               f"{label!r} as loaded now hashes to {digest[:12]}…: its rules have changed")

    def _follow_seed_from_start(self, dealer: str) -> None:
        """A log of ``play`` or ``serve`` (its header records the seats) with a seed, not a kept table's,
        is dealt by its seed: the cards of every deal are the seed's."""
        history = self.history
        seed = history.seed
        if history.kind != "log" or not isinstance(seed, int) or isinstance(seed, bool) \
                or history.extra.get("keep") is True or "seats" not in history.extra:
            return
        # the session drew its first dealer from the seed (play), or was given one (and drew nothing):
        # the first deal's cards tell which
        drawing = SeededPack(self.rules, self.players, seed) if self.rules.table.first_dealer_random else None
        given = SeededPack(self.rules, self.players, seed, draws_dealer=False)
        if drawing is not None and drawing.first_dealer() == dealer:
            self.seeded, self.seeded_other = drawing, given
        else:
            self.seeded, self.seeded_other = given, None
        self.seed_draws_dealer = self.seeded.draws_dealer

    def _deal_from_seed(self, entry: DealEntry, order: Sequence[str], hands: Dict[str, Optional[Tuple[Card, ...]]],
                        due: bool) -> None:
        """The seed's cards for this deal: the logged ones must be them; a hand not written is theirs."""
        seeded = self.seeded
        assert seeded is not None
        if entry.shuffled is None:  # not a session's log: what the seed dealt is not known
            self.seeded = None
            return
        kept = {p: h for p, h in self.retained.items() if h is not None}

        def unlike(cards: Dict[str, Tuple[Card, ...]], centre: Tuple[Card, ...]) -> Optional[str]:
            wrong = differs(cards, hands)
            if wrong:
                return wrong[0]
            return "" if entry.centre is not None and tuple(entry.centre) != centre else None

        try:
            dealt, centre = seeded.deal(order, due, kept)
            wrong = unlike(dealt, centre)
            other, self.seeded_other = self.seeded_other, None
            if wrong is not None and other is not None:
                dealt_other, centre_other = other.deal(order, due, kept)
                if unlike(dealt_other, centre_other) is None:  # the first dealer was given, not drawn
                    seeded, dealt, centre, wrong = other, dealt_other, centre_other, None
                    self.seeded, self.seed_draws_dealer = other, other.draws_dealer
        except ValueError:  # the pack runs out: the cards are reported otherwise
            self.seeded = None
            return
        if wrong is not None:
            n, seed = entry.number, seeded.seed
            whose = f"{wrong}'s cards" if wrong else "the centre cards"
            if self.seed_confirmed:
                line = entry.card_line(wrong) if wrong else entry.centre_line
            else:  # nothing before agreed with the seed: the header's seed is the first suspect
                line = self.history.line_of("header")
            self.violation(n, None, line or entry.line, RULE_SEED,
                           f"deal {n}: {whose} are not the ones seed {seed} deals: the header's seed or the "
                           "cards were changed")
            self.seeded = None
            return
        if any(hand is not None for hand in hands.values()):
            self.seed_confirmed = True
        for p, hand in dealt.items():
            if hands.get(p) is None:
                hands[p] = hand  # not written yet (a deal cut off before its cards line): the seed dealt it

    def run(self) -> None:
        self.run_deals(iter(self.history.deals), ends_log=True)
        self.finish()

    def run_deals(self, deals: Iterator[DealEntry], ends_log: bool) -> None:
        """Replay ``deals`` in order; ``ends_log``: no deal follows them in the log (the last may be unfinished)."""
        report = self.report
        try:
            current = next(deals, None)
        except HistoryError as exc:
            report.error, current = exc, None
        while current is not None:
            try:
                following = next(deals, None)
            except HistoryError as exc:
                report.error, following = exc, None
            try:
                self.replay(current, last=following is None and (ends_log or report.error is not None))
            except HistoryError as exc:
                report.error = exc
                break
            current = following

    def finish(self) -> None:
        report, history, table = self.report, self.history, self.table
        state = table.state
        report.deal_count = state.deals
        report.resolved = state.resolved
        report.net = table.net()
        report.carried = state.carried
        if self.rules.format.lives is not None:
            report.lives = dict(table.lives)
        report.ended = not self.open_deal and table.is_over
        if report.ended:
            report.winners = table.winners()
        claim = history.end
        timed = self.rules.session.end.kind == "time"
        if timed and self.untimed_count:
            shown = ", ".join(str(n) for n in self.untimed) + (", ..." if self.untimed_count > len(self.untimed) else "")
            self.note(None, None, f"the session ends at a time limit ({self.rules.session.end.minutes} minutes), but no "
                                  f"finishing time is recorded for {self.untimed_count} "
                                  f"deal{'s' if self.untimed_count > 1 else ''} ({shown}): "
                                  "the end of the session cannot be checked")
        if claim is not None:
            if timed and not report.ended and state.finished_ms is None:
                pass  # the last deal's time is unknown: whether the session was over cannot be told (noted above)
            elif not report.ended and report.error is None:
                self.violation(None, None, claim.line, RULE_SESSION_END,
                               f"the history ends the session after deal {claim.after_deal}, "
                               f"but under this profile it goes on ({self._end_rule()})")
            if claim.net is not None:
                for p, amount in claim.net.items():
                    actual = report.net.get(p, ZERO)
                    if amount != actual:
                        self.violation(None, None, claim.line, RULE_END,
                                       f"{p}'s session net is given as {pretty_money(amount)}; "
                                       f"replayed it is {pretty_money(actual)}")
            if claim.winners is not None and report.ended and set(claim.winners) != set(report.winners):
                self.violation(None, None, claim.line, RULE_END,
                               f"the winners are given as {', '.join(claim.winners)}; "
                               f"replayed: {', '.join(report.winners)}")
        elif history.kind == "log" and report.ended and report.error is None and report.deal_count:
            self.note(None, None, "the session is over under this profile, but the log has no end event")

    def _end_rule(self) -> str:
        end, state = self.rules.session.end, self.table.state
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

    # -- one deal ------------------------------------------------------------------

    def replay(self, entry: DealEntry, last: bool) -> None:
        rules, n, table = self.rules, entry.number, self.table
        state = table.state
        if not self.flagged_end and state.deals and table.is_over:
            self.flagged_end = True
            self.violation(n, None, entry.line, RULE_SESSION_END,
                           f"deal {n} is played after the session ended ({self._end_rule()})")
        dealer = table.dealer
        order = table.dealt_in()
        if entry.dealer is not None and entry.dealer != dealer:
            self.violation(n, None, entry.line, RULE_DEAL,
                           f"deal {n} is dealt by {entry.dealer}, but the deal passes to {dealer}")
        if entry.order is not None and entry.order != order:
            self.violation(n, None, entry.line, RULE_DEAL,
                           f"the order of play is {', '.join(order)}, not {', '.join(entry.order)}")
        due = table.shuffle_due()
        if entry.shuffled is not None:
            if due != entry.shuffled:
                self.violation(n, None, entry.line, "pack.shuffle",
                               f"the pack {'is' if due else 'is not'} shuffled before deal {n} under this profile")
        if entry.carried_in is not None and not same_money(entry.carried_in, state.carried):
            self.violation(n, None, entry.line, RULE_DEAL,
                           f"the pot carried in is {pretty_money(state.carried)}, not {pretty_money(entry.carried_in)}")
        retained: Dict[str, Hand] = {p: h for p, h in self.retained.items() if p in order} if self.retained else {}
        if entry.retained is not None and entry.retained != retained:
            shown = ", ".join(f"{p}: {_cards_text(h)}" for p, h in retained.items()) or "none"
            self.violation(n, None, entry.line, RULE_DEAL, f"the hands retained from the last deal are {shown}")
        hands = self._hands(entry, order, retained)
        if self.seeded is not None:
            self._deal_from_seed(entry, order, hands, due)
        exact = self.history.kind == "log" and entry.shuffled is not None
        if self.pack is not None:
            self._deal_from_pack(entry, order, hands, due, exact)
        hint = None
        if entry.result is not None and entry.result.winners and None in hands.values():  # hands: one per player
            hint = entry.result.winners
        stacks = {p: table.balances[p] for p in order} if rules.session.finite else None
        self.retained = {}
        # a kept table (real cards) stopped while a showdown awaited the cards shown: its last deal has no
        # cards line, and the showdown waits for them as it did at the table (unfinished, not illegal)
        awaited = (last and self.history.kind == "log" and entry.cards_line is None
                   and self.history.extra.get("keep") is True)
        # the last deal of a log with hands not recorded: cut off by the end of the file before its
        # cards line (written when the deal ends), or a kept table stopped while a showdown awaits
        # cards; what needs those cards is where the log stops, not a violation
        interrupted = last and self.history.kind == "log" and entry.result is None  # no result line: cut off
        cut = interrupted and (None in hands.values() or None in retained.values())
        try:
            deal = Deal(rules, order, hands, retained=retained, carried=state.carried, stacks=stacks,
                        winner_hint=hint, centre=entry.centre, wait_for_cards=awaited)
        except RuleViolation as exc:
            if cut and exc.rule == RULE_CARDS:
                self._cut_off(n, entry.line)
                self._unsettled(entry, dealer, order, retained, "unfinished", state.carried)
                return
            self.violation(n, None, entry.line, exc.rule, f"deal {n} cannot be replayed: {exc.message}")
            self._unsettled(entry, dealer, order, retained, "void", state.carried)
            return
        broken = False
        for index, item in enumerate(entry.actions):
            if deal.result is not None and not _turned_at_see(deal, item.action):
                self.violation(n, index, item.line, RULE_OVER,
                               f"deal {n} is already over ({deal.result.reason}); {item} comes after its end")
                continue
            try:
                deal.apply(item.action)
            except RuleViolation as exc:
                if cut and needs_unrecorded_cards(deal, item.action, exc):
                    broken = True
                    self._cut_off(n, item.line)
                    break
                if exc.rule == RULE_CARDS:  # the showdown needs cards nobody recorded: it cannot be settled
                    self._unrecorded_at_see(n, index, entry, exc)
                    broken = True
                    self.note(n, item.line, f"the rest of deal {n} cannot be replayed; its pot is not settled")
                    break
                self.violation(n, index, item.line, exc.rule, exc.message)
        if deal.result is None and not broken and entry.result is not None and entry.result.outcome == "abandoned":
            self._abandon(entry, deal)
        default = deal.default_action() if deal.result is None and not broken else None
        if default is not None and not interrupted:
            try:
                deal.apply(default)  # a decision the history leaves unsaid: the profile's default
            except RuleViolation as exc:  # the show it assumes needs cards nobody recorded
                line = entry.actions[-1].line if entry.actions else entry.line
                self.violation(n, None, line, exc.rule, exc.message)
                broken = True
                self.note(n, line, f"the rest of deal {n} cannot be replayed; its pot is not settled")
        if deal.result is None:
            if not broken:
                if interrupted:
                    self.note(n, entry.line, f"deal {n} is unfinished: the log ends in the middle of it "
                                             "(an interrupted session); its pot is not settled")
                    self.open_deal = True
                else:
                    line = entry.actions[-1].line if entry.actions else entry.line
                    self.violation(n, None, line, RULE_UNFINISHED,
                                   f"deal {n} is unfinished: {deal.to_act} is to act and no actions are left")
            self._unsettled(entry, dealer, order, retained, "unfinished", deal.pot)
            return
        result = deal.result
        from_claim = result.showdown and any(deal.players[p].hand is None for p in deal.in_play
                                             if p not in result.conceded)  # a conceded hand is never needed
        if from_claim:
            missing = [p for p in deal.in_play if deal.players[p].hand is None]
            self.note(n, entry.line, f"the hands of {', '.join(missing)} were not recorded; the result is taken "
                                     f"from the history's claim ({_describe(result.outcome, result.winners)})")
        if entry.result is not None:
            self._check_claim(n, entry.result, result)
        if self.pack is not None:
            self._used_under_pack(n, deal, hands, retained, entry, exact)
        if self.seeded is not None:
            self.seeded.put_under(deal.used_cards())
        self._settle(entry, dealer, order, retained, result, from_claim)

    def _unrecorded_at_see(self, n: int, index: int, entry: DealEntry, exc: RuleViolation) -> None:
        """Cards nobody recorded are needed at the showdown: where the history goes on to concede
        (and so leaves the conceding hand unwritten), the concession is what breaks the rules under a
        profile where both hands are shown, and it is cited (``seeing.concede_unseen``), not the record."""
        item = entry.actions[index]
        if not self.rules.seeing.concede_unseen:
            for later_index in range(index + 1, len(entry.actions)):
                later = entry.actions[later_index]
                if later.action.kind == "concede":
                    self.violation(n, later_index, later.line, "seeing.concede_unseen",
                                   f"{later}: under this profile both hands are shown at a see; nobody concedes "
                                   f"({exc.message})")
                    return
        self.violation(n, index, item.line, exc.rule, exc.message)
    def _abandon(self, entry: DealEntry, deal: Deal) -> None:
        """A deal the history says was abandoned at the time limit: it must be allowed then
        (``session.end.at_limit: abandon``, the limit passed, no pot carried in); the replay abandons it
        in any case, every stake returned, so that the deals after it are checked from where the history
        left the table."""
        end, n = self.rules.session.end, entry.number
        line = entry.result.line if entry.result is not None else entry.line
        finished = entry.finished_ms
        limit = end.limit_ms
        if not end.abandons:
            why = "under this profile the hand in progress is played out at the time limit"
        elif deal.carried_in:
            why = f"it plays for a carried pot of {pretty_money(deal.carried_in)}, which is played out"
        elif finished is None:
            why = ""
            self.note(n, line, f"deal {n} is abandoned at the time limit, but no time is recorded for it: "
                               "whether time was up cannot be checked")
        elif limit is not None and finished < limit:
            why = (f"it stopped at {format_time(finished)}, before the time limit of {end.minutes} minutes "
                   f"({format_time(limit)})")
        else:
            why = ""
        if why:
            self.violation(n, None, line, RULE_AT_LIMIT, f"deal {n} is abandoned, but {why}")
        deal.abandon(f"time is up ({end.minutes} minutes): the hand is abandoned, every stake returned")

    def _cut_off(self, n: int, line: Optional[int]) -> None:
        """The last deal of a log stops where its unrecorded cards are needed: unfinished, noted."""
        self.note(n, line, f"deal {n} is unfinished: the log ends before the cards this needs are written "
                           "(an interrupted session); its pot is not settled")
        self.open_deal = True

    def _deal_from_pack(self, entry: DealEntry, order: Sequence[str], hands: Dict[str, Optional[Tuple[Card, ...]]],
                        due: bool, exact: bool) -> None:
        """Check that the deal's cards can come off the top of the pack as the deals before left it."""
        pack, rules, n = self.pack, self.rules, entry.number
        assert pack is not None
        if due:
            pack.shuffle(out=self.retained.values())
        if entry.shuffled is not None and entry.shuffled != due:
            pack.forget()  # reported above; the pack the history dealt from is not the one the rules give
        cards = deal_sequence(order, hands, rules.format.cards_dealt, rules.table.deal_singly, entry.centre, rules.format.centre_cards)
        problem = pack.deal(cards, exact)
        if problem is not None:
            self.violation(n, None, entry.line, "pack.shuffle", f"deal {n}: {problem}")
        for p, hand in self.retained.items():  # a retained hand whose holder sits out returns under the pack
            if p not in order:
                pack.put_under(hand, exact, label=f"{p}'s retained hand, returned before deal {n}")

    def _used_under_pack(self, n: int, deal: Deal, hands: Dict[str, Optional[Tuple[Card, ...]]],
                         retained: Dict[str, Hand], entry: DealEntry, exact: bool) -> None:
        """The deal's folded and completed hands go under the pack; retained hands stay out."""
        pack = self.pack
        assert pack is not None and deal.result is not None
        if not pack.known:
            return
        held = (*hands.values(), *retained.values())
        kept = deal.result.retained.values()
        if any(h is None for h in held) or any(h is None for h in kept):
            pack.forget()  # cards nobody recorded: where they went is not known
            return
        label = f"after deal {n}"
        if exact:
            used = deal.used_cards()  # the order the engine puts them under: the replay knows it
            count = sum(len(h) for h in held if h) + len(entry.centre or ()) - sum(len(h) for h in kept if h)
            if len(used) == count:
                pack.put_under(used, True, label)
                return
        everything: List[Card] = [c for hand in held if hand for c in hand]
        everything += entry.centre or ()
        try:
            for hand in kept:
                for card in hand or ():
                    everything.remove(card)
        except ValueError:  # a joker written as the other joker: which went where is not known
            pack.forget()
            return
        pack.put_under(everything, False, label)

    def _hands(self, entry: DealEntry, order: Sequence[str], retained: Dict[str, Hand]) -> Dict[str, Optional[Tuple[Card, ...]]]:
        n, rules = entry.number, self.rules
        for p in entry.cards:
            if p not in order:
                self.violation(n, None, entry.card_line(p), RULE_DEAL, f"{p} is not dealt in deal {n}")
        held = {card: p for p, hand in retained.items() for card in hand or () if not card.is_joker} if retained else {}
        for card in entry.centre or ():
            if card in held:
                raise HistoryError(f"deal {n}: {card} is in the centre but is in {held[card]}'s retained hand",
                                   self.history.file, entry.centre_line)
        hands: Dict[str, Optional[Tuple[Card, ...]]] = {}
        for p in order:
            hand = entry.cards.get(p)
            if hand is not None:
                for card in hand if held else ():
                    if card in held:
                        raise HistoryError(
                            f"deal {n}: {card} is dealt to {p} but is in {held[card]}'s retained hand",
                            self.history.file,
                            entry.card_line(p),
                        )
                if len(hand) != rules.format.cards_dealt:
                    self.violation(n, None, entry.card_line(p), "format.cards_dealt",
                                   f"{p} is given {len(hand)} cards; this profile deals {rules.format.cards_dealt}")
                    hand = None
            hands[p] = hand
        return hands

    def _check_claim(self, n: int, claim: ResultClaim, result: DealResult) -> None:
        def bad(part: str, message: str) -> None:
            self.violation(n, None, claim.line_of(part), RULE_RESULT, message)

        def replayed() -> str:
            return _describe(result.outcome, result.winners)

        def same_winners(claimed: List[str]) -> bool:
            return claimed == result.winners or set(claimed) == set(result.winners)

        if claim.outcome is not None:
            wrong = (result.outcome == "carried") if claim.outcome == "not carried" else claim.outcome != result.outcome
            if wrong:
                bad("winners" if claim.outcome in ("won", "split") else "outcome",
                    f"the history says {_describe(claim.outcome, claim.winners)}; replayed, {replayed()}")
            elif claim.winners is not None and not same_winners(claim.winners):
                bad("winners", f"the history says {_describe(claim.outcome, claim.winners)}; replayed, {replayed()}")
        elif claim.winners is not None and not same_winners(claim.winners):
            bad("winners", f"the history says {_describe(None, claim.winners)}; replayed, {replayed()}")
        if claim.net is not None:
            for p, amount in claim.net.items():
                actual = result.net.get(p, ZERO)
                if amount is not actual and not same_money(amount, actual):  # the same object, most often
                    bad(f"net.{p}", f"{p}'s net is given as {pretty_money(amount)}; replayed it is {pretty_money(actual)}")
        if claim.pot is not None and claim.pot is not result.pot and not same_money(claim.pot, result.pot):
            bad("pot", f"the pot is given as {pretty_money(claim.pot)}; replayed it is {pretty_money(result.pot)}")
        if claim.carried_out is not None and claim.carried_out is not result.carried_out \
                and not same_money(claim.carried_out, result.carried_out):
            bad("carried_out", f"the pot carried out is given as {pretty_money(claim.carried_out)}; "
                               f"replayed it is {pretty_money(result.carried_out)}")
        if claim.returned is not None and not same_money(claim.returned, returned_stakes(result)):
            bad("returned", f"the stakes returned are given as {pretty_money(claim.returned)}; "
                            f"replayed, {pretty_money(returned_stakes(result))} went back to the players")
        if claim.lives_lost is not None and set(claim.lives_lost) != set(result.lives_lost):
            bad("lives_lost", f"the history says {', '.join(claim.lives_lost) or 'nobody'} lost a life; "
                              f"replayed, {', '.join(result.lives_lost) or 'nobody'}")

    def _summary(self, entry: DealEntry, dealer: str, order: Sequence[str], retained: Dict[str, Hand],
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
            retained_in={p: _cards_text(h) for p, h in retained.items()},
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

    def _settle(self, entry: DealEntry, dealer: str, order: Sequence[str], retained: Dict[str, Hand],
                result: DealResult, from_claim: bool) -> None:
        """What :meth:`Session.finish_deal` does with a finished deal, without the pack."""
        finished = entry.finished_ms
        if finished is not None:
            if self.last_timed is not None and finished < self.last_timed[1]:
                self.violation(entry.number, None, entry.time_line or entry.line, RULE_TIME,
                               f"deal {entry.number} finished at {format_time(finished)}, before deal "
                               f"{self.last_timed[0]} ({format_time(self.last_timed[1])})")
            self.last_timed = (entry.number, finished)
            if self.first_timed is None:
                self.first_timed = self.last_timed
        elif self.rules.session.end.kind == "time" and result.outcome != "redeal":
            self.untimed_count += 1
            if len(self.untimed) < 5:
                self.untimed.append(entry.number)
        if self.abandons and finished is not None:
            self._played_past_limit(entry, result, finished)
        self.table.settle(result, finished)
        self.retained = dict(result.retained)
        if self.keep_deals or self.on_deal is not None:
            self._summary(entry, dealer, order, retained, result.pot, result.outcome, result.winners, result.net,
                          result.carried_out, from_claim)

    def _played_past_limit(self, entry: DealEntry, result: DealResult, finished: int) -> None:
        """``session.end.at_limit: abandon``: a deal played out (not abandoned) to a time past the limit,
        with no pot carried in, should have been stopped there."""
        end = self.rules.session.end
        limit = end.limit_ms
        if (limit is not None and finished >= limit and entry.actions
                and result.outcome not in ("abandoned", "redeal") and not self.table.state.carried
                and not self.table.is_over):  # (a deal after the session's end is a violation already)
            self.violation(entry.number, None, entry.time_line or entry.line, RULE_AT_LIMIT,
                           f"deal {entry.number} is played out to {format_time(finished)}, past the time limit "
                           f"of {end.minutes} minutes: under this profile play stops at the limit, the hand "
                           "in progress abandoned with its stakes returned")

    def _unsettled(self, entry: DealEntry, dealer: str, order: Sequence[str], retained: Dict[str, Hand],
                   outcome: str, pot: Fraction) -> None:
        """A deal that settled nothing: the carried pot stays, retained hands go, the deal passes on."""
        if self.pack is not None:
            self.pack.forget()  # where its cards went is not known
        self.seeded = None  # nor what the seed deals next
        self.table.pass_deal()
        self._summary(entry, dealer, order, retained, pot, outcome, [], {p: ZERO for p in order}, ZERO, False)


class Replay:
    """A history's deals replayed one at a time exactly as the audit replays them.

    For tools that need the table as it stood before some deal (``bragrules
    arbitrate`` sets up its disputed deal this way): the seats, dealer,
    antes, carried pot, balances and retained hands come out as in the
    audit, and whatever the audit would report on the way is in ``report``.
    ``choice`` overrides the history's profile, as in :func:`audit`.
    """

    def __init__(self, history: History, choice: ProfileChoice = None):
        self.rules, self.label, overridden = _choose_rules(history, choice)
        self.report = AuditReport(file=history.file, kind=history.kind, profile=self.label,
                                  profile_hash=profile_hash(self.rules.profile), players=list(history.players),
                                  profile_name=self.rules.profile.name)
        self._auditor = _Auditor(history, self.rules, self.report, keep_deals=False, on_deal=None)
        self._auditor.start(overridden, self.label)

    @property
    def table(self) -> Session:
        """The session as the deals replayed so far have left it."""
        return self._auditor.table

    def replay(self, entry: DealEntry) -> None:
        """Replay one deal (the next), checking it as the audit does."""
        self._auditor.replay(entry, last=False)

    def next_deal(self, entry: DealEntry) -> Tuple[List[str], Dict[str, Hand], Dict[str, Optional[Tuple[Card, ...]]]]:
        """``entry`` as the next deal at this table: its seats in order, their retained hands, the hands dealt."""
        order = self.table.dealt_in()
        retained = {p: h for p, h in self._auditor.retained.items() if p in order}
        return order, retained, self._auditor._hands(entry, order, retained)


def audit(
    history: Union[History, str, "os.PathLike[str]"],
    rules_or_profile: ProfileChoice = None,
    *,
    keep_deals: bool = True,
    on_deal: Optional[Callable[[DealSummary], None]] = None,
    on_start: Optional[Callable[[AuditReport], None]] = None,
    workers: int = 1,
    block_bytes: Optional[int] = None,
) -> AuditReport:
    """Replay ``history`` and check every action and claim.

    ``history`` is a :class:`~bragrules.history.History` or the path of a
    sheet or log. ``rules_or_profile`` (compiled rules, a profile, or a
    profile name or path) overrides the profile the history names; a log
    whose header hash differs from it then gets a warning, not a violation.
    With ``keep_deals=False`` the report keeps no per-deal rows (``on_deal``
    still receives each), so a log of any length is audited in constant memory.
    ``on_start`` receives the report once the history's header is read,
    before any deal (to write the head of a report whose rows are written
    as they are made).

    With ``workers`` above 1, a long log is audited in blocks by that many
    processes and the blocks chained together (:mod:`bragrules.parallel_audit`;
    ``block_bytes``: about how long a block is): the report is the same.

    Raises :class:`~bragrules.core.errors.HistoryError` (or
    :class:`~bragrules.profile.ProfileError` for ``rules_or_profile``) when
    the audit cannot start; a problem met part-way through a log is the
    report's ``error``, with everything before it audited.
    """
    if not isinstance(history, History):
        history = read_history(history)
    rules, label, overridden = _choose_rules(history, rules_or_profile)
    report = AuditReport(
        file=history.file,
        kind=history.kind,
        profile=label,
        profile_hash=profile_hash(rules.profile),
        players=list(history.players),
        profile_name=rules.profile.name,
    )
    auditor = _Auditor(history, rules, report, keep_deals, on_deal)
    auditor.start(overridden, label)  # what makes the history unreadable from its header on raises here
    if on_start is not None:  # so the head of a report is written only for a history that is audited
        on_start(report)
    if workers > 1 and auditor.seeded is None:  # a seeded pack (a log of play) is followed deal by deal, in one process
        from bragrules.parallel_audit import audit_in_parallel

        if audit_in_parallel(auditor, workers, block_bytes):
            return report
    auditor.run()
    return report


def audit_before_resume(path: Union[str, "os.PathLike[str]"], byte_limit: int) -> Tuple[Rules, str, bool]:
    """What ``play --resume`` runs before it appends a line: the audit of the log up to ``byte_limit``.

    The same reader and the same checks as ``bragrules audit`` (one process,
    the log's own profile): a log is resumed exactly when its complete lines
    audit clean (an unfinished last deal is an interrupted session, not a
    fault). Returns the rules, the profile's label and whether the seed drew
    the first dealer (else the session was given it); anything else raises a
    :class:`~bragrules.core.errors.HistoryError` naming the first problem's
    line, in one line.
    """
    history = read_log(path, byte_limit=byte_limit)
    rules, label, overridden = _choose_rules(history, None)  # the log's own profile, as `bragrules audit LOG`
    report = AuditReport(file=history.file, kind=history.kind, profile=label, profile_hash=profile_hash(rules.profile),
                         players=list(history.players), profile_name=rules.profile.name)
    auditor = _Auditor(history, rules, report, keep_deals=False, on_deal=None)
    auditor.start(overridden, label)
    auditor.run()
    if report.error is not None:
        raise report.error
    if report.violations:
        first = report.violations[0]
        where = first.where if first.line is None else first.where.split(" (line")[0]
        shown = first.message if len(first.message) <= 160 else first.message[:159] + "…"
        raise HistoryError(f"{where}: {first.rule}: {shown} (the log does not audit clean; it is not resumed)",
                           history.file, first.line)
    return rules, label, bool(auditor.seed_draws_dealer)


__all__ = ["AuditReport", "DealSummary", "Note", "Violation", "audit", "audit_before_resume"]
