# Declarations of between_two_cities_scoring.py: city and seat scores of the
# Between Two Cities kernel, on top of the placement layer.

from cython_ext.kernel cimport ptr, RANK_KEYS
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC
from cython_ext.between_two_cities_placement cimport BetweenTwoCitiesPlacement


cpdef enum:
    SHOP_MEMO = 4096    # shop_points: entries of its table (a power of two)


cdef class BetweenTwoCitiesScoring(BetweenTwoCitiesPlacement):
    cdef int* cs            # score of each city
    cdef int* fc            # city_scores_c: factories of each city
    cdef int* region        # district_points: largest district region of each city
    cdef int* cat           # score_city: category of each cell (-1 none)
    cdef int* visited       # largest_region: cells already in a group
    cdef int* stack         # score_city, largest_region: flood fill
    cdef int* shops         # score_city: shops not yet in a line
    cdef int* lines         # shop_best: the cells of the line tried at each start cell (5 per cell)
    cdef int* present       # score_city: tiles of each category
    cdef int* tav           # score_city: taverns of each kind
    cdef int* catn          # city_scores_c: tiles of each category in each city (NC * 7)
    cdef int* tl            # score_city: the cells holding a tile
    cdef int* pk            # score_city: parks already in a group
    cdef int* shopkey       # shop_points: per entry the mat + 1 (0: empty) and the shops' three words
    cdef int* shopval       # shop_points: per entry its shop_best

    cpdef void city_scores(self, int[::1] buf, out)
    cdef void city_scores_c(self, int[::1] buf, int* out)
    cdef void district_points(self, const int* buf, int* out)
    cdef int score_city(self, const int* buf, int base, int g) noexcept
    cdef int shop_points(self, int g, int* sh, unsigned int m0, unsigned int m1, unsigned int m2) noexcept
    cdef int largest_region(self, const int* buf, int base, int g, int a, int b) noexcept
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef int rank_keys(self, int[::1] buf, int[::1] out)


cdef int shop_best(const int* nb, int g, int* sh, int* lines, int start) noexcept nogil


cdef int tavern_points(const int* cnt, int o) noexcept
cdef int office_points(int n) noexcept
cdef int park_points(int size) noexcept
cdef int civic_points(int bad, int liked) noexcept
