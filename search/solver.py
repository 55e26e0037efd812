"""Endgame solver: the exact value of a position, for any registered game.

:func:`solve` searches a *full* state to the end of the game, every branch:

* chance nodes take the expectation over their outcomes;
* a single seat to move takes the move best for its own reward (max^n;
  ties to the lowest move number);
* a simultaneous step is a one-shot game between the seats to move: the
  solver enumerates every joint choice, each valued by solving what follows,
  and takes the first pure Nash equilibrium in the order of the joint
  choices (no seat can gain by changing only its own choice).  When the
  step has none, each seat plays its best reply to the others choosing
  uniformly at random -- a documented fallback, flagged in the result.

Positions repeat (different orders of the same choices), so values are
cached by buffer.  A node budget bounds the work: past it :class:`SolverLimit`
is raised -- solving is for endgames.

Hidden information: a seat's view has unknowns, so :func:`solve_view` solves
``worlds`` determinizations of it (the seat's own view only: no peeking) and
averages each move's value; the ``solver`` player plays the best average.

>>> import engine
>>> from engine.perft import play_to_decision
>>> s = play_to_decision(engine.make("guildes", players=3, seed=1), 1)
>>> k = s.game.kernel
>>> while not (s.buf[s.game.layout["phase"]] == 3 and s.buf[s.game.layout["step"]] == 7
...            and s.buf[s.game.layout["round"]] == 2):
...     m = s.to_move()
...     s.apply(m[0], s.sample_chance() if m == (-1,) else s.legal_moves(m[0])[0])
>>> sol = solve(s)
>>> sorted(sol.values) == sorted(s.legal_moves(s.to_move()[0]))
True
"""
from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from engine.core import CHANCE, State, make_rng
from engine.errors import BadConfig
from search.api import MoveStat, OpenState, Player, SearchError, SearchInfo, register_player


class SolverLimit(SearchError):
    """The position is too large for the node budget (or the search was stopped)."""

    kind = "solver-limit"


@dataclass
class Solution:
    """Exact values of a full state: ``value`` per seat, and per move of the first seat to move."""

    value: list[float]
    seat: Optional[int]
    values: dict[int, list[float]] = field(default_factory=dict)  # move -> value vector
    best: Optional[int] = None
    nodes: int = 0
    fallback: bool = False  # some simultaneous step had no pure equilibrium


class _Solver:
    def __init__(self, reward: str, max_nodes: int, stop: Optional[threading.Event]) -> None:
        self.reward = reward
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0
        self.fallback = False
        self.cache: dict[bytes, tuple[float, ...]] = {}

    def _child(self, state: State, seat: int, move: int) -> State:
        child = state.clone()
        state.game.kernel.apply(child.buf, seat, move)
        return child

    def value(self, state: State) -> tuple[float, ...]:
        key = state.buf.tobytes()
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.stop is not None and self.stop.is_set()):
            raise SolverLimit(f"the position needs more than {self.max_nodes} nodes to solve")
        movers = state.to_move()
        if not movers:
            v = tuple(state.returns(self.reward))
        elif movers == (CHANCE,):
            acc = np.zeros(state.players)
            for move, p in state.chance_outcomes():
                acc += p * np.asarray(self.value(self._child(state, CHANCE, move)))
            v = tuple(float(x) for x in acc)
        elif len(movers) == 1:
            v = max(((self.value(self._child(state, movers[0], m)), -m) for m in state.legal_moves(movers[0])),
                    key=lambda vm: (vm[0][movers[0]], vm[1]))[0]
        else:
            v = self.simultaneous(state, movers)[0]
        self.cache[key] = v
        return v

    def joint_value(self, state: State, movers: tuple[int, ...], choice: tuple[int, ...]) -> tuple[float, ...]:
        child = state.clone()
        for seat, move in zip(movers, choice):
            state.game.kernel.apply(child.buf, seat, move)
        return self.value(child)

    def simultaneous(self, state: State, movers: tuple[int, ...]) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """Value and joint choice of a simultaneous step (first pure equilibrium)."""
        options = [state.legal_moves(s) for s in movers]
        table = {c: self.joint_value(state, movers, c) for c in itertools.product(*options)}
        for choice, v in table.items():
            stable = True
            for i, seat in enumerate(movers):
                for alt in options[i]:
                    if alt != choice[i]:
                        dev = choice[:i] + (alt,) + choice[i + 1:]
                        if table[dev][seat] > v[seat] + 1e-12:
                            stable = False
                            break
                if not stable:
                    break
            if stable:
                return v, choice
        # no pure equilibrium: best reply of each seat to uniformly random others
        self.fallback = True
        choice = []
        for i, seat in enumerate(movers):
            def mean_for(move: int, i: int = i, seat: int = seat) -> float:
                vals = [v[seat] for c, v in table.items() if c[i] == move]
                return sum(vals) / len(vals)
            choice.append(max(options[i], key=lambda m: (mean_for(m), -m)))
        return table[tuple(choice)], tuple(choice)


def solve(state: State, reward: str = "win", max_nodes: int = 200_000,
          stop: Optional[threading.Event] = None, seat: Optional[int] = None) -> Solution:
    """Solve a full state exactly (see the module docstring).

    ``seat``: whose moves to report when several seats are to move (default:
    the first listed); the value does not depend on it.
    """
    if state.observer is not None:
        raise SearchError("solve needs a full state; use solve_view for a seat's view")
    solver = _Solver(reward, max_nodes, stop)
    movers = state.to_move()
    if not movers:
        return Solution(list(state.returns(reward)), None, nodes=1)
    if seat is not None and seat in movers:
        movers = (seat,) + tuple(x for x in movers if x != seat)
    first = movers[0]
    values: dict[int, list[float]] = {}
    if first == CHANCE:
        return Solution(list(solver.value(state)), CHANCE, nodes=solver.nodes, fallback=solver.fallback)
    if len(movers) == 1:
        for m in state.legal_moves(first):
            values[m] = list(solver.value(solver._child(state, first, m)))
        best = max(values, key=lambda m: (values[m][first], -m))
        value = values[best]
    else:
        value_t, choice = solver.simultaneous(state, movers)
        value, best = list(value_t), choice[0]
        # a move's value: the others keep their equilibrium choices
        for m in state.legal_moves(first):
            values[m] = list(solver.joint_value(state, movers, (m,) + choice[1:]))
    return Solution(value, first, values, best, solver.nodes, solver.fallback)


def solve_view(view: State, seat: int, worlds: int = 8, seed: int = 0, reward: str = "win",
               max_nodes: int = 200_000, stop: Optional[threading.Event] = None) -> Solution:
    """Average the exact move values of ``seat`` over determinizations of its view."""
    if seat not in view.to_move():
        raise SearchError(f"seat {seat} is not to move")
    rng = make_rng(seed)
    sums: dict[int, np.ndarray] = {}
    total = np.zeros(view.players)
    nodes = 0
    fallback = False
    for _ in range(worlds):
        world = view.determinize(seat, rng)  # an OpenState (omniscient analysis) returns itself
        sol = solve(world, reward, max_nodes, stop, seat=seat)
        nodes += sol.nodes
        fallback |= sol.fallback
        total += np.asarray(sol.value)
        for m, v in sol.values.items():
            sums[m] = sums.get(m, np.zeros(view.players)) + np.asarray(v)
    values = {m: [float(x) / worlds for x in v] for m, v in sorted(sums.items())}
    best = max(values, key=lambda m: (values[m][seat], -m))
    return Solution([float(x) / worlds for x in total], seat, values, best, nodes, fallback)


SOLVER_SPEC = {"worlds": 8, "max_nodes": 200_000, "reward": "win"}


class SolverPlayer(Player):
    """Plays the best average exact value over ``worlds`` determinizations.

    A position beyond ``max_nodes`` (or a search stopped early) is played by
    ISMCTS under the same limits instead, so the player always answers.
    """

    name = "solver"
    options = dict(SOLVER_SPEC)

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        super().__init__(seed, **options)
        opts = dict(SOLVER_SPEC, **options)
        try:
            opts["worlds"], opts["max_nodes"] = int(opts["worlds"]), int(opts["max_nodes"])
        except (TypeError, ValueError):
            raise BadConfig("solver options worlds and max_nodes must be integers") from None
        if not 1 <= opts["worlds"] <= 10_000 or not 1 <= opts["max_nodes"] <= 100_000_000:
            raise BadConfig("solver: worlds must be in [1, 10000], max_nodes in [1, 100000000]")
        if opts["reward"] not in ("win", "rank", "score"):
            raise BadConfig("solver option reward must be win, rank or score")
        self.opts = opts

    def search(self, view, seat, limits, on_info, stop) -> SearchInfo:
        # the node budget bounds the work; iteration and time limits do not apply
        start = time.perf_counter()
        worlds = 1 if isinstance(view, OpenState) else self.opts["worlds"]
        try:
            sol = solve_view(view, seat, worlds, int(self.rng.below(1 << 30)), self.opts["reward"],
                             self.opts["max_nodes"], stop)
        except SolverLimit:
            # too large to solve (or stopped): never answer with nothing -- search instead
            from search.ismcts import IsmctsPlayer

            fallback = IsmctsPlayer(seed=int(self.rng.below(1 << 30)), reward=self.opts["reward"])
            return fallback.search(view, seat, limits, on_info, stop)
        el = time.perf_counter() - start
        info = SearchInfo(iterations=worlds, nodes=sol.nodes, elapsed=el, best=sol.best,
                          moves=[MoveStat(m, 1, v) for m, v in sol.values.items()])
        if on_info is not None:
            on_info(info)
        return info


register_player(SolverPlayer)
