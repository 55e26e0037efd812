# Declarations of guildes_round_end.py for Cython: the end of a Guildes round
# (the unplayed cards discarded, the count, the next round), on the layout.

from libc.string cimport memset
from cython_ext.guildes_count cimport c_count_votes, c_exclude_ties
from cython_ext.kernel cimport ptr
from cython_ext.guildes_layout cimport GuildesLayout, imod, EVENT, NOTIES, OVER


cdef class GuildesRoundEnd(GuildesLayout):
    cdef void c_end_round(self, int* b) noexcept nogil
    cdef void c_remember_round(self, int* b) noexcept nogil
    cdef void c_remember_draw(self, int* b, int i) noexcept nogil
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef int horizon_mark(self, int[::1] buf)
    cpdef void horizon_close(self, int[::1] buf, int weight)
