# Declarations of between_two_cities_prepared.py: the Between Two Cities heuristic's cities
# kept along a game (its fourth layer, on gain).

from libc.string cimport memcmp
from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_placement cimport INFO
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, HALF, CAT_HOUSE, CAT_PARK, CAT_FACTORY, CAT_OFFICE, CAT_SHOP
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport tavern_points, office_points, shop_best, park_points
from cython_ext.between_two_cities_pieces cimport NCOUNT, new_tiles
from cython_ext.between_two_cities_gain cimport BetweenTwoCitiesGain


cdef class BetweenTwoCitiesPrepared(BetweenTwoCitiesGain):
    cdef int[::1] dx        # prepare: the cells with new tiles
    cdef int[::1] cinfo     # every city's city_info as read() last read it, kept with city_add (c * INFO)
    cdef int[::1] info0     # read: city_info's scratch (greedy_place: the left city's info)

    cdef void prepare(self, BetweenTwoCitiesRules k, int[::1] buf, int c) noexcept
    cdef void read(self, BetweenTwoCitiesRules k, const int* b, int c, int g) noexcept
    cdef void add_tile(self, BetweenTwoCitiesRules k, int g, int c, int x, int v) noexcept
