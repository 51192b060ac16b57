"""How sure a simulation's figures are: 95% confidence intervals, paired differences, a stopping rule.

A simulation reports rates (the share of deals seen at a showdown) and means
(the net a style makes per deal). Each comes with an interval that, over
many seeded runs, holds the true value about 95 times in 100.

Rates: the Wilson score interval
--------------------------------
For ``k`` successes in ``n`` independent trials :func:`wilson` gives the
Wilson score interval, which stays inside [0, 1] and keeps close to its 95%
even for small ``n`` or rates near 0 or 1, where the textbook
``p ± 1.96·sqrt(p(1-p)/n)`` does not.

>>> w = wilson(3744, 22100)
>>> round(w.estimate, 4), round(w.low, 4), round(w.high, 4)
(0.1694, 0.1645, 0.1744)

Deals of one session are not independent (a carried pot changes the next
deal; a pack not shuffled between deals deals the same cards round again).
:func:`wilson_blocks` measures how much more the rate varies between the
simulation's independent blocks than independent deals would (the design
effect) and widens the Wilson interval by counting only ``n / effect``
trials; it never narrows it.

Means: batch means over blocks
------------------------------
A simulation plays fixed blocks of deals, each from its own seed, with
sessions cut at the block's end, so blocks are independent of each other
while the deals inside one are not. A mean per deal is a ratio of block
sums (net won over deals played); :func:`ratio_interval` is the batch-means
interval of that ratio (the delta method over blocks, Student's t with one
degree of freedom fewer than there are blocks). At least two blocks are
needed; with one there is no interval.

>>> r = ratio_interval([10.0, 14.0, 9.0, 11.0], [5.0, 5.0, 5.0, 5.0])
>>> r.estimate, round(r.half_width, 3)
(2.2, 0.687)

Paired differences
------------------
``diff --impact`` plays every profile on the same seeds, block for block,
so the luck of the cards is largely shared. :func:`paired_difference`
takes the difference block by block before measuring its spread, so the
shared noise cancels; a profile against itself differs by exactly 0.

>>> d = paired_difference([10.0, 14.0], [5.0, 5.0], [10.0, 14.0], [5.0, 5.0])
>>> d.estimate, d.half_width, d.distinguishable
(0.0, 0.0, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence

__all__ = [
    "CONFIDENCE",
    "Interval",
    "Z95",
    "deals_needed",
    "paired_difference",
    "ratio_interval",
    "t95",
    "wilson",
    "wilson_blocks",
]

CONFIDENCE = 0.95
Z95 = 1.959963984540054
"""The standard normal's 97.5% point: two-sided 95%."""

_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)


def t95(df: int) -> float:
    """Student's t 97.5% point for ``df`` degrees of freedom (two-sided 95%).

    A table to 30, then the Cornish-Fisher expansion about the normal point
    (good to better than 0.001 there).

    >>> t95(1), t95(10), round(t95(60), 3), round(t95(10**6), 3)
    (12.706, 2.228, 2.0, 1.96)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% interval [low, high], with how it was found."""

    estimate: float
    low: float
    high: float
    method: str

    @property
    def half_width(self) -> float:
        """The "±": the larger distance from the estimate to an end."""
        return max(self.estimate - self.low, self.high - self.estimate)

    @property
    def distinguishable(self) -> bool:
        """Whether 0 lies outside the interval (for a difference: it is not noise at this sample size)."""
        return self.low > 0 or self.high < 0

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_json(self, digits: int = 6) -> Dict[str, Optional[float]]:
        """Rounded; an end that is not a finite number (no interval) is None (JSON has no infinity).

        >>> Interval(1.5, -math.inf, math.inf, "batch means").to_json()
        {'estimate': 1.5, 'low': None, 'high': None, 'plus_minus': None}
        """
        def number(value: float) -> Optional[float]:
            return round(value, digits) if math.isfinite(value) else None

        return {
            "estimate": number(self.estimate),
            "low": number(self.low),
            "high": number(self.high),
            "plus_minus": number(self.half_width),
        }


def wilson(successes: float, trials: float, z: float = Z95) -> Interval:
    """The Wilson score interval for ``successes`` out of ``trials``.

    Both may be fractional (an effective number of trials with the same
    share, see :func:`wilson_blocks`).

    >>> w = wilson(0, 10)
    >>> w.low, round(w.high, 4)
    (0.0, 0.2775)
    >>> wilson(5, 0).half_width  # nothing counted: anything is possible
    1.0
    """
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0, "wilson")
    p = successes / trials if trials else 0.0
    p = min(1.0, max(0.0, p))
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(p, max(0.0, centre - spread), min(1.0, centre + spread), "wilson")


def design_effect(successes: Sequence[float], trials: Sequence[float]) -> float:
    """How much more a rate varies between blocks than independent trials would (at least 1).

    The between-block variance of the ratio estimator divided by the
    binomial variance ``p(1-p)/n``; 1 when there are fewer than two blocks
    or nothing varies.

    >>> design_effect([50, 50], [100, 100])
    1.0
    >>> round(design_effect([10, 90, 10, 90], [100, 100, 100, 100]), 1)
    85.3
    """
    k = len(trials)
    n = float(sum(trials))
    if k < 2 or n <= 0:
        return 1.0
    p = float(sum(successes)) / n
    binomial = p * (1 - p) / n
    if binomial <= 0:
        return 1.0
    mean_n = n / k
    spread = sum((s - p * t) ** 2 for s, t in zip(successes, trials)) / (k - 1)
    variance = spread / (k * mean_n * mean_n)
    return max(1.0, variance / binomial)


def wilson_blocks(successes: Sequence[float], trials: Sequence[float]) -> Interval:
    """A Wilson interval for a rate counted block by block, widened by the design effect.

    With independent trials the effect is about 1 and this is :func:`wilson`.

    >>> plain, blocks = wilson(100, 400), wilson_blocks([10, 90, 0, 0], [100, 100, 100, 100])
    >>> blocks.estimate == plain.estimate, blocks.half_width > plain.half_width
    (True, True)
    >>> wilson_blocks([25, 25, 25, 25], [100, 100, 100, 100]) == wilson(100, 400)
    True
    """
    total, n = sum(successes), sum(trials)
    effect = design_effect(successes, trials)
    p = total / n if n else 0.0
    interval = wilson(p * n / effect, n / effect)
    method = "wilson" if effect == 1.0 else f"wilson (design effect {effect:.2f})"
    return Interval(p, min(interval.low, p), max(interval.high, p), method)


def _ratio_residuals(numerators: Sequence[float], denominators: Sequence[float]) -> Optional[List[float]]:
    """Each block's linearised contribution to the ratio's error: (x_b - r·n_b) / mean n."""
    k = len(denominators)
    total = float(sum(denominators))
    if k == 0 or total <= 0:
        return None
    r = float(sum(numerators)) / total
    mean_n = total / k
    return [(x - r * d) / mean_n for x, d in zip(numerators, denominators)]


def ratio_interval(numerators: Sequence[float], denominators: Sequence[float]) -> Interval:
    """The batch-means interval for sum(numerators) / sum(denominators), blocks as the unit.

    With fewer than two blocks (or nothing counted) the interval is the
    whole line: there is no spread to measure it by.

    >>> ratio_interval([3.0], [2.0]).high
    inf
    """
    total = float(sum(denominators))
    estimate = float(sum(numerators)) / total if total > 0 else 0.0
    residuals = _ratio_residuals(numerators, denominators)
    k = len(denominators)
    if residuals is None or k < 2:
        return Interval(estimate, -math.inf, math.inf, "batch means (needs two blocks)")
    variance = sum(e * e for e in residuals) / (k - 1) / k
    half = t95(k - 1) * math.sqrt(variance)
    return Interval(estimate, estimate - half, estimate + half, f"batch means over {k} blocks")


def paired_difference(
    numerators_a: Sequence[float], denominators_a: Sequence[float],
    numerators_b: Sequence[float], denominators_b: Sequence[float],
) -> Interval:
    """The interval for ratio_b - ratio_a, the two measured on the same seeded blocks.

    The blocks pair up by position (block ``i`` of both runs was played from
    the same seed); the spread is that of the per-block differences of the
    linearised residuals, with Student's t over the blocks.

    >>> d = paired_difference([1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [2.0, 3.0, 4.0], [1.0, 1.0, 1.0])
    >>> d.estimate, d.half_width
    (1.0, 0.0)
    """
    k = len(denominators_a)
    if len(denominators_b) != k:
        raise ValueError("paired blocks: both runs must have the same number of blocks")
    ta, tb = float(sum(denominators_a)), float(sum(denominators_b))
    if ta <= 0 or tb <= 0:
        return Interval(0.0, -math.inf, math.inf, "paired batch means (nothing counted)")
    estimate = float(sum(numerators_b)) / tb - float(sum(numerators_a)) / ta
    ea = _ratio_residuals(numerators_a, denominators_a) or []
    eb = _ratio_residuals(numerators_b, denominators_b) or []
    if k < 2:
        return Interval(estimate, -math.inf, math.inf, "paired batch means (needs two blocks)")
    diffs = [b - a for a, b in zip(ea, eb)]
    variance = sum(d * d for d in diffs) / (k - 1) / k
    half = t95(k - 1) * math.sqrt(variance)
    if half < 1e-12 * max(1.0, abs(estimate)):
        half = 0.0  # identical runs: rounding, not noise
    return Interval(estimate, estimate - half, estimate + half, f"paired batch means over {k} blocks")


def deals_needed(deals: int, half_width: float, target: float) -> int:
    """How many deals in all should bring a ``± half_width`` at ``deals`` down to ``± target``.

    An interval narrows as one over the square root of the deals; 10% more
    is asked for so that the next look usually succeeds.

    >>> deals_needed(1000, 0.4, 0.2)
    4400
    >>> deals_needed(1000, 0.1, 0.2)
    1000
    """
    if target <= 0:
        raise ValueError(f"the precision must be positive, not {target}")
    if half_width <= target:
        return deals
    if not math.isfinite(half_width):
        return deals * 2
    return int(math.ceil(deals * (half_width / target) ** 2 * 1.1))
