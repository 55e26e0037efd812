# Declarations of guildes_moves.py for Cython: Guildes' move numbers that are
# not guilds (a redistribution deal's permutation number, the bound on move ids).

from cython_ext.kernel cimport ptr


cdef void c_perm_decode(int code, int n, int* out, int* avail) noexcept nogil
