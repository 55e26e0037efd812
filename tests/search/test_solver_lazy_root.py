"""A simultaneous root solved lazily (the default) against the whole table of joint choices
(``Solver(equilibria="all")``): the same value, best move, move values and chosen equilibrium,
whoever asks; the option lists every pure equilibrium, as before (issue 19)."""
import threading

import pytest

from cython_ext import pure_python_forced
from engine.errors import BadConfig
from search.solver import Solver, SolverLimit
from tests.search.solver_positions import endgame

EPS = 1e-12

# simultaneous roots (two to four seats to move) of every game whose end has simultaneous steps:
# The Walled City has none, City and Guilds only its first two decisions (120-odd from the end)
ROOTS = [("guildes-3p", k, seed) for k in (3, 9, 12, 15) for seed in (1, 4)] + \
    [("guildes-3p", 14, 2), ("guildes-3p", 11, 6)] + \
    [("guildes-4p", k, seed) for k in (4, 8, 11, 12) for seed in (1, 6)] + \
    [("guildes-4p", 15, 1), ("guildes-4p", 14, 3)] + \
    [("btc-2p", 6, 2), ("btc-2p", 12, 1), ("btc-2p", 12, 4)] + \
    [("btc-3p", 9, seed) for seed in (1, 3, 4)] + [("btc-3p", 8, 3)]
if pure_python_forced():  # the interpreted kernels: the cheaper roots (the whole table costs seconds)
    ROOTS = [r for r in ROOTS if r[1] <= 9 and r != ("guildes-4p", 8, 1)]


def both(state, seat, reward="win", **kw):
    """The root solved lazily and from the whole table, each with a fresh table."""
    lazy = Solver(reward, max_nodes=2_000_000, **kw).solve(state, seat=seat)
    whole = Solver(reward, max_nodes=2_000_000, equilibria="all", **kw).solve(state, seat=seat)
    return lazy, whole


def assert_same(lazy, whole):
    assert lazy.value == pytest.approx(whole.value, abs=EPS)
    # (``fallback``, some step searched had no pure equilibrium, may differ: the whole table
    # searches steps below joint choices the lazy search never values)
    assert (lazy.seat, lazy.best, lazy.movers) == (whole.seat, whole.best, whole.movers)
    assert lazy.fallback >= (whole.equilibria == [])  # the root's own step without one
    assert list(lazy.values) == list(whole.values)
    for m, v in whole.values.items():
        assert lazy.values[m] == pytest.approx(v, abs=EPS)
    assert lazy.equilibria == whole.equilibria[:1]
    assert lazy.pv == whole.pv


@pytest.mark.parametrize("config,left,seed", ROOTS)
@pytest.mark.parametrize("reward", ["win", "rank"])
def test_the_lazy_root_gives_what_the_whole_table_gives(config, left, seed, reward):
    s = endgame(config, left, seed)
    movers = tuple(sorted(s.to_move()))
    assert len(movers) > 1, "a simultaneous root"
    for seat in movers:
        lazy, whole = both(s, seat, reward)
        assert_same(lazy, whole)
        assert lazy.values.keys() == set(s.legal_moves(seat))  # every move, even where lazily untested
        if whole.equilibria:
            assert lazy.equilibria == [whole.equilibria[0]] and lazy.best == whole.equilibria[0][movers.index(seat)]


@pytest.mark.parametrize("config,left,seed", [("guildes-3p", 9, 1), ("guildes-4p", 8, 6), ("btc-3p", 9, 3),
                                              ("btc-2p", 6, 2)])
def test_the_python_search_and_the_score_reward_agree_too(config, left, seed):
    s = endgame(config, left, seed)
    seat = max(s.to_move())
    assert_same(*both(s, seat, loop=False))
    assert_same(*both(s, seat, "score"))  # not constant-sum, no reward of 1 to stop at


def test_the_whole_table_has_fewer_rows_to_value_lazily():
    # the point of the change: Guildes 3p, a three-seat root with many pure equilibria
    s = endgame("guildes-3p", 15, 4)
    lazy, whole = both(s, 0)
    assert len(whole.equilibria) > 100 and lazy.nodes * 5 < whole.nodes


@pytest.mark.parametrize("config,left,seed,reward", [("guildes-4p", 2, 6, "score"), ("guildes-4p", 7, 6, "score")])
def test_a_root_without_a_pure_equilibrium_still_values_the_whole_table(config, left, seed, reward):
    s = endgame(config, left, seed)
    for seat in s.to_move():
        lazy, whole = both(s, seat, reward)
        assert whole.equilibria == [] and whole.fallback
        assert_same(lazy, whole)
        assert lazy.values.keys() == set(s.legal_moves(seat))


def test_searchmoves_at_a_simultaneous_root_keep_the_smaller_game():
    s = endgame("guildes-3p", 9, 1)
    legal = sorted(s.legal_moves(0))
    a = Solver().solve(s, seat=0, moves=legal[1:])
    b = Solver(equilibria="all").solve(s, seat=0, moves=legal[1:])
    assert set(a.values) == set(b.values) == set(legal[1:])
    assert a.equilibria == b.equilibria[:1] and a.best == b.best and a.value == b.value


def test_a_limit_at_a_simultaneous_root_keeps_the_moves_already_valued():
    # seat 1 was at reward 1 in the lazy test: its other moves are valued afterwards
    s = endgame("guildes-3p", 15, 4)
    first = Solver(max_nodes=2_000_000, move_values=False).solve(s, seat=1).nodes
    full = Solver(max_nodes=2_000_000).solve(s, seat=1)
    budget = (first + full.nodes) // 2
    assert first < budget < full.nodes
    with pytest.raises(SolverLimit) as err:
        Solver(max_nodes=budget).solve(s, seat=1)
    partial = err.value.partial
    assert full.best in partial and 0 < len(partial) < len(full.values)
    for m, v in partial.items():
        assert v == pytest.approx(full.values[m], abs=EPS)


def test_the_option_is_checked_and_solve_takes_it():
    from search.solver import solve

    with pytest.raises(BadConfig, match="equilibria must be one of first, all"):
        Solver(equilibria="every")
    s = endgame("guildes-3p", 9, 1)
    assert len(solve(s, equilibria="all").equilibria) > 1 and len(solve(s).equilibria) == 1


def test_the_solve_command_lists_the_chosen_equilibrium_or_every_one():
    from click.testing import CliRunner

    from guildhall.cli import main

    s = endgame("guildes-3p", 9, 1)
    whole = Solver(equilibria="all").solve(s)
    assert len(whole.equilibria) > 1
    run = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--memory", "4"])
    every = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--memory", "4",
                                      "--equilibria", "all"])
    assert run.exit_code == 0 and every.exit_code == 0, run.output + every.output
    first = " ".join(f"{seat}:{s.move_to_string(seat, m)}" for seat, m in zip(whole.movers, whole.equilibria[0]))
    [line] = [x for x in run.output.splitlines() if x.startswith("equilibrium")]
    assert line.endswith(f": {first}")
    [line] = [x for x in every.output.splitlines() if x.startswith("equilibria")]
    assert line.startswith(f"equilibria {len(whole.equilibria)}: {first}; ")
    # the same value and moves either way
    assert run.output.splitlines()[0] == every.output.splitlines()[0]
    bad = CliRunner().invoke(main, ["solve", "guildes", "--state", s.to_string(), "--equilibria", "some"])
    assert bad.exit_code != 0


def test_the_engine_takes_equilibria_as_an_option():
    from search.api import make_player

    assert make_player("solver", seed=0, memory=4).solver.equilibria == "first"
    assert make_player("solver", seed=0, memory=4, equilibria="all").solver.equilibria == "all"
    with pytest.raises(BadConfig, match="equilibria must be first or all"):
        make_player("solver", seed=0, equilibria="some")


def test_the_player_plays_and_values_the_same_either_way():
    from search.api import Limits, make_player

    s = endgame("guildes-3p", 9, 1)
    seat = max(s.to_move())
    infos = [make_player("solver", seed=3, memory=4, worlds=2, equilibria=how).search(
        s.observe(seat), seat, Limits(), None, threading.Event()) for how in ("first", "all")]
    assert infos[0].best == infos[1].best
    assert [(m.move, m.value) for m in infos[0].moves] == [(m.move, m.value) for m in infos[1].moves]


def test_an_engine_process_lists_the_option_as_a_combo():
    from tests.protocol.conftest import expect, start

    e = start()
    try:
        assert expect(e, "setoption name Engine value solver") == []
        assert expect(e, "setoption name equilibria value all") == []
        assert expect(e, "setoption name equilibria value some") == [
            "error bad-argument option equilibria takes one of first, all"]
    finally:
        e.quit()
