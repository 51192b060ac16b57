"""The web table's state: its seats and their tokens, its host, the log written as play goes, the
running account, and the timer for a seat whose browser has gone (the layer the play and the
rulings of :class:`~bragrules.web.service.TableService` are built on).

>>> check_name("Ada")
'Ada'
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from bragrules.core.errors import BragError, HistoryError, RuleViolation
from bragrules.core.i18n import N_, Message, language, words
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.view import Sight
from bragrules.play.bots import ALL_STYLES, make_bot
from bragrules.play.keep import keep_problem
from bragrules.play.table import HUMAN, Table
from bragrules.profile.models import Profile
from bragrules.rules.vocabulary import said, words_of
from bragrules.web.feed_words import every_language, note_line
from bragrules.web.seats import (
    SeatRecord,
    header_digest,
    save_seats,
    seat_file_path,
    token_digest,
)
from bragrules.web.views import (
    FeedLine,
    rule_words,
    told,
    viewers,
)

MAX_NAME = 24
"""The longest name a person may take at the table (one word)."""

DEFAULT_STYLES = ("cautious", "loose", "blind_bluffer", "see_happy")
REPLACE_STYLE = "cautious"
"""The style of the bot the host puts in a person's place when the host names none."""
BOT_NAMES = ("Ada", "Bo", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu",
             "Max", "Ned", "Oz", "Pam", "Quin", "Ros", "Sid", "Tam", "Uma", "Vic")
FEED_LINES = 14
"""How many lines of the table's running account a seat is sent."""
MAX_BOT_ACTIONS = 100_000
"""Bot actions in one go before the table stops for breath (a table of bots and no end)."""
PAUSED = N_("the host has paused the table: nothing is played until the host resumes it")
"""Why nobody may act at a paused table (the refusal, and the page's words instead of its buttons)."""
MAX_RULINGS = 50
"""Rulings the table remembers (the last ones; each seat is sent the last three)."""
MAX_AMOUNT_TEXT = 40
"""The longest amount written as text (``"5/2"``): a longer one is refused, never cut."""
MAX_CARDS_TEXT = 80
"""The longest text of cards entered or swapped: a longer one is refused, never cut."""

Clock = Callable[[], float]


class Refusal(BragError):
    """A request the table refuses: ``message`` for people, ``status`` for HTTP, ``rule`` when a rule forbids it."""

    def __init__(self, message: Union[str, Message], status: int = 400, rule: Optional[str] = None,
                 rule_words: Optional[str] = None, stale: Optional[str] = None):
        super().__init__(message.english() if isinstance(message, Message) else message)
        self.said = message
        self.status = status
        self.rule = rule
        self.rule_words = rule_words
        self.stale = stale
        """What the request was sent with that the table has left behind, for the page to act on whatever the
        language of the words: ``"seat"`` (a seat token this table does not know), ``"turn"`` (an earlier turn)."""

    @property
    def message(self) -> str:
        """The refusal in the language spoken now (a :class:`Message` is read in its reader's language)."""
        return words(self.said)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "error", "error": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
            out["rule_words"] = self.rule_words
        if self.stale is not None:
            out["stale"] = self.stale
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
    settled_said: Optional[Message] = None  # the same, read in each reader's language
    spoken: Dict[str, str] = field(default_factory=dict)  # the summary in each other language shipped

    def summary_read(self) -> str:
        """The summary in the language spoken now (English where no other was made)."""
        return self.spoken.get(language(), self.summary)

    def to_json(self) -> Dict[str, Any]:
        """The ruling as the page shows it, in the language spoken now."""
        pending = None if self.pending is None else {"player": self.pending.player, "action": str(self.pending)}
        settled = self.settled_said.text() if self.settled_said is not None else self.settled
        return {"id": self.number, "raised_by": self.raised_by, "text": self.text, "allowed": self.allowed,
                "summary": self.summary_read(), "rules": self.rules, "deal": self.deal, "pending": pending,
                "settled": settled}



def check_name(name: Any) -> str:
    """A person's name at the table: one word of printable characters, at most :data:`MAX_NAME`.

    >>> check_name("  Ada ")
    'Ada'
    >>> check_name("Ada Lovelace")
    Traceback (most recent call last):
    ...
    bragrules.web.table_state.Refusal: a name at the table is one word of at most 24 characters (letters, digits, - or _)
    """
    text = name.strip() if isinstance(name, str) else ""
    if (not text or len(text) > MAX_NAME or len(text.split()) != 1
            or not all(ch.isalnum() or ch in "-_'." for ch in text)):
        raise Refusal(Message("a name at the table is one word of at most {n} characters (letters, digits, - or _)",
                              n=str(MAX_NAME)))
    return text



class TableState:
    """What one web table holds, and the small steps every part of it takes (a line of the
    running account, a new version for the browsers, the seat file saved)."""

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
                raise Refusal(Message("keep mode is for people at a real table: bots hold no real cards (--bots none)"))
        if not max(2, low) <= seats <= high:
            raise Refusal(Message("the profile {name} seats {low} to {high} players, not {seats}", name=profile.name,
                                  low=str(low), high=str(high), seats=str(seats)))
        for style in bots:
            if style not in ALL_STYLES:
                raise Refusal(Message("unknown bot style {name} (choose from {styles})", name=repr(style),
                                      styles=", ".join(ALL_STYLES)))
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
        self.buys_waiting: Dict[str, Fraction] = {}  # chips a person asked to buy, bought once the deal in progress is over
        self.version = 0  # counts every change anyone can see
        self.feed: List[FeedLine] = []  # each line as each seat may read it
        self.last: Optional[Dict[str, Any]] = None
        self.last_spoken: Dict[str, Dict[str, Any]] = {}  # per language but English: the last deal's ending in words
        self.rulings: List[Ruling] = []
        self.ruling_count = 0
        self.fault: Optional[Message] = None  # why the table stopped mid-session (its log cannot be written)
        self.absent_since: Optional[float] = None
        self.stop_note: Optional[Message] = None
        self.paused = False  # the host paused the table: nobody acts, no bot, no clock, until the host resumes it
        self.lock = threading.RLock()
        self.keep = keep  # the cards are real, on a table: the app keeps score and referees
        self.address: Optional[Tuple[str, int]] = None  # (host, port) the table listens on: where its links point
        self.recorded_address: Optional[Tuple[str, int]] = None  # resumed: where the seat file says it listened

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
                          bots=dict(self.replaced), address=self.address)

    def listening(self, host: str, port: int) -> None:
        """The table listens on ``host:port`` (what its links name): recorded in the seat file, so that
        ``serve --resume`` listens there again."""
        with self.lock:
            self.address = (host, port)
            self._save_seats()

    @property
    def table_id(self) -> str:
        """A name for this table that lasts through restarts (it is drawn from the seat file's salt), for
        what a browser keeps per table, such as its seat cookie: a browser sends a cookie to every port
        of a host, so another table of this computer must not read it as its own.

        >>> from bragrules.profile import load_profile
        >>> from bragrules.web.service import TableService
        >>> service = TableService(load_profile("traditional"), "traditional", seats=3, bots=[])
        >>> len(service.table_id), service.table_id == TableService.table_id.fget(service)
        (12, True)
        """
        return hashlib.sha256(b"bragrules-table/" + self.salt).hexdigest()[:12]

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

    # ------------------------------------------------------------------
    # Who is asking
    # ------------------------------------------------------------------

    def seat_of(self, token: Any) -> str:
        """The seat a token stands for; a forged or stale token is refused."""
        name = self._seat_named(token)
        if name is None:
            raise Refusal(Message("this seat token is not one of this table's: join with your name"), 403, stale="seat")
        return name

    def _host(self, token: Any) -> None:
        if not self.is_host(token):
            raise Refusal(Message("only the host may do that (the host's link was printed when the server started)"), 403)

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
        self.fault = Message("the table has stopped: {why} ({name}). Free some disk space, then restart the table "
                             "with: bragrules serve --resume {name}", why=exc.message, name=name)
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
        if self.paused:
            return Refusal(Message(PAUSED), 409)
        return Refusal(Message("no deal is in progress") if self.phase != "over" else Message("the session is over"), 409)

    def _rule_refusal(self, exc: RuleViolation) -> Refusal:
        """An action the engine refused, as the page says it: in the game's words (a chaal, a pack), the rule
        named by its path and in words."""
        return Refusal(said(exc.text(), words_of(self.profile)), 409, exc.rule, rule_words(self.profile, exc.rule))

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
        if self.phase != "play" or self.paused or deal is None or deal.is_over or deal.to_act is None:
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

    # ------------------------------------------------------------------
    # What each seat is sent
    # ------------------------------------------------------------------

    def _note(self, text: Union[str, Message]) -> None:
        """A line the whole table reads alike (no card in it that anyone may not see): a :class:`Message`
        is read in each reader's language, other text (a system's error) as it is."""
        self._tell(note_line(text))

    def feed_read_by(self, seat: Optional[str], lang: Optional[str] = None) -> List[str]:
        """The feed as ``seat`` may read it (None: a spectator) in ``lang`` (None: the language spoken now),
        each line by :meth:`FeedLine.read_by`."""
        return [line.read_by(seat, lang) for line in self.feed]

    def _tell(self, line: FeedLine) -> None:
        self.feed.append(line)
        del self.feed[:-FEED_LINES]

    def _act(self, action: Action, before: Union[str, Message] = "") -> None:
        """Apply ``action`` to the deal in progress (checked already) and tell the table of it, as the
        deal records it (an accepted side-show with who folded), each seat reading only the cards it
        could see before or after it (:func:`~bragrules.web.views.told`); ``before``: words leading the line."""
        table, deal = self.table, self.deal
        assert table is not None and deal is not None
        sight = Sight(deal, viewers(deal))
        table.session.act(action)
        done = deal.actions[-1]
        self._tell(every_language(lambda: told(deal, done, sight).led_by(words(before))))

    def _changed(self) -> None:
        self.version += 1


__all__ = ["BOT_NAMES", "Clock", "DEFAULT_STYLES", "FEED_LINES", "MAX_AMOUNT_TEXT", "MAX_BOT_ACTIONS", "MAX_CARDS_TEXT", "MAX_NAME", "MAX_RULINGS", "PAUSED", "Place", "Refusal", "Ruling", "check_name", "TableState"]
