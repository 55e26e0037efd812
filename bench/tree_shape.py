"""The shape of a preset's tree at a game's first decision: how wide its root, how deep its
most visited line (docs/strength.md, "Session 21": the det tree is nearly flat at 100 ms).

    python bench/tree_shape.py between_two_cities --players 3 4 --presets heuristic-200g-100it det-heuristic-100ms
"""
import argparse

import engine
from engine.perft import play_to_decision
from search import core
from search.api import make_player
from search.ismcts import build_search


def shape(game: str, players: int, preset: str, iterations: int, seed: int) -> dict:
    """Nodes, root children and the most visited line's depth after ``iterations`` of
    ``preset`` (its options at a time limit) at the first decision of seed ``seed``."""
    s = play_to_decision(engine.make(game, players=players, seed=seed), seed)
    seat = s.to_move()[0]
    view = s.observe(seat)
    opts = make_player("ismcts", preset=preset).options_for(game, None, players)
    t = build_search(view, seat, opts)
    t.run(core.rng_for(view.game.kernel, seed), iterations, 0.0, 0)
    root = t.get_roots()[seat if t.mode == core.TREE_MODES["mo"] else 0]
    depth, node = 0, root
    while True:
        kids = t.children_of(node)
        if not kids:
            break
        node = max(kids, key=lambda cv: cv[1])[0]
        depth += 1
    return {"nodes": t.node_count(), "root_children": len(t.children_of(root)), "depth": depth}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, nargs="+", required=True)
    ap.add_argument("--presets", nargs="+", required=True)
    ap.add_argument("--iterations", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    print("| players | preset | nodes | root children | most visited line, steps |")
    print("|---|---|---|---|---|")
    for n in a.players:
        for p in a.presets:
            r = shape(a.game, n, p, a.iterations, a.seed)
            print(f"| {n} | {p} | {r['nodes']} | {r['root_children']} | {r['depth']} |")


if __name__ == "__main__":
    main()
