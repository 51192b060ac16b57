"""Strategy files are input like any other: a corpus of tampered files, made here from a small real solve.

Each tampered file given to ``play``, ``simulate`` and ``serve`` as ``--strategy`` is one line
on stderr naming the file and what is wrong, exit status 2, no traceback, before the first
deal (for ``serve``, before the server starts): truncated and corrupt archives, headers
missing a key, with numbers of any size, nested deep, with 1,200 cards, arrays of the wrong
shape or type (a pickle), probabilities that are NaN, negative or not summing to 1, files
that are not the game's tree, a FIFO, a device, a directory, a file over the size limit.
``bragrules solve`` sizes its tree before building it and refuses one over its budget.
"""

from __future__ import annotations

import io
import json
import os
import threading
import time
import zipfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest

np = pytest.importorskip("numpy")

from bragrules.profile import load_profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402
from bragrules.solver import (  # noqa: E402
    Budget,
    TreeTooLarge,
    solve,
    solver_for,
    strategy_file,  # noqa: E402
)
from bragrules.solver import size as sizing  # noqa: E402
from bragrules.solver.strategy import Strategy, StrategyFileError  # noqa: E402
from bragrules.solver.tree import build_tree  # noqa: E402

from .helpers import run_cli  # noqa: E402

SHORT_YAML = """name: short
extends: standard
table: {min_players: 2, max_players: 2}
pack: {stripped_ranks: ["2", "3", "4", "5", "6", "7", "8", "9", "T"]}
stakes: {opening_max: 1}
"""
"""Standard heads-up on the sixteen cards from the jack up: 560 hands, a tree of 30 decisions."""


# ---------------------------------------------------------------------------
# A real strategy, and what can be done to it
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Path]:
    folder = tmp_path_factory.mktemp("solved")
    profile = folder / "short.yaml"
    profile.write_text(SHORT_YAML, encoding="utf-8")
    good = folder / "short.npz"
    solve(compile_rules(load_profile(str(profile))), iterations=10, max_raises=1, levels=2).strategy.save(str(good))
    return {"profile": profile, "good": good, "folder": folder}


def members(path: Path) -> Dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def npy(array: Any, allow_pickle: bool = False) -> bytes:
    out = io.BytesIO()
    np.lib.format.write_array(out, np.asarray(array), allow_pickle=allow_pickle)
    return out.getvalue()


def header_of(files: Dict[str, bytes]) -> Dict[str, Any]:
    return json.loads(np.load(io.BytesIO(files["header.npy"])).tobytes())


def array_of(files: Dict[str, bytes], i: int) -> Any:
    return np.load(io.BytesIO(files[f"d{i}.npy"]))


def write_zip(path: Path, files: Dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)


Tamper = Callable[[Path, Path], None]
"""Writes a tampered file at the second path from the good file at the first."""


def raw_header(text: str) -> Tamper:
    """The header replaced by this JSON text (``{}`` in it: the good header's keys, as JSON, without braces)."""
    def make(good: Path, out: Path) -> None:
        files = members(good)
        body = json.dumps(header_of(files))[1:-1]
        files["header.npy"] = npy(np.frombuffer(text.replace("{}", body).encode(), dtype=np.uint8))
        write_zip(out, files)
    return make


def header_edit(edit: Callable[[Dict[str, Any]], None]) -> Tamper:
    def make(good: Path, out: Path) -> None:
        files = members(good)
        header = header_of(files)
        edit(header)
        files["header.npy"] = npy(np.frombuffer(json.dumps(header).encode(), dtype=np.uint8))
        write_zip(out, files)
    return make


def array_edit(index: int, edit: Callable[[Any], Any], allow_pickle: bool = False) -> Tamper:
    def make(good: Path, out: Path) -> None:
        files = members(good)
        files[f"d{index}.npy"] = npy(edit(array_of(files, index).astype(np.float64)), allow_pickle)
        write_zip(out, files)
    return make


def bytes_edit(edit: Callable[[bytes], bytes]) -> Tamper:
    def make(good: Path, out: Path) -> None:
        out.write_bytes(edit(good.read_bytes()))
    return make


def members_edit(edit: Callable[[Dict[str, bytes]], None]) -> Tamper:
    def make(good: Path, out: Path) -> None:
        files = members(good)
        edit(files)
        write_zip(out, files)
    return make


def _flip_middle(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes(b ^ 0xFF for b in data[middle:middle + 64]) + data[middle + 64:]


def _drop_decision(header: Dict[str, Any], files: Dict[str, bytes], index: int) -> None:
    del header["decisions"][index]
    arrays = [files.pop(f"d{i}.npy") for i in range(len(header["decisions"]) + 1)]
    del arrays[index]
    for i, data in enumerate(arrays):
        files[f"d{i}.npy"] = data


def _swap(files: Dict[str, bytes]) -> None:
    header = header_of(files)
    header["decisions"][1], header["decisions"][2] = header["decisions"][2], header["decisions"][1]
    files["d1.npy"], files["d2.npy"] = files["d2.npy"], files["d1.npy"]
    files["header.npy"] = npy(np.frombuffer(json.dumps(header).encode(), dtype=np.uint8))


def _dropped(files: Dict[str, bytes]) -> None:
    header = header_of(files)
    _drop_decision(header, files, len(header["decisions"]) - 1)
    files["header.npy"] = npy(np.frombuffer(json.dumps(header).encode(), dtype=np.uint8))


def _rename_action(header: Dict[str, Any]) -> None:
    decision = header["decisions"][0]
    decision["actions"] = [a.replace("A bet 1/2", "A bet 3/2") for a in decision["actions"]]


def _npy_version_3(data: bytes) -> bytes:
    return data[:6] + b"\x03\x00" + data[8:]


def _npy_huge_shape(good: Path, out: Path) -> None:
    files = members(good)
    header = b"{'descr': '<f2', 'fortran_order': False, 'shape': (1000000000000, 560), }"
    header += b" " * (118 - len(header)) + b"\n"
    files["d1.npy"] = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header
    write_zip(out, files)


def _fifo(good: Path, out: Path) -> None:
    os.mkfifo(out)
    # a guard: were the FIFO opened to be read, this writer would let the read end (at once, with nothing)
    # rather than hang; it never opens while nobody reads
    threading.Thread(target=lambda: open(out, "wb").close(), daemon=True).start()


def _directory(good: Path, out: Path) -> None:
    out.mkdir()


def _device(good: Path, out: Path) -> None:
    out.symlink_to(os.devnull)


def _loop(good: Path, out: Path) -> None:
    out.symlink_to(out)


def _too_big(good: Path, out: Path) -> None:
    with open(out, "wb") as handle:
        handle.truncate(strategy_file.MAX_FILE_BYTES + 1)  # sparse: no disk taken


CORPUS: List[Tuple[str, Tamper, str]] = [
    # name, how it is made, words the one line must hold
    ("empty", bytes_edit(lambda d: b""), "not a zip archive"),
    ("junk", bytes_edit(lambda d: b"junk" * 100), "not a zip archive"),
    ("truncated-half", bytes_edit(lambda d: d[: len(d) // 2]), "not a zip archive"),
    ("truncated-end", bytes_edit(lambda d: d[:-10]), "not a zip archive"),
    ("corrupt-middle", bytes_edit(_flip_middle), "strategy file"),
    ("missing-cards", header_edit(lambda h: h.pop("cards")), "missing required field `cards`"),
    ("missing-decisions", header_edit(lambda h: h.pop("decisions")), "`decisions`"),
    ("huge-raises", raw_header('{{}, "max_raises": ' + "9" * 400 + "}"), "max_raises"),
    ("huge-card", header_edit(lambda h: h.update(cards=[10**30, *h["cards"][1:]])), "cards"),
    ("huge-float", raw_header('{{}, "carry_share": 1e400}'), "carry_share"),
    ("nan-carry", raw_header('{{}, "carry_share": NaN}'), "its header is not JSON"),
    ("deep-nesting", raw_header('{{}, "notes": ' + "[" * 100_000 + "]" * 100_000 + "}"), "header"),
    ("deep-nesting-unknown", raw_header('{{}, "x": ' + "[" * 100_000 + "]" * 100_000 + "}"), "header"),
    ("unknown-key", header_edit(lambda h: h.update(extra=1)), "unknown field `extra`"),
    ("1200-cards", header_edit(lambda h: h.update(cards=list(range(1200)))), "cards"),
    ("card-twice", header_edit(lambda h: h.update(cards=[h["cards"][0], *h["cards"][:-1]])), "listed twice"),
    ("not-json", raw_header("{not json"), "not JSON"),
    ("not-an-object", raw_header("[1, 2, 3]"), "header"),
    ("other-format", header_edit(lambda h: h.update(format="bragrules-strategy/9")), "format"),
    ("player-2", header_edit(lambda h: h["decisions"][0].update(player=2)), "player"),
    ("blind-text", header_edit(lambda h: h["decisions"][0].update(blind="yes")), "blind"),
    ("no-actions", header_edit(lambda h: h["decisions"][0].update(actions=[])), "actions"),
    ("long-history", header_edit(lambda h: h["decisions"][0].update(history=["A look"] * 300)), "history"),
    ("hash-not-hex", header_edit(lambda h: h.update(profile_hash="zz")), "profile_hash"),
    ("decision-twice", header_edit(lambda h: h["decisions"].__setitem__(1, h["decisions"][0])), "listed twice"),
    ("wrong-shape", array_edit(1, lambda a: np.ones((2, 5)) / 2), "shape"),
    ("fewer-columns", array_edit(1, lambda a: a[:, :100]), "shape"),
    ("more-rows", array_edit(0, lambda a: np.vstack([a, a]) / 2), "shape"),
    ("nan", array_edit(1, lambda a: np.where(a > 0.1, np.nan, a)), "not a number"),
    ("infinite", array_edit(1, lambda a: np.where(a > 0.1, np.inf, a)), "not a number"),
    ("negative", array_edit(1, lambda a: a - 0.25), "negative probability"),
    ("not-summing", array_edit(1, lambda a: a * 0.5), "sum to"),
    ("pickle", array_edit(1, lambda a: np.array([[object()] * a.shape[1]] * a.shape[0], dtype=object),
                          allow_pickle=True), "pickle"),
    ("integers", array_edit(1, lambda a: (a > 0.5).astype(np.int64)), "values"),
    ("huge-declared-shape", _npy_huge_shape, "shape"),
    ("npy-version-3", members_edit(lambda f: f.update({"d1.npy": _npy_version_3(f["d1.npy"])})), "format"),
    ("header-floats", members_edit(lambda f: f.update({"header.npy": npy(np.zeros(10))})), "header"),
    ("no-header", members_edit(lambda f: f.pop("header.npy")), "no header"),
    ("array-missing", members_edit(lambda f: f.pop("d3.npy")), "lacks the array"),
    ("array-extra", members_edit(lambda f: f.update({"d999.npy": f["d0.npy"]})), "has an array"),
    ("actions-renamed", header_edit(_rename_action), "not the tree's"),
    ("decisions-swapped", members_edit(_swap), "not the tree's"),
    ("decision-dropped", members_edit(_dropped), "decisions"),
    ("more-raises", header_edit(lambda h: h.update(max_raises=2)), "not the tree's"),
    ("fewer-raises", header_edit(lambda h: h.update(max_raises=0)), "not the tree's"),
    ("raises-20-levels-10", header_edit(lambda h: h.update(max_raises=20, levels=10)), "not the tree's"),
    ("other-pack", header_edit(lambda h: h.update(cards=[c for c in range(len(h["cards"]))])), "pack"),
    ("other-game", header_edit(lambda h: h.update(game_hash="0" * 64)), "solved for the profile"),
    ("fifo", _fifo, "named pipe"),
    ("directory", _directory, "directory"),
    ("device", _device, "device"),
    ("symlink-loop", _loop, "cannot read it"),
    ("too-big", _too_big, "more than a strategy file's limit"),
]


@pytest.fixture(scope="module")
def corpus(solved: Dict[str, Path]) -> Dict[str, Path]:
    """Each tampered file, made once (a FIFO's guard writer waits on it)."""
    folder = solved["folder"] / "corpus"
    folder.mkdir()
    made = {}
    for name, tamper, _ in CORPUS:
        path = folder / f"{name}.npz"
        tamper(solved["good"], path)
        made[name] = path
    return made


COMMANDS = {
    "play": ["play", "-p", "{profile}", "--players", "2", "--bots", "solved", "--auto", "--hands", "2"],
    "simulate": ["simulate", "-p", "{profile}", "-n", "2", "--hands", "20", "--styles", "solved,random"],
    "serve": ["serve", "-p", "{profile}", "--seats", "2", "--bots", "solved", "--port", "0"],
}


@pytest.fixture
def no_server(monkeypatch: Any) -> None:
    """``serve`` must refuse before it listens: listening, or serving, fails the test instead of waiting."""
    import bragrules_cli.serve_cmd as serve_cmd

    def started(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the server started")

    monkeypatch.setattr(serve_cmd, "listen", started)
    monkeypatch.setenv("BRAGRULES_STRATEGY", "")  # --strategy sets it in this process: restored afterwards


def _run(capsys: Any, monkeypatch: Any, command: str, profile: Path, strategy: Path) -> Tuple[int, str, str]:
    args = [a.format(profile=profile) for a in COMMANDS[command]]
    return run_cli(capsys, monkeypatch, *args, "--strategy", str(strategy))


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name, words", [(name, words) for name, _, words in CORPUS])
def test_a_tampered_strategy_file_is_one_line_and_exit_2(
        command: str, name: str, words: str, corpus: Dict[str, Path], solved: Dict[str, Path], capsys: Any,
        monkeypatch: Any, no_server: None) -> None:
    path = corpus[name]
    started = time.monotonic()
    code, out, err = _run(capsys, monkeypatch, command, solved["profile"], path)
    assert time.monotonic() - started < 30  # a guard: each is refused in milliseconds
    assert code == 2, (code, err)
    assert "Traceback" not in err and out == "", (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: --strategy {path}"), err
    assert words in lines[0], lines[0]
    assert len(lines[0]) - len(str(path)) <= 300, lines[0]


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_good_file_plays(command: str, solved: Dict[str, Path], capsys: Any, monkeypatch: Any,
                             no_server: None) -> None:
    code, _, err = _run(capsys, monkeypatch, command, solved["profile"], solved["good"])
    assert code == 0, err


def test_a_resumed_session_holds_the_file_to_its_own_profile(
        solved: Dict[str, Path], corpus: Dict[str, Path], tmp_path: Path, capsys: Any, monkeypatch: Any,
        no_server: None) -> None:
    """``play --resume`` and ``serve --resume`` take the profile from the log: the file is held to that
    profile's tree, from the log's header, before the log is resumed: a refusal leaves it as it was."""
    log = tmp_path / "short.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", str(solved["profile"]), "--players", "2", "--bots",
                           "solved", "--auto", "--hands", "3", "--log", str(log))
    assert code == 0, err
    text = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join(text[: len(text) // 2]) + "\n", encoding="utf-8")  # stopped part-way
    before = log.read_bytes()
    for command in ("play", "serve"):
        for name in ("actions-renamed", "more-raises", "other-game", "nan"):
            code, _, err = run_cli(capsys, monkeypatch, command, "--resume", str(log), "--strategy", str(corpus[name]))
            assert code == 2 and len(err.strip().splitlines()) == 1 and str(corpus[name]) in err, err
            assert log.read_bytes() == before
    code, _, err = run_cli(capsys, monkeypatch, "play", "--resume", str(log), "--strategy", str(solved["good"]))
    assert code == 0, err


def test_the_limits_of_the_archive_and_the_header(solved: Dict[str, Path], tmp_path: Path,
                                                 monkeypatch: Any) -> None:
    """The zip's directory is sized from its end record before it is read, the header by its length, and the
    probabilities the header promises by their number, each before anything is read into memory."""
    good = str(solved["good"])
    decisions = len(Strategy.load(good).decisions)
    monkeypatch.setattr(strategy_file, "MAX_DECISIONS", decisions - 2)
    with pytest.raises(StrategyFileError, match=f"an archive of {decisions + 1} members"):
        Strategy.load(good)
    monkeypatch.undo()
    monkeypatch.setattr(strategy_file, "MAX_HEADER_BYTES", 1000)
    with pytest.raises(StrategyFileError, match="a header of [0-9,]+ bytes, more than the limit of 1,000"):
        Strategy.load(good)
    monkeypatch.undo()
    monkeypatch.setattr(strategy_file, "MAX_CELLS", 1000)
    with pytest.raises(StrategyFileError, match="promises [0-9,]+ probabilities, more than a strategy file's 1,000"):
        Strategy.load(good)


def test_the_zip_s_members_are_counted_from_its_end_record(tmp_path: Path, monkeypatch: Any) -> None:
    """More than 65,535 members (a tree of that many decisions) and the count is in the zip64 end record."""
    path = tmp_path / "many.npz"
    with zipfile.ZipFile(path, "w") as archive:
        for i in range(70_000):
            archive.writestr(f"d{i}.npy", b"")
    with open(path, "rb") as handle:
        assert strategy_file._zip_entries(handle) == 70_000
    monkeypatch.setattr(strategy_file, "MAX_DECISIONS", 60_000)
    with pytest.raises(StrategyFileError, match="an archive of 70,000 members, more than a strategy file's 60,001"):
        Strategy.load(str(path))
    monkeypatch.undo()
    with pytest.raises(StrategyFileError, match="it has no header"):
        Strategy.load(str(path))


def test_a_damaged_cache_file_makes_the_bot_fall_back(solved: Dict[str, Path], corpus: Dict[str, Path],
                                                      tmp_path: Path, monkeypatch: Any) -> None:
    """The strategy ``solve`` left in the cache is read the same way, and held to the table's tree: the
    solved bot plays its fallback rather than meet a damaged file in the middle of a deal."""
    import random

    from bragrules.core.cards import CARDS
    from bragrules.engine.deal import Deal
    from bragrules.solver import bot as solved_bot
    from bragrules.solver.strategy import game_hash

    profile = load_profile(str(solved["profile"]))
    rules = compile_rules(profile)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("BRAGRULES_STRATEGY", raising=False)
    monkeypatch.setattr(solved_bot, "_LOADED", {})
    cached = Path(solved_bot.strategy_path(game_hash(profile)))
    cached.parent.mkdir(parents=True)
    cards = sorted(rules.ranking.ranker.cards)
    for name, plays in (("actions-renamed", False), ("nan", False), ("good", True)):
        cached.write_bytes((solved["good"] if name == "good" else corpus[name]).read_bytes())
        solved_bot._LOADED.clear()
        bot = solved_bot.SolvedBot(random.Random(1), "A")
        deal = Deal(rules, ["A", "B"], {"A": tuple(CARDS[c] for c in cards[:3]), "B": tuple(CARDS[c] for c in cards[3:6])})
        assert deal.can(bot.choose(deal.view("A")))
        assert bot.explain().startswith("plays the solved strategy") == plays, (name, bot.explain())


# ---------------------------------------------------------------------------
# solve: the tree sized before it is built
# ---------------------------------------------------------------------------


SIZED = ["standard", "teen-patti", "traditional", "classic", "muflis", "seen-only"]


@pytest.mark.parametrize("name", SIZED)
def test_the_count_is_the_tree_built(name: str) -> None:
    rules = compile_rules(load_profile(name))
    for max_raises, levels in ((1, 1), (2, 2), (3, 2)):
        tree = build_tree(rules, max_raises=max_raises, levels=levels)
        size = sizing.count(rules, max_raises, levels, max_raises + 1)
        assert (size.decisions, size.nodes) == (len(tree.decisions), len(tree.decisions) + tree.leaves + tree.showdowns)
        assert size.blind_actions == sum(len(d.actions) for d in tree.decisions if d.blind)
        assert size.seen_actions == sum(len(d.actions) for d in tree.decisions if not d.blind)
        assert [tuple(s) for s in sizing.walk(rules, max_raises, levels, max_raises + 1)] == [
            (d.history, d.player, d.blind, [a.text for a in d.actions]) for d in tree.decisions]
        guess = sizing.estimate(rules, max_raises, levels, max_raises + 1)
        assert size.decisions / 2 <= guess.decisions <= 2 * size.decisions, (guess, size)


def test_a_tree_over_the_budget_is_refused_before_it_is_built(monkeypatch: Any) -> None:
    rules = compile_rules(load_profile("standard"))
    built: List[Any] = []
    monkeypatch.setattr("bragrules.solver.build_tree", lambda *a, **k: built.append(a))
    with pytest.raises(TreeTooLarge, match=r"would need about [0-9.e+]+ decisions and .* \(estimated from 200"):
        solver_for(rules, max_raises=20, levels=10)
    with pytest.raises(TreeTooLarge, match=r"would need more than 200.0 MiB of memory \(counted until then"):
        solver_for(rules, max_raises=3, levels=2, budget=Budget(memory=200 * 2**20))
    with pytest.raises(TreeTooLarge, match=r"would need more than 100 decisions"):
        solver_for(rules, max_raises=3, levels=2, budget=Budget(decisions=100))
    with pytest.raises(ValueError, match="max_raises must be 0 to 20"):
        solver_for(rules, max_raises=21)
    assert built == []
    monkeypatch.undo()
    assert len(solver_for(rules, max_raises=1, levels=1).tree.decisions) == 16  # within the budget: built


def test_solve_refuses_a_tree_that_would_not_fit_in_one_line_at_once(capsys: Any, monkeypatch: Any) -> None:
    started = time.monotonic()
    code, out, err = run_cli(capsys, monkeypatch, "solve", "--max-raises", "20", "--levels", "10")
    assert time.monotonic() - started < 20  # a guard: it takes about a second
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: standard: the tree of these options would need about ") and "of memory" in err
    code, _, err = run_cli(capsys, monkeypatch, "solve", "--max-raises", "3", "--levels", "2", "--memory", "0.2")
    assert code == 2 and "more than 204.8 MiB of memory" in err and "raise --memory" in err, err


def test_every_strategy_a_solve_writes_reads_back(solved: Dict[str, Path]) -> None:
    """A solve within its budget writes a file within the reader's bounds, held to its own tree."""
    rules = compile_rules(load_profile(str(solved["profile"])))
    strategy = Strategy.load(str(solved["good"]))
    strategy.check_against(rules, str(solved["good"]))
    assert sizing.MAX_CELLS * 2 <= strategy_file.MAX_FILE_BYTES  # the largest arrays, as float16, fit the file
    assert strategy_file.SUM_TOLERANCE > 2.0 ** -11  # float16's rounding of a column's sum

