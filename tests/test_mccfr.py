"""Multiway strategies (3 and 4 seats): the tree, external-sampling MCCFR, the file, the bot, duplicate matches."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path
from typing import Any, Dict, Tuple

import pytest

np = pytest.importorskip("numpy")

from bragrules.core.cards import CARDS  # noqa: E402
from bragrules.engine.actions import Action  # noqa: E402
from bragrules.engine.deal import Deal  # noqa: E402
from bragrules.play.bots import make_bot  # noqa: E402
from bragrules.play.plays import stands_in  # noqa: E402
from bragrules.rules.compile import Rules, compile_rules  # noqa: E402
from bragrules.solver.bot import SolvedBot, strategy_path  # noqa: E402
from bragrules.solver.duplicate import duplicate  # noqa: E402
from bragrules.solver.mccfr import MultiwayResult, bucket_hands, solve_multiway  # noqa: E402
from bragrules.solver.strategy import Strategy, StrategyFileError, game_hash  # noqa: E402
from bragrules.solver.tree import Decision, Showdown, build_tree  # noqa: E402

from .helpers import short_multiway as short  # noqa: E402  (the short game every test here solves)


@pytest.fixture(scope="module")
def rules() -> Rules:
    return compile_rules(short())


@pytest.fixture(scope="module")
def three(rules: Rules) -> MultiwayResult:
    return solve_multiway(rules, seats=3, iterations=6000, max_raises=1, levels=1, max_bets=3, seed=11, every=500)


def test_a_three_seat_tree_shows_two_hands_at_a_see_and_every_line_ends(rules: Rules) -> None:
    tree = build_tree(rules, max_raises=1, levels=1, max_bets=2, seats=3)
    assert {d.player for d in tree.decisions} == {0, 1, 2}
    shown = set()
    stack = [tree.root]
    while stack:
        node = stack.pop()
        if isinstance(node, Decision):
            stack.extend(a.child for a in node.actions)
        elif isinstance(node, Showdown):
            shown.add(node.shown)
            # the winner of the two shown takes what the other two lose (no rake): the payoffs add to nothing
            assert abs(sum(node.win)) < 1e-9 and abs(sum(node.lose)) < 1e-9
            assert node.win[node.shown[0]] > 0 > node.lose[node.shown[0]]
    assert shown >= {(0, 1), (0, 2), (1, 2)}


def test_the_regret_bound_shrinks_as_iterations_grow(three: MultiwayResult) -> None:
    regret = dict(three.regret)
    assert regret[6000] < 0.4 * regret[1000] < 0.4 * regret[500]


def test_what_a_best_response_gains_shrinks_toward_an_equilibrium(rules: Rules, three: MultiwayResult) -> None:
    early = solve_multiway(rules, seats=3, iterations=300, max_raises=1, levels=1, max_bets=3, seed=11)
    before, after = early.solver.gains(1000, 3), three.solver.gains(1000, 3)
    # a best response on the sample never does worse than the strategy it replaces
    assert min(before + after) > -1e-9, (before, after)
    assert sum(after) < 0.3 * sum(before), (before, after)


def test_the_solved_strategy_bets_strong_hands_and_folds_weak_ones(three: MultiwayResult) -> None:
    # the first to act, having looked: the strongest bucket always bets, the weakest mostly folds
    entry = three.strategy.decisions[("A look",)]
    bet = entry.actions.index("A bet 1")
    assert entry.probabilities[bet, -1] > 0.9 and entry.probabilities[bet, 0] < 0.5


def test_buckets_are_equal_slices_by_strength_ties_together() -> None:
    assert bucket_hands([1, 2, 3, 4], 2) == [0, 0, 1, 1]
    assert bucket_hands([1, 1, 1, 2], 2) == [0, 0, 0, 1]  # three tied hands share their middle place
    with pytest.raises(ValueError):
        bucket_hands([1], 0)


def test_the_same_seed_gives_the_same_strategy_and_another_seed_another(rules: Rules,
                                                                          three: MultiwayResult) -> None:
    again = solve_multiway(rules, seats=3, iterations=6000, max_raises=1, levels=1, max_bets=3, seed=11)
    other = solve_multiway(rules, seats=3, iterations=6000, max_raises=1, levels=1, max_bets=3, seed=12)
    same = all(np.array_equal(e.probabilities, again.strategy.decisions[h].probabilities)
               for h, e in three.strategy.decisions.items())
    differs = any(not np.array_equal(e.probabilities, other.strategy.decisions[h].probabilities)
                  for h, e in three.strategy.decisions.items())
    assert same and differs


def _rewrite(path: Path, target: Path, change: Any) -> None:
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    import io

    header = json.loads(np.load(io.BytesIO(members["header.npy"])).tobytes().decode("utf-8"))
    change(header)
    buffer = io.BytesIO()
    np.save(buffer, np.frombuffer(json.dumps(header).encode("utf-8"), dtype=np.uint8))
    members["header.npy"] = buffer.getvalue()
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def test_the_strategy_file_reads_back_and_a_tampered_one_is_refused_in_one_line(
        rules: Rules, three: MultiwayResult, tmp_path: Path) -> None:
    path = tmp_path / "three.npz"
    three.strategy.save(str(path))
    loaded = Strategy.load(str(path))
    loaded.check_against(rules, str(path))
    assert loaded.seats == 3 and loaded.meta["n_buckets"] == 8 and len(loaded.meta["buckets"]) == 1140
    assert any("equity bucket" in note for note in loaded.meta["notes"])
    tampered = {
        "four": (lambda h: h.update(seats=4), "is not the tree's"),
        "bucket": (lambda h: h["buckets"].__setitem__(0, 8), "a bucket beyond its 8"),
        "player": (lambda h: h["decisions"][0].update(player=3), "a player beyond its 3 seats"),
        "count": (lambda h: h.update(n_buckets=9), "d"),
    }
    for name, (change, words) in tampered.items():
        target = tmp_path / f"{name}.npz"
        _rewrite(path, target, change)
        with pytest.raises(StrategyFileError) as caught:
            Strategy.load(str(target)).check_against(rules, str(target))
        message = str(caught.value)
        assert "\n" not in message and message.startswith(str(target)) and words in message, message


def _play(rules: Rules, names: Tuple[str, ...], styles: Dict[str, str], seed: int) -> Tuple[int, int]:
    rng = random.Random(seed)
    cards = rng.sample(sorted(rules.ranking.ranker.cards), 3 * len(names))
    deal = Deal(rules, list(names), {n: tuple(CARDS[c] for c in cards[3 * i:3 * i + 3]) for i, n in enumerate(names)})
    bots = {n: make_bot(styles.get(n, "solved"), random.Random(seed + i), n) for i, n in enumerate(names)}
    solved = on_strategy = 0
    while not deal.is_over:
        player = deal.to_act
        if player is None:
            deal.apply(deal.default_action())  # type: ignore[arg-type]
            continue
        action = bots[player].choose(deal.view(player))
        assert deal.can(action), (action, [str(a) for a in deal.actions])
        deal.apply(action)
        if bots[player].style == "solved":
            solved += 1
            on_strategy += bots[player].explain().startswith("plays the solved strategy")
    return solved, on_strategy


def test_the_solved_bot_plays_only_legal_moves_at_three_and_four_seats_from_the_cached_file(
        rules: Rules, three: MultiwayResult, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("BRAGRULES_STRATEGY", raising=False)
    monkeypatch.setattr("bragrules.solver.bot._LOADED", {})
    profile = rules.profile
    assert stands_in(profile, 3) == "no strategy solved for this profile at 3 seats"
    four = solve_multiway(rules, seats=4, iterations=300, max_raises=1, levels=1, max_bets=2, seed=1)
    for result in (three, four):
        path = Path(strategy_path(game_hash(profile), result.strategy.seats))
        path.parent.mkdir(parents=True, exist_ok=True)
        result.strategy.save(str(path))
    monkeypatch.setattr("bragrules.solver.bot._LOADED", {})
    assert stands_in(profile, 3) is None and stands_in(profile, 4) is None
    counted = [0, 0]
    for seed in range(40):
        names = ("A", "B", "C") if seed % 2 else ("A", "B", "C", "D")
        styles = {"B": "loose"} if seed % 4 == 1 else {}
        solved, on_strategy = _play(rules, names, styles, seed)
        counted[0] += solved
        counted[1] += on_strategy
    assert counted[0] > 0 and counted[1] > 0.8 * counted[0], counted


def test_a_table_with_no_strategy_for_its_seats_says_so(rules: Rules, three: MultiwayResult) -> None:
    names = ("A", "B", "C", "D")
    pack = sorted(rules.ranking.ranker.cards)
    deal = Deal(rules, list(names), {n: tuple(CARDS[c] for c in pack[3 * i:3 * i + 3]) for i, n in enumerate(names)})
    bot = SolvedBot(random.Random(1), "A", three.strategy)  # a strategy for three, at a table of four
    assert deal.can(bot.choose(deal.view("A")))
    assert bot.explain().startswith("cautious, standing in for solved (no strategy solved for this profile at 4 seats)")


def test_a_duplicate_match_is_the_same_for_a_seed_and_beats_random(rules: Rules, three: MultiwayResult) -> None:
    first = duplicate(rules, three.strategy, "random", seats=3, deals=200, seed=5)
    again = duplicate(rules, three.strategy, "random", seats=3, deals=200, seed=5)
    assert first == again
    assert first.low > 0, first


def test_a_bet_past_the_tree_s_count_at_three_seats_is_read_as_an_alike_bet_not_stood_in_for(
        rules: Rules, three: MultiwayResult) -> None:
    # loose raises up to seven times a deal, past the tree's two bets: each such bet is read as the tree's
    # most alike bet with the same seats out, so the bot plays its strategy at nearly every decision
    match = duplicate(rules, three.strategy, "loose", seats=3, deals=150, seed=2)
    assert match.on_strategy >= 0.97, match  # cautious stood in for 15% of them when such a deal left the tree


class _Watched:
    """A solved bot whose actions taken once the deal is past the tree's count are noted."""

    style = "solved"

    def __init__(self, inner: SolvedBot, strategy: Strategy) -> None:
        self.inner, self.strategy, self.name = inner, strategy, inner.name
        self.past: list = []

    def choose(self, view: Any) -> Any:
        reading = self.inner.read(self.strategy, view)
        action = self.inner.choose(view)
        if reading is not None and reading.past_count and self.inner.explain().startswith("plays the solved"):
            # a fold forced by a bet larger than the tree's (the defence) is not the war's decision
            self.past.append("overbet" if reading.stretch < 1 else action.kind)
        return action

    def explain(self) -> str:
        return self.inner.explain()


def test_past_the_tree_s_count_the_bot_decides_once_to_stay_or_leave_and_keeps_to_it(
        rules: Rules, three: MultiwayResult) -> None:
    from bragrules.solver.bot import _committed_row
    from bragrules.solver.duplicate import play_out
    from bragrules.solver.tree import seat_names

    acts = [Action.parse(t) for t in ("A bet 1", "A fold")]
    assert _committed_row([0.25, 0.75], acts, keep_on=True) == [0.25, 0.0]
    assert _committed_row([0.25, 0.75], acts, keep_on=False) == [0.0, 0.75]
    assert _committed_row([0.0, 1.0], acts, keep_on=True) == [0.0, 1.0]  # nothing else open: the row as it is

    names = seat_names(3)
    pack = sorted(rules.ranking.ranker.cards)
    rng = random.Random(4)
    stayed = left = 0
    for number in range(120):
        cards = rng.sample(pack, 9)
        hands = {n: tuple(CARDS[c] for c in cards[3 * i:3 * i + 3]) for i, n in enumerate(names)}
        watched = _Watched(SolvedBot(random.Random(number), "B", three.strategy), three.strategy)
        seen_past = watched.past
        draws = random.Random(number)
        bots: Dict[str, Any] = {n: watched if n == "B" else make_bot("loose", draws, n) for n in names}
        play_out(rules, bots, hands)
        seen_past = [kind for kind in seen_past if kind != "overbet"]
        if seen_past:
            assert "fold" not in seen_past[:-1] and (seen_past[-1] != "fold" or len(seen_past) == 1), seen_past
            left += seen_past == ["fold"]
            stayed += "fold" not in seen_past
    assert stayed > 0 and left > 0, (stayed, left)  # both happen: the choice is the strategy's, not fixed


def test_alike_bets_keep_the_seats_out_and_prefer_every_seat_seen_as_now() -> None:
    from fractions import Fraction

    import numpy as np

    from bragrules.solver.strategy import Entry
    from bragrules.solver.translate import AfterBets

    def entry(player: int, *actions: str) -> Entry:
        return Entry(player, False, list(actions), np.ones((len(actions), 1)) / len(actions))

    decisions = {
        (): entry(0, "A bet 1", "A fold"),
        ("A bet 1",): entry(1, "B bet 1", "B fold"),
        ("A bet 1", "B bet 1"): entry(2, "C bet 2", "C fold"),
        ("A bet 1", "B fold"): entry(2, "C bet 1", "C fold"),
        ("A bet 1", "B fold", "C bet 1"): entry(0, "A see", "A fold"),
        ("A bet 1", "B bet 1", "C bet 2"): entry(0, "A see", "A fold"),
        ("A fold",): entry(1, "B bet 1", "B fold"),
        ("A fold", "B bet 1"): entry(2, "C see", "C fold"),
    }
    after = AfterBets(Strategy(decisions, {"seats": 3, "cards": [1, 2, 3]}))
    assert after.folded(("A bet 1", "B fold")) == frozenset({"B"})
    seen = (True, True, True)
    # C bets with B out: only C's bet after B folded is alike, though a bet of 2 is nearer in size
    assert after.find("C", seen, Fraction(2), Fraction(4), Fraction(3), frozenset({"B"})) == ("A bet 1", "B fold", "C bet 1")
    assert after.find("C", seen, Fraction(2), Fraction(4), Fraction(3)) == ("A bet 1", "B bet 1", "C bet 2")
    assert after.find("C", seen, Fraction(2), Fraction(4), Fraction(3), frozenset({"A"})) is None  # no such bet


def test_solve_seats_writes_the_strategy_the_bot_finds_and_compares_a_house_rule(
        tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    from .helpers import run_cli

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRAGRULES_STRATEGY", raising=False)
    monkeypatch.setattr("bragrules.solver.bot._LOADED", {})
    base = "extends: standard\npack: {stripped_ranks: ['2','3','4','5','6','7','8','9']}\n" \
           "stakes: {opening_max: 1}\ntable: {min_players: 2, max_players: 6}\n"
    (tmp_path / "short.yaml").write_text("name: short\n" + base, encoding="utf-8")
    (tmp_path / "open.yaml").write_text("name: no-blind\n" + base + "blind: {allowed: false}\n", encoding="utf-8")
    options = ["--seats", "3", "--max-raises", "1", "--levels", "1", "--max-bets", "2", "-n", "2000", "--seed", "4"]
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), "-p",
                             str(tmp_path / "open.yaml"), *options, "--value")
    assert code == 0, err
    assert "short at 3 seats: external-sampling MCCFR, 2000 iterations (seed 4)" in out
    assert "a seen hand known by its equity bucket, 8 of them" in out
    assert "seat 1 (first to act): " in out and "no-blind against short: the first to act gains " in out
    from bragrules.profile import load_profile

    assert stands_in(load_profile(str(tmp_path / "short.yaml")), 3) is None
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), *options, "--json")
    row = json.loads(out)
    assert code == 0 and row["seats"] == 3 and len(row["seat_values"]) == 3 and row["abstraction"]["equity_buckets"] == 8
    assert len(row["best_response_gains"]) == 3 and row["nashconv_of_sample"] == pytest.approx(sum(row["best_response_gains"]))
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), "--seats", "5")
    assert code == 2 and "\n" == err[-1] and err.count("\n") <= 3, err
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), *options,
                             "--cluster", "tcp://127.0.0.1:1")
    assert code == 2 and err.count("\n") == 1 and "--cluster runs the solve's shards: give --shards N" in err, err
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), "--shards", "2")
    assert code == 2 and err.count("\n") == 1 and "heads-up solves exactly here" in err, err
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), *options,
                             "--shards", "2", "--json")
    assert code == 0 and json.loads(out)["shards"] == 2, err
    told = [o if o != "2000" else "1000" for o in options]  # the heads-up cap's number, given: 1000 it is
    code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), *told, "--json")
    assert code == 0 and json.loads(out)["iterations"] == 1000, err
    for heads_up_only in (["--target", "0.1"], ["--every", "5"], ["--memory", "1"], ["--plot", "x.png"]):
        code, out, err = run_cli(capsys, monkeypatch, "solve", "-p", str(tmp_path / "short.yaml"), *options,
                                 *heads_up_only)
        assert code == 2 and err.count("\n") == 1 and f"{heads_up_only[0]}: heads-up only" in err, err


def test_a_solve_split_into_shards_is_the_same_here_and_on_a_cluster(rules: Rules) -> None:
    distributed = pytest.importorskip("distributed")
    from bragrules.analysis.cluster import connect
    from bragrules.solver.sharded import dask_runner

    options: Dict[str, Any] = dict(seats=3, iterations=1300, max_raises=1, levels=1, max_bets=2, seed=9, shards=3)
    here = solve_multiway(rules, **options)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as local:
        client = connect(local.scheduler_address)
        try:
            there = solve_multiway(rules, runner=dask_runner(client), **options)
        finally:
            client.close()
    assert here.solver.iterations == there.solver.iterations == 1300
    assert all(np.array_equal(e.probabilities, there.strategy.decisions[h].probabilities)
               for h, e in here.strategy.decisions.items())
    assert here.solver.regrets == there.solver.regrets
    other = solve_multiway(rules, **{**options, "seed": 10})
    assert other.solver.regrets != here.solver.regrets


def test_a_fold_forced_by_the_tree_s_cap_is_not_the_strategy_s_choice(rules: Rules) -> None:
    # at four seats the tree ends a war with three or more in by a forced fold after twice its bets; the real
    # game lets the bot bet on, and a bot whose strategy looks at once and bets every seen hand bets on
    four = solve_multiway(rules, seats=4, iterations=300, max_raises=1, levels=1, max_bets=2, seed=1, war_cap="fold")
    strategy = four.strategy
    for entry in strategy.decisions.values():
        kinds = [text.split()[1] for text in entry.actions]
        chosen = "look" if entry.blind else "bet"
        if chosen in kinds:
            entry.probabilities[:] = 0.0
            entry.probabilities[kinds.index(chosen)] = 1.0
    names = ("A", "B", "C", "D")
    pack = sorted(rules.ranking.ranker.cards)
    deal = Deal(rules, list(names), {n: tuple(CARDS[c] for c in pack[3 * i:3 * i + 3]) for i, n in enumerate(names)})
    bots = {n: SolvedBot(random.Random(7), n, strategy) for n in names}
    capped = False
    while not deal.is_over and deal.in_play_count > 2 and not capped:
        player = deal.to_act
        assert player is not None
        view = deal.view(player)
        reading = bots[player].read(strategy, view)
        assert reading is not None
        capped = not reading.entry.blind and {t.split()[1] for t in reading.entry.actions} == {"fold"}
        action = bots[player].choose(view)
        assert bots[player].explain().startswith("plays the solved strategy"), bots[player].explain()
        assert action.kind == ("bet" if capped or view.hand is not None else "look"), (deal.actions, action)
        deal.apply(action)
    assert capped and deal.in_play_count == 4  # the war reached the tree's cap with all four in, and no one folded
