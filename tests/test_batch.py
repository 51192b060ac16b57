"""The numpy batch evaluator: the same strengths as ``ranker.strength``, hand for hand."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, List, Tuple

import pytest

np = pytest.importorskip("numpy")

from bragrules.analysis.batch import CHUNK, BatchError, BatchRanker, batch_ranker, batch_strengths  # noqa: E402
from bragrules.core.cards import parse_cards  # noqa: E402
from bragrules.profile.models import Ranking, Wild  # noqa: E402
from bragrules.rules.ranking import HandRanker, compile_ranking, triple_index  # noqa: E402

STANDARD = compile_ranking(Ranking())

SPECS: List[Tuple[str, Ranking, int]] = [
    ("standard", Ranking(), 0),
    ("suits break ties", Ranking(suits_break_ties=True), 0),
    ("wild twos", Ranking(wild=Wild(ranks=["2"])), 0),
    ("two jokers", Ranking(), 2),
    ("one joker, suits, akq high", Ranking(suits_break_ties=True, run_order="akq_high"), 1),
]


def random_hands(rng: Any, n: int, pack: int, dtype: Any = np.int64) -> Any:
    """``n`` random hands of three different cards from a pack of ``pack`` cards, in random order."""
    keys = rng.random((n, pack))
    return np.argsort(keys, axis=1)[:, :3].astype(dtype)


@pytest.mark.parametrize("label,spec,jokers", SPECS, ids=[s[0] for s in SPECS])
def test_every_hand_of_the_pack_in_every_order(label: str, spec: Ranking, jokers: int) -> None:
    ranker = compile_ranking(spec, jokers)
    hands = ranker.all_hands()
    expected = np.array([ranker.strength(h) for h in hands])
    array = np.array(hands, dtype=np.uint8)
    for order in itertools.permutations(range(3)):
        got = batch_strengths(ranker, array[:, list(order)])
        assert got.shape == (len(hands),)
        assert np.array_equal(got, expected)


def test_all_22100_hands_of_the_standard_pack() -> None:
    hands = STANDARD.all_hands()
    assert len(hands) == 22_100
    got = batch_strengths(STANDARD, hands)
    assert got.tolist() == [STANDARD.strength(h) for h in hands]


@lru_cache(maxsize=None)
def several_chunks() -> Tuple[Any, List[int]]:
    """Random hands (seed 7) filling several chunks and a short one, and each one's strength read from the table:
    drawn and read once for every dtype."""
    hands = random_hands(np.random.default_rng(7), 3 * CHUNK + 17, 52)
    table = STANDARD.table
    return hands, [table[triple_index(a, b, c)] for a, b, c in hands.tolist()]


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64, np.uint64])
def test_random_arrays_of_any_integer_dtype(dtype: Any) -> None:
    hands, expected = several_chunks()
    typed = hands.astype(dtype)
    assert typed.dtype == dtype and typed.tolist() == hands.tolist()
    got = batch_strengths(STANDARD, typed)
    assert got.tolist() == expected


def test_random_arrays_with_jokers() -> None:
    ranker = compile_ranking(Ranking(wild=Wild(ranks=["2"])), 2)
    rng = np.random.default_rng(11)
    hands = random_hands(rng, 20_000, 54)
    assert batch_strengths(ranker, hands).tolist() == [ranker.strength(h) for h in hands.tolist()]


def test_result_shape_and_dtype() -> None:
    hands = np.array([parse_cards("As Ks Qs"), parse_cards("5c 6d 7h")], dtype=np.uint8)
    got = batch_strengths(STANDARD, hands)
    assert got.shape == (2,)
    assert got.dtype == np.int16
    assert got.tolist() == [STANDARD.strength("As Ks Qs"), STANDARD.strength("5c 6d 7h")]
    grid = np.stack([hands, hands[::-1]])  # shape (2, 2, 3)
    assert batch_strengths(STANDARD, grid).shape == (2, 2)
    assert batch_strengths(STANDARD, hands[0]).shape == ()
    empty = batch_strengths(STANDARD, np.empty((0, 3), dtype=np.uint8))
    assert empty.shape == (0,) and empty.dtype == np.int16


def test_lists_and_cards_are_accepted() -> None:
    hands = [parse_cards("Kc 9c 4c"), parse_cards("3h 3d 3c")]
    assert batch_strengths(STANDARD, hands).tolist() == [STANDARD.strength(h) for h in hands]


def test_out_array_of_a_wider_dtype() -> None:
    hands = np.array(STANDARD.all_hands()[:1000], dtype=np.int32)
    out = np.full(1000, -7, dtype=np.int32)
    returned = batch_strengths(STANDARD, hands, out=out)
    assert returned is out
    assert out.tolist() == [STANDARD.strength(h) for h in hands.tolist()]
    with pytest.raises(BatchError, match="shape"):
        batch_strengths(STANDARD, hands, out=np.empty(999, dtype=np.int32))
    with pytest.raises(BatchError, match="signed integer"):
        batch_strengths(STANDARD, hands, out=np.empty(1000, dtype=np.float64))
    with pytest.raises(BatchError, match="signed integer"):
        batch_strengths(STANDARD, hands, out=np.empty(1000, dtype=np.int8))


def test_the_table_is_compact_and_read_only() -> None:
    batch = batch_ranker(STANDARD)
    assert batch is batch_ranker(STANDARD)
    assert batch.table.size == 52 ** 3
    assert batch.table.dtype == np.int16
    assert not batch.table.flags.writeable
    assert BatchRanker(HandRanker(Ranking(), 2)).table.size == 54 ** 3


@pytest.mark.parametrize(
    "hands,message",
    [
        ([[0, 1, 52]], r"hand 0: card index 52 is not a card of this pack \(52 cards: indices 0 to 51\)"),
        ([[0, 1, 2], [3, -1, 5]], r"hand 1: card index -1 is not a card of this pack"),
        ([[0, 1, 2], [3, 4, 300]], r"hand 1: card index 300 is not a card"),
        ([[4, 4, 9]], r"hand 0: card 3c appears twice in 3c 3c 4d"),
        ([[1.0, 2.0, 3.0]], r"integer array of card indices, not float64"),
        ([[True, False, True]], r"integer array of card indices, not bool"),
        ([[1, 2]], r"shape \(N, 3\).*not shape \(1, 2\)"),
        (5, r"shape \(N, 3\)"),
        ([["Ac", "Kd", "Qh"]], r"integer array of card indices"),
    ],
)
def test_bad_hands_are_refused_clearly(hands: Any, message: str) -> None:
    with pytest.raises(BatchError, match=message):
        batch_strengths(STANDARD, hands)


def test_a_bad_card_deep_in_a_large_array_is_located() -> None:
    hands = np.tile(np.array([[0, 1, 2]], dtype=np.uint8), (2 * CHUNK + 10, 1))
    hands[CHUNK + 5, 2] = 1
    with pytest.raises(BatchError, match=rf"hand {CHUNK + 5}: card 2d appears twice"):
        batch_strengths(STANDARD, hands)
    hands[CHUNK + 5, 2] = 2
    hands[2 * CHUNK + 3, 0] = 53
    with pytest.raises(BatchError, match=rf"hand {2 * CHUNK + 3}: card index 53"):
        batch_strengths(STANDARD, hands)
    grid = hands[: 2 * CHUNK].reshape(2, CHUNK, 3)
    grid[1, 4, 1] = 60
    with pytest.raises(BatchError, match=r"hand \(1, 4\): card index 60"):
        batch_strengths(STANDARD, grid)


def test_a_joker_the_pack_lacks_is_refused() -> None:
    one_joker = compile_ranking(Ranking(), 1)
    assert batch_strengths(one_joker, [[52, 0, 1]]).tolist() == [one_joker.strength([52, 0, 1])]
    with pytest.raises(BatchError, match=r"card index 53 .*52 cards and 1 joker: indices 0 to 52"):
        batch_strengths(one_joker, [[53, 0, 1]])


def test_unchecked_batches_give_the_same_strengths_for_good_hands() -> None:
    rng = np.random.default_rng(3)
    hands = random_hands(rng, 5000, 52, np.uint8)
    assert np.array_equal(batch_strengths(STANDARD, hands, check=False), batch_strengths(STANDARD, hands))
