"""``bragrules duel``: two bots play the same cards twice, seats swapped; one's net per deal with its interval."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from bragrules.core.i18n import tr

from . import strategy_option
from .common import EXIT_BAD_INPUT, complete_profile, describe_error, error, message, write


def register(app: typer.Typer) -> None:
    app.command("duel")(duel_command)


def duel_command(
    profile: Annotated[
        str,
        typer.Option("--profile", "-p", metavar="PROFILE", autocompletion=complete_profile,
                     help="The profile to play, heads-up (built-in name or path)."),
    ] = "heads-up",
    bots: Annotated[
        str,
        typer.Option("--bots", metavar="STYLE,...",
                     help="The two bots, first and second: cautious, loose, blind_bluffer, see_happy, random, solved, or lbr (a "
                     "local best response to the solved strategy); the report is the first's net."),
    ] = "solved,loose",
    pairs: Annotated[int, typer.Option("--pairs", metavar="N", min=1, max=1_000_000,
                                       help="Pairs of deals: each pair deals the same cards twice, seats swapped.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, max=2**63 - 1,
                                      help="The seed: the same seed gives the same report.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
    strategy: Annotated[
        Optional[Path], typer.Option("--strategy", metavar="FILE", help=strategy_option.HELP, show_default=False),
    ] = None,
) -> None:
    """Duplicate match: two bots heads-up on the same cards twice, seats swapped.

    Reports the first bot's net per deal, exact in all, with its 95% interval (Student's t over the
    pairs' nets: the luck of the cards cancels within a pair). The same bot against itself nets exactly
    0 a pair. Exit status 2 for a bad profile or bot.
    """
    from bragrules.core.errors import BragError
    from bragrules.play.duel import DUEL_STYLES, duel
    from bragrules.profile import ProfileError

    names = [s.strip() for s in bots.split(",") if s.strip()]
    if len(names) != 2:
        error("error: " + tr("--bots names two bots, not {count} (e.g. solved,loose)", count=len(names)))
        raise typer.Exit(EXIT_BAD_INPUT)
    for name in names:
        if name not in DUEL_STYLES:
            error("error: " + tr("--bots: unknown bot style {name} (choose from {styles})", name=repr(name),
                                 styles=", ".join(DUEL_STYLES)))
            raise typer.Exit(EXIT_BAD_INPUT)
    strategy_option.use_strategy(strategy, profile)
    started, cpu = time.perf_counter(), time.process_time()
    try:
        report = duel(profile, names[0], names[1], pairs=pairs, seed=seed)
    except (ProfileError, BragError, ValueError) as exc:
        error(describe_error(exc) if isinstance(exc, (ProfileError, BragError)) else f"error: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if as_json:
        import json

        write(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n")
        return
    for line in report.lines():
        write(line + "\n")
    message(tr("{deals} deals in {seconds} s ({cpu} CPU s)", deals=f"{report.deals:,}",
               seconds=f"{time.perf_counter() - started:.2f}", cpu=f"{time.process_time() - cpu:.2f}"))
