"""Collection settings for the whole checkout: a module of an optional extra that is not installed
is left out of the doctests (its tests in tests/ skip and say why); every test and doctest starts
speaking English, whatever a command run in the same process before it chose (``--lang`` and
``BRAGRULES_LANG`` set the language for the rest of a real command's process)."""

from __future__ import annotations

import importlib.util
from typing import Iterator

import pytest

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["bragrules/openspiel/game.py"]


@pytest.fixture(autouse=True)
def _each_test_speaks_english() -> Iterator[None]:
    from bragrules.core.i18n import speaking

    with speaking("en"):
        yield
