"""The compiled search loop and its pure-Python twin give identical trees."""
import pytest

from cython_ext import select
from search import core
from tests.search.helpers import COMPILED, guildes_start, random_decision

pytestmark = pytest.mark.skipif(not COMPILED, reason="compiled ismcts/guildes kernels absent")


def _run(view, seat, impl, tree, reward, iters, seed, max_nodes=100_000, keys="moves"):
    s = core.make_search(view, seat, tree=tree, reward=reward, impl=impl, max_nodes=max_nodes, keys=keys)
    rng = select.twins("kernel")[0].Rng(seed)
    s.run(rng, iters, 0.0, 0)
    roots = s.get_roots()
    return ([s.edges_of(r) for r in roots], s.node_count(), s.edge_count(),
            [s.root_vector(m) for m in range(view.game.kernel.max_moves)])


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_compiled_and_python_loops_agree_at_game_start(tree, reward):
    view = guildes_start(4, 3).observe(0)
    assert _run(view, 0, "python", tree, reward, 400, 11) == _run(view, 0, "compiled", tree, reward, 400, 11)


@pytest.mark.parametrize("plies", [20, 60, 120])
@pytest.mark.parametrize("keys", ["moves", "view"])
def test_compiled_and_python_loops_agree_later_in_the_game(plies, keys):
    s = random_decision(guildes_start(4, 5), plies, plies)
    seat = s.to_move()[0]
    view = s.observe(seat)
    for tree in ("so", "mo"):
        assert _run(view, seat, "python", tree, "win", 300, plies, keys=keys) == \
            _run(view, seat, "compiled", tree, "win", 300, plies, keys=keys)


def test_loops_agree_with_a_node_limit():
    view = guildes_start(4, 9).observe(2)
    a = _run(view, 2, "python", "so", "win", 300, 1, max_nodes=40)
    assert a == _run(view, 2, "compiled", "so", "win", 300, 1, max_nodes=40)
    assert a[1] == 40
