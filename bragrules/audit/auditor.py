"""The auditor: a history's session replayed deal by deal, from its header to its end.

:class:`Auditor` adds the session to the deal's replay
(:mod:`bragrules.audit.one_deal`): the table checked against the profile
as the history starts, the deals replayed in order (a problem met reading
a log part-way is the report's error, with what came before audited), and
the session's end and totals compared with what the history claims.
"""

from __future__ import annotations

from typing import Iterator

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Later, Message
from bragrules.core.money import ZERO, pretty_money
from bragrules.history import DealEntry
from bragrules.profile import profile_hash
from bragrules.rules.fixed import HISTORY_END, HISTORY_PROFILE_HASH
from bragrules.rules.table import MAX_PLAYERS_RULE, MIN_PLAYERS_RULE

from .one_deal import DealAuditor


class Auditor(DealAuditor):
    """Replays a history under compiled rules into an :class:`~bragrules.audit.report.AuditReport`:
    :meth:`start`, then :meth:`run` (or :meth:`run_deals` and :meth:`finish`)."""

    def start(self, overridden: bool, label: str) -> None:
        history, rules = self.history, self.rules
        table = rules.profile.table
        count = len(self.players)
        if count < max(2, table.min_players) or count > table.max_players:
            rule = MAX_PLAYERS_RULE if count > table.max_players else MIN_PLAYERS_RULE
            self.violation(None, None, history.line_of("players"), rule,
                           Message("this profile seats {least} to {most} players, not {count}",
                                   least=str(table.min_players), most=str(table.max_players), count=str(count)))
        dealer = history.dealer
        if dealer is None:
            if rules.table.first_dealer_random:
                raise HistoryError(
                    Message("dealer: name the first dealer (this profile draws the first dealer at random)"),
                    history.file,
                    history.line_of("players"),
                )
            dealer = self.players[0]
        if history.kind == "log":
            from bragrules.play.table import play_header  # the header keys play adds: checked before any deal

            play_header(history, rules.profile)
        self.seat_at(dealer)
        self._follow_seed_from_start(dealer)
        digest = profile_hash(rules.profile)
        if history.profile_hash and history.profile_hash != digest:
            if overridden:
                self.note(None, history.line_of("header"),
                          f"the log was written under profile {history.profile!r} (hash {history.profile_hash[:12]}…); "
                          f"audited under {label!r} (hash {digest[:12]}…) as asked", level="warning")
            elif history.profile_data is not None:
                self.violation(None, None, history.line_of("header"), HISTORY_PROFILE_HASH,
                               f"the profile carried in the header hashes to {digest[:12]}…, "
                               f"not {history.profile_hash[:12]}… as the header says")
            else:
                self.violation(None, None, history.line_of("header"), HISTORY_PROFILE_HASH,
                               f"the log was written under a profile hashing to {history.profile_hash[:12]}…; "
                               f"{label!r} as loaded now hashes to {digest[:12]}…: its rules have changed")

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
        bank = self.rules.procedure.bank
        if self.rules.house.in_play or (bank is not None and bank.house):  # its take, its dealer's winnings
            report.house = table.house
        report.carried = state.carried
        if self.rules.format.lives is not None:
            report.lives = dict(table.lives)
        if self.rules.session.points is not None:
            report.scores = dict(table.scores)
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
                self.violation(None, None, claim.line, self.end_rule_id(),
                               f"the history ends the session after deal {claim.after_deal}, "
                               f"but under this profile it goes on ({self.end_rule()})")
            if claim.net is not None:
                for p, amount in claim.net.items():
                    actual = report.net.get(p, ZERO)
                    if amount != actual:
                        self.violation(None, None, claim.line, HISTORY_END,
                                       Message("{player}'s session net is given as {given}; replayed it is {actual}",
                                               player=p, given=Later(pretty_money, amount), actual=actual))
            if claim.winners is not None and report.ended and set(claim.winners) != set(report.winners):
                self.violation(None, None, claim.line, HISTORY_END,
                               Message("the winners are given as {given}; replayed: {actual}",
                                       given=", ".join(claim.winners), actual=", ".join(report.winners)))
        elif history.kind == "log" and report.ended and report.error is None and report.deal_count:
            self.note(None, None, Message("the session is over under this profile, but the log has no end event"))


__all__ = ["Auditor"]
