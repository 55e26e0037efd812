# Declarations of walled_city_power_legal.py for Cython: when a guild power may be activated,
# and the choices of its steps.
from cython_ext.kernel cimport ptr
from cython_ext.walled_city_board cimport NDICE, OWN, K, P_LOC, P_POWER
from cython_ext.walled_city_power_board cimport WalledCityPowerBoard, DONE, MAXTR
from cython_ext.walled_city_power_board cimport ARG_NONE, ARG_LOC, ARG_AREA, ARG_TOWER, ARG_OWNER, ARG_ITEM
from cython_ext.walled_city_power_board cimport ARG_PIECE, ARG_KIND, ARG_GUILD, ARG_SPLIT, ARG_COUNT, ARG_CARD
from cython_ext.walled_city_power_board cimport W_MERCERS, W_GROCERS, W_DRAPERS, W_FISHMONGERS, W_GOLDSMITHS
from cython_ext.walled_city_power_board cimport W_SKINNERS, W_TAYLORS, W_HABERDASHERS, W_SALTERS, W_IRONMONGERS
from cython_ext.walled_city_power_board cimport W_VINTNERS, W_CLOTHWORKERS, W_CARPENTERS, W_PAINTERS, W_BAKERS
from cython_ext.walled_city_power_board cimport W_BUTCHERS, W_BARBERS, W_IRONMONGERS_B, W_SADDLERS, W_CURRIERS


cdef class WalledCityPowerLegal(WalledCityPowerBoard):
    cdef int can_power_(self, int* b, int seat, int w) noexcept
    cdef int saddlers_kinds_(self, int* b) noexcept
    cdef int can_act_(self, int* b, int seat) noexcept
    cdef int power_arg_(self, int* b) noexcept
    cpdef int power_arg(self, int[::1] buf)
    cdef int power_legal_(self, int* b, int seat, int* out) noexcept
