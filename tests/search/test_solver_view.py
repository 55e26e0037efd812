"""A seat's view solved over its distinct worlds, each weighted by its share of the draws."""
import numpy as np
import pytest

from engine.core import DEALER, OBSERVER
from search.solver import solve, solve_view
from search.solver.view import enumerate_worlds
from tests.search.solver_positions import endgame


@pytest.mark.parametrize("config,left", [("wc-2p", 3), ("cag-3p", 2)])
def test_the_distinct_worlds_of_a_small_view_are_all_found_and_weighted(config, left):
    s = endgame(config, left, 1)
    seat = s.to_move()[0]
    view = s.observe(seat)
    worlds, complete = enumerate_worlds(view, seat, seed=3)
    assert complete
    assert sum(p for _, p in worlds) == pytest.approx(1.0)
    bufs = {w.buf.tobytes() for w, _ in worlds}
    assert len(bufs) == len(worlds)  # distinct
    truth = s.buf.copy()
    truth[DEALER] = 0
    assert truth.tobytes() in bufs  # the real position is one of them
    for w, _ in worlds:
        seen = w.observe(seat).buf
        assert np.array_equal(seen[OBSERVER + 1:], view.buf[OBSERVER + 1:])
    sol = solve_view(view, seat, worlds=64, distinct=True, seed=3)
    assert sol.complete is True and sol.worlds == len(worlds)
    expected = sum(p * np.array(solve(w).value) for w, p in worlds)
    assert sol.value == pytest.approx(list(expected), abs=1e-9)


def test_a_view_with_more_worlds_than_asked_is_reported_incomplete():
    s = endgame("wc-2p", 1, 1)  # 28 worlds
    seat = s.to_move()[0]
    sol = solve_view(s.observe(seat), seat, worlds=4, distinct=True)
    assert sol.complete is False and sol.worlds == 4


def test_the_solve_command_solves_the_distinct_worlds_of_a_view():
    from click.testing import CliRunner

    from guildhall.cli import main

    s = endgame("wc-2p", 3, 1)
    seat = s.to_move()[0]
    r = CliRunner().invoke(main, ["solve", "walled_city", "--state", s.observe(seat).to_string(),
                                  "--worlds", "64", "--distinct-worlds", "--memory", "4"])
    assert r.exit_code == 0, r.output
    assert "every world found" in r.output and "not every" not in r.output
