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

The package's parts: the report (:mod:`~bragrules.audit.report`), the
profile chosen (:mod:`~bragrules.audit.choice`), the auditor's state
(:mod:`~bragrules.audit.base`), the cards followed
(:mod:`~bragrules.audit.cards`), one deal replayed
(:mod:`~bragrules.audit.one_deal`) and its claim compared
(:mod:`~bragrules.audit.claims`), the session around the deals
(:mod:`~bragrules.audit.auditor`); ``audit --workers``:
:mod:`bragrules.parallel_audit`.
"""


from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Tuple, Union

from bragrules.core.cards import Card
from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Later, Message, words
from bragrules.engine.deal import Hand
from bragrules.engine.session import Session
from bragrules.history import DealEntry, History, read_history, read_log
from bragrules.profile import profile_hash
from bragrules.rules.compile import Rules

from .auditor import Auditor
from .choice import ProfileChoice, choose_rules
from .one_deal import needs_unrecorded_cards
from .report import AuditReport, DealSummary, Note, Violation, where_words


class Replay:
    """A history's deals replayed one at a time exactly as the audit replays them.

    For tools that need the table as it stood before some deal (``bragrules
    arbitrate`` sets up its disputed deal this way): the seats, dealer,
    antes, carried pot, balances and retained hands come out as in the
    audit, and whatever the audit would report on the way is in ``report``.
    ``choice`` overrides the history's profile, as in :func:`audit`.
    """

    def __init__(self, history: History, choice: ProfileChoice = None):
        self.rules, self.label, overridden = choose_rules(history, choice)
        self.report = AuditReport(file=history.file, kind=history.kind, profile=self.label,
                                  profile_hash=profile_hash(self.rules.profile), players=list(history.players),
                                  profile_name=self.rules.profile.name, game=self.rules.words.title)
        self._auditor = Auditor(history, self.rules, self.report, keep_deals=False, on_deal=None)
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
        return order, retained, self._auditor.dealt_hands(entry, order, retained)


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
    rules, label, overridden = choose_rules(history, rules_or_profile)
    report = AuditReport(
        file=history.file,
        kind=history.kind,
        profile=label,
        profile_hash=profile_hash(rules.profile),
        players=list(history.players),
        profile_name=rules.profile.name,
        game=rules.words.title,
    )
    auditor = Auditor(history, rules, report, keep_deals, on_deal)
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
    rules, label, overridden = choose_rules(history, None)  # the log's own profile, as `bragrules audit LOG`
    report = AuditReport(file=history.file, kind=history.kind, profile=label, profile_hash=profile_hash(rules.profile),
                         players=list(history.players), profile_name=rules.profile.name, game=rules.words.title)
    auditor = Auditor(history, rules, report, keep_deals=False, on_deal=None)
    auditor.start(overridden, label)
    auditor.run()
    if report.error is not None:
        raise report.error
    if report.violations:
        first = report.violations[0]
        raise HistoryError(Message("{where}: {rule}: {finding} (the log does not audit clean; it is not resumed)",
                                   where=Later(where_words, first.deal, None, first.action), rule=first.rule,
                                   finding=Later(_briefly, first.said if first.said is not None else first.message)),
                           history.file, first.line)
    return rules, label, bool(auditor.seed_draws_dealer)


def _briefly(finding: object) -> str:
    """A finding as read now, at most 160 characters."""
    text = words(finding)
    return text if len(text) <= 160 else text[:159] + "…"


__all__ = ["AuditReport", "DealSummary", "Note", "ProfileChoice", "Replay", "Violation", "audit", "audit_before_resume",
           "needs_unrecorded_cards"]
