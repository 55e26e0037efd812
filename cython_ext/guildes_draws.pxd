# Declarations of guildes_draws.py for Cython: the determinize scratch and
# the parts of a deal drawn without search.

from cython_ext.kernel cimport Rng, rng_below
from cython_ext.guildes_observe cimport GuildesObserve
from cython_ext.guildes_rules cimport (
    imod, CHOSEN, DRAFT, PLAY, RDEAL, TRICK, DRAW, DPICK, REDIST, FACEDOWN)


cdef class GuildesDraws(GuildesObserve):
    # scratch of determinize, sized once (every layer above uses these; one
    # declaration keeps main's field order and allocation order)
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

    cdef int c_draw_plain(self, int* cand, int off, Rng rng)
    cdef int c_draw_pos(self, int* b, int off, Rng rng)
    cdef void c_keep_chosen(self, int* b, int seat, Rng rng)
    cdef void c_fill_variants(self, int* b, int seat, Rng rng, int eff, int phase, int redealt, int nslots)
    cdef int c_draw_need(self, int* b, int seat, int g) noexcept nogil
    cdef int c_cover_drawn(self, int* b, int seat, Rng rng)
    cdef int c_place_known(self, int* b, int seat, Rng rng)
    cdef void c_assign_drawn(self, int* b, int seat, Rng rng)
    cdef void c_rebuild_rounds(self, int* b, int seat, int t_cur, int phase) noexcept nogil
