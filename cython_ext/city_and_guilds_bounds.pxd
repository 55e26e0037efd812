# Declarations of city_and_guilds_bounds.py for Cython (contracts there).
from cython_ext.city_and_guilds_layout cimport EMPTY, MINSTREL, NFACE, NG, NK, PLACE, DRAW, TAVERN_PH, END

cpdef enum:
    DPMAX = 256    # rivals' tile budgets _least tracks exactly (combinations)
    KMAX = 4       # a seat's tiles _most splits exactly between units
    MAXU = 16      # blocks a board may have for the budgeted bounds
    BIG = 1000000  # a cost no budget meets, a pay no split reaches
    # the scratch of _least/_most (``d``): offsets, then its size
    S_CAP = 0      # per seat: tiles it may spend
    S_COST = 8     # per unit and seat: tiles to get ahead there (MAXU x 8)
    S_PAY = 136    # per unit and number of rivals ahead: the seat's pay (MAXU x 8)
    S_GAIN = 264   # per unit and tiles the seat spends there: its most (MAXU x (KMAX + 1))
    S_DP = 344     # two rows of DPMAX
    S_AV = 856     # minstrels, taverns, markets not on the board yet
    S_LEFT = 860   # per guild: tiles not on the board yet
    S_VLO = 864    # per guild: lowest final chain value
    S_VHI = 868    # per guild: highest final chain value
    S_CTL = 872    # per guild: open blocks it surely controls
    MAXS = 128     # spaces a board may have for the budgeted bounds
    S_W = 880      # per empty space: chain tiles around it, then (at + MAXS) blocks
    EMAX = 8       # empty spaces up to which the final count shares them between the guilds
    S_VN = 1136    # per guild and new tiles 0..EMAX: its highest final value
    S_FP = 1176    # per guild, new tiles and the seat's tiles: its most (NG x (EMAX+1) x (KMAX+1))
    S_UCAP = 1360  # per unit: the tiles all rivals together can spend there (MAXU)
    S_NW = 1376    # the empty spaces _guild_value's scan counted
    SCRATCH = 1377
from cython_ext.city_and_guilds_scoring cimport CityAndGuildsScoring, chain_points, half_up, popcount
from cython_ext.city_and_guilds_endings cimport ENDINGS, cag_endings


cdef int _turns(int first, int E, int P, int p) noexcept nogil
cdef int _pay(int v, int place) noexcept nogil
cdef int _pay_hi(int v, int place, bint lone) noexcept nogil
cdef int _gc_pay(int place) noexcept nogil
cdef int _track(CityAndGuildsScoring k, int* b, int g, int p, int first, int E, bint worst) noexcept
cdef int _guild_value(CityAndGuildsScoring k, int* b, int[::1] d, int g, int nc, int E, int* near,
                      int emask, bint lo, bint scan) noexcept
cdef int _top_sum(int[::1] d, int o, int n, int L) noexcept
cdef int _least(int[::1] d, int U, int P, int p) noexcept
cdef int _most(int[::1] d, int U, int c) noexcept
cdef int _kind_value(CityAndGuildsScoring k, int i) noexcept
cdef int _value_gain(CityAndGuildsScoring k, int[::1] d, int empt) noexcept
cdef int _final_pay(CityAndGuildsScoring k, int* b, int g, int p, int v, int a) noexcept
cdef int _final_most(CityAndGuildsScoring k, int* b, int[::1] d, int p, int E, int cp) noexcept
cdef int _block_census(CityAndGuildsScoring k, int* b, int blk, int* cnt) noexcept
cdef int cag_bounds(CityAndGuildsScoring k, int* b, int* lo, int* hi) except? -1
cdef int cag_free_words(CityAndGuildsScoring k, int* b, int* out) noexcept
