"""The expansion threshold ``expand_after`` (K): a node grows a child only once it has been
visited K times; below it the descent stops and the rollout starts (cython_ext/ismcts.py,
``iterate``).  K = 1 is the tree of every earlier session."""
import pytest

import engine
from cython_ext import select
from engine.errors import BadConfig
from search import core
from search.api import Limits, make_player
from search.ismcts import ISMCTS_SPEC, IsmctsPlayer, check_options
from tests.protocol.conftest import expect, start
from tests.search.helpers import COMPILED, guildes_start, random_decision
from tests.search.test_no_peeking import assert_guildes_search_sees_only_its_view

ITERS = 400 if COMPILED else 60


def _tree(view, seat, tree="mo", iters=ITERS, seed=5, **opts):
    s = core.make_search(view, seat, tree=tree, **opts)
    s.run(core.rng_for(view.game.kernel, seed), iters, 0.0, 0)
    return s


def _whole(s):
    """Everything a tree holds, node by node (as bench/tree_fingerprint.py hashes it)."""
    return ([(s.node_info(x), s.key_of(x), s.children_of(x), s.edges_of(x), s.availability_of(x))
             for x in range(s.node_count())], s.get_roots(), s.node_visits_total, s.used_bytes())


def _short_of(s, k):
    """Nodes with a child whose visits are under ``k`` + their children: each child was made
    in its own iteration through the node, after the node had ``k`` visits."""
    return [x for x in range(s.node_count())
            if s.children_of(x) and s.node_info(x)[0] < k + len(s.children_of(x))]


@pytest.mark.parametrize("bad", [0, -1, 1001, 2.5, True, "two", ""])
def test_bad_values_are_refused_with_the_option_named(bad):
    with pytest.raises(BadConfig, match="expand_after must be an integer in \\[1, 1000\\]"):
        make_player("ismcts", expand_after=bad)


def test_good_values_are_taken_from_text_as_the_protocol_sends_them():
    assert check_options("ismcts", {"expand_after": "16"}, ISMCTS_SPEC)["expand_after"] == 16
    assert check_options("ismcts", {}, ISMCTS_SPEC)["expand_after"] == 1
    assert IsmctsPlayer.option_meta["expand_after"] == {"min": 1, "max": 1000}


def test_a_preset_that_sets_it_is_checked(tmp_path, monkeypatch):
    import json

    import search.presets as presets

    (tmp_path / "guildes.json").write_text(json.dumps(
        {"game": "guildes", "default": "bad", "presets": {"bad": {"options": {"expand_after": 0}}}}))
    monkeypatch.setattr(presets, "PRESET_DIR", str(tmp_path))
    with pytest.raises(BadConfig, match="expand_after"):
        make_player("ismcts").options_for("guildes", None, 4)


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_one_is_the_tree_without_the_option(tree):
    view = guildes_start(4, 2).observe(0)
    assert _whole(_tree(view, 0, tree, expand_after=1)) == _whole(_tree(view, 0, tree))


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("k", [2, 4, 16])
def test_no_child_under_a_node_visited_fewer_than_k_times(tree, k):
    s = random_decision(guildes_start(4, 6), 6, 30)
    seat = s.to_move()[0]
    view = s.observe(seat)
    plain, held = _tree(view, seat, tree), _tree(view, seat, tree, expand_after=k)
    assert _short_of(held, k) == []
    assert _short_of(plain, k) != []  # the walk can fail: at K = 1 nodes grow sooner
    assert held.node_count() < plain.node_count()
    # every iteration still backs up: root visits, the root seat's edges, the node visits counted
    root = held.get_roots()[seat if tree == "mo" else 0]
    assert held.node_info(root)[0] == ITERS
    assert sum(v for st, _m, v, _w in held.edges_of(root) if st == seat) == ITERS
    assert sum(held.node_info(x)[0] for x in range(held.node_count())) == held.node_visits_total
    assert held.node_visits_total < plain.node_visits_total


def test_the_root_waits_for_its_k_visits():
    view = guildes_start(4, 1).observe(0)
    for k in (2, 5):
        s = _tree(view, 0, "so", iters=k, expand_after=k)
        assert s.node_count() == 1 and s.node_visits_total == k  # k rollouts from the root
        s.run(core.rng_for(view.game.kernel, 9), 1, 0.0, 0)
        assert s.node_count() == 2


@pytest.mark.skipif(not COMPILED, reason="compiled ismcts/guildes kernels absent")
@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("k", [3, 8])
def test_compiled_and_interpreted_trees_agree(tree, k):
    s = random_decision(guildes_start(4, 8), 8, 50)
    seat = s.to_move()[0]
    view = s.observe(seat)

    def run(impl):
        t = core.make_search(view, seat, tree=tree, impl=impl, expand_after=k)
        t.run(select.twins("kernel")[0].Rng(3), 300, 0.0, 0)
        return _whole(t)

    assert run("python") == run("compiled")


@pytest.mark.parametrize("game, players", [("guildes", 4), ("city_and_guilds", 3),
                                           ("walled_city", 2), ("between_two_cities", 3)])
def test_the_player_plays_legal_moves_within_every_limit(game, players):
    state = random_decision(engine.make(game, players=players, seed=4), 4, 12)
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    p = make_player("ismcts", seed=1, expand_after=4)
    assert p.settings(game, Limits(iterations=50), players).options["expand_after"] == 4
    assert p.choose(state, seat, Limits(iterations=50)) in legal
    assert sum(m.visits for m in p.last_info.moves) == 50 == p.last_info.iterations
    # the node-visit limit: the last iteration crosses it, one fewer would not have
    p = make_player("ismcts", seed=1, expand_after=4)
    assert p.choose(state, seat, Limits(nodes=120)) in legal
    crossed = p.last_info
    assert crossed.nodes >= 120
    q = make_player("ismcts", seed=1, expand_after=4)
    q.choose(state, seat, Limits(iterations=crossed.iterations - 1))
    assert q.last_info.nodes < 120
    p.new_game()
    assert p.choose(state, seat, Limits(movetime=0.05)) in legal
    assert p.last_info.elapsed < 5.0
    q = make_player("ismcts", seed=1, expand_after=2, max_nodes=16)
    q.choose(state, seat, Limits(iterations=200))
    assert q.last_info.tree_nodes == 16


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_search_does_not_peek_with_a_threshold(tree):
    assert_guildes_search_sees_only_its_view(ITERS, tree=tree, expand_after=4)


def test_setoption_takes_it_and_refuses_a_bad_value():
    e = start()
    try:
        assert expect(e, "setoption name expand_after value 8") == []
        bad = expect(e, "setoption name expand_after value 0")
        assert len(bad) == 1 and bad[0].startswith("error bad-argument") and "expand_after" in bad[0], bad
    finally:
        e.quit()
