"""The audit's work per deal in machine instructions: a figure that does not drift with the machine.

    python bench/bench_instructions.py [--deals N] [--log PATH] [--checkout DIR ...]
    python bench/bench_instructions.py --simulate [--styles random,random,random,random] [--deals N] [--checkout DIR ...]

This machine's speed drifts from one minute to the next (docs/performance.md,
"Reading the figures"), so two timings of the same code can differ by a
third. The number of instructions a run executes does not: valgrind's
callgrind counts them, and the same code on the same log counts the same to
within a few hundredths of a per cent. The script writes a log of N
four-player deals under standard (played at random, as ``bench_audit.py``
writes them), then, for each checkout, counts the instructions of one
process that imports bragrules and audits the log, and of one that imports
it and reads only the header; the difference over N is the audit's work per
deal, imports left out. With ``--simulate`` it counts the simulator
instead: four-player deals under standard with the default bots (or
``--styles``), less the same process simulating none. ``PYTHONHASHSEED`` is fixed so that both processes
hash alike.

``--checkout DIR`` measures another checkout (or a compiled build made by
``bench/compiled.py --build-only --build-dir DIR``) beside this one, each
with ``PYTHONPATH=DIR``; several may be given, and each is printed with
its ratio to the first. It needs valgrind (``apt-get install valgrind``);
3,000 deals take about a minute a checkout.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py, beside this script

from harness import ROOT, write_log  # noqa: E402

AUDIT = "import sys\nfrom bragrules.audit import audit\naudit(sys.argv[1], keep_deals=False)\n"
HEADER = "import sys\nfrom bragrules.audit import audit\nfrom bragrules.history.log import read_log\nread_log(sys.argv[1])\n"
SIMULATE = ("import sys\nfrom bragrules.play.simulate import simulate\nfrom bragrules.profile import load_profile\n"
            "from bragrules.rules.compile import compile_rules\nrules = compile_rules(load_profile('standard'))\n"
            "simulate(rules, players=4, hands=20, seed=1000)\n"
            "n = int(sys.argv[1])\nn and simulate(rules, players=4, hands=n, seed=3, styles=sys.argv[2].split(',') if sys.argv[2] else None)\n")


def instructions(code: str, log: object, checkout: Path, *more: str) -> int:
    """The instructions callgrind counts for ``python -c code log ...`` with ``checkout`` on the path."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", code, str(log), *more],
                          capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind failed: {done.stderr[-1500:]}")
    return int(found.group(1))


def per_deal(log: Path, deals: int, checkout: Path) -> float:
    return (instructions(AUDIT, log, checkout) - instructions(HEADER, log, checkout)) / deals


def simulated_per_deal(deals: int, checkout: Path, styles: str) -> float:
    """The simulator's instructions a four-player deal under standard (``styles``: the seats' bot styles,
    comma-separated; empty: the default bots), the profile's compiling and the warm-up left out."""
    return (instructions(SIMULATE, deals, checkout, styles) - instructions(SIMULATE, 0, checkout, styles)) / deals


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals in the log written (default 3,000)")
    parser.add_argument("--log", type=Path, help="count the audit of this log instead (its deals: --deals)")
    parser.add_argument("--checkout", type=Path, action="append", default=[],
                        help="another checkout or compiled build to count beside this one")
    parser.add_argument("--simulate", action="store_true",
                        help="count the simulator's four-player deals with bots instead of the audit")
    parser.add_argument("--styles", default="", help="with --simulate: the seats' bot styles, comma-separated "
                        "(random: random legal play; default: the simulator's default bots)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    if args.simulate:
        base: Optional[float] = None
        for checkout in [ROOT, *args.checkout]:
            figure = simulated_per_deal(args.deals, checkout.resolve(), args.styles)
            base = figure if base is None else base
            print(f"{figure:12,.0f} instructions a simulated deal  {figure / base:5.3f}  {checkout}")
        return 0
    workdir: Optional[Path] = None
    log = args.log
    if log is None:
        workdir = Path(tempfile.mkdtemp(prefix="bragrules-bench-"))
        log = workdir / f"standard-{args.deals}.jsonl"
        write_log(log, args.deals)
    first: Optional[float] = None
    try:
        for checkout in [ROOT, *args.checkout]:
            figure = per_deal(log, args.deals, checkout.resolve())
            first = figure if first is None else first
            print(f"{figure:12,.0f} instructions a deal  {figure / first:5.3f}  {checkout}")
    finally:
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
