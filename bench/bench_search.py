"""ISMCTS speed and memory on 4-player Guildes (run: pytest bench/ --benchmark-enable).

Each case runs a fixed number of iterations with the compiled loop (compiled
kernels) and with the interpreted loop (same compiled kernel, so the ratio
isolates the search loop), and records iterations/s and the ratio.
"""
from __future__ import annotations

import resource
import time

import pytest

from cython_ext import select
from engine.core import CHANCE, make_rng
from search import core
from tests.search.helpers import COMPILED, guildes_start

pytestmark = pytest.mark.skipif(not COMPILED, reason="needs the compiled ismcts and guildes kernels")

ITERS = 5000


def play_phase_start():
    """4-player Guildes at the first play step of round 1 (random draft)."""
    s = guildes_start(4, 1)
    g = s.game
    rng = make_rng(2)
    while g.phase(s) != 3:
        for seat in s.to_move():
            if seat == CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
            else:
                mv = s.legal_moves(seat)
                s.apply(seat, mv[rng.below(len(mv))])
    return s


POSITIONS = {"new_game": lambda: guildes_start(4, 1), "play_phase": play_phase_start}


def _pure_python_view(view):
    """The same view on a game object whose kernel is the interpreted Guildes kernel."""
    import copy

    from engine.core import State

    g = copy.copy(view.game)
    g.kernel = select.twins("guildes")[1].GuildesKernel(g.cfg)
    return State(g, view.buf.copy())


def _kernel_ceiling(view, seat, iters):
    """Iterations/s if an iteration were only determinize + rollout (no tree at all)."""
    k = view.game.kernel
    rng = select.twins("kernel")[0].Rng(3)
    w = view.buf.copy()
    t = time.perf_counter()
    for _ in range(iters):
        w[:] = view.buf
        k.determinize(w, seat, rng)
        k.rollout(w, rng)
    return iters / (time.perf_counter() - t)


def _ips(view, seat, impl, iters):
    s = core.make_search(view, seat, impl=impl)
    rng = select.twins("kernel")[0].Rng(7)
    t = time.perf_counter()
    s.run(rng, iters, 0.0, 0)
    return iters / (time.perf_counter() - t)


@pytest.mark.parametrize("where", list(POSITIONS))
def test_bench_ismcts_iterations_per_second(benchmark, where):
    st = POSITIONS[where]()
    seat = st.to_move()[0]
    view = st.observe(seat)
    loop_py = _ips(view, seat, "python", 500)
    pure = _ips(_pure_python_view(view), seat, "python", 30)
    ceiling = _kernel_ceiling(view, seat, 3000)

    def run():
        return _ips(view, seat, "compiled", ITERS)

    benchmark.pedantic(run, rounds=5, iterations=1)
    med = ITERS / benchmark.stats.stats.median
    benchmark.extra_info["iterations_per_s"] = round(med)
    benchmark.extra_info["python_loop_iterations_per_s"] = round(loop_py)
    benchmark.extra_info["ratio"] = round(med / loop_py, 1)
    benchmark.extra_info["pure_python_iterations_per_s"] = round(pure, 1)
    benchmark.extra_info["ratio_to_pure_python"] = round(med / pure, 1)
    benchmark.extra_info["kernel_only_iterations_per_s"] = round(ceiling)
    print(f"\n{where}: compiled {med:.0f} it/s; interpreted loop on the compiled kernel {loop_py:.0f} it/s "
          f"(ratio {med / loop_py:.1f}); all interpreted {pure:.0f} it/s (ratio {med / pure:.0f}); "
          f"determinize+rollout alone {ceiling:.0f}/s")


def test_bench_ismcts_memory_for_a_million_iterations(benchmark):
    view = guildes_start(4, 1).observe(0)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    def run():
        s = core.make_search(view, 0, impl="compiled", max_nodes=1_000_000)
        s.run(select.twins("kernel")[0].Rng(1), 1_000_000, 0.0, 0)
        return s

    s = benchmark.pedantic(run, rounds=1, iterations=1)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    benchmark.extra_info["nodes"] = s.node_count()
    benchmark.extra_info["edges"] = s.edge_count()
    benchmark.extra_info["tree_mb"] = round(s.memory_bytes() / 2**20, 1)
    benchmark.extra_info["rss_growth_mb"] = round((after - before) / 1024, 1)
    assert s.node_count() <= 1_000_000
    print(f"\n1M iterations: {s.node_count()} nodes, {s.edge_count()} edges, "
          f"tree {s.memory_bytes() / 2**20:.1f} MB, max RSS growth {(after - before) / 1024:.1f} MB")
