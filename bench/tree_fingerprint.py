"""A hash of whole search trees, every game: do two checkouts grow the same trees?

    PYTHONPATH=A python bench/tree_fingerprint.py [iterations] [seeds] [OPTION=VALUE,...]   # then with B's

For every game and player count of ``bench_search`` (its first decision), with
the game's default preset and with the built-in options (``tree=so keys=moves``),
runs fresh searches of ``iterations`` (default 3,000) from ``seeds`` generator
seeds (default 2) and hashes every node of every tree: its visits, depth, acting
seats, key, children, and every edge's move, visits, value sum and availability,
plus the memory counters.  A change that only moves code (or only makes the same
search faster) prints the same lines; the last line hashes them all.  Options after
the seeds (``fpu=1.0,bias=4``) go on top of both settings, to cover a path the
defaults leave off.
"""
from __future__ import annotations

import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_search import CONFIGS, first_decision, preset_options  # noqa: E402


def tree_digest(s) -> str:
    """Every node of search ``s``'s arena, in id order, hashed."""
    h = hashlib.sha256()
    for node in range(s.node_count()):
        h.update(repr((s.node_info(node), s.key_of(node), s.children_of(node), s.edges_of(node),
                       s.availability_of(node))).encode())
    h.update(repr((s.node_count(), s.edge_count(), s.live_edges(), s.used_bytes(), s.memory_parts(),
                   s.value_calls, s.get_roots())).encode())
    return h.hexdigest()[:16]


def parse_extra(text: str) -> dict:
    """``"fpu=1.0,tree=so"`` as make_search's keywords (numbers where they parse).

    >>> parse_extra("fpu=1.0,tree=so,expand_after=4")
    {'fpu': 1.0, 'tree': 'so', 'expand_after': 4}
    """
    out: dict = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        for cast in (int, float, str):
            try:
                out[name] = cast(value)
                break
            except ValueError:
                continue
    return out


def fingerprint(game: str, players: int, presets: bool, iterations: int, seeds: int,
                extra: dict | None = None) -> str:
    from search import core

    st = first_decision(game, players)
    seat = st.to_move()[0]
    view = st.observe(seat)
    opts = preset_options(game.split("+")[0], players=players) if presets else {}
    opts.update(extra or {})
    out = []
    for seed in range(seeds):
        s = core.make_search(view, seat, **opts)
        s.run(core.rng_for(view.game.kernel, 7 + seed), iterations, 0.0, 0)
        out.append(tree_digest(s))
    return " ".join(out)


def main() -> None:
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    extra = parse_extra(sys.argv[3]) if len(sys.argv) > 3 else {}
    every = hashlib.sha256()
    from cython_ext import select
    print(f"# loop: {select.load('ismcts').__file__}", flush=True)
    for game, counts in CONFIGS.items():
        for players in counts:
            for presets in (True, False):
                line = f"{game:<20} {players} {'preset ' if presets else 'builtin'} " \
                       f"{fingerprint(game, players, presets, iterations, seeds, extra)}"
                every.update(line.encode())
                print(line, flush=True)
    print(f"all: {every.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
