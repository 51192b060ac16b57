"""numpy, which the solver needs: installed with the ``solver`` extra (``pip install 'bragrules[solver]'``)."""

from __future__ import annotations

import sys

try:
    import numpy as np
except ImportError:  # pragma: no cover - the message is the behaviour
    sys.exit("the solver needs numpy: pip install 'bragrules[solver]'")

__all__ = ["np"]
