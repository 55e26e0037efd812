"""Between Two Cities kernel: compiled vs interpreted (same source), ratio recorded in one run.

    python -m pytest bench/bench_between_two_cities.py --benchmark-enable

Each case benchmarks the compiled kernel with pytest-benchmark and times the
interpreted one on the same inputs (median of runs); ``extra_info["ratio"]``
is interpreted median / compiled median.  Cases: city scoring (all types, shop partition and
factory majority), legal placement generation, random playout of a whole game.
"""
import random

import numpy as np
import pytest

import engine
from bench.conftest import median_time, record
from cython_ext import select

compiled, twin = select.twins("between_two_cities")
scoring_c, scoring_py = select.twins("between_two_cities_scoring")
kc_mod, kp_mod = select.twins("kernel")
pytestmark = pytest.mark.skipif(compiled is None, reason="compiled kernel not built")


def kernels(players=4, variants=()):
    game = engine.make_game("between_two_cities", players, variants)
    return game, compiled.BetweenTwoCitiesKernel(game.kernel_cfg), twin.BetweenTwoCitiesKernel(game.kernel_cfg)


def finished_states(game, kc, n):
    out = []
    for seed in range(n):
        buf = game.new_initial_state(seed).buf
        kc.rollout(buf, kc_mod.Rng(seed))
        out.append(buf)
    return out


def test_city_scoring(benchmark):
    game, kc, kp = kernels(5, ("districts",))
    bufs = finished_states(game, kc, 20)
    out = np.zeros(game.NC, dtype=np.intc)

    def run(k):
        def go():
            for b in bufs:
                k.city_scores(b, out)
        return go

    benchmark(run(kc))
    record(benchmark, "city scoring x20 games (5 cities, districts)", median_time(run(kp), repeat=3))


def test_shop_partition(benchmark):
    game, kc, kp = kernels(3)
    rnd = random.Random(3)
    base = game.layout["city"]
    shop = 2 + game.kind_names.index("shop")
    bufs = []
    for _ in range(20):
        b = game.new_initial_state(0).buf
        for x in range(81):
            if 2 <= x // 9 <= 6 and 2 <= x % 9 <= 6 and rnd.random() < 0.5:
                b[base + x] = shop
        bufs.append(b)

    def run(mod, k):
        def go():
            for b in bufs:
                mod.score_one_city(k, b, base, game.NMAT)
        return go

    benchmark(run(scoring_c, kc))
    record(benchmark, "shop partition x20 cities (~12 shops)", median_time(run(scoring_py, kp), repeat=3))


def test_legal_placements(benchmark):
    game, kc, kp = kernels(4)
    rnd = random.Random(5)
    roots = []
    for seed in range(10):
        s = engine.make("between_two_cities", 4, seed=seed)
        while True:  # random play to a placement step in round one or three
            movers = s.to_move()
            if movers == (-1,):
                s.apply(-1, s.sample_chance())
            elif s.game.phase(s) == 6 and (s.game.field(s, "city") >= 2).sum() > 10 + seed * 4:
                roots.append((s.buf.copy(), movers[0]))
                break
            else:
                s.apply(movers[0], rnd.choice(s.legal_moves(movers[0])))
    out = np.zeros(kc.max_moves, dtype=np.intc)

    def run(k):
        def go():
            for b, seat in roots:
                k.legal(b, seat, out)
        return go

    benchmark(run(kc))
    record(benchmark, "legal placements x10 positions", median_time(run(kp), repeat=3))


@pytest.mark.parametrize("players,variants", [(4, ()), (2, ("two-player-advanced",))])
def test_random_playout(benchmark, players, variants):
    game, kc, kp = kernels(players, variants)
    start = game.new_initial_state(0).buf

    def run(k, rng_cls):
        rng = rng_cls(7)

        def go():
            buf = start.copy()
            k.rollout(buf, rng)
        return go

    benchmark(run(kc, kc_mod.Rng))
    record(benchmark, f"playout {players}p {variants}", median_time(run(kp, kp_mod.Rng), repeat=5))
