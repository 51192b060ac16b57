"""A ranking told in a game's own words shares every table of the plain ranking and tells hands its way."""

from __future__ import annotations

import pytest

import bragrules
from bragrules.profile.models import Ranking
from bragrules.rules.ranking import compile_ranking
from bragrules.rules.vocabulary import Words

TRAIL = Words(hands={"prial": "trail", "running_flush": "pure sequence"})
RANKINGS = [Ranking(), Ranking(wild={"ranks": ["2"]}), Ranking(suits_break_ties=True)]


@pytest.mark.parametrize("ranking", RANKINGS)
def test_a_named_ranking_holds_the_same_tables_and_its_own_words(ranking: Ranking) -> None:
    plain = compile_ranking(ranking)
    told = plain.named(TRAIL)
    assert told is not plain and told.words is TRAIL and plain.words is not TRAIL
    assert told.table is plain.table and told.memo is plain.memo and told.cards is plain.cards
    assert told.describe("3c 3d 3h") == "trail of threes"
    assert plain.describe("3c 3d 3h") == "prial of threes"
    for hand in ("AS KS QS", "2c 5h 5d", "7c 8d 9h", "AH KD 3C"):
        assert told.strength(hand) == plain.strength(hand)
    assert told.counts() == plain.counts()


@pytest.mark.skipif(bragrules.build_kind() == "compiled", reason="a compiled ranker has no __dict__ to list")
@pytest.mark.parametrize("ranking", RANKINGS)
def test_every_attribute_a_ranker_works_out_is_shared_by_its_named_copy(ranking: Ranking) -> None:
    """HandRanker._share names every attribute the ranker sets: a new one must join it."""
    plain = compile_ranking(ranking)
    plain.counts()  # fills the counts kept on the ranker
    told = plain.named(TRAIL)
    assert set(vars(told)) == set(vars(plain)) | {"words"}
    unshared = [name for name, value in vars(plain).items() if vars(told)[name] is not value]
    assert not unshared, f"add {unshared} to HandRanker._share in bragrules/rules/ranking.py"
