"""The solved bot off its tree: bets of sizes and counts the tree lacks read by the pseudo-harmonic mapping
and the most alike bet, overbets answered no more often than their size allows; duplicate matches; a local
best response reading the bot's range."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from bragrules.core.cards import CARDS, parse_cards  # noqa: E402
from bragrules.engine.actions import Action  # noqa: E402
from bragrules.engine.deal import Deal  # noqa: E402
from bragrules.engine.view import PlayerView  # noqa: E402
from bragrules.play.duel import duel  # noqa: E402
from bragrules.rules.compile import Rules  # noqa: E402
from bragrules.solver import solve  # noqa: E402
from bragrules.solver.bot import SolvedBot  # noqa: E402
from bragrules.solver.defend import defend  # noqa: E402
from bragrules.solver.hands import HandSpace  # noqa: E402
from bragrules.solver.lbr import LocalBestResponse  # noqa: E402
from bragrules.solver.strategy import Strategy  # noqa: E402
from bragrules.solver.translate import pseudo_harmonic, translate_bet  # noqa: E402

from .helpers import run_cli  # noqa: E402
from .test_solver import short  # noqa: E402

# ---------------------------------------------------------------------------
# the pseudo-harmonic mapping
# ---------------------------------------------------------------------------

sizes = st.fractions(min_value=Fraction(1, 100), max_value=20, max_denominator=1000)


@given(sizes, sizes, st.lists(sizes, min_size=2, max_size=6))
def test_the_mapping_is_exact_at_the_ends_and_falls_between_them(a: Fraction, b: Fraction, xs: List[Fraction]) -> None:
    low, high = min(a, b), max(a, b)
    if low == high:
        high += 1
    assert pseudo_harmonic(low, high, low) == 1 and pseudo_harmonic(low, high, high) == 0
    assert pseudo_harmonic(low, high, low / 2) == 1 and pseudo_harmonic(low, high, high * 2) == 0
    values = [pseudo_harmonic(low, high, x) for x in sorted(xs)]
    assert all(0 <= v <= 1 for v in values)
    assert all(v >= w for v, w in zip(values, values[1:]))  # the larger the bet, the less often read as the lower
    for x in xs:
        if low < x < high:  # the formula itself, exactly
            assert pseudo_harmonic(low, high, x) == (high - x) * (1 + low) / ((high - low) * (1 + x))
            assert 0 < pseudo_harmonic(low, high, x) < 1


def test_a_bet_between_two_sizes_is_read_as_either_with_the_mapping_s_probability() -> None:
    bets = [Action("A", "bet", Fraction(1)), Action("A", "bet", Fraction(3))]
    real, pot = Action("A", "bet", Fraction(2)), Fraction(4)
    p = pseudo_harmonic(Fraction(1, 4), Fraction(3, 4), Fraction(1, 2))  # in units of the pot
    assert p == Fraction(5, 12)
    reads = [str(translate_bet(bets, real, pot, k / 1200)) for k in range(1200)]
    assert reads.count("A bet 1") == 500 and reads.count("A bet 3") == 700
    assert str(translate_bet(bets, Action("A", "bet", Fraction(50)), pot, 0.0)) == "A bet 3"  # beyond: the largest
    with pytest.raises(ValueError):
        pseudo_harmonic(Fraction(2), Fraction(1), Fraction(1))


# ---------------------------------------------------------------------------
# the solved bot off its tree
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def qka() -> Iterator[Tuple[Rules, Strategy]]:
    """Heads-up standard on a Q-K-A pack, solved with the default abstraction (raises 3, 2 amounts)."""
    rules = short("standard", "QKA")
    yield rules, solve(rules, iterations=60, max_raises=3, levels=2).strategy


def _deal(rules: Rules, first: str, second: str) -> Deal:
    return Deal(rules, ["A", "B"], {"A": tuple(parse_cards(first)), "B": tuple(parse_cards(second))})


def test_the_bot_plays_its_strategy_through_bets_of_sizes_and_counts_the_tree_lacks(qka: Tuple[Rules, Strategy]) -> None:
    rules, strategy = qka
    for seed in range(30):
        deal = _deal(rules, "Qs Qh Qd", "As Ks Qc")
        bot = SolvedBot(random.Random(seed), "B", strategy)
        deal.apply(Action("A", "look"))
        bets = 0
        while not deal.is_over and deal.awaiting is None:
            if deal.to_act == "A":  # bets above the tree's sizes, and more of them than it allows (4): then sees
                options = {o.kind: o for o in deal.legal_actions()}
                bet = options["bet"]
                assert bet.amount is not None
                bets += 1
                deal.apply(bet.action(bet.amount + 2 * (bet.step or 1)) if bets <= 8
                           else options.get("see", options["fold"]).action())
                continue
            action = bot.choose(deal.view("B"))
            assert "standing in" not in bot.explain(), bot.explain()
            deal.apply(action)
        assert deal.is_over or deal.awaiting is not None


def test_bets_are_read_as_steps_above_the_least_and_a_larger_one_as_the_largest(qka: Tuple[Rules, Strategy]) -> None:
    rules, strategy = qka
    deal = _deal(rules, "Qs Qh Qd", "As Ks Qc")
    deal.apply(Action("A", "bet", Fraction(3, 2)))  # blind, level 3: above the tree's 1/2 and 1
    bot = SolvedBot(random.Random(1), "B", strategy)
    first = bot.read(strategy, deal.view("B"))
    assert first is not None and first.history == ("A bet 1",)
    assert first.stretch == Fraction(2 + 1, 2 + Fraction(3, 2))  # (P + B) / (P + x): continue 6/7 as often
    deal.apply(Action("B", "look"))
    for real, tree in ((Fraction(3), "B bet 2"), (Fraction(4), "B bet 3")):  # the least real bet, one step above
        reading = bot.read(strategy, deal.view("B"), extra=Action("B", "bet", real))
        assert reading is not None and reading.history == ("A bet 1", "B look", tree) and reading.stretch == 1
    assert bot.read(strategy, deal.view("B")) == bot.read(strategy, deal.view("B"))  # read once a deal


def test_an_overbet_is_called_by_the_strongest_hands_only(qka: Tuple[Rules, Strategy]) -> None:
    rules, strategy = qka
    space = HandSpace.for_rules(rules)
    continued = []
    for hand in range(space.n_hands):
        cards = " ".join(str(CARDS[c]) for c in space.hands[hand])
        others = [c for c in range(52) if c in rules.ranking.ranker.cards and c not in space.hands[hand]][:3]
        deal = Deal(rules, ["A", "B"], {"A": tuple(CARDS[c] for c in others), "B": tuple(CARDS[c] for c in space.hands[hand])})
        for action in ("A look", "A bet 1", "B look", "B bet 2"):  # then A bets again, into a pot of 8
            deal.apply(Action.parse(action))
        view = PlayerView(deal, "B")
        bot = SolvedBot(random.Random(1), "B", strategy)
        small = bot.read(strategy, view, extra=Action("A", "bet", Fraction(2)))
        huge = bot.read(strategy, view, extra=Action("A", "bet", Fraction(400)))
        assert small is not None and huge is not None and small.stretch == 1 and huge.stretch < Fraction(1, 50)
        row = defend(view, huge.entry, hand, huge.entry.row(hand), huge)
        fold = [i for i, text in enumerate(huge.entry.actions) if text.endswith("fold")][0]
        assert row[fold] in (0.0, 1.0), cards  # a hand folds or continues, whole
        continued.append((int(space.strength[hand]), row[fold] == 0.0))
    weakest_kept = min(s for s, kept in continued if kept)
    assert all(kept for s, kept in continued if s > weakest_kept)  # the strongest continue
    assert 0 < sum(kept for _, kept in continued) < len(continued) / 10  # and few


# ---------------------------------------------------------------------------
# duplicate matches, and the local best response
# ---------------------------------------------------------------------------


class AlwaysFold:
    """Folds whenever it may (else the first thing offered)."""

    style = "fold"

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: PlayerView) -> Action:
        options = view.legal_actions()
        return next((o for o in options if o.kind == "fold"), options[0]).action()

    def explain(self) -> str:
        return "folds"


def _use(strategy: Strategy, tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "qka.npz"
    strategy.save(str(path))
    monkeypatch.setenv("BRAGRULES_STRATEGY", str(path))


def test_the_same_bot_against_itself_nets_exactly_zero_every_pair(qka: Tuple[Rules, Strategy], tmp_path: Path,
                                                                   monkeypatch: Any) -> None:
    rules, strategy = qka
    _use(strategy, tmp_path, monkeypatch)
    for style in ("solved", "loose", "random"):
        report = duel(rules, style, style, pairs=60, seed=5)
        assert report.per_pair == [Fraction(0)] * 60 and report.net == 0
        assert (report.interval.low, report.interval.high) == (0.0, 0.0)
    other = duel(rules, "loose", "cautious", pairs=60, seed=5)
    assert any(x != 0 for x in other.per_pair) and other.net == sum(other.per_pair)
    assert isinstance(other.net, Fraction)


def test_lbr_beats_a_bot_that_always_folds(qka: Tuple[Rules, Strategy]) -> None:
    rules, strategy = qka

    def make(style: str, rng: random.Random, name: str) -> Any:
        return LocalBestResponse(rng, name, strategy) if style == "lbr" else AlwaysFold(name)

    report = duel(rules, "lbr", "fold", pairs=100, seed=2, make=make)
    assert report.interval.low > 0.5, report.lines()


@pytest.mark.heavy
def test_the_solved_bot_does_not_lose_to_loose_or_to_lbr(qka: Tuple[Rules, Strategy], tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    rules, strategy = qka
    _use(strategy, tmp_path, monkeypatch)
    loose = duel(rules, "solved", "loose", pairs=1000, seed=11)
    assert loose.interval.high > 0, loose.lines()  # it lost by a stake a deal, off the tree, before
    lbr = duel(rules, "solved", "lbr", pairs=500, seed=11)
    assert lbr.interval.high > 0, lbr.lines()


def test_the_duel_command_reports_the_first_bot_s_net_with_its_interval(qka: Tuple[Rules, Strategy], capsys: Any,
                                                                       monkeypatch: Any, tmp_path: Path) -> None:
    import json

    _, strategy = qka
    profile = tmp_path / "hu-qka.yaml"
    profile.write_text("name: hu-qka\nextends: heads-up\npack: {stripped_ranks: [2, 3, 4, 5, 6, 7, 8, 9, T, J]}\n",
                       encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "duel", "-p", str(profile), "--bots", "loose,loose",
                             "--pairs", "30", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["net"] == 0 and data["deals"] == 60 and data["net_per_deal"]["plus_minus"] == 0
    code, out, err = run_cli(capsys, monkeypatch, "duel", "-p", str(profile), "--bots", "cautious,random",
                             "--pairs", "40", "--seed", "3")
    assert code == 0, err
    assert "cautious against random under hu-qka: 40 pairs of deals (80 deals)" in out
    assert "95% interval" in out and "cautious wins" in out
    code, out, err = run_cli(capsys, monkeypatch, "duel", "--bots", "solved")
    assert code == 2 and err.count("\n") == 1 and "two bots" in err


@given(st.integers(0, 2**32), st.integers(1, 40))
def test_against_any_sizes_and_counts_the_bot_acts_legally_from_its_strategy(qka: Tuple[Rules, Strategy],
                                                                            seed: int, spread: int) -> None:
    """A property: an opponent betting any amount up to ``spread`` steps above the least, as often as it likes,
    never makes the bot act illegally or stand in."""
    rules, strategy = qka  # a module's fixture: solved once, never changed
    rng = random.Random(seed)
    cards = rng.sample(list(rules.ranking.ranker.cards), 6)
    seats = ["A", "B"] if seed % 2 else ["B", "A"]
    deal = Deal(rules, seats, {seats[0]: tuple(CARDS[c] for c in cards[:3]), seats[1]: tuple(CARDS[c] for c in cards[3:])})
    bot = SolvedBot(random.Random(seed), "B", strategy)
    for _ in range(60):
        if deal.is_over or deal.awaiting is not None:
            break
        if deal.to_act == "A":
            option = rng.choice(deal.legal_actions())
            amounts = option.amounts(spread + 1) if option.kind == "bet" else []
            deal.apply(option.action(rng.choice(amounts)) if amounts else option.action())
            continue
        action = bot.choose(deal.view("B"))
        assert deal.can(action), (action, bot.explain())
        assert "standing in" not in bot.explain(), bot.explain()
        deal.apply(action)
