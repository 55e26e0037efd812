# Declarations of between_two_cities_policy.py: the Between Two Cities policy the kernel holds
# (move_values and the greedy move), the top of the layers pieces <- cell_gain <- gain <-
# prepared <- values <- policy.
cimport cython

from libc.string cimport memcpy
from cython_ext.kernel cimport Rng, ptr, dptr, rng_below
from cython_ext.between_two_cities_placement cimport INFO
from cython_ext.between_two_cities_encoding cimport NCELL, PLACE_BASE
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_pieces cimport NCOUNT
from cython_ext.between_two_cities_values cimport BetweenTwoCitiesValues


# Final (nothing subclasses it): its cdef methods are called directly, not through the vtable.
@cython.final
cdef class BetweenTwoCitiesPolicy(BetweenTwoCitiesValues):
    # greedy_place: (slot, side) groups, sides in play, each side's candidates and city_info (the
    # left city's is info0, below), checks by side and cell (0 not yet, 1 completable, 2 not),
    # the valued moves, the tied ones
    cdef int[::1] gslot, gside, inplay, ncand, cand0, cand1, info1, chk, em, ti
    cdef double[::1] ev
    # greedy_place's pruning: each move's bound, valued yet (1) or not (0)
    cdef double[::1] ub
    cdef int[::1] done
    cdef public int prune               # 1: skip the moves whose bound is below the best (0: value every one)
    cdef public int cut                 # taken off every bound (0; tests make it too tight)

    cdef int greedy_place(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, Rng rng) noexcept
    cdef int check(self, BetweenTwoCitiesRules k, const int* b, int seat, int side, int x, int duplex) noexcept
