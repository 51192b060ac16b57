"""What ``simulate`` and ``diff --impact`` share: ``--plot``, ``--cluster`` and ``--precision``.

Each check runs before any deal is played, so a missing extra, a bad file
name or an unreachable scheduler is one line and exit status 2 at once,
never after an hour of simulation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Optional

import typer

from bragrules.core.i18n import tr

from .common import EXIT_BAD_INPUT, error


def check_plot(path: Optional[Path]) -> None:
    """``--plot FILE``: a .png or .svg in a folder that exists, and matplotlib installed."""
    if path is None:
        return
    from bragrules.analysis.plot import FORMATS, MISSING

    if path.suffix.lower() not in FORMATS:
        error("error: " + tr("--plot {path}: a plot is written as .png or .svg", path=path))
        raise typer.Exit(EXIT_BAD_INPUT)
    if not path.parent.is_dir():
        error("error: " + tr("--plot {path}: no folder {folder}", path=path, folder=path.parent))
        raise typer.Exit(EXIT_BAD_INPUT)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        error(f"error: {MISSING}")
        raise typer.Exit(EXIT_BAD_INPUT) from None


def save_plot(figure: Any, path: Path) -> None:
    from bragrules.analysis.plot import save

    try:
        save(figure, path)
    except OSError as exc:
        error("error: " + tr("--plot {path}: cannot write it ({reason})", path=path, reason=exc.strerror or exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None


def open_cluster(address: Optional[str], workers: int) -> Any:
    """``--cluster ADDRESS``: a connected client (None without the option)."""
    if address is None:
        return None
    if workers != 1:
        error("error: " + tr("--cluster and --workers: the cluster's workers play the blocks; give one or the other"))
        raise typer.Exit(EXIT_BAD_INPUT)
    from bragrules.analysis.cluster import ClusterError, ClusterUnavailable, connect

    _quiet_dask()
    try:
        return connect(address)
    except (ClusterError, ClusterUnavailable) as exc:
        error(f"error: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None


def _quiet_dask() -> None:
    """Dask's own log lines (a reconnection's traceback when the scheduler is lost) kept off stderr:
    what went wrong is this command's one error line."""
    import logging

    try:
        import distributed  # noqa: F401  (its logging is configured on import)
    except ImportError:
        return  # connect() says what is missing
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] in ("distributed", "tornado")]
    for name in ["distributed", "tornado", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def check_precision(precision: Optional[float]) -> None:
    if precision is not None and not precision > 0:
        error("error: " + tr("--precision must be a positive number, not {precision}", precision=precision))
        raise typer.Exit(EXIT_BAD_INPUT)


def names(option: str, text: Optional[str]) -> Optional[List[str]]:
    """A comma-separated list of measure names (None when not given)."""
    if text is None:
        return None
    found = [part.strip() for part in text.split(",") if part.strip()]
    if not found:
        error("error: " + tr("{option} names no measure", option=option))
        raise typer.Exit(EXIT_BAD_INPUT)
    return found


__all__ = ["check_plot", "check_precision", "names", "open_cluster", "save_plot"]
