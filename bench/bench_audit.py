"""How fast the audit reads and replays a long log, and how much memory it takes.

    python bench/bench_audit.py [N ...] [--profile standard|traditional] [--seed S] [--log PATH] [--cprofile]

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

Targets: 20,000 deals/s; memory flat in N (a 1,000,000-deal log under 200 MB).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATE = 20_000
TARGET_MB = 200


def endless(profile_name: str):
    """The profile with no end to its session, so that a log can hold any number of deals."""
    from bragrules.profile import load_profile

    profile = load_profile(profile_name)
    if profile.session.end.kind == "never":
        return profile
    session = profile.session.model_copy(update={"end": profile.session.end.model_copy(update={"kind": "never", "count": None})})
    return profile.model_copy(update={"session": session, "name": f"{profile.name}-endless"})


def write_log(path: Path, deals: int, profile_name: str, seed: int) -> float:
    """Play ``deals`` deals at random and log them; returns the seconds it took."""
    from bragrules.engine.session import Session, random_chooser
    from bragrules.history import LogWriter
    from bragrules.rules import compile_rules

    rules = compile_rules(endless(profile_name))
    session = Session(rules, ["A", "B", "C", "D"], seed=seed)
    choose = random_chooser(random.Random(seed))
    started = time.perf_counter()
    with LogWriter.for_session(path, session):
        for _ in range(deals):  # play_session, keeping the session's records from growing
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
            session.records.clear()
    return time.perf_counter() - started


def peak_mb() -> float:
    """This process's peak resident memory in MB.

    On Linux, VmHWM of /proc/self/status: the peak of this program alone
    (``ru_maxrss`` would also count the parent's memory copied at fork).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    scale = 1024 if sys.platform != "darwin" else 1024 * 1024  # ru_maxrss: KiB on Linux, bytes on macOS
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale


def child(path: str) -> None:
    """Audit ``path`` (the child process's whole job) and print what it found as JSON."""
    from bragrules.audit import audit

    imported = peak_mb()
    started = time.perf_counter()
    report = audit(path, keep_deals=False)
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "deals": report.deal_count, "ok": report.ok,
                      "violations": len(report.violations), "peak_mb": peak_mb(), "import_mb": imported}))


def audit_in_child(path: Path) -> Dict[str, float]:
    """Run the audit in a fresh process: its time and its peak resident memory."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(path)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


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


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="*", type=int, default=[100_000], help="deals in the log (several: one run each)")
    parser.add_argument("--profile", default="standard", choices=["standard", "traditional"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, help="audit this existing log instead of writing one")
    parser.add_argument("--keep", action="store_true", help="keep the written logs (printed paths)")
    parser.add_argument("--cprofile", action="store_true", help="profile one audit and print where the time goes")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child)
        return 0

    sys.path.insert(0, str(ROOT))
    runs = [(args.log, None)] if args.log else [(None, n) for n in args.deals]
    workdir = Path(tempfile.mkdtemp(prefix="bragrules-bench-"))
    for given, count in runs:
        if given is None:
            path = workdir / f"{args.profile}-{count}-{args.seed}.jsonl"
            seconds = write_log(path, count, args.profile, args.seed)
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
