"""The performance suite: every figure bragrules is held to, in one table.

Run from the repository root, with bragrules installed (and, for every
figure, the packages of ``bench/requirements.txt``)::

    python bench/suite.py                 # the whole suite: several minutes
    python bench/suite.py --quick         # smaller sizes: about a minute
    python bench/suite.py evaluation      # one section (or several)
    python bench/suite.py --json out.json --cprofile

Sections: ``evaluation`` (single hands in pure Python, arrays with numpy),
``equity`` (the whole heads-up table), ``simulation`` (bots, and PokerKit
as a reference), ``audit`` (a long log: rate and peak memory at two
sizes), ``startup`` (the command line as a fresh process), ``scaling``
(two workers, two to eight players, three formats) and ``compiled`` (the
simulation and the audit with the engine compiled by mypyc, beside pure
Python; it builds a copy of the checkout first and needs mypy).

The machine is shared and absolute times drift, so each figure is shown
with a baseline measured in the same run (the same process where it can
be) and the ratio of the two; where they can, a figure's rounds and its
baseline's take turns. Rates are the best of several rounds unless said
otherwise. ``--cprofile`` adds where the time goes (cProfile, own time by
file and by function) for the simulation and the audit; ``rank``'s
start-up, when over its target (or with ``--cprofile``), is broken down by
import (``python -X importtime``) and by phase. Nothing here asserts: a
missed target is marked ``MISSED``, a section that breaks ``FAILED`` (the
others still run), and the exit status stays 0. ``--json PATH`` keeps the
rows and notes for comparing runs.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the per-area scripts beside this one

from harness import (  # noqa: E402
    ROOT,
    audit_in_child,
    best_of,
    first_deals,
    json_rate,
    write_log,
)

SECTIONS = ("evaluation", "equity", "simulation", "audit", "startup", "scaling", "compiled")


# ---------------------------------------------------------------------------
# Rows and formatting
# ---------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the table. ``status`` is ``met``, ``MISSED`` or empty (no target)."""

    section: str
    item: str
    figure: str
    target: str = ""
    baseline: str = ""
    ratio: str = ""
    status: str = ""
    command: str = ""
    value: Optional[float] = None
    unit: str = ""


@dataclass
class Results:
    rows: List[Row] = field(default_factory=list)
    notes: Dict[str, List[str]] = field(default_factory=dict)

    def add(self, row: Row) -> None:
        self.rows.append(row)

    def note(self, section: str, text: str) -> None:
        self.notes.setdefault(section, []).append(text)


def rate_text(per_second: float) -> str:
    """A rate: ``1,234/s`` below a million, ``12.3M/s`` above."""
    if per_second >= 1e6:
        return f"{per_second / 1e6:,.1f}M/s"
    if per_second >= 100:
        return f"{per_second:,.0f}/s"
    return f"{per_second:,.1f}/s"


def seconds_text(seconds: float) -> str:
    if seconds >= 100:
        return f"{seconds:,.0f} s"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # pragma: no cover - not on every platform
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def git_commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "bragrules", "cli"],
                                 cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    if changed:
        return f"{head} (+{len(changed.splitlines())} uncommitted library files)"
    return head


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def versions() -> str:
    import bragrules

    parts = [f"Python {platform.python_version()}", f"bragrules {bragrules.build_kind()}"]
    for name in ("numpy", "pokerkit"):
        try:
            from importlib.metadata import version

            parts.append(f"{name} {version(name)}")
        except Exception:
            parts.append(f"{name} not installed")
    return ", ".join(parts)


def _where(filename: str) -> str:
    for marker in ("/bragrules/", "/bragrules_cli/", "/site-packages/", "/lib/python"):
        if marker in filename:
            return filename[filename.index(marker) + 1:]
    return filename


def top_functions(profiler: Any, count: int = 12, modules: int = 8) -> List[str]:
    """Where the time goes: own time summed by source file, then the functions with the most own time."""
    import pstats

    stats = pstats.Stats(profiler)
    entries = stats.stats  # type: ignore[attr-defined]
    total = sum(value[2] for value in entries.values()) or 1.0
    files: Dict[str, float] = {}
    for (filename, _, _), value in entries.items():
        key = _where(filename) if filename != "~" else "builtins (C functions)"
        files[key] = files.get(key, 0.0) + value[2]
    lines = ["own time by file:"]
    for name, seconds in sorted(files.items(), key=lambda kv: -kv[1])[:modules]:
        lines.append(f"  {seconds:6.2f} s {100 * seconds / total:5.1f}%  {name}")
    lines.append("top functions by own time (seconds, share, calls):")
    rows = sorted(entries.items(), key=lambda kv: -kv[1][2])[:count]
    for (filename, line, name), (_, calls, tottime, _, _) in rows:
        lines.append(f"  {tottime:6.2f} s {100 * tottime / total:5.1f}%  {calls:>10,}  {_where(filename)}:{line}({name})")
    return lines


# ---------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------


def section_evaluation(out: Results, quick: bool, cprofile: bool) -> None:
    import bench_batch

    cmd = "python bench/suite.py evaluation"
    repeats = 5 if quick else 9
    n = 200_000 if quick else 1_000_000
    single = bench_batch.single_rates(n, repeats)
    target = bench_batch.TARGET_SINGLE
    out.add(Row("evaluation", "ranker.strength(hand), pure Python", rate_text(single["strength"]),
                f">= {rate_text(target)}", f"{rate_text(single['noop_method'])} no-op method call",
                f"{single['strength'] / single['noop_method']:.2f}", verdict(single["strength"] >= target), cmd,
                single["strength"], "hands/s"))
    out.add(Row("evaluation", "ranker.table[a*2916+b*54+c], pure Python", rate_text(single["table"]),
                f">= {rate_text(target)}", f"{rate_text(single['bare_loop'])} bare loop",
                f"{single['table'] / single['bare_loop']:.2f}", verdict(single["table"] >= target), cmd,
                single["table"], "hands/s"))
    out.note("evaluation", f"single lookups: {n:,} random hands (tuples of ints, cards in random order), "
                           f"best of {repeats}, rounds alternating with the baseline's; ratio = rate / baseline rate")
    try:
        import numpy as np
    except ImportError:
        out.note("evaluation", "numpy is not installed (pip install -r bench/requirements.txt): batch skipped")
        return
    n = 20_000_000  # well beyond the last-level cache (32 MiB here): the gather is bound by memory
    batch = bench_batch.batch_rates(n, repeats)
    target = bench_batch.TARGET_BATCH
    out.add(Row("evaluation", "bragrules.analysis.batch, (N,3) uint8 -> (N,) int16", rate_text(batch["batch"]),
                f">= {rate_text(target)}", f"{rate_text(batch['gather'])} plain np.take gather",
                f"{batch['batch'] / batch['gather']:.2f}", verdict(batch["batch"] >= target), cmd,
                batch["batch"], "hands/s"))
    out.note("evaluation", f"batch: {n:,} random hands (uint8, more than the caches hold), numpy {np.__version__}, "
                           f"best of {repeats}; the baseline gathers the same hands' strengths from the same table "
                           "with their int32 indices worked out beforehand, one np.take (the memory-bound floor); "
                           "layouts compared: python bench/bench_batch.py")


# ---------------------------------------------------------------------------
# Equity
# ---------------------------------------------------------------------------


def section_equity(out: Results, quick: bool, cprofile: bool) -> None:
    from bragrules.analysis import equity
    from bragrules.analysis.equity import equity_table, naive_equity
    from bragrules.profile.models import Ranking
    from bragrules.rules.ranking import HandRanker

    repeats = 2 if quick else 5
    sample = 8 if quick else 40
    ranker = HandRanker(Ranking())

    def table() -> None:
        equity._TABLES.clear()
        equity._COUNTS.clear()
        equity_table(ranker)

    (seconds,) = best_of([table], repeats)
    rows = equity_table(ranker)
    pairs = sum(row.total for row in rows)
    hands = ranker.all_hands()
    chosen = random.Random(1).sample(hands, sample)
    start = time.perf_counter()
    for hand in chosen:
        naive_equity(ranker, hand)
    per_hand = (time.perf_counter() - start) / sample
    naive = per_hand * len(hands)
    out.add(Row("equity", f"whole heads-up table, {pairs:,} pairs", seconds_text(seconds), "< 500 ms",
                f"{seconds_text(naive)} naive pair loop (extrapolated)", f"{naive / seconds:,.0f}x faster",
                verdict(seconds < 0.5), "python bench/suite.py equity", seconds, "s"))
    out.note("equity", f"standard ranking, {len(rows)} strength classes; counting tables built inside the timing "
                       f"(caches cleared each round), best of {repeats}: {pairs / seconds / 1e6:,.0f}M pairs/s")
    out.note("equity", f"baseline: naive_equity (every opponent hand, one ranker.strength each) timed on {sample} "
                       f"random hands, {per_hand * 1000:.1f} ms a hand, times {len(hands):,} hands")


# ---------------------------------------------------------------------------
# Simulation
# ---------------------------------------------------------------------------


def as_rules(profile: Any) -> Any:
    """Compiled rules from a shipped profile's name, a Profile, or Rules."""
    from bragrules.profile import load_profile
    from bragrules.rules.compile import Rules, compile_rules

    if isinstance(profile, Rules):
        return profile
    return compile_rules(load_profile(profile) if isinstance(profile, str) else profile)


def brag_rates(cases: Sequence[Tuple[Any, int, int, int, Optional[List[str]]]], rounds: int,
               seed: int = 1) -> List[Tuple[float, float, float]]:
    """For each ``(profile, players, deals, workers, styles)``: (deals a wall second, deals a CPU
    second of this process, actions a deal) of ``simulate``, the best of ``rounds`` rounds.

    The rounds of the cases are interleaved, so that drift in the machine's
    speed hits them alike; every round plays the same deals (same seed).
    """
    from bragrules.play.simulate import simulate

    compiled = [as_rules(profile) for profile, *_ in cases]
    for rules, (_, players, _, _, styles) in zip(compiled, cases):
        simulate(rules, players=players, hands=20, seed=seed + 1000, styles=styles)  # warm the caches
    best: List[Tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(cases)
    for _ in range(rounds):
        for i, (rules, (_, players, deals, workers, styles)) in enumerate(zip(compiled, cases)):
            start, cpu = time.perf_counter(), time.process_time()
            report = simulate(rules, players=players, hands=deals, seed=seed, workers=workers, styles=styles)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
            if deals / elapsed > best[i][0]:
                best[i] = (deals / elapsed, deals / cpu if cpu else float("inf"), report.tally.actions / deals)
    return best


def simulation_profile(hands: int) -> List[str]:
    import cProfile

    from bragrules.play.simulate import simulate
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    rules = compile_rules(load_profile("standard"))
    simulate(rules, players=4, hands=20, seed=99)
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(rules, players=4, hands=hands, seed=3)
    profiler.disable()
    return top_functions(profiler)


def section_simulation(out: Results, quick: bool, cprofile: bool) -> None:
    import bench_pokerkit

    cmd = "python bench/suite.py simulation"
    target = 10_000
    rounds = 3 if quick else 5
    deals = 1_000 if quick else 4_000
    pk_hands = {2: 300, 4: 150, 6: 100} if quick else {2: 1_500, 4: 600, 6: 400}
    pk_version = bench_pokerkit.available()
    pk: Dict[int, Tuple[float, float, float]] = {}
    if pk_version is not None:
        for players in (2, 4, 6):
            pk[players] = bench_pokerkit.rate(players, pk_hands[players], rounds=rounds)
    else:
        out.note("simulation", "PokerKit is not installed (pip install -r bench/requirements.txt): "
                               "its reference rows are skipped")
    cases = [
        ("three-card, 4 players, bots", "standard", 4, None, target),
        ("three-card, 6 players, bots", "standard", 6, None, None),
        ("three-card, 4 players, random bots", "standard", 4, ["random"], None),
    ]
    measured = brag_rates([(profile, players, deals if players == 4 else deals * 2 // 3, 1, styles)
                           for _, profile, players, styles, _ in cases], rounds)
    for (label, _, players, _, aim), (per_second, per_cpu, actions) in zip(cases, measured):
        ref = pk.get(players)
        out.add(Row("simulation", f"simulate: {label}", rate_text(per_second),
                    f">= {rate_text(aim)}" if aim else "",
                    f"{rate_text(ref[0])} PokerKit NLHE {players}p" if ref else "",
                    f"{per_second / ref[0]:.2f}" if ref else "",
                    verdict(per_second >= aim) if aim else "", cmd, per_second, "deals/s"))
        out.note("simulation", f"{label}: {per_cpu:,.0f} deals a CPU-second, {actions:.1f} actions a deal")
    for players, (per_second, per_cpu, actions) in sorted(pk.items()):
        out.add(Row("simulation", f"PokerKit {pk_version} NLHE, {players} players, random", rate_text(per_second),
                    command="python bench/bench_pokerkit.py", value=per_second, unit="hands/s"))
        out.note("simulation", f"PokerKit {players} players: {per_cpu:,.0f} hands a CPU-second, "
                               f"{actions:.1f} actions a hand")
    out.note("simulation", f"one core, best of {rounds} rounds of {deals:,} deals (6 players: {deals * 2 // 3:,}); "
                           "ratio = bragrules deals/s over PokerKit hands/s at the same table size; PokerKit plays "
                           "random legal actions (bench/bench_pokerkit.py)")
    if cprofile:
        hands = 500 if quick else 2_000
        out.note("simulation", f"cProfile, standard, 4 players, {hands:,} deals (times inflated by the profiler):")
        for line in simulation_profile(hands):
            out.note("simulation", "  " + line)


# ---------------------------------------------------------------------------
# Audit
# ---------------------------------------------------------------------------


def audit_profile(path: Path) -> List[str]:
    import cProfile

    from bragrules.audit import audit

    profiler = cProfile.Profile()
    profiler.enable()
    audit(path, keep_deals=False)
    profiler.disable()
    return top_functions(profiler)


def section_audit(out: Results, quick: bool, cprofile: bool) -> None:
    target = 50_000
    small, large = (4_000, 20_000) if quick else (20_000, 200_000)
    cmd = "python bench/suite.py audit"
    workdir = Path(tempfile.mkdtemp(prefix="bragrules-suite-"))
    try:
        big = workdir / f"standard-{large}.jsonl"
        wrote = write_log(big, large)
        little = workdir / f"standard-{small}.jsonl"
        first_deals(big, little, small)
        found: Dict[int, Dict[str, Any]] = {}
        for deals, path in ((small, little), (large, big)):
            result = found[deals] = audit_in_child(path)
            if result["deals"] != deals or not result["ok"]:
                out.note("audit", f"{deals:,}-deal log: {result['deals']:,} deals audited, "
                                  f"{result['violations']} violations")
            rate = result["deals"] / result["seconds"]
            floor = json_rate(path)
            floor_rate = result["deals"] / floor
            out.add(Row("audit", f"audit, {deals:,} four-player deals", rate_text(rate).replace("/s", " deals/s"),
                        f">= {rate_text(target)}", f"{rate_text(floor_rate)} json.loads of every line",
                        f"{rate / floor_rate:.2f}", verdict(rate >= target), cmd, rate, "deals/s"))
        together = audit_in_child(big, 2)
        rate2 = together["deals"] / together["seconds"]
        one = found[large]["deals"] / found[large]["seconds"]
        out.add(Row("audit", f"audit --workers 2, {large:,} four-player deals", rate_text(rate2).replace("/s", " deals/s"),
                    f">= {rate_text(25_000)}", f"{rate_text(one)} one process", f"{rate2 / one:.2f}",
                    verdict(rate2 >= 25_000), cmd, rate2, "deals/s"))
        low, high = found[small]["peak_mb"], found[large]["peak_mb"]
        out.add(Row("audit", f"audit peak memory, {large:,} vs {small:,} deals", f"{high:.1f} MB",
                    "flat: <= 1.10x", f"{low:.1f} MB at {small:,} deals", f"{high / low:.2f}x",
                    verdict(high / low <= 1.10), cmd, high, "MB"))
        out.note("audit", f"log: standard, four players at random (random_chooser), {large:,} deals, "
                          f"{big.stat().st_size / 1e6:.1f} MB, written in {wrote:.1f} s "
                          f"({large / wrote:,.0f} deals/s of logged play); the {small:,}-deal log is its beginning")
        out.note("audit", f"each audit in a fresh process (audit(path, keep_deals=False)); peak = VmHWM of that "
                          f"process; {found[large]['import_mb']:.1f} MB of it is the imports")
        if cprofile:
            out.note("audit", f"cProfile, audit of {small:,} deals (times inflated by the profiler):")
            for line in audit_profile(little):
                out.note("audit", "  " + line)
    finally:
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()


# ---------------------------------------------------------------------------
# Start-up
# ---------------------------------------------------------------------------


def bragrules_command() -> List[str]:
    beside = Path(sys.executable).parent / "bragrules"
    if beside.exists():
        return [str(beside)]
    return [sys.executable, "-m", "bragrules"]


def wall_runs(commands: Sequence[Sequence[str]], runs: int) -> List[Tuple[List[float], List[float]]]:
    """For each command, wall seconds and CPU seconds (user + system of the child) of ``runs`` fresh runs.

    The commands take turns, run after run, so that drift hits them alike.
    """
    found: List[Tuple[List[float], List[float]]] = [([], []) for _ in commands]
    for _ in range(runs):
        for args, (walls, cpus) in zip(commands, found):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(list(args), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  stdin=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0:
                raise RuntimeError(f"{' '.join(args)} failed: {done.stderr.decode()[-1000:]}")
    return found


def import_times(args: Sequence[str], count: int = 8) -> Tuple[float, List[Tuple[str, float]]]:
    """Total top-level import time (ms) of a fresh ``python -X importtime`` run, and the biggest imports."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    top: List[Tuple[str, float]] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line[len("import time:"):].split("|")
        if len(parts) != 3 or not parts[1].strip().isdigit():
            continue
        name = parts[2]
        if name.startswith("  ") or not name.strip():  # nested: counted in its parent
            continue
        top.append((name.strip(), int(parts[1]) / 1000))
    total = sum(ms for _, ms in top)
    return total, sorted(top, key=lambda item: -item[1])[:count]


STARTUP_PHASES = r"""
import contextlib, io, json, sys, time
t0 = time.perf_counter()
import bragrules_cli.app
t1 = time.perf_counter()
from bragrules.rank_tables import shipped_table
t2 = time.perf_counter()
table = shipped_table("standard")
t3 = time.perf_counter()
import bragrules_cli.rank_output, rich.console, rich.table
t4 = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):
    try:
        bragrules_cli.app.main(["rank", "AcKdQh"])
    except SystemExit:
        pass
t5 = time.perf_counter()
print(json.dumps({"import the app (no typer, no command module yet)": t1 - t0,
                  "import bragrules.rank_tables (the standard library and the cards)": t2 - t1,
                  "shipped_table('standard') (hash the profile's file, read its table)": t3 - t2,
                  "import the output and rich": t4 - t3,
                  "the command itself, the above done (read the hand, rank it, print)": t5 - t4,
                  "typer or pydantic imported": [m for m in ("typer", "pydantic") if m in sys.modules]}))
"""


def section_startup(out: Results, quick: bool, cprofile: bool) -> None:
    runs = 7 if quick else 21
    base = bragrules_command()
    shown = "bragrules" if base[0].endswith("bragrules") else "python -m bragrules"
    cases = [
        (f"{shown} --help", base + ["--help"], 0.15),
        (f"{shown} rank AcKdQh", base + ["rank", "AcKdQh"], 0.25),  # over bare Python
    ]
    commands = [[sys.executable, "-c", "pass"]] + [args for _, args, _ in cases]
    wall_runs(commands, 1)  # warm the file cache
    measured = wall_runs(commands, runs)
    out.note("startup", f"figures: median wall clock of {runs} fresh processes each, the three commands taking "
                        "turns; CPU = user + system time of the process, steadier than the wall clock on a busy "
                        "machine")
    baseline = statistics.median(measured[0][0])
    out.note("startup", f"python -c pass: {seconds_text(statistics.median(measured[0][1]))} CPU (median)")
    missed_rank = False
    for (label, _, aim), (walls, cpus) in zip(cases, measured[1:]):
        median = statistics.median(walls)
        out.note("startup", f"{label}: {seconds_text(statistics.median(cpus))} CPU (median), "
                            f"wall {seconds_text(min(walls))} at best, {seconds_text(max(walls))} at worst")
        ok = (median - baseline if "rank" in label else median) <= aim
        missed_rank = missed_rank or (not ok and "rank" in label)
        out.add(Row("startup", label, seconds_text(median), f"<= {seconds_text(aim)}",
                    f"{seconds_text(baseline)} python -c pass", f"{median / baseline:.1f}x", verdict(ok),
                    "python bench/suite.py startup", median, "s"))
    if missed_rank or cprofile:
        total, top = import_times(["-m", "bragrules", "rank", "AcKdQh"])
        out.note("startup", f"rank: python -X importtime -m bragrules rank AcKdQh: {total:.0f} ms of imports; "
                            "the biggest top-level imports (cumulative):")
        for name, ms in top:
            out.note("startup", f"  {ms:7.1f} ms  {name}")
        done = subprocess.run([sys.executable, "-c", STARTUP_PHASES], capture_output=True, text=True, cwd=ROOT)
        if done.returncode == 0:
            phases = json.loads(done.stdout.strip().splitlines()[-1])
            out.note("startup", "rank, phase by phase in a fresh process (after the interpreter's own start):")
            for name, seconds in phases.items():
                shown = f"{seconds * 1000:7.1f} ms" if isinstance(seconds, float) else f"{seconds!s:>10}"
                out.note("startup", f"  {shown}  {name}")
        else:
            out.note("startup", f"the phase breakdown failed: {done.stderr.strip().splitlines()[-1:]}")


# ---------------------------------------------------------------------------
# Scaling
# ---------------------------------------------------------------------------


def lowered_minimum(name: str, players: int) -> Any:
    """A shipped profile whose table seats as few as ``players`` (validated afresh)."""
    from bragrules.profile import load_profile
    from bragrules.profile.models import Profile

    data = load_profile(name).model_dump()
    data["table"]["min_players"] = min(players, data["table"]["min_players"])
    return Profile.model_validate(data)


def section_scaling(out: Results, quick: bool, cprofile: bool) -> None:
    cmd = "python bench/suite.py scaling"
    rounds = 3 if quick else 5
    hands = 2_000 if quick else 8_000
    before = load()
    (one, _, _), (two, _, _) = brag_rates([("standard", 4, hands, 1, None), ("standard", 4, hands, 2, None)], rounds)
    after = load()
    cpus = os.cpu_count() or 1
    out.add(Row("scaling", "simulate --workers 2 vs --workers 1", rate_text(two).replace("/s", " deals/s"),
                f"~{min(2, cpus)}x if a core is free", f"{rate_text(one)} one worker", f"{two / one:.2f}x", "",
                f"bragrules simulate --hands {hands} --workers 2", two, "deals/s"))
    out.note("scaling", f"workers: standard, 4 players, {hands:,} deals (blocks of 250), wall clock, best of {rounds} "
                        f"(the rounds alternate); {cpus} CPUs; load average (1, 5, 15 min) {before} before, "
                        f"{after} after")

    per = 400 if quick else 2_000
    rules = as_rules(lowered_minimum("standard", 2))
    seats = list(range(2, 9))
    rates = [r[0] for r in brag_rates([(rules, players, per, 1, None) for players in seats], rounds)]
    for players, per_second in zip(seats, rates):
        out.add(Row("scaling", f"three-card, {players} players", rate_text(per_second).replace("/s", " deals/s"),
                    "", f"{rate_text(rates[0])} at 2 players", f"{rates[0] / per_second:.2f}x cost", "", cmd,
                    per_second, "deals/s"))
    out.note("scaling", f"players: standard with its table's minimum lowered to 2 (it seats 3 to 8), "
                        f"{per:,} deals, best of {rounds}; ratio = time a deal relative to two players")

    formats = [("three-card", "standard", 600 if quick else 3_000), ("seven-card", "seven-card", 40 if quick else 200),
               ("nine-card", "nine-card", 8 if quick else 40)]
    measured = brag_rates([(profile, 4, count, 1, None) for _, profile, count in formats], rounds)
    base_rate = measured[0][0]
    for (label, _, count), (per_second, _, actions) in zip(formats, measured):
        out.add(Row("scaling", f"{label}, 4 players", rate_text(per_second).replace("/s", " deals/s"), "",
                    f"{rate_text(base_rate)} three-card", f"{base_rate / per_second:.1f}x cost", "", cmd,
                    per_second, "deals/s"))
        out.note("scaling", f"{label}: {count:,} deals, best of {rounds}, {actions:.1f} actions a deal")


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


def section_compiled(out: Results, quick: bool, cprofile: bool) -> None:
    """The simulation and the audit again, compiled with mypyc (bench/compiled.py), beside pure Python."""
    import shutil

    import compiled

    targets = {"simulate (compiled): three-card, 4 players, bots": 10_000, "audit (compiled)": 50_000,
               "audit --workers 2 (compiled)": 50_000}
    build_dir = Path(tempfile.mkdtemp(prefix="bragrules-build-"))
    try:
        try:
            seconds = compiled.build(build_dir)
        except compiled.BuildUnavailable as exc:
            out.note("compiled", str(exc))
            return
        rows, notes = compiled.measure(build_dir, quick)
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)
    for item, figure, baseline, unit in rows:
        aim = next((value for prefix, value in targets.items() if item.startswith(prefix)), None)
        out.add(Row("compiled", item, rate_text(figure).replace("/s", f" {unit}"),
                    f">= {rate_text(aim)}" if aim else "", f"{rate_text(baseline)} pure Python",
                    f"{figure / baseline:.2f}", verdict(figure >= aim) if aim else "",
                    "python bench/compiled.py", figure, unit))
    out.note("compiled", f"BRAGRULES_COMPILE=1 python setup.py build_ext --inplace, in a copy of the checkout "
                         f"({seconds:.0f} s)")
    for note in notes:
        out.note("compiled", note)


RUNNERS: Dict[str, Callable[[Results, bool, bool], None]] = {
    "evaluation": section_evaluation,
    "equity": section_equity,
    "simulation": section_simulation,
    "audit": section_audit,
    "startup": section_startup,
    "scaling": section_scaling,
    "compiled": section_compiled,
}


def render(results: Results, header: List[str]) -> str:
    columns = [("item", "item"), ("figure", "figure"), ("target", "target"), ("", "status"),
               ("baseline (same run)", "baseline"), ("ratio", "ratio"), ("command", "command")]
    cells = [[getattr(row, key) for _, key in columns] for row in results.rows]
    widths = [max([len(title)] + [len(c[i]) for c in cells]) for i, (title, _) in enumerate(columns)]
    lines = list(header) + [""]
    lines.append("  ".join(title.ljust(w) for (title, _), w in zip(columns, widths)).rstrip())
    lines.append("  ".join("-" * w for w in widths))
    section = None
    for row, cell in zip(results.rows, cells):
        if row.section != section:
            if section is not None:
                lines.append("")
            section = row.section
        lines.append("  ".join(text.rjust(w) if i in (1, 5) else text.ljust(w)
                               for i, (text, w) in enumerate(zip(cell, widths))).rstrip())
    for name, notes in results.notes.items():
        lines.append("")
        lines.append(f"{name}:")
        lines.extend(f"  {note}" for note in notes)
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", metavar="SECTION", help=f"any of: {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, fewer rounds: about a minute")
    parser.add_argument("--cprofile", action="store_true", help="add where the time goes (cProfile) for the simulation and the audit")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the rows and notes as JSON")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {', '.join(unknown)} (choose from {', '.join(SECTIONS)})")
    chosen = args.sections or list(SECTIONS)
    started = time.perf_counter()
    header = [
        f"bragrules performance suite{' (quick)' if args.quick else ''}: "
        f"{datetime.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')}, commit {git_commit()}",
        f"{cpu_model()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}; {versions()}",
        f"load average at start (1, 5, 15 min): {load()}",
    ]
    results = Results()
    for name in chosen:
        section_start = time.perf_counter()
        print(f"running {name}...", end="", flush=True, file=sys.stderr)
        try:
            RUNNERS[name](results, args.quick, args.cprofile)
        except Exception as exc:  # one broken section leaves the others' figures standing
            failed = f"{type(exc).__name__}: {str(exc).strip().splitlines()[-1] if str(exc).strip() else ''}"
            results.add(Row(name, f"{name}: FAILED", "-", status="FAILED", command=f"python bench/suite.py {name}"))
            results.note(name, f"the section stopped: {failed[:300]}")
            print(f" failed ({type(exc).__name__})", end="", file=sys.stderr)
        print(f" {time.perf_counter() - section_start:.0f} s", file=sys.stderr)
    header.append(f"load average at end: {load()}; the run took {time.perf_counter() - started:.0f} s")
    text = render(results, header)
    print(text)
    if args.json:
        args.json.write_text(json.dumps({"header": header, "rows": [asdict(row) for row in results.rows],
                                         "notes": results.notes}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
