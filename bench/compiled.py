"""The compiled build beside the pure-Python one, in the same run.

``setup.py`` can compile the engine's hot modules with mypyc
(``BRAGRULES_COMPILE=1``). This script builds that into a copy of the
checkout (the checkout itself is left alone), then times the simulation
and the audit in fresh processes, pure and compiled taking turns, and
prints each compiled figure beside its pure-Python baseline::

    python bench/compiled.py                     # build into a temporary copy, measure, remove it
    python bench/compiled.py --build-dir DIR     # build into DIR and keep it (reused if already built)
    python bench/compiled.py --quick
    python bench/compiled.py --build-only --build-dir DIR    # the build alone (CI tests it)

``bench/suite.py compiled`` runs the same as a section of the suite. The
build needs mypy (``pip install mypy``, which brings mypyc) and a C
compiler; it takes about a minute on two cores.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SKIPPED_IN_COPY = (".git", "build", "dist", "__pycache__", ".hypothesis", ".mypy_cache", ".pytest_cache", ".venv")


class BuildUnavailable(RuntimeError):
    """The compiled build cannot be made here (no mypyc, no compiler): the reason is the message."""


def _copy_checkout(target: Path) -> None:
    def keep(info: tarfile.TarInfo) -> Optional[tarfile.TarInfo]:
        parts = Path(info.name).parts
        if any(part in SKIPPED_IN_COPY or part.endswith(".egg-info") for part in parts):
            return None
        if info.name.endswith(".so"):
            return None
        return info

    archive = target / "checkout.tar"
    with tarfile.open(archive, "w") as out:
        for entry in sorted(ROOT.iterdir()):
            out.add(entry, arcname=entry.name, filter=keep)
    with tarfile.open(archive) as source:
        source.extractall(target, filter="data") if sys.version_info >= (3, 12) else source.extractall(target)
    archive.unlink()


def build(target: Path) -> float:
    """Compile the checkout's hot modules in place in a copy at ``target``; the seconds it took (0 if built)."""
    if (target / "bragrules" / "engine").is_dir() and list((target / "bragrules" / "engine").glob("deal.*.so")):
        return 0.0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise BuildUnavailable("mypyc is not installed (pip install mypy): the compiled build is skipped") from None
    target.mkdir(parents=True, exist_ok=True)
    _copy_checkout(target)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace", "-j", str(os.cpu_count() or 1)],
        cwd=target, env={**os.environ, "BRAGRULES_COMPILE": "1"}, capture_output=True, text=True,
    )
    if done.returncode != 0:
        raise BuildUnavailable(f"the compiled build failed: {(done.stderr or done.stdout).strip()[-400:]}")
    return time.perf_counter() - started


# ---------------------------------------------------------------------------
# Children: one measurement in a fresh process, with bragrules from PYTHONPATH
# ---------------------------------------------------------------------------


def child_simulate(deals: int, players: int) -> Dict[str, Any]:
    import bragrules
    from bragrules.play.simulate import simulate
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    rules = compile_rules(load_profile("standard"))
    simulate(rules, players=players, hands=20, seed=1001)  # warm the caches
    start, cpu = time.perf_counter(), time.process_time()
    report = simulate(rules, players=players, hands=deals, seed=1)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"build": bragrules.build_kind(), "wall": deals / wall, "cpu": deals / cpu if cpu else 0.0,
            "actions": report.tally.actions / deals}


def child_audit(path: str, workers: int = 1) -> Dict[str, Any]:
    import bragrules
    from bragrules.audit import audit

    audit(path, keep_deals=False)  # warm: the imports and caches
    start, cpu = time.perf_counter(), time.process_time()
    report = audit(path, keep_deals=False, workers=workers)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    if not report.ok:
        raise SystemExit(f"the audit found {len(report.violations)} violations in {path}")
    return {"build": bragrules.build_kind(), "wall": report.deal_count / wall,
            "cpu": report.deal_count / cpu if cpu else 0.0, "deals": report.deal_count}


def _in_child(source: Path, *args: str) -> Dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", *args],
                          cwd=tempfile.gettempdir(), env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"a measuring process failed: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _best_of_turns(rounds: int, sources: Dict[str, Path], *args: str) -> Dict[str, Dict[str, Any]]:
    """Each build measured ``rounds`` times, the builds taking turns; the best round of each."""
    best: Dict[str, Dict[str, Any]] = {}
    for _ in range(rounds):
        for name, source in sources.items():
            found = _in_child(source, *args)
            expected = "compiled" if name == "compiled" else "pure Python"
            if found["build"] != expected:
                raise RuntimeError(f"the {name} process ran the {found['build']} build")
            if name not in best or found["wall"] > best[name]["wall"]:
                best[name] = found
    return best


def write_audit_log(path: Path, deals: int, seed: int = 1) -> None:
    """A log of ``deals`` four-player deals played at random under an endless standard profile."""
    sys.path.insert(0, str(HERE))
    from harness import write_log

    write_log(path, deals, seed)


def measure(build_dir: Path, quick: bool) -> Tuple[List[Tuple[str, float, float, str]], List[str]]:
    """Rows ``(item, compiled figure, pure figure, unit)`` and notes, for the compiled build at ``build_dir``."""
    rounds = 3 if quick else 5
    deals = 1_000 if quick else 4_000
    log_deals = 4_000 if quick else 20_000
    sources = {"pure": ROOT, "compiled": build_dir}
    rows: List[Tuple[str, float, float, str]] = []
    notes: List[str] = []
    for players in (4, 6):
        count = deals if players == 4 else deals * 2 // 3
        best = _best_of_turns(rounds, sources, "simulate", str(count), str(players))
        rows.append((f"simulate (compiled): three-card, {players} players, bots",
                     best["compiled"]["wall"], best["pure"]["wall"], "deals/s"))
        notes.append(f"simulate, {players} players: compiled {best['compiled']['cpu']:,.0f} and pure "
                     f"{best['pure']['cpu']:,.0f} deals a CPU-second ({best['pure']['actions']:.1f} actions a deal)")
    workdir = Path(tempfile.mkdtemp(prefix="bragrules-compiled-"))
    try:
        log = workdir / "standard.jsonl"
        write_audit_log(log, log_deals)
        best = _best_of_turns(max(2, rounds - 2), sources, "audit", str(log))
        rows.append((f"audit (compiled), {log_deals:,} four-player deals",
                     best["compiled"]["wall"], best["pure"]["wall"], "deals/s"))
        notes.append(f"audit: compiled {best['compiled']['cpu']:,.0f} and pure {best['pure']['cpu']:,.0f} "
                     "deals a CPU-second")
        best = _best_of_turns(max(2, rounds - 2), sources, "audit", str(log), "2")
        rows.append((f"audit --workers 2 (compiled), {log_deals:,} deals",
                     best["compiled"]["wall"], best["pure"]["wall"], "deals/s"))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    notes.append(f"each figure the best of {rounds} rounds (audit: {max(2, rounds - 2)}) in fresh processes, "
                 "pure and compiled taking turns; the baseline is the pure-Python build in the same run")
    return rows, notes


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", type=Path, help="build here and keep it (reused when already built)")
    parser.add_argument("--quick", action="store_true", help="fewer deals and rounds")
    parser.add_argument("--build-only", action="store_true", help="build into --build-dir, measure nothing (CI)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.build_only and args.build_dir is None:
        parser.error("--build-only needs --build-dir")
    if args.child:
        kind, *rest = args.child
        result = (child_simulate(int(rest[0]), int(rest[1])) if kind == "simulate"
                  else child_audit(rest[0], int(rest[1]) if len(rest) > 1 else 1))
        print(json.dumps(result))
        return 0
    temporary = args.build_dir is None
    build_dir = args.build_dir or Path(tempfile.mkdtemp(prefix="bragrules-build-"))
    try:
        try:
            seconds = build(build_dir)
        except BuildUnavailable as exc:
            print(exc, file=sys.stderr)
            return 1
        if seconds:
            print(f"built in {seconds:.0f} s at {build_dir}", file=sys.stderr)
        if args.build_only:
            return 0
        rows, notes = measure(build_dir, args.quick)
    finally:
        if temporary:
            shutil.rmtree(build_dir, ignore_errors=True)
    for item, figure, baseline, unit in rows:
        print(f"{item:<52} {figure:>10,.0f} {unit}   pure Python {baseline:>8,.0f} {unit}   {figure / baseline:.2f}x")
    for note in notes:
        print(f"  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
