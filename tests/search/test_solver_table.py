"""The solver's compiled table: same keys in both modes, bounded, exact under eviction."""
import numpy as np
import pytest

from cython_ext import select
from engine.errors import BadConfig
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


@pytest.mark.parametrize("players", [2, 3, 6, 7])
def test_the_table_fills_its_budget_and_never_exceeds_it(players):
    # docs/solver.md: "allocated at that size"; until session 52 the buckets were a power of two
    # counted after the multipliers, so every power-of-two budget (the default 64 MB) got half
    for mb in (1, 3, 64):
        t = TranspositionTable(players, mb, 2000)
        assert t.nbytes <= mb << 20 and t.entry_bytes <= 64
        assert t.nbytes > 0.99 * (mb << 20)


def test_keys_spread_over_buckets_that_are_no_power_of_two():
    t = TranspositionTable(3, 1, 8)
    assert t.buckets & (t.buckets - 1)  # 1 MB over 40-byte entries: 13,046 buckets
    hit = np.zeros(t.buckets, dtype=np.int64)
    rng = np.random.default_rng(5)
    for _ in range(20 * t.buckets):
        b, _ = t.key(rng.integers(-50, 50, 8).astype(np.intc))
        hit[b] += 1
    assert hit.min() > 0 and hit.max() < 60  # every bucket reached, none crowded (mean 20)


def test_a_budget_the_machine_cannot_hold_is_a_clear_error(monkeypatch):
    import search.solver.table as table

    class Refused:
        def __init__(self, *args):
            raise MemoryError("Unable to allocate 32.0 GiB")

    monkeypatch.setattr(table._table, "SolverTable", Refused)
    with pytest.raises(BadConfig, match="cannot allocate the solver's 65536 MB table"):
        TranspositionTable(2, 65536, 100)


def test_a_buffer_of_the_wrong_size_is_refused():
    t = TranspositionTable(2, 1, 8)
    with pytest.raises(ValueError):
        t.key(np.zeros(9, dtype=np.intc))
