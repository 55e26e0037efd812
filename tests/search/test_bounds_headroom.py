"""bench/bench_bounds_headroom.py's exact bounds: the memoized brute force writes what the
plain one (tests/search/test_solver_bounds.Oracle) writes, and they cut at least as many nodes
as the kernel's bounds, which cut at least as many as none."""
import numpy as np
import pytest

from bench.bench_bounds_headroom import MemoOracle, btc_last_two_turns, nodes
from tests.search.solver_positions import endgame
from tests.search.test_solver_bounds import Oracle


@pytest.mark.parametrize("config,left,seed", [("wc-2p", 4, 2), ("btc-2p", 5, 1), ("btc-3p", 4, 1)])
def test_memoized_exact_bounds_are_the_brute_force_ones(config, left, seed):
    s = endgame(config, left, seed)
    k = s.game.kernel
    got = []
    for oracle in (Oracle(k, s.players), MemoOracle(k, s.players)):
        lo = np.zeros(16, dtype=np.intc)
        hi = np.zeros(16, dtype=np.intc)
        m = oracle.score_bounds(s.buf, lo, hi)
        got.append((lo[:m].tolist(), hi[:m].tolist()))
    assert got[0] == got[1]
    assert got[0][0] != got[0][1]  # a position whose ending is still open


@pytest.mark.parametrize("config,left,seed", [("wc-2p", 7, 2), ("btc-2p", 9, 1)])
def test_exact_bounds_cut_at_least_what_the_kernels_cut(config, left, seed):
    s = endgame(config, left, seed)
    none, kernel, exact = (nodes(s, b) for b in ("none", "kernel", "exact"))
    assert exact <= kernel < none


def test_exact_bounds_only_where_asked():
    s = endgame("btc-2p", 9, 1)
    k = s.game.kernel
    oracle = MemoOracle(k, s.players, btc_last_two_turns)
    lo = np.zeros(16, dtype=np.intc)
    hi = np.zeros(16, dtype=np.intc)
    assert btc_last_two_turns(k, s.buf)
    assert oracle.score_bounds(s.buf, lo, hi) == 2 and oracle.calls == 1
    early = endgame("btc-2p", 17, 1)
    assert not btc_last_two_turns(k, early.buf)
    oracle.score_bounds(early.buf, lo, hi)
    assert oracle.calls == 1  # the kernel's bounds there
