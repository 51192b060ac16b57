"""The heads-up solver: exact sums with card removal, the tree's payoffs against the engine,
CFR's values against a count over every pair of hands, exploitability falling, the strategy
file, the solved bot and ``bragrules solve``."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

np = pytest.importorskip("numpy")

from bragrules.core.cards import CARDS  # noqa: E402
from bragrules.engine.deal import Deal  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.profile.models import Profile  # noqa: E402
from bragrules.rules.compile import Rules, compile_rules  # noqa: E402
from bragrules.solver import solve, solver_for  # noqa: E402
from bragrules.solver.bot import SolvedBot  # noqa: E402
from bragrules.solver.cfr import CFR  # noqa: E402
from bragrules.solver.hands import HandSpace  # noqa: E402
from bragrules.solver.strategy import Strategy, StrategyFileError  # noqa: E402
from bragrules.solver.tree import SEATS, Decision, Leaf, Node, Showdown, Unsupported, build_tree  # noqa: E402

from .helpers import run_cli  # noqa: E402


def short(base: str = "standard", keep: str = "JQKA", **areas: Dict[str, Any]) -> Rules:
    """A shipped profile heads-up on a pack stripped to the ranks ``keep``."""
    data = load_profile(base).model_dump(mode="json")
    data["pack"]["stripped_ranks"] = [r for r in "23456789TJQKA" if r not in keep]
    data["table"]["min_players"] = 2
    data["table"]["max_players"] = 2
    for area, values in areas.items():
        data[area] = {**(data.get(area) or {}), **values}
    data["name"] = f"{base}-short"
    return compile_rules(Profile.model_validate(data))


# ---------------------------------------------------------------------------
# exact sums over an opponent's range, against brute force
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("base,keep", [("standard", "JQKA"), ("teen-patti", "TJQKA"), ("traditional", "9TJQKA")])
def test_sums_with_card_removal_match_brute_force(base: str, keep: str) -> None:
    rules = short(base, keep)
    space = HandSpace.for_rules(rules)
    ranker = rules.ranking.ranker
    n = len(ranker.cards)
    assert space.n_hands == n * (n - 1) * (n - 2) // 6
    assert space.pairs_of_opponents() == (n - 3) * (n - 4) * (n - 5) // 6
    weights = np.random.default_rng(7).random(space.n_hands)
    sums = space.sums(weights)
    for i, h in enumerate(space.hands):
        mine = ranker.strength(h)
        assert space.strength[i] == mine
        disjoint = weaker = not_stronger = 0.0
        for j, o in enumerate(space.hands):
            if set(h) & set(o):
                continue
            disjoint += weights[j]
            theirs = ranker.strength(o)
            weaker += weights[j] if theirs < mine else 0.0
            not_stronger += weights[j] if theirs <= mine else 0.0
        assert sums.disjoint[i] == pytest.approx(disjoint, abs=1e-9)
        assert sums.weaker[i] == pytest.approx(weaker, abs=1e-9)
        assert sums.not_stronger[i] == pytest.approx(not_stronger, abs=1e-9)


def test_the_full_pack_counts_every_disjoint_hand() -> None:
    space = HandSpace.for_rules(compile_rules(load_profile("standard")))
    sums = space.sums(np.ones(space.n_hands))
    assert space.n_hands == 22_100
    assert np.all(sums.disjoint == 18_424)  # C(49, 3)
    aces = space.hand_of([CARDS[c] for c in (48, 49, 50)])  # a prial: nothing strictly better but threes
    assert sums.weaker[aces] + (sums.disjoint[aces] - sums.not_stronger[aces]) == 18_424 - 0
    assert sums.not_stronger[aces] == sums.weaker[aces]  # no disjoint hand ties a prial of aces


# ---------------------------------------------------------------------------
# the tree's payoffs are the engine's
# ---------------------------------------------------------------------------


def _leaves(node: Node) -> List[Node]:
    if isinstance(node, Decision):
        return [leaf for act in node.actions for leaf in _leaves(act.child)]
    return [node]


@pytest.mark.parametrize("name", ["standard", "traditional", "teen-patti"])
def test_every_leaf_pays_what_the_engine_pays_with_real_hands(name: str) -> None:
    rules = compile_rules(load_profile(name))
    tree = build_tree(rules, max_raises=1, levels=2)
    ranker = rules.ranking.ranker
    rng = random.Random(name)
    cards = list(ranker.cards)
    for leaf in _leaves(tree.root):
        for _ in range(6):
            drawn = rng.sample(cards, 6)
            a, b = tuple(CARDS[c] for c in drawn[:3]), tuple(CARDS[c] for c in drawn[3:])
            deal = Deal(rules, list(SEATS), {"A": a, "B": b})
            for text in leaf.history:
                deal.apply_text(text)
            while not deal.is_over:  # the decisions the tree settles itself: show, retain
                action = deal.default_action()
                assert action is not None
                deal.apply(action)
            result = deal.result
            assert result is not None
            got = (float(result.net["A"]) + 0.5 * float(result.carried_out),
                   float(result.net["B"]) + 0.5 * float(result.carried_out))
            if isinstance(leaf, Leaf):
                expected = leaf.payoff
            else:
                assert isinstance(leaf, Showdown)
                sa, sb = ranker.strength(a), ranker.strength(b)
                expected = leaf.win if sa > sb else leaf.lose if sa < sb else leaf.tie
            assert got == pytest.approx(expected), (leaf.history, a, b)


def test_the_tree_offers_what_the_profile_allows() -> None:
    tree = build_tree(compile_rules(load_profile("standard")), max_raises=1, levels=2)
    root = tree.root
    assert isinstance(root, Decision) and root.player == 0 and root.blind
    assert [a.text for a in root.actions] == ["A look", "A bet 1/2", "A bet 1", "A fold"]
    seen = root.actions[0].child
    assert isinstance(seen, Decision) and not seen.blind and seen.player == 0
    # standard: a seen player may never see a blind one, so B blind is never seen by A
    for decision in tree.decisions:
        texts = [a.text for a in decision.actions]
        if decision.player == 0 and not decision.blind and "B look" not in " ".join(decision.history):
            assert not any(t.startswith("A see") for t in texts), decision.history
    assert tree.find(["A look", "A bet 1"]) is not None


def test_raises_stop_at_the_cap() -> None:
    rules = compile_rules(load_profile("traditional"))
    for cap in (0, 1, 2):
        tree = build_tree(rules, max_raises=cap, levels=2, max_bets=cap + 2)
        for decision in tree.decisions:
            deal = Deal(rules, list(SEATS), {"A": None, "B": None}, wait_for_cards=True)
            for text in decision.history:
                deal.apply_text(text)
            assert deal.raises_made <= cap


def test_profiles_the_solver_does_not_model_are_refused_by_name() -> None:
    with pytest.raises(Unsupported, match="format.exchange"):
        build_tree(compile_rules(load_profile("stop-the-bus")))
    with pytest.raises(Unsupported, match="ranking.wild"):
        build_tree(compile_rules(load_profile("joker")))
    with pytest.raises(Unsupported, match="procedure.trump_card"):  # the showdown depends on the card turned
        build_tree(compile_rules(load_profile("hukam")))
    with pytest.raises(Unsupported, match="procedure.bust_card"):
        build_tree(compile_rules(load_profile("bust-card")))


# ---------------------------------------------------------------------------
# CFR: values against a plain count, exploitability falling
# ---------------------------------------------------------------------------


def _value_by_pairs(cfr: CFR, seat: int) -> float:
    """``seat``'s value on the average strategies, summed over every pair of disjoint hands, one by one."""
    space = cfr.space
    avg = {d.id: cfr.average(d) for d in cfr.tree.decisions}

    def walk(node: Node, ha: int, hb: int) -> float:
        if isinstance(node, Leaf):
            return node.payoff[seat]
        if isinstance(node, Showdown):
            sa, sb = space.strength[ha], space.strength[hb]
            return (node.win if sa > sb else node.lose if sa < sb else node.tie)[seat]
        assert isinstance(node, Decision)
        hand = ha if node.player == 0 else hb
        column = 0 if node.blind else hand
        return sum(float(avg[node.id][k, column]) * walk(act.child, ha, hb)
                   for k, act in enumerate(node.actions) if avg[node.id][k, column] > 0)

    total, count = 0.0, 0
    for ha, hb in itertools.permutations(range(space.n_hands), 2):
        if set(space.hands[ha]) & set(space.hands[hb]):
            continue
        total += walk(cfr.tree.root, ha, hb)
        count += 1
    assert count == space.n_hands * space.pairs_of_opponents()
    return total / count


@pytest.mark.heavy
def test_values_on_the_average_strategy_match_a_count_over_every_pair_of_hands() -> None:
    cfr = solver_for(short("standard", "QKA"), max_raises=1, levels=2)
    for _ in range(15):
        cfr.iterate()
    for seat in (0, 1):
        assert cfr.value(seat, "avg") == pytest.approx(_value_by_pairs(cfr, seat), abs=1e-9)


def test_exploitability_falls_and_best_responses_gain() -> None:
    rules = short("standard", "JQKA", stakes={"opening_max": 1})
    result = solve(rules, iterations=120, max_raises=1, levels=1, every=10)
    curve = [p.exploitability for p in result.history]
    assert curve[-1] < curve[0] / 10
    assert curve[-1] < 0.01  # below 1% of the ante
    assert all(b >= v - 1e-9 for b, v in zip(result.best_response, result.values))
    assert sum(result.values) == pytest.approx(0.0, abs=1e-9)  # zero-sum: no rake, a carry split


def test_a_carried_pot_worth_zero_costs_both_seats() -> None:
    rules = short("standard", "QKA", folding={"blind_survivor": "carries"})  # a blind survivor's pot carries
    split = solve(rules, iterations=30, max_raises=1, levels=1, carry_share=0.5)
    zero = solve(rules, iterations=30, max_raises=1, levels=1, carry_share=0.0)
    assert sum(split.values) == pytest.approx(0.0, abs=1e-9)
    assert sum(zero.values) < -1e-6


# ---------------------------------------------------------------------------
# the strategy file and the solved bot
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def short_solved(tmp_path_factory: Any) -> Tuple[Rules, Strategy, Path]:
    rules = short("standard", "JQKA")
    result = solve(rules, iterations=100, max_raises=1, levels=2, max_bets=4)
    path = tmp_path_factory.mktemp("strategy") / "short.npz"
    result.strategy.save(str(path))
    return rules, result.strategy, path


def test_strategy_file_round_trip(short_solved: Tuple[Rules, Strategy, Path], tmp_path: Path) -> None:
    _, strategy, path = short_solved
    loaded = Strategy.load(str(path))
    assert loaded.profile_hash == strategy.profile_hash
    assert loaded.decisions.keys() == strategy.decisions.keys()
    for key, entry in strategy.decisions.items():
        assert loaded.decisions[key].actions == entry.actions
        assert np.allclose(loaded.decisions[key].probabilities, entry.probabilities, atol=1e-3)  # kept as float16
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(StrategyFileError, match="bad.npz"):
        Strategy.load(str(bad))


def _play(rules: Rules, strategy: Strategy, opponent: str, deals: int, seed: int) -> List[float]:
    from bragrules.play.bots import make_bot

    rng = random.Random(seed)
    cards = list(rules.ranking.ranker.cards)
    nets = []
    for i in range(deals):
        seats = ["S", "O"] if i % 2 == 0 else ["O", "S"]
        bots = {"S": SolvedBot(random.Random(seed * 7919 + i), "S", strategy),
                "O": make_bot(opponent, random.Random(seed * 104729 + i), "O")}
        drawn = rng.sample(cards, 6)
        deal = Deal(rules, seats, {seats[0]: tuple(CARDS[c] for c in drawn[:3]),
                                   seats[1]: tuple(CARDS[c] for c in drawn[3:])})
        while not deal.is_over:
            player = deal.to_act
            assert player is not None
            action = bots[player].choose(deal.view(player))
            assert deal.can(action), (player, action)
            deal.apply(action)
        assert deal.result is not None
        nets.append(float(deal.result.net["S"]))
    return nets


@pytest.mark.heavy
@pytest.mark.parametrize("opponent", ["cautious", "loose", "blind_bluffer", "see_happy", "random"])
def test_the_solved_bot_beats_each_style_on_a_short_pack(short_solved: Tuple[Rules, Strategy, Path],
                                                         opponent: str) -> None:
    rules, strategy, _ = short_solved
    nets = _play(rules, strategy, opponent, 4000, seed=3)
    mean = sum(nets) / len(nets)
    spread = (sum((x - mean) ** 2 for x in nets) / (len(nets) - 1)) ** 0.5
    assert mean - 1.96 * spread / len(nets) ** 0.5 > 0, (opponent, mean)


def test_the_solved_bot_falls_back_with_three_players_and_without_a_strategy(
        short_solved: Tuple[Rules, Strategy, Path], monkeypatch: Any, tmp_path: Path) -> None:
    rules, strategy, _ = short_solved
    three = compile_rules(load_profile("standard"))
    deal = Deal(three, ["A", "B", "C"], {p: tuple(CARDS[c] for c in range(3 * i, 3 * i + 3)) for i, p in enumerate("ABC")})
    bot = SolvedBot(random.Random(1), "A", strategy)
    assert deal.can(bot.choose(deal.view("A")))
    assert bot.explain().startswith("cautious, standing in for solved (no strategy solved for this profile at 3 seats): ")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("BRAGRULES_STRATEGY", raising=False)
    lone = SolvedBot(random.Random(1), "A")
    heads_up = Deal(three, ["A", "B"], {"A": tuple(CARDS[c] for c in (0, 1, 2)), "B": tuple(CARDS[c] for c in (3, 4, 5))})
    assert heads_up.can(lone.choose(heads_up.view("A")))
    assert lone.explain().startswith("cautious, standing in for solved (no strategy solved for this profile): ")


def test_a_blind_solved_bot_never_reads_its_cards(short_solved: Tuple[Rules, Strategy, Path]) -> None:
    rules, strategy, _ = short_solved
    cards = list(rules.ranking.ranker.cards)
    choices = set()
    for hand in (cards[:3], cards[-3:]):
        deal = Deal(rules, list(SEATS), {"A": tuple(CARDS[c] for c in hand), "B": tuple(CARDS[c] for c in cards[3:6])})
        choices.add(str(SolvedBot(random.Random(5), "A", strategy).choose(deal.view("A"))))
    assert len(choices) == 1  # the same draw for either hand while blind


# ---------------------------------------------------------------------------
# bragrules solve
# ---------------------------------------------------------------------------


SHORT_YAML = """name: short
extends: standard
table: {min_players: 2, max_players: 2}
pack: {stripped_ranks: ["2", "3", "4", "5", "6", "7", "8", "9", "T"]}
stakes: {opening_max: 1}
"""


def test_solve_command_values_json_output_and_plot(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("BRAGRULES_STRATEGY", "")  # --strategy sets it in this process: restored afterwards
    profile = tmp_path / "short.yaml"
    profile.write_text(SHORT_YAML, encoding="utf-8")
    out = tmp_path / "short.npz"
    plot = tmp_path / "curve.png"
    code, stdout, stderr = run_cli(capsys, monkeypatch, "solve", "-p", str(profile), "-n", "60", "--max-raises", "1",
                                   "--levels", "1", "--value", "--output", str(out), "--plot", str(plot))
    assert code == 0, stderr
    assert "seat 1 (first to act)" in stdout and "exploitability" in stdout
    assert "iteration 10 of at most 60: exploitability" in stderr
    assert out.exists() and plot.read_bytes()[:4] == b"\x89PNG"
    code, stdout, _ = run_cli(capsys, monkeypatch, "solve", "-p", str(profile), "-n", "30", "--max-raises", "1",
                              "--levels", "1", "--json", "--target", "0", "--output", str(out))
    row = json.loads(stdout)
    assert code == 0 and row["profile"] == "short" and len(row["values"]) == 2
    assert row["values"][0] == pytest.approx(-row["values"][1], abs=1e-9)
    assert [p["iteration"] for p in row["history"]] == [10, 20, 30]
    code, stdout, stderr = run_cli(capsys, monkeypatch, "simulate", "-p", str(profile), "-n", "2", "--styles",
                                   "solved,random", "--hands", "250", "--strategy", str(out))
    assert code == 0, stderr


def test_solve_command_refuses_bad_input_in_one_line(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    code, _, stderr = run_cli(capsys, monkeypatch, "solve", "-p", "stop-the-bus", "-n", "1")
    assert code == 2 and "format.exchange" in stderr and "Traceback" not in stderr
    code, _, stderr = run_cli(capsys, monkeypatch, "solve", "--carry", "half")
    assert code == 2 and "--carry" in stderr
    bad = tmp_path / "x.npz"
    bad.write_bytes(b"junk")
    code, _, stderr = run_cli(capsys, monkeypatch, "simulate", "-n", "2", "--strategy", str(bad))
    assert code == 2 and "x.npz" in stderr and len(stderr.strip().splitlines()) == 1




def test_a_view_lists_the_deal_s_actions_as_the_table_saw_them() -> None:
    rules = compile_rules(load_profile("standard"))
    deal = Deal(rules, ["A", "B", "C"], {p: tuple(CARDS[c] for c in range(3 * i, 3 * i + 3)) for i, p in enumerate("ABC")})
    for text in ["A look", "A bet 2", "B bet 1"]:
        deal.apply_text(text)
    assert [str(a) for a in deal.view("C").actions] == ["A look", "A bet 2", "B bet 1"]
    assert all(a.cards is None for a in deal.view("C").actions)


def test_solve_value_compares_profiles(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(SHORT_YAML, encoding="utf-8")
    second.write_text(SHORT_YAML.replace("name: short", "name: short-split") + "seeing: {tie: split}\n",
                      encoding="utf-8")
    code, stdout, stderr = run_cli(capsys, monkeypatch, "solve", "-p", str(first), "-p", str(second), "-n", "40",
                                   "--max-raises", "1", "--levels", "1", "--value")
    assert code == 0, stderr
    assert "short-split against short: the first to act gains" in stdout
    assert "(the games' values differ by between " in stdout  # each game's [low, high] carried into the change
    assert len(list((tmp_path / "cache" / "bragrules" / "strategies").glob("*.npz"))) == 2
