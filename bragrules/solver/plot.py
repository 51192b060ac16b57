"""The exploitability of a solve over its iterations, as a picture (``bragrules solve --plot``).

>>> from bragrules.solver import Progress
>>> fig = exploitability_figure([Progress(10, 1.0, 0.5, (0.1, -0.1)), Progress(20, 2.0, 0.1, (0.1, -0.1))], 1.0, "standard")
>>> fig.axes[0].get_yscale()
'log'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from bragrules.analysis.plot import MISSING, PlotUnavailable

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver import Progress

__all__ = ["exploitability_figure"]


def exploitability_figure(history: Sequence["Progress"], ante: float, profile: str) -> Any:
    """Exploitability (stakes per deal, log scale) against iterations, with the line at 1% of the ante."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable(MISSING) from None
    fig = Figure(figsize=(6.4, 4.0), layout="constrained")
    ax = fig.add_subplot()
    xs = [p.iteration for p in history]
    ys = [max(p.exploitability, 1e-12) for p in history]
    ax.plot(xs, ys, marker="o", markersize=3, label="exploitability")
    ax.axhline(ante / 100, color="grey", linestyle="--", label="1% of the ante")
    ax.set_yscale("log")
    ax.set_xlabel("iterations of discounted CFR")
    ax.set_ylabel("exploitability (stakes per deal)")
    title = "".join(ch if ch.isprintable() else " " for ch in profile).replace("$", r"\$")
    ax.set_title(f"heads-up {title}")
    ax.legend()
    return fig
