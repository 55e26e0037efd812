# Declarations of between_two_cities_cell_gain.py: a new tile's gain read from the cells next
# to it (the Between Two Cities heuristic's second layer, on its pieces).

from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport park_points, civic_points
from cython_ext.between_two_cities_pieces cimport BetweenTwoCitiesPieces


cdef class BetweenTwoCitiesCellGain(BetweenTwoCitiesPieces):
    # the tile base_gain sets: its halves' kinds and categories; the park groups a park half
    # joins; the table of shop_join_bounds
    cdef int[::1] bkind, bcat, blab, shopub
    cdef int[::1] aff       # cell_duplex: the tiles next to the halves (gain: the new cells and the tiles next to them)
    cdef int bn, bnf, bnh   # base_gain: halves, factories, houses
    cdef int bothers        # base_gain: the types a house counts with the tile
    cdef int bexact         # cell_gain: 1 if its answer is the gain's part, 0 a bound

    cdef int cell_single(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int cell_duplex(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int near_new(self, BetweenTwoCitiesRules k, int g, int o, int y, int x, int cat) noexcept
    cdef int civic_change(self, BetweenTwoCitiesRules k, int g, int o, int y, int ky, int x) noexcept
    cdef int shop_run(self, BetweenTwoCitiesRules k, int g, int o, int x, int d) noexcept
    cdef int cell_bound(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept


cdef int parks_joined(BetweenTwoCitiesCellGain pol, int o, int nl, int npark) noexcept
cdef int join_label(int* labs, int n, int lab) noexcept
