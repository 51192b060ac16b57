"""Optional compiled build.

A plain install (``pip install .`` or ``pip install -e .``) is pure Python.
With ``BRAGRULES_COMPILE=1`` the engine's hot modules are compiled with
mypyc into C extensions: the same code, type-checked and compiled, about
1.5 to 2.5 times as fast (``docs/performance.md``)::

    BRAGRULES_COMPILE=1 pip install .                           # a compiled install
    BRAGRULES_COMPILE=1 python setup.py build_ext --inplace     # compiled in a checkout

``BRAGRULES_COMPILE=solver`` builds only the solver's compiled sums
(``bragrules/solver/_kernel.c``, a plain C extension: a C compiler, no
mypyc); ``BRAGRULES_COMPILE=1`` builds it too. Its results equal the numpy
code's bit for bit (``docs/solver.md``)::

    BRAGRULES_COMPILE=solver python setup.py build_ext --inplace

A compiled module sits beside its ``.py`` file and is imported instead of
it, so after ``build_ext --inplace`` an edit to one of these files takes
effect only when it is compiled again (or its ``.so`` removed).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

# Modules on the hot path of play, simulation and audit. cards.py stays
# interpreted: its Card subclasses int, which mypyc does not compile.
# rules/compile.py stays interpreted too: it runs once per profile, and its
# Rules names the engine's Comparer and UnitsFamily only for the type checker
# (the rules load without the engine), which a compiled class cannot do: its
# fields' types must exist when the module loads.
COMPILED_MODULES = [
    "bragrules/core/money.py",
    "bragrules/rules/ranking_spec.py",
    "bragrules/rules/ranking.py",
    "bragrules/core/shuffling.py",
    "bragrules/engine/actions.py",
    "bragrules/engine/units.py",
    "bragrules/engine/showdown.py",
    "bragrules/engine/wild_cards.py",
    "bragrules/engine/refunds.py",
    "bragrules/engine/arrange.py",
    "bragrules/engine/state.py",
    "bragrules/engine/rake.py",
    "bragrules/engine/pots.py",
    "bragrules/engine/settlement.py",
    "bragrules/engine/showing.py",
    "bragrules/engine/kept_cards.py",
    "bragrules/engine/forced.py",
    "bragrules/engine/betting.py",
    "bragrules/engine/retention.py",
    "bragrules/engine/discard.py",
    "bragrules/engine/exchange.py",
    "bragrules/engine/draws.py",
    "bragrules/engine/dispute.py",
    "bragrules/engine/hunt.py",
    "bragrules/engine/side_show.py",
    "bragrules/engine/spare.py",
    "bragrules/engine/turns.py",
    "bragrules/engine/deal.py",
    "bragrules/engine/lives_pot.py",
    "bragrules/engine/session.py",
    "bragrules/play/bots.py",
    "bragrules/play/blocks.py",
    "bragrules/play/simulate.py",
    "bragrules/history/values.py",
    "bragrules/history/log.py",
    "bragrules/history/log_writer.py",
    "bragrules/audit/report.py",
    "bragrules/audit/base.py",
    "bragrules/audit/cards.py",
    "bragrules/audit/claims.py",
    "bragrules/audit/one_deal.py",
    "bragrules/audit/auditor.py",
]


# The solver's sums over a range, in C: no multiply-add fused, no fast-math, so that it equals numpy bit for bit
SOLVER_KERNEL = Extension("bragrules.solver._kernel", ["bragrules/solver/_kernel.c"],
                          extra_compile_args=["-O2", "-ffp-contract=off", "-fno-fast-math"])


def compiled_extensions() -> list:
    """The mypyc extensions and the solver's kernel when BRAGRULES_COMPILE asks for them, else none."""
    asked = os.environ.get("BRAGRULES_COMPILE", "")
    if asked in ("", "0"):
        return []
    if asked == "solver":
        return [SOLVER_KERNEL]
    if os.environ.get("BRAGRULES_LISTING_REQUIREMENTS"):  # build_support/backend.py: mypy comes next
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit("BRAGRULES_COMPILE is set but mypyc is missing: pip install mypy (it brings mypyc)")
    return mypycify(COMPILED_MODULES, opt_level="3") + [SOLVER_KERNEL]


setup(ext_modules=compiled_extensions())
