"""The measures of a simulation with their 95% intervals, and what ``--precision`` waits for.

Every rate and mean that ``simulate`` reports is named here, with how its
interval is found (see :mod:`bragrules.analysis.stats`):

* a **share** (a rate: deals seen at a showdown, a style's wins) gets a
  Wilson score interval, widened by the design effect measured between the
  simulation's independent blocks (deals of one session depend on each
  other: carried pots, packs not shuffled);
* a **mean** (the average pot, a style's net per deal) gets a batch-means
  interval with the blocks of :data:`~bragrules.play.simulate.BLOCK_DEALS`
  deals as the unit.

``first_hand_pair`` is the share of deals whose first player is dealt a
pair: one hand a deal, so with a pack shuffled before every deal it is
exactly 3,744/22,100, a check that the intervals cover what they claim.

>>> from bragrules.play.simulate import simulate
>>> report = simulate("standard", players=4, hands=500, seed=3)
>>> found = intervals(report)
>>> sorted(found)[:4]
['actions_per_deal', 'average_pot', 'blind_net', 'blind_won']
>>> found["showdown"].low <= found["showdown"].estimate <= found["showdown"].high
True
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from bragrules.analysis.stats import CONFIDENCE, Interval, deals_needed, ratio_interval, wilson_blocks
from bragrules.core.i18n import N_

__all__ = [
    "HOUSE_RATIO",
    "METHOD_NOTE",
    "RATIOS",
    "block_columns",
    "intervals",
    "intervals_json",
    "measure_names",
    "precision_rule",
    "ratio",
]

RATIOS: Tuple[Tuple[str, str, str, str, str], ...] = (
    # name, label, kind, numerator column, denominator column
    ("showdown", N_("deals won at a see or showdown"), "share", "showdown", "deals"),
    ("folded_out", N_("deals won by everyone else folding"), "share", "folded_out", "deals"),
    ("carried", N_("deals whose pot carried"), "share", "carried", "deals"),
    ("split", N_("pots split"), "share", "split", "deals"),
    ("average_pot", N_("average pot"), "mean", "pot_total", "deals"),
    ("actions_per_deal", N_("actions per deal"), "mean", "actions", "deals"),
    ("blind_won", N_("hands played blind to the end that won"), "share", "blind_won", "blind_to_end"),
    ("blind_net", N_("net per hand played blind to the end"), "mean", "blind_net", "blind_to_end"),
    ("first_hand_pair", N_("first player dealt a pair"), "share", "first_pair", "first_dealt"),
)
"""The measures of every simulation; each style adds ``win_rate:STYLE`` (a
share of its deals) and ``net_per_deal:STYLE`` (a mean)."""

HOUSE_RATIO: Tuple[str, str, str, str, str] = ("house_take", N_("the house's take per deal"), "mean", "house", "deals")
"""The measure of a simulation whose house takes anything (a rake, a table fee)."""

METHOD_NOTE = N_(
    "95% intervals. Shares: Wilson score interval, widened by the design effect between the "
    "independent blocks of {block} deals (deals of one session depend on each other). Means: "
    "batch means over those blocks (Student's t, blocks - 1 degrees of freedom); at least two "
    "blocks are needed."
)


def block_columns(report: Any) -> Dict[str, List[float]]:
    """Each block's figures from ``report.block_rows``, by column; a style's seats summed.

    Style columns are ``deals:STYLE``, ``won:STYLE`` and ``net:STYLE``.
    """
    from bragrules.play.simulate import BLOCK_COLUMNS, SEAT_COLUMNS

    seats = list(report.seat_styles)
    width = len(BLOCK_COLUMNS) + len(SEAT_COLUMNS) * len(seats)
    rows = report.block_rows
    count = len(rows) // width if width else 0
    columns: Dict[str, List[float]] = {name: [0.0] * count for name in BLOCK_COLUMNS}
    for style in dict.fromkeys(report.seat_styles.values()):
        for name in SEAT_COLUMNS:
            columns[f"{name}:{style}"] = [0.0] * count
    for b in range(count):
        base = b * width
        for i, name in enumerate(BLOCK_COLUMNS):
            columns[name][b] = rows[base + i]
        for s, seat in enumerate(seats):
            style = report.seat_styles[seat]
            at = base + len(BLOCK_COLUMNS) + s * len(SEAT_COLUMNS)
            for i, name in enumerate(SEAT_COLUMNS):
                columns[f"{name}:{style}"][b] += rows[at + i]
    return columns


def ratio(report: Any) -> List[Tuple[str, str, str, str, str]]:
    """Every measure of ``report``: :data:`RATIOS` then each style's win rate and net per deal."""
    found = list(RATIOS)
    if getattr(report, "house_takes", False):
        found.append(HOUSE_RATIO)
    for style in dict.fromkeys(report.seat_styles.values()):
        found.append((f"win_rate:{style}", f"{style}: deals won", "share", f"won:{style}", f"deals:{style}"))
        found.append((f"net_per_deal:{style}", f"{style}: net per deal", "mean", f"net:{style}", f"deals:{style}"))
    return found


def measure_names(report: Any) -> List[str]:
    return [name for name, *_ in ratio(report)]


def _interval(kind: str, numerators: Sequence[float], denominators: Sequence[float]) -> Interval:
    if kind == "share":
        return wilson_blocks(numerators, denominators)
    return ratio_interval(numerators, denominators)


def intervals(report: Any, columns: Optional[Dict[str, List[float]]] = None) -> Dict[str, Interval]:
    """Every measure of the report with its 95% interval (measures with nothing counted are left out)."""
    columns = columns if columns is not None else block_columns(report)
    found: Dict[str, Interval] = {}
    for name, _label, kind, top, bottom in ratio(report):
        if sum(columns[bottom]) <= 0:
            continue
        found[name] = _interval(kind, columns[top], columns[bottom])
    return found


def intervals_json(report: Any) -> Dict[str, object]:
    """The ``intervals`` object of ``simulate --json``."""
    from bragrules.play.simulate import BLOCK_DEALS

    found = intervals(report)
    labels = {name: (label, kind) for name, label, kind, _, _ in ratio(report)}
    return {
        "confidence": CONFIDENCE,
        "method": METHOD_NOTE.format(block=BLOCK_DEALS),
        "block_deals": BLOCK_DEALS,
        "blocks": -(-report.deals // BLOCK_DEALS),
        "measures": {
            name: {"label": labels[name][0], "kind": labels[name][1], **interval.to_json()}
            for name, interval in found.items()
        },
    }


def precision_rule(target: float, names: Optional[Iterable[str]] = None) -> Any:
    """``until`` for :func:`~bragrules.play.simulate.simulate`: the deals wanted so that every
    interval named (all when ``names`` is None) is at most ``± target`` in its own unit
    (a share as a fraction: 0.01 is one percentage point; money in units of the profile).

    Raises ValueError for a name the report does not have.
    """
    chosen = None if names is None else list(names)

    def until(report: Any) -> int:
        found = intervals(report)
        known = measure_names(report)
        wanted: int = report.deals
        for name in chosen if chosen is not None else list(found):
            if name not in known:
                raise ValueError(f"no measure called {name!r} (choose from {', '.join(known)})")
            if name not in found:
                continue  # nothing counted: no interval to narrow
            wanted = max(wanted, deals_needed(report.deals, found[name].half_width, target))
        return wanted

    return until
