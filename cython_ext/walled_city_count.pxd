# Declarations of walled_city_count.py for Cython: counting votes.
from cython_ext.kernel cimport ptr
from cython_ext.walled_city_board cimport WalledCityBoard, NF, NDICE, MAXA, MAXO, MAXT


cdef int tdiv(int a, int b) noexcept


cdef class WalledCityCount(WalledCityBoard):
    # scratch (see walled_city_count.py for who uses which)
    cdef int s_add[MAXO]
    cdef int s_cnt[MAXO]
    cdef int s_nob[MAXO]
    cdef int s_done[MAXO]
    cdef int s_mark[MAXA]
    cdef int s_lc[MAXA * MAXO]     # citizens per neighbourhood label and owner (label_sums_)
    cdef int s_ln[MAXA * MAXO]     # nobles, the same
    cdef int s_lchit[MAXA]         # survey chits per label
    cdef int s_fl[2 * NF * NDICE]  # per faction its labels, then (NF + faction) its towers
    cdef int s_nl[2 * NF]          # how many of each
    cdef int s_fv[NF]              # each faction's value
    cdef int tower_z[MAXT * 2]     # topology: each tower's first and last defense zone, -1 none

    cdef inline int cit(self, int* b, int a, int o) noexcept
    cdef void majority_split_(self, int* cnt, int* nob, int value, int* add) noexcept
    cdef void place_split_(self, int* cnt, int* nob, int chit, int* add) noexcept
    cdef void label_sums_(self, int* b, int* comp) noexcept
    cdef void score_neighbourhoods_(self, int* b, int* comp, int* add) noexcept
    cdef int faction_value_(self, int* b, int f, int towers) noexcept
    cdef void score_factions_(self, int* b, int* comp, int towers, int* add) noexcept
    cdef int zone_half_(self, int* b, int z, int t) noexcept
    cdef void score_towers_(self, int* b, int* add) noexcept
    cdef void flee_(self, int* b, int* comp) noexcept
    cdef void count_votes_(self, int* b) noexcept
