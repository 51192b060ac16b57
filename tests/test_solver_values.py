"""The solver's values with honest bounds: each bound a best response counted hand by hand, the
interval [s - BR2, BR1] holding the profile's value, a raked game general-sum with the house's
value; what one deal values by a fixed share; the progress line's elapsed time and time left."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any, List

import pytest

np = pytest.importorskip("numpy")

from bragrules.solver import Progress, solve, solver_for  # noqa: E402
from bragrules.solver.cfr import CFR  # noqa: E402
from bragrules.solver.tree import Decision, Leaf, Node, Showdown  # noqa: E402
from bragrules.solver.valuation import valuation  # noqa: E402

from .helpers import run_cli  # noqa: E402
from .test_solver import SHORT_YAML, _value_by_pairs, short  # noqa: E402

# ---------------------------------------------------------------------------
# a best response counted hand by hand
# ---------------------------------------------------------------------------


def _best_response_by_pairs(cfr: CFR, seat: int, reads_blind_cards: bool = False) -> float:
    """``seat``'s best-response value against the other's average strategy, by backward induction
    over its information sets, every pair of disjoint hands counted one by one (no sums by inclusion
    and exclusion, no vectors of reach). At a blind decision the best response picks one action for
    all its hands (it has not seen them), unless ``reads_blind_cards``: a wrong best response, to
    show the count tells the two apart."""
    space = cfr.space
    n = space.n_hands
    avg = {d.id: cfr.average(d) for d in cfr.tree.decisions}
    others = [[o for o in range(n) if not set(space.hands[h]) & set(space.hands[o])] for h in range(n)]
    strength = [int(x) for x in space.strength]

    def leaf(node: Node, reach: List[float]) -> List[float]:
        if isinstance(node, Leaf):
            pay = node.payoff[seat]
            return [pay * sum(reach[o] for o in others[h]) for h in range(n)]
        assert isinstance(node, Showdown)
        out = []
        for h in range(n):
            total = 0.0
            for o in others[h]:
                if reach[o]:
                    a, b = (strength[h], strength[o]) if seat == 0 else (strength[o], strength[h])
                    total += reach[o] * (node.win if a > b else node.lose if a < b else node.tie)[seat]
            out.append(total)
        return out

    def walk(node: Node, reach: List[float]) -> List[float]:
        if not isinstance(node, Decision):
            return leaf(node, reach)
        if node.player != seat:
            total = [0.0] * n
            for k, act in enumerate(node.actions):
                row = avg[node.id][k]
                child = walk(act.child, [reach[o] * float(row[0 if node.blind else o]) for o in range(n)])
                total = [x + y for x, y in zip(total, child)]
            return total
        children = [walk(act.child, reach) for act in node.actions]
        if node.blind and not reads_blind_cards:
            return max(children, key=sum)
        return [max(c[h] for c in children) for h in range(n)]

    return sum(walk(cfr.tree.root, [1.0] * n)) / (n * space.pairs_of_opponents())


@pytest.mark.heavy
def test_each_bound_is_a_best_response_counted_hand_by_hand_and_the_interval_holds_the_value() -> None:
    cfr = solver_for(short("standard", "QKA"), max_raises=1, levels=2)
    for _ in range(4):  # far from equilibrium: a wide interval
        cfr.iterate()
    values, best, exploitability = cfr.evaluate()
    valued = valuation(values, best, cfr.tree.payoff_sum, cfr.tree.takes)
    assert valued.kind == "zero-sum"
    counted = [_best_response_by_pairs(cfr, seat) for seat in (0, 1)]
    assert best == pytest.approx(counted, abs=1e-9)
    first, dealer = valued.seats
    assert (first.low, first.high) == pytest.approx((-counted[1], counted[0]), abs=1e-9)  # [-BR2, BR1]
    assert (dealer.low, dealer.high) == pytest.approx((-counted[0], counted[1]), abs=1e-9)  # [-BR1, BR2]
    for seat in (first, dealer):  # the value of the profile, counted pair by pair, lies inside
        by_pairs = _value_by_pairs(cfr, seat.seat)
        assert seat.value == pytest.approx(by_pairs, abs=1e-9)
        assert seat.low - 1e-9 <= by_pairs <= seat.high + 1e-9
        assert seat.high - seat.low == pytest.approx(valued.nash_conv, abs=1e-9)
    assert first.high - first.low > 0.01, "the test needs a profile far from equilibrium"
    # a best response that read its cards while blind would get more: the count tells them apart
    assert _best_response_by_pairs(cfr, 0, reads_blind_cards=True) > counted[0] + 1e-3
    # the exploitability is the mean of the gains: one seat alone gains more than it, never more than their sum
    gains = [b - v for b, v in zip(best, values)]
    assert exploitability == pytest.approx(sum(gains) / 2, abs=1e-12)
    assert max(gains) > exploitability
    assert max(gains) <= valued.nash_conv + 1e-12


def _house_by_pairs(cfr: CFR) -> float:
    """What leaves the two seats per deal on the average strategies, counted pair by pair."""
    return -(_value_by_pairs(cfr, 0) + _value_by_pairs(cfr, 1))


@pytest.mark.heavy
def test_a_raked_game_is_general_sum_with_the_house_s_value() -> None:
    rules = short("standard", "QKA", house={"rake": "1/20"})
    result = solve(rules, iterations=6, max_raises=1, levels=1)
    valued = result.valuation
    assert valued.kind == "general-sum" and result.tree.payoff_sum is None
    assert all(s.low is None and s.high is None for s in valued.seats)  # no single value: no interval
    assert [str(t) for t in valued.takes] == ["the house rakes 1/20 of each pot won (house.rake)"]
    assert result.valuation.to_json()["house_takes"] == ["the house rakes 1/20 of each pot won (house.rake)"]
    cfr = solver_for(rules, max_raises=1, levels=1)
    for _ in range(6):
        cfr.iterate()
    assert valued.house == pytest.approx(_house_by_pairs(cfr), abs=1e-9)
    assert valued.house > 0.05
    assert [s.gain for s in valued.seats] == pytest.approx(
        [_best_response_by_pairs(cfr, s) - _value_by_pairs(cfr, s) for s in (0, 1)], abs=1e-9)


def test_a_table_fee_is_taken_at_every_ending_and_the_bounds_hold_with_it() -> None:
    rules = short("standard", "QKA", house={"table_fee": "1/10"})
    result = solve(rules, iterations=6, max_raises=1, levels=1)
    valued = result.valuation
    plain = solve(short("standard", "QKA"), iterations=6, max_raises=1, levels=1)
    assert valued.kind == "constant-sum" and valued.payoff_sum == pytest.approx(-0.2)
    assert [s.value for s in valued.seats] == pytest.approx([v - 0.1 for v in plain.values], abs=1e-9)
    assert valued.house == pytest.approx(0.2, abs=1e-9)
    for seat in valued.seats:
        assert seat.low is not None and seat.high is not None and seat.low <= seat.value <= seat.high
    assert valued.seats[0].low == pytest.approx(-0.2 - valued.seats[1].best_response)


# ---------------------------------------------------------------------------
# what one deal values by a fixed share
# ---------------------------------------------------------------------------


def test_carried_pots_and_retained_hands_are_counted_and_stated() -> None:
    carrying = solve(short("traditional", "QKA"), iterations=4, max_raises=1, levels=1)
    tree = carrying.tree
    assert tree.carried > 0 and tree.retained > 0  # traditional: a blind survivor carries the pot, keeps the hand
    shares = tree.fixed_shares()
    assert shares["carried_pot"] == {"endings": tree.carried, "share_each": 0.5}
    assert shares["retained_hand"]["endings"] == tree.retained
    notes = tree.share_notes()
    assert any("valued at a fixed share, 0.5 of it to each seat, not by solving the next deal" in n for n in notes)
    assert any("retained: it is valued at nothing" in n for n in notes)
    zero = solve(short("traditional", "QKA"), iterations=4, max_raises=1, levels=1, carry_share=0.0)
    assert zero.valuation.kind == "general-sum" and zero.valuation.carry_lost
    plain = solve(short("standard", "QKA"), iterations=4, max_raises=1, levels=1)
    assert plain.tree.share_notes() == [] and plain.tree.carried == plain.tree.retained == 0


# ---------------------------------------------------------------------------
# bragrules solve: the values, the interval and the stop at the target
# ---------------------------------------------------------------------------


def test_solve_json_and_text_say_each_seat_s_interval_and_which_bound_is_which(
        capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    profile = tmp_path / "short.yaml"
    profile.write_text(SHORT_YAML, encoding="utf-8")
    out = tmp_path / "short.npz"
    code, stdout, stderr = run_cli(capsys, monkeypatch, "solve", "-p", str(profile), "-n", "40", "--max-raises", "1",
                                   "--levels", "1", "--json", "--target", "0", "--output", str(out))
    assert code == 0, stderr
    row = json.loads(stdout)
    assert row["game"] == "zero-sum" and row["iterations"] == 40 and not row["reached"]
    first, dealer = row["seats"]
    assert first["role"] == "first to act" and dealer["role"] == "dealer"
    assert first["low"] == pytest.approx(-row["best_response"][1]) and first["high"] == row["best_response"][0]
    assert first["low"] <= first["value"] <= first["high"]
    assert "guarantees" in first["low_is"] and "best response" in first["high_is"]
    assert row["nash_conv"] == pytest.approx(2 * row["exploitability"])
    assert row["cpu_seconds"] > 0 and row["fixed_shares"]["carried_pot"]["share_each"] == 0.5
    from bragrules.solver.hands import compiled_available
    assert row["sums"] == ("compiled kernel" if compiled_available() else "numpy")
    raked = tmp_path / "raked.yaml"
    raked.write_text(SHORT_YAML.replace("name: short", "name: raked") + "house: {rake: 1/20}\n", encoding="utf-8")
    code, stdout, stderr = run_cli(capsys, monkeypatch, "solve", "-p", str(raked), "-n", "20", "--max-raises", "1",
                                   "--levels", "1", "--value", "--output", str(tmp_path / "raked.npz"))
    assert code == 0, stderr
    assert "a general-sum game: the house rakes 1/20 of each pot won (house.rake)" in stdout
    assert "the house: +" in stdout and "between" not in stdout
    code, stdout, stderr = run_cli(capsys, monkeypatch, "solve", "-p", str(profile), "-n", "200", "--max-raises",
                                   "1", "--levels", "1", "--value", "--output", str(out))
    assert code == 0, stderr
    assert "at most the target, 0.01 (1% of the ante)" in stdout  # the default target, well before the cap
    assert "seat 1 (first to act):" in stdout and "(what its own strategy guarantees)" in stdout
    assert "(its best response to the other's strategy)" in stdout and "the NashConv" in stdout
    assert "of at most 200: exploitability" in stderr and "elapsed" in stderr


def test_solve_stops_at_one_percent_of_the_ante_by_default(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    profile = tmp_path / "big-ante.yaml"
    profile.write_text(SHORT_YAML.replace("stakes: {opening_max: 1}", "stakes: {ante: 4, opening_max: 4}"),
                       encoding="utf-8")
    code, stdout, stderr = run_cli(capsys, monkeypatch, "solve", "-p", str(profile), "--max-raises", "1", "--levels",
                                   "1", "--every", "1", "--json", "--output", str(tmp_path / "s.npz"))
    assert code == 0, stderr
    row = json.loads(stdout)
    assert row["target"] == pytest.approx(0.04) and row["reached"]
    assert row["exploitability"] <= 0.04 < row["history"][-2]["exploitability"]  # it stopped at the first below
    assert row["iterations"] < 1000


# ---------------------------------------------------------------------------
# the progress line: the unit, the elapsed time, an honest time left from iteration 1
# ---------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _watch(monkeypatch: Any, target: float) -> Any:
    from bragrules_cli import progress, solve_cmd

    monkeypatch.setattr(progress, "REDRAW_EVERY", 0.0)
    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    watch = solve_cmd._Watch("standard", 1.0, 1000, target, quiet=False)
    assert watch.line is not None
    return watch, screen


def test_the_progress_line_says_the_unit_the_elapsed_time_and_the_time_left_to_the_target(monkeypatch: Any) -> None:
    watch, screen = _watch(monkeypatch, 0.01)
    watch.iterated(1, 2.0)  # iteration 1, 2 s: nothing measured yet, so at most the cap's 999 iterations
    drawn = screen.getvalue()
    assert "1 of 1,000 iterations" in drawn and "0:00:02 elapsed" in drawn and "at most 0:33:18 left" in drawn
    watch.measured(Progress(10, 20.0, 0.02, (0.0, 0.0)))  # 2% at 10: about 20 iterations in all at 1/t
    assert "about 0:00:20 left" in screen.getvalue()
    watch.measured(Progress(20, 40.0, 0.005, (0.0, 0.0)))  # below the target
    assert "about 0:00:00 left" in screen.getvalue()
    watch.close()


def test_without_a_target_the_time_left_is_the_cap_s(monkeypatch: Any) -> None:
    watch, screen = _watch(monkeypatch, 0.0)
    watch.measured(Progress(10, 20.0, 0.02, (0.0, 0.0)))
    assert "about 0:33:00 left" in screen.getvalue()  # 990 iterations at 2 s
    watch.close()

