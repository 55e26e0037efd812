"""The tree's footprint: under 200 bytes a node, every entry of the edge arena in use."""
import pytest

from search import core
from tests.search.helpers import guildes_start


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_a_node_costs_16_bytes_an_edge_plus_under_100(tree):
    """Every edge is read back once, and the rest of a node stays under 100 bytes:
    32 of arrays, at most 16 of child table, 16 a segment (one per seat acting
    there: four at a simultaneous draft step, up to three per seat when
    determinizations show new moves), the unused room of merged segments.  How many
    edges a node has is the game's: 6.7 on average in a 1M-node 4-player Guildes tree
    (bench/bench_search.py memory), 10 near the root of a simultaneous draft."""
    view = guildes_start(4, 7).observe(1)
    s = core.make_search(view, 1, tree=tree)
    s.run(core.rng_for(view.game.kernel, 3), 400, 0.0, 0)
    assert s.node_count() > 400
    edges = sum(len(s.edges_of(n)) for n in range(s.node_count()))
    assert edges == s.live_edges()
    assert (s.used_bytes() - 16 * edges) / s.node_count() < 100
    assert s.memory_bytes() >= s.used_bytes()


def test_a_deeper_tree_uses_under_200_bytes_a_node():
    view = guildes_start(4, 7).observe(1)
    s = core.make_search(view, 1, tree="mo")
    s.run(core.rng_for(view.game.kernel, 3), 400, 0.0, 0)
    assert s.used_bytes() / s.node_count() < 200


def test_view_hashes_are_kept_only_for_keys_by_view():
    view = guildes_start(4, 7).observe(1)
    by_moves = core.make_search(view, 1, keys="moves")
    by_view = core.make_search(view, 1, keys="view")
    for s in (by_moves, by_view):
        s.run(core.rng_for(view.game.kernel, 3), 200, 0.0, 0)
    assert by_view.memory_bytes() - by_moves.memory_bytes() >= 8 * by_view.node_count()
