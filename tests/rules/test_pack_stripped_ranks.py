"""pack.stripped_ranks: a stripped (short) pack. P11, from the Brag page of Wikipedia
(https://en.wikipedia.org/wiki/Brag_(card_game)): "in 1751 Hoyle describes a version of Brag with
a shortened pack that only had a single phase – the vying or 'bragging' round". Which cards the
shortened pack left out the page does not say, so the ranks stripped are the house's to name:
``[2, 3, 4, 5, 6]`` leaves the 32 cards seven to ace.

What follows the pack: the deal (no hand holds a stripped card), the ranking (the same order, over
fewer hands: the counts of each category are exact for the short pack, checked here by brute
force), the checks across areas (the pack must still hold every hand; a wild card stripped from it
is refused), the audit (a stripped card in a history names the rule) and the words.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.cards import CARDS
from bragrules.core.errors import RuleViolation
from bragrules.engine.arrange import hand_chances
from bragrules.engine.session import Session, random_chooser
from bragrules.explainers.explain import explain
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import ProfileError, load_profile_text
from bragrules.profile.models import Profile

from ..helpers import deal_with, rules_for

SHORT = {"stripped_ranks": [2, 3, 4, 5, 6]}


def _category(cards: tuple) -> str:
    """A brute-force category of three natural cards under traditional's ranking (A-2-3 a run)."""
    ranks = sorted(c >> 2 for c in cards)
    suits = {c & 3 for c in cards}
    if ranks[0] == ranks[2]:
        return "prial"
    run = ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3 or ranks == [0, 1, 12]
    if run:
        return "running_flush" if len(suits) == 1 else "run"
    if len(suits) == 1:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "high_card"


@pytest.mark.parametrize("stripped", [[2, 3, 4, 5, 6], [2], ["A"], [7, 8, 9, 10, "J", "Q", "K", "A"]])
def test_the_category_counts_are_those_of_the_short_pack_by_brute_force(stripped: list) -> None:
    rules = rules_for("traditional", pack={"stripped_ranks": stripped}, table={"max_players": 6})
    ranker = rules.ranking.ranker
    removed = {str(r) for r in stripped}
    pack = [c for c in range(52) if CARDS[c].rank_char.replace("T", "10") not in removed]
    assert list(rules.pack.cards) == pack and rules.pack.size == len(pack) == 52 - 4 * len(stripped)
    brute = Counter(_category(hand) for hand in itertools.combinations(pack, 3))
    counts = ranker.counts()
    assert {k: v for k, v in counts.items() if v} == dict(brute)
    assert sum(counts.values()) == len(ranker.all_hands()) == len(list(itertools.combinations(pack, 3)))
    assert hand_chances(ranker)[2] == sum(brute.values())


def test_seven_to_ace_counts() -> None:
    """The 32 cards seven to ace: 4,960 hands; no A-2-3, so the runs are 7-8-9 to Q-K-A."""
    counts = rules_for("traditional", pack=SHORT).ranking.ranker.counts()
    assert counts == {"prial": 32, "running_flush": 24, "run": 360, "flush": 200, "pair": 1344, "high_card": 3000}


def test_the_deal_comes_from_the_short_pack_only(tmp_path: Path) -> None:
    rules = rules_for("traditional", pack=SHORT)
    session = Session(rules, ["A", "B", "C", "D"], seed=4, dealer="D")
    path = tmp_path / "short.jsonl"
    choose = random_chooser(random.Random(4))
    dealt = set()
    with LogWriter.for_session(path, session, profile_name="traditional"):
        for _ in range(10):
            if session.is_over:
                break
            deal = session.start_deal()
            for state in deal.players.values():
                for hand in state.hands.values():
                    dealt.update(int(c) for c in hand or ())
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    assert dealt and min(dealt) >= 5 * 4  # nothing below a seven
    assert len(dealt) > 20
    assert audit(str(path)).ok


def test_a_stripped_card_in_a_history_names_the_rule() -> None:
    sheet = parse_sheet("players: [A, B, C]\ndealer: C\ndeals:\n"
                        "  - cards: {A: Kc 9c 4c, B: 8s 9h Td, C: 7c 7h Jd}\n"
                        "    actions: [A look, A bet 2, B fold, C fold]\n", filename="short.yaml")
    rules = rules_for("traditional", table={"min_players": 2}, pack={**SHORT, "shuffle": "every_deal"})
    report = audit(sheet, rules)
    assert [v.rule for v in report.violations] == ["pack.stripped_ranks"]
    assert "4c is not in this pack: the fours are stripped from this pack" in report.violations[0].message
    with pytest.raises(RuleViolation) as refused:
        deal_with(rules, {"A": "Kc 9c 4c", "B": "8s 9h Td"})
    assert refused.value.rule == "pack.stripped_ranks"
    assert audit(sheet, rules_for("traditional", table={"min_players": 2})).ok


def test_the_pack_must_still_hold_every_hand() -> None:
    """Eight players of three cards need 24: a pack stripped to 20 cards refuses, naming the field."""
    with pytest.raises(ProfileError) as refused:
        load_profile_text("extends: traditional\nname: tiny\npack: {stripped_ranks: [2, 3, 4, 5, 6, 7, 8, 9]}\n")
    assert "need 24 cards but the pack has 20; at most 6 players" in str(refused.value)
    Profile.model_validate({"pack": {"stripped_ranks": [2, 3, 4, 5, 6, 7, 8, 9]}, "table": {"max_players": 6}})


def test_a_wild_card_stripped_from_the_pack_is_refused() -> None:
    with pytest.raises(ValueError, match="the wild card 9d is stripped from the pack"):
        Profile.model_validate({"pack": {"stripped_ranks": [9]}, "ranking": {"wild": {"cards": ["9d"]}}})
    with pytest.raises(ValueError, match="the wild rank 2 is stripped from the pack"):
        Profile.model_validate({"pack": {"stripped_ranks": [2]}, "ranking": {"wild": {"ranks": [2]}}})


def test_ranks_are_read_once_each() -> None:
    assert Profile.model_validate({"pack": {"stripped_ranks": ["t", 2, "j"]}}).pack.stripped_ranks == ["2", "10", "J"]
    with pytest.raises(ValueError, match="stripped twice"):
        Profile.model_validate({"pack": {"stripped_ranks": [2, "2"]}})
    with pytest.raises(ValueError, match="is not a rank"):
        Profile.model_validate({"pack": {"stripped_ranks": ["Z"]}})


def test_the_words_and_the_rulebook() -> None:
    profile = Profile.model_validate({"pack": SHORT})
    assert explain("pack.stripped_ranks", ["2", "3", "4", "5", "6"], profile) == (
        "the pack is stripped of its twos, threes, fours, fives and sixes: 32 cards")
    book = " ".join(render_text(build_rulebook(profile)).split())
    assert "The pack is stripped of its twos, threes, fours, fives and sixes: 32 cards." in book
    assert "of the 4,960 hands" in book and "a hand of those ranks never occurs" in book
