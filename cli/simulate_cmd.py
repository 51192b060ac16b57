"""``bragrules simulate``: bots play many deals under a profile; what the house learns."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Optional

import typer

from bragrules.core.i18n import ntr, tr

from . import stats_options, strategy_option
from .common import EXIT_BAD_INPUT, complete_profile, console, describe_error, error, message, write
from .progress import progress_wanted

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.play.simulate import SimulationReport


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)


def simulate_command(
    profile: Annotated[
        str,
        typer.Option("--profile", "-p", metavar="PROFILE", autocompletion=complete_profile, help="The profile to play (built-in name or path)."),
    ] = "standard",
    players: Annotated[int, typer.Option("--players", "-n", metavar="N", help="Players at the table.")] = 4,
    hands: Annotated[int, typer.Option("--hands", metavar="N", help="Deals to play in all.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, max=2**63 - 1, help="The seed: the same seed gives the same report.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", metavar="N", help="Processes to share the work (the report does not change).")
    ] = 1,
    styles: Annotated[
        Optional[str],
        typer.Option(
            "--styles",
            metavar="STYLE,...",
            help="Bot styles, seated in turn: cautious, loose, blind_bluffer, see_happy, random, solved "
            "(default: the first four).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
    log_dir: Annotated[
        Optional[Path],
        typer.Option("--log-dir", metavar="DIR",
                     help="Write every session's JSON Lines log into this folder (made if missing)."),
    ] = None,
    precision: Annotated[
        Optional[float],
        typer.Option("--precision", metavar="X",
                     help="Play on, in blocks of 250 deals after the first --hands, until every 95% interval "
                     "(or those named in --precision-for) is at most ± X in its own unit (a share as a "
                     "fraction: 0.01 is one point; money in units), up to the cap of --max-hands.",
                     show_default=False),
    ] = None,
    precision_for: Annotated[
        Optional[str],
        typer.Option("--precision-for", metavar="NAME,...",
                     help="Which measures to wait for (with --precision), as named under intervals in --json "
                     "(e.g. showdown,net_per_deal:cautious).", show_default=False),
    ] = None,
    max_hands: Annotated[
        int,
        typer.Option("--max-hands", metavar="N", min=1, help="The most deals --precision plays."),
    ] = 1_000_000,
    plot: Annotated[
        Optional[Path],
        typer.Option("--plot", metavar="FILE",
                     help="Draw the report (.png or .svg): net per deal by style with intervals, pot sizes, "
                     "how deals end. Needs the plot extra.", show_default=False),
    ] = None,
    cluster: Annotated[
        Optional[str],
        typer.Option("--cluster", metavar="ADDRESS",
                     help="Play the blocks on the Dask cluster whose scheduler is at ADDRESS "
                     "(e.g. tcp://10.0.0.5:8786); the report does not change. Needs the cluster extra.",
                     show_default=False),
    ] = None,
    strategy: Annotated[
        Optional[Path], typer.Option("--strategy", metavar="FILE", help=strategy_option.HELP, show_default=False),
    ] = None,
) -> None:
    """Bots play HANDS deals under a profile: showdowns, fold-outs, carried pots, pots, styles, blind play.

    Sessions follow the profile's own end rule; a new one starts whenever one
    ends. Money is exact and checked to be conserved in every session.
    Every rate and mean comes with its 95% interval (Wilson for shares,
    batch means over the independent blocks of 250 deals for means).
    Exit status 2 for a bad profile, player count or style.
    """
    from bragrules.core.errors import BragError
    from bragrules.play.simulate import simulate
    from bragrules.profile import ProfileError

    style_list: Optional[List[str]] = None
    if styles is not None:
        style_list = [s.strip() for s in styles.split(",") if s.strip()]
        if not style_list:
            error("error: " + tr("--styles names no style"))
            raise typer.Exit(EXIT_BAD_INPUT)
    logs: Optional[str] = None
    if log_dir is not None:
        try:
            log_dir.mkdir(parents=True, exist_ok=True)
            probe = log_dir / ".bragrules-write-test"
            probe.write_text("", encoding="utf-8")
            probe.unlink()
        except OSError as exc:
            error("error: " + tr("{folder}: cannot write session logs there ({reason})", folder=log_dir,
                                 reason=exc.strerror or exc))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        logs = str(log_dir)
    wanted = stats_options.names("--precision-for", precision_for)
    stats_options.check_precision(precision)
    if wanted is not None and precision is None:
        error("error: " + tr("--precision-for needs --precision"))
        raise typer.Exit(EXIT_BAD_INPUT)
    if wanted is not None:
        from bragrules.analysis.measures import RATIOS
        from bragrules.play.simulate import SimulationError, seat_styles

        try:
            seated = seat_styles(players, style_list)
        except SimulationError as exc:
            error(describe_error(exc))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        known = [name for name, *_ in RATIOS]
        for style in dict.fromkeys(seated.values()):
            known += [f"win_rate:{style}", f"net_per_deal:{style}"]
        for name in wanted:
            if name not in known:
                error("error: " + tr("--precision-for: no measure called {name} (choose from {names})", name=repr(name),
                                     names=", ".join(known)))
                raise typer.Exit(EXIT_BAD_INPUT)
    stats_options.check_plot(plot)
    strategy_option.use_strategy(strategy, profile)
    client = stats_options.open_cluster(cluster, workers)
    options: Dict[str, Any] = {"seed": seed, "styles": style_list, "workers": workers, "log_dir": logs}
    if client is not None:
        from bragrules.analysis.cluster import dask_runner

        options["runner"] = dask_runner(client, str(cluster))
    if precision is not None:
        from bragrules.analysis.measures import precision_rule

        options["until"] = precision_rule(precision, wanted)
        options["max_hands"] = max_hands
    show_progress = (hands > 250 or precision is not None) and progress_wanted(sys.stderr)  # --json too
    started = time.perf_counter()
    try:
        if show_progress:
            report = _with_progress(profile, players, hands, options)
        else:
            report = simulate(profile, players, hands, **options)
    except (ProfileError, BragError) as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    finally:
        if client is not None:
            from bragrules.analysis.cluster import close

            close(client)
    elapsed = time.perf_counter() - started
    if plot is not None:
        from bragrules.analysis.plot import simulation_figure

        stats_options.save_plot(simulation_figure(report), plot)
    if as_json:
        import json

        data = report.to_json()
        data["intervals"] = _intervals_json(report, precision, wanted, max_hands)
        write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return
    render(report)
    _render_intervals(report, precision, wanted, max_hands)
    if elapsed > 0:
        where = (tr("the cluster at {address}", address=cluster) if cluster
                 else ntr("{n} worker", "{n} workers", workers))
        message(tr("{deals} deals in {seconds} s ({rate} a second, {where})", deals=f"{report.deals:,}",
                   seconds=f"{elapsed:.2f}", rate=f"{report.deals / elapsed:,.0f}", where=where))


def _precision_json(report: "SimulationReport", precision: Optional[float], wanted: Optional[List[str]],
                    max_hands: int) -> Optional[Dict[str, Any]]:
    if precision is None:
        return None
    from bragrules.analysis.measures import intervals

    found = intervals(report)
    names = wanted if wanted is not None else list(found)
    wide = [name for name in names if name in found and found[name].half_width > precision]
    return {"target": precision, "measures": wanted or "all", "reached": not wide, "still_wider": wide,
            "max_hands": max_hands}


def _intervals_json(report: "SimulationReport", precision: Optional[float], wanted: Optional[List[str]],
                    max_hands: int) -> Dict[str, Any]:
    from bragrules.analysis.measures import intervals_json

    data = intervals_json(report)
    reached = _precision_json(report, precision, wanted, max_hands)
    if reached is not None:
        data["precision"] = reached
    return data


def _render_intervals(report: "SimulationReport", precision: Optional[float], wanted: Optional[List[str]],
                      max_hands: int) -> None:
    """The intervals of every measure, and the note saying how they were found."""
    from rich import box
    from rich.table import Table

    from bragrules.analysis.measures import METHOD_NOTE, intervals, ratio
    from bragrules.play.simulate import BLOCK_DEALS

    found = intervals(report)
    out = console()
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=tr("95% intervals"), title_justify="left")
    table.add_column(tr("measure"))
    table.add_column(tr("name"))
    table.add_column(tr("estimate"), justify="right")
    table.add_column("±", justify="right")
    table.add_column(tr("interval"), justify="right")
    for name, label, kind, _, _ in ratio(report):
        interval = found.get(name)
        if interval is None:
            continue
        scale, unit = (100.0, "%") if kind == "share" else (1.0, "")
        if interval.half_width == float("inf"):
            table.add_row(_label(name, label), name, f"{interval.estimate * scale:.2f}{unit}", "-",
                          tr("needs two blocks"))
            continue
        table.add_row(_label(name, label), name, f"{interval.estimate * scale:.2f}{unit}",
                      f"{interval.half_width * scale:.2f}",
                      tr("{low} to {high}", low=f"{interval.low * scale:.2f}", high=f"{interval.high * scale:.2f}"))
    out.print(table)
    out.print(tr("notes: {method} The first player's dealt pair is one hand a deal: 3,744 in 22,100 (16.94%) when "
                 "the pack is shuffled before every deal.", method=tr(METHOD_NOTE, block=BLOCK_DEALS)))
    reached = _precision_json(report, precision, wanted, max_hands)
    if reached is not None:
        if reached["reached"]:
            out.print(tr("precision: every interval asked for is within ± {precision} after {deals} deals",
                         precision=f"{precision:g}", deals=f"{report.deals:,}"))
        else:
            out.print(tr("precision: ± {precision} not reached for {names} after {deals} deals (--max-hands {most})",
                         precision=f"{precision:g}", names=", ".join(reached["still_wider"]),
                         deals=f"{report.deals:,}", most=f"{max_hands:,}"))


def _label(name: str, label: str) -> str:
    """A measure's label in the language spoken (a style's own measures say the style's name).

    >>> _label("win_rate:loose", "loose: deals won"), _label("split", "pots split")
    ('loose: deals won', 'pots split')
    """
    kind, _, style = name.partition(":")
    if kind == "win_rate" and style:
        return tr("{style}: deals won", style=style)
    if kind == "net_per_deal" and style:
        return tr("{style}: net per deal", style=style)
    return tr(label)


def _with_progress(profile: str, players: int, hands: int, options: Dict[str, Any]) -> "SimulationReport":
    from bragrules.play.simulate import simulate

    from .progress import ProgressLine

    bar = ProgressLine(sys.stderr, tr("simulating"), tr("deals"), total=hands)  # the caller found stderr a terminal
    bar.update(0)
    try:
        return simulate(profile, players, hands, progress=bar.update, **options)
    finally:
        bar.close()


def _pct(count: int, total: int) -> str:
    return f"{100 * count / total:.1f}%" if total else "-"


def _money(amount: Any, signed: bool = False) -> str:
    from fractions import Fraction

    from bragrules.core.money import decimal_text, pretty_money

    value = Fraction(amount)
    if value.denominator in (1, 2):
        text = pretty_money(value)
    else:
        text = decimal_text(value, 2)
    return f"+{text}" if signed and value > 0 else text


def render(report: "SimulationReport") -> None:
    """The report for people: rich tables on stdout."""
    from rich import box
    from rich.table import Table

    from .safe_console import styled

    t = report.tally
    n = report.deals
    out = console()
    seats = ", ".join(f"{seat} {style}" for seat, style in report.seat_styles.items())
    out.print(styled(tr("[bold]{profile}[/bold]: {deals} deals, {players} players ({seats}), seed {seed}"),
                     profile=report.profile, deals=f"{n:,}", players=report.players, seats=seats, seed=report.seed))

    deals = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=tr("deals"), title_justify="left")
    deals.add_column("")
    deals.add_column(tr("deals"), justify="right")
    deals.add_column(tr("share"), justify="right")
    deals.add_row(tr("seen (showdown)"), f"{t.showdowns:,}", _pct(t.showdowns, n))
    deals.add_row(tr("folded out"), f"{t.folded_out:,}", _pct(t.folded_out, n))
    deals.add_row(tr("carried over"), f"{t.carried:,}", _pct(t.carried, n))
    if t.carried:
        deals.add_row("  " + tr("a blind survivor"), f"{t.carried_blind:,}", _pct(t.carried_blind, n))
        deals.add_row("  " + tr("tied hands"), f"{t.carried_tied:,}", _pct(t.carried_tied, n))
        deals.add_row("  " + tr("nobody bet"), f"{t.carried_unbet:,}", _pct(t.carried_unbet, n))
    if t.split:
        deals.add_row(tr("split pots"), f"{t.split:,}", _pct(t.split, n))
    out.print(deals)
    out.print(tr("pots: average {average}, largest {largest}; {actions} actions a deal",
                 average=_money(report.average_pot), largest=_money(report.largest_pot), actions=f"{t.actions / n:.1f}"))

    styles = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=tr("styles"), title_justify="left")
    styles.add_column(tr("style"))
    styles.add_column(tr("seats"))
    styles.add_column(tr("deals"), justify="right")
    styles.add_column(tr("won"), justify="right")
    styles.add_column(tr("win rate"), justify="right")
    styles.add_column(tr("net"), justify="right")
    styles.add_column(tr("net a deal"), justify="right")
    styles.add_column(tr("sessions won"), justify="right")
    lives = any(r.lives_lost for r in report.styles())
    if lives:
        styles.add_column(tr("lives lost"), justify="right")
    points = any(r.points for r in report.styles())  # session.points: the points each style scored
    if points:
        styles.add_column(tr("points"), justify="right")
        styles.add_column(tr("points a deal"), justify="right")
    for r in report.styles():
        row = [r.style, ", ".join(r.seats), f"{r.deals:,}", f"{r.won:,}", f"{r.win_rate:.1f}%",
               _money(r.net, signed=True), _money(r.net_per_deal, signed=True), f"{r.sessions_won:,}"]
        if lives:
            row.append(f"{r.lives_lost:,}")
        if points:
            row += [f"{r.points:,}", f"{r.points_per_deal:.2f}"]
        styles.add_row(*row)
    out.print(styles)

    cats = report.categories()
    if cats:
        shown = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=tr("hands at showdowns"), title_justify="left")
        shown.add_column(tr("category"))
        shown.add_column(tr("shown"), justify="right")
        shown.add_column(tr("won"), justify="right")
        shown.add_column(tr("won when shown"), justify="right")
        for cat, count, won in cats:
            shown.add_row(tr(cat.replace("_", " ")), f"{count:,}", f"{won:,}", _pct(won, count))
        out.print(shown)

    if t.blind_to_end or t.blind_survivor_collected or t.blind_survivor_carried:
        blind = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=tr("blind play"), title_justify="left")
        blind.add_column("")
        blind.add_column(tr("count"), justify="right")
        blind.add_row(tr("players still blind at the end of a deal"), f"{t.blind_to_end:,}")
        blind.add_row("  " + tr("of them winning the pot"), f"{t.blind_won:,}")
        blind.add_row("  " + tr("their net"), _money(t.blind_net, signed=True))
        blind.add_row(tr("blind at a showdown"), f"{t.blind_showdowns:,}")
        blind.add_row("  " + tr("winning it"), f"{t.blind_showdown_wins:,}")
        blind.add_row(tr("lone blind survivor collects"), f"{t.blind_survivor_collected:,}")
        blind.add_row(tr("lone blind survivor, pot carried"), f"{t.blind_survivor_carried:,}")
        if t.retained:
            blind.add_row(tr("deals leaving a retained hand"), f"{t.retained:,}")
        out.print(blind)

    completed = t.sessions_completed
    line = tr("sessions: {played} played, {ended} ended by the profile's rule", played=f"{t.sessions:,}",
              ended=f"{completed:,}")
    if completed:
        line += tr(" (average {deals} deals)", deals=f"{t.completed_deals / completed:.1f}")
    out.print(line)
    if report.house_takes:
        out.print(tr("the house took {total} in all, {each} a deal (its rakes and table fees)", total=_money(t.house),
                     each=_money(report.house_per_deal)))
    sessions, left = f"{t.sessions:,}", _money(t.left_on_table)
    if report.money_conserved and report.house_takes:
        out.print(styled(tr("[green]money conserved[/green] in all {sessions} sessions (nets, what is left on the "
                            "table and the house's take sum to 0; left on the table {left})"),
                         sessions=sessions, left=left))
    elif report.money_conserved:
        out.print(styled(tr("[green]money conserved[/green] in all {sessions} sessions (nets plus what is left on "
                            "the table sum to 0; left on the table {left})"), sessions=sessions, left=left))
    else:
        out.print(styled(tr("[bold red]money NOT conserved[/bold red] in {failed} of {sessions} sessions"),
                         failed=f"{t.conservation_failures:,}", sessions=sessions))


__all__ = ["register", "render", "simulate_command"]
