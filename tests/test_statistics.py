"""Intervals that cover what they claim, paired differences, --precision, and the intervals in the output."""

from __future__ import annotations

import json
import math
import os
import random
from fractions import Fraction
from typing import List

import pytest

from bragrules.analysis.measures import block_columns, intervals, precision_rule
from bragrules.analysis.stats import paired_difference, ratio_interval, wilson
from bragrules.play.simulate import BLOCK_DEALS, simulate

from .helpers import rules_for, run_cli

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
PAIR = Fraction(3744, 22100)
"""The share of three-card hands dealt from a full pack that are a pair (prials apart)."""


def _exact_wilson_coverage(n: int, p: float) -> float:
    """The probability that wilson(K, n) holds p, K binomial(n, p): Wilson's own coverage at this n."""
    return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1) if wilson(k, n).contains(p))


def test_the_pair_interval_covers_the_exact_rate_in_about_95_percent_of_seeded_runs() -> None:
    """Many cheap seeded simulations: the 95% interval of the first player's dealt pair holds 3,744/22,100.

    The rate counts one hand a deal (the first player's), and the standard
    profile shuffles before every deal, so the deals of a run are
    independent trials of exactly that rate. Wilson's true coverage at
    this ``n`` is computed exactly; the hits over the runs are binomial
    around it, and the test allows four standard deviations (a false
    failure about once in 16,000 seed sets; the seeds are fixed, so the
    outcome is too).
    """
    runs, hands = (2000, 50) if THOROUGH else (120, 40)
    hits = 0
    rules = rules_for("standard")
    for seed in range(runs):
        report = simulate(rules, players=3, hands=hands, seed=seed, styles=["cautious"])
        found = intervals(report)["first_hand_pair"]
        assert sum(report.tally.first_dealt.values()) == hands  # one hand a deal
        hits += found.contains(float(PAIR))
    coverage = _exact_wilson_coverage(hands, float(PAIR))
    assert 0.93 <= coverage <= 0.97  # Wilson keeps close to 95% even at this n
    spread = math.sqrt(runs * coverage * (1 - coverage))
    assert abs(hits - runs * coverage) <= 4 * spread, (hits, runs, coverage)


def test_batch_means_cover_a_mean_of_dependent_values() -> None:
    """Values that depend on the one before (as deals of a session do), cut into independent blocks:
    the batch-means interval holds the true mean (0) in about 95% of runs; intervals that assumed
    independence would cover far less."""
    rng = random.Random(7)
    runs, blocks, per_block = 400, 12, 40
    hits = naive_hits = 0
    for _ in range(runs):
        sums: List[float] = []
        values: List[float] = []
        for _ in range(blocks):
            x, total = rng.gauss(0, 1), 0.0
            for _ in range(per_block):
                x = 0.8 * x + rng.gauss(0, 1)
                total += x
                values.append(x)
            sums.append(total)
        found = ratio_interval(sums, [float(per_block)] * blocks)
        hits += found.contains(0.0)
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        naive_hits += abs(mean) <= 1.96 * sd / math.sqrt(len(values))
    assert abs(hits / runs - 0.95) <= 4 * math.sqrt(0.95 * 0.05 / runs)
    assert naive_hits / runs < 0.8  # the dependence is real: ignoring it would mislead


def test_intervals_are_the_reports_own_figures() -> None:
    report = simulate("traditional", players=4, hands=3 * BLOCK_DEALS + 17, seed=9)
    found = intervals(report)
    t = report.tally
    assert found["showdown"].estimate == t.showdowns / t.deals
    assert found["average_pot"].estimate == pytest.approx(float(report.average_pot))
    for style in report.styles():
        assert found[f"net_per_deal:{style.style}"].estimate == pytest.approx(float(style.net_per_deal))
        assert found[f"win_rate:{style.style}"].estimate == pytest.approx(style.won / style.deals)
    columns = block_columns(report)
    assert columns["deals"] == [250.0, 250.0, 250.0, 17.0]
    for interval in found.values():
        assert interval.low <= interval.estimate <= interval.high
        assert interval.half_width < math.inf  # four blocks: every mean has an interval


def test_one_block_gives_a_mean_no_interval_but_a_rate_one() -> None:
    report = simulate("standard", players=4, hands=40, seed=1)
    found = intervals(report)
    assert found["average_pot"].half_width == math.inf
    assert 0 < found["showdown"].half_width < 0.5


def test_one_block_in_json_has_no_interval_for_a_mean_written_as_null(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "40", "--seed", "1", "--json")
    assert code == 0, err
    assert "Infinity" not in out and "NaN" not in out  # JSON has neither
    pot = json.loads(out)["intervals"]["measures"]["average_pot"]
    assert pot["low"] is None and pot["high"] is None and pot["estimate"] > 0


def test_a_profile_against_itself_differs_by_exactly_nothing() -> None:
    one = simulate("house", players=3, hands=BLOCK_DEALS + 20, seed=4)
    two = simulate("house", players=3, hands=BLOCK_DEALS + 20, seed=4)
    a, b = block_columns(one), block_columns(two)
    for top, bottom in (("showdown", "deals"), ("blind_net", "blind_to_end"), ("pot_total", "deals")):
        found = paired_difference(a[top], a[bottom], b[top], b[bottom])
        assert (found.estimate, found.half_width, found.distinguishable) == (0.0, 0.0, False)


def test_pairing_cancels_the_shared_luck() -> None:
    """The same seeds under two profiles: the paired interval of the difference is narrower than
    the two profiles' own intervals combined as if independent."""
    first = simulate("traditional", players=3, hands=3 * BLOCK_DEALS, seed=2)
    other = simulate("house", players=3, hands=3 * BLOCK_DEALS, seed=2)
    a, b = block_columns(first), block_columns(other)
    paired = paired_difference(a["blind_net"], a["blind_to_end"], b["blind_net"], b["blind_to_end"])
    alone = [ratio_interval(c["blind_net"], c["blind_to_end"]).half_width for c in (a, b)]
    assert paired.half_width < math.sqrt(alone[0] ** 2 + alone[1] ** 2)


def test_precision_plays_on_until_the_named_interval_is_narrow_enough() -> None:
    target = 0.04
    cheap = {"players": 3, "seed": 5, "styles": ["cautious", "loose"]}
    report = simulate("standard", hands=100, until=precision_rule(target, ["showdown"]), max_hands=20 * BLOCK_DEALS,
                      **cheap)  # type: ignore[arg-type]
    assert report.deals % BLOCK_DEALS == 0 and BLOCK_DEALS < report.deals < 20 * BLOCK_DEALS
    assert intervals(report)["showdown"].half_width <= target
    # the same as one run of that many deals: blocks are seeded by their number
    assert report.to_json() == simulate("standard", hands=report.deals, **cheap).to_json()  # type: ignore[arg-type]
    # a target out of reach stops at the cap
    capped = simulate("standard", hands=100, until=precision_rule(0.0001), max_hands=500,
                      **cheap)  # type: ignore[arg-type]
    assert capped.deals == 500


def test_simulate_json_carries_the_intervals(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--profile", "standard", "--hands", "600",
                             "--seed", "3", "--json", "--players", "3", "--styles", "cautious,loose")
    assert code == 0, err
    data = json.loads(out)
    assert {"outcomes", "pots", "styles", "blind", "money"} <= set(data)  # the old keys stay
    found = data["intervals"]
    assert found["confidence"] == 0.95 and found["blocks"] == 3 and "Wilson" in found["method"]
    showdown = found["measures"]["showdown"]
    assert showdown["estimate"] == round(data["outcomes"]["showdown"] / 600, 6)
    assert showdown["low"] <= showdown["estimate"] <= showdown["high"]
    assert set(found["measures"]) >= {"net_per_deal:cautious", "win_rate:loose", "average_pot", "first_hand_pair"}


def test_simulate_text_states_the_method_and_the_precision(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "100", "--seed", "1", "--players", "3",
                             "--styles", "cautious", "--precision", "0.2", "--precision-for", "showdown",
                             "--max-hands", "2000")
    assert code == 0, err
    assert "95% intervals" in out and "batch means" in out and "Wilson" in out
    assert "precision: every interval asked for is within ± 0.2 after 250 deals" in out


@pytest.mark.parametrize("args,words", [
    (["--precision", "0"], "positive"),
    (["--precision", "-1"], "positive"),
    (["--precision", "0.1", "--precision-for", "nonsense"], "no measure called 'nonsense'"),
    (["--precision-for", "showdown"], "needs --precision"),
    (["--plot", "out.pdf"], ".png or .svg"),
    (["--cluster", "tcp://127.0.0.1:1", "--workers", "2"], "one or the other"),
])
def test_bad_statistics_options_are_one_line(capsys, monkeypatch, args: List[str], words: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "10", *args)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_diff_of_a_profile_with_itself_reports_no_distinguishable_difference(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", "standard", "--impact", "260", "--json")
    assert code == 0, err
    rows = json.loads(out)["impact"]
    versus = rows[1]["versus_first"]
    assert versus and all(not d["distinguishable"] and d["estimate"] == 0 for d in versus.values())
    from bragrules.analysis.impact import impact_sentences

    assert impact_sentences(rows) == ["standard (2) against standard: no difference distinguishable from noise "
                                      "at 260 deals each"]


def test_diff_impact_marks_a_real_difference_in_players_words(capsys, monkeypatch) -> None:
    """casual's ante of 5 against standard's 1: a blind player's net moves by several units a hand."""
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", "casual", "--impact", "500")
    assert code == 1, err
    assert "casual gains a blind player about" in out and "a hand, ±" in out
    assert "not distinguishable from noise at 500 deals" in out and "paired batch means" in out
    assert "(* not noise)" in out


def test_impact_sentences_speak_of_costs_shares_and_means() -> None:
    from bragrules.analysis.impact import impact_sentences

    def found(estimate: float, half: float) -> dict:
        return {"estimate": estimate, "low": estimate - half, "high": estimate + half, "plus_minus": half,
                "distinguishable": abs(estimate) > half}

    rows = [{"profile": "traditional", "hands": 20000},
            {"profile": "house", "hands": 20000, "versus_first": {
                "blind_net": found(-0.61, 0.2), "showdown": found(0.031, 0.01), "average_pot": found(1.5, 3.0)}}]
    assert impact_sentences(rows) == [
        "house costs a blind player about 0.61 a hand, ± 0.2 (against traditional)",
        "pots won at a see or showdown: 3.1 points more under house than traditional, ± 1",
        "not distinguishable from noise at 20,000 deals: average pot",
    ]


def test_diff_precision_plays_both_profiles_further(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", "casual", "--impact", "250", "--json",
                             "--precision", "3", "--precision-for", "blind_net", "--max-hands", "500",
                             "--players", "3")
    assert code == 1, err
    rows = json.loads(out)["impact"]
    # one block first (no interval for a mean), so more deals, up to the cap
    assert rows[0]["hands"] == rows[1]["hands"] == 500
    assert rows[1]["versus_first"]["blind_net"]["plus_minus"] is not None


def test_diff_statistics_options_need_impact(capsys, monkeypatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", "house", "--precision", "0.1")
    assert code == 2 and "--precision needs --impact N" in err
