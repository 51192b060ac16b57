"""``bragrules solve``: a near-equilibrium strategy for one heads-up deal, and what each seat is worth."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Optional, Tuple

import typer

from .common import EXIT_BAD_INPUT, complete_profile, describe_error, error, message, write
from .progress import ProgressLine, progress_wanted

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver import Progress, Result


def register(app: typer.Typer) -> None:
    app.command("solve")(solve_command)


def solve_command(
    profile: Annotated[
        List[str],
        typer.Option("--profile", "-p", metavar="PROFILE", autocompletion=complete_profile,
                     help="The profile to solve (name or path); give it more than once to compare their values."),
    ] = ["standard"],  # noqa: B006 - typer reads the default
    iterations: Annotated[int, typer.Option("--iterations", "-n", metavar="N", min=1, max=100_000,
                                            help="Iterations of discounted CFR (at most).")] = 200,
    max_raises: Annotated[int, typer.Option("--max-raises", metavar="N", min=0, max=20,
                                            help="Bets that lift the level, at most, in the tree.")] = 3,
    levels: Annotated[int, typer.Option("--levels", metavar="N", min=1, max=10,
                                        help="Bet amounts offered at each bet: the least and the next steps.")] = 2,
    max_bets: Annotated[Optional[int], typer.Option(
        "--max-bets", metavar="N", min=1, max=40, show_default=False,
        help="Bets in all after which a blind player, or one who could see, may no longer bet "
             "[default: max-raises + 1].")] = None,
    carry: Annotated[str, typer.Option("--carry", metavar="NAME",
                                       help="What a pot carried out of the deal is worth: split evenly, or zero.")
                     ] = "split",
    target: Annotated[Optional[float], typer.Option(
        "--target", metavar="X", min=0.0, show_default=False,
        help="Stop once the exploitability is at most this (stakes per deal).")] = None,
    every: Annotated[int, typer.Option("--every", metavar="N", min=1, help="Measure the exploitability every this many iterations.")
                     ] = 10,
    output: Annotated[Optional[Path], typer.Option(
        "--output", "-o", metavar="FILE", show_default=False,
        help="Write the strategy here (.npz) [default: the cache, where the solved bot finds it].")] = None,
    memory: Annotated[float, typer.Option(
        "--memory", metavar="X", min=0.01, max=1024.0,
        help="The memory the solve may take, in GiB: a tree that would need more (or more than 100,000 "
             "decisions) is refused before it is built, saying how big it would be.")] = 4.0,
    plot: Annotated[Optional[Path], typer.Option(
        "--plot", metavar="FILE", show_default=False,
        help="Draw the exploitability over the iterations (.png or .svg). Needs the plot extra.")] = None,
    value: Annotated[bool, typer.Option("--value", help="Print each seat's equilibrium value per deal.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per profile on stdout.")] = False,
) -> None:
    """Solve one heads-up deal: discounted CFR over the public tree, exact card removal.

    Reports the exploitability (what a best response gains, stakes per deal) as it runs,
    writes the strategy the ``solved`` bot plays, and with --value each seat's value per
    deal under good play: seat 1 acts first, seat 2 deals.
    """
    import math

    from . import stats_options

    if not math.isfinite(memory):
        error(f"error: --memory: the GiB the solve may take, from 0.01 to 1024, not {memory}")
        raise typer.Exit(EXIT_BAD_INPUT)
    if carry not in ("split", "zero"):
        error(f"error: --carry {carry!r}: split or zero")
        raise typer.Exit(EXIT_BAD_INPUT)
    if output is not None and len(profile) > 1:
        error("error: --output names one file: give one --profile (the others go to the cache)")
        raise typer.Exit(EXIT_BAD_INPUT)
    stats_options.check_plot(plot)
    try:
        from bragrules.solver.numeric import np  # noqa: F401 - the one-line message when numpy is missing
    except ImportError:
        error("error: the solver needs numpy: pip install 'bragrules[solver]'")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    rows = []
    for name in profile:
        rows.append(_solve_one(name, iterations, (max_raises, levels, max_bets), 0.5 if carry == "split" else 0.0,
                               target, every, output, plot if len(profile) == 1 else None, value, as_json,
                               int(memory * 2**30)))
    if value and len(rows) > 1 and not as_json:
        first = rows[0]
        for row in rows[1:]:
            change = row["values"][0] - first["values"][0]
            write(f"{row['profile']} against {first['profile']}: the first to act gains {change:+.4f} "
                  f"per deal under good play (each within its exploitability)\n")


def _solve_one(name: str, iterations: int, tree_options: "Tuple[int, int, Optional[int]]", carry_share: float,
               target: Optional[float], every: int, output: Optional[Path], plot: Optional[Path], value: bool,
               as_json: bool, memory: int) -> Dict[str, Any]:
    import json
    import sys

    from bragrules.profile import ProfileError, load_profile
    from bragrules.profile.loader import profile_hash
    from bragrules.rules.compile import compile_rules
    from bragrules.solver import Budget, TreeTooLarge, Unsupported, solve

    max_raises, levels, max_bets = tree_options
    from bragrules.solver.bot import strategy_path
    from bragrules.solver.strategy import game_hash

    try:
        loaded = load_profile(name)
        rules = compile_rules(loaded)
    except ProfileError as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    line: Optional[ProgressLine] = None
    if progress_wanted(sys.stderr):
        line = ProgressLine(sys.stderr, f"solving {loaded.name}", "iterations", total=iterations)

    def report(point: "Progress") -> None:
        text = (f"{loaded.name}: iteration {point.iteration}: exploitability {point.exploitability:.5f} "
                f"per deal ({100 * point.exploitability / ante:.2f}% of the ante), {point.seconds:.1f}s")
        if line is not None:
            line.relabel(f"solving {loaded.name}: exploitability {point.exploitability:.4f}")
            line.update(point.iteration)
        elif not as_json:
            message(text)

    ante = float(loaded.stakes.ante) or 1.0
    try:
        result: "Result" = solve(rules, iterations=iterations, max_raises=max_raises, levels=levels,
                                 max_bets=max_bets, carry_share=carry_share, target=target, every=every,
                                 progress=report, budget=Budget(memory=memory))
    except (Unsupported, TreeTooLarge) as exc:
        error(f"error: {loaded.name}: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    finally:
        if line is not None:
            line.close()
    path = output if output is not None else Path(strategy_path(game_hash(loaded)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        result.strategy.save(str(path))
    except OSError as exc:
        error(f"error: --output {path}: cannot write it ({exc.strerror or exc})")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if plot is not None:
        from bragrules.solver.plot import exploitability_figure

        from .stats_options import save_plot

        save_plot(exploitability_figure(result.history, ante, loaded.name), plot)
    tree = result.tree
    row: Dict[str, Any] = {
        "profile": loaded.name, "profile_hash": profile_hash(loaded), "iterations": result.iterations,
        "seconds": round(result.seconds, 3), "exploitability": result.exploitability,
        "exploitability_of_ante": result.exploitability / ante, "values": list(result.values),
        "decisions": len(tree.decisions), "max_raises": tree.max_raises, "levels": tree.levels,
        "max_bets": tree.max_bets, "carry": "split" if carry_share else "zero", "strategy": str(path),
        "notes": tree.notes,
        "history": [{"iteration": p.iteration, "seconds": round(p.seconds, 3), "exploitability": p.exploitability}
                    for p in result.history],
    }
    if as_json:
        write(json.dumps(row, ensure_ascii=False) + "\n")
        return row
    write(f"{loaded.name}: {result.iterations} iterations in {result.seconds:.1f}s over {len(tree.decisions):,} "
          f"decisions (raises at most {tree.max_raises}, {tree.levels} bet amounts, {tree.max_bets} bets in all, "
          f"a carried pot {row['carry']}); exploitability {result.exploitability:.5f} per deal "
          f"({100 * result.exploitability / ante:.2f}% of the ante)\n")
    if value:
        first, dealer = result.values
        write(f"  seat 1 (first to act): {first:+.4f} per deal\n  seat 2 (dealer):       {dealer:+.4f} per deal\n")
    for note in tree.notes:
        write(f"  note: {note}\n")
    write(f"  strategy: {path}\n")
    return row


__all__ = ["register", "solve_command"]
