"""The heuristic's values are those of a slow reference: each placement scored by
re-scoring its whole city with the tile written in (the policy's first form, kept
here and not in the product), on many random states, in the mode under test."""
import itertools
import random

import numpy as np
import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import HALF, KM, NCELL, PH_CHOOSE, PH_PLACE, PLACE_BASE, TILE
from tests.between_two_cities.helpers import make_game
from tests.search.helpers import kernel_decisions

SCORING = select.load("between_two_cities_scoring")
POLICY = select.load("between_two_cities_policy")
FACTORY, HOUSE = 0, 5
WEAK, HOUSE_FUTURE = 1.5, 0.5


def city_points(k, buf, c):
    """Building points of city ``c`` without factories (``score_city``)."""
    m = int(buf[k.O_MAT + c])
    return SCORING.score_one_city(k, buf, k.O_CITY + c * NCELL, m if m >= 0 else k.NMAT)


def factory_points(fc, c, f):
    rivals = [n for o, n in enumerate(fc) if o != c]
    m1 = max([f] + rivals)
    m2 = max([n for n in [f] + rivals if n < m1], default=0)
    return 4 * f if f == m1 else (3 * f if f == m2 else 2 * f)


def reference_place_values(k, cfg, buf, seat, moves):
    """What ``move_values`` returns in a placement phase, the slow way (``cfg``: the kernel tables)."""
    kcat = [int(v) for v in cfg["kcat"]]
    duplex = int(cfg["rkind"][int(buf[k.O_ROUND])])
    cities = [k.city_of(seat, side) for side in range(2)]
    before = [city_points(k, buf, c) for c in cities]
    fc = [sum(1 for x in range(NCELL) if buf[k.O_CITY + c * NCELL + x] >= TILE
              and kcat[(int(buf[k.O_CITY + c * NCELL + x]) - TILE) & 31] == FACTORY) for c in range(k.NC)]
    out = []
    for m in (int(v) for v in moves):
        kind = int(buf[k.O_PEND + seat * 4 + (m - PLACE_BASE) // NCELL // 2]) if m >= PLACE_BASE else -1
        if kind < 0 or m >= PLACE_BASE + 8 * NCELL:
            out.append(0.0)
            continue
        x, side = (m - PLACE_BASE) % NCELL, (m - PLACE_BASE) // NCELL % 2
        c = cities[side]
        t = buf.copy()
        o = k.O_CITY + c * NCELL
        placed = ([(x, HALF + int(cfg["dleft"][kind])), (x + 1, HALF + int(cfg["dright"][kind]))] if duplex
                  else [(x, TILE + kind)])
        cats = [kcat[(code - TILE) & 31] for _, code in placed]
        lacking = 5 - sum(1 for i in range(5) if any(
            buf[o + y] >= TILE and kcat[(int(buf[o + y]) - TILE) & 31] == i for y in range(NCELL)))
        for y, code in placed:
            t[o + y] = code
        val = float(city_points(k, t, c) - before[side])
        nf, nh = cats.count(FACTORY), cats.count(HOUSE)
        if nf:
            val += factory_points(fc, c, fc[c] + nf) - factory_points(fc, c, fc[c])
        if nh:
            val += nh * HOUSE_FUTURE * lacking
        if not k.TWOSTD and before[side] <= before[1 - side]:
            val *= WEAK
        out.append(val)
    return out


def place_decisions(game, seed, limit):
    """``(buf, seat, moves)`` at placement decisions of one random game (copies)."""
    at = game.layout["phase"]
    return list(itertools.islice(((b.copy(), s, m) for b, s, m in kernel_decisions(game, seed)
                                  if b[at] == PH_PLACE), limit))


@pytest.mark.parametrize("players,variants,seeds", [
    (4, (), range(3)), (7, ("districts",), range(2)), (2, ("two-player",), range(2)),
    (2, ("two-player-advanced",), range(2)), (3, ("beginner",), range(2))])
def test_placement_values_match_the_slow_reference(players, variants, seeds):
    g = make_game(players, variants)
    k = g.kernel
    checked = duplex = 0
    states = [d for seed in seeds for d in place_decisions(g, 100 + seed, 400)[::2]]
    # shuffled: the policy keeps each city as it last read it, so games (and mats) interleave
    random.Random(len(states)).shuffle(states)
    for b, s, moves in states:
        out = np.full(len(moves), -99.0)
        assert k.move_values(b, s, moves, len(moves), out) == 1
        ref = reference_place_values(k, g.kernel_cfg, b, s, moves)
        assert POLICY.prepared_scores(k, b, s) == [city_points(k, b, k.city_of(s, side)) for side in range(2)]
        assert out.tolist() == ref, s
        checked += len(moves)
        duplex += int(g.kernel_cfg["rkind"][int(b[k.O_ROUND])])
    assert checked > 300 and duplex > 0
