"""Figures for hand evaluation: single lookups in pure Python, and whole arrays with numpy.

Run from the repository root (numpy is in ``bench/requirements.txt``)::

    python bench/bench_batch.py [--quick] [--hands N]

Prints, for the standard ranking:

- single hands in pure Python: ``ranker.strength(hand)`` and the raw
  ``ranker.table[a * 2916 + b * 54 + c]``, each beside the bare cost of the
  loop around it (a no-op method call per hand; unpacking the hand and
  nothing else);
- ``bragrules.analysis.batch`` on an ``(N, 3)`` array of random hands, beside a
  plain numpy gather of the same size (the same hands' table indices worked
  out beforehand, one ``np.take``): the memory-bound floor of looking up N
  values, so the ratio shows how close the evaluator comes to it;
- the variants the evaluator chose between: the 54-stride table against
  the compact 52-stride one, ``int16`` against ``int32``, chunk sizes, one
  pass over the whole array with no chunks, an index over sorted triples
  (22,100 entries), input in ``int64`` and checks off.

Every rate is the best of several rounds, the rounds of a figure and its
baseline taking turns. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py, beside this script

from harness import best_of  # noqa: E402  (it also puts an uninstalled checkout on the path)

from bragrules.profile.models import Ranking  # noqa: E402
from bragrules.rules.ranking import HandRanker, compile_ranking, triple_index  # noqa: E402

TARGET_SINGLE = 2_000_000
TARGET_BATCH = 100_000_000


def best_seconds(func: Callable[[], object], repeats: int) -> float:
    """The best wall time of ``repeats`` calls of ``func``."""
    return best_of([func], repeats)[0]


# ---------------------------------------------------------------------------
# Pure Python, one hand at a time
# ---------------------------------------------------------------------------


class _Nothing:
    def strength(self, cards: Sequence[int]) -> int:
        return 0


def python_hands(ranker: HandRanker, n: int, seed: int = 1) -> List[Tuple[int, int, int]]:
    """``n`` random hands (tuples of card indices), drawn from the hands of the pack in random order."""
    import random

    rng = random.Random(seed)
    pack = ranker.all_hands()
    hands = []
    for _ in range(n):
        a, b, c = rng.choice(pack)
        order = rng.randrange(6)
        hands.append(((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a))[order])
    return hands


def single_rates(n: int, repeats: int) -> Dict[str, float]:
    """Lookups per second: ``strength``, the raw table index, and the bare loops beside each."""
    ranker = compile_ranking(Ranking())
    hands = python_hands(ranker, n)
    table = ranker.table
    strength = ranker.strength
    nothing = _Nothing().strength

    def via_method() -> None:
        for hand in hands:
            strength(hand)

    def via_noop_method() -> None:
        for hand in hands:
            nothing(hand)

    def via_table() -> None:
        for a, b, c in hands:
            table[triple_index(a, b, c)]

    def bare_loop() -> None:
        for _a, _b, _c in hands:
            pass

    seconds = best_of([via_method, via_noop_method, via_table, bare_loop], repeats)
    return {name: n / t for name, t in zip(("strength", "noop_method", "table", "bare_loop"), seconds)}


# ---------------------------------------------------------------------------
# numpy, whole arrays
# ---------------------------------------------------------------------------


def array_hands(n: int, seed: int = 1) -> Any:
    """``n`` random hands as a ``(n, 3)`` uint8 array: hands of the pack, cards in random order."""
    import numpy as np

    ranker = compile_ranking(Ranking())
    rng = np.random.default_rng(seed)
    pack = np.array(ranker.all_hands(), dtype=np.uint8)
    hands = pack[rng.integers(0, len(pack), n)]
    orders = np.array([(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)], dtype=np.intp)
    return np.take_along_axis(hands, orders[rng.integers(0, 6, n)], axis=1)


def batch_rates(n: int, repeats: int) -> Dict[str, float]:
    """Hands per second: ``bragrules.analysis.batch`` and the plain gather of the same size (the baseline)."""
    import numpy as np

    from bragrules.analysis.batch import batch_ranker

    ranker = compile_ranking(Ranking())
    batch = batch_ranker(ranker)
    hands = array_hands(n)
    out = np.empty(n, dtype=batch.table.dtype)
    size = batch.pack_size
    index = (hands[:, 0].astype(np.int32) * (size * size) + hands[:, 1].astype(np.int32) * size
             + hands[:, 2].astype(np.int32))
    gather_out = np.empty(n, dtype=batch.table.dtype)
    batch.strengths(hands[:1000])  # warm up
    seconds = best_of([lambda: batch.strengths(hands, out=out),
                         lambda: np.take(batch.table, index, out=gather_out, mode="clip")], repeats)
    figures = {"batch": n / seconds[0], "gather": n / seconds[1]}
    if not np.array_equal(out, gather_out):
        raise AssertionError("the batch evaluator and the plain gather disagree")
    return figures


def variants(n: int, repeats: int) -> List[Tuple[str, float]]:
    """Hands per second of the layouts the evaluator chose between (same hands, same machine)."""
    import numpy as np

    from bragrules.analysis.batch import batch_ranker

    ranker = compile_ranking(Ranking())
    batch = batch_ranker(ranker)
    hands = array_hands(n)
    t54_16 = np.asarray(ranker.table, dtype=np.int16)
    t52_16 = batch.table
    t52_32 = t52_16.astype(np.int32)
    out16 = np.empty(n, dtype=np.int16)
    out32 = np.empty(n, dtype=np.int32)

    def chunked(table: Any, size: int, out: Any, chunk: int, source: Any = hands) -> Callable[[], None]:
        index = np.empty(chunk, dtype=np.int32)
        scratch = np.empty(chunk, dtype=np.int32)

        def run() -> None:
            for start in range(0, n, chunk):
                stop = min(start + chunk, n)
                m = stop - start
                part = source[start:stop]
                idx, tmp = index[:m], scratch[:m]
                np.multiply(part[:, 0], size * size, out=idx, dtype=np.int32, casting="unsafe")
                np.multiply(part[:, 1], size, out=tmp, dtype=np.int32, casting="unsafe")
                np.add(idx, tmp, out=idx)
                np.add(idx, part[:, 2], out=idx, dtype=np.int32, casting="unsafe")
                np.take(table, idx, out=out[start:stop], mode="clip")
        return run

    def whole() -> None:
        idx = (hands[:, 0].astype(np.int32) * 2704 + hands[:, 1].astype(np.int32) * 52
               + hands[:, 2].astype(np.int32))
        np.take(t52_16, idx, out=out16, mode="clip")

    # sorted triples: lo < mid < hi, index C(hi, 3) + C(mid, 2) + lo into 22,100 entries
    c3 = np.array([k * (k - 1) * (k - 2) // 6 for k in range(52)], dtype=np.int32)
    c2 = np.array([k * (k - 1) // 2 for k in range(52)], dtype=np.int32)
    hands_sorted = ranker.all_hands()  # a < b < c
    colex = np.array([c3[c] + c2[b] + a for a, b, c in hands_sorted])
    dense = np.empty(len(colex), dtype=np.int16)
    dense[colex] = [ranker.table[triple_index(a, b, c)] for a, b, c in hands_sorted]
    chunk = 1 << 16

    def sorted_triples() -> None:
        lo = np.empty(chunk, dtype=np.uint8)
        hi = np.empty(chunk, dtype=np.uint8)
        mid = np.empty(chunk, dtype=np.int32)
        idx = np.empty(chunk, dtype=np.int32)
        for start in range(0, n, chunk):
            stop = min(start + chunk, n)
            m = stop - start
            part = hands[start:stop]
            a, b, c = part[:, 0], part[:, 1], part[:, 2]
            np.minimum(a, b, out=lo[:m])
            np.minimum(lo[:m], c, out=lo[:m])
            np.maximum(a, b, out=hi[:m])
            np.maximum(hi[:m], c, out=hi[:m])
            np.add(a, b, out=mid[:m], dtype=np.int32, casting="unsafe")
            np.add(mid[:m], c, out=mid[:m], dtype=np.int32, casting="unsafe")
            np.subtract(mid[:m], lo[:m], out=mid[:m], dtype=np.int32, casting="unsafe")
            np.subtract(mid[:m], hi[:m], out=mid[:m], dtype=np.int32, casting="unsafe")
            np.take(c3, hi[:m], out=idx[:m])
            idx[:m] += np.take(c2, mid[:m])
            np.add(idx[:m], lo[:m], out=idx[:m], casting="unsafe")
            np.take(dense, idx[:m], out=out16[start:stop], mode="clip")

    hands64 = hands.astype(np.int64)
    cases: List[Tuple[str, Callable[[], object]]] = [
        ("compact 52-stride, int16, chunks of 65,536 (the evaluator's choice)", chunked(t52_16, 52, out16, 1 << 16)),
        ("54-stride (the ranker's layout), int16", chunked(t54_16, 54, out16, 1 << 16)),
        ("compact 52-stride, int32 table and result", chunked(t52_32, 52, out32, 1 << 16)),
        ("chunks of 4,096", chunked(t52_16, 52, out16, 1 << 12)),
        ("chunks of 1,048,576", chunked(t52_16, 52, out16, 1 << 20)),
        ("no chunks: whole-array temporaries", whole),
        ("sorted-triple index (22,100 entries, 43 KiB)", sorted_triples),
        ("input as int64 instead of uint8", chunked(t52_16, 52, out16, 1 << 16, hands64)),
        ("BatchRanker.strengths, checks on", lambda: batch.strengths(hands, out=out16)),
        ("BatchRanker.strengths, check=False", lambda: batch.strengths(hands, out=out16, check=False)),
    ]
    expected = batch.strengths(hands)
    rows = []
    for label, func in cases:
        seconds = best_seconds(func, repeats)
        result = out32 if "int32" in label else out16
        if not np.array_equal(result, expected):
            raise AssertionError(f"{label}: wrong strengths")
        rows.append((label, n / seconds))
    return rows


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller arrays, fewer rounds")
    parser.add_argument("--hands", type=int, help="hands in the array (default 20,000,000: more than the caches hold)")
    args = parser.parse_args(argv)
    repeats = 3 if args.quick else 7
    n_single = 200_000 if args.quick else 1_000_000
    print(f"Python {sys.version.split()[0]}")
    single = single_rates(n_single, repeats)
    print(f"\nOne hand at a time, pure Python ({n_single:,} random hands, best of {repeats}):")
    print(f"  ranker.strength(hand)            {single['strength']:>14,.0f} /s   "
          f"(no-op method call: {single['noop_method']:,.0f} /s; target {TARGET_SINGLE:,})")
    print(f"  table[a*2916 + b*54 + c]         {single['table']:>14,.0f} /s   "
          f"(bare loop: {single['bare_loop']:,.0f} /s)")
    try:
        import numpy as np
    except ImportError:
        print("\nnumpy is not installed (pip install -r bench/requirements.txt): no batch figures")
        return 0
    n = args.hands or 20_000_000
    batch = batch_rates(n, repeats)
    print(f"\nWhole arrays, numpy {np.__version__} ({n:,} random hands as uint8, best of {repeats}):")
    print(f"  bragrules.analysis.batch                  {batch['batch']:>14,.0f} /s   (target {TARGET_BATCH:,})")
    print(f"  plain gather, indices given      {batch['gather']:>14,.0f} /s   "
          f"(ratio {batch['batch'] / batch['gather']:.2f})")
    print("\nVariants (hands a second):")
    for label, per_second in variants(n, repeats):
        print(f"  {label:<68} {per_second:>14,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
