"""ISMCTS iterations/s at a game's first decision, and its kernel ceiling.

    PYTHONPATH=<tree> python bench/search_rate.py city_and_guilds --players 3 4 5

Runs the search with the IsmctsPlayer defaults (max_nodes 200k) rooted at the
first seat's view at the first non-chance decision, in chunks of ``--iters``
iterations, and reports the median rate over ``--rounds``; the ceiling is the
rate of a bare determinize + rollout from the same view (no tree).  Uses only
APIs that older trees have too, so two builds can be compared by running it
alternately with each tree on ``PYTHONPATH``.
"""
from __future__ import annotations

import argparse
import statistics
import time

import engine
from cython_ext import select
from engine.core import CHANCE, make_rng
from search import core


def first_decision(game: str, players: int, seed: int):
    s = engine.make(game, players=players, seed=seed)
    rng = make_rng(seed)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
    return s


CLOCK = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCK["cpu"]


def rate(view, seat: int, iters: int, rounds: int) -> float:
    Rng = select.load("kernel").Rng
    out = []
    for r in range(rounds):
        s = core.make_search(view, seat, max_nodes=200_000)
        t = clock()
        s.run(Rng(7 + r), iters, 0.0, 0)
        out.append(iters / (clock() - t))
    return statistics.median(out)


def ceiling(view, seat: int, iters: int, rounds: int) -> float:
    k = view.game.kernel
    rng = select.load("kernel").Rng(3)
    out = []
    w = view.buf.copy()
    for _ in range(rounds):
        t = clock()
        for _ in range(iters):
            w[:] = view.buf
            k.determinize(w, seat, rng)
            k.rollout(w, rng)
        out.append(iters / (clock() - t))
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    ap.add_argument("--iters", type=int, default=4000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", choices=sorted(CLOCK), default="cpu")
    args = ap.parse_args()
    global clock
    clock = CLOCK[args.clock]
    for p in args.players:
        st = first_decision(args.game, p, args.seed)
        seat = st.to_move()[0]
        view = st.observe(seat)
        ips = rate(view, seat, args.iters, args.rounds)
        ceil = ceiling(view, seat, args.iters, args.rounds)
        print(f"{args.game} players={p} search={ips:.0f} it/s ceiling={ceil:.0f} it/s "
              f"ratio={ips / ceil:.2f}", flush=True)


if __name__ == "__main__":
    main()
