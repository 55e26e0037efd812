"""perft: count move sequences to a fixed depth, to check move generation.

Every ply is one applied move.  At a simultaneous step only the first seat
listed by ``to_move()`` is expanded (the others follow in later plies), so
each joint choice is counted once.  Chance outcomes count as moves.

>>> import engine
>>> s = engine.make("guildes", players=3, seed=0)
>>> perft(s, 1) == len(s.chance_outcomes())
True
"""
from __future__ import annotations

from engine.core import CHANCE, State


def perft(state: State, depth: int) -> int:
    """Number of leaves ``depth`` plies below ``state`` (terminal leaves count once)."""
    if depth == 0:
        return 1
    movers = state.to_move()
    if not movers:
        return 1
    seat = movers[0]
    moves = [m for m, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_moves(seat)
    if depth == 1:
        return len(moves)
    total = 0
    k = state.game.kernel
    for move in moves:
        child = state.clone()
        k.apply(child.buf, seat, move)
        total += perft(child, depth - 1)
    return total


def play_to_decision(state: State, seed: int) -> State:
    """Resolve chance with ``seed`` until a seat is to move (a fixed perft root)."""
    from engine.core import make_rng

    rng = make_rng(seed)
    state = state.clone()
    while state.to_move() == (CHANCE,):
        state.apply(CHANCE, state.sample_chance(rng))
    return state
