"""The solver's interfaces at their edges (an audit of session 35): a view asked for the best
move only, the exact information set within a deadline, a seat or budget out of range, a view
solved by the paranoid search, and a seat not to move -- each a clear answer, never a traceback."""
import time

import pytest
from click.testing import CliRunner

from engine.errors import BadConfig
from guildhall.cli import main
from search.api import Limits, make_player
from search.solver import Solver, SolverLimit, solve_view
from tests.search.solver_positions import endgame


def cli(*args: str):
    return CliRunner().invoke(main, ["solve", *args])


def test_best_only_on_a_view_is_refused_with_the_reason():
    s = endgame("wc-2p", 1, 1)
    seat = s.to_move()[0]
    r = cli("walled_city", "--state", s.observe(seat).to_string(), "--best-only")
    assert r.exit_code == 1 and r.output.startswith("error: --best-only solves a full state"), r.output
    with pytest.raises(BadConfig, match="every move's value"):
        solve_view(s.observe(seat), seat, solver=Solver(move_values=False))


def test_the_exact_information_set_stops_listing_at_the_deadline():
    # Guildes 4p: with a limit of 2000 worlds the walk refuses this view after about 15 s
    s = endgame("guildes-4p", 4, 1)
    view = s.observe(0)
    t = time.perf_counter()
    with pytest.raises(SolverLimit, match="ran out of time"):
        solve_view(view, 0, exact=True, limit=2000, deadline=t + 0.1)
    assert time.perf_counter() - t < 3.0  # the deadline, not the walk's own give-up
    player = make_player("solver", seed=1, exact=True, exact_limit=2000)
    t = time.perf_counter()
    player.choose(view, 0, Limits(movetime=0.2))
    assert time.perf_counter() - t < 3.0 and player.last_info.best in view.legal_moves(0)


@pytest.mark.parametrize("kind", [{"paranoid": True}, {"best_reply": True}, {}])
def test_a_seat_outside_the_table_is_refused(kind):
    s = endgame("guildes-3p", 6, 1)
    for seat in (9, -1):
        with pytest.raises(BadConfig, match="seat must be 0-2"):
            Solver(**kind).solve(s, seat=seat)


def test_a_node_budget_spent_by_earlier_worlds_says_the_budget_given():
    s = endgame("guildes-3p", 6, 1)
    r = cli("guildes", "--state", s.observe(0).to_string(), "--exact", "--max-nodes", "10")
    assert r.exit_code == 1 and r.output == "error: the position needs more than 10 nodes to solve\n", r.output
    with pytest.raises(BadConfig, match="max_nodes"):
        Solver().solve(s, max_nodes=-1)


def test_a_view_solved_by_the_paranoid_search_says_what_its_value_is():
    s = endgame("guildes-3p", 4, 1)
    seat = s.to_move()[-1]
    r = cli("guildes", "--state", s.observe(seat).to_string(), "--paranoid")
    assert r.exit_code == 0, r.output
    assert f"paranoid: seat {seat}'s reward if every other seat played against it" in r.output


def test_no_move_heading_for_a_seat_not_to_move():
    s = endgame("cag-3p", 4, 1)
    other = next(p for p in range(3) if p not in s.to_move())
    r = cli("city_and_guilds", "--state", s.to_string(), "--paranoid", "--seat", str(other))
    assert r.exit_code == 0 and "moves of seat" not in r.output and r.output.startswith("value "), r.output


@pytest.mark.parametrize("opts", [["--exact"], ["--distinct-worlds"], ["--worlds", "8"], ["--limit", "5"],
                                  ["--exact", "--worlds", "3"]])
def test_a_views_options_on_a_full_state_are_refused_not_ignored(opts):
    s = endgame("wc-2p", 1, 1)
    r = cli("walled_city", "--state", s.to_string(), *opts)
    names = ", ".join(o for o in opts if o.startswith("--"))
    assert r.exit_code == 1 and r.output == (f"error: {names} apply to a seat's view; this is a full state, "
                                             "solved exactly as it stands\n"), r.output
    # the same options on the seat's view are taken
    seat = s.to_move()[0]
    assert cli("walled_city", "--state", s.observe(seat).to_string(), *opts).exit_code == 0
