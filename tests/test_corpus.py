"""The bad-input corpus: every file is refused cleanly, through the real command line.

``tests/data/corpus/profiles`` holds hostile and broken profiles,
``tests/data/corpus/histories`` hostile and broken history sheets and logs.
Each file's name says what the command must do with it:

- ``NAME.exit2.EXT``: the file cannot be read (or its profile cannot): exit
  status 2 and one clear line on stderr naming the file, and its line where
  the file has lines;
- ``NAME.exit1.EXT``: a history that reads but breaks a rule: exit status 1
  and a violation naming the rule (:data:`RULES`);
- ``NAME.exit0.EXT``: odd but valid.

Never a traceback, and never more than a short excerpt of the input in a
message: after the file names are taken out, no line of output is longer
than :data:`MAX_LINE` characters.

Profiles are validated all at once in one ``python -m bragrules validate``
process, then one by one in-process (for the exit status of each);
histories are audited in-process, and a few as a real process. Files that
show a known fault of the library are listed in :data:`KNOWN_FAULTS` and
expected to fail until it is mended.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

from bragrules.profile.loader import MAX_BYTES

from .helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"
PROFILES_DIR = CORPUS / "profiles"
HISTORIES_DIR = CORPUS / "histories"
EXPECTATION = re.compile(r"\.exit([012])\.(yaml|yml|jsonl)$")
MAX_LINE = 300
"""Longest line of output allowed once the file names in it are taken out."""


def corpus(directory: Path) -> List[Path]:
    return sorted(p for p in directory.iterdir() if EXPECTATION.search(p.name))


def expected_exit(path: Path) -> int:
    match = EXPECTATION.search(path.name)
    assert match, path
    return int(match.group(1))


def rel(path: Path) -> str:
    """A corpus file as the commands are given it: relative to the repository, in / form."""
    return path.relative_to(ROOT).as_posix()


PROFILE_FILES = corpus(PROFILES_DIR)
HISTORY_FILES = corpus(HISTORIES_DIR)

RULES: Dict[str, str] = {
    "action_after_end.exit1.yaml": "deal_over",
    "joker_without_jokers.exit1.yaml": "pack.jokers",
    "folded_player_acts.exit1.yaml": "folded",
    "wrong_see_amount.exit1.yaml": "seeing.cost_multiple",
    "out_of_turn.exit1.yaml": "turn_order",
    "seen_sees_blind.exit1.yaml": "seeing.seen_sees_blind",
    "raise_over_limit.exit1.yaml": "stakes.raise_limit",
    "opening_over_max.exit1.yaml": "stakes.opening_max",
    "wrong_net_claim.exit1.yaml": "history.result",
    "wrong_winner_claim.exit1.yaml": "history.result",
    "unfinished_deal.exit1.yaml": "history.unfinished",
    "wrong_card_count.exit1.yaml": "format.cards_dealt",
    "too_many_players.exit1.yaml": "table.max_players",
    "wrong_dealer.exit1.yaml": "history.deal",
    "huge_bet.exit1.yaml": "stakes.opening_max",
    "wrong_profile_hash.exit1.jsonl": "history.profile_hash",
    "profile_data_hash_mismatch.exit1.jsonl": "history.profile_hash",
    "action_after_end_of_deal.exit1.jsonl": "deal_over",
    "action_by_folded_player.exit1.jsonl": "folded",
    "wrong_see_amount.exit1.jsonl": "seeing.cost_multiple",
    "wrong_dealer.exit1.jsonl": "history.deal",
    "wrong_carried_in.exit1.jsonl": "history.deal",
    "wrong_shuffle.exit1.jsonl": "pack.shuffle",
    "wrong_result_claim.exit1.jsonl": "history.result",
    "end_too_early.exit1.jsonl": "session.end",
    "seed_changed.exit1.jsonl": "history.seed",
    "cards_not_the_seeds.exit1.jsonl": "history.seed",
    "bet_written_twice.exit1.jsonl": "turn_order",
}
"""For each history that breaks a rule, the rule its violation must name."""

PARENT_FAULT: Dict[str, str] = {
    "extends_bad_parent.exit2.yaml": "negative_ante.exit2.yaml",
    "cycle_a.exit2.yaml": "cycle_b.exit2.yaml",
    "cycle_b.exit2.yaml": "cycle_a.exit2.yaml",
}
"""Profiles whose problem is met in the file they extend: the error names that file."""

NO_LINE = {
    "empty_log.exit2.jsonl",
    "empty.exit2.yaml",
    "whitespace_only.exit2.yaml",
    "comment_only.exit2.yaml",
    "null_document.exit2.yaml",
}
"""Files with no offending line: nothing (or nothing but a comment) is written."""

KNOWN_FAULTS: Dict[str, str] = {
    # file name: what goes wrong (none known)
}
"""Corpus files that show a fault of the library (file, what happens), expected to fail until mended."""


def strip_names(line: str) -> str:
    """A line of output without the corpus file names (they may be long; they are not excerpts)."""
    for directory in (PROFILES_DIR, HISTORIES_DIR):
        line = line.replace(str(directory), "").replace(rel(directory), "")
    line = re.sub(r"[\w.-]+\.exit[012]\.(yaml|jsonl)", "", line)
    return line


def assert_short(text: str) -> None:
    for line in text.splitlines():
        assert len(strip_names(line)) <= MAX_LINE, f"a line of {len(line)} characters: {line[:200]}..."


def param(path: Path) -> object:
    fault = KNOWN_FAULTS.get(path.name)
    marks = [pytest.mark.xfail(strict=True, reason=fault)] if fault else []
    return pytest.param(path, id=path.name, marks=marks)


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def cli(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    """``bragrules ARGS`` in-process, from the repository root, as the installed script runs it."""
    monkeypatch.chdir(ROOT)

    def invoke(*args: str) -> Run:
        return Run(*run_cli(capsys, monkeypatch, *args))

    return invoke


def bragrules(*args: str, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m bragrules ARGS`` as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "bragrules", *args],
        capture_output=True, text=True, cwd=cwd, timeout=timeout, stdin=subprocess.DEVNULL,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"},
    )


def owner(path: Path) -> Path:
    """The file an error about ``path`` names: the file itself, or the parent at fault."""
    return path.parent / PARENT_FAULT.get(path.name, path.name)


# ---------------------------------------------------------------------------
# The corpus itself
# ---------------------------------------------------------------------------


def test_the_corpus_is_large_and_every_name_states_its_expectation() -> None:
    assert len(PROFILE_FILES) + len(HISTORY_FILES) >= 60
    assert len(PROFILE_FILES) >= 40 and len(HISTORY_FILES) >= 40
    for directory in (PROFILES_DIR, HISTORIES_DIR):
        stray = [p.name for p in directory.iterdir() if not EXPECTATION.search(p.name)]
        assert not stray, f"corpus files without an expectation in their name: {stray}"
    sheets = [p for p in HISTORY_FILES if p.suffix == ".yaml"]
    logs = [p for p in HISTORY_FILES if p.suffix == ".jsonl"]
    assert len(sheets) >= 20 and len(logs) >= 20
    exit1 = {p.name for p in HISTORY_FILES if expected_exit(p) == 1}
    assert exit1 == set(RULES), "every history that breaks a rule names its rule in RULES"
    names = {p.name for p in PROFILE_FILES + HISTORY_FILES}
    assert set(KNOWN_FAULTS) <= names and set(PARENT_FAULT) <= names and NO_LINE <= names


# ---------------------------------------------------------------------------
# Profiles
# ---------------------------------------------------------------------------


def test_every_profile_in_one_validate_call() -> None:
    """One real process validates the whole corpus: one line per problem, each naming its file."""
    files = [p for p in PROFILE_FILES if p.name not in KNOWN_FAULTS]
    done = bragrules("validate", *[rel(p) for p in files])
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.returncode == 2, done.stderr[-2000:]
    err_lines = done.stderr.splitlines()
    out_lines = done.stdout.splitlines()
    assert_short(done.stderr)
    assert_short(done.stdout)
    for path in files:
        if expected_exit(path) == 0:
            assert f"ok  {rel(path)} (" in done.stdout, path.name
            continue
        named = rel(owner(path))
        mine = [line for line in err_lines if line.startswith(named + ":")]
        assert mine, f"no error line names {named}"
        if path.name not in NO_LINE:
            assert any(re.match(re.escape(named) + r":\d+:\d+: ", line) for line in mine), mine
        assert not any(line.startswith(f"ok  {rel(path)} ") for line in out_lines), path.name
    assert len(out_lines) == sum(1 for p in files if expected_exit(p) == 0)


@pytest.mark.parametrize("path", [param(p) for p in PROFILE_FILES])
def test_each_profile_alone(path: Path, cli) -> None:
    run = cli("validate", rel(path))
    assert run.code == expected_exit(path), (run.out, run.err)
    assert "Traceback" not in run.err
    assert_short(run.err)
    assert_short(run.out)
    if run.code == 0:
        assert run.out.startswith(f"ok  {rel(path)} (") and not run.err
        return
    assert not run.out
    lines = run.err.splitlines()
    named = rel(owner(path))
    assert lines and lines[0].startswith(named + ":"), lines
    if path.name not in NO_LINE:
        assert re.match(re.escape(named) + r":\d+:\d+: ", lines[0]), lines[0]


def test_a_profile_over_the_size_cap_is_refused_before_it_is_read(tmp_path: Path, cli) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "w", encoding="utf-8") as handle:
        handle.write("name: big\ndescription: >\n")
        line = "  " + "x" * 1022 + "\n"
        for _ in range(MAX_BYTES // len(line) + 2):
            handle.write(line)
    assert big.stat().st_size > MAX_BYTES
    run = cli("validate", str(big))
    assert run.code == 2
    assert run.err.splitlines() == [f"{big}: file is {big.stat().st_size} bytes, the limit is {MAX_BYTES} bytes "
                                    f"({MAX_BYTES // 1024} KiB)"]


def test_a_directory_or_a_missing_file_instead_of_a_profile(tmp_path: Path, cli) -> None:
    folder = tmp_path / "profile.yaml"
    folder.mkdir()
    run = cli("validate", str(folder))
    assert run.code == 2 and run.err.splitlines() == [f"{folder}: is a directory, not a profile file"]
    missing = tmp_path / "nowhere.yaml"
    run = cli("validate", str(missing))
    assert run.code == 2 and run.err.splitlines() == [f"{missing}: no such file"]


def test_a_chain_of_extends_too_long(tmp_path: Path, cli) -> None:
    for index in range(20):
        (tmp_path / f"link{index}.yaml").write_text(f"name: link{index}\nextends: link{index + 1}.yaml\n",
                                                    encoding="utf-8")
    (tmp_path / "link20.yaml").write_text("name: end\n", encoding="utf-8")
    run = cli("validate", str(tmp_path / "link0.yaml"))
    assert run.code == 2
    (line,) = run.err.splitlines()
    assert re.match(re.escape(str(tmp_path)) + r"/link\d+\.yaml:2:10: extends: extends chain is longer than 16", line)
    # the message lists the chain's files; without their names it is short
    assert len(re.sub(r"\S*link\d+\.yaml", "", line)) <= MAX_LINE


# ---------------------------------------------------------------------------
# Histories
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", [param(p) for p in HISTORY_FILES])
def test_each_history(path: Path, cli) -> None:
    run = cli("audit", rel(path))
    want = expected_exit(path)
    assert run.code == want, (run.out[-2000:], run.err)
    assert "Traceback" not in run.err
    assert_short(run.out)
    assert_short(run.err)
    if want == 2:
        lines = run.err.splitlines()
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"error: {rel(path)}"), lines[0]
        if path.name not in NO_LINE:
            assert re.match(r"error: " + re.escape(rel(path)) + r":\d+: ", lines[0]), lines[0]
    elif want == 1:
        assert all(line.startswith(("note: ", "warning: ")) for line in run.err.splitlines()), run.err
        assert re.search(r"^(deal \d+|session)[^\n]*: " + re.escape(RULES[path.name]) + ": ", run.out, re.M), run.out
    else:  # notes and warnings about the history are messages, on stderr
        assert all(line.startswith(("note: ", "warning: ")) for line in run.err.splitlines()), run.err
        assert "ok: every action legal" in run.out


@pytest.mark.parametrize("path", [param(p) for p in HISTORY_FILES])
def test_each_history_as_json_is_valid_json_or_nothing(path: Path, cli) -> None:
    """``audit --json``: stdout holds one JSON document (a log cut short: the report up to the cut) or nothing."""
    run = cli("audit", "--json", rel(path))
    assert run.code == expected_exit(path), run.err
    if run.out:
        report = json.loads(run.out)
        assert report["ok"] is (run.code == 0)
    else:
        assert run.code == 2 and len(run.err.splitlines()) == 1, run.err


def resumable(path: Path) -> bool:
    """A log that play can deal on once it audits clean: written by play or serve, with a seed or kept."""
    try:
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    except (ValueError, IndexError, UnicodeDecodeError):
        return False
    return isinstance(header, dict) and "seats" in header and (header.get("seed") is not None
                                                               or header.get("keep") is True)


@pytest.mark.parametrize("path", [param(p) for p in HISTORY_FILES if p.suffix == ".jsonl"])
def test_each_log_is_resumed_exactly_when_it_audits_clean(path: Path, cli, tmp_path: Path) -> None:
    """``play --resume`` of every corpus log: it plays on where the audit passes, else one line and the log untouched."""
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    run = cli("play", "--resume", str(copy))
    assert "Traceback" not in run.err
    if expected_exit(path) == 0 and resumable(path):
        assert run.code == 0, run.err
        assert cli("audit", str(copy)).code == 0, "what the resume appended audits clean"
    else:
        assert run.code == 2 and len(run.err.splitlines()) == 1 and str(copy) in run.err, run.err
        assert copy.read_bytes() == path.read_bytes()


def test_a_few_histories_as_a_user_runs_them() -> None:
    """Real processes: a cut log, a bad card, a hash that differs, a Python tag."""
    cases: List[Tuple[str, int, Optional[str]]] = [
        ("truncated_last_line.exit2.jsonl", 2, "the last line is cut short"),
        ("bad_card.exit2.yaml", 2, "'7x' is not a card"),
        ("wrong_profile_hash.exit1.jsonl", 1, None),
        ("python_tag.exit2.yaml", 2, "is not allowed in history sheets"),
    ]
    for name, code, words in cases:
        path = HISTORIES_DIR / name
        done = bragrules("audit", rel(path))
        assert done.returncode == code, (name, done.stdout[-1000:], done.stderr)
        assert "Traceback" not in done.stderr
        if code == 2:
            (line,) = done.stderr.splitlines()
            assert line.startswith(f"error: {rel(path)}:") and words in line, line
        else:
            assert "history.profile_hash" in done.stdout


def test_a_hash_that_differs_is_only_a_warning_when_the_profile_is_chosen(cli) -> None:
    """Without --profile a changed profile hash is a violation; with it, a warning."""
    path = rel(HISTORIES_DIR / "wrong_profile_hash.exit1.jsonl")
    run = cli("audit", path)
    assert run.code == 1 and "history.profile_hash" in run.out
    run = cli("audit", "--profile", "traditional", path)
    assert run.code == 0, run.out
    assert "warning: session (line 1): the log was written under profile 'traditional'" in run.err
    assert "warning:" not in run.out
    assert "history.profile_hash" not in run.out


def test_a_cut_log_is_audited_up_to_the_cut(cli) -> None:
    path = rel(HISTORIES_DIR / "truncated_last_line.exit2.jsonl")
    run = cli("audit", "--json", path)
    assert run.code == 2
    import json

    report = json.loads(run.out)
    assert report["deal_count"] == 3 and not report["violations"]
    assert report["error"]["line"] == 35


def test_a_sheet_over_the_size_cap_a_directory_and_a_missing_history(tmp_path: Path, cli) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("players: [A, B]\n" + ("# " + "x" * 1000 + "\n") * (MAX_BYTES // 1000 + 2), encoding="utf-8")
    run = cli("audit", str(big))
    assert run.code == 2
    assert run.err.splitlines() == [f"error: {big}: file is {big.stat().st_size} bytes, the limit is "
                                    f"{MAX_BYTES} bytes ({MAX_BYTES // 1024} KiB)"]
    folder = tmp_path / "game.jsonl"
    folder.mkdir()
    run = cli("audit", str(folder))
    assert run.code == 2 and run.err.splitlines() == [f"error: {folder}: is a directory, not a history"]
    run = cli("audit", str(tmp_path / "none.jsonl"))
    assert run.code == 2 and run.err.splitlines() == [f"error: {tmp_path / 'none.jsonl'}: no such file"]
