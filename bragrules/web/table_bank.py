"""A bank carried between deals at the web table (``procedure.bank.carry``): the banker's keep or pass.

Between two deals a banker who has dealt at least once and fewer than ``procedure.bank.hold`` times keeps the
bank (putting it up afresh if it was broken) or passes it, taking back what is left, and the deal passes on.
A bot decides at once as it does in ``bragrules play`` (:func:`bragrules.play.bot_bank.keeps`); a person is
asked on their page, the table waiting for their answer; only the banker's own seat may answer, and the
engine refuses anyone else naming its rule. An absent banker's time running out keeps the bank, as a choice
not made keeps it at the table. Each choice is told in the feed and written on the next deal's line of the
log (``bank_choice``), which ``bragrules audit`` checks.

Ann deals first, so she banks first; once the bots have staked against her bank and the deal is settled, the
table waits for her answer, and the host's page says so:

>>> from bragrules.profile import load_profile
>>> from bragrules.web.service import TableService
>>> service = TableService(load_profile("banco-carried"), "banco-carried", seats=3, bots=["cautious"], seed=3)
>>> ann = service.join("Ann")
>>> service.start(service.host_token)
>>> bank = service.state(None, service.host_token)["bank"]
>>> bank["asked"], bank["amount"], bank["dealt"], bank["hold"]
('Ann', 14, 1, 3)
>>> service.choose_bank(ann, {"choice": "pass", "turn": service.turn})
>>> service.feed_read_by(None)[-3:-1]
['Ann passes the bank, taking back 14', 'deal 2: Ada deals']
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import N_, Message
from bragrules.core.money import ZERO
from bragrules.play import bot_bank
from bragrules.rules.bank import CARRY_RULE, HOLD_RULE
from bragrules.web.table_state import Place, Refusal, TableState
from bragrules.web.views import optional_money, rule_words


class TableBank(TableState):
    """The banker's keep or pass between deals, asked of a person at the web table or chosen by a bot."""

    def _advance(self) -> None:  # pragma: no cover  (the table's own: TablePlay._advance)
        """Bots act, deals end and begin, until a person is to act or the session is over."""
        raise NotImplementedError

    def bank_asked(self) -> Optional[str]:
        """The person the table waits for to keep or pass the bank (None: nobody is asked now)."""
        table = self.table
        if table is None or self.phase != "play" or self.paused:
            return None
        session = table.session
        if session.current is not None:
            return None
        holder = session.bank_choice_due()
        place = self.places.get(holder) if holder is not None else None
        return holder if place is not None and not place.is_bot else None

    def choose_bank(self, token: Any, message: Any) -> None:
        """The banker's answer from their page: ``{"choice": "keep", "turn": 17}`` (or ``"pass"``), always as the
        token's seat. Refused, changing nothing, for a seat answering for another (403), an answer to an
        earlier turn (409), and (by the engine, naming ``procedure.bank.carry``) a seat that is not the banker."""
        with self.lock, self._writing():
            name = self.seat_of(token)
            if not isinstance(message, dict):
                raise Refusal(Message("the banker answers with a JSON object such as {example}",
                                      example='{"choice": "keep", "turn": 3}'))
            table = self.table
            if self.phase != "play" or self.paused or table is None:
                raise self._not_playing()
            player = message.get("player", name)
            if player != name:
                raise Refusal(Message("{player} may keep or pass only a bank of their own", player=name), 403)
            turn = message.get("turn")
            if isinstance(turn, bool) or not isinstance(turn, int):
                raise Refusal(Message("an answer names the turn it answers (\"turn\": the number the table last sent)"))
            if turn != self.turn:
                raise Refusal(Message("this answer is to an earlier turn (sent twice, or the table has moved on): "
                                      "nothing was done"), 409)
            choice = message.get("choice")
            if choice not in ("keep", "pass"):
                raise Refusal(Message("the banker answers keep or pass"))
            self._bank_choose(name, choice == "keep")
            self.turn += 1
            self._advance()

    def _waiting_for(self) -> Optional[Place]:
        """The person the table waits for: a banker asked to keep or pass the bank, else the seat to act."""
        holder = self.bank_asked()
        return self.places[holder] if holder is not None else super()._waiting_for()

    def _bank_choose(self, holder: str, keep: bool, why: Union[str, Message] = "") -> None:
        """Apply the holder's choice (the engine checks it) and tell the table of it."""
        assert self.table is not None
        session = self.table.session
        bank = session.bank
        try:
            session.choose_bank(holder, keep)
        except RuleViolation as exc:
            raise self._rule_refusal(exc) from None
        if keep:
            kept = (N_("{why}{player} keeps the bank of {amount} and deals again") if bank
                    else N_("{why}{player} keeps the bank of {amount} and deals again (put up afresh)"))
            self._note(Message(kept, why=why, player=holder, amount=session.bank))
        else:
            self._note(Message("{why}{player} passes the bank, taking back {amount}", why=why, player=holder,
                               amount=bank))

    def _bank_after_deal(self, holder: Optional[str]) -> None:
        """The feed's line of a bank that passed by the rules as the deal settled (its ``hold`` deals dealt, or
        broken where it is not put up afresh): ``holder`` held it before the deal."""
        assert self.table is not None
        session = self.table.session
        policy = session.rules.procedure.bank
        if holder is None or session.bank_holder is not None or policy is None:
            return
        left = session.bank_after or ZERO
        why = (Message("dealt {n} times, the most a banker deals", n=str(policy.hold)) if left
               else Message("broken"))
        self._note(Message("the bank passes from {player} ({why}), who takes back {amount}", player=holder, why=why,
                           amount=left))

    def _bank_waits(self) -> bool:
        """Between deals: a bot banker keeps or passes the bank now; whether the table waits for a person's
        answer instead."""
        table = self.table
        assert table is not None
        session = table.session
        holder = session.bank_choice_due()
        if holder is None:
            return False
        if holder not in table.bots:
            return True
        policy = session.rules.procedure.bank
        assert policy is not None
        self._bank_choose(holder, bot_bank.keeps(policy.bank, session.bank))
        return False

    def _bank_timed_out(self) -> bool:
        """An absent banker's time is up: the bank stays with them (a choice not made keeps it); whether it was so."""
        holder = self.bank_asked()
        if holder is None:
            return False
        self.absent_since = None
        with self._writing():
            seconds = f"{self.turn_timeout:g}"
            self._bank_choose(holder, True, Message("{player} was away for {seconds} seconds: ", player=holder,
                                                    seconds=seconds))
            self.turn += 1
            self._advance()
        return True

    def _bank_state(self, out: Dict[str, Any], you: Optional[str]) -> None:
        """A carried bank's part of the state, put in ``out``: who holds it, how much, the deals dealt with it,
        and, while its holder is asked, the question's rules in words (the holder's page shows them)."""
        table = self.table
        assert table is not None
        session = table.session
        policy = session.rules.procedure.bank
        if policy is None or not policy.carry:
            return
        asked = self.bank_asked()
        out["bank"] = {"holder": session.bank_holder, "amount": optional_money(session.bank),
                       "dealt": session.bank_dealt, "hold": policy.hold, "put_up": optional_money(policy.bank),
                       "broken": session.bank_holder is not None and not session.bank, "asked": asked}
        if asked is not None:
            out["bank"]["rules"] = [rule_words(self.profile, CARRY_RULE), rule_words(self.profile, HOLD_RULE)]
            left = self.seconds_left()
            if left is not None:
                out["timer"] = {"player": asked, "seconds": int(left + 0.999)}


__all__ = ["TableBank"]
