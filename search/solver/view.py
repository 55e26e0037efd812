"""Solving a seat's view: perfect-information Monte Carlo over determinizations.

A seat sees a view, not a state.  :func:`solve_view` solves ``worlds``
full states sampled from the view (``State.determinize``: the seat's own
view only, never the hidden truth) and averages each move's value.  This is
*not* the value of the information set: each world is solved as if the
hidden cards were known from then on (strategy fusion), so the result
reports how far the worlds agree -- ``agree`` (worlds whose own best move is
the chosen one) and ``spread`` (each move's lowest and highest value).
"""
from __future__ import annotations

import threading
import time
from typing import Optional

from engine.core import State, make_rng
from search.api import SearchError
from search.solver.exact import SolverLimit
from search.solver.solve import Solution, Solver


def solve_view(view: State, seat: int, worlds: int = 8, seed: int = 0, reward: str = "win",
               max_nodes: int = 200_000, stop: Optional[threading.Event] = None,
               solver: Optional[Solver] = None, deadline: Optional[float] = None,
               first_deadline: Optional[float] = None) -> Solution:
    """Average the exact move values of ``seat`` over ``worlds`` determinizations of its view.

    ``max_nodes`` and ``deadline`` bound all the worlds together.  When a
    limit or ``stop`` ends the work after at least one world, the worlds
    solved so far are averaged (``Solution.worlds`` says how many);
    before the first (which ``first_deadline`` may bound sooner),
    :class:`SolverLimit` is raised.
    """
    if seat not in view.to_move():
        raise SearchError(f"seat {seat} is not to move")
    solver = solver or Solver(reward, max_nodes=max_nodes)
    start = time.perf_counter()
    rng = make_rng(seed)
    per_world: list[Solution] = []
    nodes = 0
    for _ in range(worlds):
        world = view.determinize(seat, rng)  # an OpenState (omniscient analysis) returns itself
        try:
            limit = first_deadline if not per_world and first_deadline is not None else deadline
            sol = solver.solve(world, seat=seat, stop=stop, deadline=limit, max_nodes=max_nodes - nodes)
        except SolverLimit as exc:
            if not per_world:
                exc.nodes = nodes + getattr(exc, "nodes", 0)
                raise
            break
        nodes += sol.nodes
        per_world.append(sol)
        if nodes >= max_nodes:
            break
    out = combine(per_world, seat, view.players)
    out.nodes, out.elapsed = nodes, time.perf_counter() - start
    return out


def combine(sols: list[Solution], seat: int, players: int) -> Solution:
    """The mean of per-world solutions, with agreement and spread."""
    n = len(sols)
    moves = sorted(sols[0].values)
    values = {m: [sum(s.values[m][i] for s in sols) / n for i in range(players)] for m in moves}
    best = moves[0]
    for m in moves[1:]:
        if values[m][seat] > values[best][seat]:
            best = m
    value = [sum(s.value[i] for s in sols) / n for i in range(players)]
    spread = {m: (min(s.values[m][seat] for s in sols), max(s.values[m][seat] for s in sols)) for m in moves}
    agree = sum(1 for s in sols if s.values[s.best][seat] <= s.values[best][seat] + 1e-12)
    return Solution(value, seat, values, best, fallback=any(s.fallback for s in sols),
                    pv=sols[0].pv if n == 1 else [], movers=sols[0].movers, worlds=n, agree=agree,
                    spread=spread)
