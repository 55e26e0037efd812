"""``legal`` finds a city's completable cells with the window searches shared between cells
(``feasible_cells``); the playouts test one cell at a time (``feasible``). Both must agree."""
import random

import pytest

import engine
from tests.between_two_cities.helpers import kernel_in, random_walk, twin_modes

MODES = twin_modes("between_two_cities_placement")
CONFIGS = [(4, ()), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",)), (6, ("districts",))]


@pytest.mark.parametrize("mode,mod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_shared_window_search_finds_the_cells_feasible_finds(mode, mod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = kernel_in(mode, game)
    rnd = random.Random(players)
    rkind = game.kernel_cfg["rkind"]
    compared = 0
    for seed, step, s, seat in random_walk(game, range(3 if mode == "compiled" else 1), rnd):
        if step % (1 if mode == "compiled" else 4) == 0:
            rnd_ = int(s.buf[game.layout["round"]])
            duplex = int(rkind[rnd_]) if rnd_ < len(rkind) else 0
            for c in range(game.kernel_cfg["NC"]):
                shared, one = mod.cells_two_ways(k, s.buf, c, duplex)
                if shared is not None:
                    assert shared == one, (seed, step, c)
                    compared += bool(one)
    assert compared > 20
