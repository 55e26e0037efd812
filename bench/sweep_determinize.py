"""Worst-case cost of one ``determinize`` call over many random states.

    python bench/sweep_determinize.py guildes --states 10000
    python bench/sweep_determinize.py guildes --players 6 --variants events,tricks --states 2000

Random games (uniform moves, chance sampled) of every variant set and player
count of the game (or those given); at every decision state, each seat to
move determinizes its own view once, timed alone.  Prints, per variant set
and player count and in total, the number of calls and the median, p99 and
max time per call in microseconds, and the slowest states (game seed, ply,
seat) so that they can be replayed.  Calls are timed in this thread's CPU
time (``--wall`` for wall-clock, which on a shared machine also counts the
time slices other processes take).  Each state's world is checked against
the view: ``observe`` of the world must give the view back (in Guildes with
another seat's choice made at this step reopened, as the plain ``determinize``
leaves it: ``bench_determinize.reopened``).
"""
from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.bench_determinize import reopened  # noqa: E402
from engine.core import CHANCE, make_rng  # noqa: E402


def variant_sets(game: str) -> list[tuple[str, ...]]:
    """Every combination of the game's variants, the base game first."""
    names = [v.name for v in engine.make_game(game, player_counts(game)[0]).variant_list]
    return [c for r in range(len(names) + 1) for c in itertools.combinations(names, r)]


def player_counts(game: str) -> list[int]:
    out = []
    for n in range(2, 8):
        try:
            engine.make_game(game, n)
            out.append(n)
        except Exception:  # noqa: BLE001 -- probing the supported counts
            pass
    return out


CPU = True  # time each call in CPU time of this thread (--wall: wall-clock)


def sweep(game: str, players: int, variants: tuple[str, ...], states: int, seed: int = 0):
    """Timed determinize calls: list of (seconds, game seed, ply, seat)."""
    out = []
    gseed = seed
    while len(out) < states:
        gseed += 1
        rnd = random.Random(gseed)
        s = engine.make(game, players=players, variants=list(variants), seed=gseed)
        rng = make_rng(gseed)
        drng = make_rng(gseed + 1_000_003)  # determinize's own draws: the same games whatever it consumes
        ply = 0
        while s.to_move() and len(out) < states:
            movers = s.to_move()
            if movers == (CHANCE,):
                s.apply(CHANCE, s.sample_chance(rng))
                ply += 1
                continue
            for seat in movers:
                view = s.observe(seat)
                w = view.buf.copy()
                k = s.game.kernel
                c = time.thread_time_ns()
                t = time.perf_counter_ns()
                k.determinize(w, seat, drng)
                dt = (time.perf_counter_ns() - t) * 1e-9
                dc = (time.thread_time_ns() - c) * 1e-9
                out.append((dc if CPU else dt, gseed, ply, seat))
                back = w.copy()
                k.observe(back, seat)
                # Guildes' plain determinize reopens another seat's choice made at this step
                # (bench/bench_determinize.py, reopened): the view with those markers open
                if not (back == reopened(s.game, view.buf, seat)).all():
                    raise AssertionError(f"{game} {players}p {variants} seed {gseed} ply {ply} seat {seat}: "
                                         "the world does not observe back to the view")
            seat = movers[rnd.randrange(len(movers))]
            moves = s.legal_moves(seat)
            s.apply(seat, moves[rnd.randrange(len(moves))])
            ply += 1
    return out


def summary(rows) -> str:
    ts = sorted(r[0] for r in rows)
    p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
    return (f"{len(ts):>6} calls  median {statistics.median(ts) * 1e6:8.1f} us  p99 {p99 * 1e6:8.1f} us  "
            f"max {ts[-1] * 1e6:9.1f} us")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--states", type=int, default=10000, help="calls in total, split over the configurations")
    ap.add_argument("--players", type=int, nargs="*")
    ap.add_argument("--variants", help="comma-separated; default every combination")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--wall", action="store_true",
                    help="wall-clock per call (on a loaded machine it includes time slices lost to others)")
    args = ap.parse_args()
    global CPU
    CPU = not args.wall
    counts = args.players or player_counts(args.game)
    vsets = [tuple(v for v in args.variants.split(",") if v)] if args.variants is not None \
        else variant_sets(args.game)
    per = max(1, args.states // (len(counts) * len(vsets)))
    allrows = []
    for vs in vsets:
        for n in counts:
            rows = sweep(args.game, n, vs, per, args.seed)
            allrows += [(r, n, vs) for r in rows]
            print(f"{args.game} {n}p {'+'.join(vs) or 'base':<14} {summary(rows)}", flush=True)
    print(f"{'all':<26} {summary([r for r, _, _ in allrows])}")
    print("slowest:")
    for (dt, gseed, ply, seat), n, vs in sorted(allrows, key=lambda x: -x[0][0])[:5]:
        print(f"  {dt * 1e6:9.1f} us  {n}p {'+'.join(vs) or 'base'} seed {gseed} ply {ply} seat {seat}")


if __name__ == "__main__":
    main()
