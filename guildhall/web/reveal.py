"""Which moves a seat can tell were made (as ``guildhall play`` shows them)."""
from __future__ import annotations

from engine.core import CHANCE, State


def visible(state: State, actor: int, move: int, seat: int) -> bool:
    """Whether ``seat`` can tell that ``actor`` made ``move`` in ``state``.

    True when the kernel's ``observed_move`` does not hide it and the seat's
    view after ``move`` differs from its view after every other move ``actor``
    could have made (so a deal to another seat stays hidden).
    """
    k = state.game.kernel
    if int(k.observed_move(state.buf, actor, move, seat)) >= k.max_moves:
        return False
    moves = [m for m, _ in state.chance_outcomes()] if actor == CHANCE else state.legal_moves(actor)

    def seen(m: int) -> bytes:
        t = state.clone()
        t.apply(actor, m)
        return t.observe(seat).buf[2:].tobytes()  # words 0-1: the header

    mine = seen(move)
    return all(seen(m) != mine for m in moves if m != move)
