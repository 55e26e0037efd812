# Declarations of guildes_hidden.py for Cython: determinize, the deal
# consistent with what a Guildes seat sees (the layers below it:
# guildes_observe, guildes_draws, guildes_placement).

from libc.string cimport memcpy
from cython_ext.kernel cimport Rng, ptr
from cython_ext.guildes_refine cimport SWEEPS, c_sweeps
from cython_ext.guildes_placement cimport GuildesPlacement, FIXED
from cython_ext.guildes_rules cimport (
    imod, EVENT, DEAL, DRAFT, PLAY, OVER, TDEAL, REDIS, RDEAL, TRICK, DRAW, DPICK, REDIST)

cdef enum:
    RESTARTS = 10000    # fresh attempts of determinize before it gives up (the default of restarts)


cdef class GuildesHidden(GuildesPlacement):
    cdef public int restarts  # engine/playable.py's trial lowers it: interpreted, 10,000 failures take a minute
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef void determinize_keep(self, int[::1] buf, int seat, Rng rng)
    cdef void c_determinize(self, int[::1] buf, int seat, Rng rng, bint keep)
    cdef int c_fill(self, int* b, int seat, Rng rng)
