"""The playout's shortcut for PLACE turns draws the move ``legal()[rng.below(n)]`` would.

``rollout`` picks a placement by counting (``random_placement``) instead of
listing the legal moves; here a playout written with the public calls only
(legal, apply, the piles' counts) must reach the same final buffer from the
same random stream, in whichever mode the kernel runs.
"""
import numpy as np
import pytest

from cython_ext import select
from cython_ext.city_and_guilds_layout import DEAL, END, MINSTREL, NK
from engine.core import CHANCE
from tests.city_and_guilds.helpers import f, game

Rng = select.load("kernel").Rng


def reference_rollout(s, rng):
    k, buf = s.game.kernel, s.buf
    moves = np.zeros(k.max_moves, np.intc)
    seats = np.zeros(8, np.intc)
    while f(s, "phase")[0] != END:
        k.to_move(buf, seats)
        if seats[0] == CHANCE:  # one tile with probability count / total
            kinds = MINSTREL if f(s, "phase")[0] == DEAL else NK
            supply = [int(x) for x in f(s, "supply")[:kinds]]
            r = rng.below(sum(supply))
            kind = 0
            while r >= supply[kind]:
                r -= supply[kind]
                kind += 1
            k.apply(buf, CHANCE, kind)
            continue
        seat = int(seats[0])  # in DISCARD, the first seat still to choose
        n = k.legal(buf, seat, moves)
        k.apply(buf, seat, int(moves[rng.below(n)]))
    assert f(s, "phase")[0] == END and f(s, "pend").sum() == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_rollout_matches_legal_then_random_index(players):
    g = game(players)
    for seed in range(3):
        a, b = g.new_initial_state(seed), g.new_initial_state(seed)
        g.kernel.rollout(a.buf, Rng(100 + seed))
        reference_rollout(b, Rng(100 + seed))
        assert np.array_equal(a.buf, b.buf)
