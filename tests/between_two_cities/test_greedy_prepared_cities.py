"""The heuristic's prepared cities, kept along a game and added to tile by tile
(``BetweenTwoCitiesPolicy.add_tile``), equal cities read afresh, and the gains kept per
city value placements as a fresh kernel does, in the mode under test."""
import random

import numpy as np
import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import NCELL, PH_PLACE, TILE
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


@pytest.mark.parametrize("players,variants", [(4, ()), (2, ("two-player-advanced",))])
def test_a_kernel_kept_along_a_game_values_placements_as_a_fresh_one(players, variants):
    # the gains kept per city (place_value) are forgotten when the city changes
    game = make_game(players, variants)
    kept = game.kernel
    moves, vals, ref = np.zeros(kept.max_moves, np.intc), np.zeros(kept.max_moves), np.zeros(kept.max_moves)
    seen = 0
    for _seed, _step, s, seat in random_walk(game, [players + 2], random.Random(players)):
        if game.phase(s) == PH_PLACE:
            n = kept.legal(s.buf, seat, moves)
            kept.move_values(s.buf, seat, moves, n, vals)
            type(kept)(game.kernel_cfg).move_values(s.buf, seat, moves, n, ref)
            assert (vals[:n] == ref[:n]).all()
            seen += 1
    assert seen >= 20
