# Declarations of between_two_cities_cell_gain.py: the gain of a tile read from the cells
# next to its cell (the Between Two Cities heuristic's third layer, on gain).

from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport tavern_points, office_points
from cython_ext.between_two_cities_pieces cimport NCOUNT, park_points, civic_term
from cython_ext.between_two_cities_gain cimport BetweenTwoCitiesGain, join_label


cdef class BetweenTwoCitiesCellGain(BetweenTwoCitiesGain):
    # the tile of base_gain: its halves' kinds and categories, the park groups a park half joins,
    # the table of shop_join_bounds
    cdef int[::1] bkind, bcat, blab, shopub
    cdef int bn, bnf, bnh   # base_gain: halves, factories, houses
    cdef int bothers        # base_gain: the types a house counts with the tile
    cdef int bexact         # cell_gain: 1 if its answer is the gain's part, 0 a bound

    cdef int base_gain(self, BetweenTwoCitiesRules k, int c) noexcept
    cdef int cell_gain(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int near_new(self, BetweenTwoCitiesRules k, int g, int o, int y, int x, int cat) noexcept
    cdef int civic_change(self, BetweenTwoCitiesRules k, int g, int o, int y, int ky, int x) noexcept
    cdef int shop_run(self, BetweenTwoCitiesRules k, int g, int o, int x, int d) noexcept
    cdef int cell_bound(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int parks_joined(self, int o, int nl, int npark) noexcept
