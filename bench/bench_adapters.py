"""Adapters and the Ray backend (run: pytest bench/bench_adapters.py --benchmark-enable -s).

* tournament games per second, local vs Ray (local Ray instance, 2 CPUs), the
  same 12 games, Ray's start-up excluded and reported apart;
* the kernel's rollout vs OpenSpiel's Python random rollout on the same state;
* a perfect-recall information-state key vs the view's text.
"""
from __future__ import annotations

import time

import numpy as np
import pytest

import engine
from bench.conftest import median_time
from cython_ext import select
from engine.core import make_rng
from guildhall.arena import tournament
from search.api import Limits

pytestmark = pytest.mark.skipif(select.pure_python_forced(), reason="measures the compiled kernels")
GAMES, LIMITS = 12, Limits(iterations=100)
ENGINES = ["flatmc", "ismcts"]


def test_tournament_local_vs_ray(benchmark):
    ray = pytest.importorskip("ray")
    from guildhall.distributed import RayBackend

    game = engine.make_game("guildes", 4)
    t0 = time.perf_counter()
    backend = RayBackend(num_cpus=2)
    backend.play(game, ENGINES, 2, LIMITS, 99, {})  # workers up and warm
    startup = time.perf_counter() - t0
    local = median_time(lambda: tournament(game, ENGINES, GAMES, LIMITS, seed=1), repeat=3)
    benchmark.pedantic(lambda: tournament(game, ENGINES, GAMES, LIMITS, seed=1, backend=backend),
                                rounds=3, iterations=1)
    med = benchmark.stats.stats.median
    benchmark.extra_info.update(local_games_per_s=GAMES / local, ray_games_per_s=GAMES / med,
                                ray_startup_s=startup)
    print(f"\nlocal {GAMES / local:.2f} games/s, Ray (2 CPUs) {GAMES / med:.2f} games/s, "
          f"Ray start-up {startup:.1f} s")
    backend.shutdown()


def test_kernel_rollout_vs_openspiel_python_rollout(benchmark):
    pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    from guildhall.adapters import openspiel as gos

    game = __import__("pyspiel").load_game("python_guildhall_guildes", {"players": 4})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    fast = gos.KernelRolloutEvaluator(seed=1)
    slow = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    benchmark(fast.evaluate, state)
    python = median_time(lambda: slow.evaluate(state), repeat=5)
    ratio = python / benchmark.stats.stats.median
    benchmark.extra_info["python_rollout_s"] = python
    benchmark.extra_info["ratio"] = ratio
    print(f"\nkernel rollout {benchmark.stats.stats.median * 1e6:.0f} us, "
          f"OpenSpiel Python rollout {python * 1e3:.1f} ms, ratio {ratio:.0f}x")


def test_information_state_key_vs_view_text(benchmark):
    from guildhall.adapters.table import Table

    s = engine.make("guildes", players=4, seed=1)
    rng = make_rng(1)
    while s.is_chance():
        s.apply(-1, s.sample_chance(rng))
    t = Table(s)
    benchmark(t.info_key, 1)
    text = median_time(lambda: s.observe(1).to_string(), repeat=7, number=200)
    print(f"\ninfo key {benchmark.stats.stats.median * 1e6:.1f} us ({len(t.info_key(1))} bytes), "
          f"view text {text * 1e6:.0f} us ({len(s.observe(1).to_string())} bytes)")


def test_table_move_vs_engine_move(benchmark):
    """What perfect recall costs per move: a whole random game through a Table
    (every seat's chain updated) vs through the engine state alone."""
    from guildhall.adapters.table import Table

    game = engine.make_game("guildes", 4)

    def moves(seed):
        s, rng, out = game.new_initial_state(seed), make_rng(seed), []
        while s.to_move():
            seat = s.to_move()[0]
            legal = [m for m, _ in s.chance_outcomes()] if seat == -1 else s.legal_moves(seat)
            m = legal[rng.below(len(legal))]
            out.append((seat, m))
            s.apply(seat, m)
        return out

    record = moves(3)

    def via_state():
        s = game.new_initial_state(3)
        for seat, m in record:
            s.apply(seat, m)

    def via_table():
        t = Table(game.new_initial_state(3))
        for seat, m in record:
            t.apply(seat, m)

    benchmark(via_table)
    plain = median_time(via_state, repeat=5)
    per = benchmark.stats.stats.median / len(record)
    start = game.new_initial_state(3)
    key = median_time(lambda: start.info_key(1), repeat=5, number=200)
    print(f"\nper move: table {per * 1e6:.1f} us, engine state {plain / len(record) * 1e6:.1f} us "
          f"({len(record)} moves); State.info_key {key * 1e6:.1f} us")


def test_information_state_tensor(benchmark):
    """The exact perfect-recall tensor at the end of a 4-player Guildes game
    (its longest log), against the current-view tensor."""
    from guildhall.adapters.table import Table

    game = engine.make_game("guildes", 4)
    t, rng = Table(game.new_initial_state(5)), make_rng(5)
    while t.movers():
        seat = t.movers()[0]
        legal = [m for m, _ in t.state.chance_outcomes()] if seat == -1 else t.state.legal_moves(seat)
        t.apply(seat, legal[rng.below(len(legal))])
    out = benchmark(t.info_tensor, 1)
    view = median_time(lambda: t.tensor(1), repeat=7, number=50)
    print(f"\ninfo tensor {benchmark.stats.stats.median * 1e6:.0f} us ({out.size} floats, {t.plies} moves), "
          f"view tensor {view * 1e6:.0f} us")
