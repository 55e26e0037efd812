# Declarations of walled_city_power_apply.py for Cython: playing a guild power.
from cython_ext.walled_city_board cimport MAXO, NDICE, OWN, K, P_ADJUST, P_PCHANCE, P_POWER, P_PROMOTE, P_TEND
from cython_ext.walled_city_rounds cimport WalledCityRounds
from cython_ext.walled_city_power_legal cimport WalledCityPowerLegal
from cython_ext.walled_city_power_board cimport DONE, TR_W, TR_G, TR_R, TR_X, TR_B, TR_LOOK, TR_DONE, TR_FZG, TR_FZR
from cython_ext.walled_city_power_board cimport TR_SG, TR_SR, TR_LK, TR_LKO
from cython_ext.walled_city_power_board cimport W_MERCERS, W_GROCERS, W_DRAPERS, W_FISHMONGERS, W_GOLDSMITHS
from cython_ext.walled_city_power_board cimport W_SKINNERS, W_TAYLORS, W_HABERDASHERS, W_SALTERS, W_IRONMONGERS
from cython_ext.walled_city_power_board cimport W_VINTNERS, W_CLOTHWORKERS, W_CARPENTERS, W_PAINTERS, W_BAKERS
from cython_ext.walled_city_power_board cimport W_BUTCHERS, W_BARBERS, W_IRONMONGERS_B, W_SADDLERS, W_CURRIERS


cdef class WalledCityPowerApply(WalledCityPowerLegal):
    cdef void start_power_(self, int* b, int seat, int w) noexcept
    cdef void finish_power_(self, int* b, int seat) noexcept
    cdef void fence_done_(self, int* b, int seat) noexcept
    cdef void butcher_give_(self, int* b, int a, int x) noexcept
    cdef void butcher_next_(self, int* b) noexcept
    cdef void power_apply_(self, int* b, int seat, int m) noexcept
