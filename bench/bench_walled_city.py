"""The Walled City kernel compiled vs interpreted (one source), ratio recorded in one run.

    python -m pytest bench/bench_walled_city.py --benchmark-enable
    python bench/bench_walled_city.py [iterations]   # CPU us per determinize + rollout, and a digest

Each case benchmarks the compiled kernel with pytest-benchmark and times the
interpreted one on the same inputs (median of runs); ``extra_info["ratio"]`` is
interpreted median / compiled median.
"""
import random

import numpy as np
import pytest

import engine
from bench.conftest import median_time, record
from cython_ext import select
from engine.core import CHANCE

compiled, interpreted = select.twins("walled_city")
kc_mod, kp_mod = select.twins("kernel")
pytestmark = pytest.mark.skipif(compiled is None or kc_mod is None, reason="compiled kernel not built")


def kernels(players=4, variants=()):
    g = engine.make_game("walled_city", players, variants)
    args = (players, g.layout.size, g.kernel.max_moves, dict(g.layout.offsets), g.topo)
    return g, compiled.WalledCityKernel(*args), interpreted.WalledCityKernel(*args)


def position(game, seed=3, round2=False):
    """A round-1 (or round-2) build position with citizens on the board."""
    s = game.new_initial_state(seed)
    rnd = random.Random(seed)
    L = game.layout
    while True:
        m = s.to_move()
        rd, ph = int(L.view(s.buf, "round")[0]), int(L.view(s.buf, "phase")[0])
        if ph == 3 and (rd == 2 if round2 else int(L.view(s.buf, "roads").sum()) <= game.players):
            return s
        if m == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(kc_mod.Rng(rnd.randrange(1 << 30))))
        else:
            s.apply(m[0], rnd.choice(s.legal_moves(m[0])))


BASE = tuple(f"no-powers-{i}" for i in range(4))  # every seat passive: the base game's turns


@pytest.mark.parametrize("variants", [(), ("borderlands",), BASE, ("borderlands",) + BASE],
                         ids=["londonderry", "borderlands", "londonderry-base", "borderlands-base"])
def test_random_playout(benchmark, variants):
    """Random playouts from setup, 4 players, with guild powers (activations are legal moves
    like any other) beside the base game (no seat ever offered one).  One round of the
    benchmark is 20 playouts from different seeds (a single game varies too much)."""
    game, kc, kp = kernels(4, variants)
    start = game.new_initial_state(0).buf

    def run(k, rng_cls):
        for seed in range(20):
            buf = start.copy()
            k.rollout(buf, rng_cls(seed))

    benchmark(run, kc, kc_mod.Rng)
    record(benchmark, f"20 playouts {variants}", median_time(lambda: run(kp, kp_mod.Rng), repeat=3))


def test_count_votes(benchmark):
    game, kc, kp = kernels(4)
    buf = position(game).buf

    def run(k):
        k.count_votes(buf.copy())

    benchmark(run, kc)
    record(benchmark, "count votes (neighbourhoods + majorities)", median_time(lambda: run(kp), number=20))


def test_neighbourhoods(benchmark):
    game, kc, kp = kernels(4, ("borderlands",))
    buf = position(game).buf
    comp = [0] * game.sizes["areas"]
    benchmark(kc.comps, buf, comp)
    record(benchmark, "neighbourhood formation", median_time(lambda: kp.comps(buf, comp), number=50))


def test_tower_scoring(benchmark):
    game, kc, kp = kernels(4)
    s = position(game, round2=True)
    buf = s.buf.copy()
    L = game.layout
    L.view(buf, "zown")[:] = 1
    L.view(buf, "zcard")[:] = np.arange(1, 9)
    L.view(buf, "tw")[:] = np.random.default_rng(1).integers(0, 3, L.shapes["tw"])
    add = [0] * game.owners
    benchmark(kc.score_towers, buf, add)
    record(benchmark, "tower scoring", median_time(lambda: kp.score_towers(buf, add), number=50))


def test_legal_moves(benchmark):
    game, kc, kp = kernels(4)
    s = position(game, round2=True)
    buf = s.buf
    out = np.zeros(game.kernel.max_moves, dtype=np.intc)
    seat = s.to_move()[0]
    # the round-2 adjust step is the costly one (it forms neighbourhoods): walk this turn to it
    while int(game.layout.view(buf, "phase")[0]) != 9:
        s.apply(seat, s.legal_moves(seat)[0])

    def gen(k):
        for _ in range(10):
            k.legal(buf, seat, out)

    benchmark(gen, kc)
    record(benchmark, "legal move generation x10", median_time(lambda: gen(kp), number=5))


def ceiling(n: int = 3000) -> None:
    """CPU microseconds per determinize + rollout from each configuration's first decision
    (the search's ceiling loop, ``bench_search.ceiling_ips``, timed with ``process_time``;
    best of 3 runs of ``n``), and a digest of the first 500 final buffers: two builds that
    play the same games (same rules, same random draws) print the same digest."""
    import hashlib
    import time

    from bench.bench_search import first_decision
    from search import core

    for name, players in [("walled_city", 2), ("walled_city", 3), ("walled_city", 4),
                          ("walled_city+powers", 2), ("walled_city+powers", 4)]:
        st = first_decision(name, players)
        seat = st.to_move()[0]
        view = st.observe(seat)
        k = view.game.kernel
        rng = core.rng_for(k, 3)
        w = view.buf.copy()
        digest = hashlib.sha1()
        runs = []
        for rep in range(3):
            c = time.process_time()
            for i in range(n):
                w[:] = view.buf
                k.determinize(w, seat, rng)
                k.rollout(w, rng)
                if rep == 0 and i < 500:
                    digest.update(w.tobytes())
            runs.append((time.process_time() - c) / n * 1e6)
        print(f"{name:20s} {players}p  {min(runs):6.2f} us  digest {digest.hexdigest()[:12]}")


if __name__ == "__main__":  # python bench/bench_walled_city.py [iterations]
    import sys

    ceiling(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
