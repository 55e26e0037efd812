"""Guildes' random rollout from the first decision, from a world (one seat's memory row live)
and from the full state (every row live): median microseconds per rollout, CPU time.

    PYTHONPATH=<tree> python bench/guildes_rollout_cost.py [--players 4 6] [--rollouts 20000]

Run it with each tree on ``PYTHONPATH`` in turn to compare two builds (docs/performance.md,
"Session 52": what a seat's memory of a round costs at every round end of a rollout).
"""
from __future__ import annotations

import argparse
import statistics
import time

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng


def per_rollout(kernel, start, rollouts: int, rounds: int) -> float:
    """Median over ``rounds`` of the microseconds per rollout from a copy of ``start``."""
    rng = select.load("kernel").Rng(5)
    buf = start.copy()
    out = []
    for _ in range(rounds):
        t = time.process_time()
        for _ in range(rollouts):
            buf[:] = start
            kernel.rollout(buf, rng)
        out.append((time.process_time() - t) / rollouts * 1e6)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[4, 6])
    ap.add_argument("--rollouts", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    for n in args.players:
        s = engine.make("guildes", players=n, seed=1)
        rng = make_rng(1)
        while s.to_move() == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
        world = s.determinize(0, make_rng(2))
        k = s.game.kernel
        print(f"guildes {n}p: world {per_rollout(k, world.buf, args.rollouts, args.rounds):.2f} us, "
              f"full state {per_rollout(k, s.buf, args.rollouts, args.rounds):.2f} us", flush=True)


if __name__ == "__main__":
    main()
