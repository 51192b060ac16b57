"""``bragrules simulate``: bots play many deals under a profile; what the house learns."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Optional

import typer

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
            error("error: --styles names no style")
            raise typer.Exit(EXIT_BAD_INPUT)
    logs: Optional[str] = None
    if log_dir is not None:
        try:
            log_dir.mkdir(parents=True, exist_ok=True)
            probe = log_dir / ".bragrules-write-test"
            probe.write_text("", encoding="utf-8")
            probe.unlink()
        except OSError as exc:
            error(f"error: {log_dir}: cannot write session logs there ({exc.strerror or exc})")
            raise typer.Exit(EXIT_BAD_INPUT) from None
        logs = str(log_dir)
    wanted = stats_options.names("--precision-for", precision_for)
    stats_options.check_precision(precision)
    if wanted is not None and precision is None:
        error("error: --precision-for needs --precision")
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
                error(f"error: --precision-for: no measure called {name!r} (choose from {', '.join(known)})")
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
        where = f"the cluster at {cluster}" if cluster else f"{workers} worker{'s' if workers != 1 else ''}"
        message(f"{report.deals:,} deals in {elapsed:.2f} s ({report.deals / elapsed:,.0f} a second, {where})")


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
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="95% intervals", title_justify="left")
    table.add_column("measure")
    table.add_column("name")
    table.add_column("estimate", justify="right")
    table.add_column("±", justify="right")
    table.add_column("interval", justify="right")
    for name, label, kind, _, _ in ratio(report):
        interval = found.get(name)
        if interval is None:
            continue
        scale, unit = (100.0, "%") if kind == "share" else (1.0, "")
        if interval.half_width == float("inf"):
            table.add_row(label, name, f"{interval.estimate * scale:.2f}{unit}", "-", "needs two blocks")
            continue
        table.add_row(label, name, f"{interval.estimate * scale:.2f}{unit}", f"{interval.half_width * scale:.2f}",
                      f"{interval.low * scale:.2f} to {interval.high * scale:.2f}")
    out.print(table)
    out.print("notes: " + METHOD_NOTE.format(block=BLOCK_DEALS)
              + " The first player's dealt pair is one hand a deal: 3,744 in 22,100 (16.94%) when the pack is "
              "shuffled before every deal.")
    reached = _precision_json(report, precision, wanted, max_hands)
    if reached is not None:
        if reached["reached"]:
            out.print(f"precision: every interval asked for is within ± {precision:g} after {report.deals:,} deals")
        else:
            out.print(f"precision: ± {precision:g} not reached for {', '.join(reached['still_wider'])} "
                      f"after {report.deals:,} deals (--max-hands {max_hands:,})")


def _with_progress(profile: str, players: int, hands: int, options: Dict[str, Any]) -> "SimulationReport":
    from bragrules.play.simulate import simulate

    from .progress import ProgressLine

    bar = ProgressLine(sys.stderr, "simulating", "deals", total=hands)  # the caller found stderr a terminal
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
    out.print(styled("[bold]{}[/bold]: {} deals, {} players ({}), seed {}",
                     report.profile, f"{n:,}", report.players, seats, report.seed))

    deals = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="deals", title_justify="left")
    deals.add_column("")
    deals.add_column("deals", justify="right")
    deals.add_column("share", justify="right")
    deals.add_row("seen (showdown)", f"{t.showdowns:,}", _pct(t.showdowns, n))
    deals.add_row("folded out", f"{t.folded_out:,}", _pct(t.folded_out, n))
    deals.add_row("carried over", f"{t.carried:,}", _pct(t.carried, n))
    if t.carried:
        deals.add_row("  a blind survivor", f"{t.carried_blind:,}", _pct(t.carried_blind, n))
        deals.add_row("  tied hands", f"{t.carried_tied:,}", _pct(t.carried_tied, n))
        deals.add_row("  nobody bet", f"{t.carried_unbet:,}", _pct(t.carried_unbet, n))
    if t.split:
        deals.add_row("split pots", f"{t.split:,}", _pct(t.split, n))
    out.print(deals)
    out.print(f"pots: average {_money(report.average_pot)}, largest {_money(report.largest_pot)}; "
              f"{t.actions / n:.1f} actions a deal")

    styles = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="styles", title_justify="left")
    styles.add_column("style")
    styles.add_column("seats")
    styles.add_column("deals", justify="right")
    styles.add_column("won", justify="right")
    styles.add_column("win rate", justify="right")
    styles.add_column("net", justify="right")
    styles.add_column("net a deal", justify="right")
    styles.add_column("sessions won", justify="right")
    lives = any(r.lives_lost for r in report.styles())
    if lives:
        styles.add_column("lives lost", justify="right")
    points = any(r.points for r in report.styles())  # session.points: the points each style scored
    if points:
        styles.add_column("points", justify="right")
        styles.add_column("points a deal", justify="right")
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
        shown = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="hands at showdowns", title_justify="left")
        shown.add_column("category")
        shown.add_column("shown", justify="right")
        shown.add_column("won", justify="right")
        shown.add_column("won when shown", justify="right")
        for cat, count, won in cats:
            shown.add_row(cat.replace("_", " "), f"{count:,}", f"{won:,}", _pct(won, count))
        out.print(shown)

    if t.blind_to_end or t.blind_survivor_collected or t.blind_survivor_carried:
        blind = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="blind play", title_justify="left")
        blind.add_column("")
        blind.add_column("count", justify="right")
        blind.add_row("players still blind at the end of a deal", f"{t.blind_to_end:,}")
        blind.add_row("  of them winning the pot", f"{t.blind_won:,}")
        blind.add_row("  their net", _money(t.blind_net, signed=True))
        blind.add_row("blind at a showdown", f"{t.blind_showdowns:,}")
        blind.add_row("  winning it", f"{t.blind_showdown_wins:,}")
        blind.add_row("lone blind survivor collects", f"{t.blind_survivor_collected:,}")
        blind.add_row("lone blind survivor, pot carried", f"{t.blind_survivor_carried:,}")
        if t.retained:
            blind.add_row("deals leaving a retained hand", f"{t.retained:,}")
        out.print(blind)

    completed = t.sessions_completed
    line = f"sessions: {t.sessions:,} played, {completed:,} ended by the profile's rule"
    if completed:
        line += f" (average {t.completed_deals / completed:.1f} deals)"
    out.print(line)
    if report.house_takes:
        out.print(f"the house took {_money(t.house)} in all, {_money(report.house_per_deal)} a deal "
                  "(its rakes and table fees)")
    if report.money_conserved and report.house_takes:
        out.print(styled("[green]money conserved[/green] in all {} sessions "
                         "(nets, what is left on the table and the house's take sum to 0; left on the table {})",
                         f"{t.sessions:,}", _money(t.left_on_table)))
    elif report.money_conserved:
        out.print(styled("[green]money conserved[/green] in all {} sessions "
                         "(nets plus what is left on the table sum to 0; left on the table {})",
                         f"{t.sessions:,}", _money(t.left_on_table)))
    else:
        out.print(styled("[bold red]money NOT conserved[/bold red] in {} of {} sessions",
                         f"{t.conservation_failures:,}", f"{t.sessions:,}"))


__all__ = ["register", "render", "simulate_command"]
