"""Collection settings for the whole checkout: a module of an optional extra that is not installed
is left out of the doctests (its tests in tests/ skip and say why); every test and doctest starts
speaking English, whatever a command run in the same process before it chose (``--lang`` and
``BRAGRULES_LANG`` set the language for the rest of a real command's process).

The suite writes Python's byte-code caches even where the environment says not to
(``PYTHONDONTWRITEBYTECODE``): every test worker and every command a test starts as a process would
otherwise compile the package from source again, and pytest rewrite each test module's asserts again,
which took half of each worker's start-up (12.6 CPU seconds against 5.4 with the caches)."""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Iterator

import pytest

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # read by the workers and the commands started from here
sys.dont_write_bytecode = False

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["bragrules/openspiel/game.py"]


@pytest.fixture(autouse=True)
def _each_test_speaks_english() -> Iterator[None]:
    from bragrules.core.i18n import speaking

    with speaking("en"):
        yield
