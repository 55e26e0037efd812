# Declarations of guildes_placement.py for Cython: the search that places
# played cards into other seats' pick slots, and who gave whom after a
# redistribution.

from cython_ext.kernel cimport Rng, rng_below
from cython_ext.guildes_draws cimport GuildesDraws

cdef enum:
    FIXED = -2          # slot source: a card the determinizing seat knows (its redistribution discard)
    DFS_BUDGET = 300    # steps of one placement search before a fresh attempt (a fresh deal is cheaper
                        # than a deep dead end: bench/sweep_determinize.py)


cdef class GuildesPlacement(GuildesDraws):
    cdef int c_redistribute(self, int* b, int seat, Rng rng, int nslots)
    cdef inline bint c_can_supply(self, int src, int g, int fixed) noexcept nogil
    cdef int c_place_played(self, int* b, int seat, Rng rng, int nslots, bint redealt)
    cdef int c_candidate(self, int j, int item, int g, int fixed, bint redealt) noexcept nogil
