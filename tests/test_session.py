"""Sessions: the pack between deals, antes, carried pots, ends, winners, finite stacks."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session, play_session, random_chooser

from .helpers import rules_for


def folding_chooser(deal):  # everyone folds until one is left; a blind survivor retains the hand
    options = deal.legal_actions()
    return next((o for o in options if o.kind == "fold"), options[0]).action()


def test_same_seed_same_session() -> None:
    def run(seed: int):
        session = Session(rules_for("traditional"), ["A", "B", "C", "D"], seed=seed)
        play_session(session, random_chooser(random.Random(seed)), max_deals=30)
        return [(r.dealer, r.hands, r.actions, r.result.net) for r in session.records]

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_first_dealer_and_rotation() -> None:
    session = Session(rules_for("standard"), ["A", "B", "C"], seed=1)
    assert session.dealer == "A"  # standard: the first seat deals first, as agreed
    deal = session.start_deal()
    assert deal.order == ["B", "C", "A"]  # dealt and played from the dealer's left
    while not deal.is_over:
        session.act(folding_chooser(deal))
    session.finish_deal()
    play_session(session, folding_chooser, max_deals=2)
    assert [r.dealer for r in session.records] == ["A", "B", "C"]


def test_cards_are_dealt_singly_from_the_dealers_left() -> None:
    session = Session(rules_for("standard", table={"cut": False}), ["A", "B", "C"], seed=3, dealer="A")
    top = list(session.pack.cards)
    rng = random.Random(3)
    rng.shuffle(top)
    session.start_deal()
    hands = session.current_hands()
    assert hands["B"] == (top[0], top[3], top[6])
    assert hands["C"] == (top[1], top[4], top[7])
    assert hands["A"] == (top[2], top[5], top[8])


def test_cards_dealt_in_batches_give_each_player_three_together() -> None:
    session = Session(rules_for("standard", table={"cut": False, "deal": "in_batches"}), ["A", "B", "C"],
                      seed=3, dealer="A")
    top = list(session.pack.cards)
    random.Random(3).shuffle(top)
    session.start_deal()
    hands = session.current_hands()
    assert hands == {"B": tuple(top[0:3]), "C": tuple(top[3:6]), "A": tuple(top[6:9])}
    assert session.pack.cards == top[9:]


def test_no_shuffle_after_a_deal_not_won_by_a_prial() -> None:
    """002: shuffle before the first deal, then only after a showdown won by a prial; used hands go under."""
    session = Session(rules_for("traditional"), ["A", "B", "C", "D"], seed=11)
    session.start_deal()
    deal = session.current
    assert deal is not None
    while not deal.is_over:
        session.act(folding_chooser(deal))
    result = session.finish_deal()
    assert not result.won_by_prial
    pack_before = list(session.pack.cards)
    used = deal.used_cards()
    assert pack_before[-len(used):] == used
    assert len(pack_before) == 52 - len(session.state.retained) * 3
    session.start_deal()
    dealt = [c for round_ in range(3) for p in session.current.order for c in [session.current_hands()[p][round_]]]
    assert sorted(dealt) == sorted(pack_before[:12])


def test_card_conservation_across_a_session() -> None:
    session = Session(rules_for("traditional"), ["A", "B", "C", "D", "E"], seed=2)
    chooser = random_chooser(random.Random(2))
    for _ in range(40):
        if session.is_over:
            break
        deal = session.start_deal()
        everything = list(session.pack.cards) + session.cards_in_play()
        assert sorted(everything) == list(range(52))
        while not deal.is_over:
            session.act(chooser(deal))
        session.finish_deal()
        everything = list(session.pack.cards) + session.cards_in_play()
        assert sorted(everything) == list(range(52))


def test_ante_on_every_fresh_deal_including_a_carried_one() -> None:
    session = Session(rules_for("traditional"), ["A", "B", "C", "D"], seed=4, dealer="D")
    deal = session.start_deal()
    for text in ["A bet 1", "B fold", "C fold", "D fold", "A retain"]:
        session.act(text)
    result = session.finish_deal()
    assert result.outcome == "carried" and result.carried_out == 5
    deal = session.start_deal()
    assert deal.pot == 5 + 4  # the carried pot and four fresh antes
    assert deal.order == ["B", "C", "D", "A"]  # the deal passed to A
    assert deal.players["A"].two_hands and not deal.players["B"].two_hands


def test_session_ends_after_n_resolved_pots_carried_deals_not_counting() -> None:
    session = Session(rules_for("traditional"), ["A", "B", "C"], seed=9)
    carried = 0
    while not session.is_over:
        deal = session.start_deal()
        first = deal.to_act
        # the first player bets blind and everyone else folds: a carried pot under 002
        # every third deal; otherwise the first player looks first and collects
        if len(session.records) % 3 == 0:
            session.act(f"{first} bet 1")
        else:
            session.act(f"{first} look")
            session.act(f"{first} bet 1")
        while not deal.is_over:
            session.act(folding_chooser(deal))
        if session.finish_deal().outcome == "carried":
            carried += 1
    assert carried > 0
    assert session.state.resolved == 8
    assert len(session.records) == 8 + carried
    assert session.state.carried == 0


def test_hands_end_plays_on_until_a_carried_pot_is_won() -> None:
    rules = rules_for("traditional", session={"end": {"kind": "hands", "count": 1}})
    session = Session(rules, ["A", "B", "C"], seed=9, dealer="C")
    session.start_deal()
    for text in ["A bet 1", "B fold", "C fold", "A retain"]:
        session.act(text)
    session.finish_deal()
    assert not session.is_over  # one hand played, but its pot is still on the table
    deal = session.start_deal()
    while not deal.is_over:
        session.act(folding_chooser(deal))
    session.finish_deal()
    if session.state.carried == 0:
        assert session.is_over


def test_winners_by_net_balance_exact_ties_shared() -> None:
    session = Session(rules_for("traditional"), ["A", "B", "C"], seed=1)
    session.balances = {"A": F(5, 2), "B": F(5, 2), "C": F(-5)}
    assert session.winners() == ["A", "B"]


def test_finite_stacks_all_in_side_pot() -> None:
    rules = rules_for("casual", stakes={"ante": 1}, session={"starting_stack": 10})
    from bragrules.engine.deal import Deal

    hands = {p: parse_cards(h) for p, h in {"A": "As Ad Ac", "B": "Kc 9c 4c", "C": "5s 6h 7d"}.items()}
    deal = Deal(rules, ["A", "B", "C"], hands, stacks={"A": F(4), "B": F(50), "C": F(50)})
    deal.apply_text("A look")
    bet = [o for o in deal.legal_actions() if o.kind == "bet"][0]
    assert bet.max_amount == 3  # what A has left after the ante
    deal.apply_text("A bet 3")
    for text in ["B look", "B bet 10"]:
        deal.apply_text(text)
    # C is short of nothing; A is all in: the see is between B and C, the main pot among all three
    deal.apply_text("C look")
    deal.apply_text("C bet 10")
    deal.apply_text("B bet 10")
    deal.apply_text("C see 20")
    assert deal.result is not None
    # main pot: 3 antes + 3 from each = 12, won by A's prial; the side pot (7+7+10+20 = 44) to C's run
    assert deal.result.payouts["A"] == 12
    assert deal.result.payouts["C"] == 44
    assert sum(deal.result.net.values()) == 0


def test_finite_stacks_must_fold_when_short() -> None:
    rules = rules_for("casual", stakes={"ante": 1}, session={"starting_stack": 10, "covering": "must_fold"})
    from bragrules.engine.deal import Deal

    hands = {p: parse_cards(h) for p, h in {"A": "As Ad Ac", "B": "Kc 9c 4c", "C": "5s 6h 7d"}.items()}
    deal = Deal(rules, ["A", "B", "C"], hands, stacks={"A": F(50), "B": F(3), "C": F(50)})
    deal.apply_text("A look")
    deal.apply_text("A bet 10")
    assert [o.kind for o in deal.legal_actions()] == ["look", "fold"]
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B bet 2")
    assert info.value.rule == "session.covering"


def test_prial_bonus_paid_by_every_other_player() -> None:
    rules = rules_for("casual", session={"bonus": {"prial": 10}})
    from bragrules.engine.deal import Deal

    hands = {p: parse_cards(h) for p, h in {"A": "As Ad Ac", "B": "Kc 9c 4c", "C": "5s 6h 7d"}.items()}
    deal = Deal(rules, ["A", "B", "C"], hands, stacks={p: F(1000) for p in "ABC"})
    for text in ["A look", "A bet 10", "B look", "B bet 10", "C fold", "A see 20"]:
        deal.apply_text(text)
    assert deal.result is not None
    assert deal.result.bonuses == {"A": 20, "B": -10, "C": -10}
    # pot: antes 15 + 10 + 10 + 20 = 55; A paid 35 and collects the pot and the bonuses
    assert deal.result.net == {"A": 55 - 35 + 20, "B": -15 - 10, "C": -5 - 10}


def test_table_size_is_enforced() -> None:
    with pytest.raises(RuleViolation) as info:
        Session(rules_for("nine-card"), [str(i) for i in range(6)], seed=1)
    assert info.value.rule == "table.max_players"


def test_a_check_against_players_all_in_from_the_ante_goes_to_the_showdown() -> None:
    rules = rules_for("casual", stakes={"ante": 5, "check": "before_first_bet"}, session={"starting_stack": 10})
    from bragrules.engine.deal import Deal

    hands = {p: parse_cards(h) for p, h in {"A": "As Ad Ac", "B": "Kc 9c 4c", "C": "5s 6h 7d"}.items()}
    deal = Deal(rules, ["A", "B", "C"], hands, stacks={"A": F(3), "B": F(2), "C": F(50)})
    assert deal.to_act == "C"  # A and B are all in from their antes
    deal.apply_text("C check")
    assert deal.result is not None and deal.result.showdown
    assert deal.result.payouts["A"] == 3 + 2 + 3  # A's prial takes the main pot
    assert deal.result.payouts["C"] == 2  # the part of C's ante nobody could match comes back


@pytest.mark.parametrize("size", [0, 1, 2, 3, 52, 54])
def test_the_pack_shuffle_is_random_shuffle_draw_for_draw(size: int) -> None:
    """Seeded sessions deal what random.Random.shuffle would, so old seeds and logs still replay."""
    from bragrules.core.shuffling import shuffle

    for seed in range(200):
        ours, theirs = list(range(size)), list(range(size))
        rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
        shuffle(ours, rng_ours)
        rng_theirs.shuffle(theirs)
        assert ours == theirs
        assert rng_ours.getstate() == rng_theirs.getstate()  # the generator is left where it would be


def test_a_session_that_keeps_no_records_plays_the_same_deals() -> None:
    kept = Session(rules_for("standard"), ["A", "B", "C", "D"], seed=5)
    unkept = Session(rules_for("standard"), ["A", "B", "C", "D"], seed=5, keep_records=False)
    for session in (kept, unkept):
        play_session(session, random_chooser(random.Random(1)), max_deals=30)
    assert len(kept.records) == 30 and unkept.records == []
    assert kept.balances == unkept.balances and kept.state == unkept.state
