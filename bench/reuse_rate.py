"""How often the default search keeps its tree (search/reuse.py), and how much it carries: one
game of default ISMCTS seats at 100 ms a decision, every player told every move (the arena);
for each table, the share of decisions whose search kept the last tree and the median of what
the kept root carried (its earlier visits) over that search's own iterations.

    python bench/reuse_rate.py GAME:PLAYERS [GAME:PLAYERS ...] [--seed S] [--set OPTION=VALUE ...]

``--set`` gives every seat an option (``reveal=true``: Guildes' face-down plays keyed as
turned up, so that its trees can be kept past a play step).
"""
from __future__ import annotations

import argparse
from typing import Optional
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from guildhall.arena import play_game  # noqa: E402
from search.api import Limits, make_player  # noqa: E402
from bench.strength import parse_opts  # noqa: E402


def kept_and_carried(game: str, players: int, seed: int, options: Optional[dict] = None) -> tuple[int, int, float]:
    """``(decisions searched, decisions that kept a tree, median carried / own iterations)``."""
    g = engine.make(game, players=players, seed=1).game
    ps = [make_player("ismcts", seed=10 + i, **(options or {})) for i in range(players)]
    rows = []
    for p in ps:
        real = p.search

        def search(view, seat, limits, on_info, stop, real=real, p=p):
            old = p._search
            info = real(view, seat, limits, on_info, stop)
            kept = old is not None and p._search is old
            carried = sum(m.visits for m in info.moves) - info.iterations
            rows.append((kept, carried / max(1, info.iterations)))
            return info

        p.search = search
    play_game(g, ps, Limits(movetime=0.1), seed=seed)
    carried = [c for k, c in rows if k]
    return len(rows), len(carried), statistics.median(carried) if carried else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tables", nargs="+", help="GAME:PLAYERS")
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--set", action="append", default=[], help="OPTION=VALUE for every seat's ismcts")
    a = ap.parse_args()
    options = parse_opts(["ismcts." + x for x in a.set]).get("ismcts", {})
    for table in a.tables:
        game, players = table.split(":")
        n, kept, carried = kept_and_carried(game, int(players), a.seed, options)
        print(f"{game} {players}p: kept a tree at {kept} of {n} decisions ({kept / n:.2f}); "
              f"the kept root carried a median {carried:.2f} of the search's own iterations")


if __name__ == "__main__":
    main()
