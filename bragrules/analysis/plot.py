"""Pictures of a simulation and of ``diff --impact``, drawn from the report's own numbers.

:func:`simulation_figure` draws three panels: each style's net per deal
with its 95% interval, the distribution of pot sizes, and how deals end
(shares with their intervals). :func:`impact_figure` sets the profiles
side by side on the measures of ``diff --impact``, a panel for the shares
(in percent) and one for each mean in its own unit, and, beneath, each
profile's paired difference from the first with its interval, the
differences that are not noise starred.

Every number drawn is one the report carries (the intervals of
:mod:`bragrules.analysis.measures`), and each bar group is labelled with
the measure it shows, so a test can read the figure's data back and
compare it with the report. Names (profiles, styles) are drawn as plain
text: never as mathtext, control characters neutralised.

matplotlib is an optional extra (``pip install 'bragrules[plot]'``):
:data:`MISSING` is the one line to print when it is absent.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

__all__ = ["FORMATS", "IMPACT_PANELS", "MISSING", "NOT_NOISE", "PlotUnavailable", "impact_figure", "read_bars", "save",
           "simulation_figure"]

FORMATS = (".png", ".svg")
MISSING = "plots need matplotlib: pip install 'bragrules[plot]'"


class PlotUnavailable(Exception):
    """matplotlib is not installed."""


def _figure(size: Tuple[float, float]) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable(MISSING) from None
    return Figure(figsize=size, layout="constrained")


def _text(value: str) -> str:
    from bragrules.core.text import neutralise

    return neutralise(str(value))


def _wrapped(text: str, room: float, size: float = 10.0) -> str:
    """``text`` broken into lines that fit ``room`` inches at a font of ``size`` points (a name, a profile's,
    is as long as its author made it: cut at the figure's edge or over the next panel, it could not be read).

    >>> print(_wrapped("minus a-profile-with-a-long-name", 1.5))
    minus a-profile-
    with-a-long-name
    >>> _wrapped("minus standard", 1.5)
    'minus standard'
    """
    import textwrap

    chars = max(8, int(room * 72 / (size * 0.6)))  # an average glyph is about 0.6 of the font size wide
    return "\n".join(textwrap.wrap(text, chars, break_on_hyphens=True, break_long_words=True)) or text


def _wrap_legend(ax: Any, room: float) -> None:
    """The legend's labels wrapped to ``room`` inches (the bars keep their labels: the tests read them)."""
    legend = ax.get_legend()
    if legend is not None:
        for label in legend.get_texts():
            label.set_text(_wrapped(label.get_text(), room, 8.0))


def _plain_labels(ax: Any) -> None:
    """Tick labels, titles and legends as text: a ``$`` in a name is not mathtext."""
    for label in [*ax.get_xticklabels(), *ax.get_yticklabels(), ax.title, ax.xaxis.label, ax.yaxis.label]:
        label.set_parse_math(False)
    legend = ax.get_legend()
    if legend is not None:
        for label in legend.get_texts():
            label.set_parse_math(False)


def _errors(interval: Any) -> Tuple[float, float]:
    """(below, above) for an error bar; no bar where the interval is unbounded."""
    below, above = interval.estimate - interval.low, interval.high - interval.estimate
    if not (math.isfinite(below) and math.isfinite(above)):
        return 0.0, 0.0
    return below, above


def simulation_figure(report: Any) -> Any:
    """The figure of ``simulate --plot``: net per deal by style, pot sizes, how deals end."""
    from bragrules.analysis.measures import intervals

    found = intervals(report)
    fig = _figure((15, 4.8))
    net_ax, pot_ax, end_ax = fig.subplots(1, 3)

    styles = list(dict.fromkeys(report.seat_styles.values()))
    nets = [found[f"net_per_deal:{s}"] for s in styles if f"net_per_deal:{s}" in found]
    shown = [s for s in styles if f"net_per_deal:{s}" in found]
    below, above = zip(*[_errors(i) for i in nets]) if nets else ((), ())
    net_ax.bar(range(len(shown)), [i.estimate for i in nets], yerr=[list(below), list(above)], capsize=4,
               color="tab:blue", label="net_per_deal")
    net_ax.axhline(0, color="black", linewidth=0.8)
    net_ax.set_xticks(range(len(shown)), [_text(s) for s in shown], rotation=20)
    net_ax.set_ylabel("net per deal (95% interval)")
    net_ax.set_title("net per deal, by style")

    pots = sorted(report.tally.pot_sizes.items())
    pot_ax.bar([float(p) for p, _ in pots], [c for _, c in pots], width=_bar_width([float(p) for p, _ in pots]),
               color="tab:green", label="pot_sizes")
    pot_ax.set_xlabel("pot")
    pot_ax.set_ylabel("deals")
    pot_ax.set_title(f"pot sizes ({report.deals:,} deals)")

    ends = [name for name in ("showdown", "folded_out", "carried", "split") if name in found]
    shares = [found[name] for name in ends]
    below, above = zip(*[_errors(i) for i in shares]) if shares else ((), ())
    end_ax.bar(range(len(ends)), [i.estimate for i in shares], yerr=[list(below), list(above)], capsize=4,
               color="tab:orange", label="outcomes")
    end_ax.set_xticks(range(len(ends)), [e.replace("_", " ") for e in ends])
    end_ax.set_ylim(0, 1)
    end_ax.set_ylabel("share of deals (95% interval)")
    end_ax.set_title("how deals end")
    fig.suptitle(_wrapped(_text(f"{report.profile}: {report.deals:,} deals, {report.players} players, "
                                f"seed {report.seed}"), 13.0, 12.0), parse_math=False)
    for ax in (net_ax, pot_ax, end_ax):
        _plain_labels(ax)
    return fig


def _bars(found: Sequence[Dict[str, Any]]) -> Tuple[List[float], List[float], List[float]]:
    """Heights and error bars (below, above) from intervals' JSON; no bar where there is no interval."""
    from bragrules.analysis.impact import interval_value

    values, below, above = [], [], []
    for interval in found:
        estimate = interval_value(interval, "estimate")
        low, high = interval_value(interval, "low"), interval_value(interval, "high")
        bounded = math.isfinite(low) and math.isfinite(high)
        values.append(estimate)
        below.append(estimate - low if bounded else 0.0)
        above.append(high - estimate if bounded else 0.0)
    return values, below, above


def _bar_width(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return 1.0
    gaps = [b - a for a, b in zip(xs, xs[1:]) if b > a]
    return 0.8 * min(gaps) if gaps else 1.0


IMPACT_PANELS: Tuple[Tuple[str, Tuple[str, ...], str, str], ...] = (
    ("how pots are won", ("showdown", "folded_out", "carried", "split", "blind_won"), "% of deals",
     "percentage points"),
    ("average pot", ("average_pot",), "money per deal", "money per deal"),
    ("actions per deal", ("actions_per_deal",), "actions per deal", "actions per deal"),
    ("net per blind hand", ("blind_net",), "money per hand played blind", "money per hand played blind"),
)
"""The panels of :func:`impact_figure`, left to right: a title, the measures it draws, the unit of
the values and the unit of the differences. Shares are drawn in percent (``blind_won`` of the hands
played blind to the end), as the text writes them; each mean has a panel of its own, so that pots,
actions and money are never read on one axis."""

NOT_NOISE = "not noise (95% interval clear of 0)"
"""The label of the marks on the differences that are not noise, as the text marks them with ``*``."""

_SHORT = {"showdown": "at a see", "folded_out": "all folded", "carried": "carried", "split": "split",
          "blind_won": "blind won\n(of blind hands)", "average_pot": "average pot",
          "actions_per_deal": "actions", "blind_net": "blind net"}


def _scale(key: str) -> float:
    """What a measure's value is multiplied by to be drawn: shares in percent, means as they are."""
    from bragrules.analysis.impact import IMPACT_METRICS

    kinds = {name: kind for name, _, kind in IMPACT_METRICS}
    return 100.0 if kinds.get(key) == "share" else 1.0


def impact_figure(measured: Sequence[Dict[str, Any]]) -> Any:
    """The figure of ``diff --impact --plot``: the profiles side by side, then their differences from the first.

    One column per panel of :data:`IMPACT_PANELS`: on top the measures of
    every profile (bars with their 95% intervals, one colour per profile),
    beneath each later profile's paired difference from the first (a point
    with its interval, in the same colour), the differences that are not
    noise marked with a star (:data:`NOT_NOISE`), as the text marks them.
    Every axis is labelled with its unit: shares in percent and their
    differences in percentage points, as the text writes them. Bars and
    points carry the profile's name as their label.
    """
    fig = _figure((15, 8.5))
    ratios = [len(keys) for _, keys, _, _ in IMPACT_PANELS]
    grid = fig.add_gridspec(2, len(IMPACT_PANELS), width_ratios=ratios)
    later = list(measured[1:])
    first_name = measured[0]["profile"] if measured else ""
    for column, (title, keys, unit, difference_unit) in enumerate(IMPACT_PANELS):
        room = 15 * 0.8 * len(keys) / sum(ratios)  # the panel's width in inches, less the figure's margins
        _impact_measures(fig.add_subplot(grid[0, column]), measured, keys, title, unit, legend=column == 0)
        _impact_differences(fig.add_subplot(grid[1, column]), later, keys, first_name, difference_unit,
                            legend=column == 0, room=room)
        for ax in fig.axes[-2:]:
            _wrap_legend(ax, room / 2)
    for ax in fig.axes:
        _plain_labels(ax)
    first = measured[0] if measured else {}
    fig.suptitle(f"{first.get('hands', 0):,} simulated deals under each profile, seed {first.get('seed', '?')}; "
                 "each difference paired over the same seeds", parse_math=False)
    return fig


def _impact_measures(top: Any, measured: Sequence[Dict[str, Any]], keys: Sequence[str], title: str, unit: str,
                     legend: bool) -> None:
    """One panel's top: every profile's measures, bars with their 95% intervals, one colour per profile."""
    count = max(1, len(measured))
    width = 0.8 / count
    for p, row in enumerate(measured):
        found = row.get("intervals") or {}
        present = [k for k in keys if k in found]
        xs = [keys.index(k) + (p - (count - 1) / 2) * width for k in present]
        values, below, above = _bars([found[k] for k in present])
        scales = [_scale(k) for k in present]
        top.bar(xs, [v * f for v, f in zip(values, scales)], width=width,
                yerr=[[b * f for b, f in zip(below, scales)], [a * f for a, f in zip(above, scales)]],
                capsize=3, color=f"C{p % 10}", label=_text(row["profile"]))
    _measure_axis(top, keys)
    top.set_title(title)
    top.set_ylabel(unit)
    if "%" in unit:
        top.set_ylim(0, 100)
    if legend and measured:
        top.legend(title="95% intervals", fontsize="small")


def _impact_differences(bottom: Any, later: Sequence[Dict[str, Any]], keys: Sequence[str], first_name: str,
                        difference_unit: str, legend: bool, room: float = 2.0) -> None:
    """One panel's bottom: each later profile's paired difference from the first, a point with its
    interval, the differences that are not noise starred."""
    span = 0.8 / max(1, len(later))
    for p, row in enumerate(later, start=1):
        found = row.get("versus_first") or {}
        present = [k for k in keys if k in found]
        xs = [keys.index(k) + (p - 1 - (len(later) - 1) / 2) * span for k in present]
        values, below, above = _bars([found[k] for k in present])
        scales = [_scale(k) for k in present]
        bottom.errorbar(xs, [v * f for v, f in zip(values, scales)],
                        yerr=[[b * f for b, f in zip(below, scales)], [a * f for a, f in zip(above, scales)]],
                        fmt="o", capsize=4, color=f"C{p % 10}", markerfacecolor="white",
                        label=_text(f"{row['profile']} minus {first_name}"))
        real = [(x, v * f) for x, k, v, f in zip(xs, present, values, scales) if found[k].get("distinguishable")]
        if real:
            bottom.plot([x for x, _ in real], [y for _, y in real], linestyle="none", marker="*", markersize=15,
                        color=f"C{p % 10}", label="_nolegend_", gid="not-noise", zorder=4)
    bottom.axhline(0, color="black", linewidth=0.8)
    _measure_axis(bottom, keys)
    bottom.set_title(_wrapped(f"minus {_text(first_name)}", room) if first_name else "", fontsize="medium")
    bottom.set_ylabel(difference_unit)
    if legend and later:
        from matplotlib.lines import Line2D

        handles, _ = bottom.get_legend_handles_labels()
        star = Line2D([], [], linestyle="none", marker="*", markersize=12, color="black", label=NOT_NOISE)
        bottom.legend(handles=[*handles, star], fontsize="small")


def _measure_axis(ax: Any, keys: Sequence[str]) -> None:
    """One tick per measure, named, and no empty room beyond the first and the last."""
    ax.set_xticks(range(len(keys)), [_SHORT.get(k, k.replace("_", " ")) for k in keys])
    ax.set_xlim(-0.5, len(keys) - 0.5)


def save(fig: Any, path: Path) -> None:
    """Write the figure; the format from the suffix (:data:`FORMATS`)."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"{path}: a plot is written as .png or .svg, not {suffix or 'a file without a suffix'}")
    fig.savefig(str(path), format=suffix[1:], metadata={"Date": None} if suffix == ".svg" else None)


def read_bars(ax: Any) -> List[Tuple[str, List[float], List[float]]]:
    """(label, x, heights) of each bar group drawn on ``ax``: what the tests read back."""
    from matplotlib.container import BarContainer

    found = []
    for container in ax.containers:
        if isinstance(container, BarContainer):
            xs = [patch.get_x() + patch.get_width() / 2 for patch in container.patches]
            found.append((str(container.get_label()), xs, [patch.get_height() for patch in container.patches]))
    return found
