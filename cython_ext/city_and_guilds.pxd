# Declarations of city_and_guilds.py for Cython (contracts there).
from cython_ext.kernel cimport Rng, ptr, dptr, greedy_pick, CHANCE, rng_below, rng_random
from cython_ext.city_and_guilds_layout cimport (CHOSEN, NK, MINSTREL, TAVERN, EMPTY, NFACE, DEAL_N,
                                                DEAL, DISCARD, SETUP, PLACE, TAVERN_PH, DRAW, END)
from cython_ext.city_and_guilds_scoring cimport CityAndGuildsScoring
from cython_ext.city_and_guilds_bounds cimport cag_bounds, cag_free_words
from cython_ext.city_and_guilds_policy cimport CityAndGuildsPolicy


# The cdef methods that no subclass overrides are marked final by the @cython.final
# decorators in city_and_guilds.py (called directly instead of through the vtable, so gcc
# inlines the small ones into the hot loops): in a pure-Python-mode module a method's mark
# in the .pxd is not applied (session 30 found every call through the vtable), so none is
# made here; a final class is refused (its cpdef methods override Kernel's).
cdef class CityAndGuildsKernel(CityAndGuildsScoring):
    cdef public int T_BASE, PASS, D_BASE, X_BASE
    cdef int* spaces               # scratch: target spaces
    cdef int* pool                 # scratch: unseen tiles per kind
    cdef int* used                 # scratch: 1 per block holding a tile (setup targets)
    cdef int* moves                # scratch: the rollout's legal moves
    cdef int* flist                # scratch: the rollout's frontier spaces (any order)
    cdef int* fpos                 # scratch: index of each space in flist, -1 when not in it
    cdef CityAndGuildsPolicy policy  # move_values: the heuristic (city_and_guilds_policy)

    cpdef void init(self, int[::1] buf)
    cdef bint is_chance(self, int* b) noexcept nogil
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cdef int c_to_move(self, int* b, int* out) noexcept nogil
    cdef int c_legal(self, int* b, int seat, int* out) noexcept nogil
    cdef void c_apply(self, int* b, int seat, int move) noexcept nogil
    cdef int c_sample_chance(self, int* b, Rng rng)
    cdef int c_move_values(self, int* b, int seat, int* moves, int n, double* out) except -1
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cdef int sample_kind(self, int* b, Rng rng) noexcept
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
    cdef void to_draw(self, int* b) noexcept nogil
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cdef int pick_tile(self, int* b, int p, Rng rng) noexcept
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef int score_bounds(self, int[::1] buf, int[::1] lo, int[::1] hi)
    cpdef int free_words(self, int[::1] buf, int[::1] out)
    cpdef int move_values(self, int[::1] buf, int seat, int[::1] moves, int n, double[::1] out)
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cpdef int random_steps(self, int[::1] buf, Rng rng, int steps, int[::1] front)
    cpdef int random_move(self, int[::1] buf, int seat, Rng rng) except? -1
    cdef int _random_steps(self, int* b, Rng rng, int steps) except -1
    cdef int _random_move(self, int* b, int seat, int nf, Rng rng) except -1
    cdef int build_frontier(self, int* b) noexcept nogil
    cdef int fill(self, int* b, int sp, int nf) noexcept nogil
    cdef int random_placement(self, int* b, int seat, int nf, Rng rng) noexcept
