"""The names this module held before the history package was split, kept so that older imports still work.

New code imports from :mod:`bragrules.history` (or its modules: ``model``,
``schema``, ``log``, ``sheet``, ``source``, ``values``).
"""

from . import *  # noqa: F401,F403
from . import __all__  # noqa: F401
