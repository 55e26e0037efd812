"""``reward=field`` in the endgame solver: the Python search and the compiled loop against an
independent brute force, in every game (both modes), and everywhere a solver reward is named."""
import pytest
from click.testing import CliRunner

import engine.core
from cython_ext import select
from cython_ext.reward_modes import REWARD_CODES
from guildhall.cli import main
from guildhall.tune import DEFAULT_SPACE
from search import core
from search.api import make_player
from search.solver import solve
from search.solver.loop import LoopSearch, make_search
from search.solver.player import SolverPlayer
from search.solver.solve import REWARDS
from search.solver.table import TranspositionTable
from tests.search.solver_positions import endgame
from tests.search.test_solver_exact import brute

EPS = 1e-9
# one small endgame of each game; the btc and wc ones rank by tie-breaks beyond the score,
# which field (like score) ignores
CASES = [("guildes-3p", 3), ("btc-3p", 5), ("cag-3p", 3), ("wc-2p", 4)]


@pytest.mark.parametrize("config,left", CASES)
@pytest.mark.parametrize("loop", [True, False])
def test_field_values_and_move_values_match_brute_force(config, left, loop):
    s = endgame(config, left, 1)
    sol = solve(s, reward="field", max_nodes=2_000_000, loop=loop)
    want = brute(s, "field")
    assert sol.value == pytest.approx(list(want), abs=EPS)
    movers = tuple(sorted(s.to_move()))
    if len(movers) == 1:
        for m, v in sol.values.items():
            c = s.clone()
            c.apply(movers[0], m)
            assert v == pytest.approx(list(brute(c, "field")), abs=EPS)


@pytest.mark.parametrize("config,left", CASES)
def test_the_loop_solves_field_node_for_node_as_the_python_search(config, left):
    s = endgame(config, left, 2)
    assert isinstance(make_search(s.game, "field", TranspositionTable(s.players, 1, len(s.buf)), 10), LoopSearch)
    a = solve(s, reward="field", max_nodes=2_000_000)
    b = solve(s, reward="field", max_nodes=2_000_000, loop=False)
    assert a.value == pytest.approx(b.value, abs=1e-12) and a.nodes == b.nodes
    assert (a.best, a.pv) == (b.best, b.pv)


def test_field_is_not_score():
    # the margin over the mean of the others, not over the best other seat: a three-seat
    # endgame where the two differ, so a solver that read the wrong mode fails above
    s = endgame("guildes-3p", 3, 1)
    assert brute(s, "field") != pytest.approx(brute(s, "score"), abs=1e-6)


def test_the_solvers_reward_modes_are_the_kernels():
    kernel = select.load("kernel")
    assert REWARDS == engine.core.RETURN_MODES
    assert REWARD_CODES == {"win": kernel.REWARD_WIN, "rank": kernel.REWARD_RANK,
                            "score": kernel.REWARD_SCORE, "field": kernel.REWARD_FIELD}


def test_every_place_that_names_the_solvers_rewards_has_field():
    assert SolverPlayer.option_meta["reward"]["choices"] == REWARDS
    assert make_player("solver", seed=1, reward="field").opts["reward"] == "field"
    solve_cmd = next(c for c in main.commands.values() if c.name == "solve")
    reward = next(p for p in solve_cmd.params if p.name == "reward")
    assert tuple(reward.type.choices) == REWARDS
    assert DEFAULT_SPACE["reward"] == list(core.REWARD_MODES)


def test_guildhall_solve_reward_field():
    s = endgame("wc-2p", 4, 1)
    r = CliRunner().invoke(main, ["solve", "walled_city", "--state", s.to_string(), "--reward", "field",
                                  "--memory", "4"])
    assert r.exit_code == 0, r.output
    value = solve(s, reward="field").value
    assert all(f"{v:.4f}" in r.output.splitlines()[0] for v in value)
