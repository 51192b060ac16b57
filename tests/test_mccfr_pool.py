"""The war cap's showdown at three and four seats: every hand still in shown where the tree ends a betting war
(``war_cap: showdown``): its payoffs, the solve, the strategy file and the bot past the tree's count."""

from __future__ import annotations

import itertools
import json
import random
import zipfile
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

np = pytest.importorskip("numpy")

from bragrules.core.cards import CARDS  # noqa: E402
from bragrules.engine.deal import Deal  # noqa: E402
from bragrules.engine.settlement import showdown_all  # noqa: E402
from bragrules.rules.compile import Rules, compile_rules  # noqa: E402
from bragrules.solver.bot import SolvedBot  # noqa: E402
from bragrules.solver.duplicate import duplicate  # noqa: E402
from bragrules.solver.hands import HandSpace  # noqa: E402
from bragrules.solver.mccfr import MultiwayResult, _BestResponse, solve_multiway  # noqa: E402
from bragrules.solver.strategy import Strategy, StrategyFileError  # noqa: E402
from bragrules.solver.tree import Decision, Node, Pool, Tree, Unsupported, build_tree, seat_names  # noqa: E402

from .helpers import short_multiway as short  # noqa: E402  (the short game every test here solves)


@pytest.fixture(scope="module")
def rules() -> Rules:
    return compile_rules(short())


@pytest.fixture(scope="module")
def three(rules: Rules) -> MultiwayResult:
    return solve_multiway(rules, seats=3, iterations=3000, max_raises=1, levels=1, max_bets=2, seed=3,
                          war_cap="showdown")


def _nodes(tree: Tree) -> Iterator[Node]:
    stack: List[Node] = [tree.root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Decision):
            stack.extend(a.child for a in node.actions)


def _pools(tree: Tree) -> List[Pool]:
    return [node for node in _nodes(tree) if isinstance(node, Pool)]


def _costs(pool: Pool, seats: int) -> List[float]:
    """What each seat paid into the pot: what it loses when its hand is not among the best."""
    return [-next(paid[s] for mask, paid in pool.payoffs.items() if not mask >> s & 1) for s in range(seats)]


def test_a_war_of_three_or_more_ends_at_the_cap_in_a_showdown_of_every_hand_still_in(rules: Rules) -> None:
    folding = build_tree(rules, max_raises=1, levels=1, max_bets=2, seats=4, war_cap="fold")
    tree = build_tree(rules, max_raises=1, levels=1, max_bets=2, seats=4)  # the showdown unless told
    pools = _pools(tree)
    assert folding.war_cap == "fold" and folding.pools == 0 and not _pools(folding)
    assert tree.war_cap == "showdown" and tree.pools == len(pools) > 0
    assert any("showdown of every hand still in" in note for note in tree.notes)
    # the cap's forced folds are gone: no seen decision is left with nothing but a fold
    forced = [d for d in folding.decisions if not d.blind and {a.action.kind for a in d.actions} == {"fold"}]
    assert forced and not [d for d in tree.decisions if not d.blind and {a.action.kind for a in d.actions} == {"fold"}]
    for pool in pools:
        bets = sum(1 for text in pool.history if text.split()[1] == "bet")
        folded = {text.split()[0] for text in pool.history if text.endswith(" fold")}
        assert bets == 4 and len(pool.shown) >= 3 and len(folded) == 4 - len(pool.shown)
        assert {seat_names(4)[s] for s in pool.shown} == set(seat_names(4)) - folded


def test_a_pool_conserves_the_money_pays_the_best_hand_and_splits_a_tie(rules: Rules) -> None:
    tree = build_tree(rules, max_raises=1, levels=1, max_bets=2, seats=4, war_cap="showdown")
    for pool in _pools(tree):
        masks = {sum(1 << pool.shown[k] for k in best) for n in range(1, len(pool.shown) + 1)
                 for best in itertools.combinations(range(len(pool.shown)), n)}
        assert set(pool.payoffs) == masks
        cost = _costs(pool, 4)
        pot = sum(cost)
        assert all(c > 0 for c in cost)  # everyone paid the ante at least
        for mask, paid in pool.payoffs.items():
            assert sum(paid) == pytest.approx(0.0, abs=1e-9)  # no rake: what the winners take the others paid
            winners = [s for s in range(4) if mask >> s & 1]
            for s in range(4):
                share = pot / len(winners) if s in winners else 0.0
                assert paid[s] == pytest.approx(share - cost[s]), (pool.history, mask, paid)


def test_equal_best_hands_go_to_the_eldest_when_the_profile_says_so() -> None:
    eldest = compile_rules(short(seeing={"tie": "eldest_hand"}))
    tree = build_tree(eldest, max_raises=1, levels=1, max_bets=2, seats=3, war_cap="showdown")
    pools = _pools(tree)
    assert pools
    for pool in pools:
        cost = _costs(pool, 3)
        for mask, paid in pool.payoffs.items():
            first = min(s for s in range(3) if mask >> s & 1)  # A acts first: the eldest hand
            assert paid[first] == pytest.approx(sum(cost) - cost[first])
            assert all(paid[s] == pytest.approx(-cost[s]) for s in range(3) if s != first)


def test_a_pool_pays_what_the_engine_pays_on_dealt_hands(rules: Rules) -> None:
    # the leaf's payoff depends only on which seats tie for the best: the engine, given real hands at the same
    # point of the deal and told that everyone left shows, settles it the same way
    tree = build_tree(rules, max_raises=1, levels=1, max_bets=2, seats=4, war_cap="showdown")
    space = HandSpace.for_rules(rules)
    strength = [int(s) for s in space.strength]
    names = seat_names(4)
    pack = sorted(rules.ranking.ranker.cards)
    rng = random.Random(8)
    ties = 0
    for pool in _pools(tree)[::7]:
        for _ in range(25):
            cards = rng.sample(pack, 12)
            hands = {n: tuple(CARDS[c] for c in cards[3 * i:3 * i + 3]) for i, n in enumerate(names)}
            deal = Deal(rules, list(names), hands)
            for text in pool.history:
                deal.apply_text(text)
            showdown_all(deal)
            assert deal.result is not None
            held = [strength[space.hand_of(cards[3 * i:3 * i + 3])] for i in range(4)]
            expected = pool.payoff(held)
            ties += sum(1 for s in pool.shown if held[s] == max(held[t] for t in pool.shown)) > 1
            assert [float(deal.result.net[n]) for n in names] == pytest.approx(list(expected)), pool.history
    assert ties > 0  # equal best hands were met, and split as the engine splits them


def test_a_showdown_the_pool_cannot_settle_by_the_best_hands_alone_is_refused() -> None:
    for extra, words in (({"seeing": {"split": "high_low"}}, "seeing.split: high_low"),
                         ({"seeing": {"tie": "suits"}}, "seeing.tie: suits")):
        game = compile_rules(short(**extra))
        with pytest.raises(Unsupported) as caught:
            build_tree(game, max_raises=1, levels=1, max_bets=2, seats=3)
        assert words in str(caught.value) and "--war-cap fold" in str(caught.value)
        # the fold cap still solves it, and heads-up there is no war of three to end
        assert build_tree(game, max_raises=1, levels=1, max_bets=2, seats=3, war_cap="fold").pools == 0
        assert build_tree(game, max_raises=1, levels=1, max_bets=2).pools == 0
    with pytest.raises(ValueError, match="war_cap is one of fold, showdown"):
        build_tree(compile_rules(short()), max_raises=1, levels=1, max_bets=2, seats=3, war_cap="raise")


def test_the_best_response_values_a_pool_as_the_sampled_walk_does(rules: Rules) -> None:
    four = solve_multiway(rules, seats=4, iterations=200, max_raises=1, levels=1, max_bets=2, seed=2,
                          war_cap="showdown")
    cfr = four.solver
    deals = [cfr.deal(random.Random(k)) for k in range(400)]
    strength = np.array([[cfr.strength[h[s]] for h in deals] for s in range(4)], dtype=np.int64)
    columns = np.array([[cfr.bucket_of[h[s]] for h in deals] for s in range(4)], dtype=np.int64)
    for pool in _pools(cfr.tree)[::5]:
        for seat in range(4):
            walk = _BestResponse(seat, columns, strength, {})
            vectorised = walk.value(pool, np.ones(len(deals)))
            assert list(vectorised) == [cfr._ending(pool, h)[seat] for h in deals]
    gains = cfr.gains(500, 1)
    assert min(gains) > -1e-9


def test_the_showdown_cap_solves_and_its_strongest_hands_bet(three: MultiwayResult) -> None:
    regret = three.regret[-1][1]
    entry = three.strategy.decisions[("A look",)]
    bet = entry.actions.index("A bet 1")
    assert entry.probabilities[bet, -1] > 0.9 and entry.probabilities[bet, 0] < 0.5
    assert three.strategy.war_cap == "showdown" and regret < 1.0


def _rewrite(path: Path, target: Path, change: Any) -> None:
    import io

    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    header = json.loads(np.load(io.BytesIO(members["header.npy"])).tobytes().decode("utf-8"))
    change(header)
    buffer = io.BytesIO()
    np.save(buffer, np.frombuffer(json.dumps(header).encode("utf-8"), dtype=np.uint8))
    members["header.npy"] = buffer.getvalue()
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def test_the_strategy_file_keeps_its_war_cap_and_an_older_file_reads_as_the_fold(
        rules: Rules, three: MultiwayResult, tmp_path: Path) -> None:
    path = tmp_path / "pool.npz"
    three.strategy.save(str(path))
    loaded = Strategy.load(str(path))
    loaded.check_against(rules, str(path))
    assert loaded.meta["war_cap"] == "showdown" and loaded.war_cap == "showdown"

    folding = solve_multiway(rules, seats=3, iterations=200, max_raises=1, levels=1, max_bets=2, seed=3,
                             war_cap="fold")
    old, plain = tmp_path / "old.npz", tmp_path / "plain.npz"
    folding.strategy.save(str(plain))
    assert Strategy.load(str(plain)).war_cap == "fold"
    _rewrite(plain, old, lambda h: h.pop("war_cap"))  # as written before the war cap was a choice
    before = Strategy.load(str(old))
    before.check_against(rules, str(old))
    assert before.war_cap == "fold" and "war_cap" in before.meta

    tampered = {
        "to-fold": (path, lambda h: h.update(war_cap="fold"), "is not the tree's"),
        "to-showdown": (plain, lambda h: h.update(war_cap="showdown"), "is not the tree's"),
        "unknown": (path, lambda h: h.update(war_cap="raise"), "war_cap"),
        "heads-up": (path, lambda h: h.update(seats=2), "a table of three or more's"),
    }
    for name, (source, change, words) in tampered.items():
        target = tmp_path / f"{name}.npz"
        _rewrite(source, target, change)
        with pytest.raises(StrategyFileError) as caught:
            Strategy.load(str(target)).check_against(rules, str(target))
        message = str(caught.value)
        assert "\n" not in message and message.startswith(str(target)) and words in message, (name, message)


def _always(strategy: Strategy) -> None:
    """Every blind decision looks, every seen one bets (when it can)."""
    for entry in strategy.decisions.values():
        kinds = [text.split()[1] for text in entry.actions]
        chosen = "look" if entry.blind else "bet"
        if chosen in kinds:
            entry.probabilities[:] = 0.0
            entry.probabilities[kinds.index(chosen)] = 1.0


def _past_pool(strategy: Strategy, rules: Rules, leaving: str = "") -> Dict[str, List[str]]:
    """Four solved bots on one deal: what each does past the tree's showdown at its war cap (``leaving``: a seat
    whose last decision that could bet folds every hand by the time it gets there)."""
    names = seat_names(4)
    pack = sorted(rules.ranking.ranker.cards)
    deal = Deal(rules, list(names), {n: tuple(CARDS[c] for c in pack[3 * i:3 * i + 3]) for i, n in enumerate(names)})
    bots = {n: SolvedBot(random.Random(7), n, strategy) for n in names}
    past: Dict[str, List[str]] = {n: [] for n in names}
    while not deal.is_over:
        player = deal.to_act
        assert player is not None and len(deal.actions) < 60, [str(a) for a in deal.actions]
        view = deal.view(player)
        reading = bots[player].read(strategy, view)
        assert reading is not None, [str(a) for a in deal.actions]
        if reading.pool_at is not None:
            # the tree ended the war here; the bot plays its own last seen decision that could bet
            assert strategy.entry(reading.history) is None and reading.past_count
            assert reading.entry.player == names.index(player) and not reading.entry.blind
            assert any(text.split()[1] == "bet" for text in reading.entry.actions)
            if player == leaving and not past[player]:
                kinds = [text.split()[1] for text in reading.entry.actions]
                reading.entry.probabilities[:] = 0.0
                reading.entry.probabilities[kinds.index("fold")] = 1.0
        action = bots[player].choose(view)
        assert bots[player].explain().startswith("plays the solved strategy"), bots[player].explain()
        assert bots[player].on_strategy
        if reading.pool_at is not None:
            past[player].append(action.kind)
        deal.apply(action)
    return past


def test_past_the_war_cap_s_showdown_the_bot_stays_or_leaves_once_and_the_war_ends(rules: Rules) -> None:
    four = solve_multiway(rules, seats=4, iterations=300, max_raises=1, levels=1, max_bets=2, seed=1,
                          war_cap="showdown")
    strategy = four.strategy
    _always(strategy)
    # every seat stays (its last bet never folds): it bets on, at most the tree's war cap (4 bets) again, then has
    # bet enough: it leaves while three or more are in, and once two are left the next to act sees: the war ends
    past = _past_pool(strategy, rules)
    assert sorted(kinds[-1] for kinds in past.values()) == ["bet", "fold", "fold", "see"], past
    assert sorted(map(tuple, past.values())) == [("bet",) * 4, ("bet",) * 4 + ("fold",), ("bet",) * 4 + ("fold",),
                                                 ("bet",) * 4 + ("see",)], past
    # a seat whose decision folds when it first answers past the cap leaves at once, and the others stay
    past = _past_pool(strategy, rules, leaving="A")
    assert past["A"] == ["fold"] and all(kinds[0] == "bet" for n, kinds in past.items() if n != "A"), past


def test_a_showdown_capped_strategy_meets_loose_on_its_own_decisions(rules: Rules, three: MultiwayResult) -> None:
    match = duplicate(rules, three.strategy, "loose", seats=3, deals=150, seed=2)
    assert match.on_strategy >= 0.97, match


def test_solve_seats_takes_the_war_cap_and_heads_up_refuses_it(tmp_path: Path, capsys: Any,
                                                               monkeypatch: Any) -> None:
    from .helpers import run_cli

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRAGRULES_STRATEGY", raising=False)
    (tmp_path / "short.yaml").write_text(
        "name: short\nextends: standard\npack: {stripped_ranks: ['2','3','4','5','6','7','8','9']}\n"
        "stakes: {opening_max: 1}\ntable: {min_players: 2, max_players: 6}\n", encoding="utf-8")
    out_file = tmp_path / "pool.npz"
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), "--seats", "3",
                             "--max-raises", "1", "--levels", "1", "--max-bets", "2", "-n", "300",
                             "-o", str(out_file), "--json")  # the showdown unless told
    assert code == 0, err
    row = json.loads(out)
    assert row["abstraction"]["war_cap"] == "showdown"
    assert Strategy.load(str(out_file)).war_cap == "showdown"
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), "--seats", "3",
                             "--max-raises", "1", "--levels", "1", "--max-bets", "2", "-n", "300",
                             "--war-cap", "fold", "--json")
    assert code == 0 and json.loads(out)["abstraction"]["war_cap"] == "fold", err
    for wrong in (["--seats", "2", "--war-cap", "showdown"], ["--seats", "3", "--war-cap", "raise"]):
        code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), *wrong)
        assert code == 2 and err.count("\n") == 1 and "--war-cap" in err and "fold or showdown" in err, err
