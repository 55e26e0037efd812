"""The Walled City: ISMCTS that may use guild powers against ISMCTS that never activates one.

Per game, one seat (rotating over the seats) may activate its guild; every
other seat plays with variant ``no-powers-N`` (the kernel never offers it the
activation, so its own search never plans one, and the power-user's search
knows it).  Every seat runs the same ISMCTS with the same iteration budget.
Win share: 1 for a win, 1/k for a k-way tie (votes, then the lowest guild).
95% confidence interval: mean +- 1.96 standard errors of the per-game shares.

    python bench/wc_powers_match.py --players 2 --games 60 --iterations 200 [--board borderlands]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.core import CHANCE, make_rng  # noqa: E402
from search.api import Limits, make_player  # noqa: E402

ACT = 63  # the activation move (cython_ext/walled_city_powers.pxd)


def play_one(players: int, user: int, seed: int, iterations: int, board: str) -> tuple[float, int, int]:
    """One game with seat ``user`` the only one allowed powers: (its win share, its activations,
    the other seats' activations, which the variants make 0)."""
    variants = [f"no-powers-{i}" for i in range(players) if i != user]
    if board == "borderlands":
        variants.append("borderlands")
    s = engine.make("walled_city", players=players, variants=variants, seed=seed)
    seats = {i: make_player("ismcts", seed=seed * 10 + i) for i in range(players)}
    rng = make_rng(seed * 7919 + 1)
    limits = Limits(iterations=iterations)
    acts = [0, 0]
    while not s.is_terminal():
        tm = s.to_move()
        if tm == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        seat = tm[0]
        m = seats[seat].choose(s, seat, limits)
        if m == ACT and s.game.kernel.power_arg(s.buf) == 0:  # not a Grocers pick
            acts[seat != user] += 1
        s.apply(seat, m)
    return s.returns("win")[user], acts[0], acts[1]


def match(players: int, games: int, iterations: int, board: str, seed: int = 0) -> dict:
    shares, acts = [], 0
    for g in range(games):
        share, a, _ = play_one(players, g % players, seed + g + 1, iterations, board)
        shares.append(share)
        acts += a
    mean = sum(shares) / games
    var = sum((x - mean) ** 2 for x in shares) / max(1, games - 1)
    return {"mean": mean, "half": 1.96 * math.sqrt(var / games), "acts": acts / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--board", default="londonderry", choices=("londonderry", "borderlands"))
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    t = time.perf_counter()
    r = match(a.players, a.games, a.iterations, a.board, a.seed)
    lo, hi = max(0.0, r["mean"] - r["half"]), min(1.0, r["mean"] + r["half"])
    print("| players | board | games | iterations | power-user win share | 95% CI | fair share "
          "| activations per game | time (s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(f"| {a.players} | {a.board} | {a.games} | {a.iterations} | {r['mean']:.3f} | [{lo:.3f}, {hi:.3f}] "
          f"| {1 / a.players:.3f} | {r['acts']:.1f} | {time.perf_counter() - t:.0f} |", flush=True)


if __name__ == "__main__":
    main()
