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
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple, Union

from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.core.money import ZERO, money_json, pretty_money
from bragrules.core.rule_id import Rule, declared_rules, fixed_sentence, fixed_sources
from bragrules.engine.actions import Action, ActionSyntaxError, LegalAction
from bragrules.engine.deal import Deal, Ending
from bragrules.explainers.explain import explain, field_paths, in_play, json_value, source_of, value_of
from bragrules.history import DealEntry, History, read_history
from bragrules.profile.models import Profile
from bragrules.rules.blind import RETAIN_DEFAULT_RULE
from bragrules.rules.compile import Rules
from bragrules.rules.disputes import DELIBERATE_LOOK_RULE, EXPOSURE_AFTER_BETTING_RULE, EXPOSURE_BEFORE_BETTING_RULE
from bragrules.rules.fixed import AT_LEAST_LEVEL, DEAL_OVER
from bragrules.rules.hand_ranking import CATEGORY_ORDER_RULE, SUITS_BREAK_TIES_RULE
from bragrules.rules.seeing import COST_BASIS_RULE, COST_MULTIPLE_RULE, TIE, TIE_RULE
from bragrules.rules.stakes import OPENING_MIN_RULE, POT_MEASURE_RULE, RAISE_LIMIT_RULE

ProfileChoice = Union[Rules, Profile, str, "os.PathLike[str]", None]

DISPUTE_FORMS = "an action such as 'A see 4' or 'B fold', 'X exposes Y', 'X peeks Y', or 'tie'"

# Rules every Brag table shares: not profile fields, but named by the engine and the history's
# checks; each with its sentence and its sources as declared (bragrules.rules.fixed).
FIXED_RULES: Dict[str, Tuple[str, str]] = {
    rule: (fixed_sentence(rule), fixed_sources(rule)) for rule in declared_rules() if not rule.is_field
}

# Rules cited together: what a see costs depends on both the multiple and the basis.
_COMPANIONS: Dict[str, Tuple[Rule, ...]] = {
    COST_MULTIPLE_RULE: (COST_BASIS_RULE,),
    COST_BASIS_RULE: (COST_MULTIPLE_RULE,),
    POT_MEASURE_RULE: (RAISE_LIMIT_RULE,),  # the measure of a pot limit: the limit too
}

_AMOUNT_RULES = (AT_LEAST_LEVEL, OPENING_MIN_RULE)


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

    def fail(message: str) -> HistoryError:
        return HistoryError(f"dispute: {message}", file, line)

    if words.lower() == "tie":
        return Dispute("tie", words, line=line)
    match = _BETWEEN.match(words)
    if match:
        x, y = match.group("x"), match.group("y")
        for name in (x, y):
            if name not in players:
                raise fail(f"{name!r} in {words!r} is not a player ({', '.join(players)})")
        if x == y:
            raise fail(f"{words!r}: a player cannot expose or peek at their own cards; name another player")
        kind = "exposure" if match.group("verb").lower().startswith("expos") else "peek"
        return Dispute(kind, words, player=x, target=y, line=line)
    try:
        action = Action.parse(words)
    except ActionSyntaxError:
        raise fail(f"unknown dispute {words!r} (write {DISPUTE_FORMS})") from None
    if action.player not in players:
        raise fail(f"{action.player!r} in {words!r} is not a player ({', '.join(players)})")
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

    @property
    def rules(self) -> List[str]:
        return [c.path for c in self.citations]

    def signature(self) -> Dict[str, Any]:
        """What two rulings are compared on."""
        return {"allowed": self.allowed, "outcome": self.outcome, "owed": self.owed, "net": self.net,
                "winners": self.winners}

    def value_of(self, path: str) -> Any:
        """The value of a profile field under this ruling's profile (None for a rule every table shares)."""
        if self.profile_model is None or path not in _LEAVES:
            return None
        return json_value(self.profile_model, path)

    def to_json(self) -> Dict[str, Any]:
        return {
            "profile": self.profile,
            "profile_name": self.profile_name,
            "allowed": self.allowed,
            "outcome": self.outcome,
            "summary": self.summary,
            "owed": _money_map(self.owed),
            "next": self.next,
            "net": _money_map(self.net),
            "winners": None if self.winners is None else list(self.winners),
            "carried": None if self.carried is None else money_json(self.carried),
            "to_act": self.to_act,
            "options": [_option_json(o) for o in self.options],
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


def _money_map(values: Optional[Dict[str, Fraction]]) -> Optional[Dict[str, Any]]:
    return None if values is None else {p: money_json(v) for p, v in values.items()}


def _option_json(option: LegalAction) -> Dict[str, Any]:
    return {
        "action": _option_text(option),
        "kind": option.kind,
        "amount": None if option.amount is None else money_json(option.amount),
        "max_amount": None if option.max_amount is None else money_json(option.max_amount),
        "target": option.target,
    }


# ---------------------------------------------------------------------------
# Setting up the situation
# ---------------------------------------------------------------------------


@dataclass
class _Situation:
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


def _last_deal(history: History) -> Tuple[List[DealEntry], DealEntry]:
    if history.kind != "sheet":
        raise HistoryError("a situation is a history sheet whose last deal has a dispute: entry; "
                           "this is a log", history.file)
    deals = list(history.deals)
    if not deals:
        raise HistoryError("the sheet has no deals: the last deal is the situation, ending with a dispute: entry",
                           history.file, history.line_of("players"))
    last = deals[-1]
    if last.dispute is None:
        raise HistoryError(f"deal {last.number} (the last) has no dispute: entry: add the action or event "
                           f"in question ({DISPUTE_FORMS})", history.file, last.line)
    return deals[:-1], last


def _setup(history: History, earlier: List[DealEntry], entry: DealEntry, choice: ProfileChoice) -> _Situation:
    """Replay the deals before the dispute as the audit does; illegal play there is bad input."""
    # the audit's own replay: seats, antes, carried pots and retained hands exactly as it has them
    from bragrules.audit import Replay

    replay = Replay(history, choice)
    rules, label, report = replay.rules, replay.label, replay.report

    def refuse() -> None:
        if report.violations:
            first = report.violations[0]
            where = f"deal {first.deal}, action {first.action}" if first.action is not None else (
                f"deal {first.deal}" if first.deal is not None else "the table")
            raise HistoryError(
                f"the situation cannot be set up under {label}: {where}: {first.rule}: {first.message}",
                history.file, first.line if first.line is not None else entry.line)

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
                    centre=entry.centre)
    except RuleViolation as exc:
        raise HistoryError(f"the situation cannot be set up under {label}: deal {n}: {exc.rule}: {exc.message}",
                           history.file, entry.line) from None
    for index, item in enumerate(entry.actions):
        if deal.result is not None and item.action.kind != "show":  # a show after a see: its record
            raise HistoryError(
                f"the situation cannot be set up under {label}: deal {n}, action {index} ({item}): "
                f"the deal is already over ({deal.result.reason})", history.file, item.line)
        try:
            deal.apply(item.action)
        except RuleViolation as exc:
            raise HistoryError(
                f"the situation cannot be set up under {label}: deal {n}, action {index} ({item}): "
                f"{exc.rule}: {exc.message}", history.file, item.line) from None
    return _Situation(rules, label, deal, n, history.file)


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------


def _m(amount: Fraction) -> str:
    """An amount in a ruling's words (``2½``; the JSON's amounts stay ``"5/2"``)."""
    return pretty_money(amount)


def _signed(amount: Fraction) -> str:
    return f"+{_m(amount)}" if amount > 0 else _m(amount)


def _net_text(net: Dict[str, Fraction]) -> str:
    return ", ".join(f"{p} {_signed(v)}" for p, v in net.items())


def _join(words: Sequence[str], last: str = "or") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _option_text(option: LegalAction) -> str:
    kind = option.kind
    if kind == "bet":
        assert option.amount is not None
        if option.all_in:
            return f"go all in for {_m(option.amount)}"
        if option.max_amount is None:
            return f"bet {_m(option.amount)} or more"
        if option.max_amount == option.amount:
            return f"bet {_m(option.amount)}"
        return f"bet {_m(option.amount)} to {_m(option.max_amount)}"
    if kind == "see":
        assert option.amount is not None
        return f"see for {_m(option.amount)}" + (" (all in)" if option.all_in else "")
    if kind == "look" and option.target:
        return f"look at the {option.target} hand"
    if kind == "swap":
        return "swap all" if option.target == "all" else "swap a card"
    return kind


def _options_text(options: Sequence[LegalAction]) -> str:
    texts: List[str] = []
    for option in options:
        text = _option_text(option)
        if text not in texts:
            texts.append(text)
    return _join(texts)


def _turn_text(deal: Deal) -> str:
    player = deal.to_act
    if player is None:
        return "the deal is over"
    return f"{player} is to act and may {_options_text(deal.legal_actions())}"


def _hand_words(sit: _Situation, deal: Deal, player: str) -> str:
    hand = deal.players[player].hand
    if hand is None:
        return f"{player}'s unrecorded hand"
    cards = " ".join(str(c) for c in hand)
    if len(hand) == 3:
        return f"{player}'s {sit.rules.ranking.ranker.describe(hand)} ({cards})"
    return f"{player}'s {cards}"


# ---------------------------------------------------------------------------
# Citations
# ---------------------------------------------------------------------------


_LEAVES = field_paths()


def _cite(sit: _Situation, path: str) -> List[Citation]:
    """The citations for a rule: a leaf field, the fields under a group (those in play), or a fixed rule."""
    if path in _LEAVES:
        value = sit.value(path)
        return [Citation(path, value, explain(path, value_of(sit.profile, path), sit.profile), source_of(path, value))]
    children = [p for p in _LEAVES if p.startswith(path + ".")]
    if children:
        chosen = [p for p in children if in_play(p, sit.profile)] or children[:1]
        return [c for p in chosen for c in _cite(sit, p)]
    sentence, source = FIXED_RULES.get(path, (path.replace("_", " ").replace(".", ": "), ""))
    return [Citation(path, None, sentence, source)]


def _cites(sit: _Situation, paths: Sequence[str]) -> List[Citation]:
    out: List[Citation] = []
    seen: Set[str] = set()
    for path in paths:
        for citation in _cite(sit, path):
            if citation.path not in seen:
                seen.add(citation.path)
                out.append(citation)
    return out


# ---------------------------------------------------------------------------
# How a deal ends
# ---------------------------------------------------------------------------


@dataclass
class _Ending:
    outcome: str
    text: str
    net: Dict[str, Fraction]
    winners: List[str]
    carried: Fraction
    paths: List[str]


def _record(deal: Deal) -> Ending:
    """What the engine says happened at the end of ``deal`` (over)."""
    assert deal.result is not None and deal.result.ending is not None
    return deal.result.ending


def _ending(sit: _Situation, deal: Deal) -> _Ending:
    """The deal's ending in a ruling's words: the engine's record of it (:class:`Ending`), worded."""
    result = deal.result
    assert result is not None
    record = _record(deal)
    paths = list(result.decided_by)  # the engine says which rules decided the ending
    pot = _m(result.pot)
    net = dict(result.net)
    kind = record.kind
    if kind == "lives":  # Crash: no pot, a life lost at the showdown
        return _Ending(result.outcome, result.reason, net, list(result.winners), result.carried_out, paths)
    if result.outcome == "carried":
        player = record.survivor
        if kind == "carried_unbet":
            text = f"everyone folded before anybody bet: the pot of {pot} carries into the next deal"
        elif kind == "carried_blind" and player is not None:
            text = f"{player} is left alone but blind and does not collect: the pot of {pot} carries into the next deal"
            if player in result.retained:
                hand = result.retained[player]
                shown = f" ({' '.join(str(c) for c in hand)})" if hand is not None else ""
                text += f", and {player} may keep the unseen hand{shown} to hold beside the next one"
            else:
                text += f"; {player}'s hand is not kept"
        elif kind == "carried_checked":
            text = f"everyone checked and nobody bet: the pot of {pot} carries into the next deal"
        else:
            text = f"{result.reason}: the pot of {pot} carries into the next deal"
        return _Ending("carried", text, net, [], result.carried_out, paths)
    winners = list(result.winners)
    if kind == "folded_unbet":
        text = f"everyone else folded before anybody bet: {winners[0]} takes the pot of {pot}"
    elif kind == "folded_blind":
        text = f"everyone else has folded: {winners[0]}, still blind, takes the pot of {pot}"
    elif kind == "folded":
        text = f"everyone else has folded: {winners[0]} takes the pot of {pot} without showing"
    elif kind == "see" and record.caller is not None and record.opponent is not None:
        caller, opponent = record.caller, record.opponent
        a, b = _hand_words(sit, deal, caller), _hand_words(sit, deal, opponent)
        if record.tied:
            if len(winners) > 1:
                text = f"{caller} saw {opponent}: {a} and {b} are equal, and the pot of {pot} is split"
            else:
                text = f"{caller} saw {opponent}: {a} and {b} are equal, and {winners[0]} takes the pot of {pot}"
        else:
            loser = opponent if winners == [caller] else caller
            text = (f"{caller} saw {opponent}: {_hand_words(sit, deal, winners[0])} beats "
                    f"{_hand_words(sit, deal, loser)}; {winners[0]} takes the pot of {pot}")
    else:
        who = " and ".join(winners)
        text = f"{result.reason}: {who} {'take' if len(winners) > 1 else 'takes'} the pot of {pot}"
    if any(result.bonuses.values()):
        text += "; bonuses: " + _net_text({p: v for p, v in result.bonuses.items() if v})
    return _Ending(result.outcome, text, net, winners, ZERO, paths)


def _finish(ruling: Ruling, sit: _Situation, deal: Deal, paths: List[str], lead: str = "") -> Ruling:
    """Fill in what follows an applied action: the deal's end, or who acts next.

    A blind survivor's choice to retain or release the hand is projected with the profile's default
    (``blind.retain_default``), as the audit does when a history does not say.
    """
    if deal.awaiting == "retain":
        default = deal.default_action()
        assert default is not None
        survivor = default.player
        deal = deal.snapshot()
        deal.apply(default)
        lead += (f"{survivor} may retain the unseen hand or release it "
                 f"({'retaining it' if default.kind == 'retain' else 'releasing it'} unless {survivor} says otherwise); ")
        extra: List[str] = [RETAIN_DEFAULT_RULE]
    else:
        extra = []
    if deal.result is not None:
        ending = _ending(sit, deal)
        ruling.net = ending.net
        ruling.winners = ending.winners
        ruling.carried = ending.carried
        ruling.next = f"{lead}{ending.text}; net: {_net_text(ending.net)}"
        paths = paths + ending.paths
    else:
        ruling.to_act = deal.to_act
        ruling.options = deal.legal_actions()
        ruling.next = f"{lead}the deal goes on: {_turn_text(deal)}"
    ruling.citations = _cites(sit, paths + extra)
    return ruling


# ---------------------------------------------------------------------------
# The rulings
# ---------------------------------------------------------------------------


def _option(deal: Deal, kind: str) -> Optional[LegalAction]:
    return next((o for o in deal.legal_actions() if o.kind == kind), None)


def _allowed_paths(deal: Deal, action: Action) -> List[str]:
    """The rules the engine consulted to allow ``action`` (:meth:`Deal.consulted`), with their companions."""
    paths: List[str] = []
    for rule in deal.consulted(action):
        paths += [rule, *_COMPANIONS.get(rule, ())]
    return list(dict.fromkeys(paths))


def _allowed_summary(deal: Deal, action: Action) -> str:
    player, kind = action.player, action.kind
    state = deal.players[player]
    if kind == "bet":
        assert action.amount is not None
        level = deal.rules.stakes.level_for(action.amount, state.blind)
        verb = "opens" if deal.level is None else "raises" if level > deal.level else "keeps"
        text = f"{action} is allowed: it {verb} the level at {_m(level)}"
        if state.blind:
            text += f" ({player} is blind and pays {_m(deal.rules.stakes.blind_rate)} of the level)"
        return text
    if kind == "see":
        opponent = next(p for p in deal.contenders if p != player)
        return f"{action} is allowed: {player} sees {opponent} for exactly {_m(action.amount or ZERO)}"
    if kind == "fold":
        return f"{action} is allowed: a player may fold at their turn, and what they have paid stays in the pot"
    if kind == "look":
        if state.two_hands:
            return f"{action} is allowed: {player} looks at one of two hands, then keeps or discards it"
        return f"{action} is allowed: from now on {player} is a seen player and pays the seen rate"
    if kind == "check":
        return f"{action} is allowed: nobody has bet yet"
    return f"{action} is allowed"


def _rule_action(sit: _Situation, dispute: Dispute) -> Ruling:
    deal, action = sit.deal, dispute.action
    assert action is not None
    ruling = Ruling(sit.label, None, "", "", "")
    try:
        deal.verify(action)
    except RuleViolation as exc:
        return _refused(sit, ruling, action, exc)
    after = deal.snapshot()
    after.apply(action)
    ruling.allowed = True
    ending = after
    if after.awaiting == "retain":  # a blind survivor's unsaid choice: as the audit takes it
        ending = after.snapshot()
        default = ending.default_action()
        assert default is not None
        ending.apply(default)
    ruling.outcome = "allowed" if ending.result is None else ending.result.outcome
    ruling.summary = _allowed_summary(deal, action)
    return _finish(ruling, sit, after, _allowed_paths(deal, action))


def _refused(sit: _Situation, ruling: Ruling, action: Action, exc: RuleViolation) -> Ruling:
    deal, player = sit.deal, action.player
    ruling.allowed = False
    ruling.outcome = "refused"
    paths = [exc.rule, *_COMPANIONS.get(exc.rule, ())]
    if deal.result is not None:  # after the end: the end stands (a concession there, say, breaks its own rule)
        why = "the deal is already over" if exc.rule == DEAL_OVER else exc.message
        ruling.summary = f"{action} is not allowed: {why}"
        ending = _ending(sit, deal)
        ruling.net, ruling.winners, ruling.carried = ending.net, ending.winners, ending.carried
        ruling.next = f"nothing changes: {ending.text}; net: {_net_text(ending.net)}"
        ruling.citations = _cites(sit, paths + ending.paths)
        return ruling
    if exc.rule == COST_MULTIPLE_RULE and action.amount is not None:
        see = _option(deal, "see")
        if see is not None and see.amount is not None:
            cost, paid = see.amount, action.amount
            if paid < cost:
                ruling.outcome = "owed"
                ruling.owed = {player: cost - paid}
                middle = f"{player} paid {_m(paid)} and owes {_m(cost - paid)} more"
            else:
                ruling.outcome = "corrected"
                ruling.owed = {player: cost - paid}
                middle = f"{player} paid {_m(paid)} and takes {_m(paid - cost)} back"
            ruling.summary = (f"a see costs exactly {_m(cost)} here: {middle}; the see is corrected before the "
                              "cards are turned, and is binding once the money is in (000)")
            after = deal.snapshot()
            after.apply(see.action())
            return _finish(ruling, sit, after, paths, lead=f"corrected to {_m(cost)}, the see stands: ")
    if exc.rule in _AMOUNT_RULES and action.kind == "bet" and action.amount is not None:
        bet = _option(deal, "bet")
        if bet is not None and bet.amount is not None and action.amount < bet.amount:
            ruling.outcome = "owed"
            ruling.owed = {player: bet.amount - action.amount}
            ruling.summary = (f"{action} is not allowed: {exc.message}; to stay in, {player} owes "
                              f"{_m(bet.amount - action.amount)} more (a bet of {_m(bet.amount)}), or folds")
    if not ruling.summary:
        ruling.summary = f"{action} is not allowed: {exc.message}"
    to_act = deal.to_act
    if to_act is not None:
        ruling.to_act = to_act
        ruling.options = deal.legal_actions()
        if to_act == player:
            ruling.next = f"{player} may instead {_options_text(ruling.options)}"
        else:
            ruling.next = f"it is {to_act}'s turn: {to_act} may {_options_text(ruling.options)}"
    ruling.citations = _cites(sit, paths)
    return ruling


def _check_pair(sit: _Situation, dispute: Dispute) -> None:
    deal = sit.deal
    for name in (dispute.player, dispute.target):
        assert name is not None
        if name not in deal.players:
            raise HistoryError(f"dispute: {name} is not dealt in deal {sit.number}", sit.file, dispute.line)
    if deal.result is not None:
        raise HistoryError(f"dispute: deal {sit.number} is already over ({deal.result.reason}): "
                           f"there is nothing left to rule on", sit.file, dispute.line)


def _rule_exposure(sit: _Situation, dispute: Dispute) -> Ruling:
    _check_pair(sit, dispute)
    deal = sit.deal
    x, y = dispute.player, dispute.target
    assert x is not None and y is not None
    begun = deal.level is not None
    path = EXPOSURE_AFTER_BETTING_RULE if begun else EXPOSURE_BEFORE_BETTING_RULE
    ruling = Ruling(sit.label, None, "", "", "")
    when = "after betting began" if begun else "before any betting"
    exposed = deal.snapshot()
    exposed.apply(Action(x, "expose", target=y))  # the same rule the engine applies to a history
    if exposed.can(Action(y, "redeal")):
        ruling.outcome = "redeal"
        ruling.net = {p: ZERO for p in deal.order}
        paid = "every stake" if begun else "all antes"
        if begun:
            ruling.summary = (f"{x} saw {y}'s cards by accident {when}: under this profile the whole hand is "
                              f"redealt all the same, with {paid} returned")
            ruling.next = "the hand is dealt again; nobody gains or loses by this deal"
        else:
            ruling.summary = (f"{x} saw {y}'s cards by accident {when}: {y} may demand a redeal of the "
                              f"whole hand, with {paid} returned")
            ruling.next = (f"if {y} demands it, the hand is dealt again and nobody gains or loses by this deal; "
                           f"if not, the deal goes on: {_turn_text(deal)}")
        if deal.carried_in:
            ruling.next += f"; the pot carried in ({_m(deal.carried_in)}) stays for the new deal"
        ruling.citations = _cites(sit, [path])
        return ruling
    ruling.outcome = "continue"
    if begun:
        ruling.summary = (f"{x} saw {y}'s cards by accident {when}: no misdeal; {y} may fold or continue "
                          "at their discretion")
    else:
        ruling.summary = f"{x} saw {y}'s cards by accident {when}: under this profile there is no redeal"
    ruling.to_act = deal.to_act
    ruling.options = deal.legal_actions()
    ruling.next = f"the deal goes on: {_turn_text(deal)}"
    ruling.citations = _cites(sit, [path])
    return ruling


def _rule_peek(sit: _Situation, dispute: Dispute) -> Ruling:
    _check_pair(sit, dispute)
    deal = sit.deal
    x, y = dispute.player, dispute.target
    assert x is not None and y is not None
    path = DELIBERATE_LOOK_RULE
    ruling = Ruling(sit.label, None, "", "", "")
    if sit.profile.disputes.deliberate_look != "fold":
        ruling.outcome = "continue"
        ruling.summary = f"{x} looked at {y}'s cards on purpose: under this profile {x} plays on, without penalty"
        ruling.to_act = deal.to_act
        ruling.options = deal.legal_actions()
        ruling.next = f"the deal goes on: {_turn_text(deal)}"
        ruling.citations = _cites(sit, [path])
        return ruling
    if deal.players[x].folded:
        ruling.outcome = "continue"
        ruling.summary = (f"{x} looked at {y}'s cards on purpose, but has already folded: the penalty (a fold, "
                          "bets staying in the pot) changes nothing")
        ruling.to_act = deal.to_act
        ruling.options = deal.legal_actions()
        ruling.next = f"the deal goes on: {_turn_text(deal)}"
        ruling.citations = _cites(sit, [path])
        return ruling
    try:
        after = deal.snapshot()
        after.apply(Action(x, "peek", target=y))  # the engine folds x at once, the turn staying where it was
    except RuleViolation as exc:
        raise HistoryError(f"dispute: {x} cannot be folded now ({exc.message})", sit.file, dispute.line) from None
    paid = deal.players[x].contributed
    ruling.outcome = "forced_fold"
    ruling.summary = (f"{x} looked at {y}'s cards on purpose: {x} must fold at once, and the {_m(paid)} "
                      f"{x} has put in stays in the pot")
    return _finish(ruling, sit, after, [path])


def _rule_tie(sit: _Situation, dispute: Dispute) -> Ruling:
    deal = sit.deal
    ruling = Ruling(sit.label, None, "", "", "")
    lead = ""
    if deal.result is not None:
        after = deal
        record = _record(deal)
        if not deal.result.showdown or record.caller is None or record.opponent is None:
            raise HistoryError(f"dispute: tie: deal {sit.number} did not end at a see ({deal.result.reason})",
                               sit.file, dispute.line)
    else:
        option = _option(deal, "see")
        if option is None:
            raise HistoryError(
                f"dispute: tie: deal {sit.number} has had no see, and {deal.to_act} cannot see now; "
                "write the see itself as the dispute (e.g. 'A see 4')", sit.file, dispute.line)
        after = deal.snapshot()
        after.apply(option.action())
        record = _record(after)
        assert record.caller is not None and record.opponent is not None
        lead = f"if {record.caller} sees {record.opponent} now for {_m(option.amount or ZERO)}: "
    assert after.result is not None and record.caller is not None and record.opponent is not None
    caller, opponent = record.caller, record.opponent
    tied = record.tied  # the engine compared the two hands at the see
    if tied is None:
        raise HistoryError(f"dispute: tie: the hands of {caller} and {opponent} cannot be compared one against "
                           "one (not recorded, or several hands each)", sit.file, dispute.line)
    ending = _ending(sit, after)
    if tied:
        ruling.summary = f"{lead}{_hand_words(sit, after, caller)} and {_hand_words(sit, after, opponent)} are equal: " \
                         f"{TIE.sentence(sit.profile)}"
        paths = [TIE_RULE]
    else:
        ruling.summary = f"{lead}not a tie: {_hand_words(sit, after, ending.winners[0])} is the better hand"
        paths = [CATEGORY_ORDER_RULE]
        if sit.profile.ranking.suits_break_ties:
            paths.append(SUITS_BREAK_TIES_RULE)
    ruling.outcome = ending.outcome
    ruling.net, ruling.winners, ruling.carried = ending.net, ending.winners, ending.carried
    ruling.next = f"{lead}{ending.text}; net: {_net_text(ending.net)}"
    ruling.citations = _cites(sit, paths + [p for p in ending.paths if p not in paths])
    return ruling


_RULERS = {"action": _rule_action, "exposure": _rule_exposure, "peek": _rule_peek, "tie": _rule_tie}


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
        ruling = _RULERS[dispute.kind](sit, dispute)
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
    sit = _Situation(rules, label or rules.profile.name, deal, number, file)
    ruling = _RULERS[dispute.kind](sit, dispute)
    ruling.profile_name = rules.profile.name
    ruling.profile_model = rules.profile
    arbitration = Arbitration(file, number, None, dispute, list(players))
    arbitration.rulings.append(ruling)
    return arbitration


__all__ = ["Arbitration", "Citation", "Dispute", "Ruling", "arbitrate", "arbitrate_deal", "parse_dispute"]
