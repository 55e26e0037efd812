"""``seat_edges`` (one seat's edges at a node, unsorted: the move report's fast read) lists
exactly what ``edges_of`` lists for that seat, at the nodes of a search in each game."""
import pytest

from search import core
from tests.search.helpers import first_search

CASES = [("between_two_cities", 6, {}), ("city_and_guilds", 4, {"bias": 16.0}),
         ("guildes", 4, {"tree": "mo"}), ("walled_city", 3, {})]


@pytest.mark.parametrize("game,players,opts", CASES)
def test_seat_edges_are_edges_of_that_seat(game, players, opts):
    s, view = first_search(game, players, 5, **opts)
    s.run(core.rng_for(view.game.kernel, 3), 600, 1.0e18, 0)
    todo, checked = list(s.get_roots()), 0
    while todo and checked < 200:
        node = todo.pop()
        rows = s.edges_of(node)
        for st in range(players):
            assert sorted(s.seat_edges(node, st)) == [(m, v, w) for t, m, v, w in rows if t == st]
        checked += 1
        todo.extend(c for c, _v in s.children_of(node))
    assert checked > 20
