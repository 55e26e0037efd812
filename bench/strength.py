"""Play ISMCTS against each baseline in 4-player Guildes and report win shares.

One ISMCTS seat against three copies of a baseline, the ISMCTS seat rotating
over the four seats; every player gets the same iteration budget per decision.
Win share: 1 for a win, 1/k for a k-way tie.  95% confidence interval: mean
+- 1.96 standard errors of the per-game shares.

    python bench/strength.py --games 40 --iterations 100 [--opponents random,greedy,flatmc,pimc]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from search.api import Limits, make_player  # noqa: E402
from tests.search.helpers import play_game  # noqa: E402


def match(opponent: str, games: int, iterations: int, players: int, options: dict) -> tuple[float, float]:
    shares = []
    for g in range(games):
        me = g % players
        seats = {i: (make_player("ismcts", seed=7000 + 10 * g + i, **options) if i == me
                     else make_player(opponent, seed=7000 + 10 * g + i)) for i in range(players)}
        shares.append(play_game("guildes", players, seats, 9000 + g, Limits(iterations=iterations))[me])
    mean = sum(shares) / games
    var = sum((x - mean) ** 2 for x in shares) / max(1, games - 1)
    return mean, 1.96 * math.sqrt(var / games)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--opponents", default="random,greedy,flatmc,pimc")
    ap.add_argument("--tree", default="so")
    a = ap.parse_args()
    print(f"ISMCTS (tree={a.tree}) vs 3 x baseline, Guildes {a.players}p, {a.iterations} iterations per "
          f"decision, {a.games} games per row (seat rotated)\n")
    print("| opponent | ISMCTS win share | 95% CI | fair share | time (s) |")
    print("|---|---|---|---|---|")
    for opp in a.opponents.split(","):
        t = time.perf_counter()
        mean, half = match(opp, a.games, a.iterations, a.players, {"tree": a.tree})
        print(f"| {opp} | {mean:.3f} | [{max(0, mean - half):.3f}, {min(1, mean + half):.3f}] | "
              f"{1 / a.players:.3f} | {time.perf_counter() - t:.0f} |", flush=True)


if __name__ == "__main__":
    main()
