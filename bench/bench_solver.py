"""Solver reach: how many decisions from the end each game solves within a CPU-time budget.

Positions are fixed (``tests/search/solver_positions.py``: a seeded random
game stopped k seat decisions from its end).  The budget is CPU time of this
process (``time.process_time``), not wall time: the machine these figures
come from is shared.  A watchdog thread sets the solver's ``stop`` flag once
the budget is spent.  Run the reach table:

    python -m bench.bench_solver --budget 1          # 1 s per solve, seed 1
    python -m bench.bench_solver --budget 1 --compare   # the Python search, then the loop, per game
    python -m bench.bench_solver --budget 10 --configs guildes-3p,wc-2p --start 20
    python -m bench.bench_solver --budget 1 --configs guildes-3p --start 27 --all-equilibria  # whole table
    python -m bench.bench_solver --where 12 --configs wc-2p   # node kinds, hits, cut-offs
    python -m bench.bench_solver --budget 1 --bounds-ab --configs cag-3p --start 6  # without, then with bounds
    python -m bench.bench_solver --budget 10 --depths 6 --configs cag-3p   # nodes by depth, without/with
    python -m bench.bench_solver --budget 1 --paranoid --compare --configs btc-3p   # the paranoid search

or, to compare two checkouts on the same positions (the script only uses
``solve(state, max_nodes=, stop=, memory=)``):

    PYTHONPATH=/path/to/other/checkout python bench/bench_solver.py --budget 1

and the fixed-position timings with pytest-benchmark:

    python -m pytest bench/bench_solver.py --benchmark-enable
"""
from __future__ import annotations

import argparse
import threading
import time

import pytest

from cython_ext import select
from search.solver import SolverLimit, solve
from tests.search.solver_positions import CONFIGS, endgame

COMPILED = all(select.mode(select.load(k)) == "compiled" and not select.pure_python_forced()
               for k in ("guildes", "between_two_cities", "city_and_guilds", "walled_city"))

# one position per game, each solving in well under a second compiled
FIXED = {"guildes-3p": 29, "guildes-4p": 18, "btc-2p": 15, "btc-3p": 15, "cag-3p": 6, "wc-2p": 13}


@pytest.mark.skipif(not COMPILED, reason="measured with the compiled kernels")
@pytest.mark.parametrize("config", list(FIXED))
def test_bench_solver_fixed_position(benchmark, config):
    s = endgame(config, FIXED[config], 1)
    sol = benchmark.pedantic(lambda: solve(s, max_nodes=50_000_000), rounds=3, iterations=1)
    benchmark.extra_info["nodes"] = sol.nodes
    benchmark.extra_info["nodes_per_s"] = sol.nodes / benchmark.stats.stats.median


def timed_solve(state, budget: float, memory: float, loop: bool = True, best_only: bool = False,
                bounds: bool = True, every_equilibrium: bool = False, paranoid: bool = False):
    """(solution or None, CPU seconds): None when ``budget`` CPU seconds did not suffice.
    ``paranoid``: the first seat to move against the others (``solve(paranoid=True)``)."""
    stop = threading.Event()
    done = threading.Event()
    t0 = time.process_time()

    def watchdog() -> None:
        while not done.wait(0.01):
            if time.process_time() - t0 >= budget:
                stop.set()
                return

    w = threading.Thread(target=watchdog, daemon=True)
    w.start()
    try:
        kw = {} if loop else {"loop": False}  # so that old checkouts run it too
        if best_only:
            kw["move_values"] = False
        if not bounds:  # only asked for, so that checkouts without the option run it too
            kw["bounds"] = False
        if every_equilibrium:  # likewise: Solver(equilibria="all"), the whole table at a simultaneous root
            kw["equilibria"] = "all"
        if paranoid:
            kw["paranoid"] = True
        sol = solve(state, max_nodes=100_000_000, stop=stop, memory=memory, **kw)
    except SolverLimit:
        sol = None
    finally:
        done.set()
        w.join()
    cpu = time.process_time() - t0
    return (sol if cpu <= budget else None), cpu


def reach(config: str, budget: float, seed: int = 1, memory: float = 256,
          start: int = 1, loop: bool = True, best_only: bool = False,
          bounds: bool = True, every_equilibrium: bool = False,
          paranoid: bool = False) -> list[tuple[int, int, float]]:
    """(decisions left, nodes, CPU seconds) for k = start, start + 1, ... until a solve
    needs more than ``budget``."""
    out = []
    k = start
    while True:
        try:
            s = endgame(config, k, seed)
        except IndexError:
            return out  # the whole game
        sol, cpu = timed_solve(s, budget, memory, loop, best_only, bounds, every_equilibrium, paranoid)
        if sol is None:
            return out
        out.append((k, sol.nodes, cpu))
        k += 1


def growth(rows: list[tuple[int, int, float]]) -> float:
    """Median ratio of nodes from one decision to the next, over the last five steps."""
    ratios = sorted(b[1] / a[1] for a, b in zip(rows[-6:], rows[-5:]) if a[1] > 0)
    return ratios[len(ratios) // 2] if ratios else float("nan")


def where_nodes_go(config: str, k: int, seed: int = 1) -> dict:
    """Node kinds, table hits and where alpha-beta cut off, for one solve of ``config`` at ``k``
    decisions from the end: the Python search instrumented (it visits the same nodes as the
    loop, tested), every move's value, a 256 MB table."""
    from collections import Counter

    from engine.core import CHANCE
    from search.solver import Solver
    from search.solver.exact import Search

    stats: Counter = Counter()
    movers, side, credit = Search.movers, Search.side, Search._credit
    frames: list = []  # (moves, places of the moves credited) of the sides being searched

    def counted_movers(self, buf):
        m = movers(self, buf)
        kind = "terminal" if not m else "chance" if m[0] == CHANCE else "single" if len(m) == 1 else "step"
        stats[kind] += 1
        if kind == "chance":
            stats["outcomes"] += len(self.chance(buf))
        return m

    def counted_credit(self, seat, move):
        if frames:  # the innermost side still searching is the one that cut
            frames[-1][1].append(frames[-1][0].index(move))
        credit(self, seat, move)

    def counted_side(self, buf, seat, moves, maximise, alpha, beta, sure=False):
        frames.append((moves, []))
        try:
            v = side(self, buf, seat, moves, maximise, alpha, beta, sure)
        finally:
            tried = frames.pop()[1]
        stats["cut by move 1" if tried == [0] else "cut later" if tried else "no cut"] += 1
        return v

    Search.movers, Search.side, Search._credit = counted_movers, counted_side, counted_credit
    try:
        solver = Solver(memory=256, max_nodes=100_000_000, loop=False)
        sol = solver.solve(endgame(config, k, seed))
    finally:
        Search.movers, Search.side, Search._credit = movers, side, credit
    stats["nodes"], stats["table hits"] = sol.nodes, solver._table.hits
    return dict(stats)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds per solve")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=1, help="first number of decisions tried")
    ap.add_argument("--memory", type=float, default=256, help="table megabytes")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--compare", action="store_true",
                    help="each config with the Python search (loop=False), then the compiled loop")
    ap.add_argument("--best-only", action="store_true",
                    help="the value and best move only (Solver(move_values=False)), not every move's value")
    ap.add_argument("--no-bounds", action="store_true",
                    help="ignore the kernels' score bounds (Solver(bounds=False)): the search without them")
    ap.add_argument("--bounds-ab", action="store_true",
                    help="each config without the kernels' score bounds, then with them")
    ap.add_argument("--all-equilibria", action="store_true",
                    help="every pure equilibrium listed at a simultaneous root (Solver(equilibria=\"all\"): "
                         "the whole table of joint choices with three or more seats), as before session 13")
    ap.add_argument("--paranoid", action="store_true",
                    help="the paranoid search (solve(paranoid=True): the first seat to move against a "
                         "coalition of the others; a lower bound of its value) instead of max^n")
    ap.add_argument("--depths", type=int, metavar="K",
                    help="instead of the reach: nodes at K, K+1, ... decisions from the end, without and with "
                         "the score bounds, alternating, until a solve needs more than --budget")
    ap.add_argument("--where", type=int, metavar="K",
                    help="instead of the reach: where the nodes go at K decisions from the end")
    args = ap.parse_args()
    if args.where is not None:
        for c in args.configs.split(","):
            print(c, args.where, where_nodes_go(c, args.where, args.seed), flush=True)
        return
    if args.depths is not None:
        print("| game | decisions left | nodes without bounds | CPU s | nodes with bounds | CPU s |")
        print("|---|---|---|---|---|---|")
        for c in args.configs.split(","):
            k = args.depths
            while True:
                s = endgame(c, k, args.seed)
                row = [timed_solve(s, args.budget, args.memory, True, args.best_only, b) for b in (False, True)]
                cells = " | ".join(f"{sol.nodes:,} | {cpu:.2f}" if sol else f"over | >{args.budget:g}"
                                   for sol, cpu in row)
                print(f"| {c} | {k} | {cells} |", flush=True)
                if row[1][0] is None:
                    break
                k += 1
        return
    print(f"| game | search | reach in {args.budget:g} s | nodes | nodes/s | growth per decision |")
    print("|---|---|---|---|---|---|")
    for c in args.configs.split(","):
        for loop in ((False, True) if args.compare else (True,)):
            for bounds in ((False, True) if args.bounds_ab else (not args.no_bounds,)):
                rows = reach(c, args.budget, args.seed, args.memory, args.start, loop, args.best_only, bounds,
                             args.all_equilibria, args.paranoid)
                k, n, t = rows[-1] if rows else (0, 0, 0.0)
                rate = n / t if t > 0 else 0
                name = (("loop" if loop else "python") + (", best move only" if args.best_only else "")
                        + (", every equilibrium" if args.all_equilibria else "")
                        + (", paranoid" if args.paranoid else "")
                        + ("" if bounds else ", no bounds"))
                print(f"| {c} | {name} | {k} | {n:,} | {rate:,.0f} | {growth(rows):.1f}x |", flush=True)


if __name__ == "__main__":
    main()
