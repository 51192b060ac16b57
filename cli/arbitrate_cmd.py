"""``bragrules arbitrate``: rule on a disputed moment of a deal, under one or more profiles.

Exit status: 0 when a ruling was given, 2 when the situation cannot be read
or set up (an unreadable sheet, an unknown profile or dispute, illegal play
before the dispute).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Optional

import typer

from bragrules.core.i18n import ENGLISH, N_, amount_text, language, tr

from .common import EXIT_BAD_INPUT, EXIT_OK, complete_profile, console, describe_error, error, write

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.arbitrate import Arbitration, Ruling


def register(app: typer.Typer) -> None:
    app.command("arbitrate")(arbitrate_command)


def arbitrate_command(
    situation: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A history sheet whose last deal ends with a dispute: entry (an action such as "
            "'A see 3', 'X exposes Y', 'X peeks Y', or 'tie').",
            show_default=False,
        ),
    ],
    profiles: Annotated[
        Optional[List[str]],
        typer.Option(
            "--profile",
            "-p",
            metavar="PROFILE", autocompletion=complete_profile,
            help="Rule under this profile (built-in name or path); repeat to compare rulings side by side. "
            "Default: the profile the sheet names.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the rulings as JSON.")] = False,
) -> None:
    """Rule on the dispute that ends a sheet's last deal: is the action allowed, what is owed,
    what happens next, and the rules that decide it.

    Exit status: 0 a ruling was given; 2 the situation cannot be read or set up.
    """
    from bragrules.arbitrate import arbitrate
    from bragrules.core.errors import HistoryError
    from bragrules.profile import ProfileError

    try:
        result = arbitrate(situation, list(profiles or []))
    except (HistoryError, ProfileError) as exc:
        error(describe_error(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if as_json:
        import json

        write(json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        render(result)
    raise typer.Exit(EXIT_OK)


# ---------------------------------------------------------------------------
# For people
# ---------------------------------------------------------------------------

DIFFERS = N_("≠ differs")


def _allowed(ruling: "Ruling") -> str:
    return "—" if ruling.allowed is None else (tr("yes") if ruling.allowed else tr("no"))


def _money_map(values: Optional[Dict[str, Any]], signed: bool = True) -> str:
    if not values:
        return "—"
    return tr(", ").join(f"{p} {'+' if signed and v > 0 else ''}{amount_text(v)}" for p, v in values.items())


def _owed(values: Optional[Dict[str, Any]]) -> str:
    """What is owed: ``A 1``; an overpayment taken back: ``A takes back 1``."""
    if not values:
        return "—"
    return tr(", ").join(f"{p} {amount_text(v)}" if v >= 0 else tr("{player} takes back {amount}", player=p,
                                                                     amount=amount_text(-v))
                         for p, v in values.items())


OUTCOMES = {"allowed": N_("allowed"), "refused": N_("refused"), "owed": N_("owed"), "corrected": N_("corrected"),
            "redeal": N_("redeal"), "continue": N_("continue"), "forced_fold": N_("forced fold"), "won": N_("won"),
            "split": N_("split"), "carried": N_("carried")}
"""Each outcome of a ruling in words (``--json`` keeps the outcome's own word)."""


def _outcome(ruling: "Ruling") -> str:
    """The outcome in words: as it is in English (the table's cells have always shown it so), else translated."""
    if language() == ENGLISH:
        return ruling.outcome
    return tr(OUTCOMES.get(ruling.outcome, ruling.outcome.replace("_", " ")))


def _title(ruling: "Ruling") -> str:
    """The profile as given, or its name when it was given as a path."""
    label = ruling.profile
    if ruling.profile_name and (label.endswith((".yaml", ".yml")) or "/" in label or "\\" in label):
        return ruling.profile_name
    return label


def _signed(value: Any) -> str:
    if value is None:
        return "—"
    return ("+" if value > 0 else "") + amount_text(value)


def rule_label(path: str) -> str:
    """A profile field for players: its area's title and its own name in words
    (the field paths stay in ``--json``).

    >>> rule_label("seeing.cost_basis"), rule_label("stakes.raise_limit.amount"), rule_label("net A")
    ('the see: cost basis', 'stakes and betting: raise limit amount', 'net A')
    """
    from bragrules.explainers.explain import area_title

    top, _, rest = path.partition(".")
    area = area_title(top)
    if not rest or area is None:
        return path.replace("_", " ")
    if language() != ENGLISH:
        from bragrules.explainers.field_words import field_words

        return tr("{area}: {field}", area=tr(area), field=field_words(path))
    return f"{area[:1].lower()}{area[1:]}: {rest.replace('.', ' ').replace('_', ' ')}"


def _value_text(value: Any) -> str:
    from bragrules.explainers.explain import people_value

    return "—" if value is None else people_value(value)


def render(result: "Arbitration") -> None:
    """The rulings for people: one block per profile; with several, a comparison table first."""
    from .safe_console import styled

    out = console()
    dispute = result.dispute
    if result.line is not None:
        where = tr("deal {deal}, line {line} of {file}", deal=result.deal, line=result.line, file=result.file)
    else:
        where = tr("deal {deal} of {file}", deal=result.deal, file=result.file)
    out.print(styled("[bold]{}[/bold]: {}  ({})", tr("Dispute"), dispute.text, where))
    if len(result.rulings) > 1:
        out.print()
        out.print(_comparison(result))
    for ruling in result.rulings:
        out.print()
        _block(out, ruling, several=len(result.rulings) > 1)
    if len(result.rulings) > 1:
        out.print()
        if result.differs:
            out.print(styled("[bold yellow]{}[/bold yellow]: {}", tr("The rulings differ"),
                             tr(", ").join(_compared(key) for key in result.rulings[0].differs)))
        else:
            out.print(styled("[bold green]{}[/bold green]", tr("The rulings agree")))


COMPARED = {"allowed": N_("allowed"), "outcome": N_("outcome"), "owed": N_("owed"), "net": N_("net"),
            "winners": N_("winners")}
"""What two rulings are compared on (:meth:`~bragrules.arbitrate.Ruling.signature`), in words."""


def _compared(key: str) -> str:
    return rule_label(key) if language() == ENGLISH or key not in COMPARED else tr(COMPARED[key])


def _comparison(result: "Arbitration") -> Any:
    from rich.table import Table

    from .safe_console import styled

    rulings = result.rulings
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("")
    for ruling in rulings:
        table.add_column(_title(ruling))
    table.add_column("")

    def row(label: str, cells: List[str], differs: Optional[bool] = None) -> None:
        if differs is None:
            differs = len(set(cells)) > 1
        table.add_row(label, *cells, styled("[yellow]{}[/yellow]", tr(DIFFERS)) if differs else "")

    row(tr("allowed"), [_allowed(r) for r in rulings])
    row(tr("outcome"), [_outcome(r) for r in rulings], len({r.outcome for r in rulings}) > 1)
    row(tr("owed"), [_owed(r.owed) for r in rulings])
    if any(r.net is not None for r in rulings):
        for player in result.players:
            if any(r.net is not None and player in r.net for r in rulings):
                row(tr("net {player}", player=player),
                    [_signed(r.net.get(player)) if r.net is not None else "—" for r in rulings])
    paths: List[str] = []
    for ruling in rulings:
        for path in ruling.rules:
            if path not in paths:
                paths.append(path)
    for path in paths:  # every rule cited under any profile, with its value under each
        row(rule_label(path), [_value_text(ruling.value_of(path)) for ruling in rulings])
    return table


def _verdict(ruling: "Ruling") -> str:
    outcome = ruling.outcome.replace("_", " ") if language() == ENGLISH else _outcome(ruling)
    if ruling.allowed is None:
        return outcome
    if ruling.allowed:
        return tr("{outcome} (allowed)", outcome=outcome)
    return tr("{outcome} (not allowed)", outcome=outcome)


def _block(out: Any, ruling: "Ruling", several: bool) -> None:
    from bragrules.core.text import source_in_words, sources_in_words, spoken_sources
    from bragrules.explainers.explain import sentence_source

    from .safe_console import styled

    marker = "  [yellow]{}[/yellow]" if several and ruling.differs else "{}"
    out.print(styled("[bold]{}[/bold]: [bold]{}[/bold]" + marker, tr("Under {profile}", profile=_title(ruling)),
                     _verdict(ruling), tr(DIFFERS) if several and ruling.differs else ""))
    out.print(f"  {spoken_sources(source_in_words(ruling.summary_text()))}", soft_wrap=True)
    if ruling.owed:
        out.print("  " + tr("owed: {owed}", owed=_owed(ruling.owed)))
    out.print("  " + tr("next: {next}", next=spoken_sources(source_in_words(ruling.next_text()))), soft_wrap=True)
    if ruling.net is not None:
        out.print("  " + tr("net: {net}", net=_money_map(ruling.net)))
    if ruling.citations:
        out.print("  " + tr("rules:"))
        merged: Dict[str, List[str]] = {}  # one line per rule in words, with every source behind it
        for cited in ruling.citations:
            merged.setdefault(cited.sentence, []).append(cited.source or "")
        for sentence, sources in merged.items():
            worded = spoken_sources(sources_in_words([sentence_source(sources)]))  # what states every value behind it
            line = tr("{rule} (from {sources})", rule=sentence, sources=worded) if worded else sentence
            out.print(f"    {line}", soft_wrap=True)


__all__ = ["arbitrate_command", "register", "render"]
