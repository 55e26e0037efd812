"""The neighbour table lists four different cells (or -1) for every cell of every mat.

The heuristic reads each neighbour of a new tile once without checking for repeats
(``cell_single``, ``add_tile``'s free houses): up, down, left and right, a bridge
leading on in the same direction, can never reach one cell twice."""
import random

import numpy as np

from engine.between_two_cities import edition
from tests.between_two_cities.helpers import make_game


def repeats(nb):
    rows = nb.reshape(-1, 4)
    return [i for i, row in enumerate(rows) if len({y for y in row if y >= 0}) != sum(1 for y in row if y >= 0)]


def test_the_editions_mats_list_each_neighbour_once():
    for players, variants in [(4, ()), (7, ("districts",)), (2, ("two-player-advanced",)), (3, ("beginner",))]:
        nb = np.asarray(make_game(players, variants).kernel_cfg["nb"])
        assert (nb >= 0).sum() > 1000
        assert repeats(nb) == []


def test_mats_full_of_bridges_list_each_neighbour_once():
    rnd = random.Random(5)
    mats = [{"rows": ["".join(rnd.choice("Lo=|.") for _ in range(w)) for _ in range(h)]}
            for h, w in [(rnd.randrange(3, 10), rnd.randrange(3, 10)) for _ in range(40)]]
    nb = edition.mat_geometry(mats)[0]
    assert repeats(nb) == []
    # a table that repeats a cell is caught
    nb[0, 40, 1] = nb[0, 40, 0]
    assert repeats(nb) == [40]
