"""The web table's play: the lobby and the start, every action taken (a seat's, a bot's, the
profile's default for an absent seat), the cards entered at a kept table, and the deals settled
(the layer between :mod:`bragrules.web.table_state` and :class:`~bragrules.web.service.TableService`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple

from bragrules.core.cards import Card, CardError, parse_cards
from bragrules.core.errors import BragError, RuleViolation
from bragrules.core.i18n import ENGLISH, LANGUAGES, N_, Message, language, tr, with_language
from bragrules.core.money import ZERO, parse_money, pretty_money
from bragrules.engine.actions import DISPUTE_KINDS, KINDS, Action
from bragrules.engine.deal import Deal
from bragrules.play.bots import ALL_STYLES
from bragrules.play.table import Seat, Table
from bragrules.rules.session import AT_LIMIT_RULE
from bragrules.rules.vocabulary import said
from bragrules.web.feed_words import every_language, result_line, spoken_ending
from bragrules.web.table_bank import TableBank
from bragrules.web.table_state import (
    BOT_NAMES,
    MAX_AMOUNT_TEXT,
    MAX_BOT_ACTIONS,
    MAX_CARDS_TEXT,
    Place,
    Refusal,
    check_name,
)
from bragrules.web.views import (
    FeedLine,
    decided_rules,
    optional_money,
    reason_with_rules,
    shown_names,
    timeout_action,
)

HOST_CONTROLS = ("pause", "resume", "end")
BUY_RANGES = {
    "buy_in": N_("a buy-in is from {least} to {most}, not {amount}"),
    "rebuy": N_("a rebuy is from {least} to {most}, not {amount}"),
    "top_up": N_("a top-up is from {least} to {most}, not {amount}"),
}
"""A buy refused for its amount, by the kind of buy (``session.buy_in_min``, ``session.buy_in_max``)."""
"""What the host may do to the session from the page, besides starting it and replacing a person."""


class TablePlay(TableBank):
    """A web table's play, seat by seat and deal by deal."""

    def join(self, name: Any) -> str:
        """Take a seat (or take back one's seat at a resumed table) with a name; returns the seat token."""
        with self.lock, self._writing():
            text = check_name(name)
            if self.phase == "lobby":
                if text in self.places:
                    raise Refusal(Message("{player} is already at the table: choose another name", player=text), 409)
                if len(self.places) >= self.seat_count:
                    raise Refusal(Message("the table is full ({n} seats)", n=str(self.seat_count)), 409)
                self.places[text] = Place(text)
                token = self._new_token(text)
                self._note(Message("{player} sits down", player=text))
                if len(self.places) == self.seat_count:
                    self._start()
                return token
            place = self.places.get(text)
            if place is None or place.is_bot:
                raise Refusal(Message("the game has started: only a person with a seat at this table can join by name; "
                                      "watch without joining"), 409)
            if place.digest is not None:
                raise Refusal(Message("{player}'s seat is taken: open the seat's own link (or ask the host)", player=text), 409)
            token = self._new_token(text)
            self._note(Message("{player} is back at the table", player=text))
            self._save_seats()
            return token

    def start(self, host_token: Any) -> None:
        """The host starts the game: bots fill the empty seats."""
        with self.lock, self._writing():
            self._host(host_token)
            if self.phase != "lobby":
                raise Refusal(Message("the game has already started"), 409)
            self._start()

    def _start(self) -> None:
        people = [p for p in self.places.values() if not p.is_bot]
        if not people:
            raise Refusal(Message("nobody has joined yet"), 409)
        missing = self.seat_count - len(people)
        if missing and not self.bot_styles:
            low = max(2, self.profile.table.min_players)
            if len(people) < low:
                raise Refusal(Message("{n} at the table and no bots to fill seats: this profile needs {low}",
                                      n=str(len(people)), low=str(low)), 409)
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
            raise Refusal(Message("the game cannot start: {why}", why=str(exc)), 500) from None
        self.phase = "play"
        self._note(Message("the game starts: {players}", players=", ".join(seat.name for seat in seats)))
        self._save_seats()
        self._advance()

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

    def buy(self, token: Any, message: Any) -> None:
        """Buy chips, as the token's seat: ``{"amount": "20"}`` (``session.rebuy``, ``session.top_up``, the
        buy-in range). Made at once between deals; during a deal, held and made as soon as it is over (the
        profile's limits asked again then). A buy the profile does not allow is refused and changes nothing."""
        with self.lock, self._writing():
            name = self.seat_of(token)
            table = self.table
            if table is None:
                raise Refusal(Message("the game has not started"), 409)
            session = table.session
            options = session.buy_options(name, waiting=True)
            if not options:
                raise Refusal(Message("{player} may buy no chips now under this profile", player=name), 409)
            kind, least, most = options[0]
            raw = message.get("amount") if isinstance(message, dict) else None
            try:
                amount = parse_money(str(raw))
            except (BragError, ValueError):
                raise Refusal(Message("a buy names its amount, from {least} to {most}", least=least, most=most)) from None
            if not least <= amount <= most:
                rule = "session.buy_in_min" if amount < least else "session.buy_in_max"
                raise Refusal(Message(BUY_RANGES[kind], least=least, most=most, amount=amount), 409, rule=rule)
            if session.current is not None and not session.current.is_over:
                self.buys_waiting[name] = amount
                self._note(Message("{player} will buy {amount} once this deal is over", player=name, amount=amount))
            else:
                self._buy_now(name, amount)
            self._changed()

    def _buy_now(self, name: str, amount: Fraction) -> None:
        table = self.table
        assert table is not None
        try:
            kind = table.session.buy(name, amount)
        except RuleViolation as exc:
            self._note(Message("{player}'s buy of {amount} is refused: {why} ({rule})", player=name, amount=amount,
                               why=exc.said, rule=str(exc.rule)))
            return
        told = {"buy_in": N_("{player} brings {amount}"), "rebuy": N_("{player} buys in again for {amount}"),
                "top_up": N_("{player} tops up by {amount}")}[kind]
        self._note(Message(told, player=name, amount=amount))

    def _buy_between_deals(self) -> None:
        """Before a deal: the buys people asked for during the last one, and a bot out of chips buying again
        for the starting stack where the profile lets it."""
        table = self.table
        assert table is not None
        session = table.session
        if not session.rules.session.buys:
            return
        waiting, self.buys_waiting = self.buys_waiting, {}
        for name, amount in waiting.items():
            self._buy_now(name, amount)
        for name in table.bots:
            for kind, least, most in session.buy_options(name):
                if kind == "rebuy":
                    self._buy_now(name, min(max(session.rules.session.starting_stack, least), most))

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
                raise Refusal(Message("cards are entered as a JSON object such as {example}",
                                      example='{"player": "Ann", "cards": "Kc Kd 4c", "turn": 3}'))
            deal = self.deal
            if self.phase != "play" or self.paused or deal is None:
                raise self._not_playing()
            if not self.keep:
                raise Refusal(Message("the cards are dealt by the table: nothing is entered (keep mode only)"), 409)
            turn = message.get("turn")
            if isinstance(turn, bool) or not isinstance(turn, int):
                raise Refusal(Message("cards entered name the turn they answer (\"turn\": the number the table last sent)"))
            if turn != self.turn:
                raise Refusal(Message("this entry answers an earlier turn (sent twice, or the table has moved on): "
                                      "nothing was done"), 409, stale="turn")
            player = message.get("player", seat)
            if not isinstance(player, str) or player not in deal.players:
                raise Refusal(Message("name the player whose cards these are"))
            if not host and player != name:
                raise Refusal(Message("{player} may enter only their own cards; the host may enter anyone's", player=name), 403)
            raw = message.get("cards")
            if isinstance(raw, list) and all(isinstance(c, str) for c in raw):
                raw = " ".join(raw)
            if not isinstance(raw, str) or not raw.strip():
                raise Refusal(Message("the cards are written as text such as \"Kc Kd 4c\""))
            if len(raw) > MAX_CARDS_TEXT:
                raise Refusal(Message("the cards are written in at most {n} characters, such as \"Kc Kd 4c\"",
                                      n=str(MAX_CARDS_TEXT)))
            try:
                cards = parse_cards(raw)
            except CardError as exc:  # its words already in the language spoken (the reader's)
                raise Refusal(Message("cards: {why}", why=str(exc))) from None
            try:
                deal.verify_cards(player, cards)
            except RuleViolation as exc:
                raise self._rule_refusal(exc) from None
            deal.enter_cards(player, cards)
            shown = " ".join(str(c) for c in cards)
            self._note(Message("{player} shows {cards}", player=player, cards=shown) if name == player else
                       Message("{player} shows {cards} (entered by {name})", player=player, cards=shown, name=name))
            self.turn += 1
            self._advance()

    def _read_action(self, name: str, message: Any) -> Action:
        """The action a seat's message asks for, its every part checked (a :class:`Refusal` names the first
        wrong one): the turn it answers, its kind, its target, its amount, its cards."""
        if not isinstance(message, dict):
            raise Refusal(Message("an action is a JSON object such as {example}", example='{"kind": "fold", "turn": 3}'))
        if self.phase != "play" or self.paused or self.deal is None:
            raise self._not_playing()
        turn = message.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise Refusal(Message("an action names the turn it answers (\"turn\": the number the table last sent)"))
        if turn != self.turn:
            raise Refusal(Message("this action answers an earlier turn (sent twice, or the table has moved on): "
                                  "nothing was done"), 409, stale="turn")
        kind = message.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise Refusal(Message("unknown action; one of: {kinds}", kinds=", ".join(KINDS)))
        target = message.get("target")
        if target is not None and not isinstance(target, str):
            raise Refusal(Message("'target' is text: old, new, all, or a player's name"))
        amount = self._message_amount(self.deal, name, kind, message)
        takes_cards = (kind in ("arrange", "swap", "throw") and target is None) or (kind, target) == ("swap", "down")
        cards = _message_cards(kind, message) if takes_cards else None
        return Action(name, kind, amount=amount, target=target, cards=cards)

    @staticmethod
    def _message_amount(deal: Deal, name: str, kind: str, message: Dict[str, Any]) -> Optional[Fraction]:
        """A bet's, a see's, a side-show's or a Pair Plus's amount (the least allowed, or the price, when none is
        given); None for any other kind."""
        if kind not in ("bet", "see", "sideshow", "open", "pairplus"):
            if "amount" in message and message["amount"] is not None:
                raise Refusal(Message("'{kind}' takes no amount", kind=kind))
            return None
        raw = message.get("amount")
        if raw is None:
            option = next((o for o in deal.view(name).legal_actions() if o.kind == kind), None)
            if kind in ("sideshow", "open"):  # its price, as offered (none where asking is free)
                return option.amount if option is not None else None
            if option is None or option.amount is None:
                raise Refusal(Message("'{kind}' needs an amount", kind=kind))
            return option.amount
        if isinstance(raw, float) or isinstance(raw, bool) or not isinstance(raw, (int, str)):
            raise Refusal(Message("an amount is exact: an integer, or text such as \"5/2\""))
        if isinstance(raw, str) and len(raw) > MAX_AMOUNT_TEXT:
            raise Refusal(Message("an amount is written in at most {n} characters, such as \"5/2\"",
                                  n=str(MAX_AMOUNT_TEXT)))
        try:
            return parse_money(raw)
        except ValueError as exc:  # its words already in the language spoken (the reader's)
            raise Refusal(Message("amount: {why}", why=str(exc))) from None

    def _apply(self, action: Action) -> None:
        table, deal = self.table, self.deal
        assert table is not None and deal is not None
        if action.kind in DISPUTE_KINDS and action.kind != "redeal":
            raise Refusal(Message("a peek or an exposure is raised as a dispute, so that the table's ruling records it"))
        if table.session.time_up():  # session.end.at_limit: abandon: play stopped at the time limit
            table.session.abandon_deal()
            self._advance()
            raise self._rule_refusal(RuleViolation(AT_LIMIT_RULE, "time is up: the hand is abandoned, "
                                                                          "every stake returned"))
        try:
            deal.verify(action)
        except RuleViolation as exc:
            raise self._rule_refusal(exc) from None
        self._act(action)
        self.turn += 1
        self._advance()

    def _advance(self) -> None:
        """Bots act, deals end and begin, until a person is to act or the session is over."""
        table = self.table
        assert table is not None
        session = table.session
        if self.paused:  # the host paused the table: no bot acts, no deal ends or begins, until it resumes
            self._watch_absence()
            self._changed()
            return
        for _ in range(MAX_BOT_ACTIONS):
            deal = session.current
            if deal is not None and not deal.is_over and session.time_up():
                session.abandon_deal()  # session.end.at_limit: abandon: play stops at the time limit
            if deal is not None and deal.is_over:
                self._finish(deal)
                continue
            if deal is None:
                self._buy_between_deals()
                if table.finished or not any(not p.is_bot for p in self.places.values()):
                    self._end()
                    return
                if self._bank_waits():  # procedure.bank.carry: the banker, a person, keeps or passes the bank
                    break
                session.start_deal()
                self.turn += 1
                self._note(Message("deal {number}: {dealer} deals", number=str(session.state.dealt + 1), dealer=session.dealer))
                continue
            player = deal.to_act
            if player is None:  # keep mode: the cards shown at a showdown are awaited
                break
            bot = table.bots.get(player)
            if bot is None:
                break
            self._act(bot.choose(deal.view(player)))
            self.turn += 1
        self._watch_absence()
        self._changed()

    def _finish(self, deal: Deal) -> None:
        table = self.table
        assert table is not None
        number = table.session.state.dealt + 1
        holder = table.session.bank_holder  # procedure.bank.carry: who held the bank into this deal
        result = table.session.finish_deal()
        self._record_result(number, deal, result)
        self._bank_after_deal(holder)

    def _record_result(self, number: int, deal: Deal, result: Any) -> None:
        """The last deal (``last`` in the state) and the feed's line of its result."""
        view = deal.view(None)  # the table's: what everyone saw
        rules = decided_rules(deal)
        reason = said(result.reason, deal.rules.words)  # in the game's words: everyone else packed
        why = reason_with_rules(reason, rules)
        self.last = {
            "deal": number,
            "outcome": result.outcome,
            "winners": list(result.winners),
            "pot": optional_money(result.pot),
            "reason": reason,
            "why": why,  # the reason and the rules that decided it
            "net": {p: optional_money(v) for p, v in result.net.items()},
            "carried_out": optional_money(result.carried_out),
            "shown": {p: [str(c) for c in h] for p, h in view.shown().items() if h is not None},
            "shown_names": shown_names(deal, view.shown()),
            "rules": rules,  # the rules that decided the ending, as arbitrate words them
        }
        if deal.rules.format.hands > 1:  # several hands: as the players shown set them out (arrange.js draws them)
            self.last["arranged"] = {p: h for p, h in result.arrangements.items() if p in self.last["shown"]}
        session = self.table.session if self.table is not None else None
        if session is not None and session.rules.house.in_play:  # the house's take (house): rake, table fees
            played = result.outcome not in ("redeal", "abandoned")
            self.last["house"] = {
                "rake": optional_money(result.rake) if session.rules.house.takes_rake else None,
                "table_fee": optional_money(session.last_fees if played else ZERO)
                if session.rules.house.charges_fee else None,
                "total": optional_money(session.house),
            }
        if deal.rules.pots is not None:  # pots: each side pot and who took it
            self.last["pots"] = side_pots_sent(deal)
            self.last["sweep"] = sweep_sent(deal)
        if result.outcome in ("carried", "redeal", "abandoned") or result.bank_settled is not None:  # nobody won a pot
            # (a redeal's went back to the players; a bank's stakes were each settled against it)
            english = f"deal {number}: {why}"
        else:
            english = (f"deal {number}: {' and '.join(result.winners)} {'wins' if len(result.winners) == 1 else 'win'}"
                       f" {pretty_money(result.pot)} ({why})")
        self.last_spoken = {lang: with_language(lang, spoken_ending, deal, result) for lang in LANGUAGES
                            if lang != ENGLISH}
        self._tell(every_language(lambda: FeedLine(english if language() == ENGLISH else result_line(
            number, result, self.last_spoken[language()]["why"]))))

    def _end(self) -> None:
        table = self.table
        assert table is not None
        if self.phase != "over":
            self.phase = "over"
            if not table.finished and self.stop_note is None:
                self.stop_note = Message("nobody is left at the table but bots")
            self._note(Message("the session is over: {why}", why=self.stop_note) if self.stop_note
                       else Message("the session is over"))
            table.close()
        self.absent_since = None
        self._changed()

    def tick(self) -> bool:
        """Act for an absent seat whose time is up (the profile's rule, else a fold); whether anything changed."""
        with self.lock:
            self._watch_absence()
            left = self.seconds_left()
            if left is None or left > 0:
                return False
            try:
                if self._bank_timed_out():  # an absent banker: the bank stays with them
                    return True
            except Refusal:  # the log cannot be written: the table has stopped, and says so
                return True
            deal = self.deal
            assert deal is not None and deal.to_act is not None
            player = deal.to_act
            action = timeout_action(deal, player)
            seconds = f"{self.turn_timeout:g}"
            self._note(Message("{player} was away for {seconds} seconds: the table acts for them", player=player,
                               seconds=seconds))
            self.absent_since = None
            try:
                with self._writing():
                    self._apply(action)
            except Refusal:  # the log cannot be written: the table has stopped, and says so
                pass
            return True

    def control(self, host_token: Any, what: Any) -> None:
        """The host's own controls of the session (:data:`HOST_CONTROLS`), refused to anyone else (403):

        - ``pause``: nobody acts, no bot, and the clock of an absent seat stops, until the host resumes
          it; disputes may still be raised (a ruling changes nothing by itself), and a buy waits as ever;
        - ``resume``: play goes on where it stopped (the bots to act, act);
        - ``end``: the session is over now, as when a person stops ``bragrules play``: the log keeps
          everything played, a deal in progress stays unfinished in it, and ``serve --resume LOG``
          continues it.
        """
        with self.lock, self._writing():
            self._host(host_token)
            if not isinstance(what, str) or what not in HOST_CONTROLS:
                raise Refusal(Message("the host may {controls} the table", controls=", ".join(HOST_CONTROLS)))
            if self.fault is not None:
                raise Refusal(self.fault, 503)
            if self.phase != "play":
                raise Refusal(Message("the game has not started") if self.phase == "lobby"
                              else Message("the session is over"), 409)
            if what == "end":
                self.paused = False
                self.stop_note = Message("the host ended it")
                self._end()
            elif what == "pause":
                if self.paused:
                    raise Refusal(Message("the table is already paused"), 409)
                self.paused = True
                self._note(Message("the host pauses the table: nothing is played until the host resumes it"))
                self._advance()
            else:
                if not self.paused:
                    raise Refusal(Message("the table is not paused"), 409)
                self.paused = False
                self._note(Message("the host resumes the table"))
                self._advance()

    def replace_with_bot(self, host_token: Any, name: Any, style: str = "cautious") -> None:
        """The host removes a person: a bot of ``style`` plays the seat from now on (the token stops working)."""
        with self.lock, self._writing():
            self._host(host_token)
            if self.fault is not None:
                raise Refusal(self.fault, 503)
            place = self.places.get(name) if isinstance(name, str) else None
            if place is None or place.is_bot:
                raise Refusal(Message("name a person at the table"), 404)
            if style not in ALL_STYLES:
                raise Refusal(Message("unknown bot style; choose from {styles}", styles=", ".join(ALL_STYLES)))
            if self.keep and self.phase != "lobby":
                raise Refusal(Message("keep mode: a bot cannot hold real cards, so nobody is replaced by one"), 409)
            if place.digest is not None:
                self.digests.pop(place.digest, None)
            place.digest = None
            if self.phase == "lobby":
                del self.places[place.name]
                self._note(Message("the host removes {player}", player=place.name))
                self._changed()
                return
            self._seat_bot(place, style)
            self._note(Message("the host replaces {player} with a bot ({style})", player=place.name, style=style))
            self._save_seats()
            self._advance()


def _message_cards(kind: str, message: Dict[str, Any]) -> Tuple[Tuple[Card, ...], ...]:
    """An arrangement's or a swap's cards as a message lists them: ``[["Ah", "Ad", "Ac"], ...]`` or ``["Kc", "2d"]``.

    >>> [[str(c) for c in hand] for hand in _message_cards("swap", {"cards": ["Kc", "2d"]})]
    [['Kc'], ['2d']]
    """
    raw_cards = message.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards or len(raw_cards) > 9:
        raise Refusal(Message("'{kind}' lists cards: {example}", kind=kind, example='[["Ah", "Ad", "Ac"], ...]'))
    try:
        groups = [[c] if isinstance(c, str) else c for c in raw_cards]
        if not all(isinstance(g, list) and all(isinstance(c, str) for c in g) for g in groups):
            raise CardError(tr("cards are written as text such as \"Kc\""))
        texts = [" ".join(g) for g in groups]
        if any(len(text) > MAX_CARDS_TEXT for text in texts):
            raise CardError(tr("each hand's cards are written in at most {n} characters", n=str(MAX_CARDS_TEXT)))
        return tuple(tuple(parse_cards(text)) for text in texts)
    except CardError as exc:
        raise Refusal(Message("cards: {why}", why=str(exc))) from None


__all__ = ["HOST_CONTROLS", "TablePlay"]


def side_pots_sent(deal: Deal) -> List[Dict[str, Any]]:
    """The side pots of a deal as the page shows them: the title, amount, winners and why of each."""
    from bragrules.rules.pots import pot_title

    result = deal.result
    return [{"pot": pot.name, "title": pot_title(pot.name), "amount": optional_money(pot.amount),
             "winners": list(pot.winners), "why": pot.why} for pot in (result.pots if result else ())]


def sweep_sent(deal: Deal) -> Optional[Dict[str, Any]]:
    """Who won every pot of a deal and the bonus each other player paid them (None: nobody)."""
    result, policy = deal.result, deal.rules.pots
    if result is None or policy is None or policy.sweep is None:
        return None
    player = policy.sweep_of(result.pots, result.winners if result.outcome == "won" else ())
    return None if player is None else {"player": player, "amount": optional_money(policy.sweep)}
