"""Clock-based time management: how much of a seat's clock one move may use.

Policy: spend ``remaining / 20 + 3/4 of the increment``, but never more than
half of what is left, and keep a 50 ms reserve for overhead (protocol, move
output).  Card games here last 20-60 decisions per seat, and a search's
strength grows slowly with time, so an even spread with a safety margin beats
spending a lot early.

>>> round(move_budget(60.0, 0.0), 3)
3.0
>>> round(move_budget(1.0, 2.0), 3)
0.475
>>> move_budget(0.0, 0.0)
0.001
"""
from __future__ import annotations

MOVES_AHEAD = 20
RESERVE = 0.05
MIN_BUDGET = 0.001


def move_budget(remaining: float, increment: float = 0.0) -> float:
    """Seconds this move may use with ``remaining`` on the clock and ``increment`` per move."""
    usable = max(0.0, remaining - RESERVE)
    t = remaining / MOVES_AHEAD + 0.75 * increment
    return max(MIN_BUDGET, min(t, usable / 2))
