"""Cut logs and resumes: what a killed writer leaves audits as unfinished, and a resume accepts what the audit does.

- every line-end prefix of an honest log, from every shipped profile and
  from a kept table (``serve --keep``), audits with no violation and no
  error: a deal cut off by the end of the file is unfinished, whatever was
  cut (the cards line that comes at the deal's end, the cards a showdown
  awaits);
- for any mutation of a valid log (:func:`tests.strategies.mutated_logs`),
  ``play --resume`` accepts it exactly when ``audit`` does, refuses it in
  one line naming the file and line, and a resumed log still audits clean
  after more play.
"""

from __future__ import annotations

import itertools
import json
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.errors import HistoryError
from bragrules.history.schema import MAX_HANDS, MAX_STARTED_MS
from bragrules.play.table import Seat, Table
from bragrules.profile import ProfileError, load_profile

from .helpers import run_cli
from .strategies import _edited_value, mutated_log_lines

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(path.stem for path in (ROOT / "profiles").glob("*.yaml"))
STYLES = ["cautious", "loose", "blind_bluffer", "see_happy", "random"]


def honest_log(folder: Path, profile_name: str, seed: int, deals: int = 5) -> Path:
    """A log written by a table of bots playing ``deals`` deals under a shipped profile."""
    profile = load_profile(profile_name)
    count = min(max(4, profile.table.min_players), profile.table.max_players)
    seats = [Seat(f"P{i}", STYLES[(i + seed) % len(STYLES)]) for i in range(count)]
    path = folder / f"{profile_name}-{seed}.jsonl"
    table = Table.new(profile, seats, seed=seed, profile_name=profile_name, log_path=path, hands=deals)
    table.run(max_deals=deals)
    return path


class _HonestLogs(Dict[str, List[Path]]):
    """Two honest logs of a shipped profile, written the first time a test asks for that profile (a
    worker of ``pytest -n`` writes only those of the profiles its own cases play)."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def __missing__(self, name: str) -> List[Path]:
        assert name in SHIPPED, name
        logs = self[name] = [honest_log(self.folder, name, seed) for seed in (1, 2)]
        return logs


@pytest.fixture(scope="module")
def honest_logs(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, List[Path]]:
    return _HonestLogs(tmp_path_factory.mktemp("honest"))


def line_end_prefixes(data: bytes) -> List[bytes]:
    """What a writer killed between two lines leaves: the file up to each newline."""
    return [data[:index + 1] for index, byte in enumerate(data) if byte == 0x0A]


def problems(path: Path) -> List[str]:
    report = audit(path)
    found = [str(v) for v in report.violations]
    if report.error is not None:
        found.append(f"error: {report.error}")
    return found


@pytest.mark.parametrize("profile_name", SHIPPED)
def test_every_line_end_prefix_of_an_honest_log_is_unfinished_never_a_violation(
        profile_name: str, honest_logs: Dict[str, List[Path]], tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    tried = 0
    for log in honest_logs[profile_name]:
        assert problems(log) == [], "the whole log audits clean"
        for prefix in line_end_prefixes(log.read_bytes()):
            cut.write_bytes(prefix)
            assert problems(cut) == [], (profile_name, log.name, prefix.count(b"\n"))
            tried += 1
    assert tried > 30


def kept_move(service: Any, tokens: Dict[str, str], kind: str) -> None:
    """The seat to act at a kept table does ``kind`` (a bet or a see at its least cost)."""
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    sent = service.state(tokens[deal.to_act])
    option = next(o for o in sent["view"]["legal"] if o["kind"] == kind)
    move: Dict[str, object] = {"kind": kind, "turn": sent["turn"]}
    if kind in ("bet", "see"):
        move["amount"] = option["amount"]
    service.act(tokens[deal.to_act], move)


def kept_logs(folder: Path) -> List[Path]:
    """Logs of kept tables (``serve --keep``): unseen cards are ``??``; one stopped while a see awaits cards."""
    from bragrules.web.service import TableService

    people = ["Ann", "Bob", "Cat"]
    written: List[Path] = []
    for stop_at_see, entered in itertools.product((False, True), (0, 1, 2)):
        if not stop_at_see and entered:
            continue
        path = folder / f"kept-{stop_at_see}-{entered}.jsonl"
        service = TableService(load_profile("traditional"), "traditional", seats=3, bots=[], hands=4,
                               log_path=path, turn_timeout=3600, keep=True)
        tokens = {name: service.join(name) for name in people}

        for kind in ("look", "bet", "fold", "fold"):  # deal 1: everyone else folds
            kept_move(service, tokens, kind)
        for kind in ("look", "bet", "fold", "look", "see"):  # deal 2: a see, the cards awaited
            kept_move(service, tokens, kind)
        deal = service.deal
        assert deal is not None
        hands = iter(["Ah Ad Ac", "2c 3c 5h"])
        for player in list(deal.cards_needed)[:entered if stop_at_see else 2]:
            service.enter_cards(tokens[player], {"player": player, "cards": next(hands), "turn": service.turn})
        service.close()
        written.append(path)
    return written


def test_every_line_end_prefix_of_a_kept_table_log_is_unfinished(tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    for log in kept_logs(tmp_path):
        assert problems(log) == [], log.name
        for prefix in line_end_prefixes(log.read_bytes()):
            cut.write_bytes(prefix)
            assert problems(cut) == [], (log.name, prefix.count(b"\n"))


def test_a_cut_deal_is_noted_unfinished_and_settles_nothing(honest_logs: Dict[str, List[Path]],
                                                              tmp_path: Path) -> None:
    """Seven-Card: an arrangement before the deal's cards line, cut there, is the end of the log, not a violation."""
    log = honest_logs["seven-card"][0]
    lines = log.read_bytes().split(b"\n")
    arrange = next(i for i, line in enumerate(lines) if b" arrange " in line)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"\n".join(lines[:arrange + 1]) + b"\n")
    report = audit(cut)
    assert report.ok and report.violations == []
    assert any("unfinished" in note.message for note in report.notes)
    assert report.deals[-1].outcome == "unfinished" and not report.ended



# ---------------------------------------------------------------------------
# A resume accepts exactly what the audit accepts
# ---------------------------------------------------------------------------

FUZZED = ("standard", "traditional", "crash", "stop-the-bus", "seven-card", "classic")
"""Profiles whose logs are mutated: betting, retention, lives, the exchange, arrangements, a cut pack."""


@pytest.fixture(scope="module")
def fuzzed_logs(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, List[str]]:
    folder = tmp_path_factory.mktemp("fuzzed")
    return {f"{name}-{seed}": honest_log(folder, name, seed, deals=4).read_text(encoding="utf-8").splitlines()
            for name in FUZZED for seed in (3, 4)}


def resumable_header(lines: List[str]) -> bool:
    """What a resume needs beyond a clean audit: a log of play or serve (seats) that can be dealt on (a seed,
    or a kept table's real cards)."""
    try:
        header = json.loads(lines[0])
    except (ValueError, IndexError):
        return True
    if not isinstance(header, dict) or header.get("type") != "header":
        return True  # no header: the audit refuses it too
    if "seats" not in header or (header.get("seed") is None and header.get("keep") is not True):
        return False
    # a table of bots only, under a session that never ends and with no 'hands', would play on without end
    seats = header["seats"] if isinstance(header["seats"], list) else []
    bots_only = all(isinstance(seat, dict) and seat.get("style") != "human" for seat in seats)
    end = (header.get("profile_data") or {}).get("session", {}).get("end", {}).get("kind", "never") \
        if isinstance(header.get("profile_data"), dict) else "never"
    return not (header.get("hands") is None and end == "never" and bots_only)


def resume_outcome(path: Path) -> Optional[str]:
    """None when ``Table.resume`` takes the log (and plays two more deals), else its one-line refusal."""
    try:
        table = Table.resume(path)
    except (HistoryError, ProfileError) as exc:
        return str(exc)
    try:
        if not table.finished:
            table.run(max_deals=2)
    finally:
        table.close()
    return None


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_log_is_resumed_exactly_when_it_audits_clean(data: st.DataObject,
                                                                 fuzzed_logs: Dict[str, List[str]]) -> None:
    name = data.draw(st.sampled_from(sorted(fuzzed_logs)), label="log")
    lines = data.draw(mutated_log_lines(fuzzed_logs[name]), label="lines")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.jsonl"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        try:
            audited = audit(path).ok
        except (HistoryError, ProfileError):
            audited = False
        before = path.read_bytes()
        refusal = resume_outcome(path)
        event("resumed" if refusal is None else "refused")
        if refusal is not None:
            assert path.read_bytes() == before, "a refused log is left as it was"
            assert len(refusal.splitlines()) == 1 and str(path) in refusal, refusal
        if resumable_header(lines):
            assert (refusal is None) == audited, (name, refusal, lines)
        else:  # a log play cannot deal on: refused, for that reason where the audit passes it
            assert refusal is not None
            assert not audited or any(why in refusal for why in ("seats", "seed", "'hands'")), refusal
        if refusal is None:
            after = audit(path)
            assert after.ok, [str(v) for v in after.violations] + [str(after.error)]


# ---------------------------------------------------------------------------
# A mutated header: refused in one line, or resumed into a log that audits clean
# ---------------------------------------------------------------------------

TIMED = """name: timed
extends: standard
session: {end: {kind: time, minutes: 1}}
"""
"""A session played to a time limit: a start moved into the future would keep its bots from ever reaching it."""

PLAYED = 3
"""Deals each header's log holds; its ``hands`` lets a resume play two more."""

HOSTILE = [None, 0, -1, 1, 2**53, 2**63, 10**30, -10**30, 1e30, -1e30, 1.5, float("inf"), True, False, "3", "",
           "1e30", [], [1], {}, {"a": 1}, MAX_STARTED_MS, MAX_STARTED_MS + 1, MAX_HANDS + 1]
"""Values put in place of a header's: out of every bound, of the wrong type, and the bounds' own edges (all
but ``hands`` at its bound: a million deals would play, as they should, for long)."""

HEADER_KEYS = ("started_ms", "hands", "seed", "dealer", "keep", "seats", "players", "profile", "profile_hash",
               "format", "type", "profile_data", "unknown")


@pytest.fixture(scope="module")
def header_logs(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, List[str]]:
    """Bots-only logs of ``PLAYED`` deals whose header says two more are to come: standard, a session to a
    time limit, and standard's header alone (``fresh``)."""
    folder = tmp_path_factory.mktemp("headers")
    timed = folder / "timed.yaml"
    timed.write_text(TIMED, encoding="utf-8")
    logs = {}
    for name, profile_name in (("standard", "standard"), ("timed", str(timed))):
        profile = load_profile(profile_name)
        seats = [Seat(f"P{i}", STYLES[i]) for i in range(3)]
        path = folder / f"{name}.jsonl"
        table = Table.new(profile, seats, seed=7, profile_name=profile_name, log_path=path, hands=PLAYED + 2)
        table.run(max_deals=PLAYED)
        table.close()
        logs[name] = path.read_text(encoding="utf-8").splitlines()
    logs["fresh"] = logs["standard"][:1]  # a session stopped before its first deal ended: no time in it yet
    return logs


def _header_value(draw: st.DrawFn, key: str, value: Any) -> Any:
    """A new value for a header's ``key``: a hostile one, or one a hand might write (any start, a few deals)."""
    if key == "started_ms" and draw(st.booleans()):
        return draw(st.integers(-2**70, 2**70) | st.integers(0, MAX_STARTED_MS))
    if key == "hands" and draw(st.booleans()):
        return draw(st.integers(-2, PLAYED + 4))  # a valid count plays on; 10^6 would, for long
    if draw(st.booleans()) and key != "hands":
        return _edited_value(draw, value)
    return draw(st.sampled_from(HOSTILE))


@st.composite
def mutated_header(draw: st.DrawFn, line: str) -> str:
    """A header line with one to three of its keys set to other values or deleted."""
    header = json.loads(line)
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(HEADER_KEYS))
        if key in header and draw(st.integers(0, 4)) == 0:
            del header[key]
        else:
            header[key] = _header_value(draw, key, header.get(key))
    return json.dumps(header, separators=(",", ":"))


def _refused_in_one_line_or_audits_clean(path: Path, capsys: Any, monkeypatch: Any) -> int:
    """``play --resume`` of ``path``: exit 2 with one line naming the file (the file left as it was), or the
    session played on and a log that audits clean. Its exit status."""
    before = path.read_bytes()
    code, _, err = run_cli(capsys, monkeypatch, "play", "--resume", str(path))
    assert "Traceback" not in err, err
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and str(path) in err, err
        assert path.read_bytes() == before, "a refused log is left as it was"
    else:
        assert code == 0, err
        report = audit(path)
        assert report.ok and report.error is None, [str(v) for v in report.violations] + [str(report.error)]
    return code


@pytest.mark.parametrize("name, key, value, code", [
    ("standard", "started_ms", 10**30, 2),  # audited clean, resumed, and the resumed log failed its audit
    ("standard", "started_ms", -1, 2),
    ("timed", "started_ms", 32_503_680_000_000, 0),  # the year 3000: the resume's times start from now
    ("fresh", "started_ms", 32_503_680_000_000, 0),  # and are never negative, with no time logged before them
    ("standard", "hands", None, 2),  # a table of bots with no end: played for ever
    ("standard", "hands", 10**30, 2),  # as good as for ever
    ("standard", "hands", MAX_HANDS + 1, 2),
])
def test_a_header_s_numbers_are_bounded_where_they_are_read(
        name: str, key: str, value: Any, code: int, header_logs: Dict[str, List[str]], tmp_path: Path,
        capsys: Any, monkeypatch: Any) -> None:
    lines = list(header_logs[name])
    header = json.loads(lines[0])
    header[key] = value
    lines[0] = json.dumps(header)
    path = tmp_path / "edited.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    assert _refused_in_one_line_or_audits_clean(path, capsys, monkeypatch) == code


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_header_is_refused_in_one_line_or_resumes_into_a_clean_log(
        data: st.DataObject, header_logs: Dict[str, List[str]], capsys: Any, monkeypatch: Any) -> None:
    name = data.draw(st.sampled_from(sorted(header_logs)), label="log")
    lines = list(header_logs[name])
    lines[0] = data.draw(mutated_header(lines[0]), label="header")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.jsonl"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        code = _refused_in_one_line_or_audits_clean(path, capsys, monkeypatch)
        event(f"exit {code}")
