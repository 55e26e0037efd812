"""The ``solver`` player: exact values over determinizations, within every limit.

Options (``setoption``): ``worlds``, ``max_nodes``, ``reward``, ``memory``,
``exact`` and ``exact_limit``, ``distinct``, ``paranoid``, ``best_reply``,
``equilibria`` (see :class:`SolverPlayer`).

Limits: ``movetime`` and ``clock``/``increment`` (through
:func:`search.timeman.clock_budget`) give a deadline; ``nodes`` caps the
solver's nodes (with ``max_nodes``); ``iterations`` caps the worlds (one
iteration = one solved world); ``infinite`` runs until ``stop``.  The first
world may use half the time: if it is not solved by then (or within the
nodes), ISMCTS searches under the time left and the ``nodes`` left, so the
player always answers in time (in debug mode its settings are said then,
marked ``fallback_for=solver``).  The world count is not an ISMCTS
iteration count and does not carry over: a fallback bound by neither time
nor nodes searches as a ``go`` without limits, ISMCTS's 1000 iterations, or
a ``Skill`` level's cap (:attr:`SolverPlayer.fallback_cap`).  A
``stop`` answers the best move so far: the mean over the worlds solved, or
else the best of the root moves already solved exactly, or else the game
heuristic's choice.  ``searchmoves``: only those root moves are solved (and
searched by the fallback).
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Optional

from engine.errors import BadConfig
from search.api import MoveStat, OpenState, Player, SearchInfo, register_player, root_moves
from search.solver.exact import SolverLimit
from search.solver.solve import EQUILIBRIA, MAX_NODES, REWARDS, Solution, Solver
from search.solver.table import MAX_MB, MIN_MB
from search.solver.view import solve_view
from search.solver.worlds import WorldsUnavailable
from search.timeman import clock_budget

SOLVER_SPEC = {"worlds": 8, "max_nodes": 200_000, "reward": "win", "memory": 64,
               "exact": False, "exact_limit": 256, "distinct": False, "paranoid": False,
               "best_reply": False, "equilibria": "first"}
FLAGS = ("exact", "distinct", "paranoid", "best_reply")
FIRST_WORLD_SHARE = 0.5


def solved_info(sol: Solution, elapsed: float, pv: list[tuple[int, int]]) -> SearchInfo:
    """A solved view's search report: one iteration per world, solver nodes, each root move's
    mean value, and as its visits the worlds in which it was as good as that world's best
    (``Solution.best_in``: a Skill level draws from them; every move was solved in every
    world, so the world count would make its draw uniform)."""
    return SearchInfo(iterations=sol.worlds, nodes=sol.nodes, elapsed=elapsed,
                      ips=sol.nodes / elapsed if elapsed > 0 else 0.0, best=sol.best, pv=pv,
                      moves=[MoveStat(m, sol.best_in[m], v) for m, v in sorted(sol.values.items())])


class SolverPlayer(Player):
    """Plays the best average exact value over ``worlds`` determinizations.

    ``exact``: the whole information set where the game has an enumerator and
    the view at most ``exact_limit`` worlds (else the sampled worlds);
    ``distinct``: distinct sampled worlds weighted by their draws;
    ``paranoid``: the coalition lower bound for three or more seats;
    ``best_reply``: one replying opponent at a time, the others greedy (three or more seats);
    ``equilibria``: ``all`` lists every pure equilibrium at a simultaneous root as the solver
    does (:class:`Solver`); the player reports moves, not equilibria, so it changes only the
    cost (the same moves and values), and ``first``, the default, is the cheap one.
    """

    name = "solver"
    # the fallback's iteration cap: a Skill level's (search.skill sets it), since the level
    # caps this player's worlds through ``iterations``, which the fallback does not read
    fallback_cap: Optional[int] = None
    options = dict(SOLVER_SPEC)
    option_meta = {"worlds": {"min": 1, "max": 10_000}, "max_nodes": {"min": 1, "max": MAX_NODES},
                   "exact_limit": {"min": 1, "max": 100_000},
                   "memory": {"min": MIN_MB, "max": MAX_MB}, "reward": {"choices": REWARDS},
                   "equilibria": {"choices": EQUILIBRIA}}

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        super().__init__(seed, **options)
        opts = dict(SOLVER_SPEC, **options)
        try:
            opts["worlds"], opts["max_nodes"] = int(opts["worlds"]), int(opts["max_nodes"])
            opts["memory"], opts["exact_limit"] = int(opts["memory"]), int(opts["exact_limit"])
        except (TypeError, ValueError):
            raise BadConfig("solver options worlds, max_nodes, memory and exact_limit must be integers") from None
        for flag in FLAGS:
            v = opts[flag]
            if isinstance(v, str) and v.lower() in ("true", "false", "1", "0", "yes", "no"):
                v = v.lower() in ("true", "1", "yes")
            if not isinstance(v, bool):
                raise BadConfig(f"solver option {flag} must be true or false")
            opts[flag] = v
        if not 1 <= opts["exact_limit"] <= 100_000:
            raise BadConfig("solver: exact_limit must be in [1, 100000]")
        if not 1 <= opts["worlds"] <= 10_000:
            raise BadConfig("solver: worlds must be in [1, 10000]")
        if not 1 <= opts["max_nodes"] <= MAX_NODES:
            raise BadConfig(f"solver: max_nodes must be in [1, {MAX_NODES}]")
        if not MIN_MB <= opts["memory"] <= MAX_MB:
            raise BadConfig(f"solver: memory must be in [{MIN_MB}, {MAX_MB}] MB")
        if opts["reward"] not in REWARDS:
            raise BadConfig(f"solver option reward must be one of {', '.join(REWARDS)}")
        if opts["equilibria"] not in EQUILIBRIA:
            raise BadConfig("solver option equilibria must be first or all")
        self.opts = opts
        self.solver = self._new_solver()

    def _new_solver(self) -> Solver:
        o = self.opts
        if o["paranoid"] and o["best_reply"]:
            raise BadConfig("solver: paranoid and best_reply are two different searches; choose one")
        return Solver(o["reward"], o["memory"], o["max_nodes"], paranoid=o["paranoid"], best_reply=o["best_reply"],
                      equilibria=o["equilibria"])

    def new_game(self) -> None:
        self.solver = self._new_solver()

    def search(self, view, seat, limits, on_info, stop) -> SearchInfo:
        start = time.perf_counter()
        budget = None
        if limits.movetime is not None:
            budget = limits.movetime
        if limits.clock is not None:
            inc = limits.increment[seat] if limits.increment else 0.0
            t = clock_budget(limits.clock[seat], inc, view, seat)
            budget = t if budget is None else min(budget, t)
        if limits.infinite:
            budget = None
        deadline = None if budget is None else start + budget
        first = None if budget is None else start + budget * FIRST_WORLD_SHARE
        max_nodes = self.opts["max_nodes"] if limits.nodes is None else min(self.opts["max_nodes"], limits.nodes)
        worlds = 1 if isinstance(view, OpenState) else self.opts["worlds"]
        if limits.iterations is not None and not limits.infinite:
            worlds = min(worlds, limits.iterations)
        seed = int(self.rng.below(1 << 30))
        exact = self.opts["exact"] and not isinstance(view, OpenState)
        try:
            try:
                sol = solve_view(view, seat, worlds, seed, max_nodes=max_nodes, stop=stop, solver=self.solver,
                                 deadline=deadline, first_deadline=first, distinct=self.opts["distinct"],
                                 exact=exact, limit=self.opts["exact_limit"], moves=limits.searchmoves)
            except WorldsUnavailable:  # no exact information set here: the sampled worlds
                sol = solve_view(view, seat, worlds, seed, max_nodes=max_nodes, stop=stop, solver=self.solver,
                                 deadline=deadline, first_deadline=first, distinct=self.opts["distinct"],
                                 moves=limits.searchmoves)
        except SolverLimit as exc:
            return self._unsolved(view, seat, limits, on_info, stop, start, deadline, exc, max_nodes)
        info = solved_info(sol, time.perf_counter() - start, sol.pv)
        if on_info is not None:
            on_info(info)
        return info

    def _unsolved(self, view, seat, limits, on_info, stop, start, deadline, exc, max_nodes) -> SearchInfo:
        """No world solved in time: search with what is left, or answer the best so far."""
        used = getattr(exc, "nodes", 0)
        partial = getattr(exc, "partial", {}) or {}
        now = time.perf_counter()
        left = None if deadline is None else deadline - now
        if stop.is_set() or (left is not None and left <= 0.002) or (limits.nodes is not None and used >= limits.nodes):
            if partial:
                best = max(sorted(partial), key=lambda m: partial[m][seat])
            else:
                moves = root_moves(view, seat, limits)
                best = max(moves, key=lambda m: view.game.heuristic(view, seat, m))
            return SearchInfo(nodes=used, elapsed=now - start, best=best,
                              moves=[MoveStat(m, 0, v) for m, v in sorted(partial.items())])
        from search.ismcts import IsmctsPlayer

        # what is left of the limits (the deadline already holds the clock's share), not the
        # world count (one world is no measure of ISMCTS iterations); the rest as given: the
        # report interval and MultiPV are the frontend's, not the solver's
        rest = replace(limits, movetime=left, clock=None, increment=None, iterations=self.fallback_cap,
                       nodes=None if limits.nodes is None else max(1, limits.nodes - used))
        fallback = IsmctsPlayer(seed=int(self.rng.below(1 << 30)), reward=self.opts["reward"])
        # debug mode: a second line, the fallback's
        self.say_settings(view.game.name, rest, runner=fallback, players=view.players)
        return fallback.search(view, seat, rest, on_info, stop)


register_player(SolverPlayer)
