"""Shuffling a pack with a seeded generator, the same on every Python version.

:func:`shuffle` is the Fisher-Yates shuffle of :meth:`random.Random.shuffle`,
drawing each index exactly as :class:`random.Random` does (``getrandbits``
of the index's bit length, redrawn while too large). So a seed gives the
deals it gave before, and always will, whatever a later Python does inside
``random.shuffle``; written out as one loop it is also faster, and it is
compiled with the engine (``setup.py``).

>>> import random
>>> cards, same = list(range(52)), list(range(52))
>>> shuffle(cards, random.Random(7)); random.Random(7).shuffle(same)
>>> cards == same
True
"""

from __future__ import annotations

import random
from typing import Any, List


def shuffle(items: List[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place with ``rng`` (identical to ``rng.shuffle(items)``)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
