# Declarations of between_two_cities.py: the Between Two Cities kernel (chance,
# hidden information, playouts) on top of its rules, scoring and placement layers.

from libc.string cimport memcpy
from cython_ext.kernel cimport Rng, ptr, rng_below, rng_random
from cython_ext.between_two_cities_encoding cimport KM, NCELL, TILE, HALF, UNSEEN, NOTHING, PH_MAT, PH_DIST, PH_DEAL, PH_JDEAL, PH_CHOOSE, PH_PLACE, PLACE_BASE, HIDDEN, MAX_MOVES
from cython_ext.between_two_cities_placement cimport INFO
from cython_ext.between_two_cities_pieces cimport new_tiles
from cython_ext.between_two_cities_rules cimport BetweenTwoCitiesRules
from cython_ext.between_two_cities_policy cimport BetweenTwoCitiesPolicy
from cython_ext.between_two_cities_bounds cimport btc_bounds


cdef class BetweenTwoCitiesKernel(BetweenTwoCitiesRules):
    cdef int[::1] moves     # rollout: legal moves
    cdef int* movers        # rollout: seats to move
    cdef int* pool_b        # determinize: unseen building tiles
    cdef int* pool_d        # determinize: unseen duplex tiles
    cdef int* gslot         # random_place: pending tile of each (tile, side) group
    cdef int* kinds         # random_choice: the kinds in hand
    cdef int* gside         # random_place: side of each group
    cdef int* ncand         # random_place: candidate cells left on each side
    cdef int* found         # random_place: per side: 0 not in play, -1 in play, else a completable cell + 1
    cdef int* cand_l        # random_place: candidate cells of the left city
    cdef int* cand_r        # random_place: candidate cells of the right city
    cdef int* info0         # random_place: city_info of the left city
    cdef int* info1         # random_place: city_info of the right city
    cdef int* cinfo         # rollout: city_info of every city (INFO ints each), kept up to date
    cdef int* cvalid        # rollout: per city, is its cinfo read from this buffer yet
    cdef int* ccode         # sync_city: the cells each city's cinfo was kept for
    cdef int* csync         # sync_city: per city, does its cinfo stand for ccode
    cdef int* cdx           # sync_city: the cells that differ
    cdef BetweenTwoCitiesPolicy policy  # move_values: the heuristic (between_two_cities_policy)

    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cdef int chance_source(self, int[::1] buf) noexcept
    cdef int mat_used(self, int[::1] buf, int m) noexcept
    cdef int card_used(self, int[::1] buf, int k) noexcept
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cdef int draw_from(self, int[::1] buf, int src, Rng rng)
    cdef int has_seen_hand(self, int q, int s, int r, int t, bint placing) noexcept
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef int revealed_move(self, int[::1] buf, int actor, int move, int observer) except? -2
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cpdef int move_values(self, int[::1] buf, int seat, int[::1] moves, int n, double[::1] out)
    cpdef int egreedy_move(self, int[::1] buf, int seat, Rng rng, double epsilon, int[::1] moves, double[::1] vals)
    cpdef int score_bounds(self, int[::1] buf, int[::1] lo, int[::1] hi)
    cdef int choice_count(self, int[::1] buf, int seat)
    cdef int random_choice(self, int[::1] buf, int seat, Rng rng)
    cdef int random_place(self, int[::1] buf, int seat, Rng rng, int keep)
    cdef void forget_cities(self) noexcept
    cdef void sync_city(self, const int* b, int c) noexcept
    cdef void load_city(self, const int* b, int c, int duplex, int* info) noexcept
    cdef void placed(self, int seat, int move, int duplex) noexcept
    cdef int strike(self, const int* b, int seat, int side, int duplex, int i, int* found) noexcept


cdef int pool_draw(int* pool, Rng rng)
