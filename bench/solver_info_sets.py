"""World counts of exact information sets, by decisions from the end (search/solver/worlds/).

For each configuration and each number of seat decisions left, the view of
the seat to move in seeded random games (``tests/search/solver_positions.py``)
is enumerated with a limit; the table gives the median count over the seeds
and how many views were over the limit or not covered.

    python bench/solver_info_sets.py [--seeds 5] [--limit 5000] [--left 1,2,3,4,6,8,12,16,24]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from search.solver.worlds import WorldsUnavailable, worlds  # noqa: E402
from tests.search import solver_positions  # noqa: E402

solver_positions.CONFIGS.setdefault("btc-4p", ("between_two_cities", 4, ()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--limit", type=int, default=5000)
    ap.add_argument("--left", default="1,2,3,4,6,8,12,16,24")
    ap.add_argument("--configs", default="wc-2p,cag-3p,guildes-3p,guildes-4p,btc-2p,btc-3p,btc-4p")
    a = ap.parse_args()
    lefts = [int(x) for x in a.left.split(",")]
    print(f"worlds per view: median [min-max] over seeds 1-{a.seeds}; >L: over the limit {a.limit}; "
          "n/c: not covered by the enumerator")
    print("| config | " + " | ".join(f"{x} left" for x in lefts) + " |")
    print("|---|" + "---|" * len(lefts))
    for cfg in a.configs.split(","):
        cells = []
        t = time.process_time()
        for left in lefts:
            counts, over, nc = [], 0, 0
            for seed in range(1, a.seeds + 1):
                s = solver_positions.endgame(cfg, left, seed)
                seat = s.to_move()[0]
                try:
                    counts.append(len(worlds(s.observe(seat), seat, a.limit)))
                except WorldsUnavailable as exc:
                    if "more than" in str(exc) or "too many" in str(exc):
                        over += 1
                    else:
                        nc += 1
            cell = f"{statistics.median(counts):g} [{min(counts)}-{max(counts)}]" if counts else ""
            if over:
                cell += f" {over}>L"
            if nc:
                cell += f" {nc} n/c"
            cells.append(cell.strip())
        print(f"| {cfg} | " + " | ".join(cells) + f" |  ({time.process_time() - t:.0f} s cpu)", flush=True)


if __name__ == "__main__":
    main()
