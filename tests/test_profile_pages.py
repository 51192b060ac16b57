"""The shipped profiles play what the pages their headers cite say: each fact is played through the engine
under the shipped profile itself (never an override), with the page's sentence quoted.

These are the profile facts a reader of the pages found the profiles getting wrong: a knock in place of
Stop the Bus's compulsory swap, 13-card Crash without its pair minimum or its penalty for hands out of order,
fours refused where the page allows them, single-stake Brag never showing the hands when the stakes are
matched, Zha Jin Hua's table size, and Kissing-Missing played with Brag's betting instead of Teen Patti's.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Set

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session
from bragrules.profile import load_profile

from .helpers import deal_with, nets, play, rules_for


def _kinds(deal: Deal) -> Set[str]:
    return {o.kind for o in deal.legal_actions()}


# ---------------------------------------------------------------------------
# stop-the-bus: Wikipedia, "Stop the bus"
# ---------------------------------------------------------------------------


def test_stop_the_bus_takes_a_card_before_the_knock() -> None:
    """https://en.wikipedia.org/wiki/Stop_the_bus: "each player must take either 1 or 3 of the centre cards
    and replace it with an equal number from their own hand. After playing, a player may elect to "stop the
    bus", in which case everybody else gets one turn only."

    A knock before the turn's swap is refused, naming the rule, and changes nothing; after the swap A may
    knock. B's and C's last turns are turns like any other: each takes a card, and a stand is refused."""
    rules = rules_for("stop-the-bus")
    deal = deal_with(rules, {"A": "2c 5d 9h", "B": "3s 4h Jd", "C": "7c 8d Kh"}, centre=parse_cards("Ah Qs 6c"))
    assert "knock" not in _kinds(deal) and "swap" in _kinds(deal)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A knock")
    assert refused.value.rule == "format.exchange.must_take_before_knock"
    assert deal.knocked_by is None and deal.to_act == "A" and deal.players["A"].hand == tuple(parse_cards("2c 5d 9h"))
    play(deal, ["A swap 2c Ah"])
    assert deal.to_act == "A" and _kinds(deal) == {"pass", "knock"}
    play(deal, ["A knock"])
    assert deal.knocked_by == "A" and deal.to_act == "B"
    assert _kinds(deal) == {"swap"}
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B stand")
    assert refused.value.rule == "format.exchange.stand_after_knock" and deal.to_act == "B"
    play(deal, ["B swap 3s 2c", "C swap 7c Qs"])  # the turn passes by itself after the take
    assert deal.result is not None and deal.result.lives_lost == ["B"]  # 2-4-J, the lowest hand


# ---------------------------------------------------------------------------
# crash-13 and thirteen-card-brag: the 13-card Crash pages
# ---------------------------------------------------------------------------

A_CARDS = "3h 3d 3c Ah Kh Qh 9s 9d 2c 7c 7d 4s 5h"
B_CARDS = "Ks Kd Kc 8s 9h Tc Jc Jd 2d 6s 6d 3s 4d"
B_HANDS = "Ks Kd Kc | 8s 9h Tc | Jc Jd 2d | 6s 6d 3s"


def test_crash_13_scores_nothing_for_hands_out_of_order() -> None:
    """http://ourpastimes.com/play-card-game-crash-4516398.html: "Arrange your "brag" hands in front of you,
    starting with the highest to your left and the lowest to your right ... You must arrange them in this
    order. To do otherwise is cheating, and you will not gain any points for this round."

    In order, A's prial, running flush and pair of nines take three places (3 points). Set out with the
    running flush first, the arrangement stands, A scores nothing, and B's hands take every place: four
    points and the bonus for all four."""
    rules = rules_for("crash-13")
    in_order = play(deal_with(rules, {"A": A_CARDS, "B": B_CARDS}),
                    ["A arrange 3h 3d 3c | Ah Kh Qh | 9s 9d 2c | 7c 7d 4s", f"B arrange {B_HANDS}"])
    assert in_order.result is not None and in_order.result.points == {"A": 3, "B": 1}
    wrong = deal_with(rules, {"A": A_CARDS, "B": B_CARDS})
    play(wrong, ["A arrange Ah Kh Qh | 3h 3d 3c | 9s 9d 2c | 7c 7d 4s"])  # accepted: it stands
    play(wrong, [f"B arrange {B_HANDS}"])
    assert wrong.result is not None and wrong.result.points == {"A": 0, "B": 5}
    assert "format.wrong_order" in wrong.result.decided_by


def test_crash_13_a_hand_below_a_pair_wins_nothing() -> None:
    """https://www.denexa.com/blog/tag/thirteen-card-brag/: "Each hand formed must be at least a pair or
    better." A's nine high beats B's eight high at the fourth place, but neither is a pair: nobody scores
    it, and A's three places score 3."""
    rules = rules_for("crash-13")
    deal = deal_with(rules, {"A": "3h 3d 3c Ah Kh Qh 7c 7d 4s 2c 5h 9s Jh",
                             "B": "Ks Kd Kc 8s 9h Tc Jc Jd 2d 4d 6h 8c 3s"})
    play(deal, ["A arrange 3h 3d 3c | Ah Kh Qh | 7c 7d 4s | 2c 5h 9s",
                "B arrange Ks Kd Kc | 8s 9h Tc | Jc Jd 2d | 4d 6h 8c"])
    assert deal.result is not None and deal.result.points == {"A": 2, "B": 1}
    assert "format.minimum_hand" in deal.result.decided_by


def test_thirteen_card_brag_lays_four_of_a_kind_as_a_prial() -> None:
    """https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html: "Players are dealt
    13 cards each and must sort their hand into 4 Brag hands of three cards, or if you are lucky enough, in 3
    sets of 4 of a kind, discarding the last remaining card. The hands rank is the same as Brag".

    A lays three fours, each counting as its prial, and discards the 9♠: three places (3 points); the fourth,
    where A has no hand, goes to B's pair of sixes. crash-13, whose pages lay three-card hands, refuses it."""
    a = "3h 3d 3c 3s Ah Ad Ac As Kh Kd Kc Ks 9s"
    b = "Qs Qd Qc 8s 9h Tc Jc Jd 2d 6s 6d 5s 4d"
    fours = "A arrange 3h 3d 3c 3s | Ah Ad Ac As | Kh Kd Kc Ks"
    deal = play(deal_with(rules_for("thirteen-card-brag"), {"A": a, "B": b}),
                [fours, "B arrange Qs Qd Qc | 8s 9h Tc | Jc Jd 2d | 6s 6d 5s"])
    assert deal.result is not None and deal.result.points == {"A": 3, "B": 1}
    assert [len(h) for h in deal.result.arrangements["A"]] == [4, 4, 4]
    crash = deal_with(rules_for("crash-13"), {"A": a, "B": b})
    with pytest.raises(RuleViolation) as refused:
        crash.apply_text(fours)
    assert refused.value.rule == "format.hands"


# ---------------------------------------------------------------------------
# single-stake: pokerwiner.com, Brag
# ---------------------------------------------------------------------------


def test_single_stake_shows_every_hand_once_the_stakes_are_matched() -> None:
    """http://www.pokerwiner.com/games-of-playing-cards/brag.html, Single-Stake Brag: "If he chooses he may
    raise the stake, in which event any player coming into the game, or already in the game, must raise his
    bet to as much as the highest individual stake, or drop out ... When all those who wish to play have
    raised their bets to an equal amount, the cards are shown and the player with the best hand collects all
    the stakes."

    D deals and stakes 2; A meets it, B raises to 4, C drops out; D and A raise to 4: the stakes are equal,
    the three hands are shown, and B's pair of fives takes the stakes."""
    rules = rules_for("single-stake")
    deal = deal_with(rules, {"A": "Kc 8c 4c", "B": "5s 5h 7d", "C": "2c 7h Qd", "D": "3s 3h Qh"})
    play(deal, ["A bet 2", "B bet 4", "C fold", "D bet 4"])
    assert deal.result is None and deal.to_act == "A"  # A must meet 4 or drop out
    play(deal, ["A bet 4"])
    result = deal.result
    assert result is not None and result.showdown and result.winners == ["B"]
    assert result.decided_by == ["seeing.matched_showdown"]
    assert sorted(p for p, _ in deal.events[-1].shown) == ["A", "B", "D"]
    assert sum(nets(deal).values()) == 0 and nets(deal)["B"] > 0


# ---------------------------------------------------------------------------
# zha-jin-hua: the Zha Jin Hua pages
# ---------------------------------------------------------------------------


def test_zha_jin_hua_seats_two_to_six() -> None:
    """The Chinese rules text (baike.admin520.cn, as dayujiemeng.com's): "游戏参与人数2-6人" (two to six
    players); onecybertech.com, Gold Flower: "a very popular Chinese card-game for six players"."""
    rules = rules_for("zha-jin-hua")
    for n in (2, 6):
        Session(rules, [f"P{i}" for i in range(n)], seed=1).start_deal()
    for n, rule in ((1, "table.min_players"), (7, "table.max_players")):
        with pytest.raises(RuleViolation) as refused:
            Session(rules, [f"P{i}" for i in range(n)], seed=1)
        assert refused.value.rule == rule


# ---------------------------------------------------------------------------
# kissing-missing: zeenews.india.com, a Teen Patti variation
# ---------------------------------------------------------------------------


def test_kissing_missing_plays_teen_pattis_betting() -> None:
    """zeenews.india.com, "Card games: Try Kissing Missing this Diwali!": Kissing Missing is one of "the hatke
    teen patti games", a variation of "the traditional teen patti", so its betting is Teen Patti's
    (teen-patti.yaml): a chaal of at most twice the stake, a side-show between seen players while three are
    in, and a show between the last two costing the stake (under Brag's betting a raise has no cap and a
    see costs twice the opponent's last bet)."""
    assert load_profile("kissing-missing").extends == ["teen-patti"]
    rules = rules_for("kissing-missing")
    hands = {"A": "4c 4d Kh Ks 9c", "B": "Ac Qd 7s 5h 2c", "C": "2d 7d Jh 3s 8c"}
    deal = play(deal_with(rules, hands), ["A look", "A bet 2", "B look"])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 8")  # four times the stake of 2
    assert refused.value.rule == "stakes.raise_limit.factor"
    play(deal, ["B bet 4", "C look"])
    assert "sideshow" in _kinds(deal)  # C, seen, may ask B, seen, for a side-show
    play(deal, ["C fold", "A bet 4"])
    see = next(o for o in deal.legal_actions() if o.kind == "see")
    assert see.amount == Fraction(4)  # the stake, not twice it
    with pytest.raises(RuleViolation):
        deal.apply_text("B see 8")
    play(deal, ["B see 4"])
    assert deal.result is not None and deal.result.winners == ["A"]  # A's kiss makes a prial of kings
    brag = play(deal_with(rules_for("standard", format={"cards_dealt": 5}, ranking={"wild": {"kiss_miss": True}}), hands),
                ["A look", "A bet 2", "B look", "B bet 8"])  # the same deal under Brag's betting: no cap
    assert brag.to_act == "C"
