# Declarations of between_two_cities_policy.py: the Between Two Cities heuristic
# (kernel.move_values) for rollout policies and progressive bias.

from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, HALF, KM, PH_PLACE, PH_CHOOSE, PLACE_BASE, ASSIGN_BASE, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport tavern_points, office_points


cdef class BetweenTwoCitiesPolicy:
    cdef object _arrays
    cdef int[::1] cell      # one city's cells with the tile tried in it
    cdef int[::1] before    # score_city of each of the seat's two cities (by side)
    cdef int[::1] fc        # factories of each city
    cdef int[::1] cnt       # one city's counts: 7 categories, then 4 tavern kinds
    cdef double[::1] kv     # a kind's value for the seat's city on each side (side * KM + kind)

    cdef int values(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, int[::1] moves, int n,
                    double[::1] out) except -1
    cdef double place_value(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, int move) noexcept
    cdef int factory_points(self, BetweenTwoCitiesRules k, int c, int f) noexcept
    cdef void kind_values(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, int side, int duplex, bint values) noexcept
    cdef double kind_value(self, BetweenTwoCitiesRules k, int o, int kind) noexcept

