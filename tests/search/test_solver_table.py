"""The solver's compiled table: same keys in both modes, bounded, exact under eviction."""
import numpy as np
import pytest

from cython_ext import select
from search.solver.table import EXACT, LOWER, TranspositionTable


def modes():
    compiled, interpreted = select.twins("solver_table")
    return [m for m in (compiled, interpreted) if m is not None]


def test_both_modes_give_the_same_keys_on_random_buffers():
    compiled, interpreted = select.twins("solver_table")
    if compiled is None:
        pytest.skip("the compiled table is not in use")
    rng = np.random.default_rng(5)
    for size in (1, 17, 701):
        a, b = compiled.SolverTable(3, 1, size), interpreted.SolverTable(3, 1, size)
        for _ in range(30):
            buf = rng.integers(-3, 1 << 20, size).astype(np.intc)
            assert a.key(buf) == b.key(buf)


@pytest.mark.parametrize("mod", modes(), ids=lambda m: select.mode(m))
def test_one_word_changed_changes_the_key(mod):
    t = mod.SolverTable(2, 1, 64)
    buf = np.zeros(64, dtype=np.intc)
    seen = {t.key(buf)}
    for i in range(64):
        for d in (1, -1, 2):
            c = buf.copy()
            c[i] = d
            seen.add(t.key(c))
    assert len(seen) == 1 + 64 * 3


@pytest.mark.parametrize("mod", modes(), ids=lambda m: select.mode(m))
def test_store_probe_replace_and_clear(mod):
    t = mod.SolverTable(3, 1, 8)
    buf = np.arange(8, dtype=np.intc)
    k = t.key(buf)
    assert t.get(k) is None
    t.put(k, (0.25, 0.5, 0.25), 7, LOWER)
    assert t.get(k) == ((0.25, 0.5, 0.25), LOWER)
    t.put(k, (1.0, 0.0, 0.0), 9, EXACT)  # the same key overwrites its slot
    assert t.get(k) == ((1.0, 0.0, 0.0), EXACT) and t.used() == 1
    # two more keys in the same bucket: the cheaper of the two residents goes
    b, _ = k
    t.put((b, 12345), (0.0, 1.0, 0.0), 100, EXACT)
    t.put((b, 999), (0.0, 0.0, 1.0), 50, EXACT)
    assert t.replaced == 1 and t.get(k) is None and t.get((b, 12345)) is not None
    t.clear()
    assert t.used() == 0 and t.get((b, 999)) is None


@pytest.mark.parametrize("players", [2, 6, 7])
def test_the_table_never_exceeds_its_budget(players):
    for mb in (1, 3):
        t = TranspositionTable(players, mb, 2000)
        assert t.nbytes <= mb << 20 and t.entry_bytes <= 64


def test_a_buffer_of_the_wrong_size_is_refused():
    t = TranspositionTable(2, 1, 8)
    with pytest.raises(ValueError):
        t.key(np.zeros(9, dtype=np.intc))
