"""The heuristic's prepared cities, kept along a game and added to tile by tile
(``BetweenTwoCitiesPolicy.add_tile``), equal cities read afresh, in the mode under test."""
import random

import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import NCELL, TILE
from tests.between_two_cities.helpers import make_game, random_walk

POLICY = select.load("between_two_cities_policy")


@pytest.mark.parametrize("players,variants", [(4, ()), (7, ("districts",)), (2, ("two-player-advanced",)),
                                              (3, ("beginner",))])
def test_a_city_added_to_tile_by_tile_is_the_city_read_afresh(players, variants):
    game = make_game(players, variants)
    k = game.kernel
    kept = POLICY.BetweenTwoCitiesPolicy(k.NC)
    last = {}
    added = 0
    for _seed, _step, s, seat in random_walk(game, [players, players + 1], random.Random(players)):
        for side in range(2):
            c = k.city_of(seat, side)
            cells = s.buf[k.O_CITY + c * NCELL:k.O_CITY + (c + 1) * NCELL].copy()
            if c in last and (last[c] != cells).any() and (last[c][last[c] != cells] < TILE).all():
                added += 1  # only new tiles since this policy last read the city: add_tile's path
            last[c] = cells
            assert POLICY.prepared_city(kept, k, s.buf, c) == POLICY.prepared_city(
                POLICY.BetweenTwoCitiesPolicy(k.NC), k, s.buf, c)
    assert added >= 20
