# Declarations of between_two_cities_gain.py: what score_city gains from new tiles on a
# prepared city (the Between Two Cities heuristic's third layer, on the cell reads).

from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_FACTORY, CAT_CIVIC
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport tavern_points, office_points, shop_best, park_points, civic_points
from cython_ext.between_two_cities_pieces cimport NCOUNT
from cython_ext.between_two_cities_cell_gain cimport BetweenTwoCitiesCellGain, join_label


cdef class BetweenTwoCitiesGain(BetweenTwoCitiesCellGain):
    cdef int[::1] newx, newc, oldc  # gain: the new tiles' cells and codes, the codes they cover
    cdef int[::1] lab       # park_gain: old groups joined
    cdef int[::1] seen5     # gain, base_gain: types a house counts present with the new tiles
    cdef int[::1] tav       # gain, base_gain: tavern kinds with the new tiles
    cdef int[::1] vis, vl   # park_gain, shop_gain: floods
    cdef int[::1] sh, lines # shop_gain (and read): the shops, shop_best's scratch

    cdef int gain(self, BetweenTwoCitiesRules k, int g, int c, int nn) noexcept
    cdef int tile_term(self, BetweenTwoCitiesRules k, int g, int o, int y, int others) noexcept
    cdef int park_gain(self, BetweenTwoCitiesRules k, int g, int c, int nn) noexcept
    cdef int shop_gain(self, BetweenTwoCitiesRules k, int g, int c, int nn) noexcept
    cdef int base_gain(self, BetweenTwoCitiesRules k, int c) noexcept
