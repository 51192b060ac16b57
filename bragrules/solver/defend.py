"""Answering a bet larger than any the tree has: continue no more often than the bet's size allows.

The pseudo-harmonic mapping reads a bet above the tree's largest, ``B``, as ``B``. Played as it stands,
the bot would then continue against a bet of ``x`` as often as against ``B``, and an opponent who bets
ever more with its good hands and its bluffs alike profits without bound. The bot's answer is held to
the frequency that keeps such a bluff from paying: a bet of ``x`` into a pot ``P`` gains by a bluff
when the answer folds more than ``x / (P + x)`` of the time, so the answer continues with the same
share of its range against ``x`` as against ``B`` scaled by ``(P + B) / (P + x)`` (the *stretch*,
:attr:`~bragrules.solver.bot.Reading.stretch`), and with the strongest hands of the range that would
continue against ``B``:

* seen, the bot's range is every hand weighted by its own strategy's probability of its actions so
  far, times the probability of not folding here; a hand with more than the stretch of that weight
  above it folds, the others play the strategy's row without its fold;
* blind, the row is one for all hands: its probability of continuing is scaled by the stretch;
* at a table of three or four, where a seen player's strategy has a column per equity bucket
  (:mod:`bragrules.solver.mccfr`), the range is over the buckets, each weighted by its number of
  hands: the buckets above the bot's continue, its own in part (the share the stretch leaves it),
  those below fold.

An overbet then wins at most what is in the pot when called by the strongest hands only, as it would
against any defence at that frequency.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from bragrules.engine.actions import Action
from bragrules.engine.view import PlayerView
from bragrules.solver.hands import HandSpace
from bragrules.solver.numeric import Array, np

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver.bot import Reading
    from bragrules.solver.strategy import Entry

__all__ = ["defend", "own_range"]


def own_range(reading: "Reading", seat: int, n_hands: int) -> Array:
    """Every hand of ``seat``, weighted by the probability its strategy gave its actions read so far."""
    weights = np.ones(n_hands)
    for entry, text in reading.steps:
        if entry.player == seat and not entry.blind:
            weights = weights * entry.probabilities[entry.actions.index(text)].astype(float)
    return weights


def defend(view: PlayerView, entry: "Entry", hand: Optional[int], row: Array, reading: "Reading",
           buckets: Optional[Array] = None) -> Array:
    """The row to play against a bet larger than the tree's (the module's docstring): ``row`` with the fold
    raised so that the bot continues ``reading.stretch`` times as often, with its strongest hands.
    ``buckets``: each hand's equity bucket, when the strategy's columns are buckets (``hand`` is then one)."""
    actions: List[Action] = [Action.parse(text) for text in entry.actions]
    fold = next((k for k, a in enumerate(actions) if a.kind == "fold"), None)
    if fold is None:
        return row
    stretch = float(reading.stretch)
    out = np.array([float(p) for p in row])
    if entry.blind or hand is None:
        keep = (1.0 - out[fold]) * stretch
        others = out.sum() - out[fold]
        if others > 0:
            out = out * (keep / others)
        out[fold] = 1.0 - keep
        return out
    if buckets is not None:
        return _defend_bucket(out, fold, stretch, entry, hand, reading, buckets)
    space = HandSpace.for_rules(view.rules)
    weights = own_range(reading, entry.player, space.n_hands) * (1.0 - entry.probabilities[fold].astype(float))
    total = float(weights.sum())
    above = float(weights[space.strength > space.strength[hand]].sum())
    if total <= 0 or above >= stretch * total or out.sum() - out[fold] <= 0:
        out[:] = 0.0
        out[fold] = 1.0
        return out
    out[fold] = 0.0
    return out / out.sum()


def _defend_bucket(out: Array, fold: int, stretch: float, entry: "Entry", bucket: int, reading: "Reading",
                   buckets: Array) -> Array:
    """:func:`defend` over equity buckets (0 the weakest): the range's weight per bucket is its hands times
    the probability the strategy gave the bucket's actions so far and its not folding here."""
    sizes = np.bincount(np.asarray(buckets, dtype=np.int64), minlength=entry.probabilities.shape[1]).astype(float)
    weights = own_range(reading, entry.player, len(sizes)) * sizes * (1.0 - entry.probabilities[fold].astype(float))
    total = float(weights.sum())
    above = float(weights[bucket + 1:].sum())
    mine = float(weights[bucket])
    room = stretch * total - above  # what is left of the continuing share for this bucket
    if total <= 0 or room <= 0 or mine <= 0 or out.sum() - out[fold] <= 0:
        out[:] = 0.0
        out[fold] = 1.0
        return out
    keep = min(1.0, room / mine)
    out[fold] = 0.0
    out = out / out.sum() * keep
    out[fold] = 1.0 - keep
    return out
