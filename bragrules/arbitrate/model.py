"""What arbitration rules on and what it says: the dispute, the citations, a ruling, the rulings side by side,
and the situation a ruling is made in."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import N_, Message
from bragrules.core.money import money_json
from bragrules.core.rule_id import Rule, declared_rules, fixed_sentence, fixed_sources
from bragrules.engine.actions import Action, ActionSyntaxError, LegalAction
from bragrules.engine.deal import Deal
from bragrules.explainers.explain import field_paths, json_value
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules
from bragrules.rules.fixed import AT_LEAST_LEVEL
from bragrules.rules.raise_cap import POT_MEASURE_RULE, RAISE_LIMIT_RULE
from bragrules.rules.seeing import COST_BASIS_RULE, COST_MULTIPLE_RULE
from bragrules.rules.stakes import OPENING_MIN_RULE

from .text import option_text

LEAVES = field_paths()
"""Every leaf field of a profile, by its dotted path."""

ProfileChoice = Union[Rules, Profile, str, "os.PathLike[str]", None]

DISPUTE_FORMS = N_("an action such as 'A see 4' or 'B fold', 'X exposes Y', 'X peeks Y', or 'tie'")

# Rules every Brag table shares: not profile fields, but named by the engine and the history's
# checks; each with its sentence and its sources as declared (bragrules.rules.fixed).
FIXED_RULES: Dict[str, Tuple[str, str]] = {
    rule: (fixed_sentence(rule), fixed_sources(rule)) for rule in declared_rules() if not rule.is_field
}

# Rules cited together: what a see costs depends on both the multiple and the basis.
COMPANIONS: Dict[str, Tuple[Rule, ...]] = {
    COST_MULTIPLE_RULE: (COST_BASIS_RULE,),
    COST_BASIS_RULE: (COST_MULTIPLE_RULE,),
    POT_MEASURE_RULE: (RAISE_LIMIT_RULE,),  # the measure of a pot limit: the limit too
}

AMOUNT_RULES = (AT_LEAST_LEVEL, OPENING_MIN_RULE)


# ---------------------------------------------------------------------------
# The dispute
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Dispute:
    """What is in question: ``kind`` is ``action``, ``exposure``, ``peek`` or ``tie``.

    For an exposure or a peek, ``player`` saw ``target``'s cards; for an
    action, ``action`` is it and ``player`` its player.

    >>> parse_dispute("A exposes B", ["A", "B", "C"])
    Dispute(kind='exposure', text='A exposes B', player='A', target='B', action=None, line=None)
    >>> parse_dispute("C see 5/2", ["A", "B", "C"]).action
    Action(player='C', kind='see', amount=Fraction(5, 2), target=None, cards=None)
    """

    kind: str
    text: str
    player: Optional[str] = None
    target: Optional[str] = None
    action: Optional[Action] = None
    line: Optional[int] = None


_BETWEEN = re.compile(
    r"^(?P<x>\S+)\s+(?P<verb>exposes|exposed|peeks|peeked)\s+(?:at\s+)?(?P<y>\S+?)(?:'s)?(?:\s+(?:cards|hand))?$",
    re.IGNORECASE,
)


def parse_dispute(text: str, players: Sequence[str], file: Optional[str] = None,
                  line: Optional[int] = None) -> Dispute:
    """Read a dispute as a sheet writes it; a :class:`HistoryError` (with the line) if it cannot be read."""
    words = " ".join(str(text).split())

    def fail(message: Message) -> HistoryError:
        return HistoryError(Message("dispute: {problem}", problem=message), file, line)

    if words.lower() == "tie":
        return Dispute("tie", words, line=line)
    match = _BETWEEN.match(words)
    if match:
        x, y = match.group("x"), match.group("y")
        for name in (x, y):
            if name not in players:
                raise fail(Message("{player} in {dispute} is not a player ({players})", player=repr(name),
                                   dispute=repr(words), players=", ".join(players)))
        if x == y:
            raise fail(Message("{dispute}: a player cannot expose or peek at their own cards; name another player",
                               dispute=repr(words)))
        kind = "exposure" if match.group("verb").lower().startswith("expos") else "peek"
        return Dispute(kind, words, player=x, target=y, line=line)
    try:
        action = Action.parse(words)
    except ActionSyntaxError:
        raise fail(Message("unknown dispute {dispute} (write {forms})", dispute=repr(words),
                           forms=Message(DISPUTE_FORMS))) from None
    if action.player not in players:
        raise fail(Message("{player} in {dispute} is not a player ({players})", player=repr(action.player),
                           dispute=repr(words), players=", ".join(players)))
    return Dispute("action", words, player=action.player, action=action, line=line)


# ---------------------------------------------------------------------------
# Rulings
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    """One rule a ruling rests on: the field path, its value, a plain sentence and the source."""

    path: str
    value: Any
    sentence: str
    source: str

    def to_json(self) -> Dict[str, Any]:
        return {"path": self.path, "value": self.value, "sentence": self.sentence, "source": self.source}


@dataclass
class Ruling:
    """The ruling under one profile.

    ``allowed`` is None when the question is not whether something is
    allowed (an exposure, a peek, a tie). ``outcome`` is a short word:
    ``allowed``, ``refused``, ``owed``, ``corrected``, ``redeal``,
    ``continue``, ``forced_fold``, ``won``, ``split``, ``carried``. ``owed``
    maps a player to what they still owe the pot (negative: what they take
    back). ``net`` is each player's gain or loss when the deal can be
    finished (a redeal: all 0). ``options`` are what the player to act may
    do, each with its exact cost.
    """

    profile: str
    allowed: Optional[bool]
    outcome: str
    summary: str
    next: str
    citations: List[Citation] = field(default_factory=list)
    owed: Optional[Dict[str, Fraction]] = None
    net: Optional[Dict[str, Fraction]] = None
    winners: Optional[List[str]] = None
    carried: Optional[Fraction] = None
    to_act: Optional[str] = None
    options: List[LegalAction] = field(default_factory=list)
    differs: List[str] = field(default_factory=list)
    profile_name: str = ""
    profile_model: Optional[Profile] = field(default=None, repr=False)
    said_summary: Optional[Message] = field(default=None, repr=False, compare=False)
    said_next: Optional[Message] = field(default=None, repr=False, compare=False)

    def say(self, summary: Optional[Message] = None, next: Optional[Message] = None) -> None:
        """Word the ruling: ``summary`` and ``next`` kept in English (what the JSON and the tests read)
        and as messages, read in the language spoken by :meth:`summary_text` and :meth:`next_text`."""
        if summary is not None:
            self.said_summary, self.summary = summary, summary.english()
        if next is not None:
            self.said_next, self.next = next, next.english()

    def summary_text(self) -> str:
        """The summary in the language spoken now."""
        return self.said_summary.text() if self.said_summary is not None else self.summary

    def next_text(self) -> str:
        """What happens next, in the language spoken now."""
        return self.said_next.text() if self.said_next is not None else self.next

    @property
    def rules(self) -> List[str]:
        return [c.path for c in self.citations]

    def signature(self) -> Dict[str, Any]:
        """What two rulings are compared on."""
        return {"allowed": self.allowed, "outcome": self.outcome, "owed": self.owed, "net": self.net,
                "winners": self.winners}

    def value_of(self, path: str) -> Any:
        """The value of a profile field under this ruling's profile (None for a rule every table shares)."""
        if self.profile_model is None or path not in LEAVES:
            return None
        return json_value(self.profile_model, path)

    def to_json(self) -> Dict[str, Any]:
        return {
            "profile": self.profile,
            "profile_name": self.profile_name,
            "allowed": self.allowed,
            "outcome": self.outcome,
            "summary": self.summary,
            "owed": money_map(self.owed),
            "next": self.next,
            "net": money_map(self.net),
            "winners": None if self.winners is None else list(self.winners),
            "carried": None if self.carried is None else money_json(self.carried),
            "to_act": self.to_act,
            "options": [option_json(o) for o in self.options],
            "rules": self.rules,
            "details": [c.to_json() for c in self.citations],
            "differs": list(self.differs),
        }


@dataclass
class Arbitration:
    """The rulings on one dispute, one per profile."""

    file: str
    deal: int
    line: Optional[int]
    dispute: Dispute
    players: List[str]
    rulings: List[Ruling] = field(default_factory=list)

    @property
    def differs(self) -> bool:
        return any(r.differs for r in self.rulings)

    def to_json(self) -> Dict[str, Any]:
        return {
            "file": self.file,
            "deal": self.deal,
            "line": self.line,
            "dispute": self.dispute.text,
            "kind": self.dispute.kind,
            "players": list(self.players),
            "differs": self.differs,
            "rulings": [r.to_json() for r in self.rulings],
        }


def money_map(values: Optional[Dict[str, Fraction]]) -> Optional[Dict[str, Any]]:
    return None if values is None else {p: money_json(v) for p, v in values.items()}


def option_json(option: LegalAction) -> Dict[str, Any]:
    return {
        "action": option_text(option),
        "kind": option.kind,
        "amount": None if option.amount is None else money_json(option.amount),
        "max_amount": None if option.max_amount is None else money_json(option.max_amount),
        "target": option.target,
    }


@dataclass
class Situation:
    rules: Rules
    label: str
    deal: Deal
    number: int
    file: str

    @property
    def profile(self) -> Profile:
        return self.rules.profile

    def value(self, path: str) -> Any:
        """A field's value as a citation shows it (as JSON writes it), read by its area."""
        return json_value(self.rules.profile, path)


__all__ = ["AMOUNT_RULES", "LEAVES", "Arbitration", "COMPANIONS", "Citation", "DISPUTE_FORMS", "Dispute", "FIXED_RULES", "ProfileChoice", "Ruling", "Situation", "money_map", "option_json", "parse_dispute"]
