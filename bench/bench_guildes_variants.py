"""Compiled vs interpreted Guildes kernel with the variants on: full random
playouts from the first decision (run with ``pytest bench/ --benchmark-enable``)."""
import time

import pytest

import engine
from cython_ext import select
from engine.core import make_rng

compiled, twin = select.twins("guildes")
kernel_c, kernel_py = select.twins("kernel")


def _start(variants):
    game = engine.make_game("guildes", 4, variants)
    return game, game.new_initial_state(1).buf


def _py_time(game, buf, reps=3):
    k = twin.GuildesKernel(game.cfg)
    t = time.perf_counter()
    for i in range(reps):
        k.rollout(buf.copy(), kernel_py.Rng(i))
    return (time.perf_counter() - t) / reps


@pytest.mark.skipif(compiled is None, reason="compiled guildes kernel not built")
@pytest.mark.parametrize("variants", [("events",), ("tricks",), ("events", "tricks")], ids=lambda v: "+".join(v))
def test_rollout_compiled_vs_twin(benchmark, variants):
    game, buf = _start(variants)
    k = compiled.GuildesKernel(game.cfg)
    rng = kernel_c.Rng(7)
    benchmark(lambda: k.rollout(buf.copy(), rng))
    py = _py_time(game, buf)
    med = benchmark.stats.stats.median
    benchmark.extra_info["ratio"] = py / med
    print(f"{'+'.join(variants)}: compiled {med * 1e6:.0f} us, interpreted {py * 1e3:.1f} ms, ratio {py / med:.0f}x")
