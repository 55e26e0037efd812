"""What the score-bounds tests of every game share: reading a kernel's bounds, listing every
ending of a small position, and checking the endings below a position against its bounds."""
from __future__ import annotations

from typing import Callable

import numpy as np
import pytest

from engine.core import CHANCE


def read_bounds(state, kernel=None, size: int = 16) -> tuple[list[int], list[int]] | None:
    """``(lo, hi)`` per competitor as ``kernel.score_bounds`` writes them for ``state``, or None
    when it knows none (a step flagged as changing nothing, ``-(m + 1)``, counts its ``m``)."""
    k = kernel or state.game.kernel
    lo = np.zeros(size, dtype=np.intc)
    hi = np.zeros(size, dtype=np.intc)
    m = k.score_bounds(state.buf, lo, hi)
    if m < 0:
        m = -m - 1
    return (lo[:m].tolist(), hi[:m].tolist()) if m else None


def children(state) -> list:
    """The positions one move or one chance outcome below ``state`` (at a simultaneous step
    one seat at a time, which reaches the same endings)."""
    seat = state.to_move()[0]
    moves = [m for m, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_moves(seat)
    out = []
    for m in moves:
        c = state.clone()
        c.apply(seat, m)
        out.append(c)
    return out


def endings(state, out: set, final: Callable) -> None:
    """Add to ``out`` every ``final(end)`` tuple reachable from ``state``."""
    if state.is_terminal():
        out.add(tuple(final(state)))
        return
    for c in children(state):
        endings(c, out, final)


def check_endings_within(state, final: Callable, bounds: Callable = read_bounds, below: int = 12,
                         width: int = 2, most: int | None = None) -> int:
    """Assert that every ending of ``state`` and of up to ``below`` positions under it (the first
    ``width`` children of each, depth first; at most ``most`` with bounds) lies within their
    ``bounds``; returns how many of those positions had bounds."""
    stack, checked, seen = [state], 0, 0
    while stack and seen <= below and (most is None or checked < most):
        x = stack.pop()
        if x.is_terminal():
            continue
        seen += 1
        b = bounds(x)
        if b is not None:
            checked += 1
            ends: set = set()
            endings(x, ends, final)
            lo, hi = b
            for e in ends:
                assert all(a <= v <= c for a, v, c in zip(lo, e, hi)), (lo, e, hi)
        stack.extend(children(x)[:width])
    return checked


def play_randomly(state, rng, visit: Callable = lambda state: None,
                  until: Callable = lambda state, made: False):
    """Play ``state`` in place with uniformly random moves and chance draws from ``rng`` to
    its end, or until ``until(state, seat moves made)``, calling ``visit`` at every position
    before it moves on; returns ``state``."""
    made = 0
    while not state.is_terminal() and not until(state, made):
        visit(state)
        seat = state.to_move()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        moves = state.legal_moves(seat)
        state.apply(seat, moves[rng.below(len(moves))])
        made += 1
    return state


def bounds_along_a_random_game(state, rng, bounds: Callable = read_bounds) -> tuple[list, object]:
    """The bounds written at every position of a random game from ``state``, and its end."""
    seen: list = []
    end = play_randomly(state, rng, lambda x: seen.append(bounds(x)))
    return [b for b in seen if b is not None], end


def assert_same_solution(on, off, eps: float = 1e-9) -> None:
    """Two solves of one position (bounds on, bounds off) agree: best move, value, every move's value."""
    assert on.best == off.best
    assert on.value == pytest.approx(off.value, abs=eps)
    assert on.values.keys() == off.values.keys()
    for m, v in on.values.items():
        assert v == pytest.approx(off.values[m], abs=eps), m
