"""What an audit reports: its violations, notes, one row per deal, and the whole report.

>>> from bragrules.rules.fixed import HISTORY_DEAL
>>> v = Violation(2, 0, 5, HISTORY_DEAL, "the order of play is B, A, not A, B")
>>> str(v)
'deal 2, action 0 (line 5): history.deal: the order of play is B, A, not A, B'
>>> v.to_json()["rule"]
'history.deal'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Message, tr
from bragrules.core.money import ZERO, money_json


def where_words(deal: Optional[int], line: Optional[int], action: Optional[int] = None) -> str:
    """Where in a history a finding is, in the language spoken.

    >>> where_words(2, 5, 0), where_words(None, None), where_words(3, None)
    ('deal 2, action 0 (line 5)', 'session', 'deal 3')
    """
    if deal is not None and action is not None:
        text = tr("deal {deal}, action {action}", deal=str(deal), action=str(action))
    elif deal is not None:
        text = tr("deal {deal}", deal=str(deal))
    elif action is not None:
        text = tr("action {action}", action=str(action))
    else:
        text = tr("session")
    return text if line is None else tr("{where} (line {line})", where=text, line=str(line))


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
    said: Optional[Message] = field(default=None, compare=False, repr=False)
    """The engine's refusal, when the violation is one, to be read in the reader's language (``message`` is its
    English, which the JSON report keeps)."""

    @property
    def where(self) -> str:
        """Where in the history, in the language spoken: ``deal 2, action 0 (line 5)``."""
        return where_words(self.deal, self.line, self.action)

    def __str__(self) -> str:
        return tr("{where}: {rule}: {finding}", where=self.where, rule=self.rule,
                  finding=self.said.text() if self.said is not None else self.message)

    def to_json(self) -> Dict[str, Any]:
        return {"deal": self.deal, "action": self.action, "line": self.line, "rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class Note:
    """Something worth knowing that breaks no rule (``level`` "note" or "warning")."""

    deal: Optional[int]
    line: Optional[int]
    message: str
    level: str = "note"
    said: Optional[Message] = field(default=None, compare=False, repr=False)
    """The note's words, to be read in the reader's language (``message`` is their English, kept in the JSON)."""

    def __str__(self) -> str:
        return tr("{where}: {note}", where=where_words(self.deal, self.line),
                  note=self.said.text() if self.said is not None else self.message)

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
    scores: Optional[Dict[str, int]] = None  # session.points: each player's points, recomputed
    violations: List[Violation] = field(default_factory=list)
    notes: List[Note] = field(default_factory=list)
    error: Optional[HistoryError] = None
    profile_name: str = ""  # the profile's own name, for people (``profile`` is as the history names it: a path)
    game: str = ""  # the game's own name (``vocabulary.title``), for people; "" where the profile gives none
    house: Optional[Fraction] = None  # what the house took, recomputed (None: the profile's house takes nothing)

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
            **({"scores": dict(self.scores)} if self.scores is not None else {}),
            **({"house": money_json(self.house)} if self.house is not None else {}),
            "violations": [v.to_json() for v in self.violations],
            "notes": [n.to_json() for n in self.notes],
            "error": None
            if self.error is None
            else {"file": self.error.file, "line": self.error.line, "message": self.error.message},
        }



__all__ = ["AuditReport", "DealSummary", "Note", "Violation", "where_words"]
