# Declarations of walled_city_rounds.py for Cython: the two rounds as moves.
from cython_ext.kernel cimport ptr, dptr, CHANCE
from cython_ext.walled_city_board cimport NF, NDICE, OWN, K, CHIT_BASE, NGUILD, MAXA, MAXO, MAXC, MAXT
from cython_ext.walled_city_board cimport P_CHANCE, P_START, P_ALIGN, P_LOC, P_CARD, P_SPLIT, P_N1, P_N2
from cython_ext.walled_city_board cimport P_PROMOTE, P_ADJUST, P_DCARD, P_DZONE, P_END
from cython_ext.walled_city_count cimport WalledCityCount


cdef class WalledCityRounds(WalledCityCount):
    # scratch of legal_ (P_ADJUST): dice and chits the turn may adjust
    cdef int s_dmask[NDICE]
    cdef int s_cmask[MAXC]
    # scratch of promote_sources_: per owner 1 if it has a noble to promote
    cdef int s_src[MAXO]
    # neighbourhood labels of the promote and adjust steps (nbh_), kept inside a rollout
    # (s_roll) while s_nok: no road or path side changed since they were worked out
    cdef int s_ncomp[MAXA + MAXT]   # then -1 for each tower's place (na + tower)
    cdef int s_roll, s_nok

    # turn order
    cdef void sort_order_(self, int* b, int by_score, int key_off) noexcept
    cdef void next_turn_(self, int* b) noexcept
    cdef void start_build_(self, int* b) noexcept
    cdef void end_defense_(self, int* b) noexcept
    cdef void begin_align_(self, int* b) noexcept
    # guild powers
    cdef void power_hook_(self, int* b, int seat) noexcept
    cdef inline void enter_step_(self, int* b, int ph) noexcept
    # moves
    cdef void nbh_(self, int* b) noexcept
    cdef void adjust_targets_(self, int* b, int* dmask, int* cmask) noexcept
    cdef int promote_sources_(self, int* b, int* src) noexcept
    cdef int promote_source_(self, int* b, int o) noexcept
    cdef int promote_open_(self, int* b) noexcept
    cdef int can_promote_(self, int* b) noexcept
    cdef int legal_(self, int* b, int seat, int* out) noexcept
    cdef inline void place_(self, int* b, int seat, int area, int cnt, int nobles) noexcept
    cdef inline int settle_count_(self, int* b, int seat, int want) noexcept
    cdef void after_settle_(self, int* b) noexcept
    cdef void apply_chance_(self, int* b, int move) noexcept
    cdef void apply_(self, int* b, int seat, int move) noexcept
    cdef int chance_(self, int* b, int* outcomes, double* probs) noexcept
    # the Kernel contract
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cpdef int legal(self, int[::1] buf, int seat, int[::1] out)
    cpdef void apply(self, int[::1] buf, int seat, int move)
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
