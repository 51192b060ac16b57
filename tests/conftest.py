"""Test settings shared by the whole suite.

Hypothesis profiles, chosen with the environment variable HYPOTHESIS_PROFILE:

- ``dev`` (the default, what ``python -m pytest`` runs): 25 random examples
  per property, no deadline, so that the whole suite runs in about a minute
  on two cores; each run draws new examples, so runs add up;
- ``ci``: 50 examples drawn the same way on every run (derandomized), no
  deadline, no example database, and a reproduction blob printed on failure;
- ``thorough``: 1,500 examples, for a long hunt before a release
  (``HYPOTHESIS_PROFILE=thorough python -m pytest``).

A property that is cheap per example asks for more with :func:`scaled`, so
that every profile keeps the proportions between properties.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile("thorough", max_examples=1500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def scaled(factor: int) -> int:
    """``factor`` times the examples of the profile in use (a cheap property: more examples for the same time).

    >>> scaled(4) == 4 * settings.default.max_examples
    True
    """
    return factor * settings.default.max_examples
