# Declarations of between_two_cities_values.py: the Between Two Cities heuristic's values
# (kernel.move_values) and a placement value's bound (its fifth layer, on the prepared cities).

from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, HALF, KM, PH_PLACE, PH_CHOOSE, PLACE_BASE, ASSIGN_BASE, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport tavern_points, office_points
from cython_ext.between_two_cities_pieces cimport NCOUNT
from cython_ext.between_two_cities_prepared cimport BetweenTwoCitiesPrepared


cdef class BetweenTwoCitiesValues(BetweenTwoCitiesPrepared):
    cdef int[::1] before    # score_city of each of the seat's two cities (by side)
    cdef double[::1] kv     # a kind's value for the seat's city on each side (side * KM + kind)
    cdef int[::1] need      # values: 1 for the kinds of the pairs valued (kind_values values these only)
    cdef int[::1] kl        # values: those kinds, nk of them (need is 0 again after)
    cdef int nk
    cdef int bfd, bweak     # bound_base: factory change, weaker city
    cdef double bhf         # bound_base: a new house's future, as place_value adds it

    cdef int values(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, int[::1] moves, int n,
                    double[::1] out) except -1
    cdef void begin_place(self, BetweenTwoCitiesRules k, int[::1] buf, int seat) noexcept
    cdef double place_value(self, BetweenTwoCitiesRules k, const int* b, int seat, int move) noexcept
    cdef int bound_base(self, BetweenTwoCitiesRules k, const int* b, int seat, int slot, int side) noexcept
    cdef double bound_finish(self, int u) noexcept
    cdef void need_kind(self, int kind) noexcept
    cdef void kind_values(self, BetweenTwoCitiesRules k, int c, int side, int duplex) noexcept
    cdef double kind_value(self, BetweenTwoCitiesRules k, int o, int kind) noexcept
