"""The ``solver`` player: exact values over determinizations, within every limit.

Limits: ``movetime`` and ``clock``/``increment`` (through
:func:`search.timeman.move_budget`) give a deadline; ``nodes`` caps the
solver's nodes (with ``max_nodes``); ``iterations`` caps the worlds (one
iteration = one solved world); ``infinite`` runs until ``stop``.  The first
world may use half the time: if it is not solved by then, ISMCTS searches
under the rest of the limits, so the player always answers in time.  A
``stop`` answers the best move so far: the mean over the worlds solved, or
else the best of the root moves already solved exactly, or else the game
heuristic's choice.  ``searchmoves``: only those root moves are solved (and
searched by the fallback).
"""
from __future__ import annotations

import time
from typing import Optional

from engine.errors import BadConfig
from search.api import Limits, MoveStat, OpenState, Player, SearchInfo, register_player, root_moves
from search.solver.exact import SolverLimit
from search.solver.solve import MAX_NODES, REWARDS, Solver
from search.solver.table import MAX_MB, MIN_MB
from search.solver.view import solve_view
from search.timeman import move_budget

SOLVER_SPEC = {"worlds": 8, "max_nodes": 200_000, "reward": "win", "memory": 64}
FIRST_WORLD_SHARE = 0.5


class SolverPlayer(Player):
    """Plays the best average exact value over ``worlds`` determinizations."""

    name = "solver"
    options = dict(SOLVER_SPEC)
    option_meta = {"worlds": {"min": 1, "max": 10_000}, "max_nodes": {"min": 1, "max": MAX_NODES},
                   "memory": {"min": MIN_MB, "max": MAX_MB}, "reward": {"choices": REWARDS}}

    def __init__(self, seed: Optional[int] = None, **options) -> None:
        super().__init__(seed, **options)
        opts = dict(SOLVER_SPEC, **options)
        try:
            opts["worlds"], opts["max_nodes"] = int(opts["worlds"]), int(opts["max_nodes"])
            opts["memory"] = int(opts["memory"])
        except (TypeError, ValueError):
            raise BadConfig("solver options worlds, max_nodes and memory must be integers") from None
        if not 1 <= opts["worlds"] <= 10_000 or not 1 <= opts["max_nodes"] <= MAX_NODES:
            raise BadConfig(f"solver: worlds must be in [1, 10000], max_nodes in [1, {MAX_NODES}]")
        if not MIN_MB <= opts["memory"] <= MAX_MB:
            raise BadConfig(f"solver: memory must be in [{MIN_MB}, {MAX_MB}] MB")
        if opts["reward"] not in REWARDS:
            raise BadConfig("solver option reward must be win, rank or score")
        self.opts = opts
        self.solver = Solver(opts["reward"], opts["memory"], opts["max_nodes"])

    def new_game(self) -> None:
        self.solver = Solver(self.opts["reward"], self.opts["memory"], self.opts["max_nodes"])

    def search(self, view, seat, limits, on_info, stop) -> SearchInfo:
        start = time.perf_counter()
        budget = None
        if limits.movetime is not None:
            budget = limits.movetime
        if limits.clock is not None:
            inc = limits.increment[seat] if limits.increment else 0.0
            t = move_budget(limits.clock[seat], inc)
            budget = t if budget is None else min(budget, t)
        if limits.infinite:
            budget = None
        deadline = None if budget is None else start + budget
        first = None if budget is None else start + budget * FIRST_WORLD_SHARE
        max_nodes = self.opts["max_nodes"] if limits.nodes is None else min(self.opts["max_nodes"], limits.nodes)
        worlds = 1 if isinstance(view, OpenState) else self.opts["worlds"]
        if limits.iterations is not None and not limits.infinite:
            worlds = min(worlds, limits.iterations)
        try:
            sol = solve_view(view, seat, worlds, int(self.rng.below(1 << 30)), max_nodes=max_nodes,
                             stop=stop, solver=self.solver, deadline=deadline, first_deadline=first,
                             moves=limits.searchmoves)
        except SolverLimit as exc:
            return self._unsolved(view, seat, limits, on_info, stop, start, deadline, exc, max_nodes)
        info = SearchInfo(iterations=sol.worlds, nodes=sol.nodes, elapsed=time.perf_counter() - start,
                          best=sol.best, pv=sol.pv,
                          moves=[MoveStat(m, sol.worlds, v) for m, v in sol.values.items()])
        info.ips = info.nodes / info.elapsed if info.elapsed > 0 else 0.0
        if on_info is not None:
            on_info(info)
        return info

    def _unsolved(self, view, seat, limits, on_info, stop, start, deadline, exc, max_nodes) -> SearchInfo:
        """No world solved in time: search with what is left, or answer the best so far."""
        used = getattr(exc, "nodes", 0)
        partial = getattr(exc, "partial", {}) or {}
        now = time.perf_counter()
        left = None if deadline is None else deadline - now
        if stop.is_set() or (left is not None and left <= 0.002) or used >= max_nodes and limits.nodes:
            if partial:
                best = max(sorted(partial), key=lambda m: partial[m][seat])
            else:
                moves = root_moves(view, seat, limits)
                best = max(moves, key=lambda m: view.game.heuristic(view, seat, m))
            return SearchInfo(nodes=used, elapsed=now - start, best=best,
                              moves=[MoveStat(m, 0, v) for m, v in sorted(partial.items())])
        from search.ismcts import IsmctsPlayer

        rest = Limits(iterations=limits.iterations, infinite=limits.infinite,
                      movetime=None if left is None else left,
                      nodes=None if limits.nodes is None else max(1, limits.nodes - used),
                      searchmoves=limits.searchmoves)
        fallback = IsmctsPlayer(seed=int(self.rng.below(1 << 30)), reward=self.opts["reward"])
        return fallback.search(view, seat, rest, on_info, stop)


register_player(SolverPlayer)
