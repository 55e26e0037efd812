"""The ``endgame`` option: the last decisions solved exactly over worlds of the view."""
import threading

import pytest

from engine.core import make_rng
from engine.errors import BadConfig
from search.api import Limits, make_player
from search.endgame import within
from search.skill import with_skill
from search.solver.view import solve_view
from tests.search.solver_positions import endgame

LIMITS = Limits(iterations=50)


def _search(state, seed=5, limits=LIMITS, **options):
    seat = state.to_move()[0]
    p = make_player("ismcts", seed=seed, **options)
    p.choose(state, seat, limits)
    return p.last_info


def _same_search(a, b):
    assert (a.best, a.iterations, a.tree_nodes) == (b.best, b.iterations, b.tree_nodes)
    assert [(m.move, m.visits) for m in a.moves] == [(m.move, m.visits) for m in b.moves]


@pytest.mark.parametrize("config,seed,left", [("wc-2p", 1, 8), ("cag-3p", 7, 6), ("guildes-3p", 2, 9)])
def test_the_gate_counts_seat_decisions_to_the_end(config, seed, left):
    s = endgame(config, left, seed)
    seat = s.to_move()[0]
    view = s.observe(seat)
    assert within(view, seat, 10_000, make_rng(1))
    assert not within(view, seat, 0, make_rng(1))
    # the same playout, cut sooner or later: reach is monotone in the cap
    reach = [within(view, seat, d, make_rng(3)) for d in range(0, 3 * left)]
    assert reach == sorted(reach) and reach[-1]
    last = endgame(config, 1, seed)
    assert within(last.observe(last.to_move()[0]), last.to_move()[0], 1, make_rng(1))


def test_a_solved_endgame_plays_a_best_move_of_the_worlds():
    s = endgame("cag-3p", 6, 7)  # eight moves, some win in every world and some do not
    seat = s.to_move()[0]
    info = _search(s, endgame=10)
    assert info.tree_nodes == 0 and info.iterations == 8  # one iteration a world, no tree
    values = {m.move: m.value[seat] for m in info.moves}
    assert values[info.best] == max(values.values()) == 1.0
    assert min(values.values()) < 1.0
    sol = solve_view(s.observe(seat), seat, 8, 11)
    assert info.best in [m for m, v in sol.values.items() if v[seat] == 1.0]
    best_in = {m.move: m.visits for m in info.moves}
    assert best_in[info.best] == 8 and all(0 <= v <= 8 for v in best_in.values())
    assert {m for m, v in best_in.items() if v == 8} == {m for m, v in values.items() if v == 1.0}


def test_a_seat_lost_in_every_world_leaves_the_move_to_the_tree():
    s = endgame("wc-2p", 6, 2)  # every move loses in every world
    seat = s.to_move()[0]
    sol = solve_view(s.observe(seat), seat, 8, 3)
    assert max(v[seat] for v in sol.values.values()) == 0.0
    _same_search(_search(s, endgame=10), _search(s))


def test_out_of_reach_or_out_of_nodes_the_search_is_unchanged():
    far = endgame("wc-2p", 40, 3)
    _same_search(_search(far, endgame=10), _search(far))
    near = endgame("cag-3p", 6, 7)
    _same_search(_search(near, endgame=10, endgame_nodes=1), _search(near))


@pytest.mark.parametrize("config,seed,left", [("cag-3p", 7, 6), ("guildes-3p", 7, 9)])
def test_the_endgame_sees_only_the_view(config, seed, left):
    s = endgame(config, left, seed)
    seat = s.to_move()[0]
    view = s.observe(seat)
    twins = [view.determinize(seat, make_rng(k)) for k in (1, 2)]  # one view, two hidden truths
    assert (twins[0].buf != twins[1].buf).any()
    a, b = (_search(t, endgame=12) for t in twins)
    assert a.tree_nodes == b.tree_nodes == 0  # both solved
    assert a.best == b.best and [(m.move, m.visits, m.value) for m in a.moves] == \
        [(m.move, m.visits, m.value) for m in b.moves]


def test_searchmoves_bound_the_endgame():
    s = endgame("cag-3p", 6, 7)
    seat = s.to_move()[0]
    losing = [m.move for m in _search(s, endgame=10).moves if m.value[seat] < 1.0]
    info = _search(s, limits=Limits(iterations=50, searchmoves=losing[:2]), endgame=10)
    assert info.best in losing[:2] and {m.move for m in info.moves} <= set(losing[:2])


def test_an_infinite_search_is_not_cut_short_by_the_solver():
    s = endgame("cag-3p", 6, 7)
    seat = s.to_move()[0]
    p = make_player("ismcts", seed=5, endgame=10)
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    info = p.search(s.observe(seat), seat, Limits(infinite=True), None, stop)
    timer.join()
    assert info.tree_nodes > 0


def test_a_skill_level_draws_among_the_worlds_best_moves():
    s = endgame("cag-3p", 6, 7)
    seat = s.to_move()[0]
    best = {m.move for m in _search(s, endgame=10).moves if m.visits > 0}
    for k in range(8):
        p = with_skill(make_player("ismcts", seed=k, endgame=10, preset="none"), 2)
        assert p.choose(s, seat, Limits(iterations=50)) in best


@pytest.mark.parametrize("option,value", [("endgame", -1), ("endgame", 201), ("endgame_worlds", 0),
                                          ("endgame_nodes", 0), ("endgame_share", 0.0),
                                          ("endgame_share", 1.5), ("endgame", "x")])
def test_bad_endgame_options_are_refused(option, value):
    with pytest.raises(BadConfig, match=option):
        make_player("ismcts", **{option: value})


def test_a_node_limit_bounds_the_solver_too():
    near = endgame("cag-3p", 6, 7)  # solved within a few hundred nodes with no node limit
    assert _search(near, endgame=10).tree_nodes == 0
    tight = _search(near, limits=Limits(nodes=5), endgame=10)  # too few for the solver
    assert tight.tree_nodes > 0 and tight.best in near.legal_moves(near.to_move()[0])
