"""``bragrules solve --seats 3`` (or 4): a multiway strategy by Monte Carlo CFR, and each seat's value."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import typer

from bragrules.core.i18n import ntr, tr

from .common import EXIT_BAD_INPUT, error, profile_or_exit, write

ITERATIONS = 20_000
"""The iterations (deals sampled) of a multiway solve unless told: some 10 CPU seconds at three seats on a
short pack, the positive regret per iteration near 0.2 of the ante."""

VALUE_DEALS = 2_000
"""The deals each seat's value is measured on (with the average strategy), for its 95% interval."""


def save_strategy(strategy: Any, path: Path) -> None:
    """Write a solved strategy to ``path`` (its folder made), or say why it cannot be written and exit with
    status 2: ``--output`` of both solves."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        strategy.save(str(path))
    except OSError as exc:
        error("error: " + tr("--output {path}: cannot write it ({reason})", path=path, reason=exc.strerror or exc))
        raise typer.Exit(EXIT_BAD_INPUT) from None


def solve_multiway_one(name: str, seats: int, iterations: int, tree_options: Tuple[int, int, Optional[int]],
                       carry_share: float, sampling: Tuple[int, int, int, Any], output: Optional[Path], value: bool,
                       as_json: bool, war_cap: str = "showdown") -> Dict[str, Any]:
    """Solve ``name`` at ``seats``, write the strategy (``output`` or the cache the solved bot reads), and
    print what was found: a JSON object, or lines of text (each seat's value with ``value``). ``sampling``:
    the buckets, the seed, the shards and a cluster's client (or None); ``war_cap``: how the tree ends a war
    of three or more at its cap (:mod:`bragrules.solver.pool`)."""
    from bragrules.analysis.cluster import ClusterError
    from bragrules.rules.compile import compile_rules
    from bragrules.solver import Unsupported
    from bragrules.solver.bot import strategy_path
    from bragrules.solver.mccfr import solve_multiway
    from bragrules.solver.strategy import game_hash

    loaded = profile_or_exit(name)
    rules = compile_rules(loaded)
    max_raises, levels, max_bets = tree_options
    buckets, seed, shards, client = sampling
    runner = None
    if client is not None:
        from bragrules.solver.sharded import dask_runner

        runner = dask_runner(client)
    try:
        result = solve_multiway(rules, seats=seats, iterations=iterations, max_raises=max_raises, levels=levels,
                                max_bets=max_bets, carry_share=carry_share, buckets=buckets, seed=seed,
                                shards=shards, runner=runner, war_cap=war_cap)
    except (Unsupported, ValueError, ClusterError) as exc:
        error(f"error: {loaded.name}: {exc}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    path = output if output is not None else Path(strategy_path(game_hash(loaded), seats))
    save_strategy(result.strategy, path)
    tree = result.solver.tree
    values = result.solver.values(VALUE_DEALS, seed)
    gains = result.solver.gains(VALUE_DEALS, seed)
    row: Dict[str, Any] = {
        "profile": loaded.name, "seats": seats, "method": "external-sampling MCCFR", "seed": seed, "shards": shards,
        "iterations": iterations, "decisions": len(tree.decisions),
        "abstraction": {"max_raises": tree.max_raises, "levels": tree.levels, "max_bets": tree.max_bets,
                        "equity_buckets": buckets, "war_cap": tree.war_cap},
        "regret_per_iteration": result.regret[-1][1],
        "best_response_gains": gains, "nashconv_of_sample": sum(gains),
        "values": [v.value for v in values],
        "seat_values": [{"seat": v.seat + 1, "value": v.value, "low": v.low, "high": v.high, "deals": v.deals}
                        for v in values],
        "seconds": result.seconds, "cpu_seconds": result.cpu_seconds, "strategy": str(path),
        "notes": result.strategy.meta["notes"],
    }
    if as_json:
        write(json.dumps(row, ensure_ascii=False) + "\n")
        return row
    write(tr("{profile} at {seats} seats: external-sampling MCCFR, {iterations} iterations (seed {seed}) over "
             "{decisions} decisions (raises at most {raises}, {amounts}, {bets} bets in all; a seen hand known by its "
             "equity bucket, {buckets} of them); positive regret per iteration {regret}; {seconds} s ({cpu} CPU s)",
             profile=loaded.name, seats=seats, iterations=iterations, seed=seed, decisions=len(tree.decisions),
             raises=tree.max_raises, amounts=ntr("{n} bet amount", "{n} bet amounts", tree.levels), bets=tree.max_bets,
             buckets=buckets, regret=f"{row['regret_per_iteration']:.4f}", seconds=f"{result.seconds:.1f}",
             cpu=f"{result.cpu_seconds:.1f}") + "\n")
    write("  " + tr("each seat's gain by best-responding alone ({deals} deals, the abstract game): {gains}; NashConv "
                    "of the sample {nash_conv}", deals=VALUE_DEALS, gains=", ".join(f"{g:.4f}" for g in gains),
                    nash_conv=f"{sum(gains):.4f}") + "\n")
    if value:
        for v in values:
            seat = tr("seat {seat} (first to act)", seat=1) if v.seat == 0 else tr("seat {seat}", seat=v.seat + 1)
            write("  " + tr("{seat}: {value} per deal (95%: {low} to {high}, over {deals} deals, every seat on the "
                            "strategy)", seat=seat, value=f"{v.value:+.4f}", low=f"{v.low:+.4f}", high=f"{v.high:+.4f}",
                            deals=v.deals) + "\n")
    write(tr("strategy written to {path}", path=path) + "\n")
    return row


def compared(first: Dict[str, Any], row: Dict[str, Any]) -> str:
    """What the second profile changes for the first to act, with the interval of the difference.

    >>> a = {"profile": "a", "seat_values": [{"value": -0.2, "low": -0.3, "high": -0.1}]}
    >>> b = {"profile": "b", "seat_values": [{"value": 0.1, "low": 0.0, "high": 0.2}]}
    >>> compared(a, b)
    'b against a: the first to act gains +0.3000 per deal under good play (between +0.1000 and +0.5000: resolved)'
    """
    a, b = first["seat_values"][0], row["seat_values"][0]
    low, high = b["low"] - a["high"], b["high"] - a["low"]
    settled = tr("resolved") if low > 0 or high < 0 else tr("not resolved: more iterations or deals")
    return tr("{profile} against {other}: the first to act gains {change} per deal under good play (between {low} and "
              "{high}: {settled})", profile=row["profile"], other=first["profile"],
              change=f"{b['value'] - a['value']:+.4f}", low=f"{low:+.4f}", high=f"{high:+.4f}", settled=settled)
