"""Load figures: a long log audited, many profiles validated, a long simulation.

    python bench/load.py [--deals N] [--profiles N] [--simulate N] [--only audit,validate,simulate]
                         [--workers N] [--workdir DIR] [--keep] [--json]

Every figure is a real ``python -m bragrules`` process, run and measured by
a small watcher process: wall-clock seconds and the command's peak resident
memory (``ru_maxrss`` of the watcher's only child).

- **audit**: a JSON Lines log of ``--deals`` deals (default 1,000,000),
  audited with ``bragrules audit --summary --json``. The log is written by
  playing a block of 1,000 deals at random under ``standard`` with a
  :class:`~bragrules.engine.session.Session` and a :class:`~bragrules.history.LogWriter`,
  then repeating the block's lines with the deals renumbered. The block
  ends where it began (the dealer back in the first seat, no pot carried,
  no hand retained; ``standard`` shuffles before every deal), so the
  repeated log is a valid session that the audit checks deal by deal, as
  it would any other. A log of 10,000 deals is audited the same way, to show
  that memory stays flat. ``--rows N`` also audits N deals without
  ``--summary`` (the per-deal rows kept), to show what they cost.
- **validate**: ``--profiles`` small profile files (default 1,000), each
  extending a built-in profile or a local base profile and changing a few
  fields, validated in one ``bragrules validate`` call.
- **simulate**: ``bragrules simulate --hands N --json`` (default 100,000
  deals) when the installed command line has ``simulate``.

Targets: the audit of 1,000,000 deals under 200 MB, flat in the number of
deals. Nothing else is a pass or a fail here; the figures are printed.
``tests/test_load.py`` runs the same functions with assertions
(``BRAGRULES_LOAD=1``).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 200
BLOCK = 1_000
PLAYERS = ["A", "B", "C", "D"]

WATCHER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
with open(sys.argv[1], "wb") as out, open(sys.argv[2], "wb") as err:
    code = subprocess.call(sys.argv[3:], stdout=out, stderr=err)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"code": code, "seconds": seconds, "peak_raw": peak}))
"""


def command() -> List[str]:
    """How to start bragrules: ``python -m bragrules`` with this Python."""
    return [sys.executable, "-m", "bragrules"]


def measure(args: Sequence[str], workdir: Path, timeout: float = 7200) -> Dict[str, Any]:
    """Run ``bragrules ARGS`` under a watcher: exit code, seconds, peak MB, stdout and stderr."""
    out, err = workdir / "stdout.txt", workdir / "stderr.txt"
    done = subprocess.run(
        [sys.executable, "-c", WATCHER, str(out), str(err), *command(), *args],
        capture_output=True, text=True, timeout=timeout, cwd=workdir,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
    )
    if done.returncode != 0:
        raise RuntimeError(f"the watcher failed: {done.stderr}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    found["peak_mb"] = found.pop("peak_raw") / scale
    found["stdout"] = out.read_text(encoding="utf-8", errors="replace")
    found["stderr"] = err.read_text(encoding="utf-8", errors="replace")
    return found


# ---------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------


def _block(seed: int) -> List[str]:
    """A header and BLOCK deals played at random under standard, as log lines."""
    sys.path.insert(0, str(ROOT))
    from bragrules.engine.session import Session, random_chooser
    from bragrules.history import LogWriter
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    profile = load_profile("standard")
    assert profile.session.end.kind == "never" and profile.pack.shuffle == "every_deal"
    session = Session(compile_rules(profile), PLAYERS, seed=seed)
    start = session.state.dealer_index
    buffer = io.StringIO()
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(buffer, session, profile_name="standard"):
        for _ in range(BLOCK):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    state = session.state
    assert state.dealer_index == start and state.carried == 0 and not state.retained, \
        "the block must end where it began to be repeated"
    return buffer.getvalue().splitlines()


def write_log(path: Path, deals: int, seed: int = 1) -> Dict[str, Any]:
    """Write a log of ``deals`` deals (a multiple of BLOCK); its size and the seconds it took."""
    if deals % BLOCK:
        raise ValueError(f"the number of deals must be a multiple of {BLOCK}")
    started = time.perf_counter()
    lines = _block(seed)
    header, body = lines[0], lines[1:]
    number = re.compile(r'"deal":(\d+)')
    pieces = []
    for line in body:
        found = number.search(line)
        assert found, line
        pieces.append((line[: found.start(1)], int(found.group(1)), line[found.end(1):] + "\n"))
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(header + "\n")
        for repeat in range(deals // BLOCK):
            offset = repeat * BLOCK
            out.write("".join(f"{before}{n + offset}{after}" for before, n, after in pieces))
    return {"deals": deals, "bytes": path.stat().st_size, "seconds": time.perf_counter() - started}


def audit_figure(workdir: Path, deals: int, summary: bool = True) -> Dict[str, Any]:
    """Write a log of ``deals`` deals and audit it in a measured process."""
    log = workdir / f"log-{deals}.jsonl"
    written = write_log(log, deals)
    args = ["audit", "--json", str(log)]
    if summary:
        args.insert(1, "--summary")
    found = measure(args, workdir)
    report = json.loads(found["stdout"]) if found["stdout"].strip().startswith("{") else {}
    found.update(written=written, deal_count=report.get("deal_count"), ok=report.get("ok"),
                 violations=len(report.get("violations", [])), stdout=None)
    log.unlink()
    return found


# ---------------------------------------------------------------------------
# Profiles
# ---------------------------------------------------------------------------

BUILTINS = ["standard", "traditional", "casual", "house", "seen-only", "four-card", "seven-card", "nine-card",
            "crash"]


def write_profiles(folder: Path, count: int) -> List[Path]:
    """``count`` small profiles extending built-ins or a local base; the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "base.yaml").write_text(
        "name: base\nextends: traditional\nseeing:\n  tie: split\n", encoding="utf-8")
    paths = []
    for index in range(count):
        parent = "base.yaml" if index % 10 == 9 else BUILTINS[index % len(BUILTINS)]
        lines = [f"name: table-{index:04d}", f"description: generated profile {index}", f"extends: {parent}"]
        if parent not in ("crash",):
            lines += ["stakes:", f"  ante: {index % 5}", "seeing:", f"  tie: {['caller_loses', 'split'][index % 2]}"]
        lines += ["table:", f"  rotation: {['clockwise', 'anticlockwise'][index % 2]}"]
        path = folder / f"p{index:04d}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def validate_figure(workdir: Path, count: int) -> Dict[str, Any]:
    folder = workdir / "profiles"
    paths = write_profiles(folder, count)
    found = measure(["validate", *[str(p.relative_to(workdir)) for p in paths]], workdir)
    found["ok_lines"] = sum(1 for line in found["stdout"].splitlines() if line.startswith("ok  "))
    found["profiles"] = count
    found["stdout"] = None
    shutil.rmtree(folder)
    return found


# ---------------------------------------------------------------------------
# Simulate
# ---------------------------------------------------------------------------


def has_simulate() -> bool:
    done = subprocess.run([*command(), "simulate", "--help"], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    return done.returncode == 0


def simulate_figure(workdir: Path, hands: int, workers: int = 1) -> Dict[str, Any]:
    found = measure(["simulate", "--hands", str(hands), "--seed", "1", "--workers", str(workers), "--json"], workdir)
    report = json.loads(found["stdout"]) if found["stdout"].strip().startswith("{") else {}
    found.update(deals=report.get("deals"), hands=hands, workers=workers, stdout=None)
    return found


# ---------------------------------------------------------------------------


def machine() -> str:
    load = ""
    if hasattr(os, "getloadavg"):
        load = ", load average %.1f" % os.getloadavg()[0]
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs{load}, "
            f"Python {platform.python_version()}")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals in the audited log")
    parser.add_argument("--small", type=int, default=10_000, help="deals in the small log (flat memory)")
    parser.add_argument("--rows", type=int, default=0, help="also audit this many deals keeping the rows")
    parser.add_argument("--profiles", type=int, default=1_000, help="profiles validated in one call")
    parser.add_argument("--simulate", type=int, default=100_000, help="deals simulated")
    parser.add_argument("--workers", type=int, default=1, help="simulate's --workers")
    parser.add_argument("--only", default="audit,validate,simulate", help="which figures, comma-separated")
    parser.add_argument("--workdir", type=Path, help="where to write (default: a temporary directory)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    wanted = {part.strip() for part in args.only.split(",") if part.strip()}
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bragrules-load-"))
    workdir.mkdir(parents=True, exist_ok=True)
    figures: Dict[str, Any] = {"machine": machine()}
    say = (lambda text: None) if args.json else print
    say(f"machine: {figures['machine']}")

    if "audit" in wanted:
        for label, deals, summary in (("audit_small", args.small, True), ("audit", args.deals, True),
                                      ("audit_rows", args.rows, False)):
            if not deals:
                continue
            found = audit_figure(workdir, deals, summary)
            figures[label] = found
            rate = (found["deal_count"] or 0) / found["seconds"]
            verdict = "ok" if found["ok"] else f"exit {found['code']}, {found['violations']} violations"
            how = "bragrules audit --summary" if summary else "bragrules audit (rows kept)"
            say(f"{how}: {deals:,} deals ({found['written']['bytes'] / 1e6:,.1f} MB, written in "
                f"{found['written']['seconds']:.1f} s): {found['seconds']:.1f} s, {rate:,.0f} deals/s; "
                f"peak {found['peak_mb']:.1f} MB (target < {TARGET_MB} MB); {verdict}")
    if "validate" in wanted and args.profiles:
        found = validate_figure(workdir, args.profiles)
        figures["validate"] = found
        say(f"bragrules validate: {args.profiles:,} profiles in one call: {found['seconds']:.1f} s, "
            f"{args.profiles / found['seconds']:,.0f} profiles/s; peak {found['peak_mb']:.1f} MB; "
            f"{found['ok_lines']:,} ok, exit {found['code']}")
    if "simulate" in wanted and args.simulate:
        if not has_simulate():
            figures["simulate"] = None
            say("bragrules simulate: not available in this command line")
        else:
            found = simulate_figure(workdir, args.simulate, args.workers)
            figures["simulate"] = found
            say(f"bragrules simulate: {args.simulate:,} deals, {args.workers} worker(s): {found['seconds']:.1f} s, "
                f"{(found['deals'] or 0) / found['seconds']:,.0f} deals/s; peak {found['peak_mb']:.1f} MB "
                f"(its largest process); exit {found['code']}")
    if args.json:
        print(json.dumps(figures, indent=2))
    if args.workdir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
