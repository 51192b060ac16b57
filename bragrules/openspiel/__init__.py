"""Any profile, heads-up, as an OpenSpiel game: the optional ``openspiel`` extra.

``bragrules.openspiel.tree`` (the public tree and the payoffs, from the engine) needs nothing
more; ``bragrules.openspiel.game`` needs OpenSpiel (``pip install 'bragrules[openspiel]'``) and
registers the games ``bragrules`` and ``bragrules_general_sum`` with it::

    from bragrules.openspiel import load_game
    game = load_game("standard", max_raises=1, levels=1)

See docs/openspiel.md.
"""

from __future__ import annotations

from typing import Any

MISSING = "OpenSpiel is not installed: pip install 'bragrules[openspiel]'"
"""The one line said when the extra is missing."""

__all__ = ["MISSING", "available", "load_game"]


def available() -> bool:
    """Whether OpenSpiel can be imported."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def load_game(profile: str = "standard", general_sum: bool = False, **params: Any) -> Any:
    """The OpenSpiel game of one heads-up deal of ``profile`` (see :mod:`bragrules.openspiel.game`);
    ImportError with :data:`MISSING` when OpenSpiel is not installed."""
    from bragrules.openspiel import game

    return game.load_game(profile, general_sum, **params)
