"""A multiway solve split into shards, run in this process or on the Dask cluster, with the same result.

:func:`~bragrules.solver.mccfr.solve_multiway` with ``shards`` greater than 1 runs its
iterations in rounds: in each round every shard starts from the same regrets and averages
(a snapshot), runs :data:`ROUND_ITERATIONS` iterations of external sampling with its own
seed (the solve's seed, the round and the shard's number alone), and hands back what it
added; the additions are summed into the snapshot in shard order. So where a shard runs
does not matter: run one after another here (:func:`local_runner`) or on a cluster's
workers (:func:`dask_runner`, ``pip install 'bragrules[cluster]'``), the strategy is the
same, bit for bit. (It is not the strategy of the one-shard solve, whose iterations each
see the last one's regrets; shards that start from one snapshot are the parallel form.)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Sequence, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.solver.mccfr import MultiwayCFR

__all__ = ["ROUND_ITERATIONS", "Runner", "Table", "dask_runner", "local_runner", "run_shard", "solve_sharded"]

ROUND_ITERATIONS = 500
"""Iterations each shard runs from one snapshot before the shards' work is summed."""

Table = Dict[int, List[List[float]]]
"""Regrets (or strategy sums) by decision id: a list per column, a number per action."""

Options = Tuple[int, int, int, float, int, str]
"""The tree's caps and the hands' buckets: max_raises, levels, max_bets, carry_share, buckets, war_cap."""

ShardArgs = Tuple[str, int, Options, Table, Table, str, int]
Runner = Callable[[Sequence[ShardArgs]], List[Tuple[Table, Table]]]
"""Runs :func:`run_shard` on each argument tuple and gives the results in the same order."""

_GAMES: Dict[Tuple[str, int, Options], Tuple[Any, Any]] = {}


def _solver(profile_json: str, seats: int, options: Options) -> "MultiwayCFR":
    """A fresh solver of this game (its tree and hands built once per process, a worker's too; the solver
    itself never shared, as a cluster's workers may be threads of one process)."""
    from bragrules.solver.mccfr import MultiwayCFR

    key = (profile_json, seats, options)
    found = _GAMES.get(key)
    if found is None:
        from bragrules.profile.models import Profile
        from bragrules.rules.compile import compile_rules
        from bragrules.solver.hands import HandSpace
        from bragrules.solver.tree import build_tree

        rules = compile_rules(Profile.model_validate_json(profile_json))
        max_raises, levels, max_bets, carry_share, _, war_cap = options
        tree = build_tree(rules, max_raises=max_raises, levels=levels, max_bets=max_bets, carry_share=carry_share,
                          seats=seats, war_cap=war_cap)
        found = _GAMES[key] = (tree, HandSpace.for_rules(rules))
    return MultiwayCFR(found[0], found[1], seats, options[4])


def _added(after: Table, before: Table) -> Table:
    return {k: [[a - b for a, b in zip(ra, rb)] for ra, rb in zip(after[k], before[k])] for k in after}


def run_shard(profile_json: str, seats: int, options: Options, regrets: Table,
              sums: Table, seed: str, iterations: int) -> Tuple[Table, Table]:
    """Run on a worker (or here): ``iterations`` from the snapshot with the seed ``seed``; what it added to
    the regrets and to the strategy sums."""
    cfr = _solver(profile_json, seats, options)
    cfr.regrets = {k: [list(row) for row in v] for k, v in regrets.items()}
    cfr.sums = {k: [list(row) for row in v] for k, v in sums.items()}
    cfr.rng = random.Random(seed)
    for _ in range(iterations):
        cfr.iterate()
    return _added(cfr.regrets, regrets), _added(cfr.sums, sums)


def local_runner(shards: Sequence[ShardArgs]) -> List[Tuple[Table, Table]]:
    """Each shard in turn, in this process."""
    return [run_shard(*args) for args in shards]


def dask_runner(client: Any) -> Runner:
    """Each shard a task on ``client``'s workers (:func:`bragrules.analysis.cluster.connect`), the results
    gathered in shard order; a task that failed there raises its error here."""

    from bragrules.analysis.cluster import ClusterError

    def run(shards: Sequence[ShardArgs]) -> List[Tuple[Table, Table]]:
        futures = [client.submit(run_shard, *args, pure=False) for args in shards]
        try:
            return list(client.gather(futures))
        except Exception as exc:  # noqa: BLE001 - whatever the cluster raised, one error naming it
            raise ClusterError(f"a shard of the solve failed on the cluster: {type(exc).__name__}: {exc}") from None

    return run


def solve_sharded(cfr: "MultiwayCFR", profile_json: str, options: Options,
                  iterations: int, shards: int, seed: int, runner: Runner) -> None:
    """``iterations`` in rounds of ``shards`` shards (:data:`ROUND_ITERATIONS` each, the last round fewer),
    summed into ``cfr`` in shard order."""
    done, round_ = 0, 0
    while done < iterations:
        each = min(ROUND_ITERATIONS, max(1, (iterations - done) // shards))
        count = min(shards, -(-(iterations - done) // each))
        work = [(profile_json, cfr.seats, options, cfr.regrets, cfr.sums, f"{seed}-{round_}-{shard}", each)
                for shard in range(count)]
        for regret_added, sums_added in runner(work):
            for table, added in ((cfr.regrets, regret_added), (cfr.sums, sums_added)):
                for k, rows in added.items():
                    for row, extra in zip(table[int(k)], rows):
                        for i, x in enumerate(extra):
                            row[i] += x
        done += each * count
        cfr.iterations += each * count
        round_ += 1
