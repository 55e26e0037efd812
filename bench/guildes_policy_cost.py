"""What the Guildes heuristic (``kernel.move_values``) costs: per call, against a random
playout, and in the search (CPU time, ``time.process_time``; medians of 3).

    python bench/guildes_policy_cost.py
"""
from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import engine  # noqa: E402
from cython_ext import select  # noqa: E402
from search.api import Limits  # noqa: E402
from search.ismcts import IsmctsPlayer  # noqa: E402
from tests.guildes.helpers import to_decision  # noqa: E402
from tests.search.helpers import random_decision  # noqa: E402

SETTINGS = {"random rollouts (old default)": {"preset": "vs-textbook-160g-100it"},
            "bias=0.01": {"preset": "vs-textbook-160g-100it", "bias": 0.01},
            "egreedy epsilon=0.3 (new default)": {"preset": "heuristic-200g-100it"},
            "egreedy epsilon=0.1": {"preset": "heuristic-200g-100it", "epsilon": 0.1}}


def main() -> None:
    Rng = select.load("kernel").Rng
    g = engine.make_game("guildes", 4)
    k = g.kernel
    s0 = to_decision(g.new_initial_state(1))
    n = 3000
    t = time.process_time()
    for i in range(n):
        k.rollout(s0.buf.copy(), Rng(i))
    playout = (time.process_time() - t) / n
    print(f"random playout: {playout * 1e6:.1f} us ({playout * 1e6 / 192:.2f} us a seat decision, 192 a game)")
    calls = []
    for s in [random_decision(s0, sd, pl) for sd in range(1, 5) for pl in (0, 20, 60, 120)]:
        seat = s.to_move()[0]
        if seat >= 0:
            mv = np.array(s.legal_moves(seat), dtype=np.intc)
            calls.append((s.buf, seat, mv, np.zeros(len(mv))))
    reps = 2000
    t = time.process_time()
    for _ in range(reps):
        for b, seat, mv, out in calls:
            k.move_values(b, seat, mv, len(mv), out)
    per = (time.process_time() - t) / (reps * len(calls))
    print(f"move_values: {per * 1e6:.2f} us a call ({len(calls)} decisions, "
          f"{np.mean([len(c[2]) for c in calls]):.1f} legal moves on average)")
    pos = [random_decision(s0, sd, pl) for sd in range(1, 5) for pl in (20, 60, 120, 200)][::4]
    for name, opts in SETTINGS.items():
        rates = []
        for _ in range(3):
            tot = 0.0
            for s in pos:
                p = IsmctsPlayer(seed=1, **opts)
                t = time.process_time()
                p.choose(s, s.to_move()[0], Limits(iterations=400))
                tot += time.process_time() - t
            rates.append(400 * len(pos) / tot)
        print(f"search, {name}: {statistics.median(rates):,.0f} it/s")


if __name__ == "__main__":
    main()
