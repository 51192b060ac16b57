"""``bragrules solve``: a near-equilibrium strategy for one heads-up deal, and what each seat is worth."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Optional, Tuple

import typer

from bragrules.core.i18n import ENGLISH, N_, ntr, speaking, tr

from .common import EXIT_BAD_INPUT, complete_profile, error, message, profile_or_exit, write
from .progress import ProgressLine, progress_wanted
from .solve_multiway import ITERATIONS, save_strategy

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver import Progress, Result


ITERATION_CAP = 1000
"""The most iterations ``solve`` runs by default: a guard, since it stops at its target first (heads-up
``standard`` reaches 1% of the ante in about 80)."""


def register(app: typer.Typer) -> None:
    app.command("solve")(solve_command)


def solve_command(
    profile: Annotated[
        List[str],
        typer.Option("--profile", "-p", metavar="PROFILE", autocompletion=complete_profile,
                     help="The profile to solve (name or path); give it more than once to compare their values."),
    ] = ["standard"],  # noqa: B006 - typer reads the default
    iterations: Annotated[Optional[int], typer.Option(
        "--iterations", "-n", metavar="N", min=1, max=100_000, show_default=False,
        help="Iterations of discounted CFR at most: a guard, the solve stops at --target first "
             f"[default: {ITERATION_CAP:,}; 3 or 4 seats: the deals sampled, {ITERATIONS:,}].")] = None,
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
        help="Stop once the exploitability is at most this, in stakes per deal [default: 1% of the ante]; "
             "0 runs every --iterations.")] = None,
    every: Annotated[Optional[int], typer.Option(
        "--every", metavar="N", min=1, show_default=False,
        help="Measure the exploitability every this many iterations [default: 10].")] = None,
    output: Annotated[Optional[Path], typer.Option(
        "--output", "-o", metavar="FILE", show_default=False,
        help="Write the strategy here (.npz) [default: the cache, where the solved bot finds it].")] = None,
    memory: Annotated[Optional[float], typer.Option(
        "--memory", metavar="X", min=0.01, max=1024.0, show_default=False,
        help="The memory the solve may take, in GiB: a tree that would need more (or more than 100,000 "
             "decisions) is refused before it is built, saying how big it would be [default: 4].")] = None,
    plot: Annotated[Optional[Path], typer.Option(
        "--plot", metavar="FILE", show_default=False,
        help="Draw the exploitability over the iterations (.png or .svg). Needs the plot extra.")] = None,
    value: Annotated[bool, typer.Option("--value", help="Print each seat's equilibrium value per deal.")] = False,
    seats: Annotated[int, typer.Option(
        "--seats", metavar="N", min=2, max=4,
        help="Seats at the table: 2 solves heads-up exactly; 3 or 4 by Monte Carlo CFR (external sampling) "
             "with hands known by equity buckets.")] = 2,
    buckets: Annotated[int, typer.Option("--buckets", metavar="N", min=1, max=1000,
                                         help="Equity buckets a seen hand is known by (3 or 4 seats).")] = 8,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, max=2**63 - 1,
                                      help="The seed of a 3- or 4-seat solve's sampling (the same seed, the "
                                           "same strategy).")] = 0,
    shards: Annotated[int, typer.Option(
        "--shards", metavar="N", min=1, max=1024,
        help="3 or 4 seats: split the iterations into N shards run from one snapshot a round; the same N and "
             "seed give the same strategy here or on a cluster.")] = 1,
    cluster: Annotated[Optional[str], typer.Option(
        "--cluster", metavar="ADDRESS", show_default=False,
        help="3 or 4 seats: run the shards on the Dask cluster whose scheduler is at ADDRESS (with --shards). "
             "Needs the cluster extra.")] = None,
    war_cap: Annotated[Optional[str], typer.Option(
        "--war-cap", metavar="NAME", show_default=False,
        help="3 or 4 seats: how the tree ends a betting war of three or more at its cap (twice --max-bets bets): "
             "fold (each folds in turn until two are left to see) or showdown (every hand still in is shown) "
             "[default: showdown].")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per profile on stdout.")] = False,
) -> None:
    """Solve one heads-up deal: discounted CFR over the public tree, exact card removal.

    Reports the exploitability (the mean of the two seats' gains from deviating, stakes per
    deal) as it runs and stops once it is at most the target (1% of the ante), writes the
    strategy the ``solved`` bot plays, and with --value each seat's value per deal under good
    play with the interval the best responses put on it: seat 1 acts first, seat 2 deals.
    """
    import math

    from . import stats_options

    if seats > 2:
        given = [name for name, value in (("--target", target), ("--every", every), ("--memory", memory),
                                          ("--plot", plot)) if value is not None]
        if given:
            error("error: " + tr("{options}: heads-up only; a solve of {seats} seats samples a set number of deals "
                                 "(--iterations) and measures each seat's gain afterwards (--value)",
                                 options=", ".join(given), seats=seats))
            raise typer.Exit(EXIT_BAD_INPUT)
    memory = 4.0 if memory is None else memory
    if not math.isfinite(memory):
        error("error: " + tr("--memory: the GiB the solve may take, from 0.01 to 1024, not {memory}", memory=memory))
        raise typer.Exit(EXIT_BAD_INPUT)
    if war_cap is not None and (seats < 3 or war_cap not in ("fold", "showdown")):
        error("error: " + tr("--war-cap {name}: fold or showdown, at a table of 3 or 4 (--seats)", name=repr(war_cap)))
        raise typer.Exit(EXIT_BAD_INPUT)
    if carry not in ("split", "zero"):
        error("error: " + tr("--carry {carry}: split or zero", carry=repr(carry)))
        raise typer.Exit(EXIT_BAD_INPUT)
    if output is not None and len(profile) > 1:
        error("error: " + tr("--output names one file: give one --profile (the others go to the cache)"))
        raise typer.Exit(EXIT_BAD_INPUT)
    stats_options.check_plot(plot)
    try:
        from bragrules.solver.numeric import np  # noqa: F401 - the one-line message when numpy is missing
    except ImportError:
        error("error: " + tr("the solver needs numpy: {command}", command="pip install 'bragrules[solver]'"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if seats > 2:
        _multiway(profile, seats, ITERATIONS if iterations is None else iterations, (max_raises, levels, max_bets), 0.5 if carry == "split" else 0.0,
                  (buckets, seed, shards, cluster), output, value, as_json, war_cap or "showdown")
        return
    if shards != 1 or cluster is not None:
        error("error: " + tr("--shards and --cluster split a solve of 3 or 4 seats (--seats); heads-up solves exactly "
                             "here"))
        raise typer.Exit(EXIT_BAD_INPUT)
    rows = []
    for name in profile:
        rows.append(_solve_one(name, ITERATION_CAP if iterations is None else iterations,
                               (max_raises, levels, max_bets), 0.5 if carry == "split" else 0.0,
                               target, 10 if every is None else every, output, plot if len(profile) == 1 else None, value, as_json,
                               int(memory * 2**30)))
    if value and len(rows) > 1 and not as_json:
        for row in rows[1:]:
            write(_compared(rows[0], row) + "\n")


def _multiway(profile: List[str], seats: int, iterations: int, tree_options: "Tuple[int, int, Optional[int]]",
              carry_share: float, sampling: "Tuple[int, int, int, Optional[str]]", output: Optional[Path], value: bool,
              as_json: bool, war_cap: str = "showdown") -> None:
    """A 3- or 4-seat solve of each profile (:mod:`cli.solve_multiway`); with --value and more than one,
    what each changes for the first to act. Unless told, 20,000 iterations (the heads-up cap is no guide).
    ``sampling``: the buckets, the seed, the shards and the cluster's address (or None); ``war_cap``: how the
    tree ends a war of three or more at its cap."""
    from . import stats_options
    from .solve_multiway import compared, solve_multiway_one

    buckets, seed, shards, cluster = sampling
    if cluster is not None and shards < 2:
        error("error: " + tr("--cluster runs the solve's shards: give --shards N (2 or more; the same N gives the "
                             "same strategy here and there)"))
        raise typer.Exit(EXIT_BAD_INPUT)
    count = iterations
    client = stats_options.open_cluster(cluster, 1)
    try:
        rows = [solve_multiway_one(name, seats, count, tree_options, carry_share, (buckets, seed, shards, client),
                                   output, value, as_json, war_cap) for name in profile]
    finally:
        if client is not None:
            from bragrules.analysis.cluster import close

            close(client)
    if value and len(rows) > 1 and not as_json:
        for row in rows[1:]:
            write(compared(rows[0], row) + "\n")


def _compared(first: Dict[str, Any], row: Dict[str, Any]) -> str:
    """What the second profile changes for the first to act, with the interval of the change when both
    games have one (each value within its own [low, high])."""
    change = row["values"][0] - first["values"][0]
    a, b = first["seats"][0], row["seats"][0]
    names = {"profile": row["profile"], "other": first["profile"], "change": f"{change:+.4f}"}
    if "low" in a and "low" in b:
        low, high = b["low"] - a["high"], b["high"] - a["low"]
        settled = tr("resolved") if low > 0 or high < 0 else tr("not resolved: solve to a lower --target")
        return tr("{profile} against {other}: the first to act gains {change} per deal under good play (the games' "
                  "values differ by between {low} and {high}: {settled})", low=f"{low:+.4f}", high=f"{high:+.4f}",
                  settled=settled, **names)
    return tr("{profile} against {other}: the first to act gains {change} per deal under good play (a general-sum "
              "game: no interval)", **names)


def _solve_one(name: str, iterations: int, tree_options: "Tuple[int, int, Optional[int]]", carry_share: float,
               target: Optional[float], every: int, output: Optional[Path], plot: Optional[Path], value: bool,
               as_json: bool, memory: int) -> Dict[str, Any]:
    import json

    from bragrules.rules.compile import compile_rules
    from bragrules.solver import Budget, TreeTooLarge, Unsupported, solve

    max_raises, levels, max_bets = tree_options
    from bragrules.solver.bot import strategy_path
    from bragrules.solver.strategy import game_hash

    loaded = profile_or_exit(name)
    rules = compile_rules(loaded)
    ante = float(loaded.stakes.ante) or 1.0
    goal = TARGET_OF_ANTE * ante if target is None else target
    watch = _Watch(loaded.name, ante, iterations, goal, quiet=as_json)
    try:
        result: "Result" = solve(rules, iterations=iterations, max_raises=max_raises, levels=levels,
                                 max_bets=max_bets, carry_share=carry_share, target=goal or None, every=every,
                                 progress=watch.measured, iterated=watch.iterated, budget=Budget(memory=memory))
    except (Unsupported, TreeTooLarge) as exc:
        error(f"error: {loaded.name}: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    finally:
        watch.close()
    path = output if output is not None else Path(strategy_path(game_hash(loaded)))
    save_strategy(result.strategy, path)
    if plot is not None:
        from bragrules.solver.plot import exploitability_figure

        from .stats_options import save_plot

        save_plot(exploitability_figure(result.history, ante, loaded.name), plot)
    row = _row(loaded, result, ante, goal, str(path))
    if as_json:
        write(json.dumps(row, ensure_ascii=False) + "\n")
    else:
        _write_text(row, result, value)
    return row


TARGET_OF_ANTE = 0.01
"""The default target: an exploitability of 1% of the ante, stakes per deal."""


class _Watch:
    """The solve's progress: a line on a terminal (iterations, elapsed time, time left, redrawn each
    iteration), else a line of text on stderr at each measurement (none with --json)."""

    def __init__(self, name: str, ante: float, cap: int, target: float, quiet: bool) -> None:
        import sys

        self.name, self.ante, self.cap, self.target, self.quiet = name, ante, cap, target, quiet
        self.measures: List[Tuple[int, float]] = []
        self.line: Optional[ProgressLine] = None
        if progress_wanted(sys.stderr):
            self.line = ProgressLine(sys.stderr, tr("solving {profile}", profile=name), tr("iterations"), total=cap)

    def _times(self, done: int, seconds: float) -> str:
        from bragrules.solver.estimate import clock, time_left

        left = time_left(done, seconds, self.cap, self.measures, self.target or None)
        return tr("{clock} elapsed, {left}", clock=clock(seconds), left=left.words())

    def iterated(self, done: int, seconds: float) -> None:
        if self.line is not None:
            self.line.update(done, times=self._times(done, seconds))

    def measured(self, point: "Progress") -> None:
        self.measures.append((point.iteration, point.exploitability))
        share = tr("{percent}% of the ante", percent=f"{100 * point.exploitability / self.ante:.2f}")
        if self.line is not None:
            self.line.relabel(tr("solving {profile}: exploitability {exploitability} ({share})", profile=self.name,
                                 exploitability=f"{point.exploitability:.4f}", share=share))
            self.line.update(point.iteration, times=self._times(point.iteration, point.seconds))
        elif not self.quiet:
            message(tr("{profile}: iteration {iteration} of at most {cap}: exploitability {exploitability} per deal "
                       "({share}), {times}", profile=self.name, iteration=point.iteration, cap=self.cap,
                       exploitability=f"{point.exploitability:.5f}", share=share,
                       times=self._times(point.iteration, point.seconds)))

    def close(self) -> None:
        if self.line is not None:
            self.line.close()


def _row(loaded: Any, result: "Result", ante: float, target: float, path: str) -> Dict[str, Any]:
    """What ``--json`` prints for one profile."""
    from bragrules.profile.loader import profile_hash

    tree = result.tree
    valued = result.valuation
    with speaking(ENGLISH):  # the JSON's notes in English whatever the language spoken
        notes = tree.share_notes()
    return {
        "profile": loaded.name, "profile_hash": profile_hash(loaded), "iterations": result.iterations,
        "seconds": round(result.seconds, 3), "cpu_seconds": round(result.cpu_seconds, 3),
        "sums": _sums_by(), "ante": ante, "target": target, "reached": result.exploitability <= target,
        "exploitability": result.exploitability, "exploitability_of_ante": result.exploitability / ante,
        "values": list(result.values), "best_response": list(result.best_response), **valued.to_json(),
        "decisions": len(tree.decisions), "max_raises": tree.max_raises, "levels": tree.levels,
        "max_bets": tree.max_bets, "carry": N_("split") if tree.carry_share else N_("zero"),
        "fixed_shares": tree.fixed_shares(), "strategy": path, "notes": notes + tree.notes,
        "history": [{"iteration": p.iteration, "seconds": round(p.seconds, 3), "exploitability": p.exploitability}
                    for p in result.history],
    }


def _sums_by() -> str:
    """Which code ran the sums over a range: the compiled kernel or numpy (the same numbers, bit for bit)."""
    from bragrules.solver.hands import compiled_available

    return N_("compiled kernel") if compiled_available() else "numpy"


def _write_text(row: Dict[str, Any], result: "Result", value: bool) -> None:
    """The text of one profile's solve: what was solved, how far, each seat's value (``--value``), notes."""
    tree = result.tree
    target, ante = row["target"], row["ante"]
    if not target:
        stop = tr("no target: every iteration run")
    elif row["reached"]:
        stop = tr("at most the target, {target} ({percent}% of the ante)", target=f"{target:.5g}",
                  percent=f"{100 * target / ante:.3g}")
    else:
        stop = tr("the cap of {iterations} iterations came first: above the target {target}",
                  iterations=result.iterations, target=f"{target:.5g}")
    write(tr("{profile}: {iterations} iterations in {seconds}s ({cpu} CPU s, sums by {sums}) over {decisions} "
             "decisions (raises at most {raises}, {amounts}, {bets} bets in all, a carried pot {carry}); "
             "exploitability {exploitability} per deal ({percent}% of the ante): {stop}",
             profile=row["profile"], iterations=result.iterations, seconds=f"{result.seconds:.1f}",
             cpu=f"{result.cpu_seconds:.1f}", sums=tr(row["sums"]), decisions=f"{len(tree.decisions):,}",
             raises=tree.max_raises, amounts=ntr("{n} bet amount", "{n} bet amounts", tree.levels),
             bets=tree.max_bets, carry=tr(row["carry"]),
             exploitability=f"{result.exploitability:.5f}", percent=f"{100 * row['exploitability_of_ante']:.2f}",
             stop=stop) + "\n")
    if value:
        for line in result.valuation.lines():
            write(f"  {line}\n")
    for note in tree.share_notes() + [tr(note) for note in tree.notes]:
        write("  " + tr("note: {note}", note=note) + "\n")
    write("  " + tr("strategy: {path}", path=row["strategy"]) + "\n")


__all__ = ["ITERATION_CAP", "TARGET_OF_ANTE", "register", "solve_command"]
