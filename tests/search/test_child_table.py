"""The child table: every node is found under its key, whatever the tag bits a
slot keeps above the child's id (fewer when more nodes come than ``max_nodes``
foresaw: the table is rebuilt with wider ids)."""
import pytest

from search import core
from tests.search.helpers import guildes_start


def grown(tree: str, max_nodes: int, raised: int = 0, iterations: int = 300):
    view = guildes_start(4, 5).observe(2)
    s = core.make_search(view, 2, tree=tree, max_nodes=max_nodes)
    if raised:
        s.max_nodes = raised  # after the table was sized for max_nodes
    s.run(core.rng_for(view.game.kernel, 11), iterations, 0.0, 0)
    return s


def shape(s) -> list:
    """Every node's visits and children, and every tree root's edges."""
    return ([s.children_of(n) for n in range(s.node_count())]
            + [s.edges_of(r) for r in s.get_roots()])


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_every_child_is_found_under_its_key(tree):
    s = grown(tree, 1_000_000)
    found = 0
    for node in range(s.node_count()):
        for child, _visits in s.children_of(node):
            assert s.child_of(node, s.key_of(child)) == child
            found += 1
    assert found == s.node_count() - len(s.get_roots()) >= 300
    # a key no child has: not found (the probe stops at an empty slot, not at a tag)
    assert s.child_of(s.get_roots()[0], s.key_of(1) ^ 1) == -1


def test_more_nodes_than_max_nodes_foresaw_grow_the_same_tree():
    """A table sized for 16 nodes (5 id bits) rebuilt as ids need more bits: the
    same tree, node for node, as one sized for a million from the start."""
    wide = grown("mo", 1_000_000)
    narrow = grown("mo", 16, raised=1_000_000)
    assert narrow.node_count() == wide.node_count() > 512  # ids of 10 bits and more
    assert shape(narrow) == shape(wide)
    for node in range(narrow.node_count()):
        for child, _visits in narrow.children_of(node):
            assert narrow.child_of(node, narrow.key_of(child)) == child
