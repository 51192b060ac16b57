"""``bragrules equity``: exact heads-up chances of a hand, or of every strength class."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, List, Optional

import typer

from bragrules.core.i18n import N_, tr

from .common import EXIT_BAD_INPUT, complete_profile, console, describe_error, error, message, profile_or_exit, write

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.analysis.equity import Equity, EquityRow


def register(app: typer.Typer) -> None:
    app.command("equity")(equity_command)


def equity_command(
    hand: Annotated[
        Optional[List[str]],
        typer.Argument(
            metavar="HAND",
            help='A hand: "Ac Kd Qh", "AcKdQh" or Ac Kd Qh. Without one, the table of every strength.',
            show_default=False,
        ),
    ] = None,
    profile: Annotated[
        str,
        typer.Option("--profile", "-p", metavar="PROFILE", autocompletion=complete_profile, help="The profile whose ranking applies (name or path)."),
    ] = "standard",
    centre: Annotated[
        Optional[str],
        typer.Option("--centre", metavar="CARDS", show_default=False,
                     help="The deal's face-up centre cards, for a profile whose wild cards they decide "
                     "(ranking.wild.from_centre); they are out of the pack."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON: one object for a hand, a list of rows for the table.")
    ] = False,
) -> None:
    """Exact chances against one random opponent hand from the rest of the pack.

    With a hand: its win, tie and lose counts over every opponent hand, as
    fractions and percentages. Without: for every strength class of
    three-card hands, the counts summed over all its hands against all
    opponent hands sharing no card with them (a tie is a tie here: who wins
    it is the profile's tie rule). Who beats whom is what the showdown says:
    wild cards chosen in each hand, the joker dealt to each player and the
    special hands count.
    """
    from bragrules.analysis.equity import equity_table, hand_equity
    from bragrules.core.errors import BragError
    from bragrules.rules.compile import compile_rules

    rules = compile_rules(profile_or_exit(profile))
    if hand:
        from bragrules.core.cards import CardError, parse_card

        from .rank_output import card_tokens

        try:
            cards = [parse_card(token) for text in hand for token in card_tokens(text)]
            shown = [parse_card(token) for token in card_tokens(centre)] if centre is not None else []
            result = hand_equity(rules, cards, shown)
        except (CardError, BragError, ValueError) as exc:
            error(describe_error(exc) if isinstance(exc, BragError) else f"error: {exc}")
            raise typer.Exit(EXIT_BAD_INPUT) from None
        if as_json:
            import json

            write(json.dumps({"profile": rules.profile.name, **result.to_json()}, ensure_ascii=False) + "\n")
        else:
            _render_hand(result, rules.profile.name)
        return
    if centre is not None:
        error("error: " + tr("--centre goes with a hand: the table of every strength has no centre"))
        raise typer.Exit(EXIT_BAD_INPUT)
    fmt = rules.profile.format
    if fmt.cards_dealt != 3 and not as_json:
        message(tr("note: {profile} deals {cards} cards; this table compares three-card hands under its ranking "
                   "(give a hand for the exact chances of one)", profile=rules.profile.name, cards=fmt.cards_dealt))
    try:
        rows = equity_table(rules)
    except BragError as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if as_json:
        import json

        write(json.dumps([row.to_json() for row in rows], ensure_ascii=False) + "\n")
    else:
        _render_table(rows, rules.profile.name)


def _fraction(count: int, total: int) -> str:
    from math import gcd

    g = gcd(count, total) or 1
    return f"{count // g}/{total // g}" if count else "0"


def _render_hand(result: "Equity", profile: str) -> None:
    from rich import box
    from rich.table import Table

    out = console()
    n = result.opponents
    out.print(tr("{hand}: {description} (under {profile}, against each of {count} opponent hands)",
                 hand=" ".join(c.symbol for c in result.hand), description=result.description, profile=profile,
                 count=f"{n:,}"))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("")
    table.add_column(tr("hands"), justify="right")
    table.add_column(tr("chance"), justify="right")
    table.add_column(tr("percent"), justify="right")
    for label, count in ((N_("win"), result.win), (N_("tie"), result.tie), (N_("lose"), result.lose)):
        table.add_row(tr(label), f"{count:,}", _fraction(count, n), f"{100 * count / n:.3f}%")
    out.print(table)


def _render_table(rows: "List[EquityRow]", profile: str) -> None:
    from rich import box
    from rich.table import Table

    out = console()
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("rank"), justify="right")
    table.add_column(tr("category"))
    table.add_column(tr("example"))
    table.add_column(tr("hands"), justify="right")
    table.add_column(tr("win"), justify="right")
    table.add_column(tr("tie"), justify="right")
    table.add_column(tr("lose"), justify="right")
    for row in rows:
        total = row.total
        table.add_row(
            str(row.rank),
            tr(row.category.replace("_", " ")),
            row.example,
            f"{row.hands:,}",
            f"{100 * row.win / total:.3f}%",
            f"{100 * row.tie / total:.3f}%",
            f"{100 * row.lose / total:.3f}%",
        )
    out.print(table)
    pairs = sum(row.total for row in rows)
    out.print(tr("{count} strengths under {profile}, best first; {pairs} ordered pairs of disjoint hands",
                 count=len(rows), profile=profile, pairs=f"{pairs:,}"))


__all__ = ["equity_command", "register"]
