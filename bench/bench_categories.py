"""A ranking written as hand patterns plays as fast as the named fields it stands for.

    python bench/bench_categories.py [--hands N] [--instructions] [--names NAME ...]

For each ranking (Teen Patti's, Zha Jin Hua's, Brag's), the profile is played as shipped, with its
named fields (``category_order``, ``prial_order``, ``run_order``, ``special_hands``), and again with
the same ranking written out as ``ranking.categories``. Both compile into one table of strengths
(the script checks it, hand by hand, before it measures), so the bots play the same deals the same
way, and the only difference left is the compile step, which reads the list in both cases.

It prints the CPU seconds of N simulated four-player deals under each (``time.process_time``, the
best of three rounds); with ``--instructions`` the instructions callgrind counts for one process
that compiles the profile and simulates the deals (``valgrind`` needed; steady to a few hundredths
of a per cent, where a timing on this shared machine drifts by a third). The ratio should be 1.00
within 5 %. Nothing here asserts a figure; it prints what this machine does.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

try:
    import bragrules  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bragrules.play.simulate import simulate  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.profile.models import Profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402
from bragrules.rules.hand_patterns import expand  # noqa: E402
from bragrules.rules.ranking import HandRanker  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("teen-patti", "zha-jin-hua", "standard")
NAMED_FIELDS = ("category_order", "prial_order", "run_order", "suits_before_kickers")

CHILD = """
import json, sys
from bragrules.play.simulate import simulate
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
profile = Profile.model_validate(json.loads(open(sys.argv[1]).read()))
simulate(compile_rules(profile), players=4, hands=int(sys.argv[2]), seed=7)
"""


def pair(name: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """A shipped profile's data as it is (named fields), and with its ranking written as the list."""
    named = load_profile(name).model_dump(mode="json")
    written = json.loads(json.dumps(named))
    ranking = written["ranking"]
    for field in NAMED_FIELDS:
        ranking[field] = Profile.model_fields["ranking"].annotation.model_fields[field].get_default(  # type: ignore[union-attr]
            call_default_factory=True)
    ranking["special_hands"] = [s for s in ranking["special_hands"] if s.get("ante_back")]
    for special in ranking["special_hands"]:
        special.update(beats=None, place="beats_only")
    ranking["categories"] = [c.model_dump(mode="json") for c in expand(load_profile(name).ranking)]
    return named, written


def same_tables(named: Dict[str, Any], written: Dict[str, Any]) -> bool:
    """Whether both rankings compile to the same strength of every hand and the same upsets."""
    a = HandRanker(Profile.model_validate(named).ranking)
    b = HandRanker(Profile.model_validate(written).ranking)
    return a.table == b.table and a.upsets == b.upsets and a.category_order == b.category_order


def cpu_seconds(data: Dict[str, Any], hands: int) -> float:
    """The best of three rounds: CPU seconds to simulate ``hands`` four-player deals."""
    rules = compile_rules(Profile.model_validate(data))
    simulate(rules, players=4, hands=10, seed=1)  # warm the caches
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        simulate(rules, players=4, hands=hands, seed=7)
        best = min(best, time.process_time() - start)
    return best


def instructions(data: Dict[str, Any], hands: int) -> int:
    """Instructions callgrind counts for one process compiling the profile and simulating the deals."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(data, handle)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    try:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", CHILD, handle.name, str(hands)], capture_output=True, text=True, env=env)
    finally:
        os.unlink(handle.name)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind failed: {done.stderr[-800:]}")
    return int(found.group(1))


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="deals simulated per ranking (default 200)")
    parser.add_argument("--instructions", action="store_true", help="count instructions with valgrind")
    parser.add_argument("--names", nargs="+", default=list(NAMES), help=f"shipped profiles (default {' '.join(NAMES)})")
    args = parser.parse_args(argv)
    print(f"{'ranking':<14}{'same table':>11}{'named':>12}{'written':>12}{'ratio':>8}")
    for name in args.names:
        named, written = pair(name)
        same = same_tables(named, written)
        if args.instructions:
            a, b = float(instructions(named, args.hands)), float(instructions(written, args.hands))
            shown = f"{a / 1e6:>10.1f}Mi{b / 1e6:>10.1f}Mi"
        else:
            a, b = cpu_seconds(named, args.hands), cpu_seconds(written, args.hands)
            shown = f"{a:>11.3f}s{b:>11.3f}s"
        print(f"{name:<14}{'yes' if same else 'NO':>11}{shown}{b / a:>8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
