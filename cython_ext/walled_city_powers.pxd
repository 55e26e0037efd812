# Declarations of walled_city_powers.py for Cython: the twenty guild powers as moves, in the turn.
# The powers' constants are declared in walled_city_power_board.pxd (cimport them from there).
from cython_ext.kernel cimport ptr, CHANCE
from cython_ext.walled_city_board cimport NDICE, P_LOC, P_SPLIT, P_PROMOTE, P_ADJUST, P_TEND, P_POWER, P_PCHANCE
from cython_ext.walled_city_rounds cimport WalledCityRounds
from cython_ext.walled_city_power_board cimport ACT, DONE
from cython_ext.walled_city_power_apply cimport WalledCityPowerApply


cdef class WalledCityPowers(WalledCityPowerApply):
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    # overrides of walled_city_rounds
    cdef void power_hook_(self, int* b, int seat) noexcept
    cdef void next_turn_(self, int* b) noexcept
    cdef int promote_open_(self, int* b) noexcept
    cdef void end_defense_(self, int* b) noexcept
    cdef int legal_(self, int* b, int seat, int* out) noexcept
    cdef void apply_(self, int* b, int seat, int move) noexcept
    cdef int chance_(self, int* b, int* outcomes, double* probs) noexcept
