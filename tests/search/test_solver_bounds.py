"""The solver's use of score bounds (``Kernel.score_bounds``): a position whose winner (or
ranking) the bounds settle is not searched, a seat whose reward they settle plays its lowest
move and is never tested at a simultaneous step; values never change.

An oracle kernel (the real kernel plus bounds from a brute force over every continuation:
the tightest sound bounds) drives both the Python search and, interpreted, the loop, on every
kind of node: two seats (alpha-beta), a rival (Jamey), simultaneous steps, chance.
"""
import numpy as np
import pytest

from cython_ext import select
from cython_ext.reward_modes import REWARD_CODES
from engine.core import CHANCE
from search.solver import Solver, solve
from search.solver.exact import Search, kernel_has_bounds, root_buffer
from search.solver.table import TranspositionTable
from tests.search.bounds_helpers import assert_same_solution
from tests.search.solver_positions import endgame

EPS = 1e-12
RANK_KEYS = select.load("kernel").RANK_KEYS


class Oracle:
    """``kernel`` with exact bounds: the lowest and highest final first rank-key word of every
    competitor over all continuations (every move, every chance outcome)."""

    def __init__(self, kernel, players):
        self.k = kernel
        self.players = players
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.k, name)

    def score_bounds(self, buf, lo, hi):
        self.calls += 1
        ends = []
        self._walk(np.array(buf, dtype=np.intc), ends)
        m = len(ends[0])
        for c in range(m):
            lo[c] = min(e[c] for e in ends)
            hi[c] = max(e[c] for e in ends)
        return m

    def _walk(self, buf, ends):
        out = np.zeros(max(self.k.max_moves, 8), dtype=np.intc)
        n = self.k.to_move(buf, out)
        if n == 0:
            keys = np.zeros((self.players + 8) * RANK_KEYS, dtype=np.intc)
            m = self.k.rank_keys(buf, keys)
            ends.append([int(keys[c * RANK_KEYS]) for c in range(m)])
            return
        seat = int(out[0])
        if seat == CHANCE:
            probs = np.zeros(len(out))
            moves = out[:self.k.chance(buf, out, probs)].tolist()
        else:  # one seat at a time, even at a simultaneous step: the same endings
            moves = out[:self.k.legal(buf, seat, out)].tolist()
        for mv in moves:
            c = buf.copy()
            self.k.apply(c, seat, mv)
            self._walk(c, ends)


def oracle_search(s, reward, bounds=True):
    search = Search(s.game, reward, TranspositionTable(s.players, 8, len(s.buf)), 10_000_000, bounds=bounds)
    search.k = Oracle(search.k, s.players)
    search.bounds = bounds and reward in ("win", "rank")
    return search


# (config, decisions left, seed): two seats; a rival; simultaneous steps; chance
CASES = [("wc-2p", 4, 1), ("wc-2p", 5, 2), ("btc-2p", 3, 1), ("guildes-3p", 4, 1), ("guildes-4p", 4, 2),
         ("cag-3p", 3, 2), ("btc-3p", 3, 1)]


@pytest.mark.parametrize("config,left,seed", CASES)
@pytest.mark.parametrize("reward", ["win", "rank"])
def test_exact_bounds_change_no_value_and_cut_nodes(config, left, seed, reward):
    s = endgame(config, left, seed)
    buf = root_buffer(s)
    plain = oracle_search(s, reward, bounds=False)
    want = plain.value(buf)
    with_bounds = oracle_search(s, reward)
    got = with_bounds.value(buf)
    assert got == pytest.approx(want, abs=1e-9)
    assert with_bounds.k.calls > 0 and plain.k.calls == 0
    assert with_bounds.nodes <= plain.nodes


def test_exact_bounds_cut_nodes_in_every_kind_of_search():
    cut = 0
    for config, left, seed in CASES:
        s = endgame(config, left, seed)
        a, b = oracle_search(s, "win"), oracle_search(s, "win", bounds=False)
        a.value(root_buffer(s))
        b.value(root_buffer(s))
        cut += a.nodes < b.nodes
    assert cut >= len(CASES) - 1


@pytest.mark.skipif(not select.pure_python_forced(), reason="the loop takes a Python kernel only interpreted")
@pytest.mark.parametrize("config,left,seed", CASES)
@pytest.mark.parametrize("reward", ["win", "rank"])
def test_the_loop_reads_bounds_as_the_python_search_does(config, left, seed, reward):
    s = endgame(config, left, seed)
    buf = root_buffer(s)
    py = oracle_search(s, reward)
    loop = select.load("solver_search")
    zero_sum = s.players == 2 and not config.startswith("btc-2p")
    c = loop.Searcher(Oracle(s.game.kernel, s.players), TranspositionTable(s.players, 8, len(s.buf)),
                      s.players, REWARD_CODES[reward], 1.0, zero_sum, True,
                      reward == "win")
    c.bounds = True
    assert c.value(buf) == pytest.approx(py.value(buf), abs=EPS)
    assert c.nodes == py.nodes


def test_only_kernels_with_bounds_of_their_own_are_asked():
    for config in ("cag-3p", "wc-2p", "btc-2p", "btc-3p", "guildes-3p"):
        assert kernel_has_bounds(endgame(config, 3, 1).game.kernel)
    assert not kernel_has_bounds(select.load("kernel").Kernel(2, 4, 1))  # the base writes none


@pytest.mark.parametrize("left,seed", [(4, 3), (5, 5), (4, 1)])
@pytest.mark.parametrize("reward", ["win", "rank"])
def test_city_and_guilds_loop_and_python_agree_node_for_node_with_bounds(left, seed, reward):
    s = endgame("cag-3p", left, seed)
    a = solve(s, reward=reward)
    b = solve(s, reward=reward, loop=False)
    assert a.value == pytest.approx(b.value, abs=EPS)
    assert (a.best, a.pv, a.nodes) == (b.best, b.pv, b.nodes)
    assert a.nodes < solve(s, reward=reward, bounds=False).nodes


def test_city_and_guilds_last_draws_and_refills_are_searched_once():
    # the steps that change nothing (score_bounds < 0): one move or outcome each; 6 decisions
    # from the end, seed 1: 3,697 nodes without the kernel's hook, 147 with it (1,486 with the
    # bounds alone, session 5)
    s = endgame("cag-3p", 6, 1)
    on = solve(s, loop=False)
    off = solve(s, loop=False, bounds=False)
    assert_same_solution(on, off, EPS)
    assert on.nodes * 10 < off.nodes
