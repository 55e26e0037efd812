"""One monotonic clock (``cython_ext/clock.py``) for the search loop's and the solver's deadlines.

Deadlines are ``time.perf_counter()`` values made in Python; the loops read
``clock.now`` against them (compiled: ``clock_gettime(CLOCK_MONOTONIC)``
without the GIL).  A deadline just past must stop each loop at its first
look at the clock, one an hour away must not: a clock on another epoch or
unit (the wall clock, nanoseconds) fails one of the two.
"""
import ast
import os
import re
import time

import pytest

import engine
from cython_ext import select
from engine.perft import play_to_decision
from search import core
from search.solver import SolverLimit
from search.solver.exact import root_buffer
from search.solver.loop import make_search
from search.solver.table import TranspositionTable

HERE = os.path.dirname(select.__file__)


def test_the_clock_is_written_once_and_cimported_by_both_loops():
    defined = []
    for name in select.kernel_names():
        with open(os.path.join(HERE, name + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        defined += [name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "now"]
    assert defined == ["clock"]
    for name in ("ismcts", "solver_rows"):
        with open(os.path.join(HERE, name + ".pxd"), encoding="utf-8") as f:
            pxd = f.read()
        assert "from cython_ext.clock cimport now" in pxd
        assert not re.search(r"^cdef\b[^#\n]*\bnow\(", pxd, re.M)  # no second declaration


def test_the_interpreted_clock_is_perf_counter():
    clock = select.twins("clock")[1]
    a = time.perf_counter()
    t = clock.now()
    assert a <= t <= time.perf_counter()


def _guildes():
    return play_to_decision(engine.make("guildes", players=3, seed=1), 1)


def test_the_search_loop_reads_the_deadline_on_the_perf_counter_clock():
    s = _guildes()
    seat = s.to_move()[0]
    rng = select.load("kernel").Rng
    search = core.make_search(s.observe(seat), seat)
    assert search.run(rng(1), 40, time.perf_counter() - 1e-3, 0) == 1
    search = core.make_search(s.observe(seat), seat)
    assert search.run(rng(1), 40, time.perf_counter() + 3600.0, 0) == 40


@pytest.mark.parametrize("late, message", [(-1e-3, "ran out of time"), (3600.0, "more than 400 nodes")])
def test_the_solver_reads_the_deadline_on_the_perf_counter_clock(late, message):
    s = _guildes()
    table = TranspositionTable(s.players, 4, len(s.buf))
    search = make_search(s.game, "win", table, 400, deadline=time.perf_counter() + late)
    with pytest.raises(SolverLimit, match=message):
        search.value(root_buffer(s))
