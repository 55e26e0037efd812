# Declarations of guildes_tricks.py for Cython: the Dirty Tricks of Guildes
# (holders, protection, the discard pile; a holder's moves and their effect).

from cython_ext.kernel cimport ptr
from cython_ext.guildes_layout cimport DRAW, TRICK, PROTECT, SWAPT, SACRIF, DRAWD, SWAPH, VIRT
from cython_ext.guildes_round_end cimport GuildesRoundEnd


cdef class GuildesTricks(GuildesRoundEnd):
    cdef int c_trick_holder(self, int* b, int t) noexcept nogil
    cdef int c_protected(self, int* b) noexcept nogil
    cdef int c_pile_total(self, int* b) noexcept nogil
    cdef int c_trick_legal(self, int* b, int a, int* out) noexcept nogil
    cdef void c_apply_trick(self, int* b, int a, int move) noexcept nogil
    cdef void c_end_trick_step(self, int* b, int a) noexcept nogil
