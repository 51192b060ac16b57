"""One table served to browsers: seats, tokens, turns, timers and each seat's private view.

:class:`TableService` is the web table without the web: it knows nothing of
HTTP or websockets (:mod:`bragrules.web.app` puts it on the network), so it
is tested, and can be driven, with plain calls. It is built on the same
:class:`~bragrules.play.table.Table` as ``bragrules play``: the same
session, bots and JSON Lines log, written as play goes, so ``bragrules
audit`` checks a served session and :meth:`TableService.resume` restarts a
table from its log after the server stops. The tokens are kept only as
salted hashes, in memory and in the seat file beside the log
(:mod:`bragrules.web.seats`), with the seats the host gave to bots, so
that a resumed table takes the same links and keeps its bots.

A person joins with a name and gets a *seat token*, a secret that stands
for their seat: every action is taken as the token's seat (a message never
names its player), and only when it is that seat's turn. What a seat is
sent is :meth:`TableService.state`, built from the engine's
:class:`~bragrules.engine.view.PlayerView` of that seat: its own cards only
once looked at, never another seat's hidden cards.

>>> from bragrules.profile import load_profile
>>> service = TableService(load_profile("traditional"), "traditional", seats=3, bots=["cautious"], seed=5, hands=2)
>>> ada = service.join("Ada")
>>> service.start(service.host_token)
>>> state = service.state(ada)
>>> state["phase"], state["you"], len(state["seats"])
('play', 'Ada', 3)
>>> service.state(None)["view"]["hand"] is None   # a spectator sees no hand
True
>>> while service.phase == "play":
...     turn = service.state(ada)
...     service.act(ada, {"kind": "fold" if any(o["kind"] == "fold" for o in turn["view"]["legal"])
...                       else turn["view"]["legal"][0]["kind"], "turn": turn["turn"]})
>>> service.phase, service.table.deals_played
('over', 2)
"""

from __future__ import annotations

import contextlib
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence

from bragrules.core.cards import CardError, parse_cards
from bragrules.core.errors import BragError, HistoryError, RuleViolation
from bragrules.core.money import parse_money, pretty_money
from bragrules.engine.actions import DISPUTE_KINDS, KINDS, Action
from bragrules.engine.deal import Deal
from bragrules.play.bots import ALL_STYLES, make_bot
from bragrules.play.keep import keep_problem
from bragrules.play.table import HUMAN, Seat, Table
from bragrules.profile.models import Profile
from bragrules.rules.fixed import HISTORY_CARDS
from bragrules.rules.session import AT_LIMIT_RULE
from bragrules.web.seats import (
    SeatFileError,
    SeatRecord,
    header_digest,
    load_seats,
    save_seats,
    seat_file_path,
    token_digest,
)
from bragrules.web.views import (
    describe,
    option_label,
    optional_money,
    public_view,
    rule_words,
    seat_view,
    timeout_action,
)

MAX_NAME = 24
"""The longest name a person may take at the table (one word)."""

DEFAULT_STYLES = ("cautious", "loose", "blind_bluffer", "see_happy")
BOT_NAMES = ("Ada", "Bo", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu",
             "Max", "Ned", "Oz", "Pam", "Quin", "Ros", "Sid", "Tam", "Uma", "Vic")
FEED_LINES = 14
"""How many lines of the table's running account a seat is sent."""
MAX_BOT_ACTIONS = 100_000
"""Bot actions in one go before the table stops for breath (a table of bots and no end)."""
MAX_RULINGS = 50
"""Rulings the table remembers (the last ones; each seat is sent the last three)."""
MAX_AMOUNT_TEXT = 40
"""The longest amount written as text (``"5/2"``): a longer one is refused, never cut."""
MAX_CARDS_TEXT = 80
"""The longest text of cards entered or swapped: a longer one is refused, never cut."""

Clock = Callable[[], float]


class Refusal(BragError):
    """A request the table refuses: ``message`` for people, ``status`` for HTTP, ``rule`` when a rule forbids it."""

    def __init__(self, message: str, status: int = 400, rule: Optional[str] = None, rule_words: Optional[str] = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.rule = rule
        self.rule_words = rule_words

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "error", "error": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
            out["rule_words"] = self.rule_words
        return out


@dataclass
class Place:
    """A seat as the server keeps it: a person's token, or the bot that plays it."""

    name: str
    style: str = HUMAN
    digest: Optional[str] = None  # the salted hash of a person's seat token (None: a bot, or a seat not yet claimed)
    connections: int = 0

    @property
    def is_bot(self) -> bool:
        return self.style != HUMAN


@dataclass
class Ruling:
    """A dispute raised at the table and how ``bragrules arbitrate`` rules it.

    A ruling is read by everyone and changes nothing by itself. When it
    would change the deal (a peek that folds the one who looked, an
    exposure), that change is ``pending``: it is made only when the host
    confirms the ruling or the player it concerns concedes it
    (:meth:`TableService.accept_ruling`), and ``settled`` then says who did.
    """

    raised_by: str
    text: str
    allowed: Optional[bool]
    summary: str
    rules: List[Dict[str, Any]] = field(default_factory=list)
    number: int = 0  # the ruling's number at this table, counted from 1
    deal: int = 0  # the deal it was raised in
    pending: Optional[Action] = None  # the change it would make to the deal, until confirmed or conceded
    settled: Optional[str] = None  # who made that change: "confirmed by the host", "conceded by Bob"

    def to_json(self) -> Dict[str, Any]:
        pending = None if self.pending is None else {"player": self.pending.player, "action": str(self.pending)}
        return {"id": self.number, "raised_by": self.raised_by, "text": self.text, "allowed": self.allowed,
                "summary": self.summary, "rules": self.rules, "deal": self.deal, "pending": pending,
                "settled": self.settled}



def check_name(name: Any) -> str:
    """A person's name at the table: one word of printable characters, at most :data:`MAX_NAME`.

    >>> check_name("  Ada ")
    'Ada'
    >>> check_name("Ada Lovelace")
    Traceback (most recent call last):
    ...
    bragrules.web.service.Refusal: a name at the table is one word of at most 24 characters (letters, digits, - or _)
    """
    text = name.strip() if isinstance(name, str) else ""
    if (not text or len(text) > MAX_NAME or len(text.split()) != 1
            or not all(ch.isalnum() or ch in "-_'." for ch in text)):
        raise Refusal(f"a name at the table is one word of at most {MAX_NAME} characters (letters, digits, - or _)")
    return text


class TableService:
    """One table: the lobby, then the session, for people in browsers and bots.

    ``seats`` is how many sit at the table; ``bots`` the styles of the bots
    that fill the seats nobody has taken when the host starts (used in turn;
    empty: people only). ``turn_timeout``: seconds the table waits for a
    seat whose browser is gone before the profile's rule, or a fold, acts
    for it. ``clock`` is monotonic seconds (tests give a fake one).
    """

    def __init__(
        self,
        profile: Profile,
        profile_name: str,
        *,
        seats: int,
        bots: Sequence[str] = DEFAULT_STYLES,
        seed: Optional[int] = None,
        hands: Optional[int] = None,
        log_path: Optional[Path] = None,
        turn_timeout: float = 90.0,
        clock: Clock = time.monotonic,
        keep: bool = False,
    ):
        low, high = profile.table.min_players, profile.table.max_players
        if keep:
            problem = keep_problem(profile)
            if problem is not None:
                raise Refusal(problem)
            if bots:
                raise Refusal("keep mode is for people at a real table: bots hold no real cards (--bots none)")
        if not max(2, low) <= seats <= high:
            raise Refusal(f"the profile {profile.name} seats {low} to {high} players, not {seats}")
        for style in bots:
            if style not in ALL_STYLES:
                raise Refusal(f"unknown bot style {style!r}; choose from {', '.join(ALL_STYLES)}")
        self.profile = profile
        self.profile_name = profile_name
        self.seat_count = seats
        self.bot_styles = list(bots)
        self.seed = seed if seed is not None else secrets.randbelow(10**6)
        self.hands = hands
        self.log_path = log_path
        self.turn_timeout = turn_timeout
        self.clock = clock
        self.salt = secrets.token_bytes(16)  # for the tokens' hashes: the table keeps no token itself
        self.host_token = secrets.token_urlsafe(32)  # printed once, for the host's link
        self.host_digests = [token_digest(self.salt, self.host_token)]
        self.places: Dict[str, Place] = {}  # in seat order
        self.digests: Dict[str, str] = {}  # a seat token's salted hash -> seat name
        self.replaced: Dict[str, str] = {}  # seat name -> the style of the bot the host put in a person's place
        self.claim_by_name = False  # resumed without a seat file: each person takes their seat back by name
        self.table: Optional[Table] = None
        self.phase = "lobby"  # then "play", then "over"
        self.turn = 0  # counts every change of whose turn it is: an action names the turn it answers
        self.version = 0  # counts every change anyone can see
        self.feed: List[str] = []
        self.last: Optional[Dict[str, Any]] = None
        self.rulings: List[Ruling] = []
        self.ruling_count = 0
        self.fault: Optional[str] = None  # why the table stopped mid-session (its log cannot be written)
        self.absent_since: Optional[float] = None
        self.stop_note: Optional[str] = None
        self.lock = threading.RLock()
        self.keep = keep  # the cards are real, on a table: the app keeps score and referees

    # ------------------------------------------------------------------
    # Starting and resuming
    # ------------------------------------------------------------------

    @classmethod
    def resume(cls, log_path: Path, *, turn_timeout: float = 90.0, clock: Clock = time.monotonic,
               claim_by_name: bool = False) -> "TableService":
        """A table rebuilt from its log (:meth:`Table.resume`) and its seat file (:mod:`bragrules.web.seats`).

        The seats' links and the host's link from before the restart keep
        working (a name alone does not take a seat that has a token), and the
        seats the host had given to bots are bots again. A new host token is
        issued as well (whoever restarts the server is the host). Without a
        seat file the table is refused (:class:`SeatFileError`) unless
        ``claim_by_name``: then each person takes their seat back by typing
        its name, as the first to do so. A seat file that is corrupt, of
        another log, or readable by other users is refused whatever
        ``claim_by_name`` says, and left as it is.
        """
        path = Path(log_path)
        seats_path = seat_file_path(path)
        missing = SeatFileError("is missing, so the seats' links cannot be checked after a restart: resume with "
                                "--claim-by-name to let each person take their seat back by typing its name",
                                str(seats_path))
        # the seat file is checked before the log is replayed (and before a line cut short is dropped from it)
        if path.is_file() and load_seats(seats_path, path) is None and not claim_by_name:
            raise missing
        table = Table.resume(path)
        try:
            session = table.session
            record = load_seats(seats_path, path, session.players)
            if record is None and not claim_by_name:
                raise missing
            service = cls(table.profile, table.profile_name, seats=len(session.players), bots=[],
                          seed=session.seed, hands=table.hands, log_path=path,
                          turn_timeout=turn_timeout, clock=clock, keep=session.keep)
        except BaseException:
            table.close()
            raise
        for name in session.players:
            seat = table.seats[name]
            service.places[name] = Place(name, seat.style)
        service.table = table
        service.phase = "play"
        if record is None:
            service.claim_by_name = True
            service._note("the table resumes without its seat file: each person takes their seat back by name")
        else:
            service.salt = record.salt
            service.host_digests = [*record.hosts, token_digest(record.salt, service.host_token)]
            for name, digest in record.seats.items():
                service.places[name].digest = digest
                service.digests[digest] = name
            for name, style in record.bots.items():
                service._seat_bot(service.places[name], style)
        service._note(f"the table resumes from its log: {table.deals_played} deals played")
        with service.lock:
            service._save_seats()
            with contextlib.suppress(Refusal):  # a log that cannot be written: the table starts stopped, saying so
                with service._writing():
                    service._advance()
        return service

    def _seat_bot(self, place: Place, style: str) -> None:
        """A bot of ``style`` plays ``place`` from now on (the host replaced the person who sat there)."""
        assert self.table is not None
        place.style = style
        self.replaced[place.name] = style
        self.table.bots[place.name] = make_bot(style, random.Random(f"{self.seed}/{place.name}/replaced"), place.name)

    def _seat_record(self) -> SeatRecord:
        assert self.log_path is not None
        return SeatRecord(log=header_digest(self.log_path), salt=self.salt, hosts=list(self.host_digests),
                          seats={p.name: p.digest for p in self.places.values() if p.digest is not None},
                          bots=dict(self.replaced))

    def _save_seats(self) -> None:
        """Write the seat file beside the log (nothing without a log, or before the game starts).

        A seat file that cannot be written does not stop the game: the feed says so (a restart
        would then need ``--claim-by-name``).
        """
        if self.log_path is None or self.table is None:
            return
        target = seat_file_path(self.log_path)
        try:
            save_seats(target, self._seat_record())
        except OSError as exc:
            self._note(f"the seat file {target} cannot be written ({exc.strerror or exc}): after a restart, "
                       "people would take their seats back by name")

    def join(self, name: Any) -> str:
        """Take a seat (or take back one's seat at a resumed table) with a name; returns the seat token."""
        with self.lock, self._writing():
            text = check_name(name)
            if self.phase == "lobby":
                if text in self.places:
                    raise Refusal(f"{text} is already at the table: choose another name", 409)
                if len(self.places) >= self.seat_count:
                    raise Refusal(f"the table is full ({self.seat_count} seats)", 409)
                self.places[text] = Place(text)
                token = self._new_token(text)
                self._note(f"{text} sits down")
                if len(self.places) == self.seat_count:
                    self._start()
                return token
            place = self.places.get(text)
            if place is None or place.is_bot:
                raise Refusal("the game has started: only a person with a seat at this table can join by name; "
                              "watch without joining", 409)
            if place.digest is not None:
                raise Refusal(f"{text}'s seat is taken: open the seat's own link (or ask the host)", 409)
            token = self._new_token(text)
            self._note(f"{text} is back at the table")
            self._save_seats()
            return token

    def _new_token(self, name: str) -> str:
        token = secrets.token_urlsafe(32)
        digest = token_digest(self.salt, token)
        self.places[name].digest = digest
        self.digests[digest] = name
        self._changed()
        return token

    def _seat_named(self, token: Any) -> Optional[str]:
        """The seat a token stands for (None: no seat of this table)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        return self.digests.get(token_digest(self.salt, token))

    def start(self, host_token: Any) -> None:
        """The host starts the game: bots fill the empty seats."""
        with self.lock, self._writing():
            self._host(host_token)
            if self.phase != "lobby":
                raise Refusal("the game has already started", 409)
            self._start()

    def _start(self) -> None:
        people = [p for p in self.places.values() if not p.is_bot]
        if not people:
            raise Refusal("nobody has joined yet", 409)
        missing = self.seat_count - len(people)
        if missing and not self.bot_styles:
            low = max(2, self.profile.table.min_players)
            if len(people) < low:
                raise Refusal(f"{len(people)} at the table and no bots to fill seats: this profile needs {low}", 409)
            self.seat_count = len(people)  # people only: the table is who came
            missing = 0
        taken = set(self.places)
        names = [n for n in BOT_NAMES if n not in taken]
        round_ = 2
        while len(names) < missing:
            names += [f"{n}{round_}" for n in BOT_NAMES if f"{n}{round_}" not in taken]
            round_ += 1
        for index in range(missing):
            style = self.bot_styles[index % len(self.bot_styles)]
            self.places[names[index]] = Place(names[index], style)
        seats = [Seat(p.name, p.style) for p in self.places.values()]
        try:
            self.table = Table.new(self.profile, seats, seed=self.seed, profile_name=self.profile_name,
                                   log_path=self.log_path, hands=self.hands, keep=self.keep)
        except BragError as exc:  # the log cannot be written: the lobby stays as it was
            for place in list(self.places.values()):
                if place.is_bot:
                    del self.places[place.name]
            raise Refusal(f"the game cannot start: {exc}", 500) from None
        self.phase = "play"
        self._note(f"the game starts: {', '.join(seat.name for seat in seats)}")
        self._save_seats()
        self._advance()

    # ------------------------------------------------------------------
    # Who is asking
    # ------------------------------------------------------------------

    def seat_of(self, token: Any) -> str:
        """The seat a token stands for; a forged or stale token is refused."""
        name = self._seat_named(token)
        if name is None:
            raise Refusal("this seat token is not one of this table's: join with your name", 403)
        return name

    def _host(self, token: Any) -> None:
        if not self.is_host(token):
            raise Refusal("only the host may do that (the host's link was printed when the server started)", 403)

    def is_host(self, token: Any) -> bool:
        """Whether ``token`` is a host's: the one printed at the start, or at a restart (each keeps working)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return False
        digest = token_digest(self.salt, token)
        return any(secrets.compare_digest(digest, known) for known in self.host_digests)

    def connected(self, name: str, delta: int) -> None:
        """A browser of seat ``name`` opened (+1) or closed (-1)."""
        with self.lock:
            place = self.places.get(name)
            if place is not None:
                place.connections = max(0, place.connections + delta)
                self._watch_absence()
                self._changed()

    # ------------------------------------------------------------------
    # Playing
    # ------------------------------------------------------------------

    @property
    def deal(self) -> Optional[Deal]:
        return self.table.session.current if self.table is not None else None

    def act(self, token: Any, message: Any) -> None:
        """Apply the action a seat's browser sent: ``{"kind": "bet", "amount": "2", "turn": 17}``.

        The action is always the token's seat's, and ``turn`` must be the
        turn the browser was shown (an action sent twice, or one meant for
        an earlier turn, is refused). Refused actions change nothing.
        """
        with self.lock, self._writing():
            name = self.seat_of(token)
            action = self._read_action(name, message)
            self._apply(action)

    def enter_cards(self, token: Any, message: Any, host_token: Any = None) -> None:
        """Keep mode: the cards a player shows at a see or a showdown, ``{"player": "Ann", "cards":
        "Kc Kd 4c", "turn": 17}``, entered by that player or by the host.

        The deal waits for them (``cards_needed`` in the state), checks them (real cards, as many
        as a hand holds, none twice, none already known in this deal) and, once every hand awaited
        is in, settles by the profile. A refused entry changes nothing.
        """
        with self.lock, self._writing():
            host = self.is_host(token) or self.is_host(host_token)
            seat = self._seat_named(token)
            name = seat if seat is not None else "the host" if host else self.seat_of(token)
            if not isinstance(message, dict):
                raise Refusal("cards are entered as a JSON object such as {\"player\": \"Ann\", "
                              "\"cards\": \"Kc Kd 4c\", \"turn\": 3}")
            deal = self.deal
            if self.phase != "play" or deal is None:
                raise self._not_playing()
            if not self.keep:
                raise Refusal("the cards are dealt by the table: nothing is entered (keep mode only)", 409)
            turn = message.get("turn")
            if isinstance(turn, bool) or not isinstance(turn, int):
                raise Refusal("cards entered name the turn they answer (\"turn\": the number the table last sent)")
            if turn != self.turn:
                raise Refusal("this entry answers an earlier turn (sent twice, or the table has moved on): "
                              "nothing was done", 409)
            player = message.get("player", seat)
            if not isinstance(player, str) or player not in deal.players:
                raise Refusal("name the player whose cards these are")
            if not host and player != name:
                raise Refusal(f"{name} may enter only their own cards; the host may enter anyone's", 403)
            raw = message.get("cards")
            if isinstance(raw, list) and all(isinstance(c, str) for c in raw):
                raw = " ".join(raw)
            if not isinstance(raw, str) or not raw.strip():
                raise Refusal("the cards are written as text such as \"Kc Kd 4c\"")
            if len(raw) > MAX_CARDS_TEXT:
                raise Refusal(f"the cards are written in at most {MAX_CARDS_TEXT} characters, such as \"Kc Kd 4c\"")
            try:
                cards = parse_cards(raw)
            except CardError as exc:
                raise Refusal(f"cards: {exc}") from None
            try:
                deal.verify_cards(player, cards)
            except RuleViolation as exc:
                raise self._rule_refusal(exc) from None
            deal.enter_cards(player, cards)
            self._note(f"{player} shows {' '.join(str(c) for c in cards)}"
                       + ("" if name == player else f" (entered by {name})"))
            self.turn += 1
            self._advance()

    def _read_action(self, name: str, message: Any) -> Action:
        if not isinstance(message, dict):
            raise Refusal("an action is a JSON object such as {\"kind\": \"fold\", \"turn\": 3}")
        if self.phase != "play" or self.deal is None:
            raise self._not_playing()
        turn = message.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise Refusal("an action names the turn it answers (\"turn\": the number the table last sent)")
        if turn != self.turn:
            raise Refusal("this action answers an earlier turn (sent twice, or the table has moved on): "
                          "nothing was done", 409)
        kind = message.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise Refusal(f"unknown action; one of: {', '.join(KINDS)}")
        target = message.get("target")
        if target is not None and not isinstance(target, str):
            raise Refusal("'target' is text: old, new, all, or a player's name")
        amount: Optional[Fraction] = None
        if kind in ("bet", "see"):
            raw = message.get("amount")
            if raw is None:
                option = next((o for o in self.deal.view(name).legal_actions() if o.kind == kind), None)
                amount = option.amount if option is not None else None
                if amount is None:
                    raise Refusal(f"'{kind}' needs an amount")
            else:
                if isinstance(raw, float) or isinstance(raw, bool) or not isinstance(raw, (int, str)):
                    raise Refusal("an amount is exact: an integer, or text such as \"5/2\"")
                if isinstance(raw, str) and len(raw) > MAX_AMOUNT_TEXT:
                    raise Refusal(f"an amount is written in at most {MAX_AMOUNT_TEXT} characters, such as \"5/2\"")
                try:
                    amount = parse_money(raw)
                except ValueError as exc:
                    raise Refusal(f"amount: {exc}") from None
        elif "amount" in message and message["amount"] is not None:
            raise Refusal(f"'{kind}' takes no amount")
        cards = None
        if kind in ("arrange", "swap") and target is None:
            raw_cards = message.get("cards")
            if not isinstance(raw_cards, list) or not raw_cards or len(raw_cards) > 9:
                raise Refusal(f"'{kind}' lists cards: [[\"Ah\", \"Ad\", \"Ac\"], ...]")
            try:
                groups = [[c] if isinstance(c, str) else c for c in raw_cards]
                if not all(isinstance(g, list) and all(isinstance(c, str) for c in g) for g in groups):
                    raise CardError("cards are written as text such as \"Kc\"")
                texts = [" ".join(g) for g in groups]
                if any(len(text) > MAX_CARDS_TEXT for text in texts):
                    raise CardError(f"each hand's cards are written in at most {MAX_CARDS_TEXT} characters")
                cards = tuple(tuple(parse_cards(text)) for text in texts)
            except CardError as exc:
                raise Refusal(f"cards: {exc}") from None
        return Action(name, kind, amount=amount, target=target, cards=cards)

    def _apply(self, action: Action) -> None:
        table, deal = self.table, self.deal
        assert table is not None and deal is not None
        if action.kind in DISPUTE_KINDS and action.kind != "redeal":
            raise Refusal("a peek or an exposure is raised as a dispute, so that the table's ruling records it")
        if table.session.time_up():  # session.end.at_limit: abandon: play stopped at the time limit
            table.session.abandon_deal()
            self._advance()
            raise self._rule_refusal(RuleViolation(AT_LIMIT_RULE, "time is up: the hand is abandoned, "
                                                                          "every stake returned"))
        try:
            deal.verify(action)
        except RuleViolation as exc:
            raise self._rule_refusal(exc) from None
        table.session.act(action)
        self._note(describe(deal, action))
        self.turn += 1
        self._advance()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Around every change that is written to the log: when the log cannot be written (a full
        disk, a size limit), the table stops, every seat is told why in words (``fault`` in the
        state), and the request is refused (503). The log is left readable up to its last complete
        line, as ``play`` leaves it, and the server stays up."""
        try:
            yield
        except HistoryError as exc:
            table = self.table
            if table is None or table.log is None or exc.file != table.log.name:
                raise
            self._stop_for(exc, table.log.name)
            raise Refusal(self.fault or exc.message, 503) from None

    def _stop_for(self, exc: HistoryError, name: str) -> None:
        """The log cannot be written: stop the table, and say so to everyone."""
        self.phase = "stopped"
        self.fault = (f"the table has stopped: {exc.message} ({name}). Free some disk space, then restart "
                      f"the table with: bragrules serve --resume {name}")
        self.absent_since = None
        self._note(self.fault)
        self._changed()
        if self.table is not None:
            with contextlib.suppress(BragError, OSError):
                self.table.close()

    def _not_playing(self) -> Refusal:
        """The refusal of an action when no deal is in progress."""
        if self.fault is not None:
            return Refusal(self.fault, 503)
        return Refusal("no deal is in progress" if self.phase != "over" else "the session is over", 409)

    def _rule_refusal(self, exc: RuleViolation) -> Refusal:
        return Refusal(exc.message, 409, exc.rule, rule_words(self.profile, exc.rule))

    def _advance(self) -> None:
        """Bots act, deals end and begin, until a person is to act or the session is over."""
        table = self.table
        assert table is not None
        session = table.session
        for _ in range(MAX_BOT_ACTIONS):
            deal = session.current
            if deal is not None and not deal.is_over and session.time_up():
                session.abandon_deal()  # session.end.at_limit: abandon: play stops at the time limit
            if deal is not None and deal.is_over:
                self._finish(deal)
                continue
            if deal is None:
                if table.finished or not any(not p.is_bot for p in self.places.values()):
                    self._end()
                    return
                session.start_deal()
                self.turn += 1
                self._note(f"deal {session.state.dealt + 1}: {session.dealer} deals")
                continue
            player = deal.to_act
            if player is None:  # keep mode: the cards shown at a showdown are awaited
                break
            bot = table.bots.get(player)
            if bot is None:
                break
            action = bot.choose(deal.view(player))
            session.act(action)
            self._note(describe(deal, action))
            self.turn += 1
        self._watch_absence()
        self._changed()

    def _finish(self, deal: Deal) -> None:
        table = self.table
        assert table is not None
        number = table.session.state.dealt + 1
        result = table.session.finish_deal()
        view = deal.view(deal.order[0])
        self.last = {
            "deal": number,
            "outcome": result.outcome,
            "winners": list(result.winners),
            "pot": optional_money(result.pot),
            "reason": result.reason,
            "net": {p: optional_money(v) for p, v in result.net.items()},
            "carried_out": optional_money(result.carried_out),
            "shown": {p: [str(c) for c in h] for p, h in view.shown().items() if h is not None},
        }
        if result.outcome in ("carried", "redeal", "abandoned"):  # nobody won: a redeal's pot went back to the players
            self._note(f"deal {number}: {result.reason}")
        else:
            self._note(f"deal {number}: {' and '.join(result.winners)} {'wins' if len(result.winners) == 1 else 'win'}"
                       f" {pretty_money(result.pot)} ({result.reason})")

    def _end(self) -> None:
        table = self.table
        assert table is not None
        if self.phase != "over":
            self.phase = "over"
            if not table.finished:
                self.stop_note = "nobody is left at the table but bots"
            self._note("the session is over" + (f": {self.stop_note}" if self.stop_note else ""))
            table.close()
        self.absent_since = None
        self._changed()

    def close(self) -> None:
        """Stop the table (the server is stopping): the log has everything played so far."""
        with self.lock:
            if self.table is not None:
                self.table.close()

    # ------------------------------------------------------------------
    # Absent players and the host
    # ------------------------------------------------------------------

    def _waiting_for(self) -> Optional[Place]:
        deal = self.deal
        if self.phase != "play" or deal is None or deal.is_over or deal.to_act is None:
            return None
        place = self.places.get(deal.to_act)
        return place if place is not None and not place.is_bot else None

    def _watch_absence(self) -> None:
        place = self._waiting_for()
        if place is None or place.connections > 0:
            self.absent_since = None
        elif self.absent_since is None:
            self.absent_since = self.clock()

    def seconds_left(self) -> Optional[float]:
        """While the seat to act has no browser open: seconds until the table acts for it."""
        if self.absent_since is None:
            return None
        return max(0.0, self.turn_timeout - (self.clock() - self.absent_since))

    def tick(self) -> bool:
        """Act for an absent seat whose time is up (the profile's rule, else a fold); whether anything changed."""
        with self.lock:
            self._watch_absence()
            left = self.seconds_left()
            if left is None or left > 0:
                return False
            deal = self.deal
            assert deal is not None and deal.to_act is not None
            player = deal.to_act
            action = timeout_action(deal, player)
            self._note(f"{player} was away for {self.turn_timeout:g} seconds: the table acts for them")
            self.absent_since = None
            try:
                with self._writing():
                    self._apply(action)
            except Refusal:  # the log cannot be written: the table has stopped, and says so
                pass
            return True

    def replace_with_bot(self, host_token: Any, name: Any, style: str = "cautious") -> None:
        """The host removes a person: a bot of ``style`` plays the seat from now on (the token stops working)."""
        with self.lock, self._writing():
            self._host(host_token)
            if self.fault is not None:
                raise Refusal(self.fault, 503)
            place = self.places.get(name) if isinstance(name, str) else None
            if place is None or place.is_bot:
                raise Refusal("name a person at the table", 404)
            if style not in ALL_STYLES:
                raise Refusal(f"unknown bot style; choose from {', '.join(ALL_STYLES)}")
            if self.keep and self.phase != "lobby":
                raise Refusal("keep mode: a bot cannot hold real cards, so nobody is replaced by one", 409)
            if place.digest is not None:
                self.digests.pop(place.digest, None)
            place.digest = None
            if self.phase == "lobby":
                del self.places[place.name]
                self._note(f"the host removes {place.name}")
                self._changed()
                return
            self._seat_bot(place, style)
            self._note(f"the host replaces {place.name} with a bot ({style})")
            self._save_seats()
            self._advance()

    # ------------------------------------------------------------------
    # Disputes
    # ------------------------------------------------------------------

    def dispute(self, token: Any, text: Any, host_token: Any = None) -> Ruling:
        """Rule on a dispute raised at the table (``"A exposes B"``, ``"C peeks D"``, ``"B see 4"``, ``"tie"``)
        with the code of ``bragrules arbitrate``, over the deal as the table knows it.

        The ruling is read by everyone and changes nothing by itself: a
        change it would make to the deal (a peek that folds the one who
        looked, an exposure) waits, as the ruling's ``pending`` action, until
        the host confirms it or the player concerned concedes it
        (:meth:`accept_ruling`). ``token`` is the seat raising it (or the
        host's link); ``host_token`` the host's link when the seat is the host's too.
        """
        from bragrules.arbitrate import arbitrate_deal

        with self.lock:
            name = self._asker(token, host_token)
            if not isinstance(text, str) or not text.strip() or len(text) > 120:
                raise Refusal("a dispute is written as 'A exposes B', 'A peeks B', an action such as 'B see 4', or 'tie'")
            deal = self.deal
            if self.phase != "play" or deal is None or self.table is None:
                raise Refusal(self.fault or "disputes are raised during a deal", 409)
            words = " ".join(text.split())
            session = self.table.session
            number = session.state.dealt + 1
            try:
                arbitration = arbitrate_deal(self._situation(), words, session.players, number=number,
                                             label=self.profile_name)
                (found,) = arbitration.rulings
            except (HistoryError, RuleViolation) as exc:
                ruling = self._unseen_ruling(name, words, deal)
                if ruling is None:
                    raise Refusal(f"the dispute cannot be ruled: {getattr(exc, 'message', exc)}") from None
                return self._record_ruling(ruling, number)
            if found.allowed is False and any(c.path == HISTORY_CARDS for c in found.citations):
                unseen = self._unseen_ruling(name, words, deal)
                if unseen is not None:
                    found.allowed, found.summary, found.citations = unseen.allowed, unseen.summary, []
            ruling = Ruling(name, words, found.allowed, self._redact(found.summary),
                            [{"path": c.path, "value": c.value, "sentence": c.sentence, "source": c.source}
                             for c in found.citations])
            dispute = arbitration.dispute
            if dispute.kind in ("exposure", "peek") and dispute.player and dispute.target:
                action = Action(dispute.player, "expose" if dispute.kind == "exposure" else "peek",
                                target=dispute.target)
                if deal.can(action):
                    ruling.pending = action
            return self._record_ruling(ruling, number)

    def _record_ruling(self, ruling: Ruling, deal_number: int) -> Ruling:
        self.ruling_count += 1
        ruling.number, ruling.deal = self.ruling_count, deal_number
        self.rulings.append(ruling)
        del self.rulings[:-MAX_RULINGS]
        after = ""
        if ruling.pending is not None:
            after = (f" (it changes the deal only if the host confirms it, or {ruling.pending.player} "
                     "concedes it)")
        self._note(f"dispute raised by {ruling.raised_by}: {ruling.text}: {ruling.summary}{after}")
        self._changed()
        return ruling

    def accept_ruling(self, token: Any, number: Any, host_token: Any = None) -> None:
        """Make the change a ruling would make to the deal (``pending``): the host confirms it, or
        the player it concerns concedes it; nobody else may (a seat acts only for itself).

        Refused, changing nothing, when the ruling is not one of this table's, was already settled,
        or no longer applies (the deal it was raised in is over, or the change is no longer legal).
        """
        with self.lock, self._writing():
            seat = self._seat_named(token)
            host = self.is_host(token) or self.is_host(host_token)
            if seat is None and not host:
                raise Refusal("this seat token is not one of this table's: join with your name", 403)
            if isinstance(number, bool) or not isinstance(number, int):
                raise Refusal("name the ruling by its number (\"ruling\": the ruling's \"id\")")
            ruling = next((r for r in self.rulings if r.number == number), None)
            if ruling is None:
                raise Refusal(f"there is no ruling {number} at this table", 404)
            action = ruling.pending
            if action is None:
                raise Refusal(f"ruling {number} was {ruling.settled}" if ruling.settled
                              else f"ruling {number} changes nothing at the table", 409)
            if seat == action.player:
                by = f"conceded by {seat}"
            elif host:
                by = "confirmed by the host"
            else:
                raise Refusal(f"only {action.player} may concede this ruling, or the host confirm it: "
                              "a seat acts only for itself", 403)
            deal, table = self.deal, self.table
            if (self.phase != "play" or deal is None or table is None
                    or table.session.state.dealt + 1 != ruling.deal or not deal.can(action)):
                ruling.pending = None
                self._changed()
                raise Refusal(f"ruling {number} no longer applies: the deal has moved on", 409)
            table.session.act(action)
            ruling.pending, ruling.settled = None, by
            self._note(f"ruling {number} ({ruling.text}) is {by}: {describe(deal, action)}")
            self.turn += 1
            self._advance()

    def _asker(self, token: Any, host_token: Any) -> str:
        """Who raises something at the table: the token's seat, else "the host" (a host's link)."""
        seat = self._seat_named(token)
        if seat is not None:
            return seat
        if self.is_host(token) or self.is_host(host_token):
            return "the host"
        return self.seat_of(token)  # refused: not a seat of this table

    def _situation(self) -> Deal:
        """The deal in progress as everyone at the table knows it, for a ruling: the same start (order,
        pot carried in, stacks, centre) and actions, the hands shown, and every other hand unknown
        (a ruling is read by everyone, so it may not rest on a hidden card). Nothing is read from the log."""
        table, deal = self.table, self.deal
        assert table is not None and deal is not None
        session = table.session
        shown = deal.view(deal.order[0]).shown()
        hands: Dict[str, Optional[Sequence[Any]]] = {}
        for player in deal.order:
            hand = shown.get(player)
            hands[player] = None if hand is None else tuple(hand)
        retained: Dict[str, Optional[Sequence[Any]]] = {p: None for p in session.current_retained()}
        stacks = {p: session.balances[p] for p in deal.order} if deal.rules.session.finite else None
        centre = session.current_centre() if deal.rules.format.exchange else None
        situation = Deal(deal.rules, deal.order, hands, retained=retained or None, carried=deal.carried_in,
                         stacks=stacks, centre=centre)
        for action in deal.actions:
            situation.apply(action)
        return situation

    def _unseen_ruling(self, name: str, words: str, deal: Deal) -> Optional[Ruling]:
        """An action in dispute whose consequences turn on cards the table has not seen: whether it is
        allowed now, and at what cost, as the engine rules it (None: not an action)."""
        try:
            action = Action.parse(words)
        except ValueError:
            return None
        if action.player not in deal.players:
            return None
        try:
            deal.verify(action)
        except RuleViolation as exc:
            return Ruling(name, words, False, self._redact(f"{words} is not allowed: {exc.message}"),
                          [{"path": exc.rule, "value": None, "sentence": rule_words(self.profile, exc.rule),
                            "source": ""}])
        return Ruling(name, words, True, f"{words} is allowed now; what follows turns on cards the table "
                      "has not seen yet, and is settled when it is played")

    def _redact(self, text: str) -> str:
        """``text`` with every card nobody at the table has seen written ``??`` (a second guard: the
        situation given to the arbiter already holds only the cards shown)."""
        import re

        deal = self.deal
        assert deal is not None
        shown = {str(c) for hand in deal.view(deal.order[0]).shown().values() for c in hand or ()}
        hidden = {str(c) for state in deal.players.values() for hand in state.hands.values() for c in hand or ()}
        hidden -= shown | {str(c) for c in deal.centre}
        if not hidden:
            return text
        pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, hidden))) + r")\b")
        return pattern.sub("??", text)

    # ------------------------------------------------------------------
    # What each seat is sent
    # ------------------------------------------------------------------

    def _note(self, text: str) -> None:
        self.feed.append(text)
        del self.feed[:-FEED_LINES]

    def _changed(self) -> None:
        self.version += 1

    def state(self, token: Any = None, host_token: Any = None) -> Dict[str, Any]:
        """What the browser holding ``token`` is shown (None, or a token not of this table: a spectator);
        with the host's controls when ``token`` or ``host_token`` is a host's link (a host may sit at a seat too)."""
        with self.lock:
            you = self._seat_named(token)
            host = self.is_host(token) or self.is_host(host_token)
            table = self.table
            out: Dict[str, Any] = {
                "type": "state",
                "version": self.version,
                "turn": self.turn,
                "phase": self.phase,
                "mode": "keep" if self.keep else "dealt",
                "you": you,
                "host": host,
                "profile": self.profile_name,
                "description": self.profile.description,
                "seat_count": self.seat_count,
                "feed": list(self.feed),
                "last": self.last,
                "rulings": [r.to_json() for r in self.rulings[-3:]],
                "timer": None,
                "fault": self.fault,
            }
            seats = []
            for place in self.places.values():
                item: Dict[str, Any] = {"name": place.name, "bot": place.is_bot,
                                        "style": place.style if place.is_bot else None,
                                        "here": place.is_bot or place.connections > 0}
                if table is not None:
                    session = table.session
                    item["balance"] = optional_money(session.balances[place.name])
                    item["net"] = optional_money(session.net()[place.name])
                    if session.rules.format.lives is not None:
                        item["lives"] = session.lives[place.name]
                seats.append(item)
            out["seats"] = seats
            if table is None:
                return out
            session = table.session
            out["deals_played"] = table.deals_played
            out["hands"] = table.hands
            out["dealer"] = session.dealer
            out["carried"] = optional_money(session.state.carried)
            if self.phase == "over":
                out["winners"] = session.winners()
            deal = session.current
            if deal is not None:
                out["deal"] = session.state.dealt + 1
                if self.keep:
                    out["cards_needed"] = deal.cards_needed
                    out["cards_per_hand"] = deal.rules.format.cards_dealt
                out["view"] = seat_view(deal, you) if you is not None and you in deal.players else public_view(deal)
            left = self.seconds_left()
            if left is not None and deal is not None:
                out["timer"] = {"player": deal.to_act, "seconds": int(left + 0.999)}
            if host and table.log is not None:
                out["log"] = table.log.name
            return out


__all__ = ["Place", "Refusal", "Ruling", "TableService", "check_name", "describe", "keep_problem", "option_label",
           "public_view", "seat_view", "timeout_action"]
