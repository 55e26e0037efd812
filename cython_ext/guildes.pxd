# Declarations of guildes.py for Cython: the Guildes kernel the engine runs --
# the rules (guildes_rules.pxd) and hidden information (guildes_hidden.pxd),
# plus chance and the random playout; and the vote count's Python entries.

from cython_ext.kernel cimport Rng, dptr, greedy_pick, ptr, rng_below, rng_random
from cython_ext.guildes_bounds cimport SCRATCH, bounds_fit, bounds_scratch, gu_bounds, monotone
from cython_ext.guildes_count cimport c_count_votes, c_exclude_ties
from cython_ext.guildes_hidden cimport GuildesHidden
from cython_ext.guildes_policy cimport GuildesPolicy
from cython_ext.guildes_rules cimport EVENT, DEAL, DRAFT, PLAY, OVER, TDEAL, RDEAL, START, DRAW, imod


# gcc's count of trailing zeros, for the fast playout's guild bitmasks (interpreted stand-in in guildes.py)
cdef extern from *:
    int ctz "__builtin_ctz" (unsigned int x) nogil


cdef class GuildesKernel(GuildesHidden):
    # scratch of rollout, sized once
    cdef int* s_moves
    cdef int* s_seats
    cdef int* s_pk                  # fast playout: packet contents, n x G
    cdef int* s_mask                # fast playout: bitmask of the guilds present, per packet or hand
    cdef int* s_nbits               # fast playout: number of guilds present, per packet or hand
    cdef public bint fast_rollout   # base game: the playout's own loop (same moves, same draws)
    cdef GuildesPolicy policy       # move_values: the heuristic (guildes_policy)
    cdef public bint bounds_ok      # score_bounds: the base game, a monotone edition (guildes_bounds)
    cdef int* s_bnd                 # score_bounds' scratch (SCRATCH words)

    cdef int c_trick_free(self, int* b, int seat, int t) noexcept nogil
    cdef int c_pile(self, int* b, int g) noexcept nogil
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cdef int c_sample_chance(self, int* b, Rng rng)
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cdef void c_rollout(self, int* b, Rng rng)
    cdef bint c_clean(self, int* b) noexcept nogil
    cdef int c_fast_rounds(self, int* b, Rng rng)
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cpdef int score_bounds(self, int[::1] buf, int[::1] lo, int[::1] hi)
    cpdef int move_values(self, int[::1] buf, int seat, int[::1] moves, int n, double[::1] out)
    cpdef int egreedy_move(self, int[::1] buf, int seat, Rng rng, double epsilon, int[::1] moves, double[::1] vals)
    cdef int c_move_values(self, int* b, int seat, int* moves, int n, double* out) except -1
