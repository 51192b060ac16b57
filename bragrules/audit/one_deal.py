"""One deal replayed: its deal line checked, its cards dealt, its actions applied, its result compared.

A deal is replayed as a :class:`~bragrules.engine.deal.Deal` plays it; an
action the deal refuses is a violation naming the rule it breaks, skipped,
and the deal goes on. Where the record of a log stops short (the file ends
in a deal, or a kept table stopped while a showdown awaited the cards
shown), what needs the missing cards is where the log stops, not a broken
rule: :class:`LogEnd` decides it once for the deal, and
:meth:`DealAuditor.refused` is the one place a refusal is judged by it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Dict, NamedTuple, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Later, Message
from bragrules.core.money import ZERO, pretty_money, same_money
from bragrules.core.rule_id import Rule
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal, DealResult, Hand
from bragrules.history import DealEntry, History, format_time
from bragrules.rules.bank import CARRY_RULE
from bragrules.rules.fixed import DEAL_OVER, HISTORY_CARDS, HISTORY_DEAL, HISTORY_TIME, HISTORY_UNFINISHED
from bragrules.rules.forced_bets import KIND_RULE
from bragrules.rules.open_hands import FACE_UP_RULE
from bragrules.rules.pack import SHUFFLE_RULE
from bragrules.rules.procedure import NEXT_DEALER_RULE
from bragrules.rules.seeing import CONCEDE_UNSEEN_RULE
from bragrules.rules.session import AT_LIMIT_RULE, REBUY_RULE, TOP_UP_RULE

from .base import cards_text
from .cards import CardsAuditor
from .claims import check_bank, check_claim, check_house, check_lives_pot, check_pots, outcome_said
from .ranking_claim import deciding_field

Dealt = Dict[str, Optional[Tuple[Card, ...]]]


def turned_at_see(deal: Deal, action: Action) -> bool:
    """Whether ``action``, after the deal's end, is about the turning of cards at its see: a written
    show the deal reads as its record (checked against ``seeing.exposure``), or a concession the deal
    refuses by the rule it breaks (``seeing.concede_unseen``), rather than an action after the end.
    So too a second retention by the blind survivor whose retention ended the deal, which the deal
    refuses by the retention rule it breaks (``blind.retention``, ``blind.retain_of_two``)."""
    if action.kind not in ("show", "concede", "retain", "release"):
        return False
    try:
        deal.verify(action)
    except RuleViolation as exc:
        return exc.rule != DEAL_OVER
    return True


def after_the_end(deal: Deal, action: Action) -> Rule:
    """The rule an action written after the deal's end breaks, as the deal names it: ``deal_over``, or
    the rule that ended the deal by showing every hand (``stakes.pot_limit``, ``seeing.matched_showdown``)."""
    try:
        deal.verify(action)
    except RuleViolation as exc:
        return exc.rule
    return DEAL_OVER


def needs_unrecorded_cards(deal: Deal, action: Action, refusal: RuleViolation) -> bool:
    """Whether ``action`` was refused only because cards it needs were not recorded.

    A see or a showdown of unrecorded hands (``history.cards``), and a
    swap or an arrangement by a player whose hand is not recorded (the
    cards named cannot be checked against it): at the end of a log, that is
    where the writer stopped, not a broken rule.
    """
    if refusal.rule == HISTORY_CARDS:
        return True
    if action.kind not in ("swap", "arrange"):
        return False
    state = deal.players.get(action.player)
    return state is not None and any(hand is None for hand in state.hands.values())


class LogEnd(NamedTuple):
    """Where the record of a deal stops short, decided once for the deal (:func:`log_end`).

    ``awaited``: a kept table (real cards) stopped while a showdown awaited the cards shown: the
    log's last deal has no cards line, and the showdown waits for them as it did at the table.
    ``interrupted``: the log ends in this deal, before its result line (a session cut off).
    ``cut``: interrupted with hands not recorded: what needs those cards is where the log stops.
    """

    awaited: bool
    interrupted: bool
    cut: bool


def log_end(history: History, entry: DealEntry, last: bool, hands: Dealt, retained: Dict[str, Hand]) -> LogEnd:
    """How the record of ``entry`` (``last``: the history's last deal) stops short, if it does.

    >>> from bragrules.history import DealEntry, History
    >>> log = History(file="h.jsonl", kind="log", profile="standard", players=["A", "B"])
    >>> log_end(log, DealEntry(number=1), True, {"A": None, "B": None}, {})
    LogEnd(awaited=False, interrupted=True, cut=True)
    >>> log_end(log, DealEntry(number=1), False, {"A": None, "B": None}, {}).cut
    False
    """
    in_log = last and history.kind == "log"
    awaited = in_log and entry.cards_line is None and history.extra.get("keep") is True
    interrupted = in_log and entry.result is None  # no result line: cut off
    cut = interrupted and (None in hands.values() or None in retained.values())
    return LogEnd(awaited, interrupted, cut)


class DealAuditor(CardsAuditor):
    """The auditor's replay of one deal at a time."""

    def replay(self, entry: DealEntry, last: bool) -> None:
        """Replay ``entry`` at the table as the deals before left it; ``last``: no deal follows it."""
        table = self.table
        n, state = entry.number, table.state
        if not self.flagged_end and state.deals and table.is_over:
            self.flagged_end = True
            self.violation(n, None, entry.line, self.end_rule_id(),
                           f"deal {n} is played after the session ended ({self.end_rule()})")
        if entry.buys:
            self._buys(entry)
        if entry.away is not None or table.away:
            self._away(entry)
        if entry.bank_choice is not None or table.bank_choice_due() is not None:
            self._bank_choice(entry)
        dealer = table.dealer
        order = table.dealt_in()
        retained, due = self._check_deal_line(entry, dealer, order)
        hands = self.dealt_hands(entry, order, retained)
        if self.seeded is not None:
            self._deal_from_seed(entry, order, hands, due)
        exact = self.history.kind == "log" and entry.shuffled is not None
        if self.pack is not None:
            self._deal_from_pack(entry, order, hands, due, exact)
        end = log_end(self.history, entry, last, hands, retained)
        deal = self._open(entry, dealer, order, hands, retained, end)
        if deal is None:
            return
        broken = self._play(deal, entry, end)
        broken = self._play_out(deal, entry, end, broken)
        if deal.result is None:
            self._left_unfinished(entry, deal, end, broken)
            self._unsettled(entry, dealer, order, retained, "unfinished", deal.pot)
            return
        self._settle_played(entry, deal, dealer, order, hands, retained, exact)

    def _check_deal_line(self, entry: DealEntry, dealer: str, order: Sequence[str]) -> Tuple[Dict[str, Hand], bool]:
        """The deal line against the table: its dealer, order, shuffle, carried pot and retained hands.

        Returns the hands retained into this deal and whether the pack is shuffled before it."""
        n, table = entry.number, self.table
        state = table.state
        if entry.dealer is not None and entry.dealer != dealer:
            winner_deals = self.rules.procedure.winner_deals  # procedure.next_dealer: winner, the rule it breaks
            words = {"deal": str(n), "dealer": entry.dealer, "due": dealer}
            self.violation(n, None, entry.line, NEXT_DEALER_RULE if winner_deals else HISTORY_DEAL,
                           Message("deal {deal} is dealt by {dealer}, but the deal passes to {due} (the winner of the "
                                   "last deal deals, or the next round the table)", **words) if winner_deals else
                           Message("deal {deal} is dealt by {dealer}, but the deal passes to {due}", **words))
        if entry.order is not None and entry.order != order:
            self.violation(n, None, entry.line, HISTORY_DEAL,
                           Message("the order of play is {order}, not {written}", order=", ".join(order),
                                   written=", ".join(entry.order)))
        due = table.shuffle_due()
        if entry.shuffled is not None:
            if due != entry.shuffled:
                self.violation(n, None, entry.line, SHUFFLE_RULE,
                               Message("the pack is shuffled before deal {deal} under this profile", deal=str(n)) if due
                               else Message("the pack is not shuffled before deal {deal} under this profile",
                                            deal=str(n)))
        if entry.carried_in is not None and not same_money(entry.carried_in, state.carried):
            self.violation(n, None, entry.line, HISTORY_DEAL,
                           Message("the pot carried in is {carried}, not {written}", carried=state.carried,
                                   written=Later(pretty_money, entry.carried_in)))
        retained: Dict[str, Hand] = {p: h for p, h in self.retained.items() if p in order} if self.retained else {}
        if entry.retained is not None and entry.retained != retained:
            shown = ", ".join(f"{p}: {cards_text(h)}" for p, h in retained.items())
            self.violation(n, None, entry.line, HISTORY_DEAL,
                           Message("the hands retained from the last deal are {hands}", hands=shown) if shown else
                           Message("the hands retained from the last deal are none"))
        return retained, due

    def _open(self, entry: DealEntry, dealer: str, order: Sequence[str], hands: Dealt, retained: Dict[str, Hand],
              end: LogEnd) -> Optional[Deal]:
        """The deal set up (None: it cannot be, and is recorded as settling nothing)."""
        rules, n, state = self.rules, entry.number, self.table.state
        hint = None
        if entry.result is not None and entry.result.winners and None in hands.values():  # hands: one per player
            hint = entry.result.winners
        stacks = {p: self.table.balances[p] for p in order} if rules.session.finite else None
        self.retained = {}
        missed = self.table.away_posts(order, state.deals + 1) if rules.table.sitting_out == "post_missed" else None
        try:
            deal = Deal(rules, order, hands, retained=retained, carried=state.carried, stacks=stacks,
                        winner_hint=hint, centre=entry.centre, wait_for_cards=end.awaited, number=state.deals + 1,
                        missed=missed, table_fee=self.table.fee_due(), bank=self.table.bank_into_deal(dealer))
        except RuleViolation as exc:
            if end.cut and exc.rule == HISTORY_CARDS:
                self._cut_off(n, entry.line)
                self._unsettled(entry, dealer, order, retained, "unfinished", state.carried)
                return None
            self.violation(n, None, entry.line, exc.rule, Message("deal {deal} cannot be replayed: {why}", deal=str(n),
                                                                  why=exc.said))
            self._unsettled(entry, dealer, order, retained, "void", state.carried)
            return None
        if entry.posts is not None:
            self._check_posts(entry, deal)
        if entry.face_up is not None:
            self._check_face_up(entry, deal)
        if entry.bank is not None and (deal.bank is None or not same_money(entry.bank, deal.bank)):
            written = Later(pretty_money, entry.bank)
            self.violation(n, None, entry.line, CARRY_RULE,
                           Message("no bank is carried, not {written}", written=written) if deal.bank is None else
                           Message("the bank carried in is {bank}, not {written}", bank=deal.bank, written=written))
        return deal

    def _bank_choice(self, entry: DealEntry) -> None:
        """The banker's keep or pass written on the deal line (``procedure.bank.carry``), applied as the table
        would: a choice nobody could make is reported under its rule; none written keeps the bank."""
        table = self.table
        holder = table.bank_choice_due()
        if entry.bank_choice is None:
            return
        try:
            table.choose_bank(holder or "", keep=entry.bank_choice == "keep")
        except RuleViolation as exc:
            self.violation(entry.number, None, entry.line, exc.rule,
                           f"the banker's choice to {entry.bank_choice} the bank: {exc.message}")

    def _check_face_up(self, entry: DealEntry, deal: Deal) -> None:
        """The cards a log's deal line says were dealt face up (``format.open.face_up``) against the hands
        dealt: for each player it names (a hand nobody knew as the deal began, at a kept table, is not named),
        a card told face up that was not, or one left untold, is reported under the rule."""
        dealt = deal.view(None).face_up()
        for player in deal.order:
            if player not in (entry.face_up or {}):
                continue
            told, due = (entry.face_up or {}).get(player) or (), dealt.get(player, ())
            if tuple(told) != due:
                shown = cards_text(due) if due else "none"
                self.violation(entry.number, None, entry.line, FACE_UP_RULE,
                               f"{player}'s cards dealt face up in deal {entry.number} are {shown}, "
                               f"not {cards_text(told) if told else 'none'}")

    def _away(self, entry: DealEntry) -> None:
        """Who sits this deal out, as its deal line writes it (``away``; none when it writes nothing): followed
        at the table kept, a sitting out the profile does not allow reported under ``table.sitting_out``."""
        table, n = self.table, entry.number
        written = set(entry.away or ())
        for player in sorted(table.away - written):
            table.sit_in(player)
        for player in [p for p in self.players if p in written - table.away]:
            try:
                table.sit_out(player)
            except RuleViolation as exc:
                self.violation(n, None, entry.line, exc.rule, f"{player} sits out deal {n}: {exc.message}")

    def _buys(self, entry: DealEntry) -> None:
        """The chips a log's deal line says were bought since the last deal, bought at the table kept: a buy
        the profile does not allow is reported under its rule (``session.rebuy``, ``session.buy_in_max``, ...)
        and left out, so the deals after it are checked from the stacks the rules allow."""
        n = entry.number
        for player, kind, amount in entry.buys or ():
            try:
                made = self.table.buy(player, amount)
            except RuleViolation as exc:
                self.violation(n, None, entry.line, exc.rule, f"{player}'s {kind.replace('_', '-')} of "
                               f"{pretty_money(amount)} before deal {n}: {exc.message}")
                continue
            if made != kind:
                self.violation(n, None, entry.line, REBUY_RULE if "rebuy" in (made, kind) else TOP_UP_RULE,
                               f"{player}'s buy of {pretty_money(amount)} before deal {n} is a "
                               f"{made.replace('_', '-')}, not a {kind.replace('_', '-')}")

    def _check_posts(self, entry: DealEntry, deal: Deal) -> None:
        """The posts a log's deal line writes (``stakes.forced``) against what the profile makes each seat
        post: a post written wrong, missing or extra is reported under the rule that sets it."""
        n = entry.number
        due = {(p.player, p.what): p for p in deal.posted}
        written = {(player, what): amount for player, what, amount in entry.posts or ()}
        for key, post in due.items():
            amount = written.get(key)
            if amount is None:
                self.violation(n, None, entry.line, post.rule,
                               f"{post.player} posts {post.what.replace('_', ' ')} of {pretty_money(post.amount)} "
                               f"before deal {n}, which the log does not write")
            elif not same_money(amount, post.amount):
                self.violation(n, None, entry.line, post.rule,
                               f"{post.player}'s {post.what.replace('_', ' ')} before deal {n} is "
                               f"{pretty_money(post.amount)}, not {pretty_money(amount)}")
        for (player, what), amount in written.items():
            if (player, what) not in due:
                self.violation(n, None, entry.line, KIND_RULE,
                               f"{player} posts no {what.replace('_', ' ')} before deal {n} under this profile "
                               f"(the log writes {pretty_money(amount)})")

    def _play(self, deal: Deal, entry: DealEntry, end: LogEnd) -> bool:
        """Apply the deal's actions in order; True when the deal can be replayed no further."""
        n = entry.number
        for index, item in enumerate(entry.actions):
            if deal.result is not None and not turned_at_see(deal, item.action):
                self.violation(n, index, item.line, after_the_end(deal, item.action),
                               Message("deal {deal} is already over ({reason}); {action} comes after its end",
                                       deal=str(n), reason=deal.result.reason, action=str(item)))
                continue
            try:
                deal.apply(item.action)
            except RuleViolation as exc:
                if self.refused(deal, entry, index, exc, end):
                    return True
        return False

    def refused(self, deal: Deal, entry: DealEntry, index: int, exc: RuleViolation, end: LogEnd) -> bool:
        """The deal refused action ``index``: a violation, or where the record stops short (True: the
        deal can be replayed no further).

        The one place missing cards are judged: in a log cut off (``end.cut``), an action that needs
        cards nobody wrote is where the log stops (noted, the deal unfinished); elsewhere a showdown
        that needs such cards cannot be settled (the rule it breaks cited, the rest not replayed).
        """
        item, n = entry.actions[index], entry.number
        if end.cut and needs_unrecorded_cards(deal, item.action, exc):
            self._cut_off(n, item.line)
            return True
        if exc.rule == HISTORY_CARDS:  # the showdown needs cards nobody recorded: it cannot be settled
            self._unrecorded_at_see(n, index, entry, exc)
            self.note(n, item.line, Message("the rest of deal {deal} cannot be replayed; its pot is not settled",
                                            deal=str(n)))
            return True
        self.violation(n, index, item.line, exc.rule, exc.message, exc.said)
        if item.action.kind == "accept" and item.action.target is not None:
            self._compare_as_dealt(deal, item.action)
        return False

    @staticmethod
    def _compare_as_dealt(deal: Deal, action: Action) -> None:
        """An accepted side-show written with the wrong hand folding (reported): the replay goes on with
        the hands compared as dealt, so the rest of the deal is judged, not refused for want of an answer."""
        try:
            deal.apply(action._replace(target=None))
        except RuleViolation:
            pass  # refused for another reason too: that reason was the one reported

    def _play_out(self, deal: Deal, entry: DealEntry, end: LogEnd, broken: bool) -> bool:
        """After the written actions: an abandonment the history claims, then the profile's default for a
        decision the history leaves unsaid; whether the deal can be replayed no further."""
        n = entry.number
        if deal.result is None and not broken and entry.result is not None and entry.result.outcome == "abandoned":
            self._abandon(entry, deal)
        default = deal.default_action() if deal.result is None and not broken else None
        if default is not None and not end.interrupted:
            try:
                deal.apply(default)  # a decision the history leaves unsaid: the profile's default
            except RuleViolation as exc:  # the show it assumes needs cards nobody recorded
                line = entry.actions[-1].line if entry.actions else entry.line
                self.violation(n, None, line, exc.rule, exc.message, exc.said)
                broken = True
                self.note(n, line, Message("the rest of deal {deal} cannot be replayed; its pot is not settled",
                                           deal=str(n)))
        return broken

    def _left_unfinished(self, entry: DealEntry, deal: Deal, end: LogEnd, broken: bool) -> None:
        """A deal with no result: a log interrupted in it (noted), or actions that ran out (a violation)."""
        n = entry.number
        if broken:
            return
        if end.interrupted:
            self.note(n, entry.line, Message("deal {deal} is unfinished: the log ends in the middle of it (an "
                                             "interrupted session); its pot is not settled", deal=str(n)))
            self.open_deal = True
        else:
            line = entry.actions[-1].line if entry.actions else entry.line
            self.violation(n, None, line, HISTORY_UNFINISHED,
                           Message("deal {deal} is unfinished: {player} is to act and no actions are left", deal=str(n),
                                   player=str(deal.to_act)))

    def _settle_played(self, entry: DealEntry, deal: Deal, dealer: str, order: Sequence[str], hands: Dealt,
                       retained: Dict[str, Hand], exact: bool) -> None:
        """A deal played to its result: the claim compared, the cards put under the pack, the pot settled."""
        result, n = deal.result, entry.number
        assert result is not None
        from_claim = result.showdown and any(deal.players[p].hand is None for p in deal.in_play
                                             if p not in result.conceded)  # a conceded hand is never needed
        if from_claim:
            missing = [p for p in deal.in_play if deal.players[p].hand is None]
            self.note(n, entry.line, Message("the hands of {players} were not recorded; the result is taken from the "
                                             "history's claim ({claimed})", players=", ".join(missing),
                                             claimed=outcome_said(result.outcome, result.winners)))
        if entry.result is not None:
            check_claim(self.violation, n, entry.result, result, lambda claim: deciding_field(deal, claim))
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
                    self.violation(n, later_index, later.line, CONCEDE_UNSEEN_RULE,
                                   Message("{action}: under this profile both hands are shown at a see; nobody "
                                           "concedes ({why})", action=str(later), why=exc.said))
                    return
        self.violation(n, index, item.line, exc.rule, exc.message, exc.said)

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
            self.note(n, line, Message("deal {deal} is abandoned at the time limit, but no time is recorded for it: "
                                       "whether time was up cannot be checked", deal=str(n)))
        elif limit is not None and finished < limit:
            why = (f"it stopped at {format_time(finished)}, before the time limit of {end.minutes} minutes "
                   f"({format_time(limit)})")
        else:
            why = ""
        if why:
            self.violation(n, None, line, AT_LIMIT_RULE, f"deal {n} is abandoned, but {why}")
        deal.abandon(f"time is up ({end.minutes} minutes): the hand is abandoned, every stake returned")

    def _cut_off(self, n: int, line: Optional[int]) -> None:
        """The last deal of a log stops where its unrecorded cards are needed: unfinished, noted."""
        self.note(n, line, Message("deal {deal} is unfinished: the log ends before the cards this needs are written "
                                   "(an interrupted session); its pot is not settled", deal=str(n)))
        self.open_deal = True

    def _settle(self, entry: DealEntry, dealer: str, order: Sequence[str], retained: Dict[str, Hand],
                result: DealResult, from_claim: bool) -> None:
        """What :meth:`Session.finish_deal` does with a finished deal, without the pack."""
        finished = entry.finished_ms
        if finished is not None:
            if self.last_timed is not None and finished < self.last_timed[1]:
                self.violation(entry.number, None, entry.time_line or entry.line, HISTORY_TIME,
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
        if entry.result is not None and entry.result.lives_pot is not None:
            check_lives_pot(self.violation, entry.number, entry.result, self.table.lives_pot)
        if entry.result is not None and self.rules.house.in_play:
            check_house(self.violation, entry.number, entry.result, result)
        if entry.result is not None and self.rules.procedure.bank is not None:
            check_bank(self.violation, entry.number, entry.result, result, self.table.bank_after)
        if entry.result is not None and entry.result.pots is not None:
            check_pots(self.violation, entry.number, entry.result, result)
        self.retained = dict(result.retained)
        if self.keep_deals or self.on_deal is not None:
            self.summary(entry, dealer, order, retained, result.pot, result.outcome, result.winners, result.net,
                          result.carried_out, from_claim)

    def _played_past_limit(self, entry: DealEntry, result: DealResult, finished: int) -> None:
        """``session.end.at_limit: abandon``: a deal played out (not abandoned) to a time past the limit,
        with no pot carried in, should have been stopped there."""
        end = self.rules.session.end
        limit = end.limit_ms
        if (limit is not None and finished >= limit and entry.actions
                and result.outcome not in ("abandoned", "redeal") and not self.table.state.carried
                and not self.table.is_over):  # (a deal after the session's end is a violation already)
            self.violation(entry.number, None, entry.time_line or entry.line, AT_LIMIT_RULE,
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
        self.summary(entry, dealer, order, retained, pot, outcome, [], {p: ZERO for p in order}, ZERO, False)


__all__ = ["DealAuditor", "LogEnd", "log_end", "needs_unrecorded_cards", "turned_at_see"]

