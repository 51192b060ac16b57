"""The engine's fast paths against their slow twins: each shortcut gives what the long way gives.

Every fast path has one home and a differential test here (or where named):

- ``LegalAction.nth_amount`` (no list) against ``LegalAction.amounts`` (the list);
- ``malformed``'s quick acceptance of the usual shapes (and of names and actions seen before)
  against its full check, reached with an ``Action`` of a subclass, which the quick test passes by;
- ``add_money``, ``same_money`` and ``ExactSum`` against ``Fraction``'s own ``+``, ``==`` and ``sum``,
  and an amount ``parse_money`` remembers against the amount read afresh;
- a history's hand read through the table of plain card names against the token reader that
  takes any spelling (``kc``, ``10h``, ``K♣``), and against ``parse_cards``;
- ``HandRanker.best_strength`` (unchecked) against the best ``strength`` of every three cards, and a
  ranking ``compile_ranking`` keeps against one compiled afresh;
- ``auto_arrange`` (each three-card combination scored once, closed forms for two and three
  hands) against every ordered arrangement scored by ``arrangement_chance``;
- ``Units.money`` (remembered amounts) against ``Fraction``, and the units of the usual deal
  (one whole carried pot, found at once) against the units worked out from the same amounts;
- a session where everybody stays (seats from the dealer's left at once) against the rule
  of 000: the players still in, from the dealer's left round the table in the deal's direction.

Elsewhere: the log reader's straight decoding against its declared checks
(``tests/test_log_schema.py``); the shuffle against ``random.Random.shuffle``
draw for draw (``tests/test_session.py``); counted equity against naive
equity (``tests/test_equity.py``); the numpy evaluator against ``strength``
(``tests/test_batch.py``); ``Deal.snapshot`` against the deal itself
(``tests/test_engine_betting.py`` and every step of ``tests/test_conformance.py``).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any, List, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragrules
from bragrules.core.cards import CARDS, parse_cards
from bragrules.core.money import ExactSum, add_money, format_money, parse_money, same_money
from bragrules.engine.actions import KINDS, Action, LegalAction, malformed
from bragrules.engine.arrange import arrangement_chance, auto_arrange, hand_strengths, ordered_arrangements
from bragrules.engine.session import Session, random_chooser
from bragrules.engine.units import Units
from bragrules.history.values import parse_hand_value
from bragrules.profile import builtin_names, load_profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.ranking import clear_cache, compile_ranking

from .conftest import scaled
from .helpers import shipped_profile
from .strategies import profiles

amounts = st.fractions(min_value=-50, max_value=50, max_denominator=12)
positive = st.fractions(min_value=Fraction(1, 12), max_value=10, max_denominator=12)


# -- bet amounts ------------------------------------------------------------------


@settings(max_examples=scaled(4))
@given(low=st.fractions(min_value=0, max_value=20, max_denominator=6), step=positive,
       span=st.one_of(st.none(), st.integers(0, 30)), n=st.integers(-2, 40))
def test_nth_amount_is_the_nth_of_the_amounts(low: Fraction, step: Fraction, span: Optional[int], n: int) -> None:
    most = None if span is None else low + step * span
    bet = LegalAction("A", "bet", low, most, step)
    assert bet.nth_amount(n) == bet.amounts(max(n, 0) + 1)[-1]


# -- an action's shape --------------------------------------------------------------


class _Written(Action):
    """An Action of another class: ``malformed`` checks it the long way."""

    __slots__ = ()


names = st.sampled_from(["A", "B", "Zed", "two words", "", " A", "A\n", "ä"])
cards = st.lists(st.lists(st.sampled_from(CARDS[:10]), min_size=0, max_size=3).map(tuple), max_size=3).map(tuple)


@pytest.mark.skipif(bragrules.build_kind() == "compiled",
                    reason="reads the pure-Python build's internals (a compiled class has no __slots__, "
                           "and its shape check takes no subclass of Action)")
@settings(max_examples=scaled(8))
@given(player=names, kind=st.sampled_from([*KINDS, "dance"]),
       amount=st.one_of(st.none(), amounts, st.integers(-3, 5), st.floats(0, 3), st.booleans()),
       target=st.one_of(st.none(), st.sampled_from(["old", "new", "all", "B", "two words"])),
       hands=st.one_of(st.none(), cards), again=st.booleans())
def test_the_quick_shape_check_agrees_with_the_full_one(player: str, kind: str, amount: Any, target: Optional[str],
                                                      hands: Any, again: bool) -> None:
    action = Action(player, kind, amount, target, hands)
    if again:  # seen before: the cache of actions and of names answers
        malformed(action)
    assert malformed(action) == malformed(_Written(*action))


# -- money ------------------------------------------------------------------------


@settings(max_examples=scaled(8))
@given(a=amounts, b=amounts)
def test_add_money_and_same_money_are_fractions_plus_and_equals(a: Fraction, b: Fraction) -> None:
    assert add_money(a, b) == a + b and type(add_money(a, b)) is Fraction
    assert same_money(a, b) == (a == b)
    assert same_money(a, Fraction(a.numerator * 3, a.denominator * 3))


@settings(max_examples=scaled(4))
@given(values=st.lists(amounts, max_size=30))
def test_an_exact_sum_is_the_sum(values: List[Fraction]) -> None:
    total = ExactSum()
    for value in values:
        total.add(value)
    assert total.value == sum(values, Fraction(0))


@settings(max_examples=scaled(4))
@given(value=amounts, spelling=st.sampled_from(["fraction", "decimal", "spaced"]))
def test_an_amount_read_again_is_the_amount_read_the_first_time(value: Fraction, spelling: str) -> None:
    """``parse_money`` remembers the texts it read (a history repeats a few amounts): the amount it
    remembers is the one it read, and the one ``Fraction`` reads from the same text."""
    text = format_money(value)
    if spelling == "decimal" and value.denominator in (1, 2, 4):
        text = str(float(value))
    elif spelling == "spaced":
        text = f" {text} "
    first = parse_money(text)
    assert first == value == Fraction(text.strip())
    assert parse_money(text) == first


# -- a history's hands --------------------------------------------------------------

_SUITS = {"c": ["c", "C", "♣"], "d": ["d", "D", "♦"], "h": ["h", "H", "♥"], "s": ["s", "S", "♠"]}


def _spelled(card: str, draw: st.DrawFn) -> str:
    rank, suit = card[:-1], card[-1]
    if rank == "T":
        rank = draw(st.sampled_from(["T", "t", "10"]))
    elif rank in "JQKA":
        rank = draw(st.sampled_from([rank, rank.lower()]))
    return rank + draw(st.sampled_from(_SUITS[suit]))


@settings(max_examples=scaled(4))
@given(data=st.data(), size=st.integers(1, 9))
def test_a_hand_in_plain_names_reads_as_in_any_spelling(data: st.DataObject, size: int) -> None:
    picked = data.draw(st.lists(st.sampled_from([str(c) for c in CARDS[:52]]), min_size=size, max_size=size,
                                unique=True))
    plain = " ".join(picked)
    spelled = " ".join(_spelled(card, data.draw) for card in picked)
    fast, slow = parse_hand_value(plain), parse_hand_value(spelled)
    assert fast == slow
    assert fast[0] == tuple(parse_cards(picked))


# -- hand strength ------------------------------------------------------------------


PROFILES = [shipped_profile(name) for name in builtin_names()] + [
    load_profile("standard").model_validate(
        {**load_profile("standard").model_dump(mode="json"), "ranking": {"wild": {"ranks": ["2"]}}}),
]


@settings(max_examples=scaled(4))
@given(which=st.integers(0, len(PROFILES) - 1), size=st.integers(3, 9), seed=st.integers(0, 2**32 - 1))
def test_best_strength_is_the_best_three(which: int, size: int, seed: int) -> None:
    profile = PROFILES[which]
    ranker = compile_ranking(profile.ranking, profile.pack.jokers)
    hand = random.Random(seed).sample(range(52 + profile.pack.jokers), size)
    best = max(ranker.strength(list(trio)) for trio in itertools.combinations(hand, 3))
    assert ranker.best_strength(hand) == best


def test_a_ranking_compiled_again_after_the_cache_is_cleared_is_the_same() -> None:
    """``compile_ranking`` keeps the compiled rankings (the oldest go first): one compiled afresh orders
    every hand as the kept one does."""
    for profile in PROFILES[-3:]:
        spec, jokers = profile.ranking, profile.pack.jokers
        kept = compile_ranking(spec, jokers)
        assert compile_ranking(spec, jokers) is kept
        clear_cache()
        fresh = compile_ranking(spec, jokers)
        assert fresh is not kept
        hands = random.Random(jokers).sample(list(itertools.combinations(range(52 + jokers), 3)), 2000)
        assert [fresh.strength(list(h)) for h in hands] == [kept.strength(list(h)) for h in hands]


# -- arranging several hands ----------------------------------------------------------


def _brute_force(rules: Any, cards: List[Any]) -> Any:
    hands = rules.profile.format.hands
    strongest_first = rules.profile.format.hand_order == "strongest_first"
    best: Any = None
    for arrangement in ordered_arrangements(cards, hands):
        strengths = hand_strengths(rules, arrangement)
        if strongest_first and any(a < b for a, b in zip(strengths, strengths[1:])):
            continue
        key = (arrangement_chance(rules, strengths), strengths)
        if best is None or key > best:
            best = key
    return best


FORMATS = [
    (name, overrides)
    for name in ("seven-card", "nine-card")
    for overrides in ({}, {"hand_order": "strongest_first"}, {"win_rule": "all"}, {"tied_hand": "against_caller"})
]


@pytest.mark.parametrize("name, overrides", FORMATS)
def test_auto_arrange_is_the_best_of_every_arrangement(name: str, overrides: dict) -> None:
    base = load_profile(name)
    data = base.model_dump(mode="json")
    data["format"].update(overrides)
    rules = compile_rules(base.model_validate(data))
    rng = random.Random(name + str(overrides))
    for _ in range(3 if name == "nine-card" else 8):
        cards = [CARDS[i] for i in rng.sample(range(52), rules.profile.format.cards_dealt)]
        choice = auto_arrange(rules, cards)
        assert (choice.chance, choice.strengths) == _brute_force(rules, cards)
        assert hand_strengths(rules, choice.hands) == choice.strengths


# -- money units in a deal --------------------------------------------------------------


@pytest.mark.skipif(bragrules.build_kind() == "compiled",
                    reason="reads the pure-Python build's internals (a compiled class has no __slots__, "
                           "and its shape check takes no subclass of Action)")
@settings(max_examples=scaled(2))
@given(profile=profiles(), carried=st.integers(0, 40), units=st.lists(st.integers(-500, 500), max_size=20))
def test_units_remembered_and_worked_out_agree(profile: Any, carried: int, units: List[int]) -> None:
    rules = compile_rules(profile)
    usual = Units.for_deal(rules, (Fraction(carried),))  # the usual deal: found at once
    worked = Units.for_deal(rules, [Fraction(carried)])  # the same amounts, another shape: worked out
    assert usual == worked and usual.denominator == worked.denominator
    for u in units + units:  # the second time from what was remembered
        assert usual.money(u) == Fraction(u, usual.denominator)


# -- who is dealt in ---------------------------------------------------------------------


def _rule_of_000(session: Session) -> List[str]:
    """The players still in, from the dealer's left, round the table in the deal's direction."""
    players, n = session.players, len(session.players)
    step = -1 if session.rules.profile.table.rotation == "anticlockwise" else 1
    still_in = set(session.in_rotation())
    around = [players[(session.state.dealer_index + step * k) % n] for k in range(1, n + 1)]
    return [p for p in around if p in still_in]


@settings(max_examples=scaled(1))
@given(profile=profiles(), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_the_seats_dealt_in_follow_the_rule_whoever_stays(profile: Any, seed: int, players: int) -> None:
    players = max(2, min(players, profile.table.max_players))
    session = Session(compile_rules(profile), ["A", "B", "C", "D", "E", "F"][:players], seed=seed,
                      clock=lambda: 0.0)
    choose = random_chooser(random.Random(seed))
    for _ in range(8):
        if session.is_over:
            break
        assert session.dealt_in() == _rule_of_000(session)
        deal = session.start_deal()
        while not deal.is_over:
            session.act(choose(deal))
        session.finish_deal()
