"""max^n against paranoid and best-reply search on fixed endgame positions.

For each configuration and number of seat decisions left, seeded positions
(``tests/search/solver_positions.py``) are solved for the seat to move by
the exact max^n search (the default), the paranoid option and the
best-reply option, each within a node budget.  Reported: how many positions
each solved within the budget (reach), the median nodes of those, and, where
max^n solved too, how often the approximation's best move is the max^n best
move (agreement) and the mean absolute gap between the approximate value
and the max^n value of the seat.  max^n and (since session 51) paranoid run
in the compiled loop, best-reply in Python: compare nodes, not seconds.

    python bench/solver_best_reply.py [--seeds 10] [--budget 200000] [--left 6,9,12]
    python bench/solver_best_reply.py --modes max^n,paranoid --left 15,18,21 --budget 5000000
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from search.solver import SolverLimit, solve  # noqa: E402
from tests.search.solver_positions import endgame  # noqa: E402

MODES = {"max^n": {}, "paranoid": {"paranoid": True}, "best-reply": {"best_reply": True}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--budget", type=int, default=200_000)
    ap.add_argument("--left", default="6,9,12")
    ap.add_argument("--configs", default="guildes-3p,guildes-4p,btc-3p,cag-3p")
    ap.add_argument("--modes", default=",".join(MODES), help="which searches, max^n first")
    a = ap.parse_args()
    modes = {m: MODES[m] for m in a.modes.split(",")}
    print(f"seeds 1-{a.seeds}, node budget {a.budget}; reach = solved/positions; nodes: median of the "
          "solved; agree: best move = max^n's; gap: mean |value - max^n value| (seat to move, win share)")
    print("| config | left | " + " | ".join(
        m + " reach, nodes" + ("" if m == "max^n" else ", agree, gap") for m in modes) + " |")
    print("|---|---|" + "---|" * len(modes))
    for cfg in a.configs.split(","):
        for left in [int(x) for x in a.left.split(",")]:
            res = {m: [] for m in modes}
            for seed in range(1, a.seeds + 1):
                s = endgame(cfg, left, seed)
                seat = s.to_move()[0]
                for mode, kw in modes.items():
                    try:
                        sol = solve(s, seat=seat, max_nodes=a.budget, **kw)
                        res[mode].append((sol.nodes, sol.best, sol.value[seat]))
                    except SolverLimit:
                        res[mode].append(None)
            n = a.seeds
            cells = []
            for mode in modes:
                ok = [r for r in res[mode] if r is not None]
                nodes = f"{statistics.median(r[0] for r in ok):.0f}" if ok else "-"
                cell = f"{len(ok)}/{n}, {nodes}"
                if mode != "max^n":
                    both = [(r, e) for r, e in zip(res[mode], res["max^n"]) if r is not None and e is not None]
                    if both:
                        agree = sum(1 for r, e in both if r[1] == e[1])
                        gap = sum(abs(r[2] - e[2]) for r, e in both) / len(both)
                        cell += f", {agree}/{len(both)}, {gap:.2f}"
                cells.append(cell)
            print(f"| {cfg} | {left} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    t = time.process_time()
    main()
    print(f"({time.process_time() - t:.0f} s cpu)")
