# Declarations of walled_city.py for Cython: the complete Walled City kernel.
from cython_ext.kernel cimport Rng, ptr, dptr, CHANCE, rng_below, rng_random
from cython_ext.walled_city_board cimport OWN, K, MAXM, MAXO, MAXZ, P_CHANCE, P_DCARD, P_DZONE, P_END, P_PCHANCE, P_POWER
from cython_ext.walled_city_board cimport P_START, P_LOC
from cython_ext.walled_city_powers cimport WalledCityPowers
from cython_ext.walled_city_power_board cimport DONE, MAXTR, W_BUTCHERS
from cython_ext.walled_city_policy cimport WalledCityPolicy
from cython_ext.walled_city_bounds cimport WalledCityBounds
from cython_ext.walled_city_power_board cimport TR_W, TR_G, TR_R, TR_X, TR_B, TR_LOOK, TR_DONE, TR_FZG, TR_FZR
from cython_ext.walled_city_power_board cimport TR_SG, TR_LK, TR_LKO


cpdef enum:
    RESTARTS = 30   # bounded attempts of determinize's search for hidden trades, then an unbounded one
    BUDGET = 64     # search nodes per trade in a bounded attempt


cdef class WalledCityKernel(WalledCityPowers):
    # scratch: chance outcomes (sample_chance_), rollout moves, determinize's cards
    cdef int s_outcomes[MAXM]
    cdef double s_probs[MAXM]
    cdef int s_moves[MAXM]
    cdef int s_off[3]
    cdef int s_cards[48]
    # scratch of determinize's rebuilding of Butchers trades
    cdef int s_dlt[MAXO * OWN]     # net change of each seat's unseen cards by the trades so far
    cdef int s_f[MAXO]             # a rival's round-1 face-down card type the trades fixed (OWN: off-colour), -1
    cdef int s_fz[MAXO]            # its zone
    cdef int s_x[MAXTR]            # per trade the card given
    cdef int s_r[MAXTR]            # the card that came back
    cdef int s_lk[MAXTR * OWN]     # the looked-at hand
    cdef int s_cand[MAXTR * 4 * (OWN + 1)]  # candidates per search level
    cdef int s_h[OWN]              # a hand then
    cdef int s_tmp[OWN]            # a seat's cards ahead (ahead_)
    cdef int s_nodes, s_budget     # search nodes of this attempt, its bound
    cdef WalledCityPolicy policy   # move_values: the heuristic (walled_city_policy)
    cdef WalledCityBounds bnd      # score_bounds: the solver's bounds (walled_city_bounds)

    cdef int looking_(self, int* b, int seat, int p) noexcept
    cdef int known_off_(self, int* b, int seat, int p) noexcept
    cdef void shuffle_(self, int* a, int c, int n, Rng rng) noexcept
    cdef int hand_then_(self, int* b, int i, int v, int* out) noexcept
    cdef int bfinal_(self, int* b, int seat) noexcept
    cdef int ahead_(self, int* b, int seat, int i, int p) noexcept
    cdef void prefer_(self, int* b, int seat, int i, int p, int* cand, int c, int nc) noexcept
    cdef int bdfs_(self, int* b, int seat, int i, int v, Rng rng) noexcept
    cdef int rebuild_trades_(self, int* b, int seat, Rng rng) noexcept

    cdef int sample_chance_(self, int* b, Rng rng) noexcept
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cpdef int rank_keys(self, int[::1] buf, int[::1] out)
    cpdef int score_bounds(self, int[::1] buf, int[::1] lo, int[::1] hi)
    cpdef int move_values(self, int[::1] buf, int seat, int[::1] moves, int n, double[::1] out)
