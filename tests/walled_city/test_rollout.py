"""The kernel's rollout against the same random game played move by move from Python.

``rollout`` keeps the neighbourhoods of the promote and adjust steps from one
move to the next and forgets them after a move that may change a road or a
path's sides (setup, starting roads, round-1 roads, guild powers: Carpenters'
fences, Goldsmiths' and Skinners' removals).  Played from Python, every
``legal``/``apply`` call works them out afresh.  Drawing the same random
numbers in the same order (``sample_chance`` at chance, ``below(n)`` over the
listed legal moves at a decision), both must end in the same buffer; the games
are checked to include fences and removed roads, where kept labels would go
stale.
"""
import numpy as np
import pytest

from cython_ext import select
from engine.core import CHANCE

from .helpers import f, setup_state


def step_by_step(k, rng, buf):
    """A random game to the end through the kernel's Python entries, drawing like ``rollout``."""
    moves = np.zeros(k.max_moves + 64, dtype=np.int32)
    who = np.zeros(8, dtype=np.int32)
    while k.to_move(buf, who) > 0:
        seat = int(who[0])
        if seat == CHANCE:
            k.apply(buf, CHANCE, k.sample_chance(buf, rng))
            continue
        n = k.legal(buf, seat, moves)
        k.apply(buf, seat, int(moves[rng.below(n)]))


@pytest.mark.parametrize("players,variants", [(2, ()), (3, ("borderlands",)), (4, ())])
def test_rollout_equals_the_game_played_move_by_move(players, variants):
    rng_cls = select.load("kernel").Rng  # the one the kernel takes, in either mode
    fenced = broken = 0
    for seed in range(12):
        s = setup_state(players, variants, seed=seed)  # each its own guild display
        k = s.game.kernel
        a, b = s.buf.copy(), s.buf.copy()
        k.rollout(a, rng_cls(seed))
        step_by_step(k, rng_cls(seed), b)
        assert np.array_equal(a, b), seed
        fenced += int(f(s, "fence").size and (s.game.layout.view(a, "fence") > 0).any())
        broken += int((s.game.layout.view(a, "road") == 2).any() or (s.game.layout.view(a, "wall") == 2).any())
    assert fenced + broken > 0  # the games did change roads or path sides mid-game
