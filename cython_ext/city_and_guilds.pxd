# Declarations of city_and_guilds.py for Cython (contracts there).
from cython_ext.kernel cimport Rng, ptr, CHANCE
from cython_ext.city_and_guilds_layout cimport (NK, MINSTREL, TAVERN, EMPTY, NFACE, DEAL_N,
                                                DEAL, DISCARD, SETUP, PLACE, TAVERN_PH, DRAW, END)
from cython_ext.city_and_guilds_scoring cimport CityAndGuildsScoring


cdef class CityAndGuildsKernel(CityAndGuildsScoring):
    cdef public int T_BASE, PASS, D_BASE, X_BASE
    cdef int* spaces               # scratch: target spaces
    cdef int* pool                 # scratch: unseen tiles per kind
    cdef int* moves                # scratch: the rollout's legal moves

    cpdef void init(self, int[::1] buf)
    cdef bint need_refill(self, int* b) noexcept nogil
    cdef bint is_chance(self, int* b) noexcept nogil
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cdef int sample_kind(self, int* b, Rng rng) noexcept
    cdef bint has_neighbour_tile(self, int* b, int sp) noexcept nogil
    cdef bint block_empty(self, int* b, int blk) noexcept nogil
    cdef int _targets(self, int* b, bint setup, int* out) noexcept nogil
    cdef int _legal(self, int* b, int seat, int* out) noexcept nogil
    cpdef int legal(self, int[::1] buf, int seat, int[::1] out)
    cpdef void apply(self, int[::1] buf, int seat, int move)
    cdef void _apply(self, int* b, int seat, int move) noexcept nogil
    cdef void apply_chance(self, int* b, int k) noexcept nogil
    cdef void discard(self, int* b, int seat, int k) noexcept nogil
    cdef void draw(self, int* b, int seat, int slot) noexcept nogil
    cdef void next_turn(self, int* b) noexcept nogil
    cdef void place(self, int* b, int seat, int move) noexcept nogil
    cdef void tavern(self, int* b, int sp) noexcept nogil
    cdef void check_complete(self, int* b, int blk) noexcept nogil
    cdef bint all_done(self, int* b) noexcept nogil
    cdef void after_place(self, int* b) noexcept nogil
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cdef int random_placement(self, int* b, int seat, Rng rng) noexcept
