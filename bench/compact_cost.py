"""What compacting a kept tree costs (``cython_ext/tree_compact.py``): a search grows a tree at
a game's first decision, then the tree is compacted in place (its roots kept) five times; the
median time per compaction, per node and per kept byte, and the tree's bytes before and after
(a fresh tree has no dropped nodes: the first copy also drops merged segments' old
copies and the room of arrays grown by doubling).

    python bench/compact_cost.py [GAME:PLAYERS ...] [--iterations N] [--impl compiled|python]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from search.api import Limits, make_player  # noqa: E402

TABLES = ["city_and_guilds:4", "walled_city:2", "walled_city:3", "guildes:4", "between_two_cities:4"]


def first_decision(game: str, players: int):
    st = engine.make(game, players=players, seed=1)
    rng = engine.core.make_rng(1)
    while st.to_move()[0] == engine.core.CHANCE:
        st.apply(engine.core.CHANCE, st.sample_chance(rng))
    return st


def cost(game: str, players: int, iterations: int, impl: str) -> dict:
    st = first_decision(game, players)
    seat = st.to_move()[0]
    p = make_player("ismcts", seed=3, impl=impl)  # the defaults: a kept tree (reuse)
    p.choose(st, seat, Limits(iterations=iterations))
    s = p._search
    before = s.used_bytes()
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        s.reroot_trees(list(s.get_roots()))
        times.append(time.perf_counter() - t0)
    med = statistics.median(times)
    return {"nodes": s.node_count(), "ms": med * 1e3, "ns_per_node": med * 1e9 / max(1, s.node_count()),
            "bytes_before": before, "bytes_after": s.used_bytes()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("tables", nargs="*", default=TABLES)
    ap.add_argument("--iterations", type=int, default=20_000)
    ap.add_argument("--impl", default="compiled")
    a = ap.parse_args()
    for t in a.tables:
        game, players = t.split(":")
        r = cost(game, int(players), a.iterations, a.impl)
        print(f"{t}: {r['nodes']} nodes, compaction {r['ms']:.2f} ms ({r['ns_per_node']:.0f} ns a node), "
              f"tree {r['bytes_before'] / 1e6:.1f} MB -> {r['bytes_after'] / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
