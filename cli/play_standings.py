"""The standings of a ``bragrules play`` session, drawn as a table in the language spoken (a part of
:class:`bragrules_cli.play_view.TableView`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragrules.core.i18n import ENGLISH, language, tr
from bragrules.play.plays import plays_said

from .play_input import esc
from .wide_tables import aligned

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.play.table import Table

    from .play_view import TableView


def standings(view: "TableView", table: "Table", final: bool = False) -> None:
    """The standings of the session so far (``final``: at its end), each column in the language spoken: who
    plays what, lives, points and net, the money won by nobody yet (a carried pot, lives lost, the house)
    so that the net column sums to zero, and at the end who won."""
    from rich.table import Table as RichTable

    from .play_view import money, plural, signed

    session = table.session
    grid = RichTable(title=tr("Final standings") if final else tr("Standings"), title_justify="left")
    grid.add_column(tr("player"))
    grid.add_column(tr("plays"))
    if session.rules.format.lives is not None:
        grid.add_column(tr("lives"), justify="right")
    scored = session.rules.session.points is not None  # session.points: each player's points
    if scored:
        grid.add_column(tr("points (to {target})", target=session.rules.session.points.target), justify="right")  # type: ignore[union-attr]
    money_game = (session.rules.format.betting or session.rules.stakes.ante != 0  # Crash plays for lives, not money
                  or session.rules.format.pays_for_lives)  # unless each life lost pays (format.life_stake)
    if money_game:
        grid.add_column(tr("net"), justify="right")
    for name in session.players:
        row = [esc(name), plays_said(table.seats[name].style, session.rules.profile, len(session.players))]
        if session.rules.format.lives is not None:
            row.append(str(session.lives[name]))
        if scored:
            row.append(str(session.scores[name]))
        if money_game:
            row.append(signed(session.net()[name]))
        grid.add_row(*row)
    # the money won by nobody yet, so that the column sums to zero: the pot carried to the next deal, or,
    # stopped in the middle of a deal (whose bets are settled only when it ends), the pot it carried in
    carried = session.state.carried if session.current is None else session.current.carried_in
    if carried and money_game:
        grid.add_row(*([tr("in the pot"), tr("carried") if session.current is None else tr("carried in")]
                       + ([""] if session.rules.format.lives is not None else []) + ([""] if scored else [])
                       + [money(carried)]))
    if session.lives_pot:  # format.life_stake: the lives lost so far, the last player's to collect
        grid.add_row(*([tr("in the pot"), tr("lives lost"), ""] + ([""] if scored else []) + [money(session.lives_pot)]))
    if session.rules.house.in_play and money_game:  # the house's account: the column still sums to zero
        grid.add_row(*([tr("the house"), tr("rake and fees")] + ([""] if session.rules.format.lives is not None else [])
                       + ([""] if scored else []) + [money(session.house)]))
    view.console.print(aligned(grid))
    if final:
        winners = session.winners()
        one = len(winners) == 1 and winners[0] != "You"
        if language() != ENGLISH:
            view.console.print("[bold]" + tr("{winners} won after {n} deals.", winners=esc(", ".join(winners)),
                                             n=table.session.state.deals) + "[/]")
            return
        view.console.print(f"[bold]{esc(' and '.join(winners))} win{'s' if one else ''}[/] "
                           f"after {plural(table.session.state.deals, 'deal')}.")

__all__ = ["standings"]
