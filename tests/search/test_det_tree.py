"""``tree=det``: one tree keyed by every move of each iteration's determinized world.

The tree knows the sampled opponents' hidden choices, but each world is drawn from
the searching seat's view, so the move and the visits may depend on that view only:
``tests/search/test_no_peeking.py`` checks it as the players ``ismcts-det`` and
``ismcts-det-heuristic`` beside the other trees.
"""
import pytest

import engine
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
@pytest.mark.parametrize("name,players", [("between_two_cities", 4), ("guildes", 4), ("walled_city", 2)])
def test_the_compiled_and_interpreted_loops_grow_the_same_det_tree(name, players):
    s = random_decision(engine.make(name, players=players, seed=4), 4, 10)
    seat = s.to_move()[0]
    assert _choose(s, seat, 150, impl="compiled") == _choose(s, seat, 150, impl="python")


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
