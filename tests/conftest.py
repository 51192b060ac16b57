"""Test settings shared by the whole suite.

Hypothesis profiles, chosen with the environment variable HYPOTHESIS_PROFILE:

- ``dev`` (the default): 100 random examples per property, no deadline;
- ``thorough``: 1,500 examples, for a long hunt before a release;
- ``ci``: 50 examples drawn the same way on every run (derandomized), no
  deadline, no example database, and a reproduction blob printed on failure.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=100, deadline=None)
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
