"""The search loop compiled and interpreted (one source, ``cython_ext/ismcts.py``) gives identical trees."""
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
            [s.root_vector(m) for m in range(view.game.kernel.max_moves)], s.memory_bytes(),
            [s.children_of(r) for r in roots])


def test_the_loop_runs_compiled_on_a_compiled_kernel_and_interpreted_on_request():
    compiled, interpreted = select.twins("ismcts")
    assert select.mode(compiled) == "compiled" and select.mode(interpreted) == "interpreted"
    view = guildes_start(4, 3).observe(0)
    assert type(core.make_search(view, 0)) is compiled.Search
    assert type(core.make_search(view, 0, impl="python")) is interpreted.Search


def test_view_hashes_agree_on_views_with_unknown_words():
    """The hash reads each word as unsigned 32-bit (unknowns are -1) and wraps at 2**64."""
    compiled, interpreted = select.twins("ismcts")
    for seed in range(6):
        s = random_decision(guildes_start(4, seed + 1), seed, 15 * seed)
        for seat in range(4):
            buf = s.observe(seat).buf
            assert (buf < 0).any()
            assert compiled.view_hash(buf, len(buf)) == interpreted.view_hash(buf, len(buf))


@pytest.mark.parametrize("tree", ["so", "mo"])
@pytest.mark.parametrize("reward", ["win", "rank", "score", "field"])
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


def test_loops_agree_once_the_tables_have_grown():
    """MO grows one node per tree per iteration: the arrays and both hash tables are resized."""
    view = guildes_start(4, 7).observe(1)
    a = _run(view, 1, "python", "mo", "win", 700, 5)
    assert a == _run(view, 1, "compiled", "mo", "win", 700, 5)
    fresh = core.make_search(view, 1, tree="mo").memory_bytes()
    assert a[1] > 2048 and a[4] > 2 * fresh


def test_loops_agree_with_a_node_limit():
    view = guildes_start(4, 9).observe(2)
    a = _run(view, 2, "python", "so", "win", 300, 1, max_nodes=40)
    assert a == _run(view, 2, "compiled", "so", "win", 300, 1, max_nodes=40)
    assert a[1] == 40
