"""Listed segments (a seat's untried moves kept as a move list, see ``cython_ext/tree_lists.py``)
change the storage only: the same tree, edge for edge, as when every edge is a record."""
import pytest

import engine
from cython_ext import select
from engine.perft import play_to_decision
from search import core
from tests.search.helpers import random_decision

# (game, players, random plies, tree, bias): City and Guilds' ~150 placements (lists that
# differ with the determinized tiles: counted lists; with a bias the draw among the
# untried of equal heuristic), Guildes' at most 15 moves (records, as before)
CASES = [("city_and_guilds", 4, 8, "so", 0.0), ("city_and_guilds", 4, 0, "mo", 0.0),
         ("city_and_guilds", 3, 0, "so", 0.0), ("city_and_guilds", 4, 2, "so", 0.5),
         ("guildes", 4, 20, "so", 0.0)]


def compiled(game: str) -> bool:
    return (not select.pure_python_forced() and select.mode(select.load("ismcts")) == "compiled"
            and select.mode(select.load(game)) == "compiled")


def grown(game, players, plies, tree, bias, lists, iters):
    st = random_decision(play_to_decision(engine.make(game, players=players, seed=4), 4), plies, plies)
    seat = st.to_move()[0]
    s = core.make_search(st.observe(seat), seat, tree=tree, bias=bias)
    s.lists = lists
    s.run(core.rng_for(st.game.kernel, 9), iters, 0.0, 0)
    return s


def tree_of(s):
    return [(s.edges_of(n), s.availability_of(n), s.children_of(n)) for n in range(s.node_count())]


@pytest.mark.parametrize("game,players,plies,tree,bias", CASES)
def test_listed_and_recorded_edges_grow_the_same_tree(game, players, plies, tree, bias):
    iters = 1500 if compiled(game) else 120
    listed = grown(game, players, plies, tree, bias, True, iters)
    recorded = grown(game, players, plies, tree, bias, False, iters)
    assert recorded.memory_parts()["move_lists"] == 0
    assert (listed.memory_parts()["move_lists"] > 0) == (game != "guildes")  # 15 moves at most: records
    assert tree_of(listed) == tree_of(recorded)
    assert listed.live_edges() == recorded.live_edges() == sum(len(e) for e, _a, _c in tree_of(listed))


def test_an_untried_move_costs_a_list_word_or_two_instead_of_a_record():
    """City and Guilds' seats try one or two of their ~150 placements at most nodes: as
    list words (2 bytes a move, 4 with its own availability) the tree takes under 40%
    of its size with a 16-byte record for every edge (lists grow by doubling: at most 8
    bytes a move counting their room)."""
    listed = grown("city_and_guilds", 4, 2, "so", 0.0, True, 120)
    recorded = grown("city_and_guilds", 4, 2, "so", 0.0, False, 120)
    tried = sum(1 for n in range(listed.node_count()) for _s, _m, v, _w in listed.edges_of(n) if v > 0)
    untried = listed.live_edges() - tried
    parts = listed.memory_parts()
    assert untried > 10 * tried
    assert parts["move_lists"] - parts["move_lists_dead"] <= 8 * untried
    assert listed.used_bytes() < 0.4 * recorded.used_bytes()


@pytest.mark.parametrize("fpu,bias", [(0.0, 0.0), (0.6, 0.5), (float("inf"), 0.0)])
def test_a_listed_segment_made_exact_at_count_max_grows_the_same_tree(fpu, bias):
    """With first-play urgency an untried move's 16-bit count is bounded only by the node's
    visits, so a listed segment (counted or not) is made exact at ``count_max`` of them
    (65,000; here 12, so that many nodes cross it): the tree stays the one of records."""
    iters = 1500 if compiled("city_and_guilds") else 150
    trees = []
    for lists, cmax in ((True, 12), (False, None), (True, None)):
        st = random_decision(play_to_decision(engine.make("city_and_guilds", players=4, seed=4), 4), 8, 8)
        seat = st.to_move()[0]
        s = core.make_search(st.observe(seat), seat, tree="so", bias=bias, fpu=fpu)
        s.lists = lists
        if cmax is not None:
            s.count_max = cmax
        s.run(core.rng_for(st.game.kernel, 9), iters, 0.0, 0)
        trees.append((s, tree_of(s)))
    (cut, cut_tree), (_recorded, recorded_tree), (listed, _listed_tree) = trees
    assert cut_tree == recorded_tree
    # the cut happened: fewer list words than the search that kept its lists
    assert cut.memory_parts()["move_lists"] - cut.memory_parts()["move_lists_dead"] < \
        listed.memory_parts()["move_lists"] - listed.memory_parts()["move_lists_dead"]


@pytest.mark.skipif(not compiled("city_and_guilds"), reason="compares the compiled loop with the interpreted one")
def test_the_cut_at_count_max_grows_the_same_tree_compiled_and_interpreted():
    st = random_decision(play_to_decision(engine.make("city_and_guilds", players=4, seed=4), 4), 8, 8)
    seat = st.to_move()[0]
    trees = []
    for impl in ("compiled", "python"):
        s = core.make_search(st.observe(seat), seat, tree="so", fpu=0.6, impl=impl)
        s.count_max = 12
        s.run(core.rng_for(st.game.kernel, 9), 150, 0.0, 0)
        trees.append(tree_of(s))
    assert trees[0] == trees[1]
