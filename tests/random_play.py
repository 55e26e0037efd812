"""One step of a random game, for tests that walk games of any engine game."""
from __future__ import annotations

from typing import Callable, Optional

from engine.core import CHANCE


def random_step(s, rnd, rng, narrow: Optional[Callable] = None) -> None:
    """Play one step of ``s``: chance drawn with ``rng`` (``make_rng``), else one seat of
    those to move and one of its legal moves, both drawn with ``rnd`` (``random.Random``);
    ``narrow(state, moves)`` may keep fewer moves to draw from (drawing with ``rnd`` too)."""
    movers = s.to_move()
    if movers == (CHANCE,):
        s.apply(CHANCE, s.sample_chance(rng))
        return
    seat = movers[rnd.randrange(len(movers))]
    moves = s.legal_moves(seat)
    if narrow is not None:
        moves = narrow(s, moves)
    s.apply(seat, moves[rnd.randrange(len(moves))])
