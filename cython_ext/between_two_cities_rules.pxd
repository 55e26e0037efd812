# Declarations of between_two_cities_rules.py: the turn order of the Between Two
# Cities kernel (to_move, legal, apply), on top of the scoring layer.

from libc.string cimport memcpy
from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, HALF, KM, NOTHING, PH_MAT, PH_DIST, PH_DEAL, PH_JDEAL, PH_ASSIGN, PH_CHOOSE, PH_PLACE, PH_END, PLACE_BASE, ASSIGN_BASE, CAT_FACTORY, CAT_HOUSE
from cython_ext.between_two_cities_scoring cimport BetweenTwoCitiesScoring


cdef class BetweenTwoCitiesRules(BetweenTwoCitiesScoring):
    cdef int* passed        # reveal: the hands after passing (NPOS * KM)
    cdef int* passedn       # reveal: their sizes (NPOS)

    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cdef int to_move_c(self, int[::1] buf, int* out) noexcept
    cpdef int legal(self, int[::1] buf, int seat, int[::1] out)
    cpdef void apply(self, int[::1] buf, int seat, int move)
    cdef void apply_deal(self, int[::1] buf, int k) noexcept
    cdef void start_turn(self, int[::1] buf) noexcept
    cdef void reveal(self, int[::1] buf) noexcept
    cdef int has_pending(self, int[::1] buf, int s) noexcept
    cdef void begin_place(self, int[::1] buf) noexcept
    cdef void apply_place(self, int[::1] buf, int seat, int move) noexcept
    cdef void end_place(self, int[::1] buf) noexcept
