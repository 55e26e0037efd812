"""The solver's search in the compiled loop (:mod:`cython_ext.solver_search`).

:class:`LoopSearch` is a :class:`~search.solver.exact.Search` whose values
come from the kernel-level loop instead of the Python recursion: the same
rules, values, equilibria and node counts (tested), for a fraction of the
time per node; :class:`LoopParanoid` is the same for the paranoid search
(:func:`make_paranoid` picks it).  The root (each move's value, the equilibria listed, the
principal variation) stays in Python on top of it.  :func:`make_search`
picks it whenever it applies -- the kernel ranks the game itself (or the
reward is ``score`` or ``field``) and the loop accepts the kernel (compiled loop and
compiled kernel, or both interpreted) -- and the Python search otherwise.
"""
from __future__ import annotations

import threading
from typing import Optional

import numpy as np

from cython_ext import select
from cython_ext.reward_modes import REWARD_CODES
from engine.core import Game
from search.core import kernel_ranks
from search.solver.exact import Search, SolverLimit, _NotZeroSum
from search.solver.paranoid import Paranoid
from search.solver.table import TranspositionTable

_loop = select.load("solver_search")


class _Looped:
    """The budget and counters of a search whose values come from the loop ``self.c``."""

    c: "_loop.Searcher"
    nodes = property(lambda self: self.c.nodes, lambda self, v: setattr(self.c, "nodes", v))
    max_nodes = property(lambda self: self.c.max_nodes, lambda self, v: setattr(self.c, "max_nodes", v))
    fallback = property(lambda self: self.c.fallback, lambda self, v: setattr(self.c, "fallback", v))
    step_fallback = property(lambda self: self.c.step_fallback,
                             lambda self, v: setattr(self.c, "step_fallback", v))
    stop = property(lambda self: self.c.stop, lambda self, v: setattr(self.c, "stop", v))
    deadline = property(lambda self: self.c.deadline if self.c.deadline > 0 else None,
                        lambda self, v: setattr(self.c, "deadline", 0.0 if v is None else float(v)))


def _searcher(game: Game, reward: str, table: TranspositionTable, zero_sum: bool) -> "_loop.Searcher":
    return _loop.Searcher(game.kernel, table, game.players, REWARD_CODES[reward], float(game.score_scale),
                          zero_sum, reward in ("win", "rank"), reward == "win")


class LoopSearch(_Looped, Search):
    """:class:`Search` with :meth:`value` and :meth:`simultaneous` run by the compiled loop."""

    def __init__(self, game: Game, reward: str, table: TranspositionTable, max_nodes: int,
                 deadline: Optional[float] = None, stop: Optional[threading.Event] = None,
                 alphabeta: bool = True, bounds: bool = True) -> None:
        self.c = _searcher(game, reward, table, alphabeta and game.players == 2 and reward in ("win", "rank"))
        super().__init__(game, reward, table, max_nodes, deadline, stop, alphabeta, bounds)
        self.c.bounds = self.bounds

    def value(self, buf: np.ndarray) -> tuple[float, ...]:
        return _translated(self.c.value, buf)

    def window(self, buf: np.ndarray, alpha: float, beta: float) -> float:
        return _translated(self.c.window, buf, alpha, beta)

    def simultaneous(self, buf: np.ndarray, movers: tuple[int, ...], fixed: int = 0
                     ) -> tuple[tuple[float, ...], tuple[int, ...]]:
        # called at roots only (fixed 0); below, the loop reads its own bounds
        return _translated(self.c.simultaneous, buf)


class LoopParanoid(_Looped, Paranoid):
    """:class:`Paranoid` with its alpha-beta run by the compiled loop: the same values and node
    counts (tested).  The root, the principal variation and ``extreme`` stay in Python."""

    def __init__(self, game: Game, reward: str, table: TranspositionTable, max_nodes: int,
                 deadline: Optional[float] = None, stop: Optional[threading.Event] = None,
                 *, me: int, bounds: bool = True) -> None:
        self.c = _searcher(game, reward, table, False)
        self.c.paranoid = True
        self.c.me = me
        super().__init__(game, reward, table, max_nodes, deadline, stop, me=me, bounds=bounds)
        self.c.bounds = self.bounds

    def ab(self, buf: np.ndarray, alpha: float, beta: float) -> float:
        return _translated(self.c.window, buf, alpha, beta)


def _translated(call, *args):
    """``call(*args)`` with the loop's exceptions turned into the Python search's."""
    try:
        return call(*args)
    except _loop.Limit as exc:
        raise SolverLimit(str(exc)) from None
    except _loop.NotZeroSum:
        raise _NotZeroSum from None


def loop_applies(game: Game, reward: str) -> bool:
    """Whether the loop can search ``game``: terminal rewards from the kernel alone, and a
    kernel of the loop's kind (both compiled, or both interpreted)."""
    if not (reward in ("score", "field") or kernel_ranks(game)):  # the score rewards read scores only
        return False
    kernel_mod = select.load("kernel")
    return isinstance(game.kernel, kernel_mod.Kernel) and (
        select.mode(_loop) == select.mode(kernel_mod))


def make_search(game: Game, reward: str, table: TranspositionTable, max_nodes: int,
                deadline: Optional[float] = None, stop: Optional[threading.Event] = None,
                alphabeta: bool = True, loop: bool = True, bounds: bool = True) -> Search:
    """The compiled-loop search where it applies (and ``loop``), else the Python one.
    ``bounds``: read the kernel's score bounds (decided positions; off to measure them)."""
    cls = LoopSearch if loop and loop_applies(game, reward) else Search
    return cls(game, reward, table, max_nodes, deadline, stop, alphabeta, bounds)


def make_paranoid(kind: type, game: Game, reward: str, table: TranspositionTable, max_nodes: int,
                  deadline: Optional[float] = None, stop: Optional[threading.Event] = None, *,
                  me: int, loop: bool = True, bounds: bool = True) -> Paranoid:
    """A ``kind`` search (:class:`Paranoid` or a subclass) for seat ``me``: the paranoid one in
    the compiled loop where it applies (and ``loop``); a subclass (best-reply) in Python."""
    if kind is Paranoid and loop and loop_applies(game, reward):
        return LoopParanoid(game, reward, table, max_nodes, deadline, stop, me=me, bounds=bounds)
    return kind(game, reward, table, max_nodes, deadline, stop, me=me, bounds=bounds)
