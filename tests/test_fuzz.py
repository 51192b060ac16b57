"""Fuzzing: generated profiles, history sheets, logs and actions.

Each property feeds the library something generated, valid or nearly so,
and allows exactly two outcomes: it works (and then the game's invariants
hold), or it is refused with the library's own error, in one line that
names the file. Any other exception is a failure.

- profiles: a shipped profile, resolved, with one to three fields changed
  to a value of another type, deleted, or joined by an unknown key; it loads
  and plays a few deals with money conserved, or is a located ProfileError;
- history sheets: the shipped test sheets with lines dropped, tokens
  swapped, amounts and cards changed; they audit, or are a HistoryError
  or ProfileError;
- logs: a real session log with lines dropped, repeated, swapped, edited or
  cut; the audit reports, or is a HistoryError;
- actions: what ``tests/test_properties.py`` does not already cover: the
  exchange and arrangement actions with random cards, negative and huge
  amounts, strange targets, actions after the end of a deal, action text
  from random words, and Action objects that no parser would build. A
  refused action leaves the whole deal (centre cards, arrangements,
  knocker, hands being chosen included) exactly as it was.

The number of examples comes from the Hypothesis profile (tests/conftest.py).
"""

from __future__ import annotations

import copy
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest
import yaml
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.cards import CARDS
from bragrules.core.errors import HistoryError, RuleViolation
from bragrules.engine.actions import KINDS, Action, ActionSyntaxError
from bragrules.engine.deal import Deal
from bragrules.engine.events import Show
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import ProfileError, builtin_names, load_profile, load_profile_text
from bragrules.rules.compile import compile_rules

from .helpers import rules_for, shipped_profile
from .strategies import profiles

ROOT = Path(__file__).resolve().parent.parent
SHEETS_DIR = ROOT / "tests" / "data" / "histories"
NAMES = ["A", "B", "C", "D", "E", "F"]
MAX_MESSAGE = 300
LOCATED = re.compile(r"^fuzz\.(yaml|jsonl):\d+(:\d+)?: ")

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)


def check_message(error: Exception, name: str) -> None:
    """A refusal reads as one short line naming the file (and its line, where it has one). The file is
    named whole, however long its path (a temporary folder's is the machine's): what is short is the
    rest, measured with the name written as ``FILE``.

    >>> check_message(ValueError("/tmp/" + "d" * 400 + "/fuzz.jsonl:3: deal 1: no such player"),
    ...               "/tmp/" + "d" * 400 + "/fuzz.jsonl")
    """
    text = str(error)
    assert "\n" not in text, text
    assert name in text, text
    assert len(text.replace(name, "FILE")) <= MAX_MESSAGE, text[:400]


# ---------------------------------------------------------------------------
# Profiles
# ---------------------------------------------------------------------------

BASES: Dict[str, Dict[str, Any]] = {name: shipped_profile(name).model_dump(mode="json") for name in builtin_names()}


def _words() -> List[str]:
    found = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.add(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and len(value) < 30:
            found.add(value)

    for data in BASES.values():
        walk(data)
    return sorted(found)


WORDS = _words()
"""Every key and short text value of the shipped profiles: near-valid vocabulary."""

scalars = st.one_of(
    st.integers(-30, 60),
    st.integers(-10**30, 10**30),
    st.sampled_from([0.5, 2.5, -1.0, 1e300, float("inf"), float("nan")]),
    st.sampled_from(WORDS),
    st.sampled_from(["5/2", "1/3", "-1", "0", "1/0", "2.5", "2½", "yes", "off", "", "Jc", "9d", "Zz", "11h"]),
    st.text(max_size=12),
    st.booleans(),
    st.none(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(WORDS), inner, max_size=3)),
    max_leaves=6,
)


def _values_at() -> Dict[Tuple[str, ...], List[Any]]:
    found: Dict[Tuple[str, ...], List[Any]] = {}

    def walk(value: Any, path: Tuple[str, ...]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))
        elif value not in found.setdefault(path, []):
            found[path].append(value)

    for data in BASES.values():
        walk(data, ())
    return found


VALUES_AT = _values_at()
"""For each field, every value the shipped profiles give it."""


def near(original: Any, path: Tuple[str, ...]) -> st.SearchStrategy[Any]:
    """A value of the same kind as ``original``: often valid, often just out of range."""
    shipped = VALUES_AT.get(path)
    if shipped and len(shipped) > 1:
        return st.one_of(st.sampled_from(shipped), st.sampled_from(shipped), _near(original))
    return _near(original)


def _near(original: Any) -> st.SearchStrategy[Any]:
    if isinstance(original, bool):
        return st.booleans()
    if isinstance(original, int):
        return st.one_of(st.integers(original - 3, original + 3), st.integers(0, 25))
    if isinstance(original, str) and re.fullmatch(r"-?\d+(/\d+)?", original):
        return st.sampled_from(["0", "1", "2", "5", "1/2", "3/2", "10", "1/3", "-1"])
    if isinstance(original, str):
        return st.sampled_from(WORDS)
    if isinstance(original, list):
        return st.one_of(st.permutations(original), st.lists(st.sampled_from(WORDS), max_size=4))
    return st.one_of(st.none(), st.integers(0, 25), st.sampled_from(["1", "5/2", "10"]))


def paths(data: Dict[str, Any], prefix: Tuple[str, ...] = ()) -> Iterator[Tuple[str, ...]]:
    for key, value in data.items():
        yield prefix + (key,)
        if isinstance(value, dict):
            yield from paths(value, prefix + (key,))


def _at(data: Dict[str, Any], path: Tuple[str, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def mutated_profile_texts(draw: st.DrawFn) -> str:
    """A shipped profile, resolved, with one to three fields changed (most often to a value
    of the same kind), removed, or joined by an unknown key."""
    data = copy.deepcopy(BASES[draw(st.sampled_from(sorted(BASES)))])
    data.pop("extends", None)  # resolved already: the text stands alone
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        every = sorted(paths(data))
        leaves = [p for p in every if not isinstance(_at(data, p), dict)]
        path = draw(st.sampled_from(leaves if leaves and draw(st.integers(0, 3)) else every))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        operation = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add"]))
        if operation == "delete":
            del parent[path[-1]]
        elif operation == "add":
            key = draw(st.one_of(st.sampled_from(WORDS), st.sampled_from(["antee", "Table", "jokers_", "x"]),
                                 st.text(min_size=1, max_size=10)))
            parent[key] = draw(values)
        elif draw(st.integers(0, 2)):  # two times in three, a value of the same kind
            parent[path[-1]] = draw(near(parent[path[-1]], path))
        else:
            parent[path[-1]] = draw(values)
        if not data:
            break
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    if draw(st.integers(0, 4)) == 0:  # an explicit tag over an odd scalar, as a value
        lines = text.split("\n")
        valued = [i for i, line in enumerate(lines) if re.search(r": \S", line)]
        if valued:
            i = draw(st.sampled_from(valued))
            key = lines[i].split(": ", 1)[0]
            lines[i] = f"{key}: {draw(st.sampled_from(TAGGED))}"
            text = "\n".join(lines)
    if draw(st.integers(0, 9)) == 0:
        text = "\ufeff" * draw(st.integers(1, 2)) + text
    return text


def play_a_little(profile: Any, seed: int) -> None:
    """A few deals at random under ``profile``; money is conserved, deal by deal, the house's account
    (``house``: its rake and table fees) counted."""
    rules = compile_rules(profile)
    table = profile.table
    count = min(max(4, table.min_players, 2), table.max_players)
    session = Session(rules, NAMES[:count] + [f"P{i}" for i in range(count - len(NAMES))], seed=seed)
    total = sum(session.balances.values())
    play_session(session, random_chooser(random.Random(seed)), max_deals=3)
    assert sum(session.balances.values()) + session.state.carried + session.house + session.lives_pot == total
    for record in session.records:
        taken = record.result.rake + record.result.table_fee  # every net includes the house's take
        assert sum(record.result.net.values()) == record.carried_in - record.result.carried_out - taken


@FUZZ
@given(text=mutated_profile_texts(), seed=st.integers(0, 2**32 - 1))
def test_a_mutated_profile_plays_or_is_refused_in_one_located_line(text: str, seed: int) -> None:
    try:
        profile = load_profile_text(text, filename="fuzz.yaml")
    except ProfileError as exc:
        event(f"refused ({exc.code})")
        check_message(exc, "fuzz.yaml")
        assert LOCATED.match(str(exc)), str(exc)
        for problem in exc.errors:
            check_message(problem, "fuzz.yaml")
        return
    event("loaded and played")
    play_a_little(profile, seed)


def test_an_unknown_key_with_a_line_break_is_reported_on_one_line() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text('name: x\n"a\\nb": 1\n', filename="fuzz.yaml")
    assert str(refused.value).startswith("fuzz.yaml:2:1: ")
    assert "\n" not in str(refused.value)


@FUZZ
@given(profile=profiles(), seed=st.integers(0, 2**32 - 1))
def test_a_valid_profile_written_as_yaml_reads_back_the_same_and_plays(profile: Any, seed: int) -> None:
    text = yaml.safe_dump(profile.model_dump(mode="json"), sort_keys=False, allow_unicode=True)
    again = load_profile_text(text, filename="fuzz.yaml")
    assert again == profile
    play_a_little(again, seed)


# ---------------------------------------------------------------------------
# History sheets
# ---------------------------------------------------------------------------

SHEETS = [p.read_text(encoding="utf-8") for p in sorted(SHEETS_DIR.glob("*.yaml"))]
SHEETS = [text for text in SHEETS if "players:" in text]
TOKEN = re.compile(r"[A-Za-z0-9/?♣♦♥♠.-]+")
AMOUNT = re.compile(r"-?\d+(/\d+)?")
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")
CARD_WORDS = [str(c) for c in CARDS] + ["??", "Zz", "10h", "K♣", "1c", "Th"]
ACTION_WORDS = ["A", "B", "C", "D", "E", "P1", "P4", "look", "bet", "see", "fold", "check", "keep", "discard",
                "knock", "swap", "arrange", "stand", "old", "new", "winner", "carried", "true", "null",
                "traditional", "standard", "crash", "house_split.yaml", "dealer", "net", "pot"]
JUNK = ["{", "}", "[", "]", ":", ",", "'", '"', "\t", " ", "#", "&a ", "*a", "!!str ", "- ", "? ", "\x00", "é", "\n",
        "!!int '' ", "!!float '' ", "!!int '_' ", "!!bool 'maybe' ", "\ufeff", "[/]", "\x1b[2J", "\x9b",
        '"type":"deal",', '"deal":1,']
"""Inserted at random into a line: YAML and JSON punctuation, explicit tags over
scalars that are not of their kind, byte order marks, markup, terminal
controls, and keys written twice in a JSON event."""

TAGGED = ["!!int ''", "!!float ''", "!!int '_'", "!!bool 'maybe'", "!!float '.'", "!!int '0x'", "!!null 'x'",
          "'standard '"]
"""Explicit tags over odd scalars, for a value of a profile."""


def mutate_lines(draw: st.DrawFn, lines: List[str]) -> List[str]:
    """One edit of a text, line-wise: the kinds of slip a person or a broken writer makes."""
    if not lines:
        return [""]
    i = draw(st.integers(0, len(lines) - 1))
    line = lines[i]
    kind = draw(st.sampled_from(["drop", "repeat", "swap_tokens", "amount", "card", "junk", "word", "cut_file",
                                 "cut_line"]))
    if kind == "drop":
        return lines[:i] + lines[i + 1:]
    if kind == "repeat":
        return lines[:i] + [lines[draw(st.integers(0, len(lines) - 1))]] + lines[i:]
    if kind == "cut_file":
        return lines[: draw(st.integers(0, len(lines)))]
    if kind == "cut_line":
        return lines[:i] + [line[: draw(st.integers(0, len(line)))]] + lines[i + 1:]
    if kind == "junk":
        at = draw(st.integers(0, len(line)))
        return lines[:i] + [line[:at] + draw(st.sampled_from(JUNK)) + line[at:]] + lines[i + 1:]
    pattern = {"swap_tokens": TOKEN, "word": TOKEN, "amount": AMOUNT, "card": CARD}[kind]
    found = list(pattern.finditer(line))
    if not found:
        return lines
    if kind == "swap_tokens":
        if len(found) < 2:
            return lines
        a, b = sorted(draw(st.lists(st.sampled_from(found), min_size=2, max_size=2, unique_by=lambda m: m.start())),
                      key=lambda m: m.start())
        new = line[: a.start()] + b.group() + line[a.end(): b.start()] + a.group() + line[b.end():]
    else:
        match = draw(st.sampled_from(found))
        replacement = {
            "word": st.sampled_from(ACTION_WORDS),
            "amount": st.sampled_from(["0", "1", "2", "-3", "5/2", "2.5", "9" * 30, "x", "1/0", "3", "1e3"]),
            "card": st.sampled_from(CARD_WORDS),
        }[kind]
        new = line[: match.start()] + draw(replacement) + line[match.end():]
    return lines[:i] + [new] + lines[i + 1:]


@st.composite
def mutated_sheets(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(SHEETS)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        lines = mutate_lines(draw, lines)
    return "\n".join(lines)


@FUZZ
@given(text=mutated_sheets())
def test_a_mutated_sheet_audits_or_is_refused_in_one_line(text: str) -> None:
    try:
        history = parse_sheet(text, filename="fuzz.yaml", base_dir=SHEETS_DIR)
        report = audit(history)
    except (HistoryError, ProfileError) as exc:
        event("refused")
        check_message(exc, "fuzz.yaml")
        return
    event("audited: " + ("ok" if report.ok else "violations"))
    for violation in report.violations:
        assert violation.rule and "\n" not in str(violation)
    assert report.ok == (not report.violations and report.error is None)


# ---------------------------------------------------------------------------
# Logs
# ---------------------------------------------------------------------------


def _session_log(profile_name: str, seed: int, deals: int) -> List[str]:
    import io

    session = Session(compile_rules(load_profile(profile_name)), ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    with LogWriter.for_session(out, session, profile_name=profile_name):
        play_session(session, random_chooser(random.Random(seed)), max_deals=deals)
    return out.getvalue().splitlines()


LOGS = [_session_log("traditional", 1, 4), _session_log("standard", 7, 4), _session_log("crash", 3, 3)]


@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "fuzz.jsonl"


@st.composite
def mutated_logs(draw: st.DrawFn) -> bytes:
    lines = list(draw(st.sampled_from(LOGS)))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()) and len(lines) > 2:  # two events change places
            i, j = draw(st.lists(st.integers(1, len(lines) - 1), min_size=2, max_size=2, unique=True))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines = mutate_lines(draw, lines)
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if draw(st.integers(0, 4)) == 0:  # the writer was killed mid-line
        data = data[: draw(st.integers(0, len(data)))]
    return data


@FUZZ
@given(data=mutated_logs())
def test_a_mutated_log_audits_or_is_refused_in_one_line(data: bytes, log_file: Path) -> None:
    log_file.write_bytes(data)
    try:
        report = audit(str(log_file))
    except (HistoryError, ProfileError) as exc:
        event("refused")
        check_message(exc, str(log_file))
        return
    event("audited: " + ("ok" if report.ok else "error part-way" if report.error else "violations"))
    if report.error is not None:
        check_message(report.error, str(log_file))
    for violation in report.violations:
        assert violation.rule and "\n" not in str(violation)


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


DERIVED = {"rules", "comparer", "units", "_money", "bounds_memo"}
"""A deal's attributes made from its rules once and for all, and the bounds it keeps for the moment
they answer (a cache, held to the stakes' own answer by tests/test_fast_paths_betting.py): not part
of its state."""


def freeze(value: Any, depth: int = 0) -> Any:
    """``value`` as nested tuples of plain values, attribute by attribute, to compare states."""
    assert depth < 50, "a deal's state nests this deep?"
    if value is None or isinstance(value, (str, int, float, Fraction)):
        return value
    if isinstance(value, dict):
        return ("dict", tuple((freeze(k, depth + 1), freeze(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(freeze(v, depth + 1) for v in value))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted((freeze(v, depth + 1) for v in value), key=repr)))
    names = list(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        names.extend(n for n in getattr(cls, "__slots__", ()) if n not in names)
    if not names:
        return repr(value)
    return (type(value).__name__,
            tuple((n, freeze(getattr(value, n, None), depth + 1)) for n in sorted(names) if n not in DERIVED))


def whole_state(deal: Deal) -> Any:
    """Everything a deal holds, apart from what it made from its rules."""
    return freeze(deal)


amounts = st.one_of(
    st.fractions(min_value=-5, max_value=60, max_denominator=4),
    st.sampled_from([Fraction(0), Fraction(10**30), Fraction(-1, 2), Fraction(1, 7)]),
)


@st.composite
def well_formed_actions(draw: st.DrawFn, deal: Deal) -> Action:
    """An action of the shape Action.parse makes, for any player, with any cards or amount."""
    player = draw(st.one_of(st.sampled_from(deal.order + ["Z"]), st.just(deal.to_act or deal.order[0])))
    kind = draw(st.sampled_from(KINDS))
    if kind in ("bet", "see"):
        return Action(player, kind, amount=draw(amounts))
    if kind == "look":
        return Action(player, kind, target=draw(st.sampled_from([None, "old", "new"])))
    state = deal.players.get(player)
    own = list(state.hand or ()) if state is not None else []
    pool = st.sampled_from(own) if own else st.sampled_from(CARDS)
    anywhere = st.one_of(pool, st.sampled_from(CARDS))
    if kind == "swap":
        if draw(st.integers(0, 3)) == 0:
            return Action(player, kind, target="all")
        centre = st.sampled_from(deal.centre) if deal.centre else st.sampled_from(CARDS)
        return Action(player, kind, cards=((draw(anywhere),), (draw(st.one_of(centre, st.sampled_from(CARDS))),)))
    if kind == "arrange":
        hands = draw(st.lists(st.lists(anywhere, min_size=1, max_size=4).map(tuple), min_size=1, max_size=4))
        return Action(player, kind, cards=tuple(hands))
    return Action(player, kind)


@st.composite
def malformed_actions(draw: st.DrawFn, deal: Deal) -> Action:
    """Action objects no parser would build: missing cards, no amount, unknown targets."""
    player = draw(st.sampled_from(deal.order + [deal.to_act or deal.order[0]]))
    kind = draw(st.sampled_from(KINDS))
    return Action(
        player,
        kind,
        amount=draw(st.one_of(st.none(), amounts)),
        target=draw(st.sampled_from([None, "old", "new", "all", "sideways", ""])),
        cards=draw(st.sampled_from([None, (), ((),), ((CARDS[0],),)])),
    )


action_texts = st.one_of(
    st.text(max_size=20),
    st.lists(st.sampled_from(list(KINDS) + ["A", "B", "C", "Z", "1", "5/2", "-1", "1/0", "old", "new", "all", "Kc",
                                            "|", "10h", "??", "2.5", "9" * 40]), max_size=6).map(" ".join),
)


class Scripted:
    """The draws of one example written out, for ``@example`` (which cannot give ``st.data()``): each
    ``draw`` returns the next value, held to the label the property draws it under; a draw under the
    first label (the property's first draw) starts the script over, so the example runs the same every time.

    >>> script = Scripted(("steps", 2), ("kind", "legal"))
    >>> script.draw(st.integers(1, 80), label="steps"), script.draw(st.sampled_from(["legal"]), label="kind")
    (2, 'legal')
    >>> script.draw(st.integers(1, 80), label="steps")
    2
    """

    def __init__(self, *draws: Tuple[str, Any]) -> None:
        self.draws = draws
        self.at = 0

    def draw(self, strategy: st.SearchStrategy[Any], label: str = "") -> Any:
        if label == self.draws[0][0]:
            self.at = 0
        assert self.at < len(self.draws), f"the example has no draw left for {label!r}"
        expected, value = self.draws[self.at]
        self.at += 1
        assert expected == label, f"the example's next draw is {expected!r}, not {label!r}"
        return value

    def __repr__(self) -> str:
        return f"Scripted({', '.join(repr(d) for d in self.draws)})"


SEEN_AND_CONCEDED = rules_for("standard", table={"min_players": 2}, stakes={"ante": 0}, blind={"allowed": False},
                              seeing={"concede_unseen": True, "cost_basis": "caller_rate"},
                              session={"end": {"kind": "resolved_pots", "count": 1}}).profile
"""Two seen players, a concession allowed: A sees B, B's hand is turned first (``seeing.exposure``), and A
shows or concedes: the see settles the deal."""


def _see_then(decision: str, late: Action) -> Scripted:
    """B bets 1, A 1, B 1, A sees for 2; A then shows or concedes, and ``late`` is tried once the deal is over."""
    bet, see = ("option", 0), ("option", 1)  # the options in order: bet, see, fold
    return Scripted(("steps", 6), ("kind", "legal"), bet, ("amount", 0), ("kind", "legal"), bet, ("amount", 0),
                    ("kind", "legal"), bet, ("amount", 0), ("kind", "legal"), see, ("amount", 0),
                    ("kind", "legal"), ("option", 0 if decision == "show" else 1), ("after the end", late))


RETAINED_AGAIN = ("deal_over", "blind.retention", "blind.retain_of_two")
"""What refuses a retention once the deal is over: the blind survivor's own, repeated, breaks the retention
rule (``retention.retained_again``); anyone else's is ``deal_over``."""


def refusal_after_the_end(deal: Deal, late: Action) -> Any:
    """What the rules say of ``late`` once ``deal`` is over: the rule that refuses it, a tuple of the rules
    that may, or None when it is taken as the record of a show.

    Nothing is played after the end: ``deal_over``, the first check, refuses every action, save the record
    of the see that settled the deal. Its two players' shows (and a concession) are written after that see
    and judged by the see's own rules, in the order of exposure (``seeing.exposure``: who turns first): a
    show in its place is the record of cards turned; one written after the show or concession of the
    player who turns after it is ``seeing.exposure``; one written twice, or by a player who conceded,
    ``deal_over``; a concession where both hands are shown ``seeing.concede_unseen``, by the first to turn
    ``seeing.exposure``, else ``deal_over``. A deal a rule ended by forcing a showdown cites that rule."""
    see = deal.see_pair
    if late.kind not in ("show", "concede") or see is None or late.player not in see:
        if late.kind in ("retain", "release"):
            return RETAINED_AGAIN
        return deal.forced_by or "deal_over"
    caller, opponent = see
    first, second = (caller, opponent) if deal.rules.profile.seeing.exposure == "caller_first" else (opponent, caller)
    seen_at = max(i for i, action in enumerate(deal.actions) if action.kind == "see")
    written = [a.player for a in deal.actions[seen_at + 1:] if a.kind in ("show", "concede")]
    if late.kind == "concede":
        if not deal.rules.profile.seeing.concede_unseen:
            return "seeing.concede_unseen"
        return "seeing.exposure" if late.player == first else "deal_over"
    if late.player in written:
        return "deal_over"
    if late.player == first and second in written:
        return "seeing.exposure"
    return None


def check_after_the_end(deal: Deal, late: Action) -> None:
    """``late`` tried once ``deal`` is over: refused as :func:`refusal_after_the_end` says, changing
    nothing; or, where that says so, taken as the record of a show, the result as it was."""
    result = deal.result
    before = whole_state(deal)
    expected = refusal_after_the_end(deal, late)
    try:
        event = deal.apply(late)
    except RuleViolation as refused:
        assert whole_state(deal) == before, f"a refusal after the end changed the deal ({refused})"
        assert refused.rule in expected if isinstance(expected, tuple) else refused.rule == expected, \
            f"{late} after the end: {refused}, not {expected}"
        return
    assert expected is None, f"{late} was taken after the end; the rules refuse it ({expected})"
    assert isinstance(event, Show) and event.player == late.player
    assert deal.result is result and deal.actions[-1] == late


@FUZZ
@given(profile=profiles(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), data=st.data())
@example(profile=SEEN_AND_CONCEDED, players=2, seed=0, data=_see_then("show", Action("B", "show")))
@example(profile=SEEN_AND_CONCEDED, players=2, seed=0, data=_see_then("concede", Action("B", "show")))
def test_random_actions_never_corrupt_a_deal(profile: Any, players: int, seed: int, data: Any) -> None:
    rules = compile_rules(profile)
    players = min(players, profile.table.max_players)
    session = Session(rules, NAMES[:players], seed=seed)
    total = sum(session.balances.values())
    deal = session.start_deal()
    for _ in range(data.draw(st.integers(1, 80), label="steps")):
        if deal.is_over:
            result = deal.result
            assert result is not None
            assert sum(result.net.values()) + result.rake + result.table_fee + result.house == deal.carried_in - result.carried_out
            check_after_the_end(deal, data.draw(well_formed_actions(deal), label="after the end"))
            session.finish_deal()
            assert sum(session.balances.values()) + session.state.carried + session.house == total
            if session.is_over:
                return
            deal = session.start_deal()
            continue
        choice = data.draw(st.sampled_from(["legal", "well_formed", "well_formed", "text", "malformed"]),
                           label="kind")
        before = whole_state(deal)
        try:
            if choice == "legal":
                options = deal.legal_actions()
                option = options[data.draw(st.integers(0, len(options) - 1), label="option")]
                amounts = option.amounts(limit=4)
                amount = amounts[data.draw(st.integers(0, len(amounts) - 1), label="amount")] if amounts else None
                deal.apply(option.action(amount))
            elif choice == "well_formed":
                deal.apply(data.draw(well_formed_actions(deal), label="action"))
            elif choice == "text":
                deal.apply_text(data.draw(action_texts, label="text"))
            else:
                try:
                    deal.apply(data.draw(malformed_actions(deal), label="malformed"))
                except (RuleViolation, ActionSyntaxError):
                    raise
                except Exception:  # not an action the engine promises to judge: only nothing may change
                    assert whole_state(deal) == before, "a malformed action changed the deal"
                    continue
        except (RuleViolation, ActionSyntaxError) as exc:
            if isinstance(exc, RuleViolation):
                assert exc.rule
            assert whole_state(deal) == before, f"a refused action changed the deal ({exc})"
            continue
        contributed = sum(p.contributed for p in deal.players.values())
        assert sum(session.balances.values()) - contributed + deal.pot + session.house == total


def test_a_look_at_a_hand_that_does_not_exist_changes_nothing() -> None:
    from bragrules.core.cards import parse_cards

    rules = compile_rules(load_profile("traditional"))
    hands = {"B": parse_cards("Kc 9c 4c"), "C": parse_cards("5s 6h 7d"), "A": parse_cards("2c 7h Jd")}
    deal = Deal(rules, ["B", "C", "A"], hands, retained={"B": tuple(parse_cards("As Ad Ac"))})
    before = whole_state(deal)
    with pytest.raises(RuleViolation):
        deal.apply(Action("B", "look", target="all"))
    assert whole_state(deal) == before
