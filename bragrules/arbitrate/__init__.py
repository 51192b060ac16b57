"""Arbitration: a disputed moment of a deal, ruled under one or more profiles.

A *situation* is a history sheet whose last deal ends with a ``dispute:``
entry: the action or event in question. The deals before it, and the last
deal's own actions, are replayed as the audit replays them (seats, antes,
carried pots, retained hands); then the dispute is ruled on:

- an ordinary action (``A see 3``, ``B bet 1``, ``C look``, ``D fold``):
  whether it is allowed now; if not, the rule that forbids it, what is owed
  and what the player may do instead; if so, what follows;
- ``X exposes Y``: X sees Y's cards by accident (``disputes.exposure_before_betting``,
  ``disputes.exposure_after_betting``);
- ``X peeks Y``: X looks at Y's cards on purpose (``disputes.deliberate_look``);
- ``tie``: the see that ended the deal (or one made now) between equal hands
  (``seeing.tie``).

In a banking game (``procedure.bank``, :mod:`bragrules.arbitrate.bank_rulings`) a ``tie`` is a hand equal to the
bank's (``procedure.bank.ties``: who takes each stake, what is paid), and an exposure or a peek changes no stake.

Every ruling names the rules that decide it: the field path, its value under
the profile, a plain sentence (:mod:`bragrules.explainers.explain`) and the source.

The fine point of 000, a see paid with the wrong amount:

>>> from bragrules.history import parse_sheet
>>> situation = parse_sheet('''
... profile: traditional
... players: [A, B, C, D]
... dealer: D
... deals:
...   - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
...     actions: [A look, A bet 2, B look, B bet 2, C fold, D fold]
...     dispute: A see 3
... ''')
>>> (ruling,) = arbitrate(situation).rulings
>>> ruling.allowed, ruling.outcome, {p: int(v) for p, v in ruling.owed.items()}
(False, 'owed', {'A': 1})
>>> ruling.summary
'a see costs exactly 4 here: A paid 3 and owes 1 more; the see is corrected before the cards are turned, and is binding once the money is in (000)'
>>> ruling.rules
['seeing.cost_multiple', 'seeing.cost_basis']
>>> {p: int(v) for p, v in ruling.net.items()}
{'A': -7, 'B': 9, 'C': -1, 'D': -1}
"""

from __future__ import annotations

import os
from typing import List, Optional, Sequence, Tuple, Union

from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.core.i18n import Later, Message
from bragrules.engine.deal import Deal
from bragrules.history import DealEntry, History, read_history

from .bank_rulings import rule_bank_dispute
from .ending import cite_rules, reason_words
from .model import (
    DISPUTE_FORMS,
    FIXED_RULES,
    Arbitration,
    Citation,
    Dispute,
    ProfileChoice,
    Ruling,
    Situation,
    parse_dispute,
)
from .rulings import RULERS

# ---------------------------------------------------------------------------
# Setting up the situation
# ---------------------------------------------------------------------------


def _last_deal(history: History) -> Tuple[List[DealEntry], DealEntry]:
    if history.kind != "sheet":
        raise HistoryError(Message("a situation is a history sheet whose last deal has a dispute: entry; "
                                   "this is a log"), history.file)
    deals = list(history.deals)
    if not deals:
        raise HistoryError(Message("the sheet has no deals: the last deal is the situation, ending with a dispute: "
                                   "entry"), history.file, history.line_of("players"))
    last = deals[-1]
    if last.dispute is None:
        raise HistoryError(Message("deal {deal} (the last) has no dispute: entry: add the action or event in question "
                                   "({forms})", deal=str(last.number), forms=Message(DISPUTE_FORMS)),
                           history.file, last.line)
    return deals[:-1], last


def _setup(history: History, earlier: List[DealEntry], entry: DealEntry, choice: ProfileChoice) -> Situation:
    """Replay the deals before the dispute as the audit does; illegal play there is bad input."""
    # the audit's own replay: seats, antes, carried pots and retained hands exactly as it has them
    from bragrules.audit import Replay

    replay = Replay(history, choice)
    rules, label, report = replay.rules, replay.label, replay.report

    def refuse() -> None:
        if report.violations:
            first = report.violations[0]
            finding = first.said if first.said is not None else first.message
            if first.action is not None:
                said = Message("the situation cannot be set up under {profile}: deal {deal}, action {action}: "
                               "{rule}: {finding}", profile=label, deal=str(first.deal), action=str(first.action),
                               rule=first.rule, finding=finding)
            elif first.deal is not None:
                said = Message("the situation cannot be set up under {profile}: deal {deal}: {rule}: {finding}",
                               profile=label, deal=str(first.deal), rule=first.rule, finding=finding)
            else:
                said = Message("the situation cannot be set up under {profile}: the table: {rule}: {finding}",
                               profile=label, rule=first.rule, finding=finding)
            raise HistoryError(said, history.file, first.line if first.line is not None else entry.line)

    refuse()
    for previous in earlier:
        replay.replay(previous)
        refuse()
    table = replay.table
    order, retained, hands = replay.next_deal(entry)
    refuse()
    stacks = {p: table.balances[p] for p in order} if rules.session.finite else None
    n = entry.number
    try:
        deal = Deal(rules, order, hands, retained=retained, carried=table.state.carried, stacks=stacks,
                    centre=entry.centre, table_fee=table.fee_due())
    except RuleViolation as exc:
        raise HistoryError(Message("the situation cannot be set up under {profile}: deal {deal}: {rule}: {finding}",
                                   profile=label, deal=str(n), rule=exc.rule, finding=exc.said),
                           history.file, entry.line) from None
    for index, item in enumerate(entry.actions):
        if deal.result is not None and item.action.kind != "show":  # a show after a see: its record
            raise HistoryError(Message(
                "the situation cannot be set up under {profile}: deal {deal}, action {action} ({move}): the deal is "
                "already over ({reason})", profile=label, deal=str(n), action=str(index), move=str(item),
                reason=Later(reason_words, deal)), history.file, item.line)
        try:
            deal.apply(item.action)
        except RuleViolation as exc:
            raise HistoryError(Message(
                "the situation cannot be set up under {profile}: deal {deal}, action {action} ({move}): {rule}: "
                "{finding}", profile=label, deal=str(n), action=str(index), move=str(item), rule=exc.rule,
                finding=exc.said), history.file, item.line) from None
    return Situation(rules, label, deal, n, history.file)


def _mark_differences(rulings: List[Ruling]) -> None:
    if len(rulings) < 2:
        return
    signatures = [r.signature() for r in rulings]
    for key in signatures[0]:
        values = [s[key] for s in signatures]
        if any(v != values[0] for v in values[1:]):
            for ruling in rulings:
                ruling.differs.append(key)


def arbitrate(
    history: Union[History, str, "os.PathLike[str]"],
    profiles: Sequence[ProfileChoice] = (),
) -> Arbitration:
    """Rule on the dispute that ends ``history``'s last deal, under each profile.

    ``profiles`` are profile names, paths, profiles or compiled rules; none
    means the profile the sheet names. Raises
    :class:`~bragrules.core.errors.HistoryError` (or
    :class:`~bragrules.profile.ProfileError`) when the situation cannot be
    read or set up: a sheet with no dispute, an unknown dispute, actions
    before the dispute that the profile does not allow.
    """
    if not isinstance(history, History):
        history = read_history(history)
    earlier, entry = _last_deal(history)
    assert entry.dispute is not None
    dispute = parse_dispute(entry.dispute, history.players, history.file, entry.dispute_line)
    choices: List[ProfileChoice] = list(profiles) or [None]
    arbitration = Arbitration(history.file, entry.number, entry.dispute_line, dispute, list(history.players))
    for choice in choices:
        sit = _setup(history, earlier, entry, choice)
        banking = sit.rules.procedure.bank is not None and dispute.kind in ("tie", "exposure", "peek")
        ruling = (rule_bank_dispute if banking else RULERS[dispute.kind])(sit, dispute)  # procedure.bank: its own
        ruling.profile_name = sit.rules.profile.name
        ruling.profile_model = sit.rules.profile
        arbitration.rulings.append(ruling)
    _mark_differences(arbitration.rulings)
    return arbitration


def arbitrate_deal(deal: Deal, text: str, players: Sequence[str], *, number: int, file: str = "the table",
                   label: Optional[str] = None) -> Arbitration:
    """Rule on the dispute ``text`` over ``deal`` as it stands, under the deal's own rules.

    For a table that keeps its deal in memory (``bragrules serve``): the
    situation is the deal given, so no history is read or replayed, and
    the ruling costs the same at the first deal as at the thousandth.
    ``deal`` is not changed (the rulings try what-ifs on copies); give it
    only what the people at the table know (hands not shown as None).
    ``players`` are the session's, ``number`` the deal's number. Raises
    :class:`~bragrules.core.errors.HistoryError` as :func:`arbitrate` does
    when the dispute cannot be read or ruled.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B", "C"], {"A": None, "B": None, "C": None})
    >>> ruling = arbitrate_deal(deal, "A peeks B", ["A", "B", "C"], number=1).rulings[0]
    >>> ruling.outcome, deal.players["A"].folded
    ('forced_fold', False)
    """
    dispute = parse_dispute(text, players, file)
    rules = deal.rules
    sit = Situation(rules, label or rules.profile.name, deal, number, file)
    ruling = RULERS[dispute.kind](sit, dispute)
    ruling.profile_name = rules.profile.name
    ruling.profile_model = rules.profile
    arbitration = Arbitration(file, number, None, dispute, list(players))
    arbitration.rulings.append(ruling)
    return arbitration


__all__ = ["DISPUTE_FORMS", "FIXED_RULES", "Arbitration", "Citation", "Dispute", "ProfileChoice", "Ruling", "arbitrate",
           "arbitrate_deal", "cite_rules", "parse_dispute"]
