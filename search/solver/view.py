"""Solving a seat's view: perfect-information Monte Carlo over determinizations.

A seat sees a view, not a state.  :func:`solve_view` solves ``worlds``
full states sampled from the view (``State.determinize``: the seat's own
view only, never the hidden truth) and averages each move's value.  This is
*not* the value of the information set: each world is solved as if the
hidden cards were known from then on (strategy fusion), so the result
reports how far the worlds agree -- ``agree`` (worlds whose own best move is
the chosen one) and ``spread`` (each move's lowest and highest value).

With ``exact=True`` the worlds are every world of the view with its exact
probability (:mod:`search.solver.worlds`), and the move is chosen for the
whole information set.

With ``distinct=True`` the worlds are not a fixed number of samples but
the distinct worlds the view's determinizations reach
(:func:`enumerate_worlds`), each solved once and weighted by its share of
the draws.  Where the hidden part is small this finds every world; it is
still not the exact value of the information set: the weights are
estimated, and each world is still solved with its cards known.
"""
from __future__ import annotations

import threading
import time
from typing import Optional

from engine.core import DEALER, State, make_rng
from engine.errors import BadConfig
from search.api import SearchError
from search.solver.exact import SolverLimit
from search.solver.solve import Solution, Solver


def enumerate_worlds(view: State, seat: int, seed: int = 0, draws: int = 4000, patience: int = 300,
                     cap: int = 64) -> tuple[list[tuple[State, float]], bool]:
    """The distinct full states among determinizations of ``seat``'s view, each with its share
    of the draws, most frequent first, and whether the search saturated.

    Draws stop once ``patience`` draws in a row bring no new world (``complete`` True: every
    world was probably found), or after ``draws`` draws or past ``cap`` worlds (False).
    Worlds differing only in the dealer seed are one world.
    """
    rng = make_rng(seed)
    counts: dict[bytes, int] = {}
    first: dict[bytes, State] = {}
    quiet = total = 0
    while total < draws and len(counts) <= cap:
        w = view.determinize(seat, rng)
        w.buf[DEALER] = 0
        key = w.buf.tobytes()
        total += 1
        if key in counts:
            counts[key] += 1
            quiet += 1
            if quiet >= patience:
                break
        else:
            counts[key], first[key], quiet = 1, w, 0
    complete = quiet >= patience
    found = sorted(counts.items(), key=lambda kv: -kv[1])[:cap]
    return [(first[k], c / total) for k, c in found], complete


def solve_view(view: State, seat: int, worlds: int = 8, seed: int = 0, reward: str = "win",
               max_nodes: int = 200_000, stop: Optional[threading.Event] = None,
               solver: Optional[Solver] = None, deadline: Optional[float] = None,
               first_deadline: Optional[float] = None, distinct: bool = False, exact: bool = False,
               limit: int = 256, moves: Optional[list[int]] = None) -> Solution:
    """Average the exact move values of ``seat`` over ``worlds`` determinizations of its view.

    ``max_nodes`` and ``deadline`` bound all the worlds together.  When a
    limit or ``stop`` ends the work after at least one world, the worlds
    solved so far are averaged (``Solution.worlds`` says how many);
    before the first (which ``first_deadline`` may bound sooner),
    :class:`SolverLimit` is raised.  ``moves`` (``searchmoves``): the only
    moves of ``seat`` solved at the root.

    ``exact=True``: the information set instead of samples -- every world
    consistent with the view with its probability
    (:func:`search.solver.worlds.worlds`; refused with
    :class:`~search.solver.worlds.WorldsUnavailable` past ``limit`` worlds or
    for a game without an enumerator).  The seat then picks one move for the
    whole information set: a move's value is the probability-weighted mean of
    its solved value over the worlds, so there is no strategy fusion at the
    root; below it each world is still solved with its cards known (the
    seat's later decisions and the other seats' use the world's hidden cards:
    perfect-information Monte Carlo below the root).  All the worlds must be
    solved: a limit reached before the last raises :class:`SolverLimit`.
    """
    if seat not in view.to_move():
        raise SearchError(f"seat {seat} is not to move")
    solver = solver or Solver(reward, max_nodes=max_nodes)
    if not solver.move_values:  # the worlds are averaged move by move
        raise BadConfig("a view needs every move's value (a solver with move_values=False, "
                        "--best-only, solves full states only)")
    start = time.perf_counter()
    rng = make_rng(seed)
    per_world: list[Solution] = []
    nodes = 0
    complete = None
    if exact:
        from search.solver.worlds import worlds as info_set

        listing_until = first_deadline if first_deadline is not None else deadline
        found, complete = info_set(view, seat, limit, deadline=listing_until), True
        samples = [w for w, _ in found]
        weights = [p for _, p in found]
    elif distinct:
        found, complete = enumerate_worlds(view, seat, seed, cap=max(worlds, 1))
        samples = [w for w, _ in found]
        weights = [p for _, p in found]
    else:
        samples = [view.determinize(seat, rng) for _ in range(worlds)]  # the seat's view only
        weights = [1.0] * worlds
    for world in samples:
        if max_nodes - nodes < 1:  # spent by the worlds before: as the budget running out in one
            if not per_world or exact:
                exc = SolverLimit(f"the position needs more than {max_nodes} nodes to solve")
                exc.nodes = nodes
                raise exc
            break
        try:
            until = first_deadline if not per_world and first_deadline is not None else deadline
            sol = solver.solve(world, seat=seat, stop=stop, deadline=until, max_nodes=max_nodes - nodes,
                               moves=moves)
        except SolverLimit as exc:
            if not per_world or exact:  # an information set is all its worlds or nothing
                exc.nodes = nodes + getattr(exc, "nodes", 0)
                raise
            break
        nodes += sol.nodes
        per_world.append(sol)
        if nodes >= max_nodes and not (exact and len(per_world) < len(samples)):
            break
    out = combine(per_world, seat, view.players, weights[:len(per_world)])
    out.nodes, out.elapsed = nodes, time.perf_counter() - start
    out.complete = complete if len(per_world) == len(samples) else False
    out.info_set = exact
    return out


def combine(sols: list[Solution], seat: int, players: int,
            weights: Optional[list[float]] = None) -> Solution:
    """The (weighted) mean of per-world solutions, with agreement and spread."""
    n = len(sols)
    w = weights if weights is not None else [1.0] * n
    total = sum(w)
    w = [x / total for x in w]
    moves = sorted(sols[0].values)
    values = {m: [sum(wk * s.values[m][i] for wk, s in zip(w, sols)) for i in range(players)] for m in moves}
    best = moves[0]
    for m in moves[1:]:
        if values[m][seat] > values[best][seat]:
            best = m
    # the seat plays one move in every world: the view's value is that move's mean; the mean of
    # each world's own best is what a seat seeing the hidden cards would get (kept apart)
    clairvoyant = [sum(wk * s.value[i] for wk, s in zip(w, sols)) for i in range(players)]
    value = list(values[best])
    spread = {m: (min(s.values[m][seat] for s in sols), max(s.values[m][seat] for s in sols)) for m in moves}
    best_in = {m: sum(1 for s in sols if s.values[s.best][seat] <= s.values[m][seat] + 1e-12) for m in moves}
    out = Solution(value, seat, values, best, fallback=any(s.fallback for s in sols),
                   pv=sols[0].pv if n == 1 else [], movers=sols[0].movers, worlds=n, spread=spread,
                   best_in=best_in, clairvoyant=clairvoyant)
    out.paranoid, out.best_reply = sols[0].paranoid, sols[0].best_reply  # what each world's value is
    return out
