# Declarations of walled_city.py for Cython: the complete Walled City kernel.
from cython_ext.kernel cimport Rng, ptr, dptr, CHANCE
from cython_ext.walled_city_board cimport OWN, K, MAXM, P_CHANCE, P_DCARD, P_DZONE, P_END, P_PCHANCE
from cython_ext.walled_city_powers cimport WalledCityPowers


cdef class WalledCityKernel(WalledCityPowers):
    # scratch: chance outcomes (sample_chance_), rollout moves, determinize's cards
    cdef int s_outcomes[MAXM]
    cdef double s_probs[MAXM]
    cdef int s_moves[MAXM]
    cdef int s_off[3]
    cdef int s_cards[48]

    cdef int sample_chance_(self, int* b, Rng rng) noexcept
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cpdef int rank_keys(self, int[::1] buf, int[::1] out)
