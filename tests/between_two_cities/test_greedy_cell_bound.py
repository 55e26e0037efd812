"""Duplex halves that are not each other's neighbours: ``cell_bound`` is never below the value.

``cell_gain`` reads a duplex tile's gain exactly when its halves are neighbours; when they
are not it falls back to ``cell_bound``, a bound on every term.  No mat of the editions has
two free cells side by side without the link between them (a bridge is a landscape cell),
so the games of the other tests never reach it.  Here a copy of the kernel's configuration
cuts every mat's links between columns 3 and 4 (both ways: the tables are symmetric), and
both the bounds and the values (``gain``) are read on it, on every placement decision of a
duplex round of greedy-played games (played on the real board).  Every placement of the
duplex tile with its left half in column 3 must be bounded (not exact), no bound below its
value, and some bounds equal to it: a bound 1 too tight (``cut = 1``) is caught.
"""
import numpy
import pytest

from bench.bench_between_two_cities_greedy import greedy_games
from cython_ext import select
from tests.between_two_cities.helpers import make_game

POL_C, POL_PY = select.twins("between_two_cities_policy")
BTC_C, BTC_PY = select.twins("between_two_cities")
KERNEL_C, KERNEL_PY = select.twins("kernel")
MODES = [("interpreted", (POL_PY, BTC_PY, KERNEL_PY))] + (
    [("compiled", (POL_C, BTC_C, KERNEL_C))] if POL_C is not None else [])
COL = 3  # the column whose links east are cut
PLACE_BASE = 1024


def cut_kernel(btc, cfg: dict):
    """A kernel on ``cfg`` with every mat's links between columns ``COL`` and ``COL + 1`` cut."""
    nb = numpy.array(cfg["nb"]).copy()
    for i in range(len(nb) // 4):
        if i % 81 % 9 == COL:
            nb[i * 4 + 3] = -1
            nb[(i + 1) * 4 + 2] = -1
    return btc.BetweenTwoCitiesKernel(dict(cfg, nb=nb))


def cut_rows(players: int, variants, mods, seed: int, cut: int = 0) -> list:
    """``(bound, value, exact)`` of every duplex placement with its left half in column ``COL``."""
    pol, btc, _ = mods
    game = make_game(players, variants)
    k = cut_kernel(btc, game.kernel_cfg)
    rkind, rnd = game.kernel_cfg["rkind"], game.layout["round"]
    out = []
    for s, seat in greedy_games(game, mods, [seed]):
        if not rkind[s.buf[rnd]]:
            continue
        p = pol.BetweenTwoCitiesPolicy(game.NC)
        p.cut = cut
        out += [(u, v, exact) for m, u, v, exact in pol.place_bounds(p, k, s.buf, seat)
                if (m - PLACE_BASE) % 81 % 9 == COL]
    return out


@pytest.mark.parametrize("mode,mods", MODES, ids=[m[0] for m in MODES])
@pytest.mark.parametrize("players,variants", [(4, ()), (2, ("two-player",)), (7, ("districts",))])
def test_halves_apart_are_bounded_never_below_their_value(mode, mods, players, variants):
    rows = cut_rows(players, variants, mods, players + 60)
    assert len(rows) >= 50
    assert all(not exact for _, _, exact in rows)  # cell_bound's answers, none taken as the value
    assert [(u, v) for u, v, _ in rows if u < v] == []
    assert sum(u == v for u, v, _ in rows) > 0  # bounds that bite


@pytest.mark.parametrize("mode,mods", MODES, ids=[m[0] for m in MODES])
def test_a_cell_bound_one_too_tight_is_caught(mode, mods):
    assert any(u < v for u, v, _ in cut_rows(4, (), mods, 64, cut=1))
