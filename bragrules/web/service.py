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
import time
from pathlib import Path
from typing import Any, Callable, Deque, Dict, List, Optional, Sequence

from bragrules.core.cards import Card, CardError, parse_card
from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.core.i18n import ENGLISH, LANGUAGES, Later, Message, Said, language, tr, with_language
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.view import Sight
from bragrules.play.bots import ALL_STYLES, STYLE_WORDS
from bragrules.play.keep import keep_problem
from bragrules.play.plays import plays
from bragrules.play.table import Table
from bragrules.rules.fixed import HISTORY_CARDS
from bragrules.rules.vocabulary import said, words_of
from bragrules.web.feed_words import every_language, note_line
from bragrules.web.seats import (
    SeatFileError,
    load_seats,
    seat_file_path,
    token_digest,
)
from bragrules.web.table_play import TablePlay
from bragrules.web.table_state import (
    BOT_NAMES,
    DEFAULT_STYLES,
    FEED_LINES,
    MAX_NAME,
    MAX_RULINGS,
    REPLACE_STYLE,
    Clock,
    Place,
    Refusal,
    Ruling,
    check_name,
)
from bragrules.web.views import (
    FeedLine,
    describe,
    option_label,
    optional_money,
    public_view,
    redact,
    rule_json,
    rule_words,
    seat_view,
    timeout_action,
    told,
    viewers,
)


class TableService(TablePlay):
    """One table: the lobby, then the session, for people in browsers and bots.

    ``seats`` is how many sit at the table; ``bots`` the styles of the bots
    that fill the seats nobody has taken when the host starts (used in turn;
    empty: people only). ``turn_timeout``: seconds the table waits for a
    seat whose browser is gone before the profile's rule, or a fold, acts
    for it. ``clock`` is monotonic seconds (tests give a fake one).
    """

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
        replayed = _Replayed()
        table = Table.resume(path, replayed=replayed)
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
        replayed.retell(service)  # the feed and the last deal, as they were before the restart
        if record is None:
            service.claim_by_name = True
            service._note(Message("the table resumes without its seat file: each person takes their seat back by name"))
        else:
            service.salt = record.salt
            service.host_digests = [*record.hosts, token_digest(record.salt, service.host_token)]
            for name, digest in record.seats.items():
                service.places[name].digest = digest
                service.digests[digest] = name
            for name, style in record.bots.items():
                service._seat_bot(service.places[name], style)
            service.recorded_address = service.address = record.address  # kept until it listens again
        service._note(Message("the table resumes from its log: {n} deals played", n=str(table.deals_played)))
        with service.lock:
            service._save_seats()
            with contextlib.suppress(Refusal):  # a log that cannot be written: the table starts stopped, saying so
                with service._writing():
                    service._advance()
        return service

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
                raise Refusal(Message("a dispute is written as 'A exposes B', 'A peeks B', an action such as 'B see 4', "
                                      "or 'tie'"))
            deal = self.deal
            if self.phase != "play" or deal is None or self.table is None:
                raise Refusal(self.fault or Message("disputes are raised during a deal"), 409)
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
                    raise Refusal(Message("the dispute cannot be ruled: {why}", why=Later(self._redacted, exc))) from None
                return self._record_ruling(ruling, number)
            if found.allowed is False and any(c.path == HISTORY_CARDS for c in found.citations):
                unseen = self._unseen_ruling(name, words, deal)
                if unseen is not None:
                    return self._record_ruling(unseen, number)
            ruling = Ruling(name, words, found.allowed, found.summary,
                            [rule_json(c.path, c.value, c.sentence, c.source) for c in found.citations])
            ruling.spoken = in_other_languages(found.summary_text)
            dispute = arbitration.dispute
            if dispute.kind in ("exposure", "peek") and dispute.player and dispute.target:
                action = Action(dispute.player, "expose" if dispute.kind == "exposure" else "peek",
                                target=dispute.target)
                if deal.can(action):
                    ruling.pending = action
            elif dispute.action is not None and dispute.action.kind in ("void", "flash") and deal.can(dispute.action):
                ruling.pending = dispute.action  # a void deal, a penalty: applied once confirmed
            return self._record_ruling(ruling, number)

    def _record_ruling(self, ruling: Ruling, deal_number: int) -> Ruling:
        """Keep a ruling and tell the table of it: its words (the dispute as typed, the ruling) are read by
        everyone, so every card in them that a spectator cannot see is written ``??`` (:meth:`_redact`)."""
        ruling.text, ruling.summary = self._redact(ruling.text), self._redact(ruling.summary)
        ruling.spoken = {lang: self._redact(said) for lang, said in ruling.spoken.items()}
        self.ruling_count += 1
        ruling.number, ruling.deal = self.ruling_count, deal_number
        self.rulings.append(ruling)
        del self.rulings[:-MAX_RULINGS]
        after: Any = ""
        if ruling.pending is not None:
            after = Message(" (it changes the deal only if the host confirms it, or {player} concedes it)",
                            player=ruling.pending.player)
        self._note(Message("dispute raised by {player}: {text}: {summary}{after}", player=ruling.raised_by,
                           text=ruling.text, summary=Later(ruling.summary_read), after=after))
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
                raise Refusal(Message("this seat token is not one of this table's: join with your name"), 403, stale="seat")
            if isinstance(number, bool) or not isinstance(number, int):
                raise Refusal(Message("name the ruling by its number (\"ruling\": the ruling's \"id\")"))
            if self.paused:  # a ruling's change is a change to the deal: it waits, still pending, until play resumes
                raise self._not_playing()
            ruling = next((r for r in self.rulings if r.number == number), None)
            if ruling is None:
                raise Refusal(Message("there is no ruling {number} at this table", number=str(number)), 404)
            action = ruling.pending
            if action is None:
                raise Refusal(Message("ruling {number} was {by}", number=str(number), by=ruling.settled_said or ruling.settled)
                              if ruling.settled
                              else Message("ruling {number} changes nothing at the table", number=str(number)), 409)
            if action.kind == "void" and not host:  # a deal is declared void by the host alone
                raise Refusal(Message("only the host may confirm ruling {number}: a deal is declared void by the host",
                                      number=str(number)), 403)
            if seat == action.player:
                by = Message("conceded by {player}", player=seat)
            elif host:
                by = Message("confirmed by the host")
            else:
                raise Refusal(Message("only {player} may concede this ruling, or the host confirm it: "
                                      "a seat acts only for itself", player=action.player), 403)
            deal, table = self.deal, self.table
            if (self.phase != "play" or deal is None or table is None
                    or table.session.state.dealt + 1 != ruling.deal or not deal.can(action)):
                ruling.pending = None
                self._changed()
                raise Refusal(Message("ruling {number} no longer applies: the deal has moved on", number=str(number)), 409)
            self._act(action, before=Message("ruling {number} ({text}) is {by}: ", number=str(number), text=ruling.text,
                                             by=by))
            ruling.pending, ruling.settled, ruling.settled_said = None, by.english(), by
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
        (a ruling is read by everyone, so it may not rest on a hidden card). Nothing is read from the log.

        >>> from bragrules.profile import load_profile
        >>> table = TableService(load_profile("hukam"), "hukam", seats=3, bots=[], seed=11, log_path=None)
        >>> tokens = [table.join(name) for name in ("Ann", "Bob", "Cat")]
        >>> table._situation().centre == table.deal.centre != []   # the trump card turned after the deal
        True
        >>> table.close()
        """
        table, deal = self.table, self.deal
        assert table is not None and deal is not None
        session = table.session
        shown = deal.view(None).shown()
        hands: Dict[str, Optional[Sequence[Any]]] = {}
        for player in deal.order:
            hand = shown.get(player)
            hands[player] = None if hand is None else tuple(hand)
        retained: Dict[str, Optional[Sequence[Any]]] = {p: None for p in session.current_retained()}
        stacks = {p: session.balances[p] for p in deal.order} if deal.rules.session.finite else None
        # the centre as dealt: an exchange's face-up cards, the spare hand, the cards turned after the deal (a bust
        # card, a trump card, the cards that decide wild cards), each of which the deal needs to be played at all
        centre = session.current_centre() or None
        situation = Deal(deal.rules, deal.order, hands, retained=retained or None, carried=deal.carried_in,
                         stacks=stacks, centre=centre, table_fee=deal.table_fee)
        for action in deal.actions:
            situation.apply(action)
        return situation

    def _unseen_ruling(self, name: str, words: str, deal: Deal) -> Optional[Ruling]:
        """An action in dispute whose consequences turn on cards the table has not seen: whether it is
        allowed now, and at what cost, as the engine rules it (None: not an action).

        A ruling is read by everyone, so an action naming a card the table has not seen (a card in a
        hand, the face-down centre card) is not checked against the real cards: "allowed" or "not in
        the hand" would tell everyone where that card is. It is settled when it is played.
        """
        try:
            action = Action.parse(words)
        except ValueError:
            return None
        if action.player not in deal.players:
            return None
        table_sees = deal.view(None).visible_cards()
        if any(card not in table_sees for card in named_cards(action)):
            told = Message("{dispute} names cards the table has not seen: whether it is allowed turns on them, and "
                           "is settled when it is played", dispute=words)
            return _said_ruling(Ruling(name, words, None, told.english()), told)
        try:
            deal.verify(action)
        except RuleViolation as exc:
            told = Message("{dispute} is not allowed: {why}", dispute=words,
                           why=Later(_refusal_words, exc, deal))
            return _said_ruling(Ruling(name, words, False, told.english(),
                                       [rule_json(exc.rule, None, rule_words(self.profile, exc.rule), "")]), told)
        told = Message("{dispute} is allowed now; what follows turns on cards the table has not seen yet, and is "
                       "settled when it is played", dispute=words)
        return _said_ruling(Ruling(name, words, True, told.english()), told)

    def _redacted(self, said: Said) -> str:
        """A refusal's words (a :class:`~bragrules.core.i18n.Said`) in the language spoken now, redacted as
        :meth:`_redact` redacts."""
        return self._redact(said.text())

    def _redact(self, text: str) -> str:
        """``text`` with every card a spectator cannot see written ``??`` (:func:`~bragrules.web.views.redact`;
        a second guard: the situation given to the arbiter already holds only the cards shown)."""
        deal = self.deal
        assert deal is not None
        return redact(deal, text)

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
                "profile": self.profile.name,  # its name, never the server's path to its file
                "description": self.profile.description,
                "game": words_of(self.profile).title_or(""),  # the game's own name (vocabulary.title), or ""
                "seat_count": self.seat_count,
                "feed": self.feed_read_by(you),
                "last": self._last_read(),
                "rulings": self._rulings_now(),
                "paused": self.paused,
                "timer": None,
                "fault": None if self.fault is None else self.fault.text(),
            }
            out["seats"] = self._seats_state()
            if host:  # the styles the host may put in a person's place, the default first
                out["bot_styles"] = [{"name": name, "words": STYLE_WORDS[name]} for name in
                                     sorted(ALL_STYLES, key=lambda n: n != REPLACE_STYLE)]
            if table is None:
                return out
            self._session_state(out, table, you)
            deal = table.session.current
            if deal is not None:
                self._deal_state(out, deal, you, host)
            if host and table.log is not None:
                out["log"] = table.log.name
            return out

    def _last_read(self) -> Optional[Dict[str, Any]]:
        """The last deal as the reader reads it: how it ended in the language spoken now."""
        if self.last is None:
            return None
        return dict(self.last, **self.last_spoken.get(language(), {}))

    def _rulings_now(self) -> List[Dict[str, Any]]:
        """The last three rulings of the deal in play (between deals, of the last one played): a ruling
        belongs to its deal, and a later deal's page does not show it."""
        table = self.table
        if table is None:
            return []
        session = table.session
        number = session.state.dealt + (1 if session.current is not None else 0)
        return [r.to_json() for r in self.rulings if r.deal == number][-3:]

    def _seats_state(self) -> List[Dict[str, Any]]:
        """Each seat as every browser is shown it: its name, a bot's style, whether anyone is there,
        and (once play has started) its balance, net, and the lives or points the game keeps."""
        table = self.table
        seats = []
        for place in self.places.values():
            item: Dict[str, Any] = {"name": place.name, "bot": place.is_bot,
                                    "style": place.style if place.is_bot else None,
                                    "plays": plays(place.style, self.profile, len(self.places)) if place.is_bot else None,
                                    "here": place.is_bot or place.connections > 0}
            if table is not None:
                session = table.session
                item["balance"] = optional_money(session.balances[place.name])
                item["net"] = optional_money(session.net()[place.name])
                if session.rules.format.lives is not None:
                    item["lives"] = session.lives[place.name]
                if session.rules.session.points is not None:  # session.points: each seat's score
                    item["points"] = session.scores[place.name]
            seats.append(item)
        return seats

    def _session_state(self, out: Dict[str, Any], table: Table, you: Optional[str]) -> None:
        """The session's part of :meth:`state`, put in ``out``: the deals played, the dealer, the pot
        carried, the points target, what ``you`` may buy, and the winners once it is over."""
        session = table.session
        out["deals_played"] = table.deals_played
        out["hands"] = table.hands
        out["dealer"] = session.dealer
        out["carried"] = optional_money(session.state.carried)
        self._bank_state(out, you)  # procedure.bank.carry: the bank, its holder, and whether they are asked
        if session.rules.session.points is not None:  # session.points: the target the scores play to
            out["points_target"] = session.rules.session.points.target
        if you is not None and session.rules.session.buys:  # what this seat may buy, with its exact amounts
            out["buys"] = [{"kind": kind, "least": optional_money(least), "most": optional_money(most)}
                           for kind, least, most in session.buy_options(you, waiting=True)]
            if you in self.buys_waiting:
                out["buy_waiting"] = optional_money(self.buys_waiting[you])
        if self.phase == "over":
            out["winners"] = session.winners()

    def _deal_state(self, out: Dict[str, Any], deal: Deal, you: Optional[str], host: bool) -> None:
        """The deal in play's part of :meth:`state`, put in ``out``: its number, the cards a kept
        table still needs, the deal as ``you`` see it, the host's void, and the clock of the seat to act."""
        assert self.table is not None
        out["deal"] = self.table.session.state.dealt + 1
        if self.keep:
            out["cards_needed"] = deal.cards_needed
            out["cards_per_hand"] = deal.rules.format.cards_dealt
        out["view"] = seat_view(deal, you) if you is not None and you in deal.players else public_view(deal)
        if self.phase != "play" or self.paused:  # nobody acts: the seat's page says why instead of its buttons
            out["view"]["legal"] = []
            out["view"]["withheld"] = [{"actions": ["every action"], "words": tr("every action"),
                                        "why": self._not_playing().message,
                                        "rule": None, "rule_words": None}]
        if host and deal.rules.disputes.void_deal and deal.can(Action(deal.order[-1], "void")):
            # the host may declare the deal void (a malfunction): raised as a dispute in the dealer's name
            out["void"] = {"dispute": f"{deal.order[-1]} void",
                           "label": "declare the deal void (a malfunction): every stake returned"}
        left = self.seconds_left()
        if left is not None:
            out["timer"] = {"player": deal.to_act, "seconds": int(left + 0.999)}

def in_other_languages(read: Callable[[], str]) -> Dict[str, str]:
    """What ``read`` says in each language shipped other than English (a ruling's summary, made once
    while the deal's cards are as they are, for each reader to read their own)."""
    return {lang: with_language(lang, read) for lang in LANGUAGES if lang != ENGLISH}


def _refusal_words(refusal: RuleViolation, deal: Deal) -> str:
    """The engine's refusal in the language spoken, the game's own words for its moves."""
    return said(refusal.text(), deal.rules.words)


def _said_ruling(ruling: Ruling, told: Message) -> Ruling:
    ruling.spoken = in_other_languages(told.text)
    return ruling


__all__ = ["BOT_NAMES", "DEFAULT_STYLES", "FEED_LINES", "MAX_NAME", "MAX_RULINGS", "Clock", "Place", "Refusal", "Ruling",
           "TableService", "check_name", "describe", "keep_problem", "option_label", "public_view", "seat_view",
           "timeout_action"]


def named_cards(action: Action) -> List[Card]:
    """The cards an action names: those it lists (a swap, a throw, an arrangement) and a card as its
    target (Four-Card's ``discard 7h``).

    >>> [str(c) for c in named_cards(Action.parse("A swap 2c Qs"))], named_cards(Action.parse("A look old"))
    (['2c', 'Qs'], [])
    """
    cards = [card for hand in action.cards or () for card in hand]
    if action.target is not None:
        with contextlib.suppress(CardError):
            cards.append(parse_card(action.target))
    return cards


class _Replayed:
    """What the table said while the deals in its log were played (the last :data:`FEED_LINES` lines of
    the feed, and the deals' results), gathered as :meth:`TableService.resume` replays the log: each
    action's line as each seat could read it then (:func:`~bragrules.web.views.told`), as at the table."""

    def __init__(self) -> None:
        from collections import deque

        self.lines: Deque[Any] = deque(maxlen=FEED_LINES)  # a line, or a result: (number, deal, result)
        self.sight: Optional[Sight] = None  # what each could see after the last event: before the next action

    def __call__(self, session: Any, event: Dict[str, Any]) -> None:
        kind, deal = event.get("type"), session.current
        if kind == "deal":
            self.lines.append(note_line(Message("deal {number}: {dealer} deals", number=str(event["deal"]),
                                                dealer=event["dealer"])))
        elif kind == "action" and deal is not None:
            if self.sight is None:  # never so: a deal's actions follow its "deal" line
                self.sight = Sight(deal, viewers(deal))
            sight, done = self.sight, deal.actions[-1]
            self.lines.append(every_language(lambda: told(deal, done, sight)))
        elif kind == "result" and deal is not None and deal.result is not None:
            self.lines.append((event["deal"], deal, deal.result))
        self.sight = Sight(deal, viewers(deal)) if deal is not None and kind != "result" else None

    def retell(self, service: "TableService") -> None:
        """Put the lines in ``service``'s feed, and the last result in its ``last``."""
        for line in self.lines:
            if isinstance(line, FeedLine):
                service._tell(line)
            else:
                service._record_result(*line)

