"""``bragrules audit``: replay a hand history under a profile and check it.

Exit status: 0 when every action is legal and every claim matches, 1 when
not, 2 when the history (or the profile) cannot be read; a log cut short is
audited up to the cut, then reported with status 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .common import EXIT_BAD_INPUT, EXIT_OK, console, describe_error, error, write

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.audit import AuditReport

EXIT_VIOLATIONS = 1


def register(app: typer.Typer) -> None:
    app.command("audit")(audit_command)


def audit_command(
    history: Annotated[
        str,
        typer.Argument(
            help="A history sheet (.yaml) or a JSON Lines log (.jsonl); decided by content.",
            show_default=False,
        ),
    ],
    profile: Annotated[
        Optional[str],
        typer.Option(
            "--profile",
            "-p",
            help="Audit under this profile (built-in name or path) instead of the one the history names.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    summary: Annotated[
        bool,
        typer.Option("--summary", help="Totals and violations only, no per-deal rows (constant memory)."),
    ] = False,
) -> None:
    """Replay a hand history and check every action, amount and claimed result.

    Exit status: 0 all legal and every claim matches; 1 violations; 2 the
    history or profile cannot be read.
    """
    from bragrules.audit import audit
    from bragrules.errors import HistoryError
    from bragrules.profile import ProfileError

    try:
        report = audit(history, profile, keep_deals=not summary)
    except (HistoryError, ProfileError) as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT)
    if as_json:
        import json

        write(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        render(report)
    if report.error is not None:
        error(describe_error(report.error))
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_OK if report.ok else EXIT_VIOLATIONS)


def _money(amount: Any) -> str:
    from bragrules.money import pretty_money

    text = pretty_money(amount)
    return f"+{text}" if amount > 0 else text


def render(report: "AuditReport") -> None:
    """The report for people: deals, session totals, violations and notes."""
    from rich.table import Table

    from bragrules.money import pretty_money

    from .safe_console import styled

    out = console()
    players = report.players
    out.print(styled("[bold]{}[/bold]: a {} of {} deal{} under {}", report.file, report.kind, report.deal_count,
                     "s" if report.deal_count != 1 else "", report.profile))
    if report.deals:
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("deal", justify="right")
        table.add_column("dealer")
        table.add_column("pot", justify="right")
        table.add_column("outcome")
        for player in players:
            table.add_column(player, justify="right")
        for deal in report.deals:
            if deal.outcome == "won":
                outcome = f"{deal.winners[0]} won"
            elif deal.outcome == "split":
                outcome = "split " + ", ".join(deal.winners)
            else:
                outcome = deal.outcome
            if deal.from_claim:
                outcome += " (as claimed)"
            cells = [_money(deal.net[p]) if p in deal.net else "" for p in players]
            table.add_row(str(deal.deal), deal.dealer, pretty_money(deal.pot), outcome, *cells)
        out.print(table)
    totals = Table(show_edge=False, pad_edge=False, title=None)
    totals.add_column("session")
    for player in players:
        totals.add_column(player, justify="right")
    totals.add_row("net", *[_money(report.net.get(p, 0)) for p in players])
    out.print(totals)
    status = f"{report.resolved} resolved pot{'s' if report.resolved != 1 else ''}"
    if report.carried:
        status += f", {pretty_money(report.carried)} carried"
    if report.ended:
        status += "; the session is over: " + ", ".join(report.winners) + (
            " win" if len(report.winners) > 1 else " wins"
        )
    else:
        status += "; the session is not over"
    out.print(status)
    for note in report.notes:
        out.print(styled("[yellow]{}[/yellow]: {}", note.level, note), soft_wrap=True)
    if report.violations:
        count = len(report.violations)
        out.print(styled("[bold red]{} violation{}[/bold red]", count, "s" if count != 1 else ""))
        for violation in report.violations:
            out.print(str(violation), soft_wrap=True)
    elif report.error is None:
        out.print(styled("[bold green]ok[/bold green]: every action legal, every claim matches"))


__all__ = ["audit_command", "register", "render"]
