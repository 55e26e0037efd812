"""Between Two Cities: the solver's nodes with a seat's two placements of a turn searched in
one order only (left city first below the root), against both orders (docs/solver.md,
Round 10: tried and not kept).  The Python search's ``legal`` filtered; the values and every
move's value are compared (2 players: alpha-beta, where ties do not move a value).

    python bench/solver_placement_order.py btc-2p 8,10,12,13,15,16
    python bench/solver_placement_order.py btc-3p 13,15,16,17,18
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from cython_ext.between_two_cities_encoding import ASSIGN_BASE, NCELL, PLACE_BASE  # noqa: E402
from search.solver import Solver  # noqa: E402
from search.solver.exact import Search, root_buffer  # noqa: E402
from tests.search.solver_positions import endgame  # noqa: E402


def right_first(m: int) -> bool:
    """A placement of one of the seat's own tiles (slot 0 or 1) into its right city."""
    return PLACE_BASE <= m < ASSIGN_BASE and (m - PLACE_BASE) // NCELL % 2 == 1 and (m - PLACE_BASE) // NCELL // 2 < 2


def solve(state, one_order: bool):
    listed = Search.legal
    root = root_buffer(state)  # the buffer the search starts from: its moves all listed

    def legal(self, buf, seat):
        moves = listed(self, buf, seat)
        pend = self.game.layout.view(buf, "pend")
        if (one_order and seat >= 0 and not np.array_equal(buf, root) and pend[seat, 0] >= 0
                and pend[seat, 1] >= 0 and moves and PLACE_BASE <= moves[0] < ASSIGN_BASE):
            return [m for m in moves if not right_first(m)]  # both tiles pending: left city first
        return moves

    Search.legal = legal
    try:
        return Solver(memory=256, max_nodes=50_000_000, loop=False).solve(state)
    finally:
        Search.legal = listed


def main() -> None:
    config, depths = sys.argv[1], [int(k) for k in sys.argv[2].split(",")]
    print("| decisions left | both orders: nodes | one order: nodes | same values |")
    print("|---|---|---|---|")
    for k in depths:
        s = endgame(config, k, 1)
        a, b = solve(s, False), solve(s, True)
        same = np.allclose(a.value, b.value) and a.values.keys() == b.values.keys() and all(
            np.allclose(a.values[m], b.values[m]) for m in a.values)
        print(f"| {k} | {a.nodes:,} | {b.nodes:,} | {'yes' if same else 'NO'} |", flush=True)


if __name__ == "__main__":
    main()
