"""The heuristic's kept cities follow a buffer by the cells that changed (``cells_differ``):
the cells it reports are numpy's, compiled (eight cells a word compare) and interpreted, and
the factory counts kept along games -- tiles added, and whole cities replaced when the buffer
jumps to another game -- are the counts taken afresh."""
import random

import numpy as np
import pytest

from cython_ext import select
from cython_ext.between_two_cities_encoding import NCELL, TILE
from tests.between_two_cities.helpers import make_game, random_walk

PIECES = select.load("between_two_cities_pieces")
POLICY = select.load("between_two_cities_policy")
PIECES_C, PIECES_PY = select.twins("between_two_cities_pieces")


def expected(a, ao, b, bo, most):
    cells = [int(x) for x in np.flatnonzero(a[ao:ao + NCELL] != b[bo:bo + NCELL])]
    return cells[:most] + [len(cells) if len(cells) <= most else most + 1]


def pairs(rnd, count):
    """Pairs of cities at odd and even offsets differing in 0-12 cells (block edges, the last cell)."""
    for _ in range(count):
        ao, bo = rnd.randrange(0, 9), rnd.randrange(0, 9)
        a = np.array([rnd.randrange(-1, 70) for _ in range(ao + NCELL + 3)], np.intc)
        b = np.array([rnd.randrange(-1, 70) for _ in range(bo + NCELL + 3)], np.intc)
        b[bo:bo + NCELL] = a[ao:ao + NCELL]
        for x in rnd.sample(range(NCELL), rnd.choice([0, 1, 2, 4, 5, 12])) + rnd.choice([[], [0], [7, 8], [80]]):
            b[bo + x] = a[ao + x] + rnd.choice([1, -1, 1 << 20])
        yield a, ao, b, bo


def test_the_cells_that_differ_are_numpys():
    rnd = random.Random(13)
    answers = set()
    for a, ao, b, bo in pairs(rnd, 400):
        for most in (0, 1, 4, NCELL):
            want = expected(a, ao, b, bo, most)
            assert PIECES.differing_cells(a, ao, b, bo, most) == want
            answers.add((most, want[-1]))
    assert {(4, 0), (4, 1), (4, 2), (4, 5), (NCELL, 12)} <= answers  # none, a few, more than most


@pytest.mark.skipif(PIECES_C is None, reason="compiled pieces not built (or GUILDHALL_PUREPYTHON=1)")
def test_compiled_and_interpreted_find_the_same_cells():
    rnd = random.Random(14)
    for a, ao, b, bo in pairs(rnd, 300):
        for most in (4, NCELL):
            assert PIECES_C.differing_cells(a, ao, b, bo, most) == PIECES_PY.differing_cells(a, ao, b, bo, most)


def fresh_factories(game, k, buf):
    cells = buf[k.O_CITY:k.O_CITY + k.NC * NCELL].reshape(k.NC, NCELL)
    kcat = game.tables["kcat"]
    factory = [kind for kind in range(len(game.kind_names)) if kcat[kind] == 0]
    return [int(sum(1 for v in row if v >= TILE and (v - TILE) & 31 in factory)) for row in cells]


@pytest.mark.parametrize("players,variants", [(4, ()), (7, ("districts",)), (2, ("two-player-advanced",))])
def test_factories_kept_along_games_are_counted_afresh(players, variants):
    game = make_game(players, variants)
    k = game.kernel
    kept = POLICY.BetweenTwoCitiesPolicy(k.NC)
    rnd = random.Random(players)
    walks = [random_walk(game, [players + i], random.Random(players + i)) for i in range(2)]
    nonzero = 0
    for step in range(400):
        try:  # two games in turn: each call sees the other game's cities (tiles gone, replaced)
            _seed, _step, s, _seat = next(walks[rnd.randrange(2)])
        except StopIteration:
            break
        want = fresh_factories(game, k, s.buf)
        assert PIECES.kept_factories(kept, k, s.buf) == want, step
        nonzero += sum(want) > 0
    assert nonzero >= 20
