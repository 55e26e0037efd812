# Declarations of guildes_hidden.py for Cython: what each Guildes seat sees
# (observe, observed_move) and determinize, the placement search.

from libc.string cimport memcpy
from cython_ext.kernel cimport Rng, ptr
from cython_ext.guildes_refine cimport SWEEPS, c_sweeps
from cython_ext.guildes_rules cimport (
    GuildesRules, imod, CHOSEN, EVENT, DEAL, DRAFT, PLAY, OVER, TDEAL, REDIS, RDEAL, TRICK, DRAW, DPICK, SEQ,
    REDIST, FACEDOWN)

cdef enum:
    RESTARTS = 10000    # fresh attempts of determinize before it gives up
    FIXED = -2          # slot source: a card the determinizing seat knows (its redistribution discard)
    DFS_BUDGET = 300    # steps of one placement search before a fresh attempt (a fresh deal is cheaper
                        # than a deep dead end: bench/sweep_determinize.py)


cdef class GuildesHidden(GuildesRules):
    # scratch of determinize, sized once
    cdef int* s_work
    cdef int* s_pool
    cdef int* s_first
    cdef int* s_last
    cdef int* s_slot_t
    cdef int* s_slot_p
    cdef int* s_slot_src
    cdef int* s_slot_card
    cdef int* s_slot_own
    cdef int* s_given
    cdef int* s_sigma
    cdef int* s_seg
    cdef int* s_initial
    cdef int* s_item_o
    cdef int* s_item_g
    cdef int* s_item_c
    cdef int* s_chosen
    cdef int* s_start
    cdef int* s_tried
    cdef int* s_extra
    cdef int* s_cap
    cdef int* s_resv
    cdef int* s_sinv
    cdef int* s_setg
    cdef int* s_done
    cdef int* s_hand

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef void observe(self, int[::1] buf, int seat)
    cdef void c_observe(self, int* b, int seat) noexcept nogil
    cdef int c_rows_seen(self, int* b) noexcept nogil
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef void determinize_keep(self, int[::1] buf, int seat, Rng rng)
    cdef void c_determinize(self, int[::1] buf, int seat, Rng rng, bint keep)
    cdef void c_keep_chosen(self, int* b, int seat, Rng rng)
    cdef int c_fill(self, int* b, int seat, Rng rng)
    cdef int c_draw_plain(self, int* cand, int off, Rng rng)
    cdef int c_draw_pos(self, int* b, int off, Rng rng)
    cdef void c_fill_variants(self, int* b, int seat, Rng rng, int eff, int phase, int redealt, int nslots)
    cdef int c_cover_drawn(self, int* b, int seat, Rng rng)
    cdef int c_place_known(self, int* b, int seat, Rng rng)
    cdef void c_assign_drawn(self, int* b, int seat, Rng rng)
    cdef int c_redistribute(self, int* b, int seat, Rng rng, int nslots)
    cdef inline bint c_can_supply(self, int src, int g, int fixed) noexcept nogil
    cdef int c_place_played(self, int* b, int seat, Rng rng, int nslots, bint redealt)
    cdef int c_candidate(self, int j, int item, int g, int fixed, bint redealt) noexcept nogil
    cdef void c_rebuild_rounds(self, int* b, int seat, int t_cur, int phase) noexcept nogil
