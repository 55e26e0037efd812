"""Solver CPU time of two checkouts on the same positions, A B A B ..., each solve in its own process.

    python bench/solver_ab.py /work/main /work/wt-B --config cag-3p --depths 10,11 --rounds 3

Each solve runs ``bench.bench_solver.timed_solve`` (every move's value, 256 MB
table, CPU time of the process) with ``PYTHONPATH`` set to its tree, so that
the load of a shared machine falls on both sides alike; per depth the table
gives each side's nodes and median CPU seconds, the ratio B/A, and whether
the two solves agree (value, best move and every move's value, to 12 digits)
-- a speed-up that changes a value is a bug, not a speed-up.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = """
import json, sys
from bench.bench_solver import timed_solve
from tests.search.solver_positions import endgame
sol, cpu = timed_solve(endgame(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])), float(sys.argv[4]), 256)
out = {"cpu": cpu, "nodes": None}
if sol is not None:
    out.update(nodes=sol.nodes, best=sol.best, value=[round(v, 12) for v in sol.value],
               values={str(m): [round(v, 12) for v in vs] for m, vs in sorted(sol.values.items())})
print(json.dumps(out))
"""


def solve_in(tree: str, config: str, k: int, seed: int, budget: float) -> dict:
    """One solve in a fresh process whose ``PYTHONPATH`` is ``tree`` (compiled kernels)."""
    env = dict(os.environ, PYTHONPATH=tree)
    env.pop("GUILDHALL_PUREPYTHON", None)
    r = subprocess.run([sys.executable, "-c", CHILD, config, str(k), str(seed), str(budget)],
                       cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--config", default="cag-3p")
    ap.add_argument("--depths", default="10,11")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--budget", type=float, default=200.0, help="CPU seconds per solve")
    args = ap.parse_args()
    print(f"| decisions | A nodes | A CPU s | B nodes | B CPU s | B/A | same solution |")
    print("|---|---|---|---|---|---|---|")
    for k in (int(x) for x in args.depths.split(",")):
        runs: dict[str, list[dict]] = {args.a: [], args.b: []}
        for _ in range(args.rounds):
            for side in (args.a, args.b):
                runs[side].append(solve_in(side, args.config, k, args.seed, args.budget))
        ra, rb = runs[args.a][-1], runs[args.b][-1]
        ca = statistics.median(r["cpu"] for r in runs[args.a])
        cb = statistics.median(r["cpu"] for r in runs[args.b])
        same = ra["nodes"] is not None and all(ra.get(x) == rb.get(x) for x in ("value", "best", "values"))
        fmt = lambda r: f"{r['nodes']:,}" if r["nodes"] is not None else "over"  # noqa: E731
        print(f"| {k} | {fmt(ra)} | {ca:.3f} | {fmt(rb)} | {cb:.3f} | {cb / ca:.2f} | {same} |", flush=True)


if __name__ == "__main__":
    main()
