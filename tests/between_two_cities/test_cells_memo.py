"""``gen_cells`` remembers each city's legal cells by (cells, mat, duplex tiles built, tile
kind) in a table; every answer must be what ``cells_now`` finds afresh, whatever the table
held: first visits, repeats, evictions and slots shared by several cities."""
import random

import pytest

import engine
from tests.between_two_cities.helpers import kernel_in, random_walk, twin_modes

MODES = twin_modes("between_two_cities_placement")
CONFIGS = [(4, ()), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",)), (7, ("districts",))]


@pytest.mark.parametrize("mode,mod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_remembered_cells_equal_the_cells_found_afresh(mode, mod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = kernel_in(mode, game)
    rnd = random.Random(players)
    seen: list = []
    asked = repeats = 0
    for seed, step, s, seat in random_walk(game, range(4 if mode == "compiled" else 1), rnd):
        if step % (1 if mode == "compiled" else 3):
            continue
        for c in range(game.kernel_cfg["NC"]):
            for duplex in (0, 1):
                remembered, fresh = mod.gen_cells_two_ways(k, s.buf, c, duplex)
                assert remembered == fresh, (seed, step, c, duplex)
                asked += 1
                seen.append((s.buf.copy(), c, duplex, fresh))
        if len(seen) > 40:  # an earlier city again: a hit, or found afresh after an eviction
            buf, c, duplex, fresh = seen[rnd.randrange(len(seen))]
            assert mod.gen_cells_two_ways(k, buf, c, duplex)[0] == fresh
            repeats += 1
    assert asked > 100 and repeats > 10
