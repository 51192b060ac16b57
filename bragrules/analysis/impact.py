"""What the differences between profiles change at the table: ``bragrules diff --impact``.

Each profile of a :class:`~bragrules.explainers.diff.Comparison` is simulated
with the same seed and the same mix of bots, and the measures a table feels
are set side by side: how pots are won, how often they carry, the pots, how
often blind play pays.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from bragrules.core.money import approximate, decimal_text, money_json, pretty_money
from bragrules.explainers.diff import Comparison
from bragrules.profile.models import Profile

__all__ = [
    "IMPACT_METRICS", "IMPACT_NOTE", "PAIRED", "ImpactUnavailable", "impact_metrics", "impact_sentences", "interval_value",
    "measure_impact", "own_intervals", "paired_differences", "render_impact",
]

# ---------------------------------------------------------------------------
# Impact: what the differences change at the table
# ---------------------------------------------------------------------------


class ImpactUnavailable(Exception):
    """The simulator cannot be used (not part of this installation)."""


IMPACT_METRICS: Tuple[Tuple[str, str, str], ...] = (
    ("showdown", "pots won at a see or showdown", "share"),
    ("folded_out", "pots won by everyone else folding", "share"),
    ("carried", "deals whose pot carried", "share"),
    ("split", "pots split", "share"),
    ("average_pot", "average pot", "mean"),
    ("largest_pot", "largest pot", "money"),
    ("actions_per_deal", "actions per deal", "mean"),
    ("blind_won", "hands played blind to the end that won", "share"),
    ("blind_net", "net per hand played blind to the end", "mean"),
    ("blind_survivor_carried", "blind survivors whose pot carried", "count"),
    ("hands_retained", "blind hands retained", "count"),
    ("house_take", "the house's take per deal", "mean"),
)
"""The measures of ``--impact``: key, label, and kind (a share of deals or of
blind hands, a mean, an exact amount of money, or a count)."""


def _fraction(count: int, total: int) -> Optional[Fraction]:
    return Fraction(count, total) if total else None


def impact_metrics(report: Any) -> Dict[str, Any]:
    """The :data:`IMPACT_METRICS` of one :class:`~bragrules.play.simulate.SimulationReport`.

    Shares and amounts are exact fractions (None where nothing was counted,
    e.g. no hand was played blind to the end).
    """
    data = report.to_json()
    deals = int(data["deals"])
    outcomes = data["outcomes"]
    blind = data["blind"]
    blind_hands = int(blind["stayed_blind"])
    actions = data.get("actions_per_deal")
    return {
        "deals": deals,
        "showdown": _fraction(outcomes["showdown"], deals),
        "folded_out": _fraction(outcomes["folded_out"], deals),
        "carried": _fraction(outcomes["carried"], deals),
        "split": _fraction(outcomes.get("split", 0), deals),
        "average_pot": Fraction(report.average_pot),
        "largest_pot": Fraction(report.largest_pot),
        "actions_per_deal": Fraction(str(actions)) if actions is not None else None,
        "blind_won": _fraction(blind["won"], blind_hands),
        "blind_net": (Fraction(str(blind["net"])) / blind_hands) if blind_hands else None,
        "blind_survivor_carried": int(blind.get("survivor_carried", 0)),
        "hands_retained": int(blind.get("hands_retained", 0)),
        "house_take": Fraction(report.house_per_deal) if getattr(report, "house_takes", False) else None,
    }


def _seat_count(profile: Profile, players: int) -> int:
    return max(2, profile.table.min_players, min(players, profile.table.max_players))


def measure_impact(
    comparison: Comparison, hands: int, players: int = 4, seed: int = 1,
    progress: Optional[Callable[[int, int], None]] = None,
    runner: Any = None, precision: Optional[float] = None, precision_for: Optional[Sequence[str]] = None,
    max_hands: int = 1_000_000, workers: int = 1,
) -> List[Dict[str, Any]]:
    """Simulate ``hands`` deals under each profile of the comparison, with the
    same seed and the same mix of bots, and measure what a table feels: how
    pots are won, how often they carry, the pots, how often blind play pays.

    Each profile seats ``players`` within its own table limits. Returns one
    row per profile (JSON-ready: shares as rounded floats, money exact),
    each with ``intervals`` (95%, see :mod:`bragrules.analysis.stats`); every
    row after the first has ``versus_first``: its difference from the first
    profile, paired block by block over the shared seeds, with its interval
    and whether it is distinguishable from zero. ``progress(done, total)``
    is called as deals are played (``total``: ``hands`` for each profile).

    With ``precision``, ``hands`` is the first round: while a paired
    difference (those of ``precision_for``, or all) is wider than
    ``± precision``, every profile is played again over more deals (the
    same seeds, so the result is that of one run of the final count), up to
    ``max_hands``. ``runner`` plays the blocks elsewhere (a cluster).
    Raises :class:`ImpactUnavailable` when the simulator is not installed.
    """
    import importlib

    try:
        simulator = importlib.import_module("bragrules.play.simulate")
    except ModuleNotFoundError as exc:
        if exc.name not in ("bragrules.play.simulate", None):
            raise
        raise ImpactUnavailable(
            "the simulator (bragrules.play.simulate) is not available in this installation"
        ) from None
    from bragrules.analysis.stats import deals_needed

    if precision_for:
        unknown = [name for name in precision_for if name not in PAIRED]
        if unknown:
            raise ValueError(f"no paired measure called {unknown[0]!r} (choose from {', '.join(PAIRED)})")
    block = simulator.BLOCK_DEALS
    while True:
        reports = []
        total = hands * len(comparison.sides)
        for index, side in enumerate(comparison.sides):
            seats = _seat_count(side.profile, players)
            before = index * hands
            advance = None if progress is None else (
                lambda done, _all, before=before, total=total: progress(before + done, total))
            reports.append(simulator.simulate(side.profile, players=seats, hands=hands, seed=seed, progress=advance,
                                              runner=runner, workers=workers))
        differences = [paired_differences(reports[0], other) for other in reports[1:]]
        if precision is None or hands >= max_hands:
            break
        wanted = hands
        for found in differences:
            for name, interval in found.items():
                if precision_for and name not in precision_for:
                    continue
                wanted = max(wanted, deals_needed(hands, interval.half_width, precision))
        wanted = min(max_hands, -(-wanted // block) * block)
        if wanted <= hands:
            break
        hands = wanted
    results: List[Dict[str, Any]] = []
    for index, (side, report) in enumerate(zip(comparison.sides, reports)):
        measured = impact_metrics(report)
        row: Dict[str, Any] = {"profile": side.label, "players": report.players, "hands": hands, "seed": seed}
        for key, _, kind in IMPACT_METRICS:
            value = measured[key]
            if value is None and key in _HOUSE_ONLY:
                continue  # no house at this table: nothing to say
            if value is None or kind == "count":
                row[key] = value
            elif kind == "money":
                row[key] = money_json(value)
            elif kind == "share":
                row[key] = round(float(value), 4)  # a share is between 0 and 1
            else:
                row[key] = approximate(Fraction(value), 2)
        row["intervals"] = {name: interval.to_json() for name, interval in own_intervals(report).items()}
        if index:
            row["versus_first"] = {
                name: {**interval.to_json(), "distinguishable": interval.distinguishable}
                for name, interval in differences[index - 1].items()
            }
        results.append(row)
    return results


_HOUSE_ONLY = ("house_take",)
"""Measures only a table whose house takes anything has (the others' rows leave them out)."""


PAIRED: Tuple[str, ...] = (
    "showdown", "folded_out", "carried", "split", "average_pot", "actions_per_deal", "blind_won", "blind_net",
    "house_take",
)
"""The measures of :data:`IMPACT_METRICS` that are rates or means, so have intervals and paired differences."""


def own_intervals(report: Any) -> Dict[str, Any]:
    """The 95% intervals of one profile's :data:`PAIRED` measures."""
    from bragrules.analysis.measures import intervals

    found = intervals(report)
    return {name: found[name] for name in PAIRED if name in found}


def paired_differences(first: Any, other: Any) -> Dict[str, Any]:
    """``other`` minus ``first`` for each :data:`PAIRED` measure, paired block by block (same seeds)."""
    from bragrules.analysis.measures import HOUSE_RATIO, RATIOS, block_columns
    from bragrules.analysis.stats import paired_difference

    a, b = block_columns(first), block_columns(other)
    found: Dict[str, Any] = {}
    house = getattr(first, "house_takes", False) or getattr(other, "house_takes", False)
    for name, _label, _kind, top, bottom in (*RATIOS, HOUSE_RATIO) if house else RATIOS:
        if name not in PAIRED or sum(a[bottom]) <= 0 or sum(b[bottom]) <= 0:
            continue
        found[name] = paired_difference(a[top], a[bottom], b[top], b[bottom])
    return found


def interval_value(found: Dict[str, Any], key: str) -> float:
    """A number of an interval's JSON; None (no finite end: no interval) read back as an infinity.

    >>> interval_value({"low": None, "plus_minus": 0.5}, "low"), interval_value({"plus_minus": None}, "plus_minus")
    (-inf, inf)
    """
    value = found.get(key)
    if value is None:
        return float("-inf") if key == "low" else float("nan") if key == "estimate" else float("inf")
    return float(value)


def _plus_minus(value: float, kind: str) -> str:
    if kind == "share":
        return f"{abs(value) * 100:.1f} points"
    return f"{abs(value):.2f}"


def _significant(value: float) -> str:
    """A ± for people: two significant figures."""
    if value == 0:
        return "0"
    return f"{value:.2g}"


def impact_sentences(measured: Sequence[Dict[str, Any]]) -> List[str]:
    """What a player reads: each profile against the first, the differences that are not noise first."""
    if len(measured) < 2:
        return []
    labels = {key: (label, kind) for key, label, kind in IMPACT_METRICS}
    first = measured[0]
    lines: List[str] = []
    for row in measured[1:]:
        real, noise = [], []
        for key, found in (row.get("versus_first") or {}).items():
            label, kind = labels[key]
            estimate, half = interval_value(found, "estimate"), interval_value(found, "plus_minus")
            if not found["distinguishable"]:
                noise.append(label)
                continue
            if key == "blind_net":
                verb = "costs" if estimate < 0 else "gains"
                real.append(f"{row['profile']} {verb} a blind player about {_significant(abs(estimate))} a hand, "
                            f"± {_significant(half)} (against {first['profile']})")
            elif kind == "share":
                way = "more" if estimate > 0 else "fewer"
                real.append(f"{label}: {_significant(abs(estimate) * 100)} points {way} under {row['profile']} "
                            f"than {first['profile']}, ± {_significant(half * 100)}")
            else:
                way = "higher" if estimate > 0 else "lower"
                real.append(f"{label}: {_significant(abs(estimate))} {way} under {row['profile']} "
                            f"than {first['profile']}, ± {_significant(half)}")
        if real:
            lines.extend(real)
        else:
            lines.append(f"{row['profile']} against {first['profile']}: no difference distinguishable from "
                         f"noise at {row['hands']:,} deals each")
        if noise and real:
            lines.append(f"not distinguishable from noise at {row['hands']:,} deals: {', '.join(noise)}")
    return lines


IMPACT_NOTE = (
    "± is a 95% interval. Each profile is played on the same seeds; a difference is measured block by "
    "block ({block} deals a block), so the luck both share cancels (paired batch means, Student's t). "
    "Shares: Wilson intervals widened by the design effect between blocks; means: batch means over blocks."
)


def _shown(value: Any, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "share":
        return f"{float(value) * 100:.1f}%"
    if kind == "count":
        return str(value)
    if kind == "money":
        return pretty_money(value if isinstance(value, Fraction) else Fraction(str(value)))
    return decimal_text(Fraction(str(value)), 2)


def render_impact(comparison: Comparison, measured: Sequence[Dict[str, Any]]) -> Any:
    """A rich table: one row per measure, one column per profile."""
    from rich.table import Table

    first = measured[0] if measured else {}
    table = Table(
        title=f"At the table: {first.get('hands', '?')} simulated deals under each profile, "
        f"seed {first.get('seed', '?')}, the same mix of bots",
        title_justify="left",
    )
    table.add_column("", style="bold")
    for row in measured:
        table.add_column(f"{row['profile']}\n({row['players']} players)", justify="right")
    if len(measured) == 2:
        table.add_column("difference\n(* not noise)", justify="right")
    for key, label, kind in IMPACT_METRICS:
        values = [row.get(key) for row in measured]
        if _left_out(key, kind, values):
            continue
        cells = []
        for row, value in zip(measured, values):
            text = _shown(value, kind)
            found = (row.get("intervals") or {}).get(key)
            if found is not None and value is not None and found.get("plus_minus") is not None:
                half = interval_value(found, "plus_minus")
                text += f" ± {half * 100:.1f}" if kind == "share" else f" ± {_significant(half)}"
            cells.append(text)
        if len(measured) == 2:
            found = (measured[1].get("versus_first") or {}).get(key)
            cells.append("" if found is None else _difference(found, kind))
        table.add_row(label, *cells)
    return table


def _left_out(key: str, kind: str, values: Sequence[Any]) -> bool:
    """Whether a measure's row is left out of the table: a count of nothing, or a house nobody has."""
    if kind == "count" and all(v is None or v == 0 for v in values):
        return True
    return key in _HOUSE_ONLY and all(v is None for v in values)


def _difference(found: Dict[str, Any], kind: str) -> str:
    """A paired difference for a table cell: signed, with its ±, starred when not noise."""
    estimate, half = interval_value(found, "estimate"), interval_value(found, "plus_minus")
    if found.get("plus_minus") is None:
        return f"{estimate * (100 if kind == 'share' else 1):+.2f} (needs two blocks)"
    scale = 100 if kind == "share" else 1
    text = f"{estimate * scale:+.1f} ± {half * scale:.1f}" if kind == "share" else \
        f"{estimate:+.2f} ± {_significant(half)}"
    return text + (" *" if found["distinguishable"] else "")
