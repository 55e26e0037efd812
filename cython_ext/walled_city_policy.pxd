# Declarations of walled_city_policy.py: the Walled City heuristic
# (kernel.move_values) for rollout policies and progressive bias.
cimport cython

from cython_ext.kernel cimport ptr
from cython_ext.walled_city_board cimport NF, NDICE, OWN, K, CHIT_BASE, MAXA, MAXO
from cython_ext.walled_city_board cimport P_LOC, P_CARD, P_SPLIT, P_N1, P_N2, P_PROMOTE, P_ADJUST, P_DCARD, P_DZONE
from cython_ext.walled_city_powers cimport WalledCityPowers


# Final (nothing subclasses it): its cdef methods are called directly, not through the vtable.
@cython.final
cdef class WalledCityPolicy:
    cdef int[::1] comp      # unit of each area: itself (round 1) or its neighbourhood's label (round 2)
    cdef int[::1] ucnt      # citizens per unit and owner
    cdef int[::1] unob      # nobles per unit and owner
    cdef int[::1] udice     # faction symbols per unit
    cdef int[::1] uchit     # survey chits per unit
    cdef int[::1] cnt       # one unit's (or tower's, or faction's) counts per owner
    cdef int[::1] nob
    cdef int[::1] add       # place_split_'s votes per owner
    cdef int[::1] fcnt      # per faction and owner, citizens beside its dice
    cdef int[::1] fnob
    cdef int[::1] fmark     # per faction and unit: counted already

    cdef int values(self, WalledCityPowers k, int[::1] buf, int seat, int[::1] moves, int n,
                    double[::1] out) except -1
    cdef void units(self, WalledCityPowers k, int[::1] buf, int r2) noexcept
    cdef double side_gain(self, WalledCityPowers k, int[::1] buf, int seat, int p, int s, int c) noexcept
    cdef double gain(self, WalledCityPowers k, int seat, int u, int c) noexcept
    cdef double lead(self, WalledCityPowers k, int seat) noexcept
    cdef void noble_values(self, WalledCityPowers k, int[::1] buf, int seat, int ph, int[::1] moves, int n,
                           double[::1] out) noexcept
    cdef double tower_lead(self, WalledCityPowers k, int[::1] buf, int seat, int t, int extra) noexcept
    cdef double tower_stake(self, WalledCityPowers k, int[::1] buf, int t) noexcept
    cdef void promote_values(self, WalledCityPowers k, int[::1] buf, int seat, int[::1] moves, int n,
                             double[::1] out) noexcept
    cdef void adjust_values(self, WalledCityPowers k, int[::1] buf, int seat, int[::1] moves, int n,
                            double[::1] out) noexcept
    cdef double standing(self, WalledCityPowers k, int seat) noexcept
    cdef void zone_values(self, WalledCityPowers k, int[::1] buf, int seat, int[::1] moves, int n,
                          double[::1] out) noexcept
    cdef double tower_side(self, WalledCityPowers k, int[::1] buf, int seat, int t) noexcept
