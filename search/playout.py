"""A uniformly random playout of a world drawn from a seat's view, counting decisions.

Two questions of the search ask it: whether the game ends within reach of the solver
(:func:`search.endgame.within`) and how many decisions a seat has still to make, which the
clock is spread over (:func:`search.timeman.seat_moves_left`).  The world is drawn from the
view (``State.determinize`` takes the seat's view first), so neither peeks.
"""
from __future__ import annotations

from typing import Any, Optional

from engine.core import CHANCE, State


def random_playout(view: State, seat: int, rng: Any, cap: Optional[int] = None) -> tuple[Optional[int], int]:
    """``(decisions, seat's decisions)`` of one uniformly random playout of a world drawn from
    ``seat``'s view to the end (every seat's move at a simultaneous step counts one; chance
    none); once the decisions pass ``cap`` the playout stops and the first is None.

    >>> import engine
    >>> from engine.core import make_rng
    >>> s = engine.make("walled_city", 2, seed=3)
    >>> random_playout(s, 0, make_rng(1), cap=5)
    (None, 3)
    """
    w = view.determinize(seat, rng)
    made = mine = 0
    while not w.is_terminal():
        mover = w.to_move()[0]
        if mover == CHANCE:
            w.apply(CHANCE, w.sample_chance(rng))
            continue
        made += 1
        if cap is not None and made > cap:
            return None, mine
        mine += mover == seat
        moves = w.legal_moves(mover)
        w.apply_trusted(mover, moves[rng.below(len(moves))])
    return made, mine
