"""``bragrules rank``: the category, strength and description of hands.

What it reads and writes is in :mod:`bragrules_cli.rank_output`; a shipped profile's hands given on the
command line are ranked from its precomputed table without typer (:mod:`bragrules_cli.rank_fast`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Iterable, List, Optional, Tuple

import typer

from bragrules.core.i18n import N_, tr

from .common import EXIT_BAD_INPUT, complete_profile, error, message
from .rank_output import (  # noqa: F401  (card_tokens and _json_writer: the names other modules import)
    DEFAULT_PROFILE,
    CompiledRanking,
    InputStop,
    _is_tty,
    _json_writer,
    _numbered_lines,
    _Reader,
    card_tokens,
    rank_all,
)

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.core.cards import Card

def register(app: typer.Typer) -> None:
    app.command("rank")(rank)


def rank(
    hands: Annotated[
        Optional[List[str]],
        typer.Argument(
            metavar="HAND",
            help='Hands to rank, each one argument: "AcKdQh", "Ac Kd Qh", "10h Jh Qh". '
            "Without hands, reads one hand per line from stdin.",
            show_default=False,
        ),
    ] = None,
    profile: Annotated[
        str,
        typer.Option(
            "--profile",
            "-p",
            metavar="PROFILE", autocompletion=complete_profile,
            help="The profile whose ranking applies (built-in name or path).",
        ),
    ] = DEFAULT_PROFILE,
    centre: Annotated[
        Optional[str],
        typer.Option(
            "--centre",
            metavar="CARDS",
            help="The deal's face-up centre cards, for a profile whose wild cards they decide "
            "(ranking.wild.from_centre).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object per hand and line: hand, category, strength, key, played, discarded, wild, "
            "natural, description; under special hands also transitive and beats_outside_order.",
        ),
    ] = False,
) -> None:
    """Rank hands as the showdown values them: category, strength, the cards that play, and a description.

    With four or more cards the best three play (Kissing-Missing: the best reading of the cards, a kiss
    or a miss making one joker). Wild cards chosen in each hand count, and the joker dealt to each
    player (written Jk). Of two hands the bigger key wins (compared element by element; the first is
    the strength); equal keys tie and the profile's tie rule decides. Under special hands
    (ranking.special_hands) the order is not transitive: a hand whose strength lies in the other's
    beats_outside_order range loses to it whatever the keys. A bad hand is reported on stderr (exit
    status 2) and the other hands are still ranked.
    """
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    spec = load_profile(profile)
    rules = compile_rules(spec)
    comparer = rules.comparer
    shown: List["Card"] = []
    if centre is not None or (comparer.wild is not None and comparer.wild.from_centre):
        from bragrules.engine.wild_cards import wild_deal_comparer

        shown = _centre_cards(centre, comparer.wild.from_centre if comparer.wild is not None else 0)
        comparer = wild_deal_comparer(rules, shown)

    if hands:
        source: Iterable[Tuple[str, str]] = (
            (tr("hand {n}", n=n), text) for n, text in enumerate(hands, 1)
        )
    else:
        if sys.stdin is None:
            source = ()
        else:
            if _is_tty(sys.stdin):
                message(tr("reading hands from stdin, one per line (end with Ctrl-D)"))
            source = _numbered_lines(sys.stdin)

    try:
        bad = rank_all(source, CompiledRanking(comparer), spec.name, as_json, shown)
    except InputStop as exc:
        error("error: " + tr("stdin: {reason}", reason=exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if bad:
        raise typer.Exit(EXIT_BAD_INPUT)


def _centre_cards(text: Optional[str], wanted: int) -> List["Card"]:
    """The cards of ``--centre``: refused (one line, exit 2) where the profile turns none up, or
    where it turns some up and none are given (``ranking.wild.from_centre``)."""
    from bragrules.core.cards import CardError
    from bragrules.core.errors import RuleViolation
    from bragrules.rules.wild_deal import FROM_CENTRE_RULE

    if not wanted:
        raise RuleViolation(FROM_CENTRE_RULE, N_("this profile turns no centre card up to decide wild cards: "
                                                 "leave out --centre"))
    if text is None:
        raise RuleViolation(FROM_CENTRE_RULE, N_("{n} face-up centre cards decide the wild cards: give them with --centre")
                            if wanted != 1 else N_("{n} face-up centre card decides the wild cards: give them with --centre"),
                            n=wanted)
    try:
        return _Reader().cards(text)
    except CardError as exc:
        raise CardError(f"--centre: {exc}") from None

