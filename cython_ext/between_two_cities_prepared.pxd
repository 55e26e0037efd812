# Declarations of between_two_cities_prepared.py: the Between Two Cities heuristic's cities
# kept along a game (its fourth layer, on the cell reads).

from libc.string cimport memcmp
from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_placement cimport INFO
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, HALF, CAT_HOUSE, CAT_PARK, CAT_FACTORY
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_pieces cimport NCOUNT
from cython_ext.between_two_cities_cell_gain cimport BetweenTwoCitiesCellGain


cdef class BetweenTwoCitiesPrepared(BetweenTwoCitiesCellGain):
    cdef int[::1] dx        # prepare: the cells with new tiles

    cdef void prepare(self, BetweenTwoCitiesRules k, int[::1] buf, int c) noexcept
    cdef void add_tile(self, BetweenTwoCitiesRules k, int g, int c, int x, int v) noexcept
