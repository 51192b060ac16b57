"""``bragrules audit``: replay a hand history under a profile and check it.

Exit status: 0 when every action is legal and every claim matches, 1 when
not, 2 when the history (or the profile) cannot be read; a log cut short is
audited up to the cut, then reported with status 2. ``--workers N`` audits a
long log in blocks by N processes (:mod:`bragrules.parallel_audit`); the
report is the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, List, Optional

import typer

from bragrules.core.i18n import ENGLISH, N_, amount_text, language, ntr, tr

from .common import EXIT_BAD_INPUT, EXIT_OK, complete_profile, console, describe_error, error, is_terminal, write

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.audit import AuditReport, DealSummary

EXIT_VIOLATIONS = 1
MAX_WORKERS = 64
"""Most processes ``--workers`` may ask for."""


def register(app: typer.Typer) -> None:
    app.command("audit")(audit_command)


def audit_command(
    history: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A history sheet (.yaml) or a JSON Lines log (.jsonl); decided by content.",
            show_default=False,
        ),
    ],
    profile: Annotated[
        Optional[str],
        typer.Option(
            "--profile",
            "-p",
            metavar="PROFILE", autocompletion=complete_profile,
            help="Audit under this profile (built-in name or path) instead of the one the history names.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    summary: Annotated[
        bool,
        typer.Option("--summary", help="Totals and violations only, no per-deal rows (constant memory)."),
    ] = False,
    workers: Annotated[
        int,
        typer.Option("--workers", "-w", metavar="N",
                     help="Processes to audit a long log in blocks (the report does not change)."),
    ] = 1,
) -> None:
    """Replay a hand history and check every action, amount and claimed result.

    Exit status: 0 all legal and every claim matches; 1 violations; 2 the
    history or profile cannot be read.
    """
    import sys

    from bragrules.audit import audit
    from bragrules.core.errors import HistoryError
    from bragrules.profile import ProfileError

    from .progress import count_lines, progress_wanted, ticker

    if workers < 1 or workers > MAX_WORKERS:
        error(f"error: the number of workers must be at least 1, not {workers}" if workers < 1
              else f"error: at most {MAX_WORKERS} workers, not {workers}")
        raise typer.Exit(EXIT_BAD_INPUT)

    writer: _Writer = _SummaryWriter() if summary else (_JsonRows() if as_json else _TextRows())
    # rows written to the same terminal already show the audit going on; otherwise how far into the
    # history the audit is, in lines of a file (whose length is known), in deals of a stream
    shown = progress_wanted(sys.stderr, others_show_progress=not summary and is_terminal(sys.stdout))
    lines = count_lines(history) if shown else None
    bar = ticker("auditing", "lines" if lines is not None else "deals", total=lines) if shown else None
    on_deal = writer.deal
    if bar is not None:
        counted = [0]

        def on_deal(row: "DealSummary") -> None:
            counted[0] += 1
            bar.update(row.line if lines is not None and row.line is not None else counted[0])
            writer.deal(row)
    try:
        report = audit(history, profile, keep_deals=False, on_deal=on_deal, on_start=writer.start, workers=workers)
    except (HistoryError, ProfileError) as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    finally:
        if bar is not None:
            bar.close()
    writer.finish(report, as_json)
    if report.error is not None:
        error(describe_error(report.error))
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_OK if report.ok else EXIT_VIOLATIONS)


CHUNK = 200
"""Deals per table of the report for people: rows are written as they are made, a table at a time."""


class _Writer:
    """Writes a report as the audit makes it: the head, each deal's row, the rest.

    No row is kept once written, so the audit of a log of any length runs in
    memory that does not grow with it (``--summary`` writes no rows at all).
    """

    def start(self, report: "AuditReport") -> None:
        """The history's header is read: the head of the report."""

    def deal(self, row: "DealSummary") -> None:
        """One deal replayed."""

    def finish(self, report: "AuditReport", as_json: bool) -> None:
        """The audit is over: totals, violations and notes."""


class _SummaryWriter(_Writer):
    def finish(self, report: "AuditReport", as_json: bool) -> None:
        if as_json:
            import json

            write(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            render(report)


class _JsonRows(_Writer):
    """The JSON report with its ``deals`` list written row by row (the same object
    as ``AuditReport.to_json()``, but ``ok`` comes last, once it is known)."""

    def __init__(self) -> None:
        self.rows = 0
        self.started = False

    def start(self, report: "AuditReport") -> None:
        import json

        head = {key: value for key, value in report.to_json().items() if key in _JSON_HEAD}
        text = json.dumps(head, indent=2, ensure_ascii=False)
        write(text[: text.rindex("}")].rstrip() + ',\n  "deals": [')
        self.started = True

    def deal(self, row: "DealSummary") -> None:
        import json

        text = json.dumps(row.to_json(), indent=2, ensure_ascii=False).replace("\n", "\n    ")
        write(("," if self.rows else "") + "\n    " + text)
        self.rows += 1

    def finish(self, report: "AuditReport", as_json: bool) -> None:
        import json

        rest = {key: value for key, value in report.to_json().items() if key not in _JSON_HEAD and key != "deals"}
        text = json.dumps(rest, indent=2, ensure_ascii=False)
        write(("\n  ]," if self.rows else "],") + "\n" + text[text.index("{") + 1 :].lstrip("\n") + "\n")


_JSON_HEAD = ("file", "format", "profile", "profile_hash", "players")


class _TextRows(_Writer):
    """The report for people, its deals in tables of :data:`CHUNK` rows written as they fill."""

    def __init__(self) -> None:
        self.rows: List["DealSummary"] = []
        self.players: List[str] = []
        self.tables = 0

    def start(self, report: "AuditReport") -> None:
        from .safe_console import styled

        self.players = list(report.players)
        console().print(styled("[bold]{}[/bold]: {}", report.file, _head(report, None)))

    def deal(self, row: "DealSummary") -> None:
        self.rows.append(row)
        if len(self.rows) >= CHUNK:
            self._flush()

    def _flush(self) -> None:
        if self.rows:
            console().print(_deal_table(self.rows, self.players, header=self.tables == 0))
            self.tables += 1
            self.rows = []

    def finish(self, report: "AuditReport", as_json: bool) -> None:
        self._flush()
        render(report, head=False)


def _money(amount: Any) -> str:
    text = amount_text(amount)
    return f"+{text}" if amount > 0 else text


KINDS = {"sheet": N_("sheet"), "log": N_("log")}
"""The kinds of history, in words."""


def _head(report: "AuditReport", deals: Optional[int]) -> str:
    """What was audited: ``a sheet of 3 deals of Teen Patti under teen-patti`` (the deals when known)."""
    kind, profile = tr(KINDS.get(report.kind, report.kind)), report.profile_name or report.profile
    if deals is None:
        if report.game:
            return tr("a {kind} of {game} under {profile}", kind=kind, game=report.game, profile=profile)
        return tr("a {kind} under {profile}", kind=kind, profile=profile)
    if report.game:
        return ntr("a {kind} of {n} deal of {game} under {profile}", "a {kind} of {n} deals of {game} under {profile}",
                   deals, kind=kind, game=report.game, profile=profile)
    return ntr("a {kind} of {n} deal under {profile}", "a {kind} of {n} deals under {profile}", deals, kind=kind,
               profile=profile)


def _outcome(deal: "DealSummary") -> str:
    """A deal's outcome in the table's words."""
    if deal.outcome == "won":
        outcome = tr("{player} won", player=deal.winners[0])
    elif deal.outcome == "split":
        outcome = tr("split {players}", players=tr(", ").join(deal.winners))
    elif deal.outcome == "redeal":  # the pot column is the pot before settlement: say where it went
        outcome = tr("redeal, {amount} returned", amount=amount_text(deal.returned))
    else:
        outcome = deal.outcome if language() == ENGLISH else tr(OUTCOMES.get(deal.outcome, deal.outcome))
    if deal.from_claim:
        outcome = tr("{outcome} (as claimed)", outcome=outcome)
    return outcome


OUTCOMES = {"carried": N_("carried"), "unfinished": N_("unfinished"), "void": N_("void"), "redeal": N_("redeal"),
            "abandoned": N_("abandoned"), "won": N_("won"), "split": N_("split")}
"""A deal's outcome in words, where the table shows the outcome itself."""


def _deal_table(deals: "List[DealSummary]", players: List[str], header: bool = True) -> Any:
    """Rows of deals as a rich table (the same columns for every chunk)."""
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False, show_header=header)
    table.add_column(tr("deal"), justify="right", min_width=6)
    table.add_column(tr("dealer"), min_width=max([6, *map(len, players)]))
    table.add_column(tr("pot"), justify="right", min_width=6)
    table.add_column(tr("outcome"), min_width=12)
    for player in players:
        table.add_column(player, justify="right", min_width=max(6, len(player)))
    for deal in deals:
        cells = [_money(deal.net[p]) if p in deal.net else "" for p in players]
        table.add_row(str(deal.deal), deal.dealer, amount_text(deal.pot), _outcome(deal), *cells)
    return table


def _status(report: "AuditReport", head: bool) -> str:
    """The status line: deals, pots resolved, what carried, whether the session is over."""
    status = ntr("{n} resolved pot", "{n} resolved pots", report.resolved)
    if not head:
        status = tr("{deals}, {pots}", deals=ntr("{n} deal", "{n} deals", report.deal_count), pots=status)
    if report.carried:
        status = tr("{status}, {amount} carried", status=status, amount=amount_text(report.carried))
    if report.ended:
        return ntr("{status}; the session is over: {winners} wins", "{status}; the session is over: {winners} win",
                   len(report.winners), status=status, winners=tr(", ").join(report.winners))
    return tr("{status}; the session is not over", status=status)


def render(report: "AuditReport", head: bool = True) -> None:
    """The report for people: deals, session totals and violations on stdout, notes on stderr.

    With ``head=False`` the first line and the deals are left out (written
    already, as the audit made them); the deal count then leads the status line.
    """
    from rich.table import Table

    from .safe_console import styled

    out = console()
    players = report.players
    if head:
        out.print(styled("[bold]{}[/bold]: {}", report.file, _head(report, report.deal_count)))
        if report.deals:
            out.print(_deal_table(report.deals, players))
    totals = Table(show_edge=False, pad_edge=False, title=None)
    totals.add_column(tr("session"))
    for player in players:
        totals.add_column(player, justify="right")
    totals.add_row(tr("net"), *[_money(report.net.get(p, 0)) for p in players])
    if report.scores is not None:  # session.points: each player's points, recomputed
        totals.add_row(tr("points"), *[str(report.scores.get(p, 0)) for p in players])
    out.print(totals)
    status = _status(report, head)
    out.print(status)
    # messages about the history (a deal cut short, a profile chosen), not findings: on stderr; when
    # the audit stopped at bad input, its one error line says what happened, alone
    if report.notes and report.error is None:
        out.file.flush()
        notes = console(stderr=True)
        for note in report.notes:
            notes.print(styled("[yellow]{}[/yellow]: {}", tr(LEVELS.get(note.level, note.level)), note), soft_wrap=True)
    if report.violations:
        count = len(report.violations)
        out.print(styled("[bold red]{}[/bold red]", ntr("{n} violation", "{n} violations", count)))
        for violation in report.violations:
            out.print(str(violation), soft_wrap=True)
    elif report.error is None:
        out.print(styled("[bold green]{}[/bold green]: {}", tr("ok"), tr("every action legal, every claim matches")))


LEVELS = {"note": N_("note"), "warning": N_("warning")}
"""What a note is, in words."""


__all__ = ["audit_command", "register", "render"]
