"""What each seat is worth per deal under a solved profile, and the bounds two best responses put on it.

The solver ends with a profile ``σ = (σ₁, σ₂)`` (each seat's average strategy), each seat's
value on it, ``v₁`` and ``v₂``, and each seat's best-response value against the other's
strategy, ``BR₁ = max over τ₁ of u₁(τ₁, σ₂)`` and ``BR₂ = max over τ₂ of u₂(σ₁, τ₂)``.

**What a seat can gain.** Seat ``i`` gains ``BR_i − v_i`` by deviating. Their sum is the
NashConv; the exploitability the solver prints is half of it, the mean of the two gains
(what OpenSpiel calls exploitability for two players). So one seat alone may gain up to the
NashConv, twice the printed figure, but not more (the other's gain is never negative).

**The interval (a zero-sum or constant-sum game).** When at every ending the two seats'
payoffs add to the same number ``s`` (``0``: zero-sum; minus the table fees: constant-sum),
the game has one value ``V`` to seat 1 (the minimax theorem), and::

    BR₁ = max_τ₁ u₁(τ₁, σ₂)  ≥  min_τ₂ max_τ₁ u₁  =  V
    BR₂ = max_τ₂ u₂(σ₁, τ₂)  =  s − min_τ₂ u₁(σ₁, τ₂)  ≥  s − max_τ₁ min_τ₂ u₁  =  s − V

so ``s − BR₂ ≤ V ≤ BR₁``, and the profile's own value ``v₁`` lies in the same interval
(``min_τ₂ u₁(σ₁, τ₂) ≤ u₁(σ₁, σ₂) ≤ max_τ₁ u₁(τ₁, σ₂)``). For seat 1 (zero-sum: ``[−BR₂, BR₁]``):

* the **low** end, ``s − BR₂``, is what seat 1's own strategy guarantees it whatever seat 2
  does (seat 2's best response takes the rest);
* the **high** end, ``BR₁``, is the most seat 1 can get against seat 2's strategy (seat 2's
  strategy holds it to that).

For seat 2 the same with the seats swapped: ``[s − BR₁, BR₂]``. The interval's width,
``BR₁ + BR₂ − s``, is the NashConv. All of it is for the game of the tree (its caps on bets
and raises), not for every bet size the profile allows.

**A general-sum game.** With a rake (``house.rake``: the house's take depends on the pot) or
a carried pot valued at less than all of it, the seats' payoffs do not add to one number:
there is no single value, so no interval. What stays true: each seat's value on the profile,
what its best response gets, and so what it could gain by deviating; and what the house (and
the carried pots valued at less than all of them) takes, ``−(v₁ + v₂)``.

>>> zero = valuation((-0.41, 0.41), (-0.39, 0.42), 0.0, [])
>>> zero.kind, zero.seats[0].low, zero.seats[0].high, zero.seats[1].low, zero.seats[1].high
('zero-sum', -0.42, -0.39, 0.39, 0.42)
>>> [round(s.gain, 4) for s in zero.seats], round(zero.nash_conv, 4), round(zero.exploitability, 4)
([0.02, 0.01], 0.03, 0.015)
>>> raked = valuation((-0.5, 0.3), (-0.45, 0.35), None, ["the house rakes 1/20 of each pot won (house.rake)"])
>>> raked.kind, raked.seats[0].low, round(raked.house, 4)
('general-sum', None, 0.2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.i18n import N_, Message

__all__ = ["ROLES", "SeatValue", "Valuation", "valuation"]

ROLES = (N_("first to act"), N_("dealer"))
"""What each seat of the heads-up deal is: seat 1 acts first (the dealer's left), seat 2 deals."""

LOW_IS = "what this seat's own strategy guarantees it, whatever the other does (the payoffs' sum less the other's best response)"
HIGH_IS = "the most this seat can get against the other's strategy (its best response)"


@dataclass(frozen=True)
class SeatValue:
    """One seat's value per deal (stakes) on the solved profile, its best-response value, and the
    interval the game's value to it lies in (``low``, ``high``; None in a general-sum game)."""

    seat: int
    value: float
    best_response: float
    low: Optional[float]
    high: Optional[float]

    @property
    def gain(self) -> float:
        """What this seat gains by deviating from the profile (its best response less its value)."""
        return self.best_response - self.value

    @property
    def role(self) -> str:
        return ROLES[self.seat]

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"seat": self.seat + 1, "role": self.role, "value": self.value,
                               "best_response": self.best_response, "gain": self.gain}
        if self.low is not None and self.high is not None:
            out.update({"low": self.low, "high": self.high, "low_is": LOW_IS, "high_is": HIGH_IS})
        return out


@dataclass(frozen=True)
class Valuation:
    """Both seats' values and bounds, what kind of game it is, and what leaves the two seats."""

    seats: Tuple[SeatValue, SeatValue]
    kind: str
    """``zero-sum``, ``constant-sum`` (a fixed table fee) or ``general-sum`` (a rake, a carried pot valued at less)."""
    payoff_sum: Optional[float]
    """What the two seats' payoffs add to at every ending (None: it depends on the play)."""
    takes: Tuple[Union[str, Message], ...]
    """What leaves the two seats, in words with the rule (empty in a zero-sum game)."""
    carry_lost: bool = False
    """Whether carried pots valued at less than all of them (``--carry zero``) leave the seats too, beside the house."""

    @property
    def house(self) -> float:
        """What leaves the two seats per deal on the profile: the house's rake and fees (and carried
        pots valued at less than all of them)."""
        total = self.seats[0].value + self.seats[1].value
        return -total if total else 0.0

    @property
    def nash_conv(self) -> float:
        """The sum of the two seats' gains from deviating: the most one seat alone can gain."""
        return self.seats[0].gain + self.seats[1].gain

    @property
    def exploitability(self) -> float:
        """Half the NashConv: the mean of the two seats' gains (what the solver prints and stops on)."""
        return self.nash_conv / 2.0

    def to_json(self) -> Dict[str, Any]:
        return {"game": self.kind, "payoff_sum": self.payoff_sum, "seats": [s.to_json() for s in self.seats],
                "house": self.house, "house_takes": [t.english() if isinstance(t, Message) else str(t) for t in self.takes], "house_includes_carried_pots": self.carry_lost,
                "nash_conv": self.nash_conv}

    def lines(self) -> List[str]:
        """The valuation in words, a line each (what ``solve --value`` prints), in the language spoken."""
        from bragrules.core.i18n import tr

        out = [self._kind_line()]
        for s in self.seats:
            head = _padded(tr("seat {seat} ({role}):", seat=s.seat + 1, role=tr(s.role)), 23)
            named = {"head": head, "value": f"{s.value:+.4f}"}
            if s.low is not None and s.high is not None:
                out.append(tr("{head}{value} per deal, the game's value to it between {low} (what its own strategy "
                              "guarantees) and {high} (its best response to the other's strategy)",
                              low=f"{s.low:+.4f}", high=f"{s.high:+.4f}", **named))
            else:
                out.append(tr("{head}{value} per deal; its best response gets {best} (a gain of {gain} by deviating)",
                              best=f"{s.best_response:+.4f}", gain=f"{s.gain:.4f}", **named))
        if self.kind != "zero-sum":
            house = f"{self.house:+.4f}"
            out.append(tr("the house, and the carried pots valued at less than all of them: {house} per deal",
                          house=house) if self.carry_lost else tr("the house: {house} per deal", house=house))
        out.append(tr("each seat's gain by deviating: {first} and {second}; the exploitability is their mean, "
                      "{exploitability}; one seat alone can gain up to their sum, the NashConv, {nash_conv}",
                      first=f"{self.seats[0].gain:.4f}", second=f"{self.seats[1].gain:.4f}",
                      exploitability=f"{self.exploitability:.5f}", nash_conv=f"{self.nash_conv:.5f}"))
        return out

    def _kind_line(self) -> str:
        from bragrules.core.i18n import tr, words

        if self.kind == "zero-sum":
            return tr("a zero-sum game: seat 1's value is minus seat 2's; each lies in [low, high] below")
        takes = "; ".join(words(t) for t in self.takes) or tr("the seats' payoffs do not add to zero")
        if self.kind == "constant-sum":
            return tr("not zero-sum: {takes}, the same at every ending (the seats' payoffs add to {total}), so the "
                      "bounds hold with it", takes=takes, total=f"{self.payoff_sum:+.4f}")
        return tr("a general-sum game: {takes}; no single value, so no interval: each seat's value and gain below",
                  takes=takes)


def _padded(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` columns as a terminal shows them (a Chinese character takes two).

    >>> _padded("ab", 4) + "|", _padded("座位", 6) + "|"
    ('ab  |', '座位  |')
    """
    import unicodedata

    shown = sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 0 if unicodedata.combining(ch) else 1
                for ch in text)
    return text + " " * max(width - shown, 0)


def valuation(values: Sequence[float], best: Sequence[float], payoff_sum: Optional[float],
              takes: Sequence[Union[str, Message]], carry_lost: bool = False) -> Valuation:
    """The valuation from each seat's value and best-response value, and what the two seats' payoffs add
    to at every ending (``payoff_sum``; None in a general-sum game). See the module's docstring."""
    if payoff_sum is None:
        kind = "general-sum"
        bounds: List[Tuple[Optional[float], Optional[float]]] = [(None, None), (None, None)]
    else:
        kind = "zero-sum" if abs(payoff_sum) < 1e-12 else "constant-sum"
        bounds = [(payoff_sum - best[1], best[0]), (payoff_sum - best[0], best[1])]
    seats = tuple(SeatValue(i, float(values[i]), float(best[i]), bounds[i][0], bounds[i][1]) for i in (0, 1))
    return Valuation((seats[0], seats[1]), kind, payoff_sum, tuple(takes), carry_lost)
