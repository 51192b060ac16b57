"""``--strategy FILE`` for play, simulate and serve: the strategy the ``solved`` bot plays.

The file must be one ``bragrules solve`` wrote for the same game (the profile less its words and
its range of seats: a heads-up table ``extends: standard`` plays ``standard``'s strategy).
It is named to the bots through the ``BRAGRULES_STRATEGY`` environment variable, so that
the processes of ``simulate --workers`` find it too. Without the option the solved bot
uses the strategy ``bragrules solve`` left in the cache for the profile, if any.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import typer

from .common import EXIT_BAD_INPUT, describe_error, error

HELP = ("The strategy file (from bragrules solve) the solved bot plays heads-up "
        "[default: the one solved for the profile, from the cache].")


def use_strategy(path: Optional[Path], profile: Optional[str]) -> None:
    """Check ``path`` is a strategy solved for ``profile`` and hand it to the bots; exit 2 with one line if not.
    Without a profile (a resumed session decides its own) only the file is checked: the bot itself plays a
    strategy only under the profile it was solved for."""
    if path is None:
        return
    from bragrules.profile import ProfileError, load_profile

    try:
        from bragrules.solver.bot import ENV
        from bragrules.solver.strategy import Strategy, StrategyFileError, game_hash
    except ImportError:
        error("error: --strategy: the solver needs numpy: pip install 'bragrules[solver]'")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    try:
        strategy = Strategy.load(str(path))
    except StrategyFileError as exc:
        error(f"error: --strategy {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if profile is None:
        os.environ[ENV] = str(path.resolve())
        return
    try:
        loaded = load_profile(profile)
    except ProfileError as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if strategy.game_hash != game_hash(loaded):
        error(f"error: --strategy {path}: solved for the profile {strategy.profile_name!r}, not for {loaded.name!r} "
              "(solve it again under this profile)")
        raise typer.Exit(EXIT_BAD_INPUT)
    os.environ[ENV] = str(path.resolve())


__all__ = ["HELP", "use_strategy"]
