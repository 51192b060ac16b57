"""More hands from more cards: Thirteen-Card Brag's four hands and a discard, Fifteen-card Brag's five,
the minimum hand to win, and the penalty for hands set out of order (``format.hands`` up to five,
``format.cards_dealt`` up to sixteen, ``format.minimum_hand``, ``format.wrong_order``)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.arrange import auto_arrange, hand_strengths, hand_winners
from bragrules.profile import load_profile
from bragrules.profile.models import Profile

from ..helpers import deal_with, play, rules_for

A_HANDS = "3h 3d 3c | Ah Kh Qh | 9s 9d 2c | 7c 7d 4s"
A_CARDS = "3h 3d 3c Ah Kh Qh 9s 9d 2c 7c 7d 4s 5h"
B_HANDS = "Ks Kd Kc | 8s 9h Tc | Jc Jd 2d | 6s 6d 3s"
B_CARDS = "Ks Kd Kc 8s 9h Tc Jc Jd 2d 6s 6d 3s 4d"


def test_thirteen_cards_four_hands_and_a_discard_most_hands_take_the_pot() -> None:
    """ourpastimes.com (http://ourpastimes.com/play-card-game-crash-4516398.html): "Deal out the deck
    until all players have 13 cards" and "arrange them into four sets of 'brag' hands, each 'brag' hand
    consisting of three cards. The leftover card is set aside"; "Reveal your first 'brag' hand. The
    highest first hand scores a single point. From there, everyone reveals their second hand."

    Played for a pot (thirteen-card.yaml), whoever wins most of the four hands takes it."""
    rules = rules_for("thirteen-card")
    deal = deal_with(rules, {"A": A_CARDS, "B": B_CARDS})
    assert [o.kind for o in deal.legal_actions()] == ["arrange"]
    play(deal, [f"A arrange {A_HANDS}", f"B arrange {B_HANDS}"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert deal.result.reason.startswith("hands won: A 3, B 1")
    assert deal.result.net == {"A": 1, "B": -1}
    assert [len(h) for h in deal.result.arrangements["A"]] == [3, 3, 3, 3]  # the 5h set aside


def test_the_hint_is_the_exact_best_and_is_accepted() -> None:
    """The arrange option carries the best arrangement of all (auto_arrange), which the deal accepts."""
    rules = rules_for("thirteen-card")
    deal = deal_with(rules, {"A": A_CARDS, "B": B_CARDS})
    hint = deal.legal_actions()[0]
    assert hint.cards == auto_arrange(rules, parse_cards(A_CARDS)).hands
    deal.apply(hint.action())
    assert deal.players["A"].arrangement is not None


def test_a_hand_below_a_pair_wins_nothing() -> None:
    """androidfreeware.mobi Crash
    (https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html): "If hands are
    tied, no one scores" and "To win a hand a player must have a pair. Otherwise, the deal will be
    considered a tie." denexa.com (https://www.denexa.com/blog/tag/thirteen-card-brag/): "Each hand
    formed must be at least a pair or better."

    A's nine high beats B's eight high at the fourth place only where any hand can win: with
    ``minimum_hand: pair`` nobody wins it, A has two hands of four, and the pot carries."""
    a = ("3h 3d 3c Ah Kh Qh 7c 7d 4s 2c 5h 9s Jh", "3h 3d 3c | Ah Kh Qh | 7c 7d 4s | 2c 5h 9s")
    b = ("Ks Kd Kc 8s 9h Tc Jc Jd 2d 4d 6h 8c 3s", "Ks Kd Kc | 8s 9h Tc | Jc Jd 2d | 4d 6h 8c")
    for minimum, outcome in ((None, "won"), ("pair", "carried")):
        rules = rules_for("thirteen-card", format={"minimum_hand": minimum})
        deal = deal_with(rules, {"A": a[0], "B": b[0]})
        play(deal, [f"A arrange {a[1]}", f"B arrange {b[1]}"])
        assert deal.result is not None and deal.result.outcome == outcome
        strengths = {p: hand_strengths(rules, deal.players[p].arrangement or ()) for p in "AB"}
        assert hand_winners(rules, strengths)[3] == (None if minimum else "A")
        assert ("format.minimum_hand" in deal.result.decided_by) == (minimum is not None)


def test_out_of_order_refused_by_default() -> None:
    """``wrong_order: refused``: hands set out weakest first are refused, naming format.hand_order."""
    rules = rules_for("thirteen-card", format={"wrong_order": "refused"})
    deal = deal_with(rules, {"A": A_CARDS, "B": B_CARDS})
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A arrange 7c 7d 4s | 9s 9d 2c | Ah Kh Qh | 3h 3d 3c")
    assert refused.value.rule == "format.hand_order"
    assert deal.players["A"].arrangement is None


def test_out_of_order_scores_nothing() -> None:
    """ourpastimes.com (http://ourpastimes.com/play-card-game-crash-4516398.html): "Arrange your 'brag'
    hands in front of you, starting with the highest to your left and the lowest to your right ... You
    must arrange them in this order. To do otherwise is cheating, and you will not gain any points for
    this round."

    A's hands would win three places in order; set out of order they stand and win nothing: B's
    hands take every place and the pot."""
    rules = rules_for("thirteen-card")
    deal = deal_with(rules, {"A": A_CARDS, "B": B_CARDS})
    play(deal, ["A arrange Ah Kh Qh | 3h 3d 3c | 9s 9d 2c | 7c 7d 4s", f"B arrange {B_HANDS}"])
    assert deal.result is not None and deal.result.winners == ["B"]
    assert "A set the hands out of order and wins none (format.wrong_order)" in deal.result.reason
    assert "format.wrong_order" in deal.result.decided_by
    assert deal.result.net == {"A": -1, "B": 1}


def test_out_of_order_among_three_leaves_the_others_to_compare() -> None:
    """With three players, the offender's hands are left out and the other two are compared as usual."""
    rules = rules_for("thirteen-card")
    c_cards = "2h 2s 5c 5d 6c 8d Th Qc Qd 4c Js 8h Td"
    deal = deal_with(rules, {"A": A_CARDS, "B": B_CARDS, "C": c_cards})
    play(deal, ["A arrange Ah Kh Qh | 3h 3d 3c | 9s 9d 2c | 7c 7d 4s", f"B arrange {B_HANDS}",
                "C arrange Qc Qd 4c | 5c 5d 6c | 2h 2s 8d | Th Js 8h"])
    strengths = {p: hand_strengths(rules, deal.players[p].arrangement or ()) for p in "ABC"}
    assert hand_winners(rules, strengths) == ["B", "B", "B", "B"]
    assert deal.result is not None and deal.result.winners == ["B"]


def test_fifteen_cards_five_hands() -> None:
    """3cardbrag.me.uk (https://3cardbrag.me.uk/2010/11/13/brag-game-variants/): "Fifteen card brag –
    This family-orientated variant of brag is normally played without stakes, where each player is
    dealt fifteen cards and must make five three-card tricks." Three players (45 cards of 52)."""
    profile = Profile.model_validate({"format": {"cards_dealt": 15, "hands": 5, "betting": False},
                                      "table": {"min_players": 2, "max_players": 3}, "blind": {"allowed": False}})
    from bragrules.rules.compile import compile_rules

    rules = compile_rules(profile)
    cards = {"A": "Ah Ad Ac Kh Kd Kc Qh Qd Qc Jh Jd Jc Th Td Tc",
             "B": "2h 3h 4h 5s 6s 7s 8d 9d Ts 2c 3c 4c 5h 6h 7h", "C": "9s 9h 9c 8s 8h 8c 7d 6d 5d 4d 3d 2d Js Qs Ks"}
    deal = deal_with(rules, cards)
    for name in "ABC":
        option = deal.legal_actions()[0]
        assert option.player == name and option.cards is not None and len(option.cards) == 5
        deal.apply(option.action())
    assert deal.result is not None and deal.result.winners == ["A"]  # five prials
    assert sum(deal.result.net.values()) == 0


def test_sixteen_cards_five_hands_and_a_discard() -> None:
    """Up to sixteen cards: five hands and one card set aside, as far as the pack allows (3 x 16 = 48)."""
    profile = Profile.model_validate({"format": {"cards_dealt": 16, "hands": 5}, "table": {"max_players": 3}})
    assert profile.format.cards_dealt == 16
    with pytest.raises(ValidationError, match="52"):
        Profile.model_validate({"format": {"cards_dealt": 16, "hands": 5}, "table": {"max_players": 4}})
    with pytest.raises(ValidationError):
        Profile.model_validate({"format": {"cards_dealt": 17, "hands": 5}, "table": {"max_players": 3}})
    with pytest.raises(ValidationError):
        Profile.model_validate({"format": {"cards_dealt": 16, "hands": 6}, "table": {"max_players": 3}})


def test_profiles_that_leave_the_new_fields_unset_read_as_before() -> None:
    """Widening format.hands and format.cards_dealt and adding the two fields leaves old profiles' hashes
    (the hashes the shipped profiles had before these fields existed), so their logs still audit."""
    from bragrules.profile.loader import profile_hash

    assert profile_hash(load_profile("nine-card")) == "bd7d04c37dfc116dce686fe88b9db24d487f99f35949579db51d96eafa5c8f36"
    assert profile_hash(load_profile("seven-card")) == "7db2c33cc9154add6acb734097cdf8e3dd1e3c59e5d51586b9f08a2e8d732071"
    assert profile_hash(load_profile("standard")) == "1fe9fa69d06ba6d7bc916054d9ec890f83d6f2f41d4f9fb65b31db3d16c4ea27"


FOURS_A = "3h 3d 3c 3s Ah Ad Ac As Kh Kd Kc Ks 9s"
FOURS_B = "Qs Qd Qc 8s 9h Tc Jc Jd 2d 6s 6d 5s 4d"


def test_three_sets_of_four_and_a_discard() -> None:
    """androidfreeware.mobi Crash
    (https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html): "Players are dealt
    13 cards each and must sort their hand into 4 Brag hands of three cards, or if you are lucky enough, in 3
    sets of 4 of a kind, discarding the last remaining card. The hands rank is the same as Brag".

    With ``fours: as_prial`` A lays three fours (each counting as its prial) and discards the 9s; the
    fourth place, where A has no hand, goes to B's pair of sixes. A wins three of four and the pot."""
    rules = rules_for("thirteen-card", format={"fours": "as_prial"})
    deal = deal_with(rules, {"A": FOURS_A, "B": FOURS_B})
    play(deal, ["A arrange 3h 3d 3c 3s | Ah Ad Ac As | Kh Kd Kc Ks", "B arrange Qs Qd Qc | 8s 9h Tc | Jc Jd 2d | 6s 6d 5s"])
    assert deal.result is not None and deal.result.winners == ["A"]
    strengths = {p: hand_strengths(rules, deal.players[p].arrangement or ()) for p in "AB"}
    assert hand_winners(rules, strengths) == ["A", "A", "A", "B"]
    assert [len(h) for h in deal.result.arrangements["A"]] == [4, 4, 4]


def test_fours_are_refused_unless_the_profile_allows_them() -> None:
    """``fours: no`` (the default): every hand has three cards; a hand of four is refused, naming format.hands;
    under ``as_prial`` a hand of four not of one rank, or fewer hands while three cards are left, names format.fours."""
    deal = deal_with(rules_for("thirteen-card"), {"A": FOURS_A, "B": FOURS_B})
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A arrange 3h 3d 3c 3s | Ah Ad Ac As | Kh Kd Kc Ks")
    assert refused.value.rule == "format.hands"
    deal = deal_with(rules_for("thirteen-card", format={"fours": "as_prial"}), {"A": FOURS_A, "B": FOURS_B})
    for bad in ("A arrange 3h 3d 3c 9s | Ah Ad Ac | Kh Kd Kc | 3s As Ks",  # not four of one rank
                "A arrange 3h 3d 3c 3s | Ah Ad Ac | Kh Kd Kc"):  # three cards left: a fourth hand is set out
        with pytest.raises(RuleViolation) as refused:
            deal.apply_text(bad)
        assert refused.value.rule == "format.fours", bad
    assert deal.players["A"].arrangement is None


def test_the_best_arrangement_never_lays_a_four() -> None:
    """A four counting as its prial is no better than the prial with the fourth card in another hand."""
    rules = rules_for("thirteen-card", format={"fours": "as_prial"})
    best = auto_arrange(rules, parse_cards(FOURS_A))
    assert [len(h) for h in best.hands] == [3, 3, 3, 3]
