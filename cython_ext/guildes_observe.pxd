# Declarations of guildes_observe.py for Cython: what each Guildes seat sees
# (observed_move, observe) on top of the rules.

from cython_ext.kernel cimport ptr
from cython_ext.guildes_rules cimport GuildesRules, imod, CHOSEN, DEAL, DRAFT, PLAY, REDIS, RDEAL, TRICK, DPICK, SEQ, START, FACEDOWN


cdef class GuildesObserve(GuildesRules):
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef int revealed_move(self, int[::1] buf, int actor, int move, int observer) except? -2
    cpdef void observe(self, int[::1] buf, int seat)
    cdef void c_observe(self, int* b, int seat) noexcept nogil
    cdef int c_rows_seen(self, int* b) noexcept nogil
