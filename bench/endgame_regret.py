"""How much the default search gives away in endings, valued by the solver.

At positions ``--from`` to ``--to`` seat decisions before the end of self-play games of the
default (``--deal-iterations`` a decision, so the positions are the same on any machine), the
default searches the seat's view for ``--movetime`` ms and the solver values every legal move
over ``--worlds`` worlds drawn from the same view (perfect-information Monte Carlo, win shares); with ``--set``
a second player (the default with those options) is valued at the same decisions.
A decision's regret is the best move's mean value minus the searched move's: what an exact
endgame (the ``endgame`` option, which solves fewer worlds) could win back at most, were the
worlds the truth.  Printed after each game: decisions valued, how many had a regret, the mean
regret.

    python bench/endgame_regret.py walled_city --players 2 --games 10 --from 16 --to 4 \\
        --movetime 1000 --worlds 24 --seed 352600
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from bench.plan import clock  # noqa: E402
from bench.endgame_value import self_play  # noqa: E402
from search.api import Limits, make_player  # noqa: E402
from search.solver.exact import SolverLimit  # noqa: E402
from search.solver.solve import Solver  # noqa: E402
from search.solver.view import solve_view  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--from", dest="far", type=int, default=16, help="farthest distance from the end valued")
    ap.add_argument("--to", dest="near", type=int, default=4, help="nearest distance valued")
    ap.add_argument("--deal-iterations", type=int, default=200)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=24)
    ap.add_argument("--max-nodes", type=int, default=20_000_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="OPTION=VALUE",
                    help="a second player, these options on the default, valued at the same decisions")
    ap.add_argument("--until", default=None)
    ap.add_argument("--log", default=None)
    a = ap.parse_args()
    until = clock(a.until)

    g = engine.make_game(a.game, a.players, tuple(a.variant))
    deal = Limits(iterations=a.deal_iterations)
    search = Limits(movetime=a.movetime / 1000)
    solver = Solver("win", 256)
    opts = dict(s.partition("=")[::2] for s in a.settings)
    by_dist: dict[int, list[float]] = defaultdict(list)
    other: dict[int, list[float]] = defaultdict(list)
    for i in range(a.games):
        if until is not None and time.time() >= until:
            break
        seed = a.seed + i
        history = self_play(g, deal, seed)
        for dist in range(a.far, a.near - 1, -1):
            if dist > len(history):
                continue
            s = history[len(history) - dist]
            seat = s.to_move()[0]
            if len(s.legal_moves(seat)) < 2:
                continue
            p = make_player("ismcts", seed=seed * 1000 + dist)
            move = p.choose(s, seat, search)
            try:
                sol = solve_view(s.observe(seat), seat, a.worlds, seed * 7 + dist, max_nodes=a.max_nodes,
                                 solver=solver)
            except SolverLimit:
                continue
            if sol.worlds < a.worlds:
                continue
            regret = sol.values[sol.best][seat] - sol.values[move][seat]
            by_dist[dist].append(regret)
            second = None
            if opts:
                q = make_player("ismcts", seed=seed * 1000 + dist, **opts)
                second = sol.values[sol.best][seat] - sol.values[q.choose(s, seat, search)][seat]
                other[dist].append(second)
            if a.log:
                with open(a.log, "a") as f:
                    f.write(json.dumps({"game": a.game, "players": a.players, "seed": a.seed, "index": i,
                                        "dist": dist, "movetime": a.movetime, "worlds": a.worlds,
                                        "regret": regret, "best": sol.values[sol.best][seat],
                                        **({"settings": opts, "second": second} if opts else {})}) + "\n")
        for name, table in (("default", by_dist), ("second", other)):
            allr = [x for r in table.values() for x in r]
            if allr:
                print(f"game {i} {name}: {len(allr)} decisions, {sum(x > 1e-9 for x in allr)} with a regret, "
                      f"mean {sum(allr) / len(allr):.4f}", flush=True)


if __name__ == "__main__":
    main()
