"""``score_city`` takes the shop-line partition from a table keyed by (mat, shop cells)
(``shop_points``); it must give what the exact search (``shop_best``) gives, whatever was
stored before, evicted or hashed to the same slot."""
import random

import pytest

import engine
from tests.between_two_cities.helpers import kernel_in, twin_modes

MODES = twin_modes("between_two_cities_scoring")
CONFIGS = [(4, ()), (2, ("two-player",)), (6, ("districts",))]
BW = 9


@pytest.mark.parametrize("mode,mod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_remembered_shop_points_equal_the_exact_partition(mode, mod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = kernel_in(mode, game)
    rnd = random.Random(players)
    mats = k.NMAT + 1
    n = 6000 if mode == "compiled" else 800
    asked: list = []
    lines = 0
    for _ in range(n):
        if asked and rnd.random() < 0.3:  # again: a hit, or recomputed after an eviction
            g, cells = rnd.choice(asked)
        else:
            g = rnd.randrange(mats)
            r0, c0 = rnd.randrange(BW - 3), rnd.randrange(BW - 3)
            window = [(r0 + r) * BW + c0 + c for r in range(4) for c in range(4)]
            cells = sorted(rnd.sample(window, rnd.randint(1, 9)))
            asked.append((g, cells))
        remembered, direct = mod.shop_two_ways(k, g, cells)
        assert remembered == direct, (g, cells)
        lines += direct > 2 * len(cells)  # a line of three or more shops scored
    assert lines > n // 20
