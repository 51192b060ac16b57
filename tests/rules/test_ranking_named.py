"""A ranking told in a game's own words shares every table of the plain ranking and tells hands its way."""

from __future__ import annotations

import pytest

import bragrules
from bragrules.profile.models import Ranking
from bragrules.rules.ranking import _RANKER_STATE, compile_ranking
from bragrules.rules.vocabulary import Words

TRAIL = Words(hands={"prial": "trail", "running_flush": "pure sequence"})


@pytest.mark.parametrize("ranking", [Ranking(), Ranking(wild={"ranks": ["2"]}), Ranking(suits_break_ties=True)])
def test_a_named_ranking_holds_the_same_tables_and_its_own_words(ranking: Ranking) -> None:
    plain = compile_ranking(ranking)
    told = plain.named(TRAIL)
    assert told is not plain and told.words is TRAIL and plain.words is not TRAIL
    for name in _RANKER_STATE:
        if name != "words":
            assert getattr(told, name) is getattr(plain, name), name
    assert told.describe("3c 3d 3h") == "trail of threes"
    assert plain.describe("3c 3d 3h") == "prial of threes"
    assert told.strength("AS KS QS") == plain.strength("AS KS QS")


@pytest.mark.skipif(bragrules.build_kind() == "compiled", reason="a compiled ranker has no __dict__ to list")
def test_every_attribute_a_ranker_works_out_is_shared_by_its_named_copy() -> None:
    """The list the named copy is made from names every attribute the ranker sets (a new one must join it)."""
    for ranking in (Ranking(), Ranking(wild={"ranks": ["2"]}), Ranking(suits_break_ties=True)):
        ranker = compile_ranking(ranking)
        ranker.counts()  # fills the counts kept on the ranker
        missing = set(vars(ranker)) - set(_RANKER_STATE)
        assert not missing, f"add {sorted(missing)} to _RANKER_STATE in bragrules/rules/ranking.py"
