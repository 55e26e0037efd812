"""First-play urgency ``fpu`` (Gelly & Wang 2006): an untried edge scores the urgency in UCB1
instead of being tried first, so a tried edge whose UCB value is above it is taken before
the untried ones (cython_ext/tree_selection.py, ``_urgent``).  Off (infinite) is the tree of
every earlier session."""
import math

import pytest

import engine
from cython_ext import select
from engine.errors import BadConfig
from search import core
from search.api import Limits, make_player
from search.ismcts import ISMCTS_SPEC, IsmctsPlayer, check_options
from tests.protocol.conftest import expect, start
from tests.search.helpers import COMPILED, guildes_start, random_decision
from tests.search.test_expand_after import _tree, _whole
from tests.search.test_no_peeking import assert_guildes_search_sees_only_its_view

ITERS = 400 if COMPILED else 60


def _root_edges(s, seat, tree):
    root = s.get_roots()[seat if tree == "mo" else 0]
    av = {(st, m): a for st, m, a in s.availability_of(root)}
    return {m: (v, w, av[(st, m)]) for st, m, v, w in s.edges_of(root) if st == seat}


@pytest.mark.parametrize("bad", [-0.1, 100.5, "nan", "inf", "", True, "urgent", "of f"])
def test_bad_values_are_refused_with_the_option_named(bad):
    with pytest.raises(BadConfig, match="fpu must be off or a number in \\[0, 100\\]"):
        make_player("ismcts", fpu=bad)


def test_good_values_are_taken_from_text_as_the_protocol_sends_them():
    assert check_options("ismcts", {"fpu": "0.75"}, ISMCTS_SPEC)["fpu"] == 0.75
    assert check_options("ismcts", {"fpu": 1}, ISMCTS_SPEC)["fpu"] == 1.0  # a preset's JSON integer
    assert check_options("ismcts", {"fpu": "off"}, ISMCTS_SPEC)["fpu"] == "off"
    assert check_options("ismcts", {"fpu": "OFF"}, ISMCTS_SPEC)["fpu"] == "off"  # a word in any case
    assert check_options("ismcts", {}, ISMCTS_SPEC)["fpu"] == "off"
    assert IsmctsPlayer.option_meta["fpu"] == {"min": 0.0, "max": 100.0}


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("opts", [{}, {"bias": 1.0}, {"expand_after": 4}])
def test_off_and_an_urgency_never_reached_keep_the_tree(tree, opts):
    """100 is above every UCB value here (rewards in [0, 1], exploration 1.4, a few hundred
    visits): the urgency is computed at every node with untried moves and never wins."""
    view = random_decision(guildes_start(4, 2), 2, 20)
    seat = view.to_move()[0]
    view = view.observe(seat)
    plain = _whole(_tree(view, seat, tree, **opts))
    assert _whole(_tree(view, seat, tree, fpu=math.inf, **opts)) == plain
    assert _whole(_tree(view, seat, tree, fpu=100.0, **opts)) == plain
    assert _whole(_tree(view, seat, tree, fpu=0.5, **opts)) != plain


def test_off_keeps_the_tree_at_city_and_guilds_listed_segments():
    s = random_decision(engine.make("city_and_guilds", players=4, seed=3), 3, 6)
    seat = s.to_move()[0]
    view = s.observe(seat)
    plain = _whole(_tree(view, seat, "mo", reward="score"))
    assert _whole(_tree(view, seat, "mo", reward="score", fpu=100.0)) == plain


@pytest.mark.parametrize("tree", ["so", "mo", "omni"])
def test_urgency_zero_keeps_to_the_first_move_tried(tree):
    """Rewards are never negative and the exploration term is positive from the second
    visit on, so every tried edge beats an urgency of 0: the root seat tries one move."""
    st = random_decision(guildes_start(4, 3), 3, 12)
    seat = st.to_move()[0]
    view = st if tree == "omni" else st.observe(seat)
    s = core.make_search(view, seat, tree=tree, fpu=0.0, determinize=tree != "omni")
    s.run(core.rng_for(view.game.kernel, 2), ITERS, 0.0, 0)
    visits = sorted(v for v, _w, _a in _root_edges(s, seat, "so").values())
    assert len(visits) > 1 and visits[-1] == ITERS and sum(visits) == ITERS
    s = core.make_search(view, seat, tree=tree, determinize=tree != "omni")
    s.run(core.rng_for(view.game.kernel, 2), ITERS, 0.0, 0)
    assert sum(1 for v, _w, _a in _root_edges(s, seat, "so").values() if v > 0) > 1


@pytest.mark.parametrize("game, players, plies", [("guildes", 4, 10), ("city_and_guilds", 4, 20),
                                                  ("walled_city", 3, 8)])
@pytest.mark.parametrize("fpu", [0.9, 1.3])
def test_the_root_takes_the_best_tried_edge_exactly_when_it_beats_the_urgency(game, players, plies, fpu):
    """One iteration at a time: while some legal move is untried, the root seat's visit goes
    to the tried edge of the largest UCB value (availability counted for this selection) if
    that value is above the urgency, else to a move not tried before.  City and Guilds' root
    is a listed segment (192 placements, of which a few hundred iterations try a part)."""
    c = 0.7
    st = random_decision(engine.make(game, players=players, seed=plies), plies, plies)
    seat = st.to_move()[0]
    view = st.observe(seat)
    s = core.make_search(view, seat, tree="mo", exploration=c, reward="score", fpu=fpu)
    rng = core.rng_for(view.game.kernel, 4)
    exploited = explored = 0
    legal = len(st.legal_moves(seat))
    assert game != "city_and_guilds" or legal > 100
    before = {}
    for _ in range(ITERS // 2):
        tried = {m: w / v + c * math.sqrt(math.log(a + 1) / v) for m, (v, w, a) in before.items() if v > 0}
        s.run(rng, 1, 0.0, 0)
        after = _root_edges(s, seat, "mo")
        (took,) = [m for m, (v, _w, _a) in after.items() if v == before.get(m, (0,))[0] + 1]
        best = max(tried.values(), default=-1.0)
        if len(tried) == legal or (tried and abs(best - fpu) < 1e-9):
            pass  # every move tried (plain UCB1), or too close to call in floats
        elif best > fpu:
            assert tried[took] == best
            exploited += 1
        else:
            assert took not in tried
            explored += 1
        before = after
    assert exploited > 0 and explored > 1


@pytest.mark.skipif(not COMPILED, reason="compiled ismcts/guildes kernels absent")
@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("game, opts", [("guildes", {"fpu": 0.6}), ("guildes", {"fpu": 1.0, "bias": 1.0}),
                                        ("city_and_guilds", {"fpu": 0.8, "reward": "score"})])
def test_compiled_and_interpreted_trees_agree(tree, game, opts):
    s = random_decision(engine.make(game, players=4, seed=8), 8, 20)
    seat = s.to_move()[0]
    view = s.observe(seat)

    def run(impl):
        t = core.make_search(view, seat, tree=tree, impl=impl, **opts)
        t.run(select.twins("kernel")[0].Rng(3), 300, 0.0, 0)
        return _whole(t)

    assert run("python") == run("compiled")


@pytest.mark.parametrize("game, players", [("guildes", 6), ("city_and_guilds", 5),
                                           ("walled_city", 2), ("between_two_cities", 3)])
def test_the_player_plays_legal_moves_with_it(game, players):
    state = random_decision(engine.make(game, players=players, seed=4), 4, 12)
    seat = state.to_move()[0]
    p = make_player("ismcts", seed=1, fpu="0.8", bias=0.5, expand_after=2)
    assert p.settings(game, Limits(iterations=50), players).options["fpu"] == 0.8
    assert p.choose(state, seat, Limits(iterations=50)) in state.legal_moves(seat)
    assert sum(m.visits for m in p.last_info.moves) == 50 == p.last_info.iterations


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_search_does_not_peek_with_an_urgency(tree):
    assert_guildes_search_sees_only_its_view(ITERS, tree=tree, fpu=0.7)


def test_guildhall_tune_takes_it_as_a_dimension():
    from guildhall.tune import parse_space

    assert parse_space(("fpu=off,1.0,1.5",))["fpu"] == ["off", 1.0, 1.5]
    with pytest.raises(BadConfig, match="fpu"):
        parse_space(("fpu=off,-2",))


def test_the_protocol_lists_it_and_refuses_a_bad_value():
    e = start()
    try:
        assert e.options["fpu"] == "option name fpu type string default off"
        assert expect(e, "setoption name fpu value 0.9") == []
        assert expect(e, "setoption name fpu value off") == []
        bad = expect(e, "setoption name fpu value -1")
        assert len(bad) == 1 and bad[0].startswith("error bad-argument") and "fpu" in bad[0], bad
    finally:
        e.quit()
