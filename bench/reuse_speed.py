"""What a kept tree costs in speed: a player that keeps its tree (reuse on) and a fresh player
search the same position, at each of the first player's decisions of one game, for the same
time each (100 ms); the median ratio of their iterations, over the decisions that kept a tree,
those that started afresh, and those whose arena held over 200k nodes.  ``--fresh-first``
searches the fresh player first (the order the two run in moves the ratio by a few percent:
quote both); ``--no-compact``: the keeper's kept trees stay where they were in its arena, the
dropped nodes around them (``Search.compacting`` off, as before ``cython_ext/tree_compact.py``).

    python bench/reuse_speed.py GAME PLAYERS SEED [--fresh-first] [--no-compact]
"""
from __future__ import annotations

import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from search.api import Limits, make_player  # noqa: E402

BIG = 200_000  # arena nodes


def paired_iterations(game: str, players: int, seed: int, fresh_first: bool,
                      compacting: bool = True) -> list[tuple[bool, int, int, int]]:
    """``(kept, iterations kept-tree player, iterations fresh player, arena nodes)`` per decision."""
    g = engine.make(game, players=players, seed=1).game
    keeper = make_player("ismcts", seed=10)
    fresh = make_player("ismcts", seed=10, reuse=False)
    pairs = []
    real = keeper.search

    def search(view, seat, limits, on_info, stop):
        old = keeper._search
        if fresh_first:
            b = fresh.search(view, seat, limits, on_info, stop)
        info = real(view, seat, limits, on_info, stop)
        if not fresh_first:
            b = fresh.search(view, seat, limits, on_info, stop)
        kept = old is not None and keeper._search is old
        keeper._search.compacting = compacting
        pairs.append((kept, info.iterations, b.iterations, keeper._search.node_count()))
        return info

    keeper.search = search
    others = [make_player("ismcts", seed=20 + i) for i in range(players - 1)]
    play_game(g, [keeper] + others, Limits(movetime=0.1), seed=seed)
    return pairs


def main() -> None:
    game, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    pairs = paired_iterations(game, players, seed, "--fresh-first" in sys.argv, "--no-compact" not in sys.argv)
    groups = {"kept": [p for p in pairs if p[0]], "fresh": [p for p in pairs if not p[0]],
              f"arena over {BIG} nodes": [p for p in pairs if p[3] > BIG]}
    for name, rows in groups.items():
        ratios = [a / b for _k, a, b, _n in rows if b > 0]
        if ratios:
            print(f"{name}: {len(ratios)} decisions, median iterations kept/fresh player "
                  f"{statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
