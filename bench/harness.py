"""What the benchmark scripts share: the checkout on the path, timing, and logs to audit.

``suite.py``, ``compiled.py`` and ``bench_audit.py`` import from here (and
nothing of each other's), so no script imports another that imports it back.
``python bench/harness.py --audit-child LOG`` is the fresh process in which
an audit is timed and its peak memory read.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))  # the scripts beside this one
if not os.environ.get("PYTHONPATH"):
    # The checkout these scripts live in is the one measured, whichever checkout is installed;
    # a PYTHONPATH (the compiled build's folder, say) chooses another on purpose.
    sys.path.insert(0, str(ROOT))


def best_of(funcs: Sequence[Callable[[], object]], repeats: int) -> List[float]:
    """The best wall time of each function, their rounds interleaved (so drift hits them alike)."""
    best = [float("inf")] * len(funcs)
    for _ in range(repeats):
        for i, func in enumerate(funcs):
            start = time.perf_counter()
            func()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def endless(profile_name: str) -> Any:
    """The profile with no end to its session, so that a log can hold any number of deals."""
    from bragrules.profile import load_profile

    profile = load_profile(profile_name)
    if profile.session.end.kind == "never":
        return profile
    session = profile.session.model_copy(update={"end": profile.session.end.model_copy(
        update={"kind": "never", "count": None})})
    return profile.model_copy(update={"session": session, "name": f"{profile.name}-endless"})


def write_log(path: Path, deals: int, seed: int = 1, profile_name: str = "standard") -> float:
    """``deals`` four-player deals played at random under the profile (made endless), logged; the seconds it took."""
    from bragrules.engine.session import Session, random_chooser
    from bragrules.history import LogWriter
    from bragrules.rules.compile import compile_rules

    rules = compile_rules(endless(profile_name))
    session = Session(rules, ["A", "B", "C", "D"], seed=seed, keep_records=False)
    choose = random_chooser(random.Random(seed))
    started = time.perf_counter()
    with LogWriter.for_session(path, session):
        for _ in range(deals):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    return time.perf_counter() - started


def first_deals(source: Path, target: Path, deals: int) -> None:
    """The log ``source`` cut after its first ``deals`` deals (a log of its own)."""
    seen = 0
    with open(source, encoding="utf-8") as read, open(target, "w", encoding="utf-8") as write:
        for line in read:
            if line.startswith('{"type":"deal"'):
                seen += 1
                if seen > deals:
                    break
            write.write(line)


def peak_mb() -> float:
    """This process's peak resident memory in MB (VmHWM: this program alone, not its parent)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    scale = 1024 if sys.platform != "darwin" else 1024 * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale


def audit_child(path: str, workers: int = 1) -> None:
    """The child's whole job: audit ``path`` (with ``workers`` processes) and print seconds, deals and
    peak memory as JSON (the peak is the child's own: a worker's is not counted)."""
    from bragrules.audit import audit

    imported = peak_mb()
    own, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    report = audit(path, keep_deals=False, workers=workers)
    seconds = time.perf_counter() - started
    own, children = _cpu(resource.RUSAGE_SELF) - own, _cpu(resource.RUSAGE_CHILDREN) - children
    print(json.dumps({"seconds": seconds, "deals": report.deal_count, "ok": report.ok,
                      "violations": len(report.violations), "peak_mb": peak_mb(), "import_mb": imported,
                      "cpu": own, "workers_cpu": children}))


def _cpu(who: int) -> float:
    """CPU seconds (user and system) of this process, or of its children that have ended."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def audit_in_child(path: Path, workers: int = 1) -> Dict[str, Any]:
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--audit-child", str(path), str(workers)],
                          capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"the audit child failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def json_rate(path: Path, rounds: int = 3) -> float:
    """Seconds to read the log and ``json.loads`` every line (best of ``rounds``): the floor of any Python reader."""
    def read() -> None:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                json.loads(line)

    return best_of([read], rounds)[0]


if __name__ == "__main__":
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--audit-child":
        audit_child(sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 1)
    else:
        sys.exit("usage: python bench/harness.py --audit-child LOG [WORKERS]")
