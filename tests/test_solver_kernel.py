"""The solver's compiled sums (``bragrules/solver/_kernel.c``) equal the numpy code bit for bit.

The kernel is built here from its source when the checkout has not built it (a C compiler is
needed; without one these tests skip), then the same sums and the same solve run both ways and
every number is compared exactly, as bytes.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

np = pytest.importorskip("numpy")

import bragrules.solver.hands as hands  # noqa: E402
from bragrules.solver import solver_for  # noqa: E402
from bragrules.solver.hands import HandSpace  # noqa: E402

from .test_solver import short  # noqa: E402

SOURCE = Path(hands.__file__).with_name("_kernel.c")


def _build(target: Path) -> ModuleType:
    """The kernel compiled into ``target`` by setuptools, as setup.py compiles it, and imported."""
    script = (
        "import sys\n"
        "from setuptools import Extension, setup\n"
        f"setup(name='k', script_args=['build_ext', '--build-lib', {str(target)!r}, '--build-temp', {str(target / 'tmp')!r}],\n"
        f"      ext_modules=[Extension('_kernel', [{str(SOURCE)!r}], extra_compile_args=['-O2', '-ffp-contract=off', '-fno-fast-math'])])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"the C kernel does not build here: {done.stderr.strip().splitlines()[-1:]}")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    spec = importlib.util.spec_from_file_location("_kernel", target / f"_kernel{suffix}")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    if hands._compiled is not None:
        return hands._compiled
    return _build(tmp_path_factory.mktemp("kernel"))


@pytest.fixture
def with_kernel(kernel: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.setattr(hands, "_compiled", kernel)
    yield kernel


def _same(a: object, b: object) -> bool:
    return bool(np.asarray(a).tobytes() == np.asarray(b).tobytes())


@pytest.mark.parametrize("base,keep", [("standard", "JQKA"), ("teen-patti", "TJQKA"), ("traditional", "9TJQKA")])
def test_compiled_sums_equal_numpy_bit_for_bit(with_kernel: ModuleType, base: str, keep: str) -> None:
    space = HandSpace(*_space_args(base, keep))  # a space of its own: its compiled tables made here
    rng = np.random.default_rng(3)
    for trial in range(6):
        w = rng.random(space.n_hands) * (rng.random(space.n_hands) < 0.6)
        if trial == 1:
            w = np.ones(space.n_hands)
        if trial == 2:
            w = np.zeros(space.n_hands)
        if trial == 3:
            w = rng.random(space.n_hands) * 1e-300  # subnormal territory: the same roundings
        pure, compiled = space.sums(w, compiled=False), space.sums(w, compiled=True)
        for name in ("disjoint", "weaker", "not_stronger"):
            assert _same(getattr(pure, name), getattr(compiled, name)), (base, trial, name)
    assert hands.compiled_available()


def _space_args(base: str, keep: str) -> tuple:
    rules = short(base, keep)
    space = HandSpace.for_rules(rules)
    return space.cards, {h: int(space.strength[i]) for i, h in enumerate(space.hands)}


def test_a_solve_with_the_kernel_equals_the_pure_solve_bit_for_bit(with_kernel: ModuleType,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    rules = short("standard", "JQKA")
    runs = []
    for compiled in (True, False):
        if not compiled:
            monkeypatch.setattr(hands, "_compiled", None)
        cfr = solver_for(rules, max_raises=1, levels=2)
        for _ in range(25):
            cfr.iterate()
        runs.append((cfr, cfr.evaluate()))
    (fast, fast_eval), (pure, pure_eval) = runs
    assert fast_eval == pure_eval  # values, best responses and exploitability, exactly
    assert fast_eval[2] > 0
    for d in pure.tree.decisions:
        assert _same(fast.regrets[d.id], pure.regrets[d.id]), d.id
        assert _same(fast.sums[d.id], pure.sums[d.id]), d.id


def test_asking_for_the_kernel_when_it_is_not_built_says_how_to_build_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hands, "_compiled", None)
    space = HandSpace.for_rules(short("standard", "JQKA"))
    with pytest.raises(RuntimeError, match="BRAGRULES_COMPILE=solver"):
        space.sums(np.ones(space.n_hands), compiled=True)
    assert not hands.compiled_available()


def test_the_kernel_refuses_tables_out_of_range_and_arrays_of_the_wrong_size(kernel: ModuleType) -> None:
    local = np.array([[0, 1, 2], [1, 2, 3]], dtype=np.int64)
    pairs = np.array([[0, 1, 3], [3, 4, 5]], dtype=np.int64)
    order = np.array([0, 1], dtype=np.int64)
    strength = np.array([1, 2], dtype=np.int64)
    with pytest.raises(IndexError):
        kernel.tables(local, pairs, order, strength, 3, 6)  # card 3 of 3
    with pytest.raises(IndexError):
        kernel.tables(local, pairs, np.array([0, 2], dtype=np.int64), strength, 4, 6)
    with pytest.raises(ValueError, match="sort"):
        kernel.tables(local, pairs, np.array([1, 0], dtype=np.int64), strength, 4, 6)
    with pytest.raises(TypeError, match="int64"):
        kernel.tables(local.astype(np.int32), pairs, order, strength, 4, 6)
    tables = kernel.tables(local, pairs, order, strength, 4, 6)
    out = [np.empty(2) for _ in range(3)]
    with pytest.raises(ValueError, match="entries"):
        kernel.sums(tables, np.ones(3), *out)
    with pytest.raises(TypeError, match="float64"):
        kernel.sums(tables, np.ones(2, dtype=np.float32), *out)
    kernel.sums(tables, np.array([1.0, 2.0]), *out)
    disjoint, weaker, not_stronger = out
    assert disjoint.tolist() == [0.0, 0.0]  # the two hands share cards 1 and 2
    assert weaker.tolist() == [0.0, 0.0] and not_stronger.tolist() == [0.0, 0.0]


def test_the_current_strategy_kept_between_walks_is_regret_matching_of_the_regrets() -> None:
    cfr = solver_for(short("standard", "JQKA"), max_raises=1, levels=1)
    for _ in range(7):
        cfr.iterate()
    for d in cfr.tree.decisions:
        kept = cfr.current(d)
        fresh = cfr._matched(cfr.regrets[d.id])
        assert np.allclose(kept, fresh, rtol=0, atol=1e-12), d.id
        assert np.allclose(kept.sum(axis=0), 1.0)
