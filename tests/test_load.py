"""Load: a million-deal log in flat memory, a thousand profiles at once, a long simulation.

Slow (many minutes), so skipped unless ``BRAGRULES_LOAD=1``::

    BRAGRULES_LOAD=1 python -m pytest tests/test_load.py -q -s

The work is done by ``bench/load.py`` (which prints the same figures
without asserting anything); each command is a real process whose peak
resident memory is measured.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(os.environ.get("BRAGRULES_LOAD") != "1",
                                reason="load test: set BRAGRULES_LOAD=1 to run it")

MILLION = 1_000_000
TARGET_MB = 200
FLAT_MB = 30
"""How much more the audit of a million deals may take than the audit of ten thousand."""


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bragrules_bench_load", ROOT / "bench" / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return _bench()


def test_a_million_deal_log_is_audited_in_flat_memory(bench: ModuleType, tmp_path: Path) -> None:
    small = bench.audit_figure(tmp_path, 10_000)
    large = bench.audit_figure(tmp_path, MILLION)
    for found, deals in ((small, 10_000), (large, MILLION)):
        assert found["code"] == 0, found["stderr"][-2000:]
        assert found["ok"] and found["deal_count"] == deals
    print(f"\naudit --summary: 10,000 deals {small['seconds']:.1f} s, peak {small['peak_mb']:.1f} MB; "
          f"1,000,000 deals ({large['written']['bytes'] / 1e6:.0f} MB) {large['seconds']:.1f} s, "
          f"peak {large['peak_mb']:.1f} MB")
    assert large["peak_mb"] < TARGET_MB
    assert large["peak_mb"] - small["peak_mb"] < FLAT_MB


def test_a_thousand_profiles_in_one_validate_call(bench: ModuleType, tmp_path: Path) -> None:
    found = bench.validate_figure(tmp_path, 1_000)
    print(f"\nvalidate: 1,000 profiles {found['seconds']:.1f} s, peak {found['peak_mb']:.1f} MB")
    assert found["code"] == 0, found["stderr"][-2000:]
    assert found["ok_lines"] == 1_000
    assert found["peak_mb"] < TARGET_MB


def test_a_hundred_thousand_deals_simulated(bench: ModuleType, tmp_path: Path) -> None:
    if not bench.has_simulate():
        pytest.skip("this command line has no simulate command")
    found = bench.simulate_figure(tmp_path, 100_000)
    print(f"\nsimulate: 100,000 deals {found['seconds']:.1f} s, peak {found['peak_mb']:.1f} MB")
    assert found["code"] == 0, found["stderr"][-2000:]
    assert found["deals"] == 100_000
    assert found["peak_mb"] < TARGET_MB
