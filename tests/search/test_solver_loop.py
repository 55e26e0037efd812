"""The compiled search loop (cython_ext/solver_search.py) against the Python search it replaces.

Both follow the same rules in the same order, so with the same table they
must agree on every value, every move value, the equilibria, the principal
variation and even the node count.  Run in both modes (the loop interpreted
under GUILDHALL_PUREPYTHON=1); the brute-force cross-checks of
test_solver_exact.py go through the loop too, since it is the default.
"""
import threading

import numpy as np
import pytest

from cython_ext import select
from cython_ext.reward_modes import REWARD_CODES
from search.solver import Solver, SolverLimit, solve
from search.solver.exact import Search, root_buffer
from search.solver.loop import LoopSearch, make_search
from search.solver.table import TranspositionTable
from tests.search.solver_positions import CONFIGS, endgame

EPS = 1e-12

CASES = [("guildes-3p", 9, "win"), ("guildes-4p", 6, "win"), ("btc-2p", 8, "win"), ("btc-3p", 7, "win"),
         ("cag-3p", 3, "win"), ("wc-2p", 6, "win"), ("btc-3p", 5, "rank"), ("guildes-3p", 5, "rank"),
         ("wc-2p", 4, "score"), ("btc-2p", 5, "rank")]


@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_loop_is_used_in_every_game(config):
    s = endgame(config, 3, 1)
    for reward in ("win", "rank", "score"):
        t = TranspositionTable(s.players, 1, len(s.buf))
        assert isinstance(make_search(s.game, reward, t, 10), LoopSearch)
        assert type(make_search(s.game, reward, t, 10, loop=False)) is Search


@pytest.mark.parametrize("config,left,reward", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_loop_matches_the_python_search_node_for_node(config, left, reward, seed):
    s = endgame(config, left, seed)
    a = solve(s, reward=reward, max_nodes=2_000_000)
    b = solve(s, reward=reward, max_nodes=2_000_000, loop=False)
    assert a.value == pytest.approx(b.value, abs=EPS)
    assert a.values.keys() == b.values.keys()
    for m in b.values:
        assert a.values[m] == pytest.approx(b.values[m], abs=EPS)
    assert (a.best, a.equilibria, a.pv, a.fallback) == (b.best, b.equilibria, b.pv, b.fallback)
    assert a.nodes == b.nodes


@pytest.mark.parametrize("config,left", [("btc-2p", 7), ("wc-2p", 5)])
def test_max_n_in_the_loop_matches_too(config, left):
    s = endgame(config, left, 1)
    a = solve(s, alphabeta=False, max_nodes=2_000_000)
    b = solve(s, alphabeta=False, max_nodes=2_000_000, loop=False)
    assert a.value == pytest.approx(b.value, abs=EPS) and a.nodes == b.nodes


@pytest.mark.parametrize("config,left", [("guildes-3p", 8), ("btc-3p", 6), ("wc-2p", 6)])
def test_every_array_grows_from_a_tiny_start(config, left):
    s = endgame(config, left, 1)
    loop = select.load("solver_search")
    zero_sum = s.players == 2
    big = loop.Searcher(s.game.kernel, TranspositionTable(s.players, 4, len(s.buf)), s.players, REWARD_CODES["win"],
                        1.0, zero_sum, True, True)
    tiny = loop.Searcher(s.game.kernel, TranspositionTable(s.players, 4, len(s.buf)), s.players, REWARD_CODES["win"],
                         1.0, zero_sum, True, True, 2)
    buf = root_buffer(s)
    assert tiny.value(buf) == big.value(buf)
    assert tiny.nodes == big.nodes and tiny.cap > 2


def test_the_root_buffer_is_left_alone():
    s = endgame("guildes-3p", 6, 1)
    buf = root_buffer(s)
    before = buf.copy()
    t = TranspositionTable(s.players, 4, len(buf))
    make_search(s.game, "win", t, 10_000).value(buf)
    assert np.array_equal(buf, before)


def test_limits_reach_the_loop():
    s = endgame("btc-2p", 12, 1)  # 1,978 nodes (246 at 10 before the bounds)
    with pytest.raises(SolverLimit, match="more than 50 nodes"):
        solve(s, max_nodes=50)
    stop = threading.Event()
    stop.set()
    with pytest.raises(SolverLimit, match="stopped"):
        solve(s, stop=stop)
    with pytest.raises(SolverLimit, match="time"):
        Solver(time=1e-6).solve(endgame("btc-2p", 14, 1))


@pytest.mark.parametrize("config,left", [("btc-2p", 9), ("wc-2p", 6), ("wc-2p", 1), ("cag-3p", 3),
                                         ("guildes-3p", 8), ("btc-3p", 6)])
@pytest.mark.parametrize("loop", [True, False])
def test_value_and_best_move_only_agree_with_every_move_solved(config, left, loop):
    s = endgame(config, left, 1)
    full = solve(s, max_nodes=2_000_000, loop=loop)
    short = solve(s, max_nodes=2_000_000, loop=loop, move_values=False)
    assert short.value == pytest.approx(full.value, abs=EPS)
    if len(full.movers) == 1:  # the same best move (ties to the lowest), and only it listed
        assert short.best == full.best and list(short.values) == [full.best]
