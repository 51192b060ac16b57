"""Every format from one engine: Four-, Seven- and Nine-Card, Crash, wild cards, seen-only."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.arrange import auto_arrange, ordered_arrangements
from bragrules.engine.session import Session, play_session, random_chooser

from ..helpers import deal_with, play, rules_for


def test_arrangement_counts() -> None:
    seven = parse_cards("Ah Ad Ac 7s 8s 9s 2d")
    nine = parse_cards("Ah Ad Ac 7s 8s 9s 2d 5c Kh")
    assert sum(1 for _ in ordered_arrangements(seven, 2)) == 140
    assert sum(1 for _ in ordered_arrangements(nine, 3)) == 1680


def test_seven_card_one_hand_each_carries_the_pot() -> None:
    rules = rules_for("seven-card")
    hands = {"A": "Ah Ad Ac 2c 4d 6h 9s", "B": "Ks Kd Kc 5s 6s 7s Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = deal_with(rules, hands)
    play(deal, [
        "A look", "A arrange Ah Ad Ac | 2c 4d 6h", "A bet 2",
        "B look", "B arrange Ks Kd Kc | 5s 6s 7s", "B bet 2",
        "C fold", "A see 4",
    ])
    assert deal.result is not None
    assert deal.result.outcome == "carried"  # A's aces beat the kings; B's running flush beats A's six high
    assert deal.result.carried_out == 3 + 2 + 2 + 4
    assert sum(deal.result.net.values()) == -deal.result.carried_out


def test_seven_card_both_hands_win() -> None:
    rules = rules_for("seven-card")
    hands = {"A": "Ah Ad Ac 5s 6s 7s 9h", "B": "Ks Kd Kc 2c 4d 6h Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = deal_with(rules, hands)
    play(deal, ["A look", "A arrange Ah Ad Ac | 5s 6s 7s", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"])
    assert deal.result is not None and deal.result.winners == ["A"]
    # B never arranged: the best-chance arrangement was made for B at the showdown
    best = auto_arrange(rules, parse_cards(hands["B"]))
    assert deal.result.arrangements["B"] == [[str(c) for c in h] for h in best.hands]


def test_nine_card_won_two_hands_to_one() -> None:
    rules = rules_for("nine-card")
    hands = {
        "A": "Ah Ad Ac Ks Qs Js 2c 4d 6h",
        "B": "Kh Kd Kc 9s 9h 9d 3c 5d 8h",
        "C": "2h 3h 7c Td Qc 4s 5c 6d 8d",
    }
    deal = deal_with(rules, hands)
    play(deal, [
        "A look", "A arrange Ah Ad Ac | Ks Qs Js | 2c 4d 6h", "A bet 2",
        "B look", "B arrange Kh Kd Kc | 9s 9h 9d | 3c 5d 8h", "B bet 2",
        "C fold", "A see 4",
    ])
    # hand 1: aces beat kings (A); hand 2: nines (a prial) beat a running flush (B); hand 3: 8 high beats 6 high (B)
    assert deal.result is not None and deal.result.winners == ["B"]


def test_nine_card_all_three_required() -> None:
    rules = rules_for("nine-card", format={"win_rule": "all"})
    hands = {
        "A": "Ah Ad Ac Ks Qs Js 2c 4d 6h",
        "B": "Kh Kd Kc 9s 9h 9d 3c 5d 8h",
        "C": "2h 3h 7c Td Qc 4s 5c 6d 8d",
    }
    deal = deal_with(rules, hands)
    play(deal, [
        "A look", "A arrange Ah Ad Ac | Ks Qs Js | 2c 4d 6h", "A bet 2",
        "B look", "B arrange Kh Kd Kc | 9s 9h 9d | 3c 5d 8h", "B bet 2",
        "C fold", "A see 4",
    ])
    assert deal.result is not None and deal.result.outcome == "carried"


def test_arrangement_must_use_the_players_own_cards() -> None:
    rules = rules_for("seven-card")
    hands = {"A": "Ah Ad Ac 5s 6s 7s 9h", "B": "Ks Kd Kc 2c 4d 6h Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = deal_with(rules, hands)
    deal.apply_text("A look")
    for bad in ["A arrange Ah Ad Ks | 5s 6s 7s", "A arrange Ah Ad Ac | 5s 6s", "A arrange Ah Ad Ac",
                "A arrange Ah Ad Ac | Ah 6s 7s"]:
        with pytest.raises(RuleViolation) as info:
            deal.apply_text(bad)
        assert info.value.rule == "format.hands"
    blind = deal_with(rules, hands)
    with pytest.raises(RuleViolation) as info:
        blind.apply_text("A arrange Ah Ad Ac | 5s 6s 7s")
    assert info.value.rule == "blind.look"


def test_strongest_first_order_rule() -> None:
    rules = rules_for("seven-card", format={"hand_order": "strongest_first"})
    hands = {"A": "Ah Ad Ac 5s 6s 7s 9h", "B": "Ks Kd Kc 2c 4d 6h Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = deal_with(rules, hands)
    deal.apply_text("A look")
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A arrange 5s 6s 7s | Ah Ad Ac")
    assert info.value.rule == "format.hand_order"
    deal.apply_text("A arrange Ah Ad Ac | 5s 6s 7s")


def test_no_betting_seven_card_everyone_arranges_then_shows() -> None:
    rules = rules_for("seven-card", format={"betting": False})
    hands = {"A": "Ah Ad Ac 5s 6s 7s 9h", "B": "Ks Kd Kc 2c 4d 6h Jd", "C": "2h 3h 8c Td Qc 4s 5d"}
    deal = deal_with(rules, hands)
    assert [o.kind for o in deal.legal_actions()] == ["arrange"]
    play(deal, ["A arrange Ah Ad Ac | 5s 6s 7s", "B arrange Ks Kd Kc | 2c 4d 6h", "C arrange 2h 3h 4s | Qc Td 8c"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert deal.result.net["A"] == 2 and deal.result.net["B"] == -1


def test_auto_arrange_prefers_the_best_chance() -> None:
    rules = rules_for("nine-card")
    choice = auto_arrange(rules, parse_cards("Ah Ad Ac Ks Qs Js 2c 4d 6h"))
    assert sorted(map(sorted, choice.hands)) == sorted(map(sorted, [parse_cards("Ah Ad Ac"), parse_cards("Ks Qs Js"), parse_cards("2c 4d 6h")]))
    assert F(0) < choice.chance < 1


def test_four_card_best_three_play() -> None:
    rules = rules_for("four-card")
    hands = {"A": "7h 2c 7s Kd", "B": "Qs Qd 3c 4h", "C": "2h 3h 8c Td"}
    deal = deal_with(rules, hands)
    play(deal, ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A see 20"])
    assert deal.result is not None and deal.result.winners == ["B"]  # queens beat sevens


def test_four_card_discard_breaks_ties() -> None:
    rules = rules_for("four-card", format={"discard_breaks_ties": True})
    hands = {"A": "7h 7s Kd 9c", "B": "7c 7d Ks 3c", "C": "2h 3h 8c Td"}
    deal = deal_with(rules, hands)
    play(deal, ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A see 20"])
    assert deal.result is not None and deal.result.winners == ["A"]  # equal threes; the caller's discarded 9 beats 3
    plain = deal_with(rules_for("four-card"), hands)
    play(plain, ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A see 20"])
    assert plain.result is not None and plain.result.winners == ["B"]  # without it, the tie goes against the caller


def test_crash_four_players_to_a_single_winner() -> None:
    rules = rules_for("crash")
    session = Session(rules, ["A", "B", "C", "D"], seed=7)
    lives_lost = {p: 0 for p in session.players}
    deals = 0
    while not session.is_over:
        deal = session.start_deal()
        assert deal.is_over  # no betting: every deal goes straight to the showdown
        result = session.finish_deal()
        assert result.lives_lost, "somebody loses a life at each showdown"
        for p in result.lives_lost:
            lives_lost[p] += 1
        # the lowest hand loses: nobody who showed holds a lower hand than a loser
        deals += 1
        assert deals < 200
    assert sum(1 for p in session.players if session.lives[p] > 0) == 1
    (winner,) = session.winners()
    assert session.lives[winner] == 3 - lives_lost[winner] > 0
    assert all(session.lives[p] == 3 - lives_lost[p] for p in session.players)
    assert all(session.lives[p] == 0 for p in session.players if p != winner)
    assert all(v == 0 for v in session.balances.values())


def test_crash_lowest_hand_loses_and_ties() -> None:
    rules = rules_for("crash")
    deal = deal_with(rules, {"A": "2c 4d 6h", "B": "2d 4c 6s", "C": "As Ad Ac"})
    assert deal.result is not None and deal.result.lives_lost == ["A", "B"]
    none = deal_with(rules_for("crash", format={"lowest_tie": "none_lose"}), {"A": "2c 4d 6h", "B": "2d 4c 6s", "C": "As Ad Ac"})
    assert none.result is not None and none.result.lives_lost == []


def test_wild_card_hand_natural_first_and_not() -> None:
    natural = rules_for("casual", ranking={"wild": {"ranks": ["2"], "natural_beats_wild": True, "cards": [], "jokers": True}})
    hands = {"A": "7c 7h 7d", "B": "2c 7s 2d", "C": "3h 8c Td"}  # B: two wild twos and a seven make 7-7-7
    deal = deal_with(natural, hands)
    play(deal, ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A see 20"])
    assert deal.result is not None and deal.result.winners == ["A"]  # the natural prial beats the wild one
    equal = rules_for("casual", ranking={"wild": {"ranks": ["2"], "natural_beats_wild": False, "cards": [], "jokers": True}})
    deal = deal_with(equal, hands)
    play(deal, ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A see 20"])
    assert deal.result is not None and deal.result.winners == ["B"]  # equal: the caller (A) loses the tie
    deal = deal_with(equal, hands)
    play(deal, ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A bet 10", "B see 20"])
    assert deal.result is not None and deal.result.winners == ["A"]  # now B called and loses the tie


@pytest.mark.parametrize("name", ["four-card", "seven-card", "nine-card", "crash", "seen-only", "standard", "traditional", "casual", "house"])
def test_every_shipped_profile_plays_end_to_end(name: str) -> None:
    rules = rules_for(name)
    players = ["A", "B", "C", "D"]
    session = Session(rules, players, seed=3)
    play_session(session, random_chooser(random.Random(3)), max_deals=25)
    total = sum(session.balances.values()) + session.state.carried
    start = rules.session.starting_stack * len(players) if rules.session.finite else 0
    assert total == start
    assert session.records


def stop_the_bus(swap: str = "one_or_three"):
    return rules_for("crash", format={"exchange": {"enabled": True, "centre_cards": 3, "swap": swap}})


def test_stop_the_bus_swaps_and_one_more_turn_each_after_a_knock() -> None:
    rules = stop_the_bus()
    hands = {p: parse_cards(h) for p, h in {"A": "2c 5d 9h", "B": "Kc Kd 4s", "C": "7h 8h Js"}.items()}
    from bragrules.engine.deal import Deal

    deal = Deal(rules, ["A", "B", "C"], hands, centre=parse_cards("Ah Ad 3s"))
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A bet 1")
    assert info.value.rule == "format.exchange"
    with pytest.raises(RuleViolation):
        deal.apply_text("A swap Kc Ah")  # not A's card
    play(deal, ["A swap 2c Ah", "B swap all"])
    assert sorted(deal.players["A"].hand) == sorted(parse_cards("Ah 5d 9h"))
    assert sorted(deal.players["B"].hand) == sorted(parse_cards("2c Ad 3s"))
    assert sorted(deal.centre) == sorted(parse_cards("Kc Kd 4s"))
    with pytest.raises(RuleViolation):
        deal.apply_text("C stand")  # nobody has knocked yet
    deal.apply_text("C knock")
    assert not deal.is_over and deal.to_act == "A"
    with pytest.raises(RuleViolation):
        deal.apply_text("A knock")
    play(deal, ["A swap 5d Kc", "B stand"])
    assert deal.result is not None
    # A: Ah Kc 9h (ace high); B: 2c Ad 3s (A-2-3, the best run); C: Js 8h 7h, the lowest, loses a life
    assert deal.result.lives_lost == ["C"]
    cards = [c for s in deal.players.values() for c in (s.hand or ())] + deal.centre
    assert sorted(cards) == sorted([c for h in hands.values() for c in h] + parse_cards("Ah Ad 3s"))


def test_stop_the_bus_session_runs_to_a_winner() -> None:
    session = Session(stop_the_bus(), ["A", "B", "C", "D"], seed=12)
    play_session(session, random_chooser(random.Random(12)), max_deals=300)
    assert session.is_over
    assert sum(1 for p in session.players if session.lives[p] > 0) == 1


@pytest.mark.parametrize("name,count,overrides", [
    ("seven-card", 7, {}),
    ("nine-card", 9, {}),
    ("nine-card", 9, {"win_rule": "all", "hand_order": "strongest_first"}),
    ("seven-card", 7, {"tied_hand": "against_caller"}),
])
def test_auto_arrange_is_the_best_of_every_ordered_arrangement(name: str, count: int, overrides: dict) -> None:
    from bragrules.engine.arrange import arrangement_chance, hand_strengths

    rules = rules_for(name, format=overrides) if overrides else rules_for(name)
    rng = random.Random(count)
    from bragrules.core.cards import STANDARD_PACK

    for _ in range(5):
        cards = rng.sample(STANDARD_PACK, count)
        best = max(
            arrangement_chance(rules, hand_strengths(rules, a))
            for a in ordered_arrangements(cards, rules.format.hands)
            if overrides.get("hand_order") != "strongest_first"
            or list(hand_strengths(rules, a)) == sorted(hand_strengths(rules, a), reverse=True)
        )
        choice = auto_arrange(rules, cards)
        assert choice.chance == best
        assert arrangement_chance(rules, hand_strengths(rules, choice.hands)) == best


def test_crash_never_puts_out_everyone_at_once() -> None:
    rules = rules_for("crash", format={"lives": 1})
    session = Session(rules, ["A", "B", "C"], seed=1)
    session.lives = {"A": 0, "B": 1, "C": 1}
    from bragrules.engine.deal import Deal

    deal = Deal(rules, ["B", "C"], {"B": parse_cards("2c 4d 6h"), "C": parse_cards("2d 4c 6s")})
    assert deal.result is not None and deal.result.lives_lost == ["B", "C"]
    session.current = deal
    session._current_meta = {"number": 1, "dealer": "A", "order": ["B", "C"], "hands": {},
                             "centre": (), "retained": {}, "carried_in": 0, "shuffled": True}
    session.finish_deal()
    assert session.lives == {"A": 0, "B": 1, "C": 1}  # both would be out: nobody loses the life


@pytest.mark.parametrize("name, cards", [("standard", 3), ("four-card", 4), ("seven-card", 7), ("nine-card", 9)])
def test_each_player_is_dealt_the_cards_of_the_format(name: str, cards: int) -> None:
    """000, Nine-Card Brag: "Players are dealt nine cards and must form three separate three-card Brag
    hands" (``format.cards_dealt``, ``format.hands``); every hand is the format's size, none shares a card."""
    from bragrules.engine.session import Session

    rules = rules_for(name)
    session = Session(rules, ["A", "B", "C"] if rules.profile.table.min_players <= 3 else ["A", "B", "C", "D"],
                      seed=5)
    session.start_deal()
    hands = session.current_hands()
    assert all(len(hand) == cards for hand in hands.values())
    dealt = [card for hand in hands.values() for card in hand]
    assert len(set(dealt)) == len(dealt)
    assert rules.profile.format.hands == (3 if name == "nine-card" else 2 if name == "seven-card" else 1)
