"""The compiled kernel and the same source interpreted agree move for move and count for count.

They differ only where C and Python do (integer overflow, division of
negatives, scratch reuse), which is what these comparisons catch.
"""
import random

import numpy as np
import pytest

from cython_ext import select
from cython_ext.city_and_guilds_layout import EMPTY, NK, TAVERN
from engine.core import CHANCE
from tests.city_and_guilds.helpers import f, game, py_kernel

COMPILED, _ = select.twins("city_and_guilds")
pytestmark = pytest.mark.skipif(COMPILED is None, reason="compiled city_and_guilds not built")


def kernels(players):
    kernel_c, kernel_py = select.twins("kernel")
    g = game(players)
    kc = COMPILED.CityAndGuildsKernel(*g.kernel_args())
    return g, kc, py_kernel(g), kernel_c.Rng, kernel_py.Rng


def same(a, b):
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_twins_agree_on_random_games(players):
    g, kc, kp, RngC, RngP = kernels(players)
    M = kc.max_moves
    oc, op = np.zeros(M, np.intc), np.zeros(M, np.intc)
    checked = 0
    for seed in range(4):
        rnd = random.Random(seed)
        s = g.new_initial_state(seed)
        while not s.is_terminal():
            buf = s.buf
            for seat in range(-1, players):
                nc, npy = kc.legal(buf, seat, oc), kp.legal(buf, seat, op)
                assert nc == npy and same(oc[:nc], op[:npy])
            tc, tp = np.zeros(8, np.intc), np.zeros(8, np.intc)
            assert kc.to_move(buf, tc) == kp.to_move(buf, tp) and same(tc, tp)
            pc, pp = np.zeros(M), np.zeros(M)
            n = kc.chance(buf, oc, pc)
            assert n == kp.chance(buf, op, pp) and same(oc[:n], op[:n]) and same(pc[:n], pp[:n])
            movers = s.to_move()
            seat = rnd.choice(movers)
            moves = s.legal_moves(seat)
            for m in rnd.sample(moves, min(3, len(moves))):
                a, b = buf.copy(), buf.copy()
                kc.apply(a, seat, m)
                kp.apply(b, seat, m)
                assert same(a, b)
                checked += 1
                for o in range(players):
                    assert kc.observed_move(buf, seat, m, o) == kp.observed_move(buf, seat, m, o)
            if rnd.random() < 0.2:
                for o in range(players):
                    a, b = buf.copy(), buf.copy()
                    kc.observe(a, o)
                    kp.observe(b, o)
                    assert same(a, b)
                    ta, tb = np.zeros(players, np.intc), np.zeros(players, np.intc)
                    assert kc.to_move(a, ta) == kp.to_move(b, tb) and (ta == tb).all()  # piles_left
                    kc.determinize(a, o, RngC(seed + o))
                    kp.determinize(b, o, RngP(seed + o))
                    assert same(a, b)
            if rnd.random() < 0.1:
                a, b = buf.copy(), buf.copy()
                kc.rollout(a, RngC(checked))
                kp.rollout(b, RngP(checked))
                assert same(a, b)
                ca, cb = np.zeros(players, np.intc), np.zeros(players, np.intc)
                kc.scores(a, ca)
                kp.scores(b, cb)
                assert same(ca, cb)
            s.apply(seat, moves[rnd.randrange(len(moves))] if seat != CHANCE else
                    s.sample_chance())
    assert checked > 1000  # thousands of moves over the three player counts


def random_board(g, rnd):
    s = g.new_initial_state(0)
    P = g.players
    fill = rnd.random()
    for sp in range(g.map.spaces):
        if rnd.random() < fill:
            k = rnd.choice([rnd.randrange(8), rnd.randrange(8), 8, TAVERN])
            f(s, "tile")[sp] = k
            if k < 8 and k % 2 == 0 or k == 8:
                if rnd.random() < 0.7:
                    f(s, "mowner")[sp] = rnd.randrange(P) + 1
                    f(s, "nmen")[sp] = rnd.choice([1, 2])
    for b in range(g.map.blocks):
        w, k = rnd.sample(range(P + 1), 2)
        f(s, "white")[b], f(s, "black")[b] = w, k
    for i in range(4 * P):
        f(s, "inv")[i] = rnd.choice([0, 0, rnd.randrange(1, 9)])
        f(s, "istamp")[i] = rnd.randrange(100)
    f(s, "men")[:] = [rnd.randrange(5) for _ in range(P)]
    return s


def test_twins_agree_on_scoring_kernels_for_random_positions():
    g, kc, kp, _, _ = kernels(4)
    rnd = random.Random(11)
    S = g.map.spaces
    for _ in range(400):
        s = random_board(g, rnd)
        buf = s.buf
        out = [np.zeros(S, np.intc) for _ in range(8)]
        assert kc.chains(buf, *out[:4]) == kp.chains(buf, *out[4:])
        for i in range(4):
            assert same(out[i], out[4 + i])
        for setup in (False, True):
            a, b = np.zeros(S, np.intc), np.zeros(S, np.intc)
            n = kc.targets(buf, setup, a)
            assert n == kp.targets(buf, setup, b) and same(a[:n], b[:n])
        for gi in range(4):
            assert kc.guild_chain_value(buf, gi) == kp.guild_chain_value(buf, gi)
        for blk in range(g.map.blocks):
            assert kc.block_value(buf, blk) == kp.block_value(buf, blk)
            assert kc.guild_control(buf, blk) == kp.guild_control(buf, blk)
            bc, mc, bp, mp = (np.zeros(4, np.intc) for _ in range(4))
            assert kc.block_counts(buf, blk, bc, mc) == kp.block_counts(buf, blk, bp, mp)
            assert kc.block_third(buf, blk, bc, mc) == kp.block_third(buf, blk, bp, mp)
            a, b = buf.copy(), buf.copy()
            kc.score_block(a, blk)
            kp.score_block(b, blk)
            assert same(a, b)
        a, b = buf.copy(), buf.copy()
        kc.final_count(a)
        kp.final_count(b)
        assert same(a, b)
