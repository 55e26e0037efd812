"""bench/wc_promotion_orders.py: the search that plays a promote step's promotions in
non-decreasing order only finds the same value as the plain search, skips moves, and
searches no more nodes; the step's lines and ends are counted."""
from pathlib import Path

import pytest

import engine

from bench.wc_promotion_orders import SortedPromotions, python_solve, step_ends, words_by_order
from search.solver.exact import Search
from search.solver.table import TranspositionTable
from tests.search.solver_positions import endgame


@pytest.mark.parametrize("seed,left", [(39, 11), (38, 13)])
def test_sorted_promotions_keep_the_value(seed, left):
    s = endgame("wc-2p", left, seed)
    v0, n0, hits0, _, _ = python_solve(s, Search)
    v1, n1, _, _, skipped = python_solve(s, SortedPromotions)
    assert v1 == v0
    assert skipped > 0  # the restriction bites here
    assert n1 <= n0


def test_a_restricted_node_is_worth_another_value():
    """Why the floor is keyed (and the root's moves are searched unrestricted): below a
    promotion the restricted search values a different game -- at this promote step (14
    decisions from the end of seed 38's game before session 51's promote-step rule changed
    the seeded games; kept as its state), after promoting 3, the position is worth 1 to seat
    0 but 0 with only promotions 3 and up left (so the comparison above can fail, and a table
    keyed by the position alone would mix the two)."""
    text = (Path(__file__).parent / "data" / "walled_city_2p_restricted_promotion.txt").read_text().strip()
    s = engine.make_game("walled_city", 2, ()).parse_state(text)
    s.apply(s.to_move()[0], 3)
    got = []
    for cls, floor in ((Search, 0), (SortedPromotions, 3)):
        table = TranspositionTable(2, 16, len(s.buf))
        search = cls(s.game, "win", table, 10_000_000)
        search.o_phase, search.promotions, search.floor = s.game.layout["phase"], 2 * s.game.owners, floor
        got.append(search.value(s.buf.copy())[0])
    assert got == [1.0, 0.0]


def test_step_ends_counts_lines_and_distinct_ends():
    s = endgame("wc-2p", 11, 39)
    lines, ends = step_ends(s)
    assert lines > len(ends) > 1
    assert words_by_order(s) == set()
    for line, st in ends.values():  # each end keyed by its lowest line, which is sorted
        promos = [m for m in line if m > 0]
        assert promos == sorted(promos)
