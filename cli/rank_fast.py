"""``bragrules rank`` under a shipped profile, without typer or the profile stack.

The plain case, ``bragrules rank [--profile NAME] [--json] HAND...``, with every hand one of three cards
that the profile's precomputed table holds (:mod:`bragrules.rank_tables`), prints what the whole command
prints, from the table: no YAML, no pydantic, no typer. Anything else (a path, a profile with no table or
changed since its table was written, ``--centre``, ``--help``, hands from stdin, a hand the table does not
hold or cannot read) returns None before writing anything, and the command runs in full.

>>> plan("--profile", "teen-patti", "AcKdQh").profile, plan("AcKdQh", "--json").as_json
('teen-patti', True)
>>> [plan(*args) for args in (["--help"], ["-p"], [], ["--centre", "Ac", "2c 3c 4c"], ["--", "AcKdQh"])]
[None, None, None, None, None]
"""

from __future__ import annotations

import os
from typing import Callable, List, NamedTuple, Optional, Sequence

from .common import EXIT_BAD_INPUT
from .rank_output import DEFAULT_PROFILE


class Plan(NamedTuple):
    """A ``rank`` command line in its plain form: the hands, the profile and ``--json``."""

    hands: List[str]
    profile: str
    as_json: bool


def plan(*args: str) -> Optional[Plan]:
    """``rank``'s arguments read as click reads them, where they are in the plain form; None otherwise."""
    hands: List[str] = []
    profile: Optional[str] = None
    as_json = False
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--json":
            as_json = True
        elif arg in ("--profile", "-p"):
            if profile is not None or not rest or rest[0].startswith("-"):
                return None
            profile = rest.pop(0)
        elif arg.startswith("--profile="):
            if profile is not None:
                return None
            profile = arg[len("--profile="):]
        elif arg.startswith("-"):  # another option, "--", or "-": the command decides
            return None
        else:
            hands.append(arg)
    if not hands:
        return None
    return Plan(hands, DEFAULT_PROFILE if profile is None else profile, as_json)


def completing() -> bool:
    """Whether the shell is asking for completions (click's ``_BRAGRULES_COMPLETE``): the app answers."""
    return any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ)


def runner(args: Sequence[str]) -> Optional[Callable[[], int]]:
    """What runs ``bragrules rank ARGS`` from a table, or None where the command must run in full.

    Every hand is read and found in the table first, so nothing is written before it is known that the
    table answers for all of them.
    """
    found = None if completing() else plan(*args)
    if found is None:
        return None
    from bragrules.core.cards import CardError
    from bragrules.rank_tables import shipped_table

    table = shipped_table(found.profile)
    if table is None:
        return None
    from .rank_output import _Reader, rank_all

    reader = _Reader()
    for text in found.hands:
        try:
            cards = reader.cards(text)
        except CardError:
            return None
        if table.reading(cards) is None:
            return None

    def run() -> int:
        source = ((f"hand {n}", text) for n, text in enumerate(found.hands, 1))
        return EXIT_BAD_INPUT if rank_all(source, table, table.profile_name, found.as_json) else 0

    return run
