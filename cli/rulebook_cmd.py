"""``bragrules rulebook``: a complete, readable rulebook written from a profile."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from bragrules.core.i18n import tr

from .common import EXIT_BAD_INPUT, complete_profile, error, write_to

FORMATS = ("text", "markdown", "html")
_SUFFIXES = {".html": "html", ".htm": "html", ".md": "markdown", ".markdown": "markdown", ".txt": "text"}


def register(app: typer.Typer) -> None:
    app.command("rulebook")(rulebook)


def rulebook(
    profile: Annotated[
        Optional[str],
        typer.Argument(
            metavar="PROFILE", autocompletion=complete_profile,
            help="A built-in profile name (see `bragrules profiles`) or a path to a .yaml file.",
            show_default=False,
        ),
    ] = None,
    named: Annotated[
        Optional[str],
        typer.Option(
            "--profile", "-p", metavar="PROFILE", autocompletion=complete_profile,
            help="The profile, named as `play` and `rank` name it (instead of PROFILE).",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        Optional[str],
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="text (the default), markdown or html; with --output, guessed from the file's suffix.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Optional[Path],
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the rulebook to FILE instead of stdout.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Write the complete rules of a profile as a rulebook: text, Markdown or one HTML page.

    The rulebook follows the order a table explains the game: the pack and
    the deal, the ranking of hands with an example of each, stakes, blind
    play, the see, ties, folding and carried pots, sessions, the format's
    own rules and the special cases. Every number comes from the profile.
    """
    chosen = _choose_format(fmt, output)
    if (profile is None) == (named is None):
        error("error: " + (tr("name one profile: {first} or {second}", first="`bragrules rulebook teen-patti`",
                              second="`bragrules rulebook --profile teen-patti`") if profile is None
                           else tr("two profiles named ({first} and --profile {second}): name one",
                                   first=repr(profile), second=repr(named))))
        raise typer.Exit(EXIT_BAD_INPUT)
    from bragrules.explainers.rulebook import build_rulebook, render
    from bragrules.profile import load_profile

    text = render(build_rulebook(load_profile(profile or named or "")), chosen)
    write_to(text, output)


def _choose_format(fmt: Optional[str], output: Optional[Path]) -> str:
    if fmt is None:
        if output is not None:
            return _SUFFIXES.get(output.suffix.lower(), "text")
        return "text"
    chosen = fmt.strip().lower()
    if chosen == "md":
        chosen = "markdown"
    if chosen not in FORMATS:
        error("error: " + tr("unknown format {name}; choose text, markdown or html", name=repr(fmt)))
        raise typer.Exit(EXIT_BAD_INPUT)
    return chosen
