"""The kernel compiled and interpreted (one source) agree move for move and on scoring.

They catch what only differs between the modes: C division and overflow, fixed
arrays against lists, pointer arithmetic against numpy indexing.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from cython_ext import select
from tests.walled_city.helpers import CONFIGS, game

compiled, interpreted = select.twins("walled_city")
pytestmark = pytest.mark.skipif(compiled is None, reason="walled_city not built (or GUILDHALL_PUREPYTHON=1)")


def pair(players, variants):
    g = game(players, variants)
    args = (players, g.layout.size, g.kernel.max_moves, dict(g.layout.offsets), g.topo)
    return g, compiled.WalledCityKernel(*args), interpreted.WalledCityKernel(*args)


@pytest.mark.parametrize("players,variants", CONFIGS)
def test_modes_agree_on_random_games(players, variants):
    g, kc, kp = pair(players, variants)
    rnd = random.Random(players * 7 + len(variants))
    mm = g.kernel.max_moves
    checked = 0
    for gi in range(2):
        buf = g.new_initial_state(gi).buf.copy()
        while True:
            oc, op = np.zeros(4, np.intc), np.zeros(4, np.intc)
            n = kc.to_move(buf, oc)
            assert n == kp.to_move(buf, op) and list(oc[:n]) == list(op[:n])
            if n == 0:
                break
            seat = int(oc[0])
            if seat == -1:
                a, pa = np.zeros(mm, np.intc), np.zeros(mm)
                b, pb = np.zeros(mm, np.intc), np.zeros(mm)
                k = kc.chance(buf, a, pa)
                assert k == kp.chance(buf, b, pb)
                assert list(a[:k]) == list(b[:k]) and np.allclose(pa[:k], pb[:k])
                seed = rnd.randrange(1 << 40)
                move = kc.sample_chance(buf, _rng(seed))
                assert move == kp.sample_chance(buf, interpreted_rng(seed))
            else:
                a, b = np.zeros(mm, np.intc), np.zeros(mm, np.intc)
                k = kc.legal(buf, seat, a)
                assert k == kp.legal(buf, seat, b) and list(a[:k]) == list(b[:k])
                move = int(a[rnd.randrange(k)])
                for obs in range(players):
                    assert kc.observed_move(buf, seat, move, obs) == kp.observed_move(buf, seat, move, obs)
            bc, bp = buf.copy(), buf.copy()
            kc.apply(bc, seat, move)
            kp.apply(bp, seat, move)
            assert np.array_equal(bc, bp)
            buf = bc
            checked += 1
            if checked % 13 == 0:  # views, determinization and playouts from here
                for s in range(players):
                    vc, vp = buf.copy(), buf.copy()
                    kc.observe(vc, s)
                    kp.observe(vp, s)
                    assert np.array_equal(vc, vp)
                    kc.determinize(vc, s, _rng(seed=checked))
                    kp.determinize(vp, s, interpreted_rng(checked))
                    assert np.array_equal(vc, vp)
                rc, rp = buf.copy(), buf.copy()
                kc.rollout(rc, _rng(checked))
                kp.rollout(rp, interpreted_rng(checked))
                assert np.array_equal(rc, rp)
    assert checked > 100


def _rng(seed):
    return select.twins("kernel")[0].Rng(seed)


def interpreted_rng(seed):
    return select.twins("kernel")[1].Rng(seed)  # the interpreted kernels' generator


@pytest.mark.parametrize("players,variants", [(2, ()), (4, ("borderlands",)), (3, ())])
def test_scoring_kernels_agree_on_random_positions(players, variants):
    g, kc, kp = pair(players, variants)
    L = g.layout
    rnd = np.random.default_rng(players)
    na, no = g.sizes["areas"], g.owners
    for _ in range(300):
        buf = g.new_initial_state(0).buf.copy()
        L.view(buf, "an")[:] = rnd.integers(0, 3, (na, no)) * (rnd.random((na, no)) < 0.5)
        L.view(buf, "ap")[:] = rnd.integers(0, 4, (na, no)) * (rnd.random((na, no)) < 0.5)
        L.view(buf, "tw")[:] = rnd.integers(0, 3, L.shapes["tw"])
        L.view(buf, "road")[:] = rnd.random(g.sizes["paths"]) < 0.6
        L.view(buf, "wall")[:] = rnd.random(g.sizes["gaps"]) < 0.8
        L.view(buf, "die_f")[:] = rnd.integers(0, 5, 20)
        L.view(buf, "die_v")[:] = rnd.integers(1, 4, 20)
        L.view(buf, "chit")[:] = rnd.choice([-1, 1], g.sizes["chits"])
        occupied = rnd.random(g.sizes["zones"]) < 0.7
        L.view(buf, "zown")[:] = occupied * rnd.integers(1, players + 1, g.sizes["zones"])
        L.view(buf, "zcard")[:] = occupied * rnd.integers(1, 12, g.sizes["zones"])
        L.view(buf, "zori")[:] = rnd.integers(0, 2, g.sizes["zones"])
        L.view(buf, "round")[0] = rnd.integers(1, 3)
        cc, cp = [0] * na, [0] * na
        kc.comps(buf, cc)
        kp.comps(buf, cp)
        assert cc == cp
        for towers in (0, 1):
            ac, ap = [0] * no, [0] * no
            kc.score_factions(buf, cc, towers, ac)
            kp.score_factions(buf, cp, towers, ap)
            assert ac == ap
        ac, ap = [0] * no, [0] * no
        kc.score_neighbourhoods(buf, cc, ac)
        kp.score_neighbourhoods(buf, cp, ap)
        assert ac == ap
        ac, ap = [0] * no, [0] * no
        kc.score_towers(buf, ac)
        kp.score_towers(buf, ap)
        assert ac == ap
        bc, bp = buf.copy(), buf.copy()
        kc.count_votes(bc)
        kp.count_votes(bp)
        assert np.array_equal(bc, bp)


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 5)])
def test_modes_agree_on_butchers_trades_and_their_determinization(players, seed):
    """A Butcher at every construct step while none is held (as in test_powers_butchers), its
    power chosen whenever offered: the trade log, views and rebuilt trades agree."""
    g, kc, kp = pair(players, ("borderlands",))
    L = g.layout
    bg = [x["power"] for x in g.guilds].index("butchers-b")
    rnd = random.Random(seed)
    buf = g.new_initial_state(seed).buf.copy()
    mm, checked = g.kernel.max_moves, 0
    out = np.zeros(4, np.intc)
    while kc.to_move(buf, out):
        seat = int(out[0])
        if seat == -1:
            kc.apply(buf, seat, kc.sample_chance(buf, _rng(rnd.randrange(1 << 40))))
            continue
        if L.view(buf, "phase")[0] == 3 and bg + 1 not in list(L.view(buf, "guild")):
            L.view(buf, "gstate")[bg] = 3
            L.view(buf, "guild")[seat] = bg + 1
            L.view(buf, "piv")[seat] = 0
        a, b = np.zeros(mm, np.intc), np.zeros(mm, np.intc)
        k = kc.legal(buf, seat, a)
        assert k == kp.legal(buf, seat, b) and list(a[:k]) == list(b[:k])
        moves = [int(m) for m in a[:k]]
        pick = [m for m in moves if m == 63 or (L.view(buf, "phase")[0] == 14 and m != 62)]
        move = rnd.choice(pick or moves)
        for obs in range(players):
            assert kc.observed_move(buf, seat, move, obs) == kp.observed_move(buf, seat, move, obs)
        bc, bp = buf.copy(), buf.copy()
        kc.apply(bc, seat, move)
        kp.apply(bp, seat, move)
        assert np.array_equal(bc, bp)
        buf = bc
        if L.view(buf, "nbt")[0] and rnd.random() < 0.3:
            for s in range(players):
                vc, vp = buf.copy(), buf.copy()
                kc.observe(vc, s)
                kp.observe(vp, s)
                assert np.array_equal(vc, vp)
                kc.determinize(vc, s, _rng(seed=checked))
                kp.determinize(vp, s, interpreted_rng(checked))
                assert np.array_equal(vc, vp)
                checked += 1
    assert L.view(buf, "nbt")[0] >= 2 * (players - 1) and checked > 20
