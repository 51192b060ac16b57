"""Security: hostile profiles and histories are read as data, within limits, and say little.

- YAML never builds a Python object: Python and custom tags are refused
  with a located error, and the command they carry never runs;
- reading a profile or a history writes nothing: not in the working
  directory, not beside the input, not in the home directory;
- the size, nesting, value-count, alias and ``extends`` limits hold against
  files made to break them, and such files are refused quickly (each in a
  real process with a generous timeout: it must finish, no tighter
  timing is asserted);
- an error quotes at most a short excerpt of the file: one value cut to
  40 characters in the message, one source line cut to 80 in ``render()``,
  and never the value of a key it does not know.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Tuple

import pytest
import yaml

from bragrules.audit import audit
from bragrules.core.errors import HistoryError
from bragrules.history import parse_sheet
from bragrules.profile import ProfileError, load_profile, load_profile_text
from bragrules.profile.loader import MAX_BYTES, MAX_DEPTH, MAX_NODES
from bragrules.profile.yaml_reader import ProfileComposer

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"
WORKED_POT = ROOT / "tests" / "data" / "histories" / "worked_pot.yaml"
GENEROUS = 120  # seconds: "it finishes", not a speed test


def bragrules(*args: str, cwd: Path, env: Dict[str, str] | None = None, timeout: float = GENEROUS,
              limit_memory: int | None = None) -> subprocess.CompletedProcess:
    """``python -m bragrules ARGS`` in a fresh process (optionally with its address space capped)."""

    def cap() -> None:  # pragma: no cover - runs in the child
        if limit_memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_memory, limit_memory))

    return subprocess.run(
        [sys.executable, "-m", "bragrules", *args],
        capture_output=True, text=True, cwd=cwd, timeout=timeout, stdin=subprocess.DEVNULL,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200", **(env or {})},
        preexec_fn=cap if limit_memory is not None else None,
    )


# ---------------------------------------------------------------------------
# No object is ever constructed
# ---------------------------------------------------------------------------

EXPLOITS = [
    "!!python/object/apply:os.system [\"touch {marker}\"]",
    "!!python/object/apply:subprocess.call [[touch, {marker}]]",
    "!!python/object/new:subprocess.Popen [[touch, {marker}]]",
    "!!python/object/apply:builtins.exec [\"open('{marker}', 'w').close()\"]",
    "!!python/object:pathlib.PosixPath {{}}",
    "!!python/name:os.system",
    "!!python/module:os",
    "!!python/tuple [a, b]",
    "!custom {marker}",
    "!<tag:example.com,2024:run> {marker}",
]


@pytest.mark.parametrize("tagged", EXPLOITS)
def test_a_profile_never_constructs_an_object(tagged: str, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = f"name: exploit\ndescription: {tagged.format(marker=marker)}\n"
    with pytest.raises(ProfileError) as refused:
        load_profile_text(text, filename="exploit.yaml")
    assert refused.value.code == "tag"
    assert re.match(r"exploit\.yaml:2:14: description: tag '[^']+' is not allowed in profiles$", str(refused.value))
    assert not marker.exists()


@pytest.mark.parametrize("tagged", EXPLOITS)
def test_a_history_sheet_never_constructs_an_object(tagged: str, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = (f"profile: standard\nplayers: [A, B, C]\nseed: {tagged.format(marker=marker)}\n"
            "deals: []\n")
    with pytest.raises(HistoryError) as refused:
        parse_sheet(text, filename="exploit.yaml")
    assert str(refused.value).startswith("exploit.yaml:3: tag ")
    assert "is not allowed in history sheets" in str(refused.value)
    assert not marker.exists()


def test_a_tag_in_a_key_or_a_mapping_is_refused(tmp_path: Path) -> None:
    for text in ("!!python/object/apply:os.getcwd []: 1\n", "stakes: !!python/object:collections.OrderedDict {}\n",
                 "ranking:\n  suit_order: !!python/object/apply:list [[spades]]\n"):
        with pytest.raises(ProfileError) as refused:
            load_profile_text(text, filename="exploit.yaml")
        assert refused.value.code in ("tag", "key"), str(refused.value)


def test_the_command_line_runs_nothing_a_tag_asks_for(tmp_path: Path) -> None:
    """The corpus's exploit files, validated and audited by real processes working in an empty directory."""
    work = tmp_path / "work"
    work.mkdir()
    profile = CORPUS / "profiles" / "python_object_apply.exit2.yaml"
    sheet = CORPUS / "histories" / "python_tag.exit2.yaml"
    assert "touch bragrules-corpus-pwned" in profile.read_text(encoding="utf-8")
    done = bragrules("validate", str(profile), cwd=work)
    assert done.returncode == 2 and "is not allowed in profiles" in done.stderr
    done = bragrules("audit", str(sheet), cwd=work)
    assert done.returncode == 2 and "is not allowed in history sheets" in done.stderr
    assert list(work.iterdir()) == []
    assert not (ROOT / "bragrules-corpus-pwned").exists()


def test_yaml_is_read_by_the_safe_loader_only() -> None:
    """The profile reader is a SafeLoader; no module of the package calls an unsafe loader."""
    assert issubclass(ProfileComposer, yaml.SafeLoader)
    unsafe = re.compile(
        r"yaml\.(load|load_all|unsafe_load|full_load)\s*\(|Loader\s*=\s*yaml\.(Loader|UnsafeLoader|FullLoader)"
        r"|\bpickle\.loads?\(|\bmarshal\.loads?\(|(?<![\w.])eval\(|(?<![\w.])exec\("
    )
    found: List[Tuple[str, int, str]] = []
    for folder in ("bragrules", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if unsafe.search(line):
                    found.append((str(path.relative_to(ROOT)), number, line.strip()))
    assert not found, found


# ---------------------------------------------------------------------------
# Reading writes nothing
# ---------------------------------------------------------------------------


def snapshot(*folders: Path) -> Dict[str, Tuple[int, int]]:
    """Every file and folder under ``folders``: size and modification time."""
    seen: Dict[str, Tuple[int, int]] = {}
    for folder in folders:
        for path in [folder, *folder.rglob("*")]:
            info = path.lstat()
            seen[str(path)] = (info.st_size, info.st_mtime_ns)
    return seen


def write_log(path: Path) -> None:
    import random

    from bragrules.engine.session import Session, play_session, random_chooser
    from bragrules.history import LogWriter
    from bragrules.rules.compile import compile_rules

    session = Session(compile_rules(load_profile("traditional")), ["A", "B", "C", "D"], seed=5)
    with LogWriter.for_session(path, session, profile_name="traditional"):
        play_session(session, random_chooser(random.Random(5)), max_deals=5)


def test_reading_profiles_and_histories_writes_no_file(tmp_path: Path) -> None:
    inputs, work, home = tmp_path / "inputs", tmp_path / "work", tmp_path / "home"
    for folder in (inputs, work, home):
        folder.mkdir()
    (inputs / "house.yaml").write_text("name: friday\nextends: traditional\nstakes:\n  ante: 2\n", encoding="utf-8")
    (inputs / "broken.yaml").write_text("name: broken\nstakes:\n  antee: 2\n", encoding="utf-8")
    (inputs / "pot.yaml").write_text(WORKED_POT.read_text(encoding="utf-8"), encoding="utf-8")
    write_log(inputs / "game.jsonl")
    before = snapshot(inputs, work, home)
    env = {"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), "XDG_CONFIG_HOME": str(home / ".config")}
    runs = [
        (["validate", str(inputs / "house.yaml"), str(inputs / "broken.yaml"), "standard"], 2),
        (["show", "--json", str(inputs / "house.yaml")], 0),
        (["audit", str(inputs / "pot.yaml")], 0),
        (["audit", "--summary", str(inputs / "game.jsonl")], 0),
    ]
    for args, code in runs:
        done = bragrules(*args, cwd=work, env=env)
        assert done.returncode == code, (args, done.stdout[-500:], done.stderr)
    assert snapshot(inputs, work, home) == before


def test_loading_in_process_writes_nothing_in_the_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    load_profile("house")
    assert audit(WORKED_POT).ok
    for path in sorted((CORPUS / "profiles").glob("*.exit2.yaml"))[:20]:
        with pytest.raises(ProfileError):
            load_profile(path)
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------
# Limits against hostile files
# ---------------------------------------------------------------------------


def billion_laughs(levels: int = 9) -> str:
    lines = ['lol: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    previous = "a"
    for index in range(levels - 1):
        name = f"l{index}"
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_at_the_first_anchor_and_finishes(tmp_path: Path) -> None:
    bomb = tmp_path / "lol.yaml"
    bomb.write_text(billion_laughs(), encoding="utf-8")
    sheet = tmp_path / "lol-sheet.yaml"
    sheet.write_text("players: [A, B]\n" + billion_laughs(), encoding="utf-8")
    done = bragrules("validate", str(bomb), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"{bomb}:1:6: anchors and aliases are not allowed in profiles"]
    done = bragrules("audit", str(sheet), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"error: {sheet}:2: anchors and aliases are not allowed in history sheets"]


def test_an_alias_alone_is_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("name: *nowhere\n", filename="alias.yaml")
    assert refused.value.code == "alias"


@pytest.mark.parametrize(
    "text, code",
    [
        ("name: " + "[" * (MAX_BYTES - 10), "too_deep"),
        ("name: " + "{a: " * ((MAX_BYTES - 10) // 4), "too_deep"),
        ("- " * ((MAX_BYTES - 10) // 2), "too_deep"),
        ("description: [" + "1," * ((MAX_BYTES - 20) // 2) + "]\n", "too_many_nodes"),
        ("a:\n" + "".join(" " * i + "b:\n" for i in range(1, 600)), "too_deep"),
        ("name: x\n" * 2 + "x" * MAX_BYTES, "too_large"),
    ],
    ids=["flow-lists", "flow-mappings", "block-lists", "many-values", "block-mappings", "over-the-cap"],
)
def test_files_made_to_break_the_limits_are_refused(text: str, code: str) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text(text, filename="hostile.yaml")
    assert refused.value.code == code
    assert len(str(refused.value)) <= 120


def test_the_limits_are_what_the_documents_say() -> None:
    assert (MAX_BYTES, MAX_DEPTH, MAX_NODES) == (256 * 1024, 32, 10_000)


def test_an_extends_diamond_is_resolved_once_per_file(tmp_path: Path) -> None:
    """Fifteen files, each naming the next sixteen times: 16**15 paths, each file read once."""
    for level in range(15):
        (tmp_path / f"l{level}.yaml").write_text(
            f"name: l{level}\nextends: [" + ", ".join([f"l{level + 1}.yaml"] * 16) + "]\n", encoding="utf-8")
    (tmp_path / "l15.yaml").write_text("name: end\nstakes: {ante: 2}\n", encoding="utf-8")
    done = bragrules("validate", str(tmp_path / "l0.yaml"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"ok  {tmp_path / 'l0.yaml'} (l0, extends l1.yaml")


def test_a_profile_extending_an_endless_device_is_refused_by_size(tmp_path: Path) -> None:
    child = tmp_path / "zero.yaml"
    child.write_text("name: zero\nextends: /dev/zero\n", encoding="utf-8")
    done = bragrules("validate", str(child), cwd=tmp_path, limit_memory=2 * 1024**3)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"/dev/zero: file is more than {MAX_BYTES} bytes, the limit is {MAX_BYTES} "
                                        f"bytes ({MAX_BYTES // 1024} KiB)"]


def test_an_endless_history_is_refused_by_size(tmp_path: Path) -> None:
    done = bragrules("audit", "/dev/zero", cwd=tmp_path, limit_memory=1024**3)
    assert "Traceback" not in done.stderr, done.stderr[-400:]
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"error: /dev/zero: file is more than {MAX_BYTES} bytes, the limit is "
                                        f"{MAX_BYTES} bytes ({MAX_BYTES // 1024} KiB)"]


def test_numbers_too_long_to_read_are_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("stakes:\n  ante: " + "7" * 20_000 + "\n", filename="digits.yaml")
    assert str(refused.value).startswith("digits.yaml:2:9: stakes.ante: cannot read '777")
    assert len(str(refused.value)) < 100


# ---------------------------------------------------------------------------
# Messages quote little
# ---------------------------------------------------------------------------


def test_an_error_on_a_very_long_line_quotes_a_short_excerpt() -> None:
    line = "ranking: {category_order: [" + "prial, " * 9_000 + "high_card]}"  # a 63 KB line
    with pytest.raises(ProfileError) as refused:
        load_profile_text("name: long\n" + line + "\n", filename="long.yaml")
    error = refused.value
    assert str(error) == "long.yaml:2:11: ranking.category_order: category_order lists a category twice"
    unclosed = "name: [" + ("'" + "a" * 20 + "', ") * 5_000  # 125 KB on one line, never closed
    with pytest.raises(ProfileError) as refused:
        load_profile_text(unclosed, filename="open.yaml")
    error = refused.value
    assert error.code == "syntax" and len(str(error)) < 200
    assert error.excerpt is not None and len(error.excerpt) <= 80
    shown = error.render().splitlines()
    assert shown[0] == str(error) and all(len(line) <= 90 for line in shown[1:]), shown


def test_a_long_value_is_cut_short_in_the_message() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("seeing:\n  tie: " + "s" * 50_000 + "\n", filename="long.yaml")
    assert len(str(refused.value)) < 200 and "…" in str(refused.value)


def test_the_value_of_an_unknown_key_is_never_quoted(tmp_path: Path) -> None:
    secrets = tmp_path / "secrets.yaml"
    secrets.write_text("password: correct horse battery staple\napi_key: AKIAIOSFODNN7EXAMPLE\n", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("name: curious\nextends: secrets.yaml\n", encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(child)
    everything = " ".join(e.render() for e in refused.value.errors)
    assert "unknown key 'password'" in everything
    assert "horse" not in everything and "AKIA" not in everything


def test_a_long_history_line_is_not_repeated(tmp_path: Path) -> None:
    text = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\n"
            "deals:\n  - cards: {A: Kc 9c 4c}\n    actions: [" + "A look, " * 5000 + "A bet 2]\n    oops: 1\n")
    with pytest.raises(HistoryError) as refused:
        parse_sheet(text, filename="long.yaml")
    assert str(refused.value).startswith("long.yaml:8: deal 1: unknown key 'oops'")
    assert len(str(refused.value)) < 200
