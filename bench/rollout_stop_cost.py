"""CPU cost of a heuristic rollout's look at the stop event (cython_ext/rollout_policy.py).

The same Guildes 4-player search of 1600 iterations (heuristic-200g-100it, same
seeds, so the same tree) run through ``search.core.run_chunked`` with a stop event
lent to the rollouts (looked at every ``stop_every`` decisions, never set) and
with none, alternated A/B/B/A in one process; medians of CPU time.

    python bench/rollout_stop_cost.py [--reps 7]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from search import core  # noqa: E402
from search.presets import options_for  # noqa: E402
from tests.search.helpers import guildes_start  # noqa: E402


def one(lent: bool) -> float:
    """CPU seconds of the search, with or without a stop event lent."""
    opts = {k: v for k, v in options_for("guildes", "heuristic-200g-100it").items() if k != "reuse"}
    view = guildes_start(4, 1)
    s = core.make_search(view, 0, **opts)
    t = time.process_time()
    n = core.run_chunked(s, core.rng_for(view.game.kernel, 5), 1600, None, None,
                         threading.Event() if lent else None)
    assert n == 1600
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=7)
    a = ap.parse_args()
    res: dict[bool, list[float]] = {True: [], False: []}
    for rep in range(a.reps):
        for lent in (True, False) if rep % 2 == 0 else (False, True):
            res[lent].append(one(lent))
    for lent in (True, False):
        print(f"{'lent' if lent else 'none'}: median {statistics.median(res[lent]) * 1000:.1f} ms CPU")
    print(f"ratio lent/none {statistics.median(res[True]) / statistics.median(res[False]):.4f} "
          f"(load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
