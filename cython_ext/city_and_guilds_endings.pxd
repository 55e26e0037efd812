# Declarations of city_and_guilds_endings.py for Cython (contracts there).
from libc.string cimport memcpy
from cython_ext.kernel cimport ptr
from cython_ext.city_and_guilds_layout cimport EMPTY, MINSTREL, NG, NK, PLACE, DRAW, TAVERN_PH, END
from cython_ext.city_and_guilds_scoring cimport CityAndGuildsScoring, chain_points, popcount

cpdef enum:
    ENDINGS = 3    # empty spaces up to which every ending is played out
    # rows of the chains' scratch (``ch``), each ``max(S, COLS)`` wide
    R_COMP = 0     # per space: its chain before the last tiles, -1 for none
    R_SIZE = 1     # per chain: its tiles
    R_MASK = 2     # per chain: its blocks (a bit each)
    R_GUILD = 3    # per chain: its guild
    R_VAL = 4      # per chain: its value (tiles plus the block bonus)
    R_ORDER = 5    # the chains guild by guild, each guild's best first
    R_MARK = 6     # per chain: the stamp of the count that joined it to new tiles
    R_MISC = 7     # the columns below
    R_GVAL = 8     # per guild: its final chain value
    R_BSIZE = 9    # per guild: the tiles of the chain that value is of
    ROWS = 10
    C_FIRST = 0    # per guild: where its chains start in R_ORDER (NG + 1 entries)
    C_NE = 5       # empty spaces before the last tiles
    C_EMPTY = 6    # those spaces (up to ENDINGS)
    C_NEW = 9      # the guild tiles an ending put on them (up to ENDINGS)
    C_GRP = 12     # per new tile: its group (new tiles of one guild joined)
    C_STAMP = 15   # the stamp of the last count
    COLS = 16


cdef int _base_chains(CityAndGuildsScoring k, int* b, int[:, ::1] ch) noexcept
cdef int _empties(CityAndGuildsScoring k, int* b, int[:, ::1] ch) noexcept
cdef void _chain_values(CityAndGuildsScoring k, int* b, int[:, ::1] ch) noexcept
cdef int _endings(CityAndGuildsScoring k, int[:, ::1] w, int[:, ::1] ch, int level, int* lo, int* hi,
                  int found) except -1
cdef void _copy(int[:, ::1] w, int level, int n) noexcept
cdef int cag_endings(CityAndGuildsScoring k, int* b, int* lo, int* hi, bint incremental) except -1
cpdef int endings_bounds(CityAndGuildsScoring k, int[::1] buf, int[::1] lo, int[::1] hi, bint incremental=*) except -1
cpdef void chain_values(CityAndGuildsScoring k, int[::1] base, int[::1] buf, int[::1] out) except *
