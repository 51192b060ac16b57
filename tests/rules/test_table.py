"""The deal passes only to players still in: out of chips (finite stacks) or out of lives (Crash).

000: "Designate a dealer. The deal passes clockwise after each hand." and
"Deal three cards face-down to every player, one at a time, clockwise,
starting with the player to the dealer's left." A player who is out is no
longer at the table: the deal passes over them to the next player still in,
and the first to act is the next player still in after the dealer.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction as F
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.cards import Card, Pack, parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal, DealResult
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules

from ..helpers import rules_for
from ..strategies import profiles


class StackedPack(Pack):
    """A pack in a chosen order that is never shuffled (the test decides every card)."""

    __slots__ = ()

    def shuffle(self, rng: random.Random) -> None:
        pass


def stack(session: Session, deals: Sequence[Dict[str, str]]) -> None:
    """Put the hands of ``deals`` (each in its order of play) on top of the pack, dealt singly."""
    top: List[Card] = []
    for hands in deals:
        held = [parse_cards(h) for h in hands.values()]
        top += [hand[i] for i in range(len(held[0])) for hand in held]
    session.pack = StackedPack([*top, *(c for c in range(52) if c not in top)])


def crash(lives: int = 1, **table: object) -> Rules:
    return rules_for("crash", format={"lives": lives}, table={"cut": False, **table})


def first_to_act(deal: Deal) -> str:
    assert deal.to_act is not None
    return deal.to_act


# ---------------------------------------------------------------------------
# Crash: out of lives
# ---------------------------------------------------------------------------

CRASH_DEALS = [
    {"A": "Kc Kd 9h", "B": "2c 4d 7h", "C": "Qs Qh 5c", "D": "As Ks 4s"},  # B lowest: out
    {"C": "2d 5h 8s", "D": "Ac Ad 3c", "A": "Js Jh 6d"},                   # C lowest: out
    {"A": "3h 3d 3s", "D": "2h 6h 9c"},                                     # D lowest: out, A wins
]


def test_crash_the_deal_passes_over_players_out_of_lives() -> None:
    """000, Crash: "Once a player loses all three lives, they are out." With "The deal passes clockwise
    after each hand", the deal goes to the next player still in, a player put out by this deal included."""
    session = Session(crash(), ["A", "B", "C", "D"], seed=1, dealer="D")
    stack(session, CRASH_DEALS)
    seen = []
    while not session.is_over:
        deal = session.start_deal()
        seen.append((session.dealer, list(deal.order)))
        while not deal.is_over:
            session.act(random_chooser(random.Random(0))(deal))
        session.finish_deal()
    assert seen == [
        ("D", ["A", "B", "C", "D"]),
        ("A", ["C", "D", "A"]),   # B is out: A deals, C (A's left, past B) acts first
        ("D", ["A", "D"]),        # past B, and past C, put out by the deal just played
    ]
    assert [r.result.lives_lost for r in session.records] == [["B"], ["C"], ["D"]]
    assert session.winners() == ["A"]


def test_crash_the_same_player_never_acts_first_twice_running() -> None:
    """000: "The player to the dealer's left acts first." Before the fix the deal went to B, who was out,
    and C acted first in deals 2 and 3."""
    session = Session(crash(), ["A", "B", "C", "D"], seed=1, dealer="D")
    stack(session, CRASH_DEALS)
    firsts = []
    while not session.is_over:
        deal = session.start_deal()
        firsts.append(deal.order[0])
        while not deal.is_over:
            session.act(random_chooser(random.Random(0))(deal))
        session.finish_deal()
    assert firsts == ["A", "C", "A"]


def test_fixed_rotation_keeps_the_dealer_until_they_are_out_then_passes_clockwise() -> None:
    """``table.rotation: fixed``: the same dealer throughout, unless out; then the deal passes clockwise
    (000: "The deal passes clockwise") to the next player still in."""
    deals = [
        {"A": "Kc Kd 9h", "B": "As Ks 4s", "C": "Qs Qh 5c", "D": "2c 4d 7h"},  # D, the dealer, is out
        {"B": "2d 5h 8s", "C": "Ac Ad 3c", "A": "Js Jh 6d"},                   # A deals: B is out
        {"C": "3h 3d 3s", "A": "2h 6h 9c"},                                     # A deals again
    ]
    session = Session(crash(rotation="fixed"), ["A", "B", "C", "D"], seed=1, dealer="D")
    stack(session, deals)
    play_session(session, random_chooser(random.Random(0)))
    assert [(r.dealer, r.order) for r in session.records] == [
        ("D", ["A", "B", "C", "D"]),
        ("A", ["B", "C", "A"]),
        ("A", ["C", "A"]),
    ]


def test_anticlockwise_rotation_passes_over_players_out_to_the_right() -> None:
    """``table.rotation: anticlockwise``: the deal passes one place to the right, over players who are out."""
    deals = [
        {"C": "Kc Kd 9h", "B": "2c 4d 7h", "A": "Qs Qh 5c", "D": "As Ks 4s"},  # B out
        {"A": "2d 5h 8s", "D": "Ac Ad 3c", "C": "Js Jh 6d"},
    ]
    session = Session(crash(rotation="anticlockwise"), ["A", "B", "C", "D"], seed=1, dealer="D")
    stack(session, deals)
    play_session(session, random_chooser(random.Random(0)), max_deals=2)
    # D deals; the deal passes right to C; then right past B (out) to A
    assert [(r.dealer, r.order) for r in session.records] == [("D", ["C", "B", "A", "D"]), ("C", ["A", "D", "C"])]
    assert session.dealer == "D"  # after A went out in deal 2, past B and A to D


def test_crash_sheet_audit_checks_the_dealer_against_players_still_in() -> None:
    """The audit follows the same rotation: a sheet that hands the deal to a player who is out breaks it."""
    text = """
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: Kc Kd 9h, B: 2c 4d 7h, C: Qs Qh 5c, D: As Ks 4s}
    result: {lives_lost: [B]}
  - dealer: A
    cards: {C: 2d 5h 8s, D: Ac Ad 3c, A: Js Jh 6d}
    result: {lives_lost: [C]}
  - dealer: D
    cards: {A: 3h 3d 3s, D: 2h 6h 9c}
    result: {lives_lost: [D]}
"""
    report = audit(parse_sheet(text, filename="crash.yaml"), crash())
    assert report.ok, report.violations
    assert [(d.dealer, d.order) for d in report.deals] == [
        ("D", ["A", "B", "C", "D"]), ("A", ["C", "D", "A"]), ("D", ["A", "D"])]
    assert report.ended and report.winners == ["A"]
    wrong = text.replace("  - dealer: A\n", "  - dealer: B\n")
    report = audit(parse_sheet(wrong, filename="crash.yaml"), crash())
    assert [(v.deal, v.rule) for v in report.violations] == [(2, "history.deal")]
    assert "the deal passes to A" in report.violations[0].message


# ---------------------------------------------------------------------------
# Finite stacks: out of chips
# ---------------------------------------------------------------------------

CHIPS = rules_for("casual", stakes={"ante": 1}, table={"cut": False},
                  session={"starting_stack": 3, "end": {"kind": "one_player_left", "count": None}})


def test_a_player_out_of_chips_no_longer_deals() -> None:
    """003: "每人数量相同" (everyone the same number of chips); 000: "The deal passes clockwise after each
    hand." B loses every chip in deal 1: from then on B is neither dealt in nor deals."""
    session = Session(CHIPS, ["A", "B", "C", "D"], seed=1, dealer="D")
    stack(session, [{"A": "2c 7h Jd", "B": "3s 8h Qd", "C": "As Ad Ac", "D": "4c 9d Kh"},
                    {"C": "5c 6c 8d", "D": "Js Qc 2h", "A": "9s Th 4h"}])
    session.start_deal()
    for text in ["A fold", "B look", "B bet 2", "C look", "C bet 2", "D fold"]:
        session.act(text)
    assert session.finish_deal().winners == ["C"]  # B was all in: C's prial takes the pot
    assert session.balances["B"] == 0 and session.in_rotation() == ["A", "C", "D"]
    deal = session.start_deal()
    assert (session.dealer, deal.order) == ("A", ["C", "D", "A"])
    for text in ["C fold", "D fold"]:
        session.act(text)
    session.finish_deal()
    assert session.dealer == "C"  # not B, who has nothing: C deals and D acts first
    assert session.dealt_in()[0] == "D"


def test_finite_stacks_sheet_old_rotation_is_a_violation() -> None:
    """The audit of the same session: deal 3 is C's to deal, D's to open; a sheet giving it to B is wrong."""
    base = """
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: 2c 7h Jd, B: 3s 8h Qd, C: As Ad Ac, D: 4c 9d Kh}
    actions: [A fold, B look, B bet 2, C look, C bet 2, D fold]
    result: {winner: C, net: {A: -1, B: -3, C: 5, D: -1}}
  - dealer: A
    actions: [C fold, D fold]
    result: {winner: A}
  - dealer: {third}
    actions: [A fold, C fold]       # D has one chip, all in with the ante
    result: {winner: D}
"""
    report = audit(parse_sheet(base.replace("{third}", "C"), filename="chips.yaml"), CHIPS)
    assert report.ok, report.violations
    assert [(d.dealer, d.order) for d in report.deals] == [
        ("D", ["A", "B", "C", "D"]), ("A", ["C", "D", "A"]), ("C", ["D", "A", "C"])]
    report = audit(parse_sheet(base.replace("{third}", "B"), filename="chips.yaml"), CHIPS)
    assert [(v.deal, v.rule) for v in report.violations] == [(3, "history.deal")]


# ---------------------------------------------------------------------------
# A redeal does not pass the deal
# ---------------------------------------------------------------------------


def _redeal(carried: F) -> DealResult:
    return DealResult(outcome="redeal", winners=[], pot=carried, payouts={}, bonuses={}, net={},
                      carried_out=carried, showdown=False, won_by_prial=False, retained={},
                      reason="a redeal: every stake returned", lives_lost=[], arrangements={}, conceded=[],
                      decided_by=[], ending=None)


def test_a_redeal_neither_passes_the_deal_nor_counts() -> None:
    """000: "the affected player may demand a redeal of the whole hand, with all antes returned": the same
    hand is dealt again by the same dealer from a shuffled pack; it is not a deal played nor a pot resolved."""
    rules = rules_for("traditional", session={"end": {"kind": "hands", "count": 2}})
    session = Session(rules, ["A", "B", "C"], seed=1, dealer="C")
    session.state.carried = F(3)
    session.state.last_won_by_prial = False
    session.state.deals = session.state.dealt = 1  # one deal already played, not won by a prial
    assert not session.shuffle_due()
    session.settle(_redeal(F(3)), finished_ms=1000)
    s = session.state
    assert (session.dealer, s.deals, s.resolved, s.carried, s.dealt) == ("C", 1, 0, 3, 2)
    assert session.shuffle_due()  # the redeal comes from a shuffled pack
    assert not session.is_over
    assert session.net() == {"A": 0, "B": 0, "C": 0}


def test_after_a_redeal_the_next_deal_passes_as_usual() -> None:
    session = Session(rules_for("traditional"), ["A", "B", "C"], seed=1, dealer="C")
    session.settle(_redeal(F(0)))
    assert session.dealer == "C" and session.dealt_in() == ["A", "B", "C"]
    session.pass_deal()
    assert session.dealer == "A" and not session.shuffle_due()
    assert session.state.dealt == 2 and session.state.deals == 1


def test_a_redeal_played_and_audited_keeps_the_dealer_and_is_shuffled(tmp_path: Path) -> None:
    """000: "If a player accidentally sees another player's cards, the affected player may demand a
    redeal of the whole hand, with all antes returned, before any betting has taken place." The same
    dealer deals again from a shuffled pack (even under 002's "Shuffle before the first deal, then only
    after a showdown won by a prial"), and the deal passes only after the hand is played."""
    session = Session(rules_for("traditional"), ["A", "B", "C", "D"], seed=3, dealer="D")
    path = tmp_path / "redeal.jsonl"
    with LogWriter.for_session(path, session, profile_name="traditional"):
        session.start_deal()
        session.act("C exposes B")
        session.act("B redeal")
        assert session.finish_deal().outcome == "redeal"
        assert (session.dealer, session.state.deals, session.state.dealt) == ("D", 0, 1)
        deal = session.start_deal()
        assert deal.order == ["A", "B", "C", "D"]
        for text in ["A fold", "B fold", "C look", "C bet 1", "D fold"]:
            session.act(text)
        session.finish_deal()
    assert session.dealer == "A" and session.state.deals == 1 and session.state.resolved == 1
    events = [json.loads(line) for line in path.read_text().splitlines()]
    deals = [e for e in events if e["type"] == "deal"]
    assert [(e["deal"], e["dealer"], e["shuffled"]) for e in deals] == [(1, "D", True), (2, "D", True)]
    report = audit(str(path))
    assert report.ok, (report.violations, report.error)
    assert [(d.deal, d.dealer, d.outcome) for d in report.deals] == [(1, "D", "redeal"), (2, "D", "won")]
    assert report.deal_count == 1 and report.resolved == 1


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------


def _out_profiles() -> st.SearchStrategy:
    """Profiles where players can go out: finite stacks or lives."""
    return profiles().filter(lambda p: p.session.bankroll == "finite" or p.format.lives is not None)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(profile=_out_profiles(), seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_players_out_never_deal_and_the_log_audits_clean(profile: Profile, seed: int, players: int,
                                                          tmp_path_factory: Any) -> None:
    """Whatever the rules, a dealer is always a player still in (so always dealt in), nobody out is dealt
    in, the first to act is the next player still in after the dealer, and the audit agrees with play."""
    rules = compile_rules(profile)
    names = [f"P{i}" for i in range(players)]
    if players > rules.table.max_players:
        names = names[: rules.table.max_players]
    path = Path(tmp_path_factory.mktemp("rotation")) / "log.jsonl"
    session = Session(rules, names, seed=seed)
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(path, session, profile_name=profile.name):
        played = 0
        while not session.is_over and played < 25:
            still_in = session.in_rotation()
            deal = session.start_deal()
            assert session.dealer in still_in and set(deal.order) <= set(still_in)
            assert deal.order[0] == session.dealt_in()[0]
            n = len(names)
            step = -1 if rules.table.rotation_step < 0 else 1
            after = [names[(names.index(session.dealer) + step * k) % n] for k in range(1, n + 1)]
            assert deal.order == [p for p in after if p in still_in]
            steps = 0
            while not deal.is_over and steps < 400:
                session.act(choose(deal))
                steps += 1
            if not deal.is_over:
                return  # a deal this long is another test's business
            session.finish_deal()
            played += 1
    if rules.table.rotation_step != 0:
        firsts = [r.order[0] for r in session.records if r.result.outcome != "redeal"]
        assert all(a != b for a, b in zip(firsts, firsts[1:]))
    report = audit(str(path))
    assert not report.violations, report.violations[:3]
    for record, row in zip(session.records, report.deals):
        assert (row.dealer, row.order) == (record.dealer, record.order)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert all(e["dealer"] in e["order"] for e in lines if e["type"] == "deal")


# -- 000's deal: "one at a time, clockwise, starting with the player to the dealer's left" --------


def _dealt(deal: str, seed: int = 11) -> Tuple[List[str], Dict[str, Tuple[Any, ...]]]:
    session = Session(rules_for("standard", table={"deal": deal}), ["A", "B", "C", "D"], seed=seed)
    session.start_deal()
    return session.dealt_in(), session.current_hands()


@pytest.mark.parametrize("seed", [1, 11, 29])
def test_dealt_singly_each_player_takes_every_nth_card_from_the_dealers_left(seed: int) -> None:
    """000 rule 5: "Deal three cards face-down to every player, one at a time, clockwise, starting
    with the player to the dealer's left"; ``table.deal: in_batches`` gives the same cards off the
    top of the same pack three at a time."""
    order, singly = _dealt("singly", seed)
    again, batches = _dealt("in_batches", seed)
    assert again == order
    n = len(order)
    top = [singly[order[k % n]][k // n] for k in range(3 * n)]  # the pack's top, as dealt round the table
    assert {p: tuple(top[3 * i:3 * i + 3]) for i, p in enumerate(order)} == batches
    assert singly != batches


def test_the_player_to_the_dealers_left_acts_first() -> None:
    """000, "Playing a hand", rule 1: "The player to the dealer's left acts first"."""
    session = Session(rules_for("standard", table={"first_dealer": "first_seat"}), ["A", "B", "C"], seed=3)
    deal = session.start_deal()
    assert session.dealer == "A" and deal.order == ["B", "C", "A"] and deal.to_act == "B"


@pytest.mark.parametrize("seats, rule", [(["A", "B"], "table.min_players"),
                                          ([f"P{i}" for i in range(9)], "table.max_players")])
def test_a_table_seats_the_players_its_profile_allows(seats: List[str], rule: str) -> None:
    """standard seats 3 to 8 (000: "for three to eight players"); a session outside that is refused naming the limit."""
    with pytest.raises(RuleViolation) as refused:
        Session(rules_for("standard"), seats, seed=1)
    assert refused.value.rule == rule
