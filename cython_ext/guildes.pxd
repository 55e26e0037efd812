# Declarations of guildes.py for Cython: the Guildes kernel the engine runs --
# the rules (guildes_rules.pxd) and hidden information (guildes_hidden.pxd),
# plus chance and the random playout; and the vote count's Python entries.

from cython_ext.kernel cimport Rng, ptr
from cython_ext.guildes_count cimport c_count_votes, c_exclude_ties
from cython_ext.guildes_hidden cimport GuildesHidden
from cython_ext.guildes_rules cimport EVENT, DEAL, OVER, TDEAL, RDEAL, START, DRAW


cdef class GuildesKernel(GuildesHidden):
    # scratch of rollout, sized once
    cdef int* s_moves
    cdef int* s_seats

    cdef int c_trick_free(self, int* b, int seat, int t) noexcept nogil
    cdef int c_pile(self, int* b, int g) noexcept nogil
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cdef int c_sample_chance(self, int* b, Rng rng)
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cdef void c_rollout(self, int* b, Rng rng)
    cpdef void rollout(self, int[::1] buf, Rng rng)
