"""``tree=det``: one tree keyed by every move of each iteration's determinized world.

The tree knows the sampled opponents' hidden choices, but each world is drawn from
the searching seat's view, so the move and the visits may depend on that view only:
``tests/search/test_no_peeking.py`` checks it as the players ``ismcts-det`` and
``ismcts-det-heuristic`` beside the other trees.
"""
import pytest

import engine
from engine.core import State
from search import core
from search.api import Limits, make_player
from search.ismcts import build_search
from tests.search.helpers import COMPILED, random_decision


def _choose(state, seat, iters, seed=3, **options):
    p = make_player("ismcts", seed=seed, preset="none", tree="det", **options)
    m = p.choose(state, seat, Limits(iterations=iters))
    return m, [(x.move, x.visits, x.value) for x in p.last_info.moves]


def test_det_is_an_ismcts_tree_option_and_nothing_else_is():
    from engine.errors import BadConfig

    assert make_player("ismcts", tree="det").opts["tree"] == "det"
    with pytest.raises(BadConfig, match="so, mo or det"):
        make_player("ismcts", tree="omni")  # the omniscient tree stays the analysis mode's


def test_a_det_search_draws_a_world_each_iteration_and_keys_its_tree_by_every_move():
    s = random_decision(engine.make("between_two_cities", players=3, seed=8), 8, 6)
    seat = s.to_move()[0]
    view = s.observe(seat)
    o = dict(make_player("ismcts", preset="none", tree="det").opts)
    det = build_search(view, seat, o)
    assert det.mode == core.TREE_MODES["omni"] and det.determinize
    so = build_search(view, seat, dict(o, tree="so"))
    for search in (det, so):
        search.run(core.rng_for(view.game.kernel, 5), 300 if COMPILED else 60, 0.0, 0)
    # the opponents' draft picks are hidden from the seat: an SO tree keyed by moves folds
    # them into one code, the determinized tree branches on each world's picks
    assert len(det.children_of(det.get_roots()[0])) > len(so.children_of(so.get_roots()[0]))


@pytest.mark.skipif(not COMPILED, reason="compares the compiled loop with the interpreted one")
@pytest.mark.parametrize("worlds", [0, 4])
@pytest.mark.parametrize("name,players", [("between_two_cities", 4), ("guildes", 4), ("walled_city", 2)])
def test_the_compiled_and_interpreted_loops_grow_the_same_det_tree(name, players, worlds):
    s = random_decision(engine.make(name, players=players, seed=4), 4, 10)
    seat = s.to_move()[0]
    assert (_choose(s, seat, 150, impl="compiled", fixed_worlds=worlds)
            == _choose(s, seat, 150, impl="python", fixed_worlds=worlds))


@pytest.mark.parametrize("name,players", [("between_two_cities", 6), ("guildes", 4), ("walled_city", 3),
                                          ("city_and_guilds", 4)])
def test_the_det_tree_over_one_fixed_world_is_pimc_over_one_world(name, players):
    """``fixed_worlds=1``: the world is drawn once, with the generator the search then runs on, as
    pimc draws its one world, and the omniscient tree is the same: the same move and visits."""
    s = random_decision(engine.make(name, players=players, seed=7), 7, 6)
    seat = s.to_move()[0]
    iters = 300 if COMPILED else 30
    det = make_player("ismcts", seed=3, preset="none", tree="det", fixed_worlds=1, exploration=0.7, rollout="random")
    pimc = make_player("pimc", seed=3, worlds=1)
    assert det.choose(s, seat, Limits(iterations=iters)) == pimc.choose(s, seat, Limits(iterations=iters))
    assert ([(x.move, x.visits, x.value) for x in det.last_info.moves]
            == [(x.move, x.visits, x.value) for x in pimc.last_info.moves])


@pytest.mark.parametrize("tree", ["det", "so", "mo"])
def test_fixed_worlds_are_drawn_from_the_view_and_dropped_with_the_root(tree):
    s = random_decision(engine.make("between_two_cities", players=4, seed=5), 5, 9)
    seat = s.to_move()[0]
    view = s.observe(seat)
    search = build_search(view, seat, dict(make_player("ismcts", preset="none", tree=tree).opts))
    assert search.fix_worlds(5, core.rng_for(view.game.kernel, 9)) == 5 == search.pool_k
    assert all(State(view.game, w.copy()).observe(seat) == view for w in search.pool_np)
    assert len({tuple(w) for w in search.pool_np}) > 1  # the hidden tiles differ between worlds
    search.run(core.rng_for(view.game.kernel, 9), 40, 0.0, 0)
    assert search.iterations == 40
    search.set_root(view.buf, True)
    assert (search.pool_k, search.pool_np) == (0, None)


@pytest.mark.skipif(not COMPILED, reason="compares the compiled loop with the interpreted one")
@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_compiled_and_interpreted_loops_search_fixed_worlds_alike(tree):
    s = random_decision(engine.make("between_two_cities", players=4, seed=4), 4, 10)
    seat = s.to_move()[0]

    def choose(impl):
        p = make_player("ismcts", seed=3, preset="none", tree=tree, fixed_worlds=4, impl=impl)
        m = p.choose(s, seat, Limits(iterations=150))
        return m, [(x.move, x.visits, x.value) for x in p.last_info.moves]

    assert choose("compiled") == choose("python")


def test_a_det_search_plays_a_legal_move_with_its_heuristic_options():
    s = random_decision(engine.make("between_two_cities", players=4, seed=2), 2, 20)
    seat = s.to_move()[0]
    iters = 200 if COMPILED else 40
    m, stats = _choose(s, seat, iters, rollout="egreedy", bias=1.0, exploration=4.0)
    assert m in s.legal_moves(seat) and sum(v for _m, v, _x in stats) == iters


@pytest.mark.parametrize("game,players,plies,seed,bias", [("between_two_cities", 3, 0, 1, 1.0),
                                                          ("between_two_cities", 5, 30, 2, 1.0),
                                                          ("city_and_guilds", 4, 10, 1, 4.0),
                                                          ("walled_city", 3, 100, 3, 1.0)])
def test_a_det_tree_keeps_heuristic_values_without_changing_the_tree(game, players, plies, seed, bias):
    """A det node fixes every move of its world since the root, a finer partition than the
    root seat's information set, so what an SO tree keeps (the root seat's values, and the
    public ones) is the same wherever a det tree finds it again: the trees are the same."""
    from tests.search.test_kept_values import compiled, grown, tree_of

    iters = 3000 if compiled(game) else 150
    kept = grown(game, players, plies, seed, bias, True, iters, tree="omni")
    fresh = grown(game, players, plies, seed, bias, False, iters, tree="omni")
    assert kept.determinize and kept.mode == core.TREE_MODES["omni"]
    assert tree_of(kept) == tree_of(fresh)
    assert kept.value_calls < fresh.value_calls
