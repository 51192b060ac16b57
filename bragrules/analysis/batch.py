"""Many three-card hands ranked at once: a numpy gather from the strength table.

:class:`~bragrules.rules.ranking.HandRanker` scores one hand by one index into a
flat Python list. For millions of hands (simulation studies, equity
tables, training data) this module does the same for a whole array at
once: hands are an integer array of card indices of shape ``(N, 3)`` (or
any shape ending in 3), and the result is the array of their strengths,
of shape ``(N,)``, equal hand by hand to ``ranker.strength``::

    import numpy as np
    from bragrules.analysis.batch import batch_strengths
    from bragrules.profile.models import Ranking
    from bragrules.rules.ranking import compile_ranking

    ranker = compile_ranking(Ranking())
    hands = np.array([[51, 47, 43], [12, 17, 22]], dtype=np.uint8)  # As Ks Qs, 5c 6d 7h
    batch_strengths(ranker, hands)      # array([726, 707], dtype=int16)

numpy is needed here and nowhere else in bragrules: it is imported when a
batch ranker is first built, and a missing numpy is reported with how to
install it (``pip install 'bragrules[fast]'``).

How it is fast
--------------

- The table is small: ``P ** 3`` entries for a pack of ``P`` cards
  (140,608 for 52 cards, against 157,464 in the ranker's 54-stride table),
  as ``int16``: 275 KiB, which stays in a core's level-2 cache, so the
  gather hits the cache whatever order the hands come in. (A table of the
  22,100 sorted triples would be smaller still, but sorting three cards
  costs more numpy passes than the cache saves.)
- The index ``a * P * P + b * P + c`` is worked out in ``int32`` and the
  array is processed in chunks of :data:`CHUNK` hands, so that every
  intermediate array stays in cache and main memory sees the input once and
  the output once. ``uint8`` card indices are the cheapest input (three
  bytes a hand); any integer dtype is accepted.
- Checking costs one maximum (and, for signed input, one minimum) per
  chunk of input and one minimum per chunk of output: cards out of the pack
  are found before the gather, a card repeated within a hand afterwards
  (its table entry is ``-1``). ``check=False`` skips both; the result for
  a bad hand is then unspecified (but memory stays safe).

The strengths are those of :meth:`HandRanker.strength`: dense from 0 to
``distinct_strengths() - 1``, comparable only within one ranker.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from bragrules.core.cards import CARDS
from bragrules.core.errors import BragError
from bragrules.rules.ranking import STRIDE, HandRanker

__all__ = [
    "CHUNK",
    "BatchError",
    "BatchRanker",
    "batch_ranker",
    "batch_strengths",
    "require_numpy",
]

CHUNK = 1 << 16
"""Hands per chunk: small enough for every intermediate to stay in cache, big enough to amortise numpy's call overhead."""

INSTALL_HINT = "pip install numpy (or pip install 'bragrules[fast]')"


class BatchError(BragError, ValueError):
    """Hands that cannot be ranked as a batch: wrong shape or dtype, or a card not in the pack."""


def require_numpy() -> Any:
    """The numpy module, or an ImportError saying that batch ranking needs it and how to install it."""
    try:
        import numpy
    except ImportError as exc:  # pragma: no cover - exercised only without numpy
        raise ImportError(
            f"bragrules.analysis.batch ranks arrays of hands with numpy, which is not installed: {INSTALL_HINT}"
        ) from exc
    return numpy


class BatchRanker:
    """A :class:`HandRanker`'s strengths as a compact numpy table, for arrays of hands.

    ``table`` is read-only, ``int16``, of ``pack_size ** 3`` entries; the
    strength of cards ``a, b, c`` is ``table[a * pack_size ** 2 + b * pack_size + c]``
    (``-1`` when a card repeats).
    """

    def __init__(self, ranker: HandRanker) -> None:
        np = require_numpy()
        self._np = np
        self.ranker = ranker
        size = self.pack_size = ranker.pack_size
        dtype = np.int16 if ranker.distinct_strengths() <= np.iinfo(np.int16).max else np.int32
        full = np.asarray(ranker.table, dtype=dtype).reshape(STRIDE, STRIDE, STRIDE)
        table = np.ascontiguousarray(full[:size, :size, :size]).reshape(-1)
        table.flags.writeable = False
        self.table = table
        self._tables: Dict[Any, Any] = {table.dtype: table}

    def _table_for(self, dtype: Any) -> Any:
        """The table in ``dtype`` (for an ``out`` array of another integer dtype)."""
        table = self._tables.get(dtype)
        if table is None:
            table = self.table.astype(dtype)
            table.flags.writeable = False
            self._tables[dtype] = table
        return table

    def _as_hands(self, hands: Any) -> Tuple[Any, Tuple[int, ...]]:
        """``hands`` as a 2-D ``(N, 3)`` integer array, and the leading shape of the result."""
        np = self._np
        array = np.asarray(hands)
        if array.dtype == object:  # e.g. lists of Card: ints all the same
            try:
                array = array.astype(np.int64)
            except (TypeError, ValueError, OverflowError) as exc:
                raise BatchError(f"hands must be card indices (integers), not {exc}") from None
        if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
            raise BatchError(f"hands must be an integer array of card indices, not {array.dtype}")
        if array.ndim == 0 or array.shape[-1] != 3:
            raise BatchError(f"hands must be an array of shape (N, 3): three card indices a hand, not shape {array.shape}")
        lead = array.shape[:-1]
        return array.reshape(-1, 3), lead

    def _where(self, row: int, lead: Tuple[int, ...]) -> str:
        if len(lead) == 1:
            return f"hand {row}"
        index = tuple(int(i) for i in self._np.unravel_index(row, lead))
        return f"hand {index}"

    def _bad_card(self, chunk: Any, start: int, lead: Tuple[int, ...]) -> BatchError:
        np = self._np
        bad = (chunk < 0) | (chunk >= self.pack_size)
        row, col = (int(x) for x in np.argwhere(bad)[0])
        value = int(chunk[row, col])
        jokers = self.pack_size - 52
        pack = "52 cards" if jokers == 0 else f"52 cards and {jokers} joker{'s' if jokers > 1 else ''}"
        return BatchError(
            f"{self._where(start + row, lead)}: card index {value} is not a card of this pack "
            f"({pack}: indices 0 to {self.pack_size - 1})"
        )

    def _repeated(self, chunk: Any, strengths: Any, start: int, lead: Tuple[int, ...]) -> BatchError:
        row = int(self._np.argmax(strengths < 0))
        cards = [int(x) for x in chunk[row]]
        twice = next(c for c in cards if cards.count(c) > 1)
        return BatchError(
            f"{self._where(start + row, lead)}: card {CARDS[twice]} appears twice in "
            f"{' '.join(str(CARDS[c]) for c in cards)}"
        )

    def strengths(self, hands: Any, *, out: Optional[Any] = None, check: bool = True) -> Any:
        """The strength of every hand: an array of the hands' leading shape (``(N,)`` for ``(N, 3)``).

        ``hands`` is an integer array (or nested lists) of card indices,
        0 to ``pack_size - 1``, three to a hand in any order. The result is
        ``int16`` unless ``out`` (an integer array of the result's shape)
        says otherwise. With ``check`` (the default) a card outside the
        pack or a card repeated within a hand raises :class:`BatchError`
        naming the hand.
        """
        np = self._np
        flat, lead = self._as_hands(hands)
        n = flat.shape[0]
        if out is None:
            result = np.empty(n, dtype=self.table.dtype)
            table = self.table
        else:
            if not isinstance(out, np.ndarray) or out.shape != lead:
                raise BatchError(f"out must be an array of shape {lead}")
            if not np.issubdtype(out.dtype, np.signedinteger) or out.dtype.itemsize < self.table.dtype.itemsize:
                raise BatchError(f"out must be a signed integer array of at least {self.table.dtype}, not {out.dtype}")
            result = out.reshape(-1)
            if not np.shares_memory(result, out):
                raise BatchError("out must be contiguous")
            table = self._table_for(out.dtype)
        if n == 0:
            return result.reshape(lead) if out is None else out
        size = self.pack_size
        signed = np.issubdtype(flat.dtype, np.signedinteger)
        chunk_len = min(CHUNK, n)
        index = np.empty(chunk_len, dtype=np.int32)
        scratch = np.empty(chunk_len, dtype=np.int32)
        for start in range(0, n, CHUNK):
            stop = min(start + CHUNK, n)
            m = stop - start
            chunk = flat[start:stop]
            if check and (int(chunk.max()) >= size or (signed and int(chunk.min()) < 0)):
                raise self._bad_card(chunk, start, lead)
            idx, tmp = index[:m], scratch[:m]
            np.multiply(chunk[:, 0], size * size, out=idx, dtype=np.int32, casting="unsafe")
            np.multiply(chunk[:, 1], size, out=tmp, dtype=np.int32, casting="unsafe")
            np.add(idx, tmp, out=idx)
            np.add(idx, chunk[:, 2], out=idx, dtype=np.int32, casting="unsafe")
            part = result[start:stop]
            np.take(table, idx, out=part, mode="clip")
            if check and int(part.min()) < 0:
                raise self._repeated(chunk, part, start, lead)
        return result.reshape(lead) if out is None else out

    def __repr__(self) -> str:
        return f"BatchRanker({self.ranker!r}, {self.table.size:,} entries of {self.table.dtype})"


_RANKERS: Dict[int, Tuple[HandRanker, BatchRanker]] = {}


def batch_ranker(ranker: HandRanker) -> BatchRanker:
    """The :class:`BatchRanker` of a ranker (built once, then cached)."""
    cached = _RANKERS.get(id(ranker))
    if cached is not None and cached[0] is ranker:
        return cached[1]
    built = BatchRanker(ranker)
    _RANKERS[id(ranker)] = (ranker, built)
    return built


def batch_strengths(ranker: HandRanker, hands: Any, *, out: Optional[Any] = None, check: bool = True) -> Any:
    """The strengths of an ``(N, 3)`` array of hands under ``ranker``: see :meth:`BatchRanker.strengths`."""
    return batch_ranker(ranker).strengths(hands, out=out, check=check)
