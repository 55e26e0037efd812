"""Selection's bookkeeping on every lookup path (the seat's one segment listing exactly
the legal moves, the walk along a sorted merged segment, the move->edge scratch table
of wide nodes): each edge counts one availability a selection where its move was legal,
and one visit a selection that chose it, so visits <= availability <= node visits."""
import pytest

import engine
from cython_ext import select
from engine.perft import play_to_decision
from search import core
from tests.search.helpers import random_decision

# Guildes: 15-move draft steps (exact segments, merged and walked at hot nodes); City
# and Guilds after 8 plies: hundreds of placements varying with the determinized tiles
CASES = [("guildes", 4, 0, "so"), ("guildes", 4, 0, "mo"), ("city_and_guilds", 4, 8, "so"),
         ("city_and_guilds", 4, 8, "mo")]


def compiled(game: str) -> bool:
    return (not select.pure_python_forced() and select.mode(select.load("ismcts")) == "compiled"
            and select.mode(select.load(game)) == "compiled")


def grown(game: str, players: int, plies: int, tree: str):
    st = random_decision(play_to_decision(engine.make(game, players=players, seed=3), 3), plies, plies)
    seat = st.to_move()[0]
    view = st.observe(seat)
    s = core.make_search(view, seat, tree=tree)
    iters = 800 if compiled(game) else 120
    s.run(core.rng_for(view.game.kernel, 5), iters, 0.0, 0)
    return s, seat, iters, view


@pytest.mark.parametrize("game,players,plies,tree", CASES)
def test_visits_within_availability_within_node_visits(game, players, plies, tree):
    s, _seat, _iters, _view = grown(game, players, plies, tree)
    checked = 0
    for n in range(s.node_count()):
        visits = s.node_info(n)[0]
        avail = {(st, m): a for st, m, a in s.availability_of(n)}
        for st, m, v, _w in s.edges_of(n):
            assert 0 <= v <= avail[(st, m)] <= visits
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("tree", ["so", "mo"])
def test_the_root_seats_own_moves_are_available_in_every_iteration(tree):
    """Its own hand is in its view, so every determinization gives it the same legal
    moves at the root: each of its edges there was available in every iteration, and
    the visits add up to the iterations."""
    s, seat, iters, view = grown("guildes", 4, 0, tree)
    root = s.get_roots()[seat if tree == "mo" else 0]
    legal = sorted(view.legal_moves(seat))
    own = [(m, a) for st, m, a in s.availability_of(root) if st == seat]
    assert [m for m, _ in own] == legal
    assert all(a == iters for _, a in own)
    assert sum(v for st, _m, v, _w in s.edges_of(root) if st == seat) == iters
