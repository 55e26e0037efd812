"""Which moves a seat can tell were made: the rule every frontend names moves by.

A seat can tell which move another seat (or chance) made when the kernel's
``observed_move`` does not hide it and the seat's view after it differs from
its view after every other move that could have been made instead.  (Only when the kernel says the move is
public: the legal moves of a hidden hand are themselves hidden, so views
that differ per legal move do not by themselves show the move.)

>>> import engine
>>> from engine.perft import play_to_decision
>>> s = play_to_decision(engine.make("guildes", players=3, seed=1), 1)
>>> visible(s, 0, s.legal_moves(0)[0], 1)    # a pick in the draft is secret
False
"""
from __future__ import annotations

from engine.core import CHANCE, State


def _view(state: State, seat: int) -> bytes:
    return state.observe(seat).buf[2:].tobytes()  # words 0-1: the header


def visible(state: State, actor: int, move: int, seat: int) -> bool:
    """Whether ``seat`` can tell that ``actor`` made ``move`` in ``state``."""
    k = state.game.kernel
    if int(k.observed_move(state.buf, actor, move, seat)) >= k.max_moves:
        return False
    moves = [m for m, _ in state.chance_outcomes()] if actor == CHANCE else state.legal_moves(actor)

    def seen(m: int) -> bytes:
        t = state.clone()
        t.apply(actor, m)
        return _view(t, seat)

    mine = seen(move)
    return all(seen(m) != mine for m in moves if m != move)
