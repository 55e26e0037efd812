# Declarations of guildes_round_end.py for Cython: the end of a Guildes round
# (the unplayed cards discarded, the count, the next round), on the layout.

from libc.string cimport memset
from cython_ext.guildes_count cimport c_count_votes, c_exclude_ties
from cython_ext.kernel cimport ptr
from cython_ext.guildes_layout cimport GuildesLayout, imod, EVENT, NOTIES, OVER


# gcc's count of trailing zeros (interpreted stand-in in guildes_round_end.py)
cdef extern from *:
    int ctz "__builtin_ctz" (unsigned int x) nogil


cdef class GuildesRoundEnd(GuildesLayout):
    cdef void c_end_round(self, int* b) noexcept nogil
    cdef void c_remember_round(self, int* b) noexcept nogil
    cdef bint c_before_draw(self, int* b, int o) noexcept nogil
    cdef int c_recorded_need(self, int* b, int i, int g) noexcept nogil
    cdef void c_remember_draw(self, int* b, int i) noexcept nogil
    cdef void c_unseen_plays(self, int* b, int i, int* ct, int* tot) noexcept nogil
    cdef void c_segments_seen(self, int* b, int i) noexcept nogil
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef int horizon_mark(self, int[::1] buf)
    cpdef void horizon_close(self, int[::1] buf, int weight)
