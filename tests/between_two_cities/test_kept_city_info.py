"""A playout reads each city's placement info once and updates it tile by tile: it must stay what
``city_info`` reads from the board (boxes, row masks, cells next to a tile across bridges)."""
import random

import numpy as np
import pytest

import engine
from cython_ext import select

C, PY = select.twins("between_two_cities")
kernel_c, kernel_py = select.twins("kernel")
MODES = [("interpreted", PY, kernel_py)] + ([("compiled", C, kernel_c)] if C is not None else [])
CONFIGS = [(4, ()), (2, ("two-player-advanced",)), (3, ("beginner",)), (2, ("two-player",)), (7, ("districts",))]


@pytest.mark.parametrize("mode,mod,kmod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_playouts_keep_every_city_info_up_to_date(mode, mod, kmod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    rnd = random.Random(players)
    seen = 0
    for seed in range(6 if mode == "compiled" else 2):
        s = game.new_initial_state(seed)
        # start the playout at a random point of a random game (cities partly built)
        for _ in range(rnd.randrange(0, 120)):
            movers = s.to_move()
            if not movers:
                break
            seat = movers[0]
            if seat == -1:
                s.apply(-1, s.sample_chance(engine.core.make_rng(rnd.randrange(1 << 30))))
            else:
                s.apply(seat, rnd.choice(s.legal_moves(seat)))
        buf = s.buf.copy()
        k.rollout(buf, kmod.Rng(seed))
        for c in range(game.kernel_cfg["NC"]):
            kept, fresh = mod.kept_city_info(k, buf, c)
            if kept is not None:
                assert kept == fresh, (seed, c)
                seen += 1
    assert seen >= game.kernel_cfg["NC"]


def test_a_stale_info_is_seen():
    """The comparison has teeth: a city changed behind the playout's back differs from its kept info."""
    game = engine.make_game("between_two_cities", 4, ())
    k = PY.BetweenTwoCitiesKernel(game.kernel_cfg)
    buf = game.new_initial_state(1).buf.copy()
    k.rollout(buf, kernel_py.Rng(1))
    city = game.layout["city"]
    empty = [x for x in range(81) if buf[city + x] == 0]
    buf[city + empty[0]] = 2  # a building the playout did not place
    kept, fresh = PY.kept_city_info(k, buf, 0)
    assert kept is not None and kept != fresh
