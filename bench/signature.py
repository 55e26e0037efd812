"""Print ``Bench: N``, a signature of the search for commit messages.

N = total tree nodes plus total root visits after fixed-seed ISMCTS searches
(SO and MO, 2000 iterations each) from fixed 4-player Guildes positions.  Any
change to the search's behaviour (or to the Guildes kernel's) changes N;
a pure speed-up does not.  Compiled and pure-Python runs print the same N.

    python bench/signature.py
"""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.core import make_rng  # noqa: E402
from search import core  # noqa: E402
from tests.search.helpers import guildes_start, random_decision  # noqa: E402

ITERATIONS = int(os.environ.get("SIGNATURE_ITERATIONS", "2000"))


def positions():
    for seed in (1, 2, 3):
        yield guildes_start(4, seed)
        yield random_decision(guildes_start(4, seed), seed, 60 * seed)


def main() -> None:
    total = 0
    t = time.perf_counter()
    for i, st in enumerate(positions()):
        seat = st.to_move()[0]
        for tree in ("so", "mo"):
            s = core.make_search(st.observe(seat), seat, tree=tree)
            s.run(core.rng_for(st.game.kernel, 1000 + i), ITERATIONS, 0.0, 0)
            root = s.get_roots()[seat if tree == "mo" else 0]
            total += s.node_count() + sum(v for st_, _m, v, _w in s.edges_of(root) if st_ == seat)
    print(f"Bench: {total}")
    print(f"({time.perf_counter() - t:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
