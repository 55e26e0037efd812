"""The kernel's own ``sample_chance`` draws what the base class's would.

City and Guilds overrides ``Kernel.sample_chance`` (the search draws every
face-up refill and deal through it) only to skip the base's scratch
memoryviews; the outcome and the generator's state after it must be the
base's for every chance step and generator state, or the search's trees and
every seeded game would change.  In whichever mode the kernel runs.
"""
import pytest

from cython_ext import select
from engine.core import CHANCE
from tests.city_and_guilds.helpers import game

K = select.load("kernel")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_draw_is_the_base_classes(players):
    g = game(players)
    k = g.kernel
    steps = draws = 0
    seen = set()
    for seed in range(3):
        s = g.new_initial_state(seed)
        walk = K.Rng(seed)
        while s.to_move():
            if s.to_move() != (CHANCE,):
                seat = s.to_move()[0]
                moves = s.legal_moves(seat)
                s.apply(seat, moves[walk.below(len(moves))])
                continue
            steps += 1
            for r in range(12):  # several generator states at each step: every outcome's interval
                mine, base = K.Rng(1000 * seed + r + steps), K.Rng(1000 * seed + r + steps)
                got = k.sample_chance(s.buf, mine)
                assert got == K.Kernel.sample_chance(k, s.buf, base)
                assert mine.state == base.state
                seen.add(got)
                draws += 1
            s.apply(CHANCE, k.sample_chance(s.buf, walk))
    assert steps > 50 and len(seen) > 5  # deals and refills, many kinds drawn


def test_not_a_chance_step_raises():
    g = game(4)
    s = g.new_initial_state(0)
    while s.to_move() == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(K.Rng(1)))
    with pytest.raises(ValueError):
        g.kernel.sample_chance(s.buf, K.Rng(1))
