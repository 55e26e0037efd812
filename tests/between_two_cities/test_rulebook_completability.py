""""You may never play a tile in any position that would cause the end result to not be a 5x5 square."

The kernel reads this as ruling 3 (docs/rulings.md): some 5x5 window (4x4
beginner) holds the mat and every tile, its free cells all connect to a tile,
and the duplex tiles to come find pairs within ``s + 1`` steps, counted per
row.  Here the same sentence is read exactly, by other means, and the two
must list the same cells on every placement of random games of every variant:

a city can be finished iff some window holds everything, each free cell of it
connects to a tile through free cells (then any later single tile has an
adjacent cell), and there are two disjoint horizontal free pairs P1, P2 and a
set S of exactly ``s`` single-tile cells (the singles this city still gets
before its duplex tiles) such that every cell of S connects to the tiles
within S, P1 touches the tiles or S, and P2 touches the tiles, S or P1.  The
smallest S joins the tiles to a cell next to P1 and to one next to P2: three
terminals, so a spider of three shortest paths from one centre cell; any S
from that size up to the cells reachable without P1 and P2 will do.
"""
import random
from collections import deque

import numpy as np
import pytest

import engine
from cython_ext import select
from cython_ext.between_two_cities_encoding import BW, CENTER, NCELL, PH_PLACE, PLACE_BASE, TILE
from tests.between_two_cities.helpers import city_frame
from engine.core import CHANCE, make_rng

C, PY = select.twins("between_two_cities")
MODES = [("interpreted", PY)] + ([("compiled", C)] if C is not None else [])
CONFIGS = [(3, ()), (4, ("beginner",)), (2, ("two-player",)), (2, ("two-player-advanced",)),
           (5, ("districts",)), (7, ()), (3, ("beginner", "districts"))]
FAR = 99


def bfs(sources, allowed, nb):
    """Cells of ``allowed`` reachable from ``sources`` (themselves in ``allowed``), cells counted."""
    dist, todo = {}, deque()
    for x in sources:
        if x in allowed and x not in dist:
            dist[x] = 1
            todo.append(x)
    while todo:
        y = todo.popleft()
        for z in nb[y]:
            if z >= 0 and z in allowed and z not in dist:
                dist[z] = dist[y] + 1
                todo.append(z)
    return dist


def around(cells, nb):
    return {int(z) for y in cells for z in nb[y] if z >= 0}


def singles_needed(tiles, free, a, b, nb):
    """Fewest single tiles before the duplex tiles ``a`` then ``b`` (None: one only), and the most."""
    rest = free - set(a) - set(b or ())
    reach = bfs(around(tiles, nb), rest, nb)
    na = around(a, nb)
    if b is None:
        return (0 if na & tiles else min((reach[v] for v in na if v in reach), default=FAR)), len(reach)
    nbb = around(b, nb)
    a_now, b_now = bool(na & tiles), bool(nbb & (tiles | set(a)))
    if a_now and b_now:
        return 0, len(reach)
    if b_now:
        return min((reach[v] for v in na if v in reach), default=FAR), len(reach)
    if a_now:
        return min((reach[v] for v in nbb if v in reach), default=FAR), len(reach)
    da, db = bfs(na, rest, nb), bfs(nbb, rest, nb)
    return min((reach[v] + da.get(v, FAR) + db.get(v, FAR) - 2 for v in reach), default=FAR), len(reach)


def can_finish(W, cells, nb, box, placed, need, s, duplex_room=True):
    rmin, rmax, cmin, cmax = box
    for x in placed:
        rmin, rmax, cmin, cmax = min(rmin, x // BW), max(rmax, x // BW), min(cmin, x % BW), max(cmax, x % BW)
    for wr in range(max(rmax - W + 1, 0), min(rmin, BW - W) + 1):
        for wc in range(max(cmax - W + 1, 0), min(cmin, BW - W) + 1):
            inside = {r * BW + c for r in range(wr, wr + W) for c in range(wc, wc + W)}
            tiles = {x for x in inside if cells[x] >= TILE} | set(placed)
            free = {x for x in inside if cells[x] == 0} - set(placed)
            if not free <= bfs(around(tiles, nb), free, nb).keys():
                continue
            if need == 0 or not duplex_room:
                return True
            pairs = [(x, x + 1) for x in free if x + 1 in free and x % BW < BW - 1]
            for a in pairs:
                for b in (pairs if need == 2 else [None]):
                    if b and set(a) & set(b):
                        continue
                    least, most = singles_needed(tiles, free, a, b, nb)
                    if least <= s <= most:
                        return True
    return False


def exact_cells(game, buf, c, duplex, duplex_room=True):
    """The cells the exact reading allows for the next tile of city ``c`` (a duplex: its left half)."""
    cells, g, tiles, box, need, s = city_frame(game, buf, c, duplex)
    nb = game.tables["nb"].reshape(-1, NCELL, 4)[g]
    out = []
    for x in range(NCELL):
        placed = [x, x + 1] if duplex else [x]
        if any(y % BW < x % BW or cells[y] != 0 for y in placed[1:]) or cells[x] != 0:
            continue
        if not tiles:
            if x != CENTER if game.beginner else not game.tables["openm"].reshape(-1, NCELL)[g, x]:
                continue
        elif not around(placed, nb) & set(tiles):
            continue
        if can_finish(game.W, cells, nb, box, placed, need, s, duplex_room):
            out.append(x)
    return out


@pytest.mark.parametrize("mode,mod", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", CONFIGS)
def test_legal_placements_are_exactly_those_that_can_still_finish_the_city(mode, mod, players, variants):
    game = engine.make_game("between_two_cities", players, variants)
    kernel = mod.BetweenTwoCitiesKernel(game.kernel_cfg)
    out = np.zeros(2000, dtype=np.intc)
    rnd, rng = random.Random(players), make_rng(players)
    s = game.new_initial_state(players)
    checked = 0
    while not s.is_terminal():
        movers = s.to_move()
        if movers == (CHANCE,):
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        seat = movers[0]
        n = kernel.legal(s.buf, seat, out)
        moves = [int(m) for m in out[:n]]
        if int(s.buf[game.layout["phase"]]) == PH_PLACE:
            duplex = int(game.round_is_duplex(s))
            for side in (0, 1):
                got = sorted({(m - PLACE_BASE) % NCELL for m in moves if (m - PLACE_BASE) // NCELL % 2 == side})
                if got:
                    assert got == exact_cells(game, s.buf, game.city_of(seat, side), duplex)
                    checked += 1
        s.apply(seat, rnd.choice(moves))
    assert checked > 20


def test_the_exact_reading_keeps_room_for_the_duplex_tiles():
    # the position of test_rules.test_a_single_tile_may_not_block_the_room_for_the_duplex_tiles_to_come:
    # beginner, a full top row and left column fix the window; two singles are left before the duplexes
    g = engine.make_game("between_two_cities", 3, ("beginner",))
    s = g.new_initial_state(0)
    lay = g.layout
    s.buf[lay["phase"]] = PH_PLACE
    lay.view(s.buf, "pend")[0, :2] = [g.kind_names.index("shop"), g.kind_names.index("park")]
    cells = lay.view(s.buf, "city")[0]
    for x in [2 * 9 + c for c in range(2, 6)] + [r * 9 + 2 for r in range(3, 6)] + [3 * 9 + 4]:
        cells[x] = 2 + g.kind_names.index("house")
    legal = sorted({(m - PLACE_BASE) % NCELL for m in s.legal_moves(0) if (m - PLACE_BASE) // NCELL % 2 == 0})
    assert legal == exact_cells(g, s.buf, 0, 0)
    # without the duplex tiles' room the reading would also allow e5 (e6 touches no tile): it can tell
    assert set(exact_cells(g, s.buf, 0, 0, duplex_room=False)) - set(legal) == {4 * 9 + 4}
