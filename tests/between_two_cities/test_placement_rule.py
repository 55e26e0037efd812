"""Where a tile may go: the kernel's legal placements against a plain reference of the rule.

The kernel decides completability on window bit masks (cython_ext/
between_two_cities_placement.py); the reference below is the direct
breadth-first search over cells that it replaced, written for clarity.  Both
must list the same cells on random positions of every variant, compiled and
interpreted.
"""
import random
from collections import deque

import numpy as np
import pytest

import engine
from cython_ext import select
from cython_ext.between_two_cities_encoding import BW, CENTER, NCELL, PH_PLACE, PLACE_BASE, TILE
from tests.between_two_cities.helpers import city_frame, random_walk

C, PY = select.twins("between_two_cities")
MODES = [("interpreted", PY)] + ([("compiled", C)] if C is not None else [])
CONFIGS = [(3, ()), (5, ("districts",)), (2, ("two-player",)), (2, ("two-player-advanced",)),
           (4, ("beginner",))]


def completable(game, cells, g, box, x1, x2, need, s):
    """Some WxW window holds the box; its free cells all reach a tile; duplex pairs remain."""
    W, nb = game.W, game.tables["nb"].reshape(-1, NCELL, 4)
    rmin, rmax, cmin, cmax = box
    for x in (x1, x2):
        if x >= 0:
            rmin, rmax = min(rmin, x // BW), max(rmax, x // BW)
            cmin, cmax = min(cmin, x % BW), max(cmax, x % BW)
    if rmax - rmin >= W or cmax - cmin >= W:
        return False
    for wr in range(max(rmax - W + 1, 0), min(rmin, BW - W) + 1):
        for wc in range(max(cmax - W + 1, 0), min(cmin, BW - W) + 1):
            inside = {r * BW + c for r in range(wr, wr + W) for c in range(wc, wc + W)}
            dist = {x: 0 for x in inside if cells[x] >= TILE or x in (x1, x2)}
            free = {x for x in inside if cells[x] == 0 and x not in (x1, x2)}
            todo = deque(dist)
            while todo:
                y = todo.popleft()
                for z in nb[g, y]:
                    if z in free and z not in dist:
                        dist[z] = dist[y] + 1
                        todo.append(z)
            if not free <= dist.keys():
                continue
            if need <= 0:
                return True
            pairs = [(r * BW + c, r * BW + c + 1) for r in range(wr, wr + W) for c in range(wc, wc + W - 1)
                     if r * BW + c in free and r * BW + c + 1 in free]
            if need == 1 or s > 0:
                count = 0
                for r in range(wr, wr + W):
                    c = wc
                    while c < wc + W - 1:
                        x = r * BW + c
                        if (x, x + 1) in pairs and min(dist[x], dist[x + 1]) <= s + 1:
                            count, c = count + 1, c + 2
                        else:
                            c += 1
                if count >= need:
                    return True
                continue
            for a in pairs:
                if min(dist[a[0]], dist[a[1]]) != 1:
                    continue
                for b in pairs:
                    if set(a) & set(b):
                        continue
                    if min(dist[b[0]], dist[b[1]]) == 1 or set(a) & {int(z) for y in b for z in nb[g, y]}:
                        return True
    return False


def reference_cells(game, buf, c, duplex):
    """The legal cells of city ``c`` for the next tile (a duplex: its left half)."""
    cells, g, tiles, box, need, s = city_frame(game, buf, c, duplex)
    nb = game.tables["nb"].reshape(-1, NCELL, 4)
    for strict in (True, False):
        out = []
        for x in range(NCELL):
            x2 = x + 1 if duplex else -1
            if cells[x] != 0 or (duplex and (x % BW == BW - 1 or cells[x + 1] != 0)):
                continue
            if not tiles:
                if (game.beginner and x != CENTER) or (not game.beginner and not game.tables["openm"].reshape(-1, NCELL)[g, x]):
                    continue
            elif strict and not any(y >= 0 and cells[y] >= TILE for z in (x, x2) if z >= 0 for y in nb[g, z]):
                continue
            if completable(game, cells, g, box, x, x2, need, s):
                out.append(x)
        if out or not tiles:
            return out
    return []


@pytest.mark.parametrize("mode,mod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_legal_placements_match_the_reference(mode, mod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    k = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    out = np.zeros(k.max_moves, dtype=np.intc)
    rnd = random.Random(players)
    checked = 0
    for seed, step, s, seat in random_walk(game, range(2), rnd):
        n = k.legal(s.buf, seat, out)
        if game.phase(s) == PH_PLACE and step % 3 == 0:
            duplex = int(game.round_is_duplex(s))
            for side in (0, 1):
                c = game.city_of(seat, side)
                got = sorted({(int(m) - PLACE_BASE) % NCELL for m in out[:n]
                              if (int(m) - PLACE_BASE) // NCELL % 2 == side})
                ref = reference_cells(game, s.buf, c, duplex)
                if got:  # a side the seat may still place on
                    assert got == ref, (seed, step, side)
                    checked += 1
    assert checked > 20
