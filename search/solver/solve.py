"""Solving a full state: :class:`Solver` (options kept) and :func:`solve` (one call)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Optional

from engine.core import CHANCE, RETURN_MODES, State
from engine.errors import BadConfig
from search.api import SearchError
from search.solver.best_reply import BestReply
from search.solver.paranoid import Paranoid
from search.solver.exact import EPS, Search, SolverLimit, equilibria, fallback_choice, root_buffer, run
from search.solver.loop import make_paranoid, make_search
from search.solver.table import MAX_MB, MIN_MB, TranspositionTable

REWARDS = RETURN_MODES  # every reward of engine.core.returns_from
EQUILIBRIA = ("first", "all")  # at a simultaneous root: the chosen pure equilibrium, or every one
MAX_NODES = 100_000_000
PV_PLIES = 60


@dataclass
class Solution:
    """What a solve found.

    ``value`` per seat; ``values``: move -> value vector for ``seat`` (the
    seat asked about, or the first to move); ``best`` its move; ``pv`` the
    principal variation as (seat, move) up to the first chance event;
    ``equilibria``: at a simultaneous root, the pure equilibrium taken as joint
    choices of ``movers`` (seats ascending); with ``Solver(equilibria="all")``
    every pure equilibrium, the one taken first.
    For a view: ``value`` is ``values[best]``, the mean over the worlds of the
    one move the seat plays in all of them; ``clairvoyant`` the mean of each
    world's own best (what a seat that saw the hidden cards would get: an upper
    bound for ``seat``); ``worlds`` solved, ``agree`` how many of them had
    ``best`` as their best move, ``best_in`` per move in how many worlds it was
    as good as that world's best, ``spread`` per move the (lowest, highest)
    value of ``seat`` over the worlds.
    """

    value: list[float]
    seat: Optional[int]
    values: dict[int, list[float]] = field(default_factory=dict)
    best: Optional[int] = None
    nodes: int = 0
    fallback: bool = False  # some simultaneous step had no pure equilibrium
    elapsed: float = 0.0
    pv: list[tuple[int, int]] = field(default_factory=list)
    movers: tuple[int, ...] = ()
    equilibria: list[tuple[int, ...]] = field(default_factory=list)
    worlds: int = 1
    spread: dict[int, tuple[float, float]] = field(default_factory=dict)
    best_in: dict[int, int] = field(default_factory=dict)
    complete: Optional[bool] = None  # a view with enumerate: every world found (saturated)?
    paranoid: bool = False  # value: seat's reward against a coalition (others NaN), a lower bound
    info_set: bool = False  # a view solved over every world of its information set, exact weights
    best_reply: bool = False  # value: seat's reward against one replying opponent at a time (others NaN)
    clairvoyant: Optional[list[float]] = None  # a view: the mean of each world's own best value

    @property
    def agree(self) -> int:
        """How many worlds had ``best`` as their best move (a full state: its one world)."""
        return self.best_in.get(self.best, 1)


class Solver:
    """The exact endgame solver with its options.

    ``reward``: win, rank, score or field.  ``memory``: megabytes for the
    transposition table (the search's memory; like a UCI ``Hash``).
    ``max_nodes``: node budget per call.  ``time``: seconds per call (None:
    no limit).  ``alphabeta``: prune two-seat zero-sum games.  Past a budget,
    or when ``stop`` is set, :class:`SolverLimit` is raised; its ``partial``
    holds the root moves already solved exactly.  The table is kept between
    calls (positions of one game recur) and cleared when the game changes.
    ``paranoid``: with three or more seats, solve the asking seat's reward
    against all the others ganging up on it (:mod:`search.solver.paranoid`):
    faster, but a lower bound, not the exact value.  ``best_reply``: with three or more seats,
    the asking seat against one replying opponent between two of its moves, the others playing
    greedily (:mod:`search.solver.best_reply`): an approximation, neither bound.  ``loop``: search in the compiled loop
    (:mod:`search.solver.loop`) where it applies; False keeps the Python search (the reference).
    ``move_values=False``: a full state's value and best move only (``values`` holds just the
    best move, ``equilibria`` just the chosen one), for a fraction of the nodes: the root is
    searched once with every cut-off.  ``bounds=False``: ignore the kernel's score bounds
    (positions whose winner they settle are then searched to the end; same values).
    ``equilibria``: at a simultaneous root, ``"first"`` lists the pure equilibrium taken (found
    lazily, as below the root), ``"all"`` every pure equilibrium (three or more seats: the whole
    table of joint choices valued); the value, the best move and each move's value are the same.
    """

    def __init__(self, reward: str = "win", memory: float = 64, max_nodes: int = 10_000_000,
                 time: Optional[float] = None, alphabeta: bool = True, paranoid: bool = False,
                 loop: bool = True, move_values: bool = True, best_reply: bool = False,
                 bounds: bool = True, equilibria: str = "first") -> None:
        if equilibria not in EQUILIBRIA:
            raise BadConfig(f"solver equilibria must be one of {', '.join(EQUILIBRIA)}, not {equilibria!r}")
        if paranoid and best_reply:
            raise BadConfig("solver: paranoid and best_reply are two different searches; choose one")
        if reward not in REWARDS:
            raise BadConfig(f"solver reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if not MIN_MB <= memory <= MAX_MB:
            raise BadConfig(f"solver memory must be {MIN_MB}-{MAX_MB} MB, not {memory}")
        if not isinstance(max_nodes, int) or not 1 <= max_nodes <= MAX_NODES:
            raise BadConfig(f"solver max_nodes must be an integer in [1, {MAX_NODES}], not {max_nodes!r}")
        if time is not None and not time > 0:
            raise BadConfig(f"solver time must be positive, not {time!r}")
        self.reward, self.memory, self.max_nodes, self.time = reward, memory, max_nodes, time
        self.alphabeta = alphabeta
        self.paranoid = paranoid
        self.best_reply = best_reply
        self.loop = loop
        self.move_values = move_values
        self.bounds = bounds
        self.equilibria = equilibria
        self._table: Optional[TranspositionTable] = None
        self._game_key: Optional[tuple] = None

    def table(self, state: State, mode: tuple = ()) -> TranspositionTable:
        """The table, kept while the game and the kind of value (exact, or paranoid for a
        seat) stay the same."""
        key = (state.game.key, mode)
        if self._table is None or self._game_key != key or self._table.size != len(state.buf):
            self._table = TranspositionTable(state.players, self.memory, len(state.buf))
            self._game_key = key
        return self._table

    def solve(self, state: State, seat: Optional[int] = None, stop: Optional[threading.Event] = None,
              deadline: Optional[float] = None, max_nodes: Optional[int] = None,
              moves: Optional[list[int]] = None) -> Solution:
        """Solve a full state.  ``seat``: whose moves to report at a simultaneous step
        (default the lowest seat to move); the value and equilibrium do not depend on it.
        ``moves`` (``searchmoves``): the only root moves of that seat solved and chosen from."""
        if state.observer is not None:
            raise SearchError("solve needs a full state; use solve_view for a seat's view")
        start = time.perf_counter()
        if deadline is None and self.time is not None:
            deadline = start + self.time
        budget = max_nodes if max_nodes is not None else self.max_nodes
        if not isinstance(budget, int) or budget < 1:
            raise BadConfig(f"solver max_nodes must be a positive integer, not {budget!r}")
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.players):
            raise BadConfig(f"seat must be 0-{state.players - 1}, not {seat!r}")
        if (self.paranoid or self.best_reply) and state.players > 2:
            return self._solve_paranoid(state, seat, stop, deadline, budget, start, moves)
        table = self.table(state)

        made: list[Search] = []

        def make(ab: bool) -> Search:
            made.append(make_search(state.game, self.reward, table, budget, deadline, stop,
                                    alphabeta=ab and self.alphabeta, loop=self.loop, bounds=self.bounds))
            return made[-1]

        try:
            search, sol = run(make, lambda s: _root(s, root_buffer(state), seat, moves, self.move_values,
                                                    self.equilibria == "all"))
        except SolverLimit as exc:
            exc.nodes = made[-1].nodes
            raise
        sol.pv = _pv(search, root_buffer(state), sol, budget)
        sol.nodes = search.nodes
        sol.fallback = sol.fallback or search.fallback
        sol.elapsed = time.perf_counter() - start
        return sol


    def _solve_paranoid(self, state: State, seat: Optional[int], stop, deadline, budget: int,
                        start: float, moves: Optional[list[int]] = None) -> Solution:
        movers = state.to_move()
        me = seat if seat is not None else (movers[0] if movers and movers[0] != CHANCE else 0)
        kind = BestReply if self.best_reply else Paranoid
        search = make_paranoid(kind, state.game, self.reward, self.table(state, (kind.__name__, me)), budget,
                               deadline, stop, me=me, loop=self.loop, bounds=self.bounds)
        buf = root_buffer(state)
        values: dict[int, list[float]] = {}
        try:
            if me in movers:
                for m in only(search.legal(buf, me), moves):
                    values[m] = list(search.value(search.child(buf, me, m)))
                best = max(values, key=lambda m: (values[m][me], -m))
                sol = Solution(values[best], me, values, best, movers=tuple(sorted(movers)),
                               pv=_model_pv(search, buf, me, best, budget))
            else:
                sol = Solution(list(search.value(buf)), me, movers=tuple(sorted(movers)))
        except SolverLimit as exc:
            exc.partial, exc.nodes = values, search.nodes
            raise
        sol.nodes, sol.elapsed = search.nodes, time.perf_counter() - start
        sol.paranoid, sol.best_reply = not self.best_reply, self.best_reply
        return sol


def only(legal: list[int], moves: Optional[list[int]]) -> list[int]:
    """``legal`` restricted to ``moves`` (None: all; all if none of them is legal)."""
    if moves is None:
        return legal
    return [m for m in legal if m in moves] or legal


def _root(search: Search, buf, seat: Optional[int], moves: Optional[list[int]] = None,
          move_values: bool = True, every: bool = False) -> Solution:
    """The root's solution.  ``every``: at a simultaneous root, list every pure equilibrium
    (else the one taken)."""
    movers = search.movers(buf)
    if not movers:
        return Solution(list(search.returns(buf)), None)
    if movers[0] == CHANCE:
        return Solution(list(search.value(buf)), CHANCE, movers=movers)
    values: dict[int, list[float]] = {}
    if len(movers) == 1 and not move_values and moves is None:
        return _root_best(search, buf, movers[0])
    if len(movers) == 1:
        first = movers[0]
        best = None
        try:
            for m in only(search.legal(buf, first), moves if seat in (None, first) else None):
                values[m] = list(search.value(search.child(buf, first, m)))
                if best is None or values[m][first] > values[best][first] + EPS:  # ties: lowest
                    best = m
        except SolverLimit as exc:
            exc.partial = values
            raise
        return Solution(values[best], first, values, best, movers=movers)
    asker = seat if seat in movers else movers[0]
    i = movers.index(asker)
    if moves is None:
        sol = _root_step(search, buf, movers, i, move_values, every)
        if sol is not None:
            return sol
    # the whole table: every pure equilibrium, the fallback, or ``searchmoves`` (a smaller game)
    options, table = search.joint_values(buf, movers, None if moves is None else (i, moves))
    eqs = equilibria(options, table, movers)
    fallback = not eqs
    value, choice = (table[eqs[0]], eqs[0]) if eqs else fallback_choice(options, table, movers)
    for m in options[i] if move_values else [choice[i]]:
        values[m] = list(table[choice[:i] + (m,) + choice[i + 1:]])  # the others keep their part
    return Solution(list(value), asker, values, choice[i], fallback=fallback, movers=movers,
                    equilibria=eqs if every else eqs[:1])


def _root_best(search: Search, buf, first: int) -> Solution:
    """The root's value and its best move (the lowest move reaching it), without the value of
    every move: the root searched once with all its cut-offs, then the moves in order tested
    against that value (null windows with two seats) until one reaches it."""
    value = search.value(buf)
    for m in search.legal(buf, first):
        if search.reaches(search.child(buf, first, m), first, value[first]):
            return Solution(list(value), first, {m: list(value)}, m, movers=(first,))
    raise AssertionError("no move reaches the root's value")  # the search would be wrong


def _root_step(search: Search, buf, movers: tuple[int, ...], i: int, move_values: bool,
               every: bool = False) -> Optional[Solution]:
    """A simultaneous root without every joint choice valued: the first pure equilibrium found
    lazily (:meth:`Search.simultaneous`, as below the root), then each move of the asking seat
    valued with the others keeping their part of it -- deviations the lazy test skipped
    included (a seat at reward 1 is not tested there) -- most of them table hits.

    ``every``: every pure equilibrium listed.  Two seats, constant sum: they are the saddle
    points of seat 0's value ``v``, all with the same value, and they are the product of the
    rows whose lowest entry is ``v`` and the columns whose highest entry is ``v``
    (interchangeability), so each row and column is tested with null windows against ``v``
    (stopping at its first entry past it) instead of valued exactly.  With more seats, or
    without a constant sum, None: the caller values the whole table.  None too when every
    move's value is asked for and the root's step has no pure equilibrium (the fallback, best
    replies to uniform play, needs the whole table)."""
    if every and not search.zero_sum:
        return None
    value, choice = search.simultaneous(buf, movers)
    if search.step_fallback:  # the root's own step (``fallback``: any step below too)
        if move_values:
            return None
        return Solution(list(value), movers[i], {choice[i]: list(value)}, choice[i], fallback=True,
                        movers=movers, equilibria=[])

    def joint(c: tuple[int, ...]):
        b = buf.copy()
        for s, m in zip(movers, c):
            search.k.apply(b, s, m)
        return b

    eqs = [choice]
    if every:
        options = [search.legal(buf, s) for s in movers]
        v = value[0]
        # A[r, c] >= v for the whole row r (seat 1 cannot push seat 0 below v) ...
        rows = [r for r in options[0] if r == choice[0] or all(
            search.reaches(joint((r, c)), 0, v) for c in options[1] if (r, c) != choice)]
        # ... and A[r, c] <= v for the whole column c (seat 0 cannot gain)
        cols = [c for c in options[1] if c == choice[1] or all(
            search.reaches(joint((r, c)), 1, 1.0 - v) for r in options[0] if (r, c) != choice)]
        eqs = [(r, c) for r in rows for c in cols]
        if eqs[0] != choice:  # cannot happen with exact values; values within EPS of a tie might
            return None
    values: dict[int, list[float]] = {choice[i]: list(value)}
    if move_values:
        try:
            for m in search.legal(buf, movers[i]):  # a move's value: the others keep their part
                c = choice[:i] + (m,) + choice[i + 1:]
                if c != choice:
                    values[m] = list(search.value(joint(c)))
        except SolverLimit as exc:
            exc.partial = values
            raise
        values = dict(sorted(values.items()))
    return Solution(list(value), movers[i], values, choice[i], movers=movers, equilibria=eqs)


def _pv(search: Search, buf, sol: Solution, budget: int) -> list[tuple[int, int]]:
    """Follow the solved choices from the root to the first chance event or the end."""
    pv: list[tuple[int, int]] = []
    if sol.best is None:
        return pv
    if len(sol.movers) > 1:
        choice = sol.equilibria[0] if sol.equilibria else None
        if choice is None:
            return pv
        step = list(zip(sol.movers, choice))
    else:
        step = [(sol.seat, sol.best)]
    search.max_nodes = search.nodes + max(1000, budget // 10)  # the pv may re-solve siblings
    try:
        while len(pv) < PV_PLIES:
            for s, m in step:
                search.k.apply(buf, s, m)
            pv.extend(step)
            movers = search.movers(buf)
            if not movers or movers[0] == CHANCE:
                break
            if len(movers) == 1:
                seat, best, bv = movers[0], None, None
                for m in search.legal(buf, seat):
                    v = search.value(search.child(buf, seat, m))
                    if bv is None or v[seat] > bv + EPS:
                        best, bv = m, v[seat]
                step = [(seat, best)]
            else:
                step = list(zip(movers, search.simultaneous(buf, movers)[1]))
    except SolverLimit:
        pass  # a shorter pv; the solution itself is complete
    return pv


def _model_pv(search: Paranoid, buf, me: int, best: int, budget: int) -> list[tuple[int, int]]:
    """A paranoid or best-reply principal variation: ``me``'s ``best``, then each seat to
    move as the model has it play (``pv_step``; at a simultaneous step the asking seat
    first, then the others in seat order), to the first chance event or the end."""
    pv = [(me, best)]
    b = search.child(buf, me, best)
    search.max_nodes = search.nodes + max(1000, budget // 10)  # the pv may value siblings the search cut
    try:
        while len(pv) < PV_PLIES:
            movers = search.movers(b)
            if not movers or movers[0] == CHANCE:
                break
            seat = search.first_mover(movers)
            m, b = search.pv_step(b, seat)
            pv.append((seat, m))
    except SolverLimit:
        pass  # a shorter pv; the solution itself is complete
    return pv


def solve(state: State, reward: str = "win", max_nodes: int = 200_000,
          stop: Optional[threading.Event] = None, seat: Optional[int] = None,
          time: Optional[float] = None, memory: float = 64, alphabeta: bool = True,
          paranoid: bool = False, loop: bool = True, move_values: bool = True,
          best_reply: bool = False, bounds: bool = True, equilibria: str = "first") -> Solution:
    """Solve a full state exactly with a fresh :class:`Solver` (see the package docstring)."""
    return Solver(reward, memory, max_nodes, time, alphabeta, paranoid, loop,
                  move_values, best_reply, bounds, equilibria).solve(state, seat=seat, stop=stop)
