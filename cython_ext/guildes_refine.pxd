# Declarations of guildes_refine.py for Cython: the sweeps that bring Guildes'
# play-phase determinize close to the exact distribution of worlds.

from cython_ext.kernel cimport Rng, rng_below

cpdef enum:
    SWEEPS = 8      # sweeps after each play-phase placement: docs/games/guildes.md, "Bias of the play-phase placement"
    NOSRC = -2      # slot_src below -1: a card the determinizing seat knows, never moved


cdef void c_sweeps(Rng rng, int sweeps, int nslots, int n, int G, int seat, int* slot_src, int* slot_card,
                   int* slot_own, int* pool, int* seg, int* b, int o_played, int* hand,
                   int* extra) noexcept
cdef int c_draw_cover(Rng rng, int* rem, int off, int G, int a) noexcept
