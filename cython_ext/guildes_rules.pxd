# Declarations of guildes_rules.py for Cython: the Guildes rules on one int32
# buffer (turn order, legal moves, apply, chance; base game and the events),
# the top of the layers guildes_layout -> _round_end -> _tricks -> _rules.
# The constants and imod are declared in guildes_layout.pxd; they are
# cimported here so that the layers above cimport them from guildes_rules.

from libc.string cimport memcpy
from cython_ext.kernel cimport ptr
from cython_ext.guildes_layout cimport (EVENT, DEAL, DRAFT, PLAY, OVER, TDEAL, REDIS, RDEAL, START, TRICK, DRAW,
                                        DPICK, CHOSEN, FEWER, NOTIES, SEQ, REDIST, ONETWO, FACEDOWN,
                                        PROTECT, SWAPT, SACRIF, DRAWD, SWAPH, VIRT, imod)
from cython_ext.guildes_moves cimport c_perm_decode
from cython_ext.guildes_tricks cimport GuildesTricks


cdef class GuildesRules(GuildesTricks):
    cdef inline int c_packet_of(self, int* b, int seat, int t) noexcept nogil
    cdef inline int c_to_play(self, int* b) noexcept nogil
    cdef int c_batch(self, int* b) noexcept nogil
    cdef inline int c_seq_seat(self, int* b) noexcept nogil

    cdef int c_to_move(self, int* b, int* out) noexcept nogil
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cdef int c_legal(self, int* b, int seat, int* out) noexcept nogil
    cpdef int legal(self, int[::1] buf, int seat, int[::1] out)
    cdef void c_apply(self, int* b, int seat, int move) noexcept nogil
    cpdef void apply(self, int[::1] buf, int seat, int move)
    cdef void c_resolve_picks(self, int* b) noexcept nogil
    cdef void c_resolve_plays(self, int* b) noexcept nogil
    cdef void c_end_play(self, int* b) noexcept nogil
