"""The kernel compiled and interpreted (one source) agree move by move and on random cities.

They catch what differs between C and Python: integer division, overflow, buffers.
"""
import random

import numpy as np
import pytest

import engine
from cython_ext import select

C, PY = select.twins("between_two_cities")
scoring_c, scoring_py = select.twins("between_two_cities_scoring")
kernel_c, kernel_py = select.twins("kernel")
pytestmark = pytest.mark.skipif(C is None, reason="compiled between_two_cities not built (or GUILDHALL_PUREPYTHON=1)")

CONFIGS = [(3, ()), (7, ("districts",)), (2, ("two-player",)), (2, ("two-player-advanced",)),
           (4, ("beginner",))]


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_twins_agree_on_random_games(players, variants):
    g = engine.make_game("between_two_cities", players, variants)
    kc, kp = C.BetweenTwoCitiesKernel(g.kernel_cfg), PY.BetweenTwoCitiesKernel(g.kernel_cfg)
    rnd = random.Random(players)
    oc, op = np.zeros(2000, np.intc), np.zeros(2000, np.intc)
    pc, pp = np.zeros(2000), np.zeros(2000)
    checked = 0
    for seed in range(2):
        b = g.new_initial_state(seed).buf
        step = 0
        while True:
            n = kc.to_move(b, oc)
            assert n == kp.to_move(b, op) and list(oc[:n]) == list(op[:n])
            if n == 0:
                break
            seat = int(oc[rnd.randrange(n)])
            if seat == -1:
                n1, n2 = kc.chance(b, oc, pc), kp.chance(b, op, pp)
                assert n1 == n2 and list(oc[:n1]) == list(op[:n1]) and np.allclose(pc[:n1], pp[:n1])
                move = kc.sample_chance(b, kernel_c.Rng(step))
                assert move == kp.sample_chance(b, kernel_py.Rng(step))
            else:
                n1, n2 = kc.legal(b, seat, oc), kp.legal(b, seat, op)
                assert n1 == n2 and list(oc[:n1]) == list(op[:n1])
                move = int(oc[rnd.randrange(n1)])
            obs = step % players
            assert kc.observed_move(b, seat, move, obs) == kp.observed_move(b, seat, move, obs)
            v1, v2 = b.copy(), b.copy()
            kc.observe(v1, obs)
            kp.observe(v2, obs)
            assert (v1 == v2).all()
            kc.determinize(v1, obs, kernel_c.Rng(step))
            kp.determinize(v2, obs, kernel_py.Rng(step))
            assert (v1 == v2).all()
            s1, s2 = np.zeros(players, np.intc), np.zeros(players, np.intc)
            kc.scores(b, s1)
            kp.scores(b, s2)
            assert (s1 == s2).all()
            b2 = b.copy()
            kc.apply(b, seat, move)
            kp.apply(b2, seat, move)
            assert (b == b2).all()
            step += 1
            checked += 1
        r1, r2 = g.new_initial_state(seed).buf, g.new_initial_state(seed).buf
        kc.rollout(r1, kernel_c.Rng(seed))
        kp.rollout(r2, kernel_py.Rng(seed))
        assert (r1 == r2).all()
    assert checked > 100


def random_city(rnd, g, fill):
    cells = np.zeros(81, np.intc)
    for x in range(81):
        if rnd.random() < fill:
            k = rnd.randrange(len(g.kind_names))
            cells[x] = (34 if rnd.random() < 0.2 else 2) + k
    return cells


@pytest.mark.parametrize("variants", [(), ("districts",)])
def test_twins_agree_on_random_city_scores(variants):
    g = engine.make_game("between_two_cities", 5, variants)
    kc, kp = C.BetweenTwoCitiesKernel(g.kernel_cfg), PY.BetweenTwoCitiesKernel(g.kernel_cfg)
    rnd = random.Random(7)
    lay = g.layout
    for trial in range(100):
        b = g.new_initial_state(0).buf
        lay.view(b, "mat")[:] = [rnd.randrange(-1, g.NMAT) for _ in range(g.NC)]
        lay.view(b, "dcard")[:] = rnd.sample(range(7), 6)
        for c in range(g.NC):
            lay.view(b, "city")[c] = random_city(rnd, g, rnd.choice([0.2, 0.5, 0.8]))
        o1, o2 = np.zeros(g.NC, np.intc), np.zeros(g.NC, np.intc)
        kc.city_scores(b, o1)
        kp.city_scores(b, o2)
        assert list(o1) == list(o2)
        # the shop partition search on shop-heavy cities
        shops = np.zeros(81, np.intc)
        for x in range(81):
            if 2 <= x // 9 <= 6 and 2 <= x % 9 <= 6 and rnd.random() < 0.5:
                shops[x] = 2 + g.kind_names.index("shop")
        lay.view(b, "city")[0] = shops
        assert (scoring_c.score_one_city(kc, b, lay["city"], g.NMAT)
                == scoring_py.score_one_city(kp, b, lay["city"], g.NMAT))


def test_twins_agree_on_legal_placements_in_random_cities():
    g = engine.make_game("between_two_cities", 3)
    kc, kp = C.BetweenTwoCitiesKernel(g.kernel_cfg), PY.BetweenTwoCitiesKernel(g.kernel_cfg)
    rnd = random.Random(3)
    oc, op = np.zeros(2000, np.intc), np.zeros(2000, np.intc)
    for trial in range(60):
        s = engine.make("between_two_cities", 3, seed=trial)
        kc.rollout(s.buf, kernel_c.Rng(trial))  # finished game ...
        # ... then reopen placements on a partial city: clear a random set of cells
        lay = g.layout
        b = s.buf
        lay.view(b, "round")[:] = 0
        lay.view(b, "phase")[:] = 6
        lay.view(b, "ptr")[:] = 0
        lay.view(b, "sides")[:] = 0
        lay.view(b, "pend")[0, :2] = [0, 1]
        cells = lay.view(b, "city")
        for c in range(3):
            for x in range(81):
                if cells[c, x] >= 2 and rnd.random() < 0.6:
                    cells[c, x] = 0
            lay.view(b, "dcnt")[c] = 0
        n1, n2 = kc.legal(b, 0, oc), kp.legal(b, 0, op)
        assert n1 == n2 and list(oc[:n1]) == list(op[:n1])
