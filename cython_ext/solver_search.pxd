# Declarations of solver_search.py for Cython: the endgame solver's simultaneous
# steps (lazy pure equilibria, the best-reply fallback), the top of the loop's
# layers solver_rows -> solver_descent -> solver_search, whose Searcher the solver
# makes (rules in solver_search.py).

from cython_ext.solver_rows cimport EPS, MAXSEATS, MAX_JOINT
from cython_ext.solver_descent cimport SolverDescent


cdef class Searcher(SolverDescent):
    cdef int _simultaneous(self, int d, int nmov) except -1
    cdef int _joint(self, int d, int nmov, long long c, long long kb, long long vb) except -1
    cdef int _refuted(self, int d, int nmov, long long c, long long kb, long long vb) except -1
    cdef int _gains(self, int d, int nmov, long long dev, int seat, double v0) except -1
    cdef int _fallback(self, int d, int nmov, long long nj, long long kb, long long vb) except -1
