"""City and Guilds kernel: compiled vs interpreted, ratio recorded in one run.

    python -m pytest bench/bench_city_and_guilds.py --benchmark-enable

Each case benchmarks the compiled kernel with pytest-benchmark and times the
same source interpreted on the same inputs (median of runs);
``extra_info["ratio"]`` is interpreted median / compiled median.
"""
import random

import numpy as np
import pytest

import engine
from bench.conftest import median_time, record
from cython_ext import select
from engine.core import CHANCE

compiled, interpreted = select.twins("city_and_guilds")
kc_mod, kp_mod = select.twins("kernel")
pytestmark = pytest.mark.skipif(compiled is None, reason="compiled kernel not built")


def kernels(players=4):
    game = engine.make_game("city_and_guilds", players)
    args = game.kernel_args()
    return game, compiled.CityAndGuildsKernel(*args), interpreted.CityAndGuildsKernel(*args)


def midgame(game, seed=3, plies=150):
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        m = s.to_move()
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(kc_mod.Rng(rnd.randrange(1 << 30))))
        else:
            s.apply(m[0], rnd.choice(s.legal_moves(m[0])))
    return s


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


def test_legal_placements(benchmark):
    game, kc, kp = kernels(4)
    states = [midgame(game, seed, 60 + 10 * seed) for seed in range(5)]
    states = [s for s in states if s.to_move() and s.to_move()[0] >= 0]
    out = np.zeros(kc.max_moves, dtype=np.intc)

    def run(k):
        def go():
            for s in states:
                k.legal(s.buf, s.to_move()[0], out)
        return go

    benchmark(run(kc))
    record(benchmark, f"legal moves x{len(states)}", median_time(run(kp), repeat=5, number=5))


def test_chains_and_block_counts(benchmark):
    game, kc, kp = kernels(4)
    s = midgame(game, 5, 170)
    S = game.map.spaces
    arrs = [np.zeros(S, dtype=np.intc) for _ in range(4)]

    def run(k):
        def go():
            k.chains(s.buf, *arrs)
            for b in range(game.map.blocks):
                k.guild_control(s.buf, b)
                buf = s.buf.copy()
                k.score_block(buf, b)
            for g in range(4):
                k.guild_chain_value(s.buf, g)
        return go

    benchmark(run(kc))
    record(benchmark, "chains + guild control + block scoring", median_time(run(kp), repeat=5))


def test_final_count(benchmark):
    game, kc, kp = kernels(4)
    s = midgame(game, 6, 190)

    def run(k):
        def go():
            buf = s.buf.copy()
            k.final_count(buf)
        return go

    benchmark(run(kc))
    record(benchmark, "final count", median_time(run(kp), repeat=5, number=5))


def sweep_views(players, count, seed=0):
    """``count`` views (buffer, seat) from random games: every decision, the view of
    one seat drawn at random (the mover or not), in every phase."""
    game = engine.make_game("city_and_guilds", players)
    rnd = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        s = game.new_initial_state(seed * 1000 + g)
        g += 1
        while s.to_move() and len(out) < count:
            m = s.to_move()
            if m == (CHANCE,):
                s.apply(CHANCE, s.sample_chance(kc_mod.Rng(rnd.randrange(1 << 30))))
                continue
            seat = rnd.randrange(players)
            out.append((s.observe(seat).buf.copy(), seat))
            mover = m[rnd.randrange(len(m))]
            s.apply(mover, rnd.choice(s.legal_moves(mover)))
    return game, out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_determinize_sweep(benchmark, players):
    """Issue 13's bound on every determinize call: p99 <= 1 ms, max <= 20 ms, over
    10,000 views of random states (every phase, every seat)."""
    import time

    game, views = sweep_views(players, 10_000)
    k = game.kernel
    rng = kc_mod.Rng(5)
    times = []
    for buf, seat in views:
        w = buf.copy()
        t = time.perf_counter()
        k.determinize(w, seat, rng)
        times.append(time.perf_counter() - t)
    times.sort()
    p50, p99, worst = times[len(times) // 2], times[len(times) * 99 // 100], times[-1]
    benchmark.extra_info.update(states=len(times), p50_us=p50 * 1e6, p99_us=p99 * 1e6, max_us=worst * 1e6)
    print(f"\n{players} players, {len(times)} views: determinize p50 {p50 * 1e6:.1f} us, "
          f"p99 {p99 * 1e6:.1f} us, max {worst * 1e6:.1f} us")
    assert p99 <= 1e-3 and worst <= 20e-3
    buf, seat = views[len(views) // 2]

    def one():
        w = buf.copy()
        k.determinize(w, seat, rng)
    benchmark(one)
