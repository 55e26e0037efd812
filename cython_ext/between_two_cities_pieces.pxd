# Declarations of between_two_cities_pieces.py: every city in the pieces the Between Two
# Cities heuristic reads (the base of the policy's layers: pieces <- cell_gain <- gain <-
# prepared <- values <- policy).

from libc.string cimport memcmp, memcpy
from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, KM, CAT_FACTORY, CAT_PARK, CAT_TAVERN
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules

cpdef enum:
    NCOUNT = 11     # a city's counts: 7 categories, then 4 tavern kinds


cdef class BetweenTwoCitiesPieces:
    # per city (c * NCELL + cell): every city as prepare() last read it
    cdef int[::1] code      # cell codes
    cdef int[::1] ct        # category of each cell (-1 no tile)
    cdef int[::1] tl        # the tile cells
    cdef int[::1] plab      # park group of each park cell (-1 none)
    cdef int[::1] gsz       # size of each park group
    cdef int[::1] cnt       # each city's counts (c * NCOUNT): 7 categories, then 4 tavern kinds
    cdef int[::1] ntl       # tile cells in tl (by city)
    cdef int[::1] nlab      # park group labels used (by city)
    cdef int[::1] nfree     # houses with no factory next door (by city)
    cdef int[::1] oth       # types a house counts (factory ... office) present (by city)
    cdef int[::1] score     # score_city of each city as prepare() last read it
    cdef int[::1] geoc      # the mat each city was read with (-1 never read)
    cdef int[::1] ver       # each city's version: one more at every change prepare() sees
    cdef int[::1] memo      # place_value: at 2 * (((c * 2 + duplex) * KM + kind) * NCELL + cell): stamp, gain
    cdef int[::1] stk       # label_park's flood (park_gain's, shop_gain's)
    cdef int[::1] fc        # factories of each city
    cdef int[::1] fcode     # each city's cells as count_factories last counted them (c * NCELL)
    cdef int[::1] fdx       # count_factories: the cells that changed
    cdef int fcok           # fc counted since begin_place

    cdef void changed(self, int c) noexcept
    cdef void label_park(self, BetweenTwoCitiesRules k, int g, int o, int x, int lab) noexcept
    cdef void count(self, BetweenTwoCitiesRules k, int o, int kind) noexcept
    cdef int next_to(self, BetweenTwoCitiesRules k, int g, int o, int y, int cat) noexcept
    cdef void count_factories(self, BetweenTwoCitiesRules k, const int* b) noexcept
    cdef int factory_points(self, BetweenTwoCitiesRules k, int c, int f) noexcept


cdef int cells_differ(const int* a, int ao, const int* b, int bo, int* out, int most) noexcept
cdef int new_tiles(const int* a, int ao, const int* b, int bo, int* out, int most) noexcept
