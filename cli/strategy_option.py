"""``--strategy FILE`` for play, simulate and serve: the strategy the ``solved`` bot plays.

The file must be one ``bragrules solve`` wrote for the same game (the profile less its words and
its range of seats: a heads-up table ``extends: standard`` plays ``standard``'s strategy).
It is read as any input is (:mod:`bragrules.solver.strategy_file`: a regular file, every size
bounded, every probability a distribution) and held to the game's own tree, all before the
first deal: a bad one is one line naming the file and what is wrong, exit status 2. It is
named to the bots through the ``BRAGRULES_STRATEGY`` environment variable, so that the
processes of ``simulate --workers`` find it too. Without the option the solved bot uses the
strategy ``bragrules solve`` left in the cache for the profile, if any.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from bragrules.core.i18n import tr

from .common import EXIT_BAD_INPUT, error, profile_or_exit

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.models import Profile
    from bragrules.solver.strategy import Strategy

HELP = ("The strategy file (from bragrules solve) the solved bot plays heads-up "
        "[default: the one solved for the profile, from the cache].")


def use_strategy(path: Optional[Path], profile: Optional[str]) -> "Optional[Strategy]":
    """Read ``path``, check it is a strategy solved for ``profile`` and hand it to the bots; exit 2 with one
    line if not. Without a profile (a resumed session decides its own) only the file is read here: the
    caller holds it to the log's profile with :func:`problem_for_log` before resuming it. The strategy read
    (None without the option)."""
    if path is None:
        return None

    try:
        from bragrules.solver.strategy import Strategy, StrategyFileError
    except ImportError:
        error("error: --strategy: " + tr("the solver needs numpy: {command}", command="pip install 'bragrules[solver]'"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    try:
        strategy = Strategy.load(str(path))
    except StrategyFileError as exc:
        error(f"error: --strategy {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if profile is None:
        return strategy
    loaded = profile_or_exit(profile)
    problem = problem_for(strategy, path, loaded)
    if problem is not None:
        error(problem)
        raise typer.Exit(EXIT_BAD_INPUT)
    return strategy


def problem_for(strategy: "Strategy", path: Path, profile: "Profile") -> Optional[str]:
    """The one line refusing ``strategy`` (read from ``path``) under ``profile``, or None when it is the
    profile's game's and its tree's; then it is named to the bots (``BRAGRULES_STRATEGY``)."""
    from bragrules.rules.compile import compile_rules
    from bragrules.solver.bot import ENV
    from bragrules.solver.strategy import StrategyFileError, game_hash

    if strategy.game_hash != game_hash(profile):
        return (f"error: --strategy {path}: solved for the profile {strategy.profile_name!r}, not for "
                f"{profile.name!r} (solve it again under this profile)")
    try:
        strategy.check_against(compile_rules(profile), str(path))
    except StrategyFileError as exc:
        return f"error: --strategy {exc}"
    os.environ[ENV] = str(path.resolve())
    return None


def solve_first(loaded: "Profile", styles: List[str], players: int) -> None:
    """Before a table of two with a ``solved`` bot whose profile has no strategy yet: solve it once, as
    ``bragrules solve`` does by default (to 1% of the ante), with its progress on stderr, and keep it in
    the cache where the bot finds it, so that ``play -p heads-up --bots solved`` plays a strategy from
    its first game and starts at once from the second. Ctrl-C, a profile the solver does not model,
    or no numpy: the bot plays ``cautious`` and its seat says so ("cautious, standing in for solved")."""
    if "solved" not in styles or players != 2:
        return
    try:
        from bragrules.solver import Unsupported, solve
        from bragrules.solver.bot import ENV, strategy_path
        from bragrules.solver.strategy import game_hash
    except ImportError:
        return
    path = strategy_path(game_hash(loaded))
    if os.environ.get(ENV) or os.path.exists(path):  # --strategy, or solved before: the bot plays that
        return
    from bragrules.rules.compile import compile_rules

    from .common import message
    from .solve_cmd import ITERATION_CAP, TARGET_OF_ANTE, _Watch

    ante = float(loaded.stakes.ante) or 1.0
    message(tr("The solved bot has no strategy for {profile} yet: solving it once, to {percent} of the ante (about two "
               "minutes of CPU time for standard), kept in {path} for the next games; Ctrl-C to play without it.",
               profile=loaded.name, percent=f"{TARGET_OF_ANTE:.0%}", path=path))
    watch = _Watch(loaded.name, ante, ITERATION_CAP, TARGET_OF_ANTE * ante, quiet=False)
    try:
        result = solve(compile_rules(loaded), iterations=ITERATION_CAP, target=TARGET_OF_ANTE * ante,
                       progress=watch.measured, iterated=watch.iterated)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        result.strategy.save(path)
    except Unsupported as exc:
        message(tr("note: the solved bot plays cautious, standing in for solved: {reason}", reason=exc))
    except KeyboardInterrupt:
        message(tr("note: solving stopped: the solved bot plays cautious, standing in for solved"))
    except OSError as exc:
        message(tr("note: the strategy cannot be kept in {path} ({reason}): the solved bot plays cautious, standing in "
                   "for solved", path=path, reason=exc.strerror or exc))
    finally:
        watch.close()


def problem_for_log(strategy: "Optional[Strategy]", path: Optional[Path], log: Path) -> Optional[str]:
    """For a resumed session: the one line refusing ``strategy`` under the profile the log ``log`` names (or
    carries), read from its header before the log is resumed, so that a refusal leaves it untouched. None
    when the strategy fits, when there is none, and when the log cannot say (its resume then refuses it,
    in its own words)."""
    if strategy is None or path is None or not log.is_file():
        return None
    from bragrules.audit.choice import history_profile
    from bragrules.core.errors import HistoryError
    from bragrules.history import read_log
    from bragrules.profile import ProfileError

    try:
        profile, _ = history_profile(read_log(log))
    except (HistoryError, ProfileError):
        return None
    return problem_for(strategy, path, profile)


__all__ = ["HELP", "problem_for", "problem_for_log", "solve_first", "use_strategy"]
