# Declarations of walled_city_bounds.py for Cython (contracts there).
cimport cython
from cython_ext.kernel cimport ptr
from cython_ext.walled_city_board cimport K, MAXA, MAXO, MAXT, NDICE, NF, OWN
from cython_ext.walled_city_board cimport P_LOC, P_CARD, P_SPLIT, P_N1, P_PROMOTE, P_ADJUST, P_DCARD, P_DZONE
from cython_ext.walled_city_powers cimport WalledCityPowers


cdef int _imin(int a, int b) noexcept nogil
cdef bint _ahead(int* clo, int* chi, int* nlo, int* nhi, int o, int p) noexcept nogil
cdef bint _behind(int* clo, int* chi, int* nlo, int* nhi, int o, int p) noexcept nogil


# Final (nothing subclasses it): its cdef methods are called directly, not through the vtable.
@cython.final
cdef class WalledCityBounds:
    cdef int[::1] comp      # neighbourhood label of each area
    cdef int[::1] inn       # per label: 1 where a build turn left may settle, promote or adjust (N*)
    cdef int[::1] flee      # per label: 1 its nobles may flee at the count, 2 they surely do
    cdef int[::1] mark      # per label, then per tower: a faction counted it already
    cdef int[::1] inT       # per tower: 1 where a promotion or an adjustment may still come (T*)
    cdef int[::1] clo, chi  # per label and owner: citizens at the count, lowest and highest
    cdef int[::1] nlo, nhi  # nobles, the same
    cdef int[::1] chl, chh  # per label: survey chits summed, lowest and highest
    cdef int[::1] twl, twh  # per tower and owner: watchmen, lowest and highest
    cdef int[::1] cs        # per tower and seat: 1 it may hold the tower first, 2 second only, 0 neither
    cdef int[::1] S, SN     # per owner: citizens (nobles) it may still settle
    cdef int[::1] avail     # per owner: nobles it has where a promotion may come
    cdef int[::1] fcl, fch, fnl, fnh   # a faction's sums of the four per owner
    cdef int[::1] cnt, nob, add        # one exact count

    cdef int gain2(self, WalledCityPowers k, int* b, int z, int t, int h, int p, bint last) noexcept
    cdef int bounds(self, WalledCityPowers k, int* b, int* lo, int* hi) noexcept
