"""ranking.wild.per_hand: each player's lowest (or highest) rank is wild in that player's hand alone.

cardpartyclub's "Lowest Joker" variation (https://cardpartyclub.com/variation-rules/): "In this
3 Patti Variation, each player's lowest ranking card in his/her hand will become Joker. If
lowest card is in pair, then that pair is considered as two Jokers." Its examples: "A♠-K♥-K♣,
here lowest cards are both the kings (K♥-K♣) which will act as Joker. So final hand will look
like A-Joker-Joker which will make strongest hand as A-A-A", and "A♠-K♠-2♥, 2♥ is the lowest
card and will act as Joker. So final hand will be A♠-K♠-Q♠".

The high-card joker (http://teenpatti399.blogspot.com/2014/02/variations-jokers.html): "High
Card Joker: Each player's highest-ranking card (and all other cards of that same
rank/strength/number) are jokers"; octro's tutorial
(https://teenpatti.octro.com/variations/hindi-tutorial.html): "यदि आपके कार्ड 6-9-K हैं, तो
आप K को 9 मान सकते हैं और आपके कार्ड बनते हैं 6-9-9" (with 6-9-K the K may count as a 9,
making 6-9-9).
"""

from __future__ import annotations

import itertools
from typing import Dict

import pytest

from bragrules.audit import audit
from bragrules.core.cards import CARDS, parse_cards
from bragrules.history import parse_sheet
from bragrules.profile import load_profile_text
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import compile_ranking
from bragrules.rules.wild_deal import OwnWildRanker, WildDealPolicy, category_counts

from ..helpers import deal_with, nets, play, rules_for

LOWEST = {"per_hand": "lowest_rank"}
TEEN_PATTI_ORDER = {"prial_order": "ace_high", "run_order": "akq_high"}


def lowest(**ranking: object) -> object:
    return rules_for("standard", ranking={"wild": LOWEST, **ranking})


def test_cardpartyclub_examples_read_as_the_page_says() -> None:
    """"A♠-K♥-K♣ ... A-A-A" and "A♠-K♠-2♥ ... A♠-K♠-Q♠" (with the page's Teen Patti order, A-K-Q the top run)."""
    rules = rules_for("standard", ranking={"wild": LOWEST, **TEEN_PATTI_ORDER})
    comparer = rules.comparer.for_deal(())
    assert comparer.describe(parse_cards("As Kh Kc")) == "prial of aces (Kc as Ad, Kh as Ac)"
    assert comparer.category(parse_cards("As Kh Kc")) == "prial"
    assert comparer.describe(parse_cards("As Ks 2h")) == "running flush, A-K-Q (2h as Qs)"


def test_the_joker_is_the_holders_alone() -> None:
    """Each hand has its own joker: A's two makes A-K-Q a running flush, B's three makes 9-9 a prial."""
    rules = lowest()
    deal = deal_with(rules, {"A": "As Ks 2h", "B": "9c 9d 3h"})
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["B"]
    assert nets(deal) == {"A": -7, "B": 7}  # the ante, the bet and the see
    assert "ranking.wild.per_hand" in deal.result.decided_by


def test_a_pair_of_lowest_cards_is_two_jokers() -> None:
    """"If lowest card is in pair, then that pair is considered as two Jokers": 4-4-9 is a prial of nines;
    A-A-K's lowest card is its king, so it is a prial of aces, the better."""
    comparer = lowest().comparer.for_deal(())
    assert comparer.describe(parse_cards("4c 4d 9h")) == "prial of nines (4d as 9d, 4c as 9c)"
    assert comparer.key(parse_cards("Ac Ad Kh")) > comparer.key(parse_cards("4c 4d 9h"))


def test_a_hand_of_one_rank_is_all_wild() -> None:
    """Every card of the lowest rank is a joker (teenpatti399: "Each player's lowest-ranking card (and all
    other cards of that same rank/strength/number) are jokers"): a prial is three jokers, the best prial."""
    comparer = lowest().comparer.for_deal(())
    assert comparer.describe(parse_cards("9c 9d 9h")) == "prial of threes (9h as 3h, 9d as 3d, 9c as 3c)"
    assert comparer.key(parse_cards("9c 9d 9h")) > comparer.key(parse_cards("Ac Ad Kh"))


def test_a_hand_whose_face_value_is_its_best_is_natural() -> None:
    """A-2-3 with its two wild: the two standing for itself is already the best run, so the hand is natural,
    and beats a hand that needs its joker to be a run (natural beats wild)."""
    rules = lowest()
    ranker, wild = rules.ranking.ranker, rules.ranking.wild_deal
    assert wild is not None
    natural = parse_cards("Ah 2c 3d")
    assert ranker.evaluate(natural, wild.hand_wild(natural, frozenset())).natural
    made = parse_cards("Qh Kc 5d")  # the five as the jack or the ace: a run, made
    assert rules.comparer.category(made) == "run"
    assert rules.comparer.key(natural) > rules.comparer.key(made)


def test_the_high_card_joker() -> None:
    """octro: 6-9-K, "K को 9 मान सकते हैं ... 6-9-9"."""
    comparer = rules_for("standard", ranking={"wild": {"per_hand": "highest_rank"}}).comparer
    assert comparer.describe(parse_cards("6c 9d Ks")) == "pair of nines, six kicker (Ks as 9c)"


def test_the_audit_replays_the_jokers_and_names_the_rule_of_a_wrong_winner() -> None:
    text = ("format: bragrules-history/1\nprofile: lowest\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: Qc Qd 5h, B: 2c 3d 4h}\n"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 4]\n"
            "    result: {winners: [%s]}\n")
    profile = load_profile_text("extends: standard\nname: lowest\ntable: {min_players: 2}\n"
                                "ranking: {wild: {per_hand: lowest_rank}}\n")
    # the fives wild: Q-Q-5 is a prial of queens, above B's run (2-3-4 with its two wild); plainly B's run wins
    assert audit(parse_sheet(text % "A", filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(text % "B", filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.per_hand"]
    plain = load_profile_text("extends: standard\nname: lowest\ntable: {min_players: 2}\n")
    assert [v.rule for v in audit(parse_sheet(text % "A", filename="s.yaml"), plain).violations] == ["history.result"]


def _brute_category(ranking: object, hand: tuple, wild: frozenset) -> str:
    """The best category over every choice of cards the wild ones stand for (none held twice)."""
    plain = compile_ranking(ranking)  # type: ignore[arg-type]
    naturals = [c for c in hand if c not in wild]
    free = [c for c in range(52) if c not in naturals]
    best = None
    for subs in itertools.permutations(free, len(hand) - len(naturals)):
        strength = plain.strength([*naturals, *subs])
        best = strength if best is None or strength > best else best
    assert best is not None
    return plain.category(best)


@pytest.mark.parametrize("per_hand", ["lowest_rank", "highest_rank"])
def test_category_counts_are_exact(per_hand: str) -> None:
    """Exact counts over all 22,100 hands, against a count by hand of the reasoning, and a brute force
    of every reading on a sample of hands."""
    profile = rules_for("standard", ranking={"wild": {"per_hand": per_hand}}).profile
    policy = WildDealPolicy.compile(profile)
    assert policy is not None
    ranker = compile_ranking(profile.ranking, open_wild=True)
    counts = category_counts(ranker, policy)
    assert sum(counts.values()) == 22100
    # prials: the 52 natural ones; a pair and an odd card of the wild rank (lowest: below the pair,
    # highest: above it) makes a prial of the pair's rank; a pair of the wild rank and any other card
    # makes a prial of the other's rank: 6 pairs x 4 cards x 78 rank pairs each way
    assert counts["prial"] == 52 + 2 * 6 * 4 * 78
    assert counts["high_card"] == 0  # every hand holds a wild card, so every hand pairs at least
    sample = ranker.all_hands()[::997]
    none: frozenset = frozenset()
    for hand in sample:
        wild = policy.hand_wild(hand, none)
        assert ranker.category(policy.strength(ranker, hand, none)) == _brute_category(profile.ranking, hand, wild)


def test_the_rulebook_counts_the_hands_with_their_own_jokers() -> None:
    profile = rules_for("standard", ranking={"wild": LOWEST}).profile
    own = OwnWildRanker.of(profile)
    counts: Dict[str, int] = own.counts()
    assert counts["prial"] == 3796 and counts["high_card"] == 0
    from bragrules.explainers.rulebook import build_rulebook, render_text

    book = render_text(build_rulebook(profile))
    assert "In each hand the cards of its lowest rank are wild, for that hand alone" in book
    assert "3,796" in book


def test_a_profile_of_more_cards_is_refused() -> None:
    """Three cards, or four of which the best three play (four-card-lowest-joker.yaml); five are refused."""
    from bragrules.profile import ProfileError

    with pytest.raises(ProfileError) as refused:
        load_profile_text("extends: standard\nname: x\nformat: {cards_dealt: 5}\ntable: {max_players: 6}\n"
                          "ranking: {wild: {per_hand: lowest_rank}}\n")
    assert "ranking.wild.per_hand" in str(refused.value)


def test_the_default_ranker_is_untouched() -> None:
    """A profile that chooses no wild card at the table compiles the ranker as before (no open_wild)."""
    rules = compile_rules(load_profile_text("extends: standard\nname: plain\n"))
    assert rules.ranking.wild_deal is None and rules.comparer.wild is None
    assert not rules.ranking.ranker.open_wild
    assert rules.comparer.for_deal(()) is rules.comparer
    assert CARDS[0] not in rules.comparer.hand_wild(parse_cards("2c 3d 9h"))
