"""Exact endgames inside the ISMCTS player: its ``endgame`` options.

Near the end of a game the solver (:mod:`search.solver`) can value a
position exactly where a tree search only samples it.  With ``endgame`` D > 0
an ISMCTS decision first asks whether the game is within reach: one random
playout of a world drawn from the seat's view (:func:`within`), stopped after
D seat decisions (every seat's move counts, chance does not).  If that
playout ended, the seat's view is solved over ``endgame_worlds`` worlds drawn
from it (:func:`search.solver.view.solve_view`: perfect-information Monte
Carlo with exact values, win shares) within ``endgame_nodes`` solver nodes
and, under a time limit, ``endgame_share`` of the move's time.  The move with
the best mean value over the worlds is played when

* every world was solved in time (else the worlds solved are dropped), and
* it wins something in some world (a seat that loses in every world, whatever
  it plays, leaves the choice to the tree search, whose samples of the other
  seats' play are not perfect: a proven loss against perfect replies is not
  a lost game).

Otherwise the tree search runs as without the option, in the time and node
visits left (under a ``nodes`` limit the solver's nodes count against it).  Not under ``infinite`` (an analysis runs until ``stop``).

The playout is the gate because a solve that does not finish costs its whole
budget, and a playout is cheap (0.13-0.38 ms from a first decision, means of 100, session 45)
and close: these games last nearly
the same number of decisions whatever is played (random games of The Walled
City 2p: 180 each; City and Guilds 3p 126; Guildes 6p 198), so a random
playout's length estimates any line's.

>>> import engine
>>> from engine.core import make_rng
>>> s = engine.make("walled_city", 2, seed=3)
>>> within(s, 0, 500, make_rng(1)), within(s, 0, 5, make_rng(1))
(True, False)
"""
from __future__ import annotations

import threading
from typing import Any, Optional

from engine.core import State, make_rng
from search.api import SearchInfo
from search.playout import random_playout


def within(view: State, seat: int, decisions: int, rng: Any) -> bool:
    """Whether a random playout of one world drawn from ``seat``'s view ends within
    ``decisions`` seat decisions (each seat's move at a simultaneous step counts one)."""
    return random_playout(view, seat, rng, cap=decisions)[0] is not None


def solve_endgame(view: State, seat: int, o: dict, seed: int, solver: Any, deadline: Optional[float],
                  stop: threading.Event, moves: Optional[list[int]] = None,
                  nodes: Optional[int] = None) -> tuple[Any, int]:
    """The solved view (a :class:`search.solver.Solution`) that decides ``seat``'s move under
    the ISMCTS options ``o``, or None (not within reach; not solved in every world by
    ``deadline`` within ``o["endgame_nodes"]`` and the search's ``nodes`` limit, which the
    solver's nodes count against; or lost in every world), and the solver nodes spent."""
    from search.solver.exact import SolverLimit
    from search.solver.view import solve_view

    rng = make_rng(seed)
    if not within(view, seat, o["endgame"], rng):
        return None, 0
    worlds = o["endgame_worlds"]
    cap = o["endgame_nodes"] if nodes is None else min(o["endgame_nodes"], nodes)
    try:
        sol = solve_view(view, seat, worlds, seed, max_nodes=cap, stop=stop, solver=solver,
                         deadline=deadline, moves=moves)
    except SolverLimit as exc:
        return None, getattr(exc, "nodes", 0)
    if sol.worlds < worlds or sol.values[sol.best][seat] <= 0.0:
        return None, sol.nodes
    return sol, sol.nodes


def endgame_deadline(start: float, deadline: Optional[float], share: float) -> Optional[float]:
    """The solver's share of a move's time (None: no time limit)."""
    return None if deadline is None else start + (deadline - start) * share


def endgame_info(sol: Any, seat: int, elapsed: float) -> SearchInfo:
    """The search report of a solved endgame, as the solver player's but for each move's visits:
    the worlds where it was as good as their best, a tree search's measure of preference (what a
    skill level's draw weighs), not the worlds it was solved in (all of them)."""
    from search.solver.player import solved_info

    return solved_info(sol, elapsed, sol.pv or [(seat, sol.best)])
