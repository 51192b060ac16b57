"""A variant said in the primitives simulates as fast as the named field it replaces, in instructions.

    python bench/bench_primitives.py [--deals N] [--pairs NAME ...] [--counter perf|callgrind|opcodes] [--list]

Each pair is one game spelt twice: with a named field of today (``per_hand``, ``from_centre``,
``kiss_miss``; a ranking's ``category_order``, ``prial_order``, ``run_order``, ``special_hands``) and
with the primitive it stands for (``ranking.wild.select``; ``ranking.categories``). The script first
checks that both spellings compile to the same game (the same selectors; the same strength of every
hand), then counts, with valgrind's callgrind, the instructions of one process that compiles the
profile and simulates N seeded four-player deals, and of one that compiles it and simulates none.
The difference is the simulation's own count; the whole process's count is printed beside it.
Instruction counts do not drift with the load of this shared machine (a timing does, by a third:
docs/performance.md), and repeat to a few hundredths of a per cent with ``PYTHONHASHSEED`` fixed.

The counter: ``perf stat -e instructions:u`` where the machine's counters answer, else callgrind
(this machine's virtual CPU exposes no counters to perf, so callgrind is what it uses); the line
``counter:`` says which. Callgrind runs some fifty times slower than the code it counts, and most of
a short process is its imports; ``--counter opcodes`` counts instead the bytecode instructions the
interpreter executes inside the simulation alone (``sys.settrace`` with ``f_trace_opcodes``: exact
and repeatable, imports and compiling left out, but blind to work done in C), each spelling in a
fresh process so that neither finds the other's caches warm. Each ratio is primitive / named; the
goal is at most 1.05. Exit status 1
when a ratio of the simulation is above 1.05. ``joker_each`` has no selector spelling (a joker dealt
to each player is a card of the deal, not a choice among the hand's cards) and is not measured.
CPU seconds and the load average are printed for the record, never compared.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_categories.py, beside this script
try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_categories import pair as ranking_pair  # noqa: E402
from bench_categories import same_tables  # noqa: E402

from bragrules.profile import load_profile_text  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 1.05

WILD: Dict[str, Tuple[str, str]] = {
    "per_hand: lowest_rank": ("ranking: {wild: {per_hand: lowest_rank}}",
                              "ranking: {wild: {select: [{source: lowest_rank}]}}"),
    "per_hand: highest_rank": ("ranking: {wild: {per_hand: highest_rank}}",
                               "ranking: {wild: {select: [{source: highest_rank}]}}"),
    "from_centre: 1": ("ranking: {wild: {from_centre: 1}}",
                       "ranking: {wild: {select: [{source: centre, relation: rank, turned: 1}]}}"),
    "from_centre: 2": ("ranking: {wild: {from_centre: 2}}",
                       "ranking: {wild: {select: [{source: centre, relation: rank, turned: 2}]}}"),
    "kiss_miss: true": ("format: {cards_dealt: 5}\nranking: {wild: {kiss_miss: true}}",
                        "format: {cards_dealt: 5}\nranking: {wild: {select: [{source: pair, steps: [0, 2]}]}}"),
}
"""The wild-card shorthands and the selector each stands for (docs/variants.md), over teen-patti."""

RANKINGS = ("teen-patti", "zha-jin-hua", "standard")
"""Shipped rankings written with named fields, against the same list written as ``ranking.categories``."""

CHILD = """
import json, sys
from bragrules.play.simulate import simulate
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
rules = compile_rules(Profile.model_validate(json.loads(open(sys.argv[1]).read())))
deals = int(sys.argv[2])
if deals:
    simulate(rules, players=4, hands=deals, seed=7)
"""

OPCODES = """
import json, sys
from bragrules.play.simulate import simulate
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
rules = compile_rules(Profile.model_validate(json.loads(open(sys.argv[1]).read())))
count = 0
def trace(frame, event, arg):
    global count
    frame.f_trace_opcodes = True
    if event == "opcode":
        count += 1
    return trace
sys.settrace(trace)
simulate(rules, players=4, hands=int(sys.argv[2]), seed=7)
sys.settrace(None)
print("OPCODES", count)
"""
"""A child that counts the bytecode instructions of the simulation alone (``--counter opcodes``)."""


def wild_pair(named: str, selected: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The two spellings of a wild-card game over teen-patti, checked to compile to the same selectors."""
    a = load_profile_text(f"extends: teen-patti\nname: named\n{named}\n")
    b = load_profile_text(f"extends: teen-patti\nname: named\n{selected}\n")
    shapes = []
    for profile in (a, b):
        wild = compile_rules(profile).comparer.wild
        assert wild is not None
        shapes.append([(s.source, s.relation, s.turned, s.steps) for s in wild.selectors])
    if shapes[0] != shapes[1]:
        raise SystemExit(f"{named!r} and {selected!r} compile to different selectors: {shapes}")
    return a.model_dump(mode="json"), b.model_dump(mode="json")


def checked_ranking_pair(name: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    named, written = ranking_pair(name)
    if not same_tables(named, written):
        raise SystemExit(f"{name}: the named fields and the list compile to different tables")
    return named, written


def _perf_counts() -> bool:
    """Whether ``perf stat`` counts user-space instructions on this machine."""
    if shutil.which("perf") is None:
        return False
    done = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", sys.executable, "-c", "pass"],
                          capture_output=True, text=True)
    return done.returncode == 0 and re.search(r"^\d+,", done.stderr, flags=re.M) is not None


def opcodes(command: List[str], env: Dict[str, str]) -> int:
    """The bytecode instructions the simulation of ``command`` (the callgrind child's arguments) executes."""
    done = subprocess.run([command[0], "-c", OPCODES, *command[3:]], capture_output=True, text=True, env=env)
    found = re.search(r"^OPCODES (\d+)$", done.stdout, flags=re.M)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"the counting child failed: {done.stderr[-800:]}")
    return int(found.group(1))


def counter(wanted: Optional[str] = None) -> Tuple[str, Callable[[List[str], Dict[str, str]], int]]:
    """The instruction counter this machine offers (or the one ``wanted``): its name and a function counting
    a command's run."""
    if wanted == "opcodes":
        return "bytecode instructions of the simulation (sys.settrace, f_trace_opcodes)", opcodes
    if wanted in (None, "perf") and _perf_counts():
        def perf(command: List[str], env: Dict[str, str]) -> int:
            done = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", *command],
                                  capture_output=True, text=True, env=env)
            found = re.search(r"^(\d+),", done.stderr, flags=re.M)
            if done.returncode != 0 or found is None:
                raise RuntimeError(f"perf failed: {done.stderr[-800:]}")
            return int(found.group(1))
        return "perf stat -e instructions:u", perf
    if wanted == "perf":
        raise SystemExit("perf counts no instructions on this machine (no counters): --counter callgrind or opcodes")
    if shutil.which("valgrind") is None:
        raise SystemExit("neither perf (with counters) nor valgrind is on this machine: apt-get install valgrind")

    def callgrind(command: List[str], env: Dict[str, str]) -> int:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                              capture_output=True, text=True, env=env)
        found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            raise RuntimeError(f"callgrind failed: {done.stderr[-800:]}")
        return int(found.group(1))
    return "valgrind --tool=callgrind (Ir)", callgrind


def count(measure: Callable[[List[str], Dict[str, str]], int], data: Dict[str, Any], deals: int) -> int:
    """Instructions of one process compiling ``data`` and simulating ``deals`` four-player deals."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(data, handle)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    try:
        return measure([sys.executable, "-c", CHILD, handle.name, str(deals)], env)
    finally:
        os.unlink(handle.name)


def pairs(only: Optional[List[str]]) -> Dict[str, Tuple[Dict[str, Any], Dict[str, Any]]]:
    found: Dict[str, Tuple[Dict[str, Any], Dict[str, Any]]] = {}
    for name, (named, selected) in WILD.items():
        if not only or name in only:
            found[name] = wild_pair(named, selected)
    for name in RANKINGS:
        label = f"ranking of {name}"
        if not only or label in only or name in only:
            found[label] = checked_ranking_pair(name)
    return found


def _cpu() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="four-player deals simulated per spelling (default 300)")
    parser.add_argument("--pairs", nargs="+", help="measure only these pairs (names as --list prints them)")
    parser.add_argument("--counter", choices=("perf", "callgrind", "opcodes"),
                        help="the counter (default: perf where it counts, else callgrind)")
    parser.add_argument("--list", action="store_true", help="print the pairs and stop")
    args = parser.parse_args(argv)
    chosen = pairs(args.pairs)
    if args.list:
        print("\n".join(chosen))
        return 0
    name, measure = counter(args.counter)
    start, load = _cpu(), os.getloadavg()
    print(f"counter: {name}; {args.deals} four-player deals, seed 7, PYTHONHASHSEED=0")
    whole = "" if measure is opcodes else f"{'whole named':>14}{'whole prim.':>14}{'ratio':>8}"
    print(f"{'pair':<26}{'named sim':>13}{'primitive sim':>15}{'ratio':>8}{whole}")
    worst = 0.0
    for label, (named, primitive) in chosen.items():
        full = [count(measure, data, args.deals) for data in (named, primitive)]
        base = [0, 0] if measure is opcodes else [count(measure, data, 0) for data in (named, primitive)]
        sim = [f - b for f, b in zip(full, base)]
        ratio = sim[1] / sim[0]
        worst = max(worst, ratio)
        whole = "" if measure is opcodes else \
            f"{full[0] / 1e6:>12.1f}Mi{full[1] / 1e6:>12.1f}Mi{full[1] / full[0]:>8.4f}"  # opcodes: the simulation alone
        print(f"{label:<26}{sim[0] / 1e6:>11.1f}Mi{sim[1] / 1e6:>13.1f}Mi{ratio:>8.4f}{whole}")
    print(f"worst simulation ratio {worst:.4f} (goal at most {LIMIT}); "
          f"CPU {_cpu() - start:.1f}s (this process and its children), load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0 if worst <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
