"""Clock-based time management: how much of a seat's clock one move may use.

Policy: spread what is left over the seat's decisions still to come, plus a
spare two, and add 3/4 of the increment; never more than half of what is left,
and keep a 50 ms reserve for overhead (protocol, move output).  The decisions
to come are counted in random playouts of worlds drawn from the seat's view
(:func:`seat_moves_left`): these games last a number of decisions that hardly
depends on the play (The Walled City 2p: 90 a seat; City and Guilds 4p about
32), so a playout counts them closely, and an even spread keeps time for the
last decisions, where a fixed share (``remaining / 20`` a move, the policy
before) left under 5% of the clock for the last 30 of The Walled City's 90.
Without a view, or with under 2 s left (a playout costs 3-6 ms compiled, ten
times that interpreted), the fixed share (:data:`MOVES_AHEAD`) remains.

>>> round(move_budget(60.0, 0.0), 3)
3.0
>>> round(move_budget(60.0, 0.0, moves_left=28), 3)
2.0
>>> round(move_budget(1.0, 2.0), 3)
0.475
>>> move_budget(0.0, 0.0)
0.001
"""
from __future__ import annotations

from typing import Optional

from engine.core import State, make_rng
from search.playout import random_playout

MOVES_AHEAD = 20  # the decisions assumed to come when they are not counted
SPARE = 2  # decisions added to the count: the playouts' count may fall short
RESERVE = 0.05
MIN_BUDGET = 0.001
PLAYOUTS = 1  # the counts of one view's playouts differ by 1-4 decisions in 50-90 (SPARE covers it)
COUNT_FROM = 2.0  # seconds left from which the decisions to come are counted


def move_budget(remaining: float, increment: float = 0.0, moves_left: Optional[int] = None,
                weight: float = 1.0) -> float:
    """Seconds this move may use with ``remaining`` on the clock, ``increment`` per move and
    ``moves_left`` decisions of the seat to come, this one included (unknown: ``MOVES_AHEAD``).
    ``weight`` scales a counted share (2: a move's time falling linearly with the decisions
    to come, ``bench/clock_match.py``'s ``taper``; the policy is 1)."""
    usable = max(0.0, remaining - RESERVE)
    ahead = MOVES_AHEAD if moves_left is None else (max(1, moves_left) + SPARE) / weight
    t = remaining / ahead + 0.75 * increment
    return max(MIN_BUDGET, min(t, usable / 2))


def clock_budget(remaining: float, increment: float = 0.0, view: Optional[State] = None, seat: int = 0,
                 weight: float = 1.0) -> float:
    """:func:`move_budget` for ``seat`` with its decisions to come counted on ``view`` (see
    the module)."""
    left = seat_moves_left(view, seat) if view is not None and remaining >= COUNT_FROM else None
    return move_budget(remaining, increment, left, weight)


def seat_moves_left(view: State, seat: int, playouts: int = PLAYOUTS, seed: int = 0) -> int:
    """``seat``'s decisions from here to the end, this one included: the median over
    ``playouts`` uniformly random playouts of worlds drawn from its view (what the seat
    sees, nothing more; a fixed seed, so a view always gets the same count).

    >>> import engine
    >>> from engine.perft import play_to_decision
    >>> s = play_to_decision(engine.make("walled_city", 2, seed=3), 1)
    >>> seat_moves_left(s.observe(0), 0)  # a seat makes 90 decisions in a 2-player game
    92
    """
    rng = make_rng(seed)
    counts = [random_playout(view, seat, rng)[1] for _ in range(playouts)]
    return sorted(counts)[len(counts) // 2]
