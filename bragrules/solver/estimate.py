"""How long a solve has left: at the pace so far, to the iteration cap or to the target exploitability.

From the first iteration the pace is known (seconds an iteration, the measurements of the
exploitability included), so the time to the iteration cap is known: with no target that is
the time left; with a target it is the most there can be left (``at most``). Once the
exploitability has been measured, the iterations it needs to fall to the target are
extrapolated from how it has fallen: as a power of the iterations, ``e(t) ∝ t^-k``, ``k``
fitted to the last two measurements (with one measurement, ``k = 1``: the exploitability
halves as the iterations double). That is an estimate (``about``), never more than the
time to the cap. Discounted CFR does not fall on a smooth curve, so the estimate moves as
the measurements come in; it is redrawn with each.

>>> time_left(1, 2.0, 200, [], None)                # no target: the cap, at 2 s an iteration
TimeLeft(seconds=398.0, bound=False)
>>> time_left(1, 2.0, 200, [], 0.01)                # a target, nothing measured yet: at most the cap
TimeLeft(seconds=398.0, bound=True)
>>> time_left(20, 40.0, 200, [(10, 0.08), (20, 0.04)], 0.01)   # halving as the iterations double: 80 needed
TimeLeft(seconds=120.0, bound=False)
>>> time_left(20, 40.0, 200, [(10, 0.04), (20, 0.005)], 0.01)  # already below the target
TimeLeft(seconds=0.0, bound=False)
"""

from __future__ import annotations

import math
from typing import NamedTuple, Optional, Sequence, Tuple

__all__ = ["TimeLeft", "clock", "time_left"]


class TimeLeft(NamedTuple):
    """Seconds left, and whether that is only a bound (the time to the iteration cap, before the
    exploitability's fall can be extrapolated to the target)."""

    seconds: float
    bound: bool

    def words(self) -> str:
        """``about 0:01:10 left`` or ``at most 0:03:20 left``.

        >>> TimeLeft(70.0, False).words(), TimeLeft(200.0, True).words()
        ('about 0:01:10 left', 'at most 0:03:20 left')
        """
        from bragrules.core.i18n import tr

        if self.bound:
            return tr("at most {clock} left", clock=clock(self.seconds))
        return tr("about {clock} left", clock=clock(self.seconds))


def clock(seconds: float) -> str:
    """Seconds as ``H:MM:SS``.

    >>> clock(0.4), clock(75), clock(3725)
    ('0:00:00', '0:01:15', '1:02:05')
    """
    minutes, whole = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{whole:02d}"


def iterations_needed(measured: Sequence[Tuple[int, float]], target: float) -> Optional[float]:
    """The iterations at which the exploitability should reach ``target``, extrapolated from the
    measurements ``(iteration, exploitability)`` as ``e(t) ∝ t^-k``; None when nothing is measured
    or it is not falling.

    >>> iterations_needed([(10, 0.1)], 0.01)            # one measurement: k = 1
    100.0
    >>> round(iterations_needed([(10, 0.16), (20, 0.04)], 0.01), 3)   # k = 2
    40.0
    >>> iterations_needed([(10, 0.04), (20, 0.05)], 0.01) is None     # rising: no extrapolation
    True
    """
    points = [(t, e) for t, e in measured if t > 0 and e > 0 and math.isfinite(e)]
    if not points:
        return None
    t_b, e_b = points[-1]
    if e_b <= target:
        return float(t_b)
    k = 1.0
    if len(points) >= 2:
        t_a, e_a = points[-2]
        if t_b <= t_a or e_a <= e_b:
            return None
        k = math.log(e_a / e_b) / math.log(t_b / t_a)
    return float(t_b * (e_b / target) ** (1.0 / k))


def time_left(done: int, seconds: float, cap: int, measured: Sequence[Tuple[int, float]],
              target: Optional[float]) -> TimeLeft:
    """The time left after ``done`` iterations in ``seconds``, to the iteration ``cap`` or, with a
    ``target``, to the iteration the exploitability should reach it (see the module's docstring)."""
    pace = seconds / done if done > 0 else 0.0
    to_cap = max(0, cap - done) * pace
    if target is None or target <= 0:  # no target (or one never reached): the cap
        return TimeLeft(to_cap, False)
    needed = iterations_needed(measured, target)
    if needed is None:
        return TimeLeft(to_cap, True)
    return TimeLeft(min(to_cap, max(0.0, needed - done) * pace), False)
