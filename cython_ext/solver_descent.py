"""The endgame solver's values: the middle layer of its compiled search loop.

:class:`SolverDescent` values a row (on :class:`cython_ext.solver_rows.SolverRows`,
the rows, keys and children): chance nodes as the expectation over the
kernel's outcomes, one seat to move by max^n, two seats constant-sum by
alpha-beta with Star1, and the paranoid search (one seat against all the others, the same
alpha-beta; ``search/solver/paranoid.py``); a simultaneous step goes to ``_simultaneous``, which
the layer above gives (:class:`cython_ext.solver_search.Searcher`; the rules of
the whole search in its docstring).
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .solver_rows import SolverRows

if not cython.compiled:
    from math import fabs
    from math import nan as NAN

    from .solver_rows import EPS
    from .solver_table import EXACT, LOWER, UPPER


@cython.cclass
class SolverDescent(SolverRows):
    """The values of rows (max^n, alpha-beta, Star1); the simultaneous step is the layer above's."""

    # -- values ----------------------------------------------------------------------------
    def _value(self, d):
        """The value of row ``d`` into ``vals[d]``: exact (max^n, or alpha-beta with two seats
        at constant sum), or seat ``me``'s paranoid value."""
        if self.zero_sum or self.paranoid:
            return self._ab(d, 0.0, 1.0)
        return self._maxn(d)

    @cython.final
    def _maxn(self, d):
        b: cython.ulonglong
        c: cython.ulonglong
        slot: cython.longlong
        start: cython.longlong
        i: cython.int
        j: cython.int
        nmov: cython.int
        nm: cython.int
        seat: cython.int
        m: cython.int
        best: cython.int
        have: cython.bint
        base: cython.int
        p: cython.double
        cv: cython.double
        self._grow(d)
        b = self._key(d)
        c = self.hc
        slot = self.tt.find(b, c)
        if slot >= 0 and self.tt.flag_at(slot) == EXACT:
            for j in range(self.n):
                self.vals[d, j] = self.tt.value_at(slot, j)
            return 0
        self._count()
        start = self.nodes
        base = self.mtop
        nmov = self._movers(d)
        if nmov == 0:
            self._terminal(d)
        elif self._decided(d):
            pass
        elif self.mov[d, 0] == -1:  # chance
            base = self._room()
            nm = self.k.chance(self.bufs[d], self.ms[base:base + self.mm], self.ps[base:base + self.mm])
            if self.same and nm > 1:
                nm = 1  # every outcome leads to the same values: the first, with probability 1
                self.ps[base] = 1.0
            self.mtop = base + nm
            for j in range(self.n):
                self.vals[d, j] = 0.0
            for i in range(nm):
                self._child(d, -1, self.ms[base + i])
                self._maxn(d + 1)
                p = self.ps[base + i]
                for j in range(self.n):
                    self.vals[d, j] = self.vals[d, j] + p * self.vals[d + 1, j]
        elif nmov == 1:
            seat = self.mov[d, 0]
            base = self._room()
            nm = self._sorted_legal(d, seat, self.ms[base:base + self.mm])
            if ((self.fix[d] >> seat) & 1 or self.same) and nm > 1:
                nm = 1  # every move is worth the same to the seat (or to all): ties go to the lowest
            self.mtop = base + nm
            if self.forced_top and nm > 1:
                self._order(seat, self.ms[base:base + nm], nm)
            have = False
            best = -1
            for i in range(nm):
                m = self.ms[base + i]
                self._child(d, seat, m)
                self._maxn(d + 1)
                cv = self.vals[d + 1, seat]
                # the highest value, ties (within EPS: sums of probabilities round) to the lowest
                # move, whatever the search order
                if not have or cv > self.vals[d, seat] + EPS or (cv >= self.vals[d, seat] - EPS and m < best):
                    for j in range(self.n):
                        self.vals[d, j] = self.vals[d + 1, j]
                    best = m
                    have = True
                    if self.has_top and cv >= self.top - EPS:
                        # nothing beats it; with forced_top a tie is the same vector
                        if self.forced_top:
                            self._credit(seat, m)
                        break
        else:
            self._simultaneous(d, nmov)
        self.mtop = base
        self.tt.store(b, c, self.vals[d], self.nodes - start, EXACT)
        return 0

    @cython.final
    def _ab(self, d, alpha, beta):
        """Seat ``me``'s value at row ``d``, fail-soft within (``alpha``, ``beta``), into
        ``vals[d]`` (:meth:`_set_ab`): two seats at constant sum (``me`` 0, seat 1 minimising
        it), or the paranoid search (every other seat minimising it, one seat at a time: at a
        simultaneous step ``me`` first, then the others ascending).  The paranoid search also
        stops at a value no move can beat (1 or 0: its windows may lie past them) and searches
        one move or outcome where the bounds settle ``me``'s reward."""
        b: cython.ulonglong
        c: cython.ulonglong
        slot: cython.longlong
        start: cython.longlong
        i: cython.int
        nmov: cython.int
        nm: cython.int
        seat: cython.int
        m: cython.int
        flag: cython.int
        v: cython.double
        cv: cython.double
        a0: cython.double
        base: cython.int
        one: cython.bint
        sure: cython.bint = self.paranoid
        me: cython.int = self.me
        self._grow(d)
        b = self._key(d)
        c = self.hc
        slot = self.tt.find(b, c)
        if slot >= 0:
            v = self.tt.value_at(slot, me)
            flag = self.tt.flag_at(slot)
            if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                self._set_ab(d, v)
                return 0
        self._count()
        start = self.nodes
        base = self.mtop
        a0 = alpha
        nmov = self._movers(d)
        if nmov == 0:
            self._terminal(d)
            if self.zero_sum and fabs(self.vals[d, 0] + self.vals[d, 1] - 1.0) > 1e-9:
                self._raise(5)  # calls Python: the exception
            v = self.vals[d, me]
        elif self._decided(d):
            if self.zero_sum and fabs(self.vals[d, 0] + self.vals[d, 1] - 1.0) > 1e-9:
                self._raise(5)  # calls Python: the exception (a rival surely wins)
            v = self.vals[d, me]
            a0 = -1.0  # exact whatever the window
            beta = 2.0
        elif nmov > 1 and not self.paranoid:
            self._simultaneous(d, nmov)
            v = self.vals[d, 0]
            a0 = -1.0  # solved exactly whatever the window
            beta = 2.0
        else:
            # every move or outcome leads to the same value: the first stands for all
            one = self.same or (self.paranoid and (self.fix[d] >> me) & 1)
            if self.mov[d, 0] == -1:
                if one:
                    base = self._room()
                    self.k.chance(self.bufs[d], self.ms[base:base + self.mm], self.ps[base:base + self.mm])
                    self.mtop = base + 1
                    self._child(d, -1, self.ms[base])
                    self._ab(d + 1, alpha, beta)
                    v = self.vals[d + 1, me]
                else:
                    self._star1(d, alpha, beta)
                    v = self.vals[d, me]
            else:
                seat = self.mov[d, 0]
                for i in range(1, nmov):  # the paranoid search's simultaneous step: me first
                    if self.mov[d, i] == me:
                        seat = me
                base = self._room()
                nm = self._sorted_legal(d, seat, self.ms[base:base + self.mm])
                if one and nm > 1:
                    nm = 1
                self.mtop = base + nm
                if nm > 1:  # the order only changes the cut-offs, never the value
                    self._order(seat, self.ms[base:base + nm], nm)
                if seat == me:
                    v = -1.0
                    for i in range(nm):
                        m = self.ms[base + i]
                        self._child(d, seat, m)
                        self._ab(d + 1, max(alpha, v), beta)
                        cv = self.vals[d + 1, me]
                        if cv > v:
                            v = cv
                            if v >= beta or (sure and v >= 1.0 - EPS):
                                self._credit(seat, m)
                                break
                else:
                    v = 2.0
                    for i in range(nm):
                        m = self.ms[base + i]
                        self._child(d, seat, m)
                        self._ab(d + 1, alpha, min(beta, v))
                        cv = self.vals[d + 1, me]
                        if cv < v:
                            v = cv
                            if v <= alpha or (sure and v <= EPS):
                                self._credit(seat, m)
                                break
        self.mtop = base
        flag = UPPER if v <= a0 else (LOWER if v >= beta else EXACT)
        self._set_ab(d, v)
        self.tt.store(b, c, self.vals[d], self.nodes - start, flag)
        return 0

    @cython.final
    def _set_ab(self, d, v):
        """``vals[d]`` for an alpha-beta value ``v`` of seat ``me``: ``(v, 1 - v)`` with two seats
        at constant sum, NaN for the other seats in the paranoid search (it values no one else)."""
        j: cython.int
        for j in range(self.n):
            if j == self.me:
                self.vals[d, j] = v
            elif self.zero_sum:
                self.vals[d, j] = 1.0 - v
            else:
                self.vals[d, j] = NAN

    @cython.final
    def _star1(self, d, alpha, beta):
        """Star1 (Ballard 1983) with values in [0, 1]: stop once the outcomes seen settle the
        bound.  Seat ``me``'s value into ``vals[d, me]``."""
        done: cython.double = 0.0  # sum of p * value over the outcomes searched
        rest: cython.double = 1.0  # probability not yet searched, this outcome included
        p: cython.double
        lo: cython.double
        hi: cython.double
        v: cython.double
        i: cython.int
        base: cython.int = self._room()
        nm: cython.int = self.k.chance(self.bufs[d], self.ms[base:base + self.mm], self.ps[base:base + self.mm])
        self.mtop = base + nm
        for i in range(nm):
            p = self.ps[base + i]
            rest -= p
            lo = (alpha - done - rest) / p  # this outcome at or below lo: the node fails low
            hi = (beta - done) / p  # at or above hi: the node fails high
            self._child(d, -1, self.ms[base + i])
            self._ab(d + 1, max(lo, 0.0), min(hi, 1.0))
            v = self.vals[d + 1, self.me]
            if v <= lo:
                self.mtop = base
                self.vals[d, self.me] = done + p * v + max(rest, 0.0)
                return 0
            if v >= hi:
                self.mtop = base
                self.vals[d, self.me] = done + p * v
                return 0
            done += p * v
        self.mtop = base
        self.vals[d, self.me] = done
        return 0

    def _simultaneous(self, d, nmov):
        """The simultaneous step at row ``d``: :class:`cython_ext.solver_search.Searcher`'s,
        the only class the solver makes (a descent alone cannot value such a step)."""
        raise NotImplementedError("solver_search.Searcher's")  # calls Python: never run, Searcher overrides it
