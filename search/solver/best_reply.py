"""Best-reply search: an approximation for three or more seats, offered as an option.

Best-Reply Search (Schadd & Winands 2011) searches the asking seat (``me``)
against the opponents as one side, but between two of ``me``'s decisions
only *one* opponent makes a move -- the one whose reply hurts ``me`` most --
and the others pass.  Our games have no pass (the rules fix whose turn it
is), so this is the BRS+ form (Esser et al. 2013): the others play a
fixed policy move instead, here the engine's greedy move (the highest
``game.heuristic``, ties to the lowest move), so every position searched is
a legal one.

Precisely, a *segment* is the run of opponent decisions (chance included)
between two decisions of ``me``.  In each segment the opponents' side picks
at most one *replier* seat, at its first decision in the segment or
later: the replier minimises ``me``'s reward at each of its decisions in
the segment, every other opponent plays its greedy move; ``me`` maximises;
chance is averaged.  A simultaneous step is taken as in the paranoid search:
``me`` first, then the others in seat order, each knowing the earlier
choices.  The value is two-sided and zero-sum on ``me``'s reward, so
alpha-beta with Star1 applies, and the replier so far is kept in the
buffer's dealer word (never read by a kernel) so that the table tells the
cases apart.

What it gives: with two seats, the exact value (the one opponent always
replies); with more, a value between the paranoid one (every opponent
minimising, a lower bound of the max^n value) and ``me``'s best reward if
everyone helped it -- the coalition's choices are a subset of the paranoid
coalition's.  It is neither a lower nor an upper bound of the max^n value:
a greedy opponent may help ``me`` (too high) or, unlike a real player, not
play for itself.  Its point is realism at a paranoid search's cost: a
single opponent is adversarial at a time, as in Schadd & Winands.  The
value vector holds only ``me``'s reward; the other entries are NaN.
"""
from __future__ import annotations

import numpy as np

from engine.core import DEALER, State
from search.solver.exact import EPS
from search.solver.paranoid import Paranoid

NONE = 0  # no replier yet in this segment (else replier seat + 1)


class BestReply(Paranoid):
    """Alpha-beta on ``me``'s reward against one replying opponent per segment."""

    def key(self, buf: np.ndarray):
        """The whole buffer's key: the replier kept in the dealer word is part of the position
        here, and a kernel's free words (:meth:`Search.key`) might not keep it."""
        return self.tt.key(buf)

    def policy(self, buf: np.ndarray, seat: int, moves: list[int]) -> int:
        """A non-replying opponent's move: the greedy player's (highest heuristic, lowest move)."""
        state = State(self.game, buf)
        best, bv = moves[0], None
        for m in moves:
            v = self.game.heuristic(state, seat, m)
            if bv is None or v > bv:
                best, bv = m, v
        return best

    def turn(self, buf: np.ndarray, seat: int, moves: list[int], alpha: float, beta: float) -> float:
        """``seat``'s decision in its segment (chance nodes keep the replier: the segment goes on)."""
        replier = int(buf[DEALER])
        if seat == self.me:
            return self.side(_with(buf, NONE), seat, moves, True, alpha, beta, sure=True)
        if replier == seat + 1 or (replier == NONE and self.game.players == 2):
            return self.side(_with(buf, seat + 1), seat, moves, False, alpha, beta, sure=True)
        if replier != NONE:
            return self.ab(self.child(buf, seat, self.policy(buf, seat, moves)), alpha, beta)
        # this seat replies (from now on in the segment), or plays greedily and waits
        v = self.side(_with(buf, seat + 1), seat, moves, False, alpha, beta, sure=True)
        if v > alpha:
            v = min(v, self.ab(self.child(buf, seat, self.policy(buf, seat, moves)), alpha, min(beta, v)))
        return v

    def pv_step(self, buf: np.ndarray, seat: int) -> tuple[int, np.ndarray]:
        """The move ``seat`` makes here in this model, as :meth:`turn` values it: the asking
        seat's best, the replier's worst for it, a waiting opponent's greedy move; with no
        replier yet, this seat replies unless its greedy move is worth less to the asking
        seat (ties: it replies, as :meth:`turn` takes the reply first)."""
        replier = int(buf[DEALER])
        moves = self.legal(buf, seat)
        if seat == self.me:
            return self.extreme(_with(buf, NONE), seat, moves, True)
        if replier == seat + 1 or (replier == NONE and self.game.players == 2):
            return self.extreme(_with(buf, seat + 1), seat, moves, False)
        greedy = self.policy(buf, seat, moves)
        if replier != NONE:
            return greedy, self.child(buf, seat, greedy)
        m, c = self.extreme(_with(buf, seat + 1), seat, moves, False)
        g = self.child(buf, seat, greedy)
        if self.ab(g, 0.0, 1.0) < self.ab(c, 0.0, 1.0) - EPS:
            return greedy, g
        return m, c


def _with(buf: np.ndarray, replier: int) -> np.ndarray:
    if int(buf[DEALER]) == replier:
        return buf
    b = buf.copy()
    b[DEALER] = replier
    return b
