"""The solver for a person: the heads-up profiles, the README's line that plays the solved bot, the
first game solving the strategy once, and a solved bot with no strategy to play saying what it plays
(in the seat list, the log and the web table)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any, Iterator, List

import pytest

np = pytest.importorskip("numpy")

from bragrules.play.plays import STAND_IN, plays, stands_in  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.solver import solve  # noqa: E402
from bragrules.solver.bot import _LOADED, strategy_path  # noqa: E402
from bragrules.solver.strategy import game_hash  # noqa: E402

from .helpers import run_cli  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

HEADS_UP_SHORT = """name: hu-short
extends: heads-up
pack: {stripped_ranks: ["2", "3", "4", "5", "6", "7", "8", "9", "T"]}
stakes: {opening_max: 1}
"""


@pytest.fixture
def cache(monkeypatch: Any, tmp_path: Path) -> Iterator[Path]:
    """An empty cache of strategies, and nothing named by --strategy."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("BRAGRULES_STRATEGY", "")
    _LOADED.clear()  # what the bots read before this test (another cache)
    yield tmp_path / "cache"
    _LOADED.clear()


def _cached_strategy(profile: str) -> Path:
    """A strategy for ``profile``'s game in the cache, solved on the smallest tree (fast; the bot plays it)."""
    path = Path(strategy_path(game_hash(load_profile(profile))))
    path.parent.mkdir(parents=True, exist_ok=True)
    solve(profile, iterations=2, max_raises=0, levels=1).strategy.save(str(path))
    _LOADED.clear()
    return path


def _seat_column(text: str) -> List[str]:
    """The 'plays' column of the last standings table printed."""
    table = text.rsplit("tandings", 1)[1]
    return [row.split("│")[2].strip() for row in table.splitlines() if row.startswith("│")]


def test_the_heads_up_profiles_seat_two_and_play_their_parents_strategies() -> None:
    for name, parent in (("heads-up", "standard"), ("heads-up-teen-patti", "teen-patti")):
        profile = load_profile(name)
        assert (profile.table.min_players, profile.table.max_players) == (2, 2)
        assert profile.extends == [parent]
        assert game_hash(profile) == game_hash(load_profile(parent))
        header = [line for line in (ROOT / "profiles" / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
                  if line.startswith("#")]
        assert any(f"bragrules play -p {name} -n 2 --bots solved" in line for line in header)  # what it is for
    solver_doc = (ROOT / "docs" / "solver.md").read_text(encoding="utf-8")
    assert "heads-up-teen-patti" in solver_doc and "bragrules play -p heads-up" in solver_doc


def _readme_line() -> List[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line for line in readme.splitlines() if re.match(r"bragrules play -p heads-up .*--bots solved", line)]
    assert lines, "the README has a line that plays the solved bot heads-up"
    return shlex.split(lines[0])[1:]


def test_the_readme_line_plays_the_solved_bot_heads_up(cache: Path, capsys: Any, monkeypatch: Any,
                                                       tmp_path: Path) -> None:
    args = _readme_line()
    assert args[:3] == ["play", "-p", "heads-up"] and "--players" in args and "2" in args
    _cached_strategy("heads-up")
    code, out, err = run_cli(capsys, monkeypatch, *args, "--seed", "4", "--hands", "1", "--explain",
                             "--log", str(tmp_path / "log.jsonl"), stdin="fold\n" * 6 + "q\n")
    assert code == 0, err
    assert "plays the solved strategy" in out and "standing in" not in out + err
    assert "solving it once" not in err  # the strategy was there
    assert _seat_column(out)[1] == "solved"


@pytest.mark.heavy
def test_the_first_game_solves_the_strategy_once_and_keeps_it(cache: Path, capsys: Any, monkeypatch: Any,
                                                              tmp_path: Path) -> None:
    profile = tmp_path / "hu-short.yaml"
    profile.write_text(HEADS_UP_SHORT, encoding="utf-8")
    kept = Path(strategy_path(game_hash(load_profile(str(profile)))))
    assert not kept.exists()
    args = ("play", "-p", str(profile), "--players", "2", "--bots", "solved", "--auto", "--hands", "1", "--seed", "2")
    code, out, err = run_cli(capsys, monkeypatch, *args, "--log", str(tmp_path / "one.jsonl"))
    assert code == 0, err
    assert "The solved bot has no strategy for hu-short yet: solving it once" in err
    assert re.search(r"iteration \d+ of at most 1000: exploitability .* elapsed, (about|at most) \d+:\d\d:\d\d left", err)
    assert kept.exists() and "plays the solved strategy" in out
    assert _seat_column(out) == ["solved", "solved"]
    code, out, err = run_cli(capsys, monkeypatch, *args, "--log", str(tmp_path / "two.jsonl"))
    assert code == 0 and "solving it once" not in err and "plays the solved strategy" in out


def test_a_solved_bot_without_a_strategy_says_what_it_plays(cache: Path, capsys: Any, monkeypatch: Any,
                                                            tmp_path: Path) -> None:
    standard = load_profile("standard")
    assert stands_in(standard, 3) == "no strategy solved for this profile at 3 seats"
    assert stands_in(standard, 5) == "strategies are solved for 2 to 4 players"
    assert stands_in(load_profile("heads-up"), 2) == "no strategy solved for this profile"
    assert plays("solved", load_profile("heads-up"), 2) == STAND_IN
    # the seat list, the narration and the log of a table of three
    log = tmp_path / "three.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", "standard", "--players", "3", "--bots",
                             "solved,loose", "--auto", "--hands", "1", "--seed", "1", "--log", str(log))
    assert code == 0, err
    assert _seat_column(out) == [STAND_IN, "loose", STAND_IN]
    assert "— cautious, standing in for solved (no strategy solved for this profile at 3 seats): " in out
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["seats"][0] == {"name": "Ada", "style": "solved", "plays": STAND_IN}
    assert header["seats"][1] == {"name": "Bo", "style": "loose"}
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0, err
    # the web table: heads-up with nothing solved (the web does not solve), then with a strategy
    from bragrules.web.service import TableService

    service = TableService(load_profile("heads-up"), "heads-up", seats=2, bots=["solved"], seed=3, hands=1,
                           log_path=None)
    ada = service.join("Ada")
    service.start(service.host_token)
    seats = service.state(ada)["seats"]
    assert [(s["name"], s["plays"]) for s in seats] == [("Ada", None), ("Bo", STAND_IN)]
    _cached_strategy("heads-up")
    assert service.state(ada)["seats"][1]["plays"] == "solved"
    script = (ROOT / "bragrules" / "web" / "static" / "table.js").read_text(encoding="utf-8")
    assert 'el("span", p.plays, "tag plays")' in script  # the page shows it beside the bot's tag
