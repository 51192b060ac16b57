"""How fast the audit reads and replays a long log, and how much memory it takes.

    python bench/bench_audit.py [N ...] [--profile standard|traditional] [--seed S] [--log PATH] [--cprofile]
                                [--workers W]

For each N (default 100,000) a JSON Lines log of N four-player deals is
written by a :class:`~bragrules.engine.session.Session` playing at random
(``random_chooser``), with a :class:`~bragrules.history.LogWriter` as its
listener. ``traditional`` ends after eight resolved pots, so its log is
played under traditional with ``session.end: never`` (the header carries
that profile, so the log audits on its own). The log is then audited in a
child process, keeping no per-deal rows (``keep_deals=False``); the child's
time gives deals per second and its peak resident memory (``ru_maxrss``)
the memory. ``--cprofile`` profiles one audit in this process and prints
where the time goes. ``--log PATH`` audits an existing log instead.
``--workers W`` audits each log a second time with ``audit(path,
workers=W)`` (``audit --workers W``) and prints both rates; the JSON
reports of the two audits are compared too (they must be equal).

Targets: 20,000 deals/s in one process; 25,000 with ``--workers 2`` on
two cores; memory flat in N (a 1,000,000-deal log under 200 MB).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import List

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py, beside this script

from harness import audit_in_child, write_log  # noqa: E402

TARGET_RATE = 20_000
TARGET_PARALLEL = 25_000
TARGET_MB = 200


def profile_audit(path: Path, top: int = 25) -> None:
    import cProfile
    import pstats

    from bragrules.audit import audit

    profiler = cProfile.Profile()
    profiler.enable()
    audit(path, keep_deals=False)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def same_report(path: Path, workers: int) -> bool:
    """Whether the audit with ``workers`` processes gives the JSON report of the audit in one."""
    import json

    from bragrules.audit import audit

    one = json.dumps(audit(path, keep_deals=True).to_json())
    return json.dumps(audit(path, keep_deals=True, workers=workers).to_json()) == one


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="*", type=int, default=[100_000], help="deals in the log (several: one run each)")
    parser.add_argument("--profile", default="standard", choices=["standard", "traditional"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, help="audit this existing log instead of writing one")
    parser.add_argument("--keep", action="store_true", help="keep the written logs (printed paths)")
    parser.add_argument("--cprofile", action="store_true", help="profile one audit and print where the time goes")
    parser.add_argument("--workers", type=int, default=1, help="also audit with this many processes")
    args = parser.parse_args(argv)
    runs = [(args.log, None)] if args.log else [(None, n) for n in args.deals]
    workdir = Path(tempfile.mkdtemp(prefix="bragrules-bench-"))
    for given, count in runs:
        if given is None:
            path = workdir / f"{args.profile}-{count}-{args.seed}.jsonl"
            seconds = write_log(path, count, args.seed, args.profile)
            print(f"wrote {count:,} deals ({path.stat().st_size / 1e6:.1f} MB) in {seconds:.1f} s "
                  f"({count / seconds:,.0f} deals/s of play)")
        else:
            path = given
        found = audit_in_child(path)
        rate = found["deals"] / found["seconds"] if found["seconds"] else float("inf")
        verdict = "ok" if found["ok"] else f"{found['violations']} violations"
        print(f"audited {found['deals']:,} deals in {found['seconds']:.1f} s: {rate:,.0f} deals/s "
              f"(target {TARGET_RATE:,}); peak {found['peak_mb']:.1f} MB, {found['import_mb']:.1f} MB of it "
              f"the imports (target < {TARGET_MB}); {verdict}")
        if args.workers > 1:
            together = audit_in_child(path, args.workers)
            fast = together["deals"] / together["seconds"] if together["seconds"] else float("inf")
            print(f"audited {together['deals']:,} deals with --workers {args.workers} in {together['seconds']:.1f} s: "
                  f"{fast:,.0f} deals/s (target {TARGET_PARALLEL:,}), {fast / rate:.2f}x one process; "
                  f"{'the same report' if same_report(path, args.workers) else 'A DIFFERENT REPORT'}")
            spent = together["cpu"] + together["workers_cpu"]
            free = together["deals"] / max(together["workers_cpu"] / args.workers, together["cpu"])
            print(f"  CPU: {found['cpu']:.2f} s in one process; {together['cpu']:.2f} s in the parent and "
                  f"{together['workers_cpu']:.2f} s in the workers with --workers {args.workers} "
                  f"({spent / found['cpu']:.2f}x); with {args.workers} free cores that is about {free:,.0f} deals/s")
        if args.cprofile:
            profile_audit(path)
        if given is None and not args.keep:
            path.unlink()
    if not args.keep:
        try:
            workdir.rmdir()
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
