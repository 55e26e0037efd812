"""A kept tree copied into fresh arrays (``cython_ext/tree_compact.py``) is the same tree.

Two tables play the same game, every player keeping its tree between moves; at one the
kept trees are compacted at each reroot (the default), at the other not.  Every search must
come out the same -- its root statistics, its choice, the kept tree read back node by node
(visits, keys, edges and their availability, children in order), and the heuristic calls
saved by the values a node keeps -- while the compacted arena holds only the kept nodes.
"""
import pytest

import engine
from cython_ext import select
from engine.core import CHANCE
from search import core
from search.api import Limits
from tests.search.helpers import COMPILED, random_decision
from tests.search.reuse_helpers import ITERS, SLOW, TABLES, Table, no_policy

IMPLS = ["compiled", "python"] if COMPILED else ["python"]


def tree_dump(s):
    """Each tree from its root: ``(visits, key, edges, availability, children)``, recursively."""
    def dump(node, root):
        kids = [dump(c, False) for c, _v in s.children_of(node)]
        return (s.node_info(node)[0], 0 if root else s.key_of(node), s.edges_of(node),
                s.availability_of(node), kids)
    return [dump(r, True) for r in s.get_roots()]


def count(tree):
    return 1 + sum(count(k) for k in tree[4])


def play_recording(game, players, seed, impl, options, compacting, limit=40):
    """The game's moves and, for each search, what it read back; ``compacting=False``: each
    player's kept search never compacts."""
    t = Table(game, players, seed, impl, options)
    records = []
    for p in t.players:
        real = p.search

        def search(view, seat, limits, on_info=None, stop=None, p=p, real=real):
            info = real(view, seat, limits, on_info, stop)
            s = p._search
            if s is not None:
                s.compacting = compacting
                dump = tree_dump(s)
                records.append((seat, info.best, [(m.move, m.visits, m.value) for m in info.moves],
                                dump, s.value_calls, s.node_count(), count_all(dump)))
            return info

        p.search = search
    moves = 0
    while not t.state.is_terminal() and moves < limit:
        if t.state.to_move()[0] != CHANCE:
            moves += 1
        t.play(Limits(iterations=ITERS))
    return records


def count_all(dump):
    return sum(count(tree) for tree in dump)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("game,players,options", TABLES)
def test_a_compacted_tree_searches_as_the_tree_it_was_copied_from(game, players, options, impl, monkeypatch):
    if impl == "python" and game in SLOW:
        pytest.skip("interpreted, 10-30 s a table: the compiled run checks the same copy (the twins agree)")
    no_policy(monkeypatch)  # reuse wherever the keys can be followed: more trees kept
    kept = play_recording(game, players, 5, impl, options, True)
    loose = play_recording(game, players, 5, impl, options, False)
    assert len(kept) == len(loose) > 5
    compacted = 0
    for a, b in zip(kept, loose):
        assert a[:5] == b[:5]          # seat, choice, root statistics, tree, value calls
        assert a[5] == a[6]            # the compacted arena holds the kept trees' nodes only
        compacted += a[5] < b[5]
    assert compacted > 0               # some reroot dropped nodes that the loose arena kept


def fresh_search(game="walled_city", players=2, impl="compiled" if COMPILED else "python"):
    st = random_decision(engine.make(game, players=players, seed=3), 3, 4)
    seat = st.to_move()[0]
    s = core.make_search(st.observe(seat), seat, tree="mo", impl=impl)
    s.run(select.load("kernel").Rng(1), 200, 0.0, 0)
    return s


def test_compacting_keeps_the_roots_first_and_refuses_nodes_that_are_not():
    s = fresh_search()
    roots = list(s.get_roots())
    child = s.children_of(roots[0])[0][0]
    s.reroot_trees([child] + [-1] * (len(roots) - 1))
    assert list(s.get_roots()) == list(range(len(roots)))
    n = s.node_count()
    with pytest.raises(ValueError):
        s.reroot_trees([n] + [-1] * (len(roots) - 1))
    with pytest.raises(ValueError):
        s.reroot_trees([0, 0] + [-1] * (len(roots) - 2))  # one node as two trees' root
    assert s.node_count() == n  # a refused reroot changes nothing
