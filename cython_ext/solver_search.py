"""The endgame solver's search loop over one game kernel.

Not a game kernel: the loop of :mod:`search.solver`, compiled so that a node
costs kernel calls and a table probe, not Python.  The rules of the search
are those of ``search/solver/exact.py`` (its module docstring), which stays
the readable reference and the fallback; this loop gives the same values,
the same equilibria and, with the same table, the same node counts
(``tests/search/test_solver_loop.py`` compares them):

* chance: the expectation over the kernel's outcomes, in the kernel's order;
* one seat to move (max^n): its legal moves ascending, the highest own
  reward, ties to the lowest move; a reward of ``top`` (1 with win or rank)
  ends the seat's search, and with win shares (``forced_top``) moves are
  tried in history-heuristic order;
* two seats, constant-sum (``zero_sum``): alpha-beta on seat 0's value,
  fail-soft, Star1 at chance nodes, bounds in the table, history order;
  a terminal that does not sum to 1 raises :class:`NotZeroSum`;
* the paranoid search (``paranoid``, ``me``): the same alpha-beta on seat
  ``me``'s reward, every other seat minimising it, a simultaneous step taken
  one seat at a time (``me`` first, then the others ascending), a move at a
  reward of 1 (or 0 for the others) ending its node, one move or outcome
  searched where the bounds settle ``me``'s reward (``search/solver/paranoid.py``);
* a simultaneous step: the first pure Nash equilibrium in lexicographic
  order of the joint choices (seats ascending, each seat's moves
  ascending), found lazily: each candidate is tested by its deviations,
  those already valued first; with none, each seat's best reply to the
  others choosing uniformly at random (``fallback`` set).

Three layers, one module each: the rows, their keys and children, the node
budget (:mod:`cython_ext.solver_rows`, storage and limits in its docstring);
the values of chance, max^n and alpha-beta nodes (:mod:`cython_ext.solver_descent`);
here the simultaneous steps and the Python entries, in :class:`Searcher`, the
class the solver makes.  ``Limit``, ``NotZeroSum`` and the reward modes are
read from here (search/solver/loop.py).
"""
import os

try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from cython_ext.shim import enum_constants

from .solver_descent import SolverDescent
from .solver_rows import Limit, NotZeroSum  # noqa: F401  (read from here by search/solver/loop.py)

# the constants are declared in solver_rows.pxd; the solver and the tests read them from here
globals().update(enum_constants(os.path.join(os.path.dirname(__file__), "solver_rows.py")))

if not cython.compiled:
    from .solver_rows import EPS


@cython.cclass
class Searcher(SolverDescent):
    """One search over ``kernel`` filling ``table`` (the arguments: :class:`cython_ext.solver_rows.SolverRows`)."""

    # -- simultaneous steps ------------------------------------------------------------------
    def _simultaneous(self, d, nmov):
        """Value of the simultaneous step at row ``d`` into ``vals[d]``, its joint choice (index
        in lexicographic order) into ``pick[d]``."""
        i: cython.int
        j: cython.int
        nj: cython.longlong = 1
        c: cython.longlong
        kb: cython.longlong
        vb: cython.longlong
        n: cython.int = self.n
        base: cython.int = self.mtop
        off: cython.int
        for i in range(nmov):
            off = self._room()
            self.optoff[d, i] = off
            self.nopt[d, i] = self._sorted_legal(d, self.mov[d, i], self.ms[off:off + self.mm])
            self.mtop = off + self.nopt[d, i]
        for i in range(nmov - 1, -1, -1):  # the first seat's digit is the most significant
            self.stride[d, i] = nj
            nj *= self.nopt[d, i]
            if nj > MAX_JOINT:
                self._raise(4)  # calls Python: the exception
        kb = self.ktop
        vb = self.atop
        if kb + nj > self.known.shape[0] or vb + nj * n > self.arena.shape[0]:
            self._grow_arena(kb + nj, vb + nj * n)  # calls Python: numpy allocates (rare)
        for c in range(kb, kb + nj):
            self.known[c] = 0
        self.ktop = kb + nj
        self.atop = vb + nj * n
        for c in range(nj):
            self._joint(d, nmov, c, kb, vb)
            if self._refuted(d, nmov, c, kb, vb):
                continue
            for j in range(n):
                self.vals[d, j] = self.arena[vb + c * n + j]
            self.pick[d] = c
            self.ktop = kb
            self.atop = vb
            self.mtop = base
            self.step_fallback = False  # this step's own status (the last step to finish sets it)
            return 0
        self.fallback = True
        self._fallback(d, nmov, nj, kb, vb)
        self.step_fallback = True
        self.ktop = kb
        self.atop = vb
        self.mtop = base
        return 0

    @cython.final
    def _joint(self, d, nmov, c, kb, vb):
        """Value joint choice ``c`` into the arena, unless it is known."""
        j: cython.int
        if self.known[kb + c]:
            return 0
        self._joint_child(d, nmov, c)
        self._value(d + 1)
        for j in range(self.n):
            self.arena[vb + c * self.n + j] = self.vals[d + 1, j]
        self.known[kb + c] = 1
        return 0

    @cython.final
    def _refuted(self, d, nmov, c, kb, vb):
        """Whether some seat gains by changing only its part of ``c``: deviations already valued
        first, then the others in order (which deviation refutes does not change the answer)."""
        i: cython.int
        seat: cython.int
        a: cython.longlong
        digit: cython.longlong
        st: cython.longlong
        dev: cython.longlong
        vs: cython.double
        second: cython.int
        n: cython.int = self.n
        for second in range(2):
            for i in range(nmov):
                seat = self.mov[d, i]
                vs = self.arena[vb + c * n + seat]
                if self.has_top and vs >= self.top - EPS:
                    continue  # nothing beats the highest reward
                if (self.fix[d] >> seat) & 1:
                    continue  # its reward is the same whatever anyone plays
                st = self.stride[d, i]
                digit = (c // st) % self.nopt[d, i]
                for a in range(self.nopt[d, i]):
                    if a == digit:
                        continue
                    dev = c + (a - digit) * st
                    if second and self.zero_sum and not self.known[kb + dev]:
                        # two seats, constant sum: whether the deviation gains is a null-window
                        # test of seat 0's value, not an exact value (cheaper; same answer)
                        if self._gains(d, nmov, dev, seat, self.arena[vb + c * n]):
                            return 1
                        continue
                    if second:
                        self._joint(d, nmov, dev, kb, vb)
                    elif not self.known[kb + dev]:
                        continue
                    if self.arena[vb + dev * n + seat] > vs + EPS:
                        return 1
        return 0

    @cython.final
    def _gains(self, d, nmov, dev, seat, v0):
        """Two seats, constant sum: whether joint choice ``dev`` beats seat 0's value ``v0`` for
        ``seat`` (seat 0: its value above ``v0 + EPS``; seat 1: below ``v0 - EPS``), by a
        fail-soft alpha-beta test with a window just past that threshold."""
        t: cython.double
        self._joint_child(d, nmov, dev)
        if seat == 0:
            t = v0 + EPS
            self._ab(d + 1, t, t + EPS)
            return 1 if self.vals[d + 1, 0] > t else 0
        t = v0 - EPS
        self._ab(d + 1, t - EPS, t)
        return 1 if self.vals[d + 1, 0] < t else 0

    @cython.final
    def _fallback(self, d, nmov, nj, kb, vb):
        """No pure equilibrium: each seat's best reply to the others choosing uniformly at
        random (ties: lowest move); the value of that joint choice."""
        i: cython.int
        j: cython.int
        a: cython.int
        besta: cython.int
        c: cython.longlong
        st: cython.longlong
        pick: cython.longlong = 0
        s: cython.double
        bests: cython.double
        cnt: cython.longlong
        seat: cython.int
        n: cython.int = self.n
        for c in range(nj):
            self._joint(d, nmov, c, kb, vb)
        for i in range(nmov):
            seat = self.mov[d, i]
            st = self.stride[d, i]
            besta = 0
            bests = 0.0
            for a in range(self.nopt[d, i]):
                s = 0.0
                cnt = 0
                for c in range(nj):
                    if (c // st) % self.nopt[d, i] == a:
                        s += self.arena[vb + c * n + seat]
                        cnt += 1
                s = s / cnt
                if a == 0 or s > bests + EPS:
                    besta = a
                    bests = s
            pick += besta * st
        for j in range(n):
            self.vals[d, j] = self.arena[vb + pick * n + j]
        self.pick[d] = pick
        return 0

    # -- Python entries ----------------------------------------------------------------------
    def value(self, buf):
        """The exact value vector of a full-state buffer (a tuple of floats)."""
        j: cython.int
        self.atop = 0
        self.ktop = 0
        self.mtop = 0
        self.bufs_np[0, :] = buf
        self._rehash(0)
        self._value(0)
        return tuple([float(self.vals[0, j]) for j in range(self.n)])

    def window(self, buf, alpha, beta):
        """Seat ``me``'s fail-soft alpha-beta value of ``buf`` within (``alpha``, ``beta``):
        exact inside the window, a bound outside it (two seats at constant sum, ``me`` 0; or
        the paranoid search)."""
        self.atop = 0
        self.ktop = 0
        self.mtop = 0
        self.bufs_np[0, :] = buf
        self._rehash(0)
        self._ab(0, alpha, beta)
        return float(self.vals[0, self.me])

    def simultaneous(self, buf):
        """(value, joint choice) of the simultaneous step at ``buf``: the choice as one move
        per seat to move, seats ascending."""
        i: cython.int
        j: cython.int
        nmov: cython.int
        c: cython.longlong
        self.atop = 0
        self.ktop = 0
        self.mtop = 0
        self.bufs_np[0, :] = buf
        self._rehash(0)
        self.fix[0] = 0
        nmov = self._movers(0)
        self._simultaneous(0, nmov)
        c = self.pick[0]
        choice = tuple([int(self.ms[self.optoff[0, i] + (c // self.stride[0, i]) % self.nopt[0, i]])
                        for i in range(nmov)])
        return tuple([float(self.vals[0, j]) for j in range(self.n)]), choice
