"""Paranoid search: an approximation for three or more seats, offered as an option.

The seat asking (``me``) assumes every other seat plays to minimise its
reward, as one coalition: the game becomes two-sided and zero-sum, so
alpha-beta with Star1 at chance nodes and history move ordering applies
(:class:`~search.solver.exact.Search` does the cut-offs; this class only
says who maximises); the kernel's score bounds end a node whose value they
settle, and where they settle the asking seat's reward one move or outcome
stands for all.  At a simultaneous step the asking seat is taken to choose
first and the others to answer knowing its choice.  The compiled loop runs
the same search (:class:`~search.solver.loop.LoopParanoid`: the same values
and node counts).

What it gives is a **lower bound**, not the exact value: the asking seat's
reward if everyone else ganged up on it, and it commits first at
simultaneous steps.  Real opponents play for themselves (max^n, the
default), so the exact value is usually higher and the best move may
differ.  The value vector holds only the asking seat's reward; the other
entries are NaN.
"""
from __future__ import annotations

import math

import numpy as np

from engine.core import CHANCE
from search.solver.exact import EPS, Search, bound


class Paranoid(Search):
    """Alpha-beta on ``me``'s reward against a coalition of all the other seats."""

    def __init__(self, *args, me: int, **kwargs) -> None:
        kwargs["alphabeta"] = False
        super().__init__(*args, **kwargs)
        self.me = me

    def vector(self, v: float) -> tuple[float, ...]:
        return tuple(v if i == self.me else math.nan for i in range(self.game.players))

    def value(self, buf: np.ndarray) -> tuple[float, ...]:
        return self.vector(self.ab(buf, 0.0, 1.0))

    def first_mover(self, movers: tuple[int, ...]) -> int:
        """At a simultaneous step: the asking seat first, then the others in seat order."""
        return self.me if self.me in movers else movers[0]

    def ab(self, buf: np.ndarray, alpha: float, beta: float) -> float:
        key = self.key(buf)
        v = self.probe(key, self.me, alpha, beta)
        if v is not None:
            return v
        self._count()
        start = self.nodes
        a0 = alpha
        movers = self.movers(buf)
        known, fixed, same = self.decided(buf) if movers else (None, 0, False)
        self._inherit.append(fixed)  # a reward settled here stays settled below
        try:
            if not movers:
                v = self.returns(buf)[self.me]
            elif known is not None:
                v = known[self.me]
                a0, beta = -1.0, 2.0  # exact whatever the window
            else:
                # the bounds settle the asking seat's reward: any move or outcome stands for all
                one = same or bool(fixed >> self.me & 1)
                if movers[0] == CHANCE:
                    if one:
                        v = self.ab(self.child(buf, CHANCE, self.chance(buf)[0][0]), alpha, beta)
                    else:
                        v = self._star1(buf, alpha, beta)
                else:
                    seat = self.first_mover(movers)
                    moves = self.legal(buf, seat)
                    if one:
                        moves = moves[:1]
                    v = self.turn(buf, seat, self.order(seat, moves), alpha, beta)
        finally:
            self._inherit.pop()
        self.tt.put(key, self.vector(v), self.nodes - start, bound(v, a0, beta))
        return v

    def turn(self, buf: np.ndarray, seat: int, moves: list[int], alpha: float, beta: float) -> float:
        """``seat``'s decision: the asking seat maximises, every other seat minimises."""
        return self.side(buf, seat, moves, seat == self.me, alpha, beta, sure=True)

    def pv_step(self, buf: np.ndarray, seat: int) -> tuple[int, np.ndarray]:
        """The move ``seat`` makes here in this model, and the buffer after it (for a
        principal variation): the asking seat's best, another seat's worst for it; ties
        to the lowest move, as at the root."""
        return self.extreme(buf, seat, self.legal(buf, seat), seat == self.me)

    def extreme(self, buf: np.ndarray, seat: int, moves: list[int], maximise: bool) -> tuple[int, np.ndarray]:
        """The move of ``moves`` whose child is worth the most (``maximise``) or least to
        the asking seat (lowest move among ties), with that child."""
        best, bv, bc = -1, 0.0, buf
        for m in moves:
            c = self.child(buf, seat, m)
            v = self.ab(c, 0.0, 1.0)
            if best < 0 or (v > bv + EPS if maximise else v < bv - EPS):
                best, bv, bc = m, v, c
        return best, bc
