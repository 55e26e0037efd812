"""Between Two Cities: time of one ``determinize`` call over a sweep of random states.

    python bench/bench_between_two_cities_determinize.py [--states 12000] [--python] [--cpu]
    python -m pytest bench/bench_between_two_cities_determinize.py --benchmark-enable

Random games of every variant and player count; at every decision and
chance step, one seat's view (``observe``) is determinized and timed.  The
issue's bound: p99 <= 1 ms and max <= 20 ms per call.  Each sampled world is
checked against the view (the seat's observation of it is the view itself).
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import pytest

import engine
from cython_ext import select

CLOCK = time.perf_counter_ns  # --cpu: this thread's CPU time (a busy machine preempts wall-clock calls)
CONFIGS = [(2, ("two-player",)), (2, ("two-player", "districts")), (2, ("two-player-advanced",)),
           (2, ("two-player-advanced", "beginner")), (3, ()), (3, ("beginner", "districts")),
           (4, ()), (4, ("districts",)), (5, ("beginner",)), (5, ()), (6, ("districts",)), (6, ()),
           (7, ()), (7, ("beginner", "districts"))]


def sweep(players: int, variants, states: int, kmod, python: bool = False, seed: int = 0):
    """Times (ns) of ``states`` determinize calls on random states of one configuration."""
    game = engine.make_game("between_two_cities", players, variants)
    k = game.kernel
    if python:
        k = select.twins("between_two_cities")[1].BetweenTwoCitiesKernel(game.kernel_cfg)
    rnd = np.random.default_rng(seed)
    rng = kmod.Rng(seed)
    seats = np.zeros(players + 1, dtype=np.intc)
    moves = np.zeros(k.max_moves, dtype=np.intc)
    probs = np.zeros(k.max_moves)
    out = []
    g = 0
    while len(out) < states:
        buf = game.new_initial_state(seed * 1000 + g).buf
        g += 1
        while len(out) < states:
            n = k.to_move(buf, seats)
            if n == 0:
                break
            view = buf.copy()
            obs = int(rnd.integers(players))
            k.observe(view, obs)
            w = view.copy()
            t = CLOCK()
            k.determinize(w, obs, rng)
            out.append(CLOCK() - t)
            back = w.copy()
            k.observe(back, obs)
            if not (back == view).all():
                raise AssertionError(f"{players} {variants}: a world inconsistent with seat {obs}'s view")
            seat = int(seats[int(rnd.integers(n))])
            if seat < 0:
                c = k.chance(buf, moves, probs)
                move = int(moves[rnd.choice(c, p=probs[:c] / probs[:c].sum())])
            else:
                c = k.legal(buf, seat, moves)
                move = int(moves[int(rnd.integers(c))])
            k.apply(buf, seat, move)
    return np.array(out, dtype=np.int64)


def summary(ns: np.ndarray) -> str:
    us = ns / 1000.0
    return (f"n={len(us)} p50={np.percentile(us, 50):.1f}us p99={np.percentile(us, 99):.1f}us "
            f"max={us.max():.1f}us")


@pytest.mark.skipif(select.pure_python_forced(), reason="benchmarks the compiled kernel")
def test_bench_determinize_sweep(benchmark):
    kmod = select.twins("kernel")[0]
    ns = benchmark.pedantic(lambda: np.concatenate([sweep(p, v, 200, kmod) for p, v in CONFIGS]),
                            rounds=1, iterations=1)
    benchmark.extra_info.update(p99_us=float(np.percentile(ns, 99)) / 1000, max_us=float(ns.max()) / 1000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", type=int, default=12000, help="states in all (split over the configurations)")
    ap.add_argument("--python", action="store_true", help="time the interpreted kernel")
    ap.add_argument("--cpu", action="store_true", help="time with this thread's CPU clock")
    a = ap.parse_args()
    if a.cpu:
        global CLOCK
        CLOCK = time.thread_time_ns
    kmod = select.twins("kernel")[1 if a.python else 0]
    each = -(-a.states // len(CONFIGS))
    every = []
    for p, v in CONFIGS:
        ns = sweep(p, v, each, kmod, a.python)
        every.append(ns)
        print(f"{p} {','.join(v) or '-':<32} {summary(ns)}", flush=True)
    print(f"all{'':32} {summary(np.concatenate(every))}")


if __name__ == "__main__":
    main()
