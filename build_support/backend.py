"""The build backend: setuptools's, asking for mypy too when a compiled build is wanted.

``BRAGRULES_COMPILE=1 pip install .`` builds in an isolated environment, so
mypy (which brings mypyc) has to be among the build requirements; a plain
build does not need it and does not download it. Everything else is
setuptools's own backend.
"""

from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (the whole PEP 517/660 interface)

# mypyc type-checks what it compiles, so it needs the libraries those modules import (and the
# pydantic plugin that pyproject.toml configures for mypy)
_COMPILER = ["mypy>=1.8", "pydantic>=2.5,<3", "pyyaml>=6.0", "types-PyYAML"]


def _compiling() -> bool:
    """Whether mypyc compiles (``BRAGRULES_COMPILE=solver`` builds only a plain C extension: no mypy needed)."""
    return os.environ.get("BRAGRULES_COMPILE", "") not in ("", "0", "solver")


def _requirements(ask: Callable[[Optional[Dict[str, object]]], List[str]],
                  config_settings: Optional[Dict[str, object]]) -> List[str]:
    """setuptools's requirements (setup.py is run without compiling: mypyc is not there yet) plus mypy."""
    os.environ["BRAGRULES_LISTING_REQUIREMENTS"] = "1"
    try:
        found = list(ask(config_settings))
    finally:
        del os.environ["BRAGRULES_LISTING_REQUIREMENTS"]
    return found + (_COMPILER if _compiling() else [])


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, object]] = None) -> List[str]:
    return _requirements(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: Optional[Dict[str, object]] = None) -> List[str]:
    return _requirements(_setuptools.get_requires_for_build_editable, config_settings)
