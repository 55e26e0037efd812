# Declarations of city_and_guilds_bounds.py for Cython (contracts there).
from cython_ext.city_and_guilds_layout cimport EMPTY, MINSTREL, NG, NK, PLACE, DRAW, TAVERN_PH, END

cpdef enum:
    ENDINGS = 3    # empty spaces up to which every ending is played out
from cython_ext.city_and_guilds_scoring cimport CityAndGuildsScoring, half_up, popcount


cdef int _turns(int first, int E, int P, int p) noexcept nogil
cdef int _pay(int v, int place) noexcept nogil
cdef int _pay_hi(int v, int place, bint lone) noexcept nogil
cdef int _track(CityAndGuildsScoring k, int* b, int g, int p, int first, int E, bint worst) noexcept
cdef int _guild_value(CityAndGuildsScoring k, int g, int nc, int E, int* near, int emask,
                      bint lo) noexcept
cdef int _endings(CityAndGuildsScoring k, int[:, ::1] w, int level, int* lo, int* hi, int found,
                  bint again) except -1
cdef int cag_bounds(CityAndGuildsScoring k, int* b, int* lo, int* hi) except -1
