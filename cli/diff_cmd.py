"""``bragrules diff``: the rules two or more profiles play differently."""

from __future__ import annotations

import json
from typing import Annotated, Any, Dict, List, Optional

import typer

from .common import EXIT_BAD_INPUT, console, error, write

EXIT_DIFFERENT = 1


def register(app: typer.Typer) -> None:
    app.command("diff")(diff)


def diff(
    profiles: Annotated[
        List[str],
        typer.Argument(
            metavar="PROFILE...",
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
) -> None:
    """Compare profiles rule by rule, after `extends` and defaults are applied.

    The differences are grouped by rule area, with each profile's value and a
    sentence saying what it means; with three or more profiles, a table with
    a column per profile. Name, description, source and extends are shown but
    never count as differences.

    Exit status: 0 the rules are the same, 1 they differ, 2 bad input.
    """
    if len(profiles) < 2:
        error("error: diff needs at least two profiles to compare")
        raise typer.Exit(EXIT_BAD_INPUT)
    from bragrules.explainers.diff import compare_refs, render_table, render_text

    comparison = compare_refs(profiles)
    measured: Optional[List[Dict[str, Any]]] = None
    if impact is not None:
        measured = _impact(comparison, impact, players, seed)
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
            out.print(renderable)
        if measured is not None:
            _print_impact(comparison, measured)
    if not comparison.same:
        raise typer.Exit(EXIT_DIFFERENT)


def _impact(comparison: Any, hands: int, players: int, seed: int) -> List[Dict[str, Any]]:
    from bragrules.analysis.impact import ImpactUnavailable, measure_impact

    from .progress import ticker

    bar = ticker("simulating", "deals")  # on a terminal only, --json included
    try:
        return measure_impact(comparison, hands=hands, players=players, seed=seed,
                              progress=None if bar is None else bar.update)
    except ImpactUnavailable as exc:
        error(f"error: --impact: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    finally:
        if bar is not None:
            bar.close()


def _print_impact(comparison: Any, measured: List[Dict[str, Any]]) -> None:
    from bragrules.analysis.impact import render_impact

    out = console()
    out.print()
    out.print(render_impact(comparison, measured))
