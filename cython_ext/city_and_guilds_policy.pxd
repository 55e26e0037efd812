# Declarations of city_and_guilds_policy.py: the City and Guilds heuristic
# (kernel.move_values) for rollout policies and progressive bias.
cimport cython

from cython_ext.kernel cimport ptr
from cython_ext.city_and_guilds_layout cimport MINSTREL, TAVERN, EMPTY, NG, NK, DISCARD, SETUP, PLACE, TAVERN_PH, DRAW
from cython_ext.city_and_guilds_scoring cimport CityAndGuildsScoring


# Final (nothing subclasses it): its cdef methods are called directly, not through the vtable.
@cython.final
cdef class CityAndGuildsPolicy:
    cdef int[::1] bld       # per block and seat: buildings with the seat's men
    cdef int[::1] menc      # per block and seat: the seat's men
    cdef int[::1] gcnt      # per block and guild: guild tiles
    cdef int[::1] gtot      # per guild: its tiles on the board
    cdef int[::1] empty     # per block: empty spaces
    cdef int[::1] bval      # per block: value now
    cdef double[::1] before # per block: the seat's weighted payments now (UNKNOWN: not read yet)
    cdef double[::1] worth  # per guild: what its track places are worth
    cdef int[::1] rank      # per guild: the seat's track place (1-based, 0 off the track)
    cdef int[::1] ntrack    # per guild: seats on the track
    cdef int open_blocks    # blocks not yet counted
    cdef double[::1] fmemo  # per block, kind and option: fill_value in this call (place_value)
    cdef int[::1] fstamp    # the call that wrote it
    cdef double[::1] kmemo  # per kind and option: place_value's men and investment part in this call
    cdef int[::1] kmen      # and the men it places
    cdef int[::1] kstamp    # the call that wrote them
    cdef int calls          # values calls so far (the stamp)

    cdef int values(self, CityAndGuildsScoring k, int* b, int seat, int* moves, int n,
                    double* out) except -1
    cdef int read_board(self, CityAndGuildsScoring k, int* b, int seat) noexcept
    cdef int count_guild_tiles(self, CityAndGuildsScoring k, int* b) noexcept
    cdef int read_tracks(self, CityAndGuildsScoring k, int* b, int seat, int total) noexcept
    cdef double read_before(self, CityAndGuildsScoring k, int* b, int seat, int blk) noexcept
    cdef double place_value(self, CityAndGuildsScoring k, int* b, int seat, int kind, int sp, int opt) noexcept
    cdef double fill_value(self, CityAndGuildsScoring k, int* b, int seat, int blk, int g, int men,
                           int add, int tavern) noexcept
    cdef double block_pay(self, CityAndGuildsScoring k, int* b, int seat, int blk, int p, int men,
                          int building, int value) noexcept
    cdef bint ahead(self, int o, int p, int q) noexcept
    cdef double guild_pay(self, int blk, int g) noexcept
    cdef double final_share(self, int g) noexcept
    cdef double invest_value(self, CityAndGuildsScoring k, int* b, int seat, int g, int steps) noexcept
    cdef double keep_value(self, CityAndGuildsScoring k, int* b, int seat, int kind) noexcept


cdef double track_share(int r) noexcept
