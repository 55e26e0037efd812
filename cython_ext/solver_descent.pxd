# Declarations of solver_descent.py for Cython: the endgame solver's values of
# chance, max^n and alpha-beta (Star1; two seats, or paranoid) nodes, the middle
# layer of solver_rows -> solver_descent -> solver_search; _simultaneous is
# declared here and given above.

from libc.math cimport fabs, NAN
from cython_ext.solver_table cimport EXACT, LOWER, UPPER
from cython_ext.solver_rows cimport SolverRows, EPS


cdef class SolverDescent(SolverRows):
    cdef int _value(self, int d) except -1
    cdef int _maxn(self, int d) except -1
    cdef int _ab(self, int d, double alpha, double beta) except -1
    cdef int _star1(self, int d, double alpha, double beta) except -1
    cdef void _set_ab(self, int d, double v) noexcept
    cdef int _simultaneous(self, int d, int nmov) except -1
