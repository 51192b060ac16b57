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

__all__ = ["IMPACT_METRICS", "ImpactUnavailable", "impact_metrics", "measure_impact", "render_impact"]

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
    }


def _seat_count(profile: Profile, players: int) -> int:
    return max(2, profile.table.min_players, min(players, profile.table.max_players))


def measure_impact(
    comparison: Comparison, hands: int, players: int = 4, seed: int = 1,
    progress: Optional[Callable[[int, int], None]] = None,
) -> List[Dict[str, Any]]:
    """Simulate ``hands`` deals under each profile of the comparison, with the
    same seed and the same mix of bots, and measure what a table feels: how
    pots are won, how often they carry, the pots, how often blind play pays.

    Each profile seats ``players`` within its own table limits. Returns one
    row per profile (JSON-ready: shares as rounded floats, money exact).
    ``progress(done, total)`` is called as deals are played (``total``:
    ``hands`` for each profile). Raises :class:`ImpactUnavailable` when the
    simulator is not installed.
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
    results: List[Dict[str, Any]] = []
    total = hands * len(comparison.sides)
    for index, side in enumerate(comparison.sides):
        seats = _seat_count(side.profile, players)
        before = index * hands
        advance = None if progress is None else (lambda done, _all, before=before: progress(before + done, total))
        report = simulator.simulate(side.profile, players=seats, hands=hands, seed=seed, progress=advance)
        measured = impact_metrics(report)
        row: Dict[str, Any] = {"profile": side.label, "players": seats, "hands": hands, "seed": seed}
        for key, _, kind in IMPACT_METRICS:
            value = measured[key]
            if value is None or kind == "count":
                row[key] = value
            elif kind == "money":
                row[key] = money_json(value)
            elif kind == "share":
                row[key] = round(float(value), 4)  # a share is between 0 and 1
            else:
                row[key] = approximate(Fraction(value), 2)
        results.append(row)
    return results


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
    for key, label, kind in IMPACT_METRICS:
        values = [row.get(key) for row in measured]
        if all(v is None or v == 0 for v in values) and kind == "count":
            continue
        table.add_row(label, *[_shown(v, kind) for v in values])
    return table
