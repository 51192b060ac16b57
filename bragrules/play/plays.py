"""What a seat plays, in words, for the seat list, the log and the web table.

A bot's style names what it plays, except the ``solved`` bot's where it has no solved strategy
to play: at a table of more than four, or when no strategy was solved for the profile at the table's seats (or the
solver's numpy is not installed), it plays the ``cautious`` style, and says so: "cautious,
standing in for solved". A person's seat says ``human``.

>>> from bragrules.profile import load_profile
>>> plays("blind_bluffer", load_profile("standard"), 4)
'blind bluffer'
>>> plays("solved", load_profile("standard"), 4)
'cautious, standing in for solved'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Optional, Tuple

from bragrules.core.i18n import N_, tr

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.models import Profile

__all__ = ["STAND_IN", "plays", "plays_said", "stands_in"]

STAND_IN = N_("cautious, standing in for solved")
"""What the ``solved`` bot plays without a strategy to play (``cautious``: ``bragrules.solver.bot.FALLBACK``)."""

_HASHES: Dict[int, Tuple["Profile", str]] = {}


def stands_in(profile: "Profile", players: int) -> Optional[str]:
    """Why a ``solved`` bot at a table of ``players`` under ``profile`` plays ``cautious`` instead of a
    solved strategy, in words; None when it has a strategy to play."""
    if players < 2:
        return "no opponent"
    try:
        from bragrules.solver.bot import load_for
        from bragrules.solver.strategy import game_hash
        from bragrules.solver.tree import MAX_SEATS
    except ImportError:  # numpy is missing: no strategy can be read
        return "the solver is not installed (pip install 'bragrules[solver]')"
    if players > MAX_SEATS:
        return f"strategies are solved for 2 to {MAX_SEATS} players"
    found = _HASHES.get(id(profile))
    if found is None or found[0] is not profile:  # the hash of a profile is worked out once
        found = _HASHES[id(profile)] = (profile, game_hash(profile))
    if load_for(found[1], seats=players) is None:
        return "no strategy solved for this profile" + ("" if players == 2 else f" at {players} seats")
    return None


def plays(style: str, profile: "Profile", players: int) -> str:
    """What a seat of ``style`` plays at a table of ``players`` under ``profile``, in words: the style
    (``blind bluffer``), or :data:`STAND_IN` for a ``solved`` bot without a strategy to play."""
    if style == "solved" and stands_in(profile, players) is not None:
        return STAND_IN
    return style.replace("_", " ")


STYLE_WORDS = (N_("human"), N_("cautious"), N_("loose"), N_("blind bluffer"), N_("see happy"), N_("random"),
               N_("solved"), N_("lbr"))
"""Each style's words, for the catalogue (the log and the web's data keep the English)."""


def plays_said(style: str, profile: "Profile", players: int) -> str:
    """:func:`plays` in the language spoken, for a person reading the seat list.

    >>> from bragrules.core.i18n import speaking
    >>> from bragrules.profile import load_profile
    >>> with speaking("zh"):
    ...     plays_said("cautious", load_profile("standard"), 4) != "cautious"
    True
    """
    return tr(plays(style, profile, players))
