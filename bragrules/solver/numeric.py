"""numpy, which the solver needs: installed with the ``solver`` extra (``pip install 'bragrules[solver]'``).

Without it, importing the solver raises :class:`SolverUnavailable` (an ImportError) whose
message is the one line to print: :data:`MISSING`.
"""

from __future__ import annotations

from typing import Any

MISSING = "the solver needs numpy: pip install 'bragrules[solver]'"


class SolverUnavailable(ImportError):
    """numpy is not installed (the message names the extra)."""


try:
    import numpy as np
except ImportError:  # pragma: no cover - the message is the behaviour
    raise SolverUnavailable(MISSING) from None

Array = Any
"""A numpy array in annotations (numpy's own types make every arithmetic result ``Any`` to mypy)."""

__all__ = ["MISSING", "Array", "SolverUnavailable", "np"]
