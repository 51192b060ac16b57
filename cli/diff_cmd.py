"""``bragrules diff``: the rules two or more profiles play differently."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Dict, List, Optional

import typer

from bragrules.core.i18n import tr

from . import stats_options
from .common import EXIT_BAD_INPUT, complete_profile, console, error, write
from .wide_tables import aligned

EXIT_DIFFERENT = 1


def register(app: typer.Typer) -> None:
    app.command("diff")(diff)


def diff(
    profiles: Annotated[
        List[str],
        typer.Argument(
            metavar="PROFILE...", autocompletion=complete_profile,
            help="Two or more built-in profile names or paths to .yaml files.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print JSON: a list of differences, each with path, area, values, sentences, "
            "in_play and sources (with --impact, an object with differences and impact).",
        ),
    ] = False,
    impact: Annotated[
        Optional[int],
        typer.Option(
            "--impact",
            metavar="N",
            min=1,
            max=1_000_000,
            help="Also simulate N hands (at most 1,000,000) under each profile, with the same seeds, "
            "and show what the differences change at the table.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int,
        typer.Option("--players", metavar="N", min=2, max=20, help="Players at the simulated table (--impact)."),
    ] = 4,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, max=2**63 - 1, help="The first seed of the simulation (--impact).")] = 1,
    precision: Annotated[
        Optional[float],
        typer.Option("--precision", metavar="X",
                     help="With --impact: play on, after the first N deals, until every paired difference "
                     "(or those named in --precision-for) is at most ± X in its own unit (a share as a "
                     "fraction: 0.01 is one point), up to the cap of --max-hands.", show_default=False),
    ] = None,
    precision_for: Annotated[
        Optional[str],
        typer.Option("--precision-for", metavar="NAME,...",
                     help="Which differences to wait for (with --precision): showdown, folded_out, carried, split, "
                     "average_pot, actions_per_deal, blind_won, blind_net.", show_default=False),
    ] = None,
    max_hands: Annotated[
        int,
        typer.Option("--max-hands", metavar="N", min=1, max=1_000_000,
                     help="The most deals under each profile (with --precision)."),
    ] = 1_000_000,
    plot: Annotated[
        Optional[Path],
        typer.Option("--plot", metavar="FILE",
                     help="--impact: draw the profiles side by side and their differences with intervals "
                     "(.png or .svg). Needs the plot extra.", show_default=False),
    ] = None,
    cluster: Annotated[
        Optional[str],
        typer.Option("--cluster", metavar="ADDRESS",
                     help="--impact: play the blocks on the Dask cluster whose scheduler is at ADDRESS. "
                     "Needs the cluster extra.", show_default=False),
    ] = None,
) -> None:
    """Compare profiles rule by rule, after `extends` and defaults are applied.

    The differences are grouped by rule area, with each profile's value and a
    sentence saying what it means; with three or more profiles, a table with
    a column per profile. Name, description, source and extends are shown but
    never count as differences.

    With --impact, every measure comes with its 95% interval, and each
    profile's difference from the first, paired over the shared seeds, with
    its interval, the differences distinguishable from noise marked.

    Exit status: 0 the rules are the same, 1 they differ, 2 bad input.
    """
    if len(profiles) < 2:
        error("error: " + tr("diff needs at least two profiles to compare"))
        raise typer.Exit(EXIT_BAD_INPUT)
    if impact is None:
        for given, name in ((precision, "--precision"), (precision_for, "--precision-for"), (plot, "--plot"),
                            (cluster, "--cluster")):
            if given is not None:
                error("error: " + tr("{option} needs --impact N", option=name))
                raise typer.Exit(EXIT_BAD_INPUT)
    wanted = stats_options.names("--precision-for", precision_for)
    if wanted is not None and precision is None:
        error("error: " + tr("--precision-for needs --precision"))
        raise typer.Exit(EXIT_BAD_INPUT)
    stats_options.check_precision(precision)
    if wanted is not None:
        from bragrules.analysis.impact import PAIRED

        for name in wanted:
            if name not in PAIRED:
                error("error: " + tr("--precision-for: no paired measure called {name} (choose from {names})",
                                     name=repr(name), names=", ".join(PAIRED)))
                raise typer.Exit(EXIT_BAD_INPUT)
    stats_options.check_plot(plot)
    from bragrules.explainers.diff import compare_refs, render_table, render_text

    comparison = compare_refs(profiles)
    measured: Optional[List[Dict[str, Any]]] = None
    if impact is not None:
        client = stats_options.open_cluster(cluster, 1)
        try:
            measured = _impact(comparison, impact, players, seed, client, precision, wanted, max_hands)
        finally:
            if client is not None:
                from bragrules.analysis.cluster import close

                close(client)
        if plot is not None:
            from bragrules.analysis.plot import impact_figure

            stats_options.save_plot(impact_figure(measured), plot)
    if as_json:
        differences = comparison.as_json()
        if measured is None:
            write(json.dumps(differences, indent=2, ensure_ascii=False) + "\n")
        else:
            document = {"differences": differences, "impact": measured}
            write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    elif len(comparison.sides) == 2:
        write(render_text(comparison))
        if measured is not None:
            _print_impact(comparison, measured)
    else:
        out = console()
        for renderable in render_table(comparison):
            out.print(aligned(renderable))  # each area's table lined up on the screen, Hindi included
        if measured is not None:
            _print_impact(comparison, measured)
    if not comparison.same:
        raise typer.Exit(EXIT_DIFFERENT)


def _impact(comparison: Any, hands: int, players: int, seed: int, client: Any = None,
            precision: Optional[float] = None, wanted: Optional[List[str]] = None,
            max_hands: int = 1_000_000) -> List[Dict[str, Any]]:
    from bragrules.analysis.impact import ImpactUnavailable, measure_impact

    from .progress import ticker

    bar = ticker("simulating", "deals")  # on a terminal only, --json included
    try:
        runner = None
        if client is not None:
            from bragrules.analysis.cluster import dask_runner

            runner = dask_runner(client)
        return measure_impact(comparison, hands=hands, players=players, seed=seed,
                              progress=None if bar is None else bar.update, runner=runner,
                              precision=precision, precision_for=wanted, max_hands=max(max_hands, hands))
    except ImpactUnavailable as exc:
        error(f"error: --impact: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    finally:
        if bar is not None:
            bar.close()


def _print_impact(comparison: Any, measured: List[Dict[str, Any]]) -> None:
    from bragrules.analysis.impact import IMPACT_NOTE, impact_sentences, render_impact
    from bragrules.play.simulate import BLOCK_DEALS

    out = console()
    out.print()
    out.print(render_impact(comparison, measured))
    for line in impact_sentences(measured):
        out.print(line)
    out.print("notes: " + IMPACT_NOTE.format(block=BLOCK_DEALS))
