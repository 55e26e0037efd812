"""``legal`` finds a city's completable cells with the window searches shared between cells
(``feasible_cells``); the playouts test one cell at a time (``feasible``). Both must agree."""
import random

import pytest

import engine
from cython_ext import select

C, PY = select.twins("between_two_cities_placement")
MODES = [("interpreted", PY)] + ([("compiled", C)] if C is not None else [])
CONFIGS = [(4, ()), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",)), (6, ("districts",))]


@pytest.mark.parametrize("mode,mod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_shared_window_search_finds_the_cells_feasible_finds(mode, mod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = select.twins("between_two_cities")[0 if mode == "compiled" else 1].BetweenTwoCitiesKernel(game.kernel_cfg)
    rnd = random.Random(players)
    rkind = game.kernel_cfg["rkind"]
    compared = 0
    for seed in range(3 if mode == "compiled" else 1):
        s = game.new_initial_state(seed)
        step = 0
        while s.to_move():
            seat = s.to_move()[0]
            if seat == -1:
                s.apply(-1, s.sample_chance(engine.core.make_rng(rnd.randrange(1 << 30))))
                continue
            if step % (1 if mode == "compiled" else 4) == 0:
                rnd_ = int(s.buf[game.layout["round"]])
                duplex = int(rkind[rnd_]) if rnd_ < len(rkind) else 0
                for c in range(game.kernel_cfg["NC"]):
                    shared, one = mod.cells_two_ways(k, s.buf, c, duplex)
                    if shared is not None:
                        assert shared == one, (seed, step, c)
                        compared += bool(one)
            s.apply(seat, rnd.choice(s.legal_moves(seat)))
            step += 1
    assert compared > 20
