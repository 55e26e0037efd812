"""The search loop in modules (``cython_ext/ismcts.py`` and its ``tree_*`` layers).

``mix64`` and ``fold`` are inline bodies of ``tree_hash.pxd`` compiled and Python
twins interpreted, so the keys under which nodes are found are compared between
the two modes here (equal trees alone would not show it: a different hash finds
the same children).  ``bench/tree_fingerprint.py``, which checks that a change
keeps every tree, must see a change of one iteration.
"""
import os
import sys

import pytest

from cython_ext import select
from search import core
from tests.search.helpers import COMPILED, guildes_start, random_decision

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "bench"))
import tree_fingerprint  # noqa: E402

LAYERS = ["Search", "TreeSelection", "TreeCompact", "TreeValues", "TreeLists", "TreeSegments", "TreeNodes", "object"]


def _grown(view, seat, impl, tree, keys, iters=150, seed=4):
    s = core.make_search(view, seat, tree=tree, keys=keys, impl=impl)
    s.run(select.load("kernel").Rng(seed), iters, 0.0, 0)
    return s


def test_the_loop_is_one_stack_of_layers_in_both_modes():
    compiled, interpreted = select.twins("ismcts")
    for mod in (compiled, interpreted):
        if mod is not None:
            assert [c.__name__ for c in mod.Search.__mro__] == LAYERS


def test_the_interpreted_keys_are_splitmix64():
    # splitmix64's first output from state 0 is mix64 of the golden gamma (a published vector)
    th = select.twins("tree_hash")[1]
    assert th.mix64(0x9E3779B97F4A7C15) == 0xE220A8397B1DCDAF
    # fold: the actor + 2 above the code as an unsigned 32-bit word
    assert th.fold(5, -1, -2) == th.mix64(5 ^ ((1 << 32) + 0xFFFFFFFE))
    assert select.twins("ismcts")[1].fold is th.fold  # search/ismcts.py reads it there


@pytest.mark.skipif(not COMPILED, reason="compares the compiled loop with the interpreted one")
@pytest.mark.parametrize("tree", ["so", "mo", "omni"])
@pytest.mark.parametrize("keys", ["moves", "view"])
def test_node_keys_are_the_same_compiled_and_interpreted(tree, keys):
    s = random_decision(guildes_start(4, 6), 6, 30)
    seat = s.to_move()[0]
    view = s.observe(seat)
    a = _grown(view, seat, "python", tree, keys)
    b = _grown(view, seat, "compiled", tree, keys)
    ka = [a.key_of(n) for n in range(a.node_count())]
    assert ka == [b.key_of(n) for n in range(b.node_count())]
    # many nodes, keys of the whole 64-bit range (by moves, children of many nodes share one)
    assert len(ka) > 50 and len(set(ka)) > 5 and max(ka) >= 1 << 63


def test_the_tree_fingerprint_sees_one_more_iteration():
    view = guildes_start(3, 2).observe(0)
    d = [tree_fingerprint.tree_digest(_grown(view, 0, "auto", "mo", "moves", iters=n)) for n in (40, 40, 41)]
    assert d[0] == d[1] != d[2]
