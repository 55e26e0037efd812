# Declarations of between_two_cities_policy.py: the Between Two Cities heuristic
# (kernel.move_values) for rollout policies and progressive bias.

from libc.string cimport memcmp, memcpy
from cython_ext.kernel cimport Rng, ptr, dptr
from cython_ext.between_two_cities_placement cimport INFO
from cython_ext.between_two_cities_encoding cimport NCELL, TILE, HALF, KM, PH_PLACE, PH_CHOOSE, PLACE_BASE, ASSIGN_BASE, CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_scoring cimport tavern_points, office_points, shop_best


cdef class BetweenTwoCitiesPolicy:
    cdef object _arrays
    cdef int[::1] before    # score_city of each of the seat's two cities (by side)
    cdef int[::1] score     # score_city of each city as prepare() last read it
    cdef int[::1] geoc      # the mat each city was read with (-1 never read)
    cdef int[::1] fc        # factories of each city
    cdef int[::1] fcode     # each city's cells as count_factories last counted them (c * NCELL)
    cdef int fcok           # fc counted since begin_place
    cdef int[::1] cnt       # each city's counts (c * 11): 7 categories, then 4 tavern kinds
    cdef double[::1] kv     # a kind's value for the seat's city on each side (side * KM + kind)
    cdef int[::1] need      # values: the kinds of the pairs valued (kind_values values these only)
    # per city (c * NCELL + cell): every city as prepare() last read it
    cdef int[::1] code      # cell codes
    cdef int[::1] ct        # category of each cell (-1 no tile)
    cdef int[::1] tl        # the tile cells
    cdef int[::1] plab      # park group of each park cell (-1 none)
    cdef int[::1] gsz       # size of each park group
    cdef int[::1] ntl       # tile cells in tl (by city)
    cdef int[::1] ver       # each city's version: one more at every change prepare() sees
    cdef int[::1] memo      # place_value: at 2 * (((c * 2 + duplex) * KM + kind) * NCELL + cell): stamp, gain
    cdef int[::1] nlab      # park group labels used (by city)
    cdef int[::1] dx        # prepare: the cells with new tiles
    cdef int[::1] nfree     # houses with no factory next door (by city)
    cdef int[::1] oth       # types a house counts (factory ... office) present (by city)
    cdef int[::1] newx, newc, oldc  # gain: the new tiles' cells and codes, the codes they cover
    cdef int[::1] aff       # gain: the new cells and the tiles next to them
    cdef int[::1] lab       # park_gain: old groups joined
    cdef int[::1] seen5     # gain: types a house counts present with the new tiles
    cdef int[::1] tav       # gain: tavern kinds with the new tiles
    cdef int[::1] vis, vl, stk, sh, lines  # park_gain, shop_gain: floods and shop_best's scratch
    # greedy_place: (slot, side) groups, sides in play, each side's candidates and city_info,
    # checks by side and cell (0 not yet, 1 completable, 2 not), the valued moves, the tied ones
    cdef int[::1] gslot, gside, inplay, ncand, cand0, cand1, info0, info1, chk, em, ti
    cdef int[::1] cinfo     # every city's city_info as prepare() last read it, kept with city_add (c * INFO)
    cdef double[::1] ev
    # greedy_place's pruning: each move's bound, valued yet (1) or not (0); the group's tile halves
    # (kinds, categories, how many), the park labels a cell joins, the table of shop_join_bounds
    cdef double[::1] ub
    cdef int[::1] done, bkind, bcat, blab, shopub
    cdef int bn, bnf, bnh, bfd, bweak  # bound_base: halves, factories, houses, factory change, weaker city
    cdef int bothers                    # bound_base: the types a house counts with the tile
    cdef int bexact                     # cell_single: 1 if its answer is the gain's part, 0 a bound
    cdef double bhf                     # bound_base: a new house's future, as place_value adds it
    cdef public int prune               # 1: skip the moves whose bound is below the best (0: value every one)
    cdef public int cut                 # taken off every bound (0; tests make it too tight)

    cdef int values(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, int[::1] moves, int n,
                    double[::1] out) except -1
    cdef void begin_place(self, BetweenTwoCitiesRules k, int[::1] buf, int seat) noexcept
    cdef int greedy_place(self, BetweenTwoCitiesRules k, int[::1] buf, int seat, Rng rng) noexcept
    cdef int bound_base(self, BetweenTwoCitiesRules k, const int* b, int seat, int slot, int side) noexcept
    cdef int base_gain(self, BetweenTwoCitiesRules k, int c) noexcept
    cdef double bound_finish(self, int u) noexcept
    cdef int cell_single(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int cell_duplex(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int near_new(self, BetweenTwoCitiesRules k, int g, int o, int y, int x, int cat) noexcept
    cdef int civic_change(self, BetweenTwoCitiesRules k, int g, int o, int y, int ky, int x) noexcept
    cdef int cell_bound(self, BetweenTwoCitiesRules k, int g, int c, int x) noexcept
    cdef int shop_run(self, BetweenTwoCitiesRules k, int g, int o, int x, int d) noexcept
    cdef int check(self, BetweenTwoCitiesRules k, const int* b, int seat, int side, int x, int duplex) noexcept
    cdef double place_value(self, BetweenTwoCitiesRules k, const int* b, int seat, int move) noexcept
    cdef void prepare(self, BetweenTwoCitiesRules k, int[::1] buf, int c) noexcept
    cdef void changed(self, int c) noexcept
    cdef void add_tile(self, BetweenTwoCitiesRules k, int g, int c, int x, int v) noexcept
    cdef void label_park(self, BetweenTwoCitiesRules k, int g, int o, int x, int lab) noexcept
    cdef int gain(self, BetweenTwoCitiesRules k, int g, int c, int nn) noexcept
    cdef int tile_term(self, BetweenTwoCitiesRules k, int g, int o, int y, int others) noexcept
    cdef int next_to(self, BetweenTwoCitiesRules k, int g, int o, int y, int cat) noexcept
    cdef int park_gain(self, BetweenTwoCitiesRules k, int g, int c, int nn) noexcept
    cdef int shop_gain(self, BetweenTwoCitiesRules k, int g, int c, int nn) noexcept
    cdef int factory_points(self, BetweenTwoCitiesRules k, int c, int f) noexcept
    cdef void kind_values(self, BetweenTwoCitiesRules k, int c, int side, int duplex) noexcept
    cdef void count(self, BetweenTwoCitiesRules k, int o, int kind) noexcept
    cdef void count_factories(self, BetweenTwoCitiesRules k, const int* b) noexcept
    cdef double kind_value(self, BetweenTwoCitiesRules k, int o, int kind) noexcept



cdef int park_points(int size) noexcept
cdef int civic_term(int bad, int h1, int h2) noexcept
