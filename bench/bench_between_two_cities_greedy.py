"""Between Two Cities: the rollouts' greedy placement with and without its bounds, in one run.

    python bench/bench_between_two_cities_greedy.py [--players 2,4,7] [--rounds 5] [--games 30]

``between_two_cities_policy.greedy_place`` reads each candidate cell's value
from its neighbours and values with ``gain`` only the moves whose bound reaches
the best (``prune`` 1); ``prune`` 0 values every candidate as before session 8.
Both return the same move with the same draws
(tests/between_two_cities/test_greedy_pruning.py).  The positions are every
placement decision of ``--games`` seeded games played by the greedy move (one in
five random); each round times one pass over them with each policy, alternately
(A B A B ...), each policy kept along the positions as a rollout keeps it, in
microseconds of CPU time a decision (``time.thread_time``); medians of the rounds.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import engine
from cython_ext import select
from cython_ext.between_two_cities_encoding import PH_PLACE

POL = select.load("between_two_cities_policy")
BTC = select.load("between_two_cities")
KERNEL = select.load("kernel")
CASES = {2: ("two-player",), 3: (), 4: (), 5: (), 6: (), 7: ()}


def greedy_games(game, mods, seeds, greedy=0.8):
    """``(state, seat)`` at every placement decision of games from ``seeds``: placements by
    the greedy move of ``mods`` (policy, rules and kernel-base modules, compiled or
    interpreted) with probability ``greedy`` (else a random legal move), the rest random.  ``state`` is live: the move is applied after the consumer has seen it."""
    pol, btc, kmod = mods
    k = btc.BetweenTwoCitiesKernel(game.kernel_cfg)
    for seed in seeds:
        rnd = random.Random(seed)
        s = game.new_initial_state(seed)
        while s.to_move():
            seat = s.to_move()[0]
            if seat == -1:
                s.apply(-1, s.sample_chance(engine.core.make_rng(rnd.randrange(1 << 30))))
                continue
            move = -1
            if game.phase(s) == PH_PLACE:
                yield s, seat
                if rnd.random() < greedy:
                    move = pol.greedy_move(pol.BetweenTwoCitiesPolicy(game.NC), k, s.buf, seat,
                                           kmod.Rng(rnd.randrange(1 << 30)))
            s.apply(seat, move if move >= 0 else rnd.choice(s.legal_moves(seat)))


def positions(players: int, games: int) -> tuple:
    """``(kernel, [(buf, seat)])``: every placement decision of ``games`` greedy-played games."""
    game = engine.make_game("between_two_cities", players, CASES[players])
    k = BTC.BetweenTwoCitiesKernel(game.kernel_cfg)
    out = [(s.buf.copy(), seat) for s, seat in greedy_games(game, (POL, BTC, KERNEL), range(games))]
    return k, game.NC, out


def one_pass(k, nc: int, pos: list, prune: int) -> float:
    """CPU microseconds a decision of a fresh policy (``prune`` as given) over ``pos``."""
    pol = POL.BetweenTwoCitiesPolicy(nc)
    pol.prune = prune
    rng = KERNEL.Rng(1)
    t = time.thread_time()
    for buf, seat in pos:
        POL.greedy_move(pol, k, buf, seat, rng)
    return (time.thread_time() - t) / len(pos) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2,4,7")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=30)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {a.rounds} alternating rounds, "
          f"CPU us a greedy placement; {select.mode(POL)}")
    print("| players | decisions | every cell valued (prune 0) | bounded (prune 1) | ratio |")
    print("|---|---|---|---|---|")
    for p in (int(x) for x in a.players.split(",")):
        k, nc, pos = positions(p, a.games)
        full, pruned = [], []
        for _ in range(a.rounds):
            full.append(one_pass(k, nc, pos, 0))
            pruned.append(one_pass(k, nc, pos, 1))
        f, q = statistics.median(full), statistics.median(pruned)
        print(f"| {p} | {len(pos)} | {f:.2f} | {q:.2f} | {f / q:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
