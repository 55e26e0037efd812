"""Endgame solver: the exact value of a position, for any registered game.

* :func:`solve` / :meth:`Solver.solve` -- a full state, searched to the end
  of the game (rules of the search in :mod:`search.solver.exact`), within a
  node budget, a time limit and a table of fixed size (``memory`` MB).
* :func:`solve_view` -- a seat's view: determinizations averaged, with how
  far they agree, or its distinct worlds weighted (:mod:`search.solver.view`).
* ``paranoid=True`` -- three or more seats: the asking seat against a
  coalition of the others, a lower bound (:mod:`search.solver.paranoid`).
* ``best_reply=True`` -- three or more seats: one opponent replies between two
  of the asking seat's moves, the others play greedily (:mod:`search.solver.best_reply`).
* ``solve_view(..., exact=True)`` -- every world of the view's information set with
  its probability, where the game's enumerator covers it (:mod:`search.solver.worlds`).
* The ``solver`` player (:mod:`search.solver.player`) -- plays the best
  average within every search limit.

>>> import engine
>>> from engine.perft import play_to_decision
>>> s = play_to_decision(engine.make("guildes", players=3, seed=1), 1)
>>> while not (s.buf[s.game.layout["phase"]] == 3 and s.buf[s.game.layout["step"]] == 7
...            and s.buf[s.game.layout["round"]] == 2):
...     m = s.to_move()
...     s.apply(m[0], s.sample_chance() if m == (-1,) else s.legal_moves(m[0])[0])
>>> sol = solve(s)
>>> sorted(sol.values) == sorted(s.legal_moves(s.to_move()[0]))
True
>>> solve(s, seat=2).value == sol.value   # the same equilibrium whoever asks
True
"""
from search.solver.player import SOLVER_SPEC, SolverPlayer
from search.solver.exact import SolverLimit
from search.solver.solve import Solution, Solver, solve
from search.solver.view import solve_view

__all__ = ["SOLVER_SPEC", "Solution", "Solver", "SolverLimit", "SolverPlayer", "solve", "solve_view"]
