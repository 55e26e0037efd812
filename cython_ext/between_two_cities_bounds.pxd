# Declarations of between_two_cities_bounds.py for Cython (contracts there).
from libc.string cimport memcmp, memcpy
from cython_ext.kernel cimport ptr
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, KM, PH_DEAL, PH_CHOOSE, PH_PLACE, PH_END, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC
from cython_ext.between_two_cities_scoring cimport BetweenTwoCitiesScoring, shop_best, tavern_points, office_points, park_points, civic_points

cpdef enum:
    S_CAT = 0       # scratch layout: category of each cell (-1: no tile)
    S_SEEN = 81     # park flood fill: cells already in a group
    S_STACK = 162   # park flood fill
    S_TILES = 243   # the cells holding a tile
    S_LO = 324      # per city: lower bound (up to 8 cities)
    S_HI = 332      # per city: upper bound
    S_F = 340       # per city: factories now
    S_E = 348       # per city: building cells still empty
    S_DP = 356      # the knapsack over the categories (up to 26 cells)
    S_NDP = 382
    S_POOL = 408    # tiles that can still be placed, per category
    S_PTAV = 415    # taverns that can still be placed, per kind
    S_TAV = 419     # taverns of the city, per kind
    S_WORK = 423    # tavern_best's counts
    S_V = 432       # the city's counts that the upper bounds read (V_* below)
    S_LIVE = 448    # tiles any city may still get (live hands, the box, Jamey's pair): 7 categories, 4 kinds
    S_PSEAT = 459   # each seat's revealed tiles not yet placed, 11 a seat (only its cities get them)
    S_ADD = 536     # per city: factories it may still get
    S_COPY = 544    # _last_turn: one city's cells with the tiles tried
    S_CAND = 625    # _last_turn: per city and side (the seat whose left / right city it is), its kinds (KM flags)
    S_RANGE = 1137  # _last_turn: per city and key (the kind it gets, + 1; 0: none), lowest and highest
    S_FADD = 1665   # _last_turn: per city, the most and the fewest factories it gets
    S_EMPTY = 1681  # _last_turn: the empty cells of the city's square (2 at most)
    S_NOPT = 1683   # _last_turn: per seat, its options (left kind, right kind), up to 16
    S_OPT = 1691
    S_CACHE = 1952  # _city_endings: per city, C_STRIDE ints: valid, endings, cells, kinds, endings' scores
    S_SIZE = 4000

cpdef enum:
    C_GEO = 2       # the city's mat then
    C_CELLS = 3     # the city's cells when its endings were scored
    C_CANDS = 84    # its sides' kinds then (2 x KM flags)
    C_ENDS = 148    # per ending: key, score without factories, factories added
    C_MAX = 32      # endings kept (more: no bounds)
    C_STRIDE = 256

cpdef enum:
    V_F = 0
    V_SHOPPTS = 1
    V_SHOPS = 2
    V_PFIXED = 3
    V_PGROW = 4
    V_NGROW = 5
    V_OFF = 6
    V_BONUS = 7
    V_OPENOFF = 8
    V_HFACT = 9
    V_HFREE = 10
    V_OTHERS = 11
    V_MISSING = 12
    V_CIVIC = 13


cdef int tavern_best(int* w, int a) noexcept
cdef int _upper(int cat, int a, int E, int* w) noexcept
cdef void _pool(BetweenTwoCitiesScoring k, int c, int* w) noexcept
cdef int _city(BetweenTwoCitiesScoring k, const int* b, int c, int* w) noexcept
cdef int _mark(BetweenTwoCitiesScoring k, int* w, int s, int tl, int tr) noexcept
cdef int _city_endings(BetweenTwoCitiesScoring k, const int* b, int c, int* w) noexcept
cdef int _fac(int* w, int NC, int c, int fl, bint high) noexcept
cdef int _last_turn(BetweenTwoCitiesScoring k, const int* b, int* lo, int* hi, int* w) noexcept
cdef int btc_bounds(BetweenTwoCitiesScoring k, const int* b, int* lo, int* hi) except -1
