"""Which moves a seat can tell were made: the rule every frontend names moves by.

A seat can tell which move another seat made when the kernel's
``observed_move`` shows it the move itself: the kernels hide every secret
choice there, and a public one is seen as it is made, even where the state
after it forgets it (a Guildes round's last dirty trick: the count it
triggers clears the virtual card, and the views after two different tricks
can be the same).  A chance outcome is seen when ``observed_move`` does not
hide it and the seat's view after it differs from its view after every other
outcome.  (The kernel decides first: the legal moves of a hidden hand are
themselves hidden, so views that differ per legal move do not by themselves
show the move.)

>>> import engine
>>> from engine.perft import play_to_decision
>>> s = play_to_decision(engine.make("guildes", players=3, seed=1), 1)
>>> visible(s, 0, s.legal_moves(0)[0], 1)    # a pick in the draft is secret
False
>>> visible(s, 0, s.legal_moves(0)[0], 0)    # but not to the seat that made it
True
"""
from __future__ import annotations

from engine.core import CHANCE, State


def _view(state: State, seat: int) -> bytes:
    return state.observe(seat).buf[2:].tobytes()  # words 0-1: the header


def visible(state: State, actor: int, move: int, seat: int) -> bool:
    """Whether ``seat`` can tell that ``actor`` made ``move`` in ``state``."""
    k = state.game.kernel
    shown = int(k.observed_move(state.buf, actor, move, seat))
    if shown >= k.max_moves:
        return False
    if actor != CHANCE and shown == move:
        return True
    moves = [m for m, _ in state.chance_outcomes()] if actor == CHANCE else state.legal_moves(actor)

    def seen(m: int) -> bytes:
        t = state.clone()
        t.apply(actor, m)
        return _view(t, seat)

    mine = seen(move)
    return all(seen(m) != mine for m in moves if m != move)
