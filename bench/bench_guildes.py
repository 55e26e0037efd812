"""The Guildes kernel compiled vs the same source interpreted, ratio recorded in one run.

    python -m pytest bench/bench_guildes.py --benchmark-enable

Each case benchmarks the compiled kernel (``cython_ext/guildes*.py``) with
pytest-benchmark and times the interpreted one on the same inputs (median of
runs); ``extra_info["ratio"]`` is interpreted median / compiled median.
"""
import random

import numpy as np
import pytest

import engine
from bench.conftest import median_time, record
from cython_ext import select
from engine.guildes import edition as ed

compiled, twin = select.twins("guildes")
kc_mod, kp_mod = select.twins("kernel")
pytestmark = pytest.mark.skipif(compiled is None, reason="compiled kernel not built")


def kernels(players=4):
    game = engine.make_game("guildes", players)
    cfg = dict(ed.kernel_arrays(game.edition, players), players=players, size=game.layout.size,
               offsets=game.layout.offsets)
    return game, compiled.GuildesKernel(cfg), twin.GuildesKernel(cfg)


def test_vote_count(benchmark):
    game, kc, kp = kernels(4)
    rnd = random.Random(1)
    tables = [np.array([rnd.choice([0, 0, 1, 2, 3]) for _ in range(4 * game.G)], dtype=np.intc)
              for _ in range(100)]
    out = np.zeros(4, dtype=np.intc)

    def run(mod, k):
        def go():
            for t in tables:
                mod.count_votes(t, 4, game.G, 2, k.militia, k.mvotes, k.places, k.values, out)
        return go

    benchmark(run(compiled, kc))
    record(benchmark, "vote count x100", median_time(run(twin, kp), repeat=5))


def test_random_playout(benchmark):
    game, kc, kp = kernels(4)
    start = game.new_initial_state(0).buf

    def run(k, rng_cls):
        rng = rng_cls(7)

        def go():
            buf = start.copy()
            k.rollout(buf, rng)
        return go

    benchmark(run(kc, kc_mod.Rng))
    record(benchmark, "full playout", median_time(run(kp, kp_mod.Rng), repeat=5))


def test_determinize_play_phase(benchmark):
    game, kc, kp = kernels(4)
    s = game.new_initial_state(3)
    rng = kc_mod.Rng(3)
    while not (s.buf[game.layout["phase"]] == 3 and s.buf[game.layout["step"]] == 3):
        m = s.to_move()
        if m == (-1,):
            s.apply(-1, s.sample_chance(rng))
        else:
            s.apply(m[0], s.legal_moves(m[0])[0])
    view = s.observe(0).buf

    def run(k, rng_cls):
        r = rng_cls(1)

        def go():
            b = view.copy()
            k.determinize(b, 0, r)
        return go

    benchmark(run(kc, kc_mod.Rng))
    record(benchmark, "determinize (play phase)", median_time(run(kp, kp_mod.Rng), repeat=5, number=3))
