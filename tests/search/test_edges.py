"""Edge storage under merging and reuse: one edge per (seat, move) at a node, every
edge reachable, and the same tree compiled and interpreted, in a game of ~150 moves a
step (City and Guilds: merged segments too long to binary-search) and one of 15 (Guildes)."""
from collections import Counter

import pytest

import engine
from cython_ext import select
from engine.perft import play_to_decision
from search import core
from tests.search.helpers import random_decision

# (game, players, random plies from the first decision, iterations); City and Guilds
# after 8 plies: the seats after the root one have hundreds of placements that vary
# with the determinized tiles, so their merged segments are long (672 edges)
CASES = [("city_and_guilds", 4, 8, 600), ("guildes", 5, 0, 600)]


def grown(game: str, players: int, plies: int, iters: int, impl: str = "auto", tree: str = "so"):
    st = random_decision(play_to_decision(engine.make(game, players=players, seed=3), 3), plies, plies)
    seat = st.to_move()[0]
    view = st.observe(seat)
    s = core.make_search(view, seat, tree=tree, impl=impl)
    s.run(core.rng_for(view.game.kernel, 5), iters, 0.0, 0)
    return s


def both_compiled(game: str) -> bool:
    return (not select.pure_python_forced() and select.mode(select.load("ismcts")) == "compiled"
            and select.mode(select.load(game)) == "compiled")


@pytest.mark.parametrize("game,players,plies,iters", CASES)
def test_a_node_holds_one_edge_per_seat_and_move(game, players, plies, iters):
    s = grown(game, players, plies, iters if both_compiled(game) else 150)
    merged = total = 0
    for n in range(s.node_count()):
        edges = s.edges_of(n)
        per_key = Counter((seat, m) for seat, m, _, _ in edges)
        assert not per_key or max(per_key.values()) == 1
        visits = s.node_info(n)[0]
        for seat in {k[0] for k in per_key}:
            assert sum(v for st, _, v, _ in edges if st == seat) <= visits
        merged += visits >= 16 and len(per_key) > 0
        total += len(edges)
    assert merged > 0  # the merge at hot nodes was exercised
    assert total == s.live_edges()


@pytest.mark.parametrize("game,players,plies,iters", CASES)
def test_compiled_and_interpreted_trees_agree(game, players, plies, iters):
    if not both_compiled(game):
        pytest.skip("compiled loop and kernel absent")
    a, b = grown(game, players, plies, 250, "compiled"), grown(game, players, plies, 250, "python")
    assert (a.node_count(), a.edge_count()) == (b.node_count(), b.edge_count())
    assert all(a.edges_of(n) == b.edges_of(n) for n in range(a.node_count()))
