"""Solver reach: how many decisions from the end each game solves within a time budget.

Positions are fixed (``tests/search/solver_positions.py``: a seeded random
game stopped k seat decisions from its end).  Run the reach table:

    python -m bench.bench_solver --budget 1          # 1 s per solve, seed 1
    python -m bench.bench_solver --budget 10 --configs guildes-3p,wc-2p

or the fixed-position timings with pytest-benchmark:

    python -m pytest bench/bench_solver.py --benchmark-enable
"""
from __future__ import annotations

import argparse
import time

import pytest

from search.solver import SolverLimit, solve
from tests.search.helpers import COMPILED
from tests.search.solver_positions import CONFIGS, endgame

# one position per game, each solving in well under a second compiled
FIXED = {"guildes-3p": 12, "guildes-4p": 9, "btc-2p": 11, "btc-3p": 12, "cag-3p": 4, "wc-2p": 12}


@pytest.mark.skipif(not COMPILED, reason="measured with the compiled kernels")
@pytest.mark.parametrize("config", list(FIXED))
def test_bench_solver_fixed_position(benchmark, config):
    s = endgame(config, FIXED[config], 1)
    sol = benchmark.pedantic(lambda: solve(s, max_nodes=50_000_000), rounds=3, iterations=1)
    benchmark.extra_info["nodes"] = sol.nodes
    benchmark.extra_info["nodes_per_s"] = sol.nodes / benchmark.stats.stats.median


def reach(config: str, budget: float, seed: int = 1, memory: float = 256) -> list[tuple[int, int, float]]:
    """(decisions left, nodes, seconds) for k = 1, 2, ... until a solve needs more than ``budget``."""
    out = []
    k = 1
    while True:
        try:
            s = endgame(config, k, seed)
        except IndexError:
            return out  # the whole game
        t = time.perf_counter()
        try:
            sol = solve(s, max_nodes=100_000_000, time=budget, memory=memory)
        except SolverLimit:
            return out
        out.append((k, sol.nodes, time.perf_counter() - t))
        k += 1


def growth(rows: list[tuple[int, int, float]]) -> float:
    """Median ratio of nodes from one decision to the next, over the last five steps."""
    ratios = sorted(b[1] / a[1] for a, b in zip(rows[-6:], rows[-5:]) if a[1] > 0)
    return ratios[len(ratios) // 2] if ratios else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per solve")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    args = ap.parse_args()
    print(f"| game | reach in {args.budget:g} s | nodes | nodes/s | growth per decision |")
    print("|---|---|---|---|---|")
    for c in args.configs.split(","):
        rows = reach(c, args.budget, args.seed)
        k, n, t = rows[-1] if rows else (0, 0, 0.0)
        rate = n / t if t > 0 else 0
        print(f"| {c} | {k} | {n:,} | {rate:,.0f} | {growth(rows):.1f}x |", flush=True)


if __name__ == "__main__":
    main()
