"""The paranoid search in the compiled loop (cython_ext/solver_descent.py) against the Python one,
and the kernels' score bounds in both.

The two follow the same rules in the same order, so with the same table they agree on the
value, every root move's value, the principal variation and the node count.  The bounds end
a node whose value they settle and search one move or outcome where they settle the asking
seat's reward: the values must not move (brute force, bounds off), only the nodes.  Run in
both modes (the loop interpreted under GUILDHALL_PUREPYTHON=1).
"""
import math

import pytest

from search.solver import solve
from search.solver.best_reply import BestReply
from search.solver.loop import LoopParanoid, make_paranoid
from search.solver.paranoid import Paranoid
from search.solver.table import TranspositionTable
from tests.search.solver_positions import CONFIGS, endgame
from tests.search.test_solver_paranoid import paranoid_brute

EPS = 1e-9

CASES = [("guildes-3p", 10, "win"), ("guildes-4p", 8, "win"), ("btc-3p", 9, "win"), ("cag-3p", 5, "win"),
         ("guildes-3p", 7, "rank"), ("btc-3p", 7, "rank"), ("cag-3p", 4, "rank"), ("cag-3p", 4, "score"),
         ("guildes-3p", 6, "score")]


@pytest.mark.parametrize("config", [c for c in CONFIGS if not c.endswith("2p")])
def test_the_loop_runs_the_paranoid_search_and_python_the_best_reply_one(config):
    s = endgame(config, 3, 1)
    t = TranspositionTable(s.players, 1, len(s.buf))
    assert isinstance(make_paranoid(Paranoid, s.game, "win", t, 10, me=0), LoopParanoid)
    assert type(make_paranoid(Paranoid, s.game, "win", t, 10, me=0, loop=False)) is Paranoid
    assert type(make_paranoid(BestReply, s.game, "win", t, 10, me=0)) is BestReply


def _every(sol):
    return sol.value, sol.values, sol.best, sol.pv, sol.nodes


@pytest.mark.parametrize("config,left,reward", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_loop_matches_the_python_paranoid_search_node_for_node(config, left, reward, seed):
    s = endgame(config, left, seed)
    for seat in sorted({s.to_move()[0], (s.to_move()[0] + 1) % s.players}):
        a = solve(s, reward=reward, paranoid=True, seat=seat, max_nodes=2_000_000)
        b = solve(s, reward=reward, paranoid=True, seat=seat, max_nodes=2_000_000, loop=False)
        assert a.value[seat] == pytest.approx(b.value[seat], abs=EPS)
        assert all(math.isnan(x) for i, x in enumerate(a.value) if i != seat)
        assert a.values.keys() == b.values.keys()
        for m in b.values:
            assert a.values[m][seat] == pytest.approx(b.values[m][seat], abs=EPS)
        assert (a.best, a.pv, a.nodes) == (b.best, b.pv, b.nodes)


@pytest.mark.parametrize("config,left", [("guildes-3p", 8), ("btc-3p", 8), ("cag-3p", 4), ("guildes-4p", 6)])
def test_the_bounds_save_nodes_and_change_no_paranoid_value(config, left):
    # the bounds' paths (a settled node, one move or outcome for a settled seat) are taken
    # here: fewer nodes over the seeds; the values stay the brute force's
    saved = 0
    for seed in (1, 2, 3):
        s = endgame(config, left, seed)
        seat = s.to_move()[0]
        with_ = solve(s, paranoid=True, seat=seat, max_nodes=2_000_000)
        without = solve(s, paranoid=True, seat=seat, max_nodes=2_000_000, bounds=False)
        truth = paranoid_brute(s, seat)
        assert with_.value[seat] == pytest.approx(truth, abs=EPS)
        assert without.value[seat] == pytest.approx(truth, abs=EPS)
        assert with_.best == without.best
        saved += without.nodes - with_.nodes
    assert saved > 0


def test_the_loop_keeps_to_its_node_budget():
    from search.solver import SolverLimit

    s = endgame("cag-3p", 7, 1)
    with pytest.raises(SolverLimit):
        solve(s, paranoid=True, max_nodes=50, bounds=False)
