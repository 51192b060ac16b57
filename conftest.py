"""Collection settings for the whole checkout: a module of an optional extra that is not installed
is left out of the doctests (its tests in tests/ skip and say why)."""

from __future__ import annotations

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["bragrules/openspiel/game.py"]
