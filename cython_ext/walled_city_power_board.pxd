# Declarations of walled_city_power_board.py for Cython: the guild powers' constants and fields,
# and the board and hand readers their steps share (declared once here, cimported by the
# layers above: walled_city_power_legal, walled_city_power_apply, walled_city_powers).
from cython_ext.walled_city_board cimport NDICE, NGUILD, MAXO, MAXP, MAXG, OWN, K, P_POWER
from cython_ext.walled_city_rounds cimport WalledCityRounds

# special moves of a build turn
cpdef enum:
    ACT = 63        # activate your guild's power (construct, settle, promote, adjust, turn end)
    DONE = 62       # decline the rest of a power / end the turn / cannot build: piece to the box

# power codes (edition key "power"; walled_city_powers.py documents each)
cpdef enum:
    W_MERCERS
    W_GROCERS
    W_DRAPERS
    W_FISHMONGERS
    W_GOLDSMITHS
    W_SKINNERS
    W_TAYLORS
    W_HABERDASHERS
    W_SALTERS
    W_IRONMONGERS
    W_VINTNERS
    W_CLOTHWORKERS
    W_CARPENTERS
    W_PAINTERS
    W_BAKERS
    W_BUTCHERS
    W_BARBERS
    W_IRONMONGERS_B
    W_SADDLERS
    W_CURRIERS
    NPOWER

# what a power step's move names (power_arg)
cpdef enum:
    ARG_NONE
    ARG_LOC         # area id, or areas + tower id
    ARG_AREA
    ARG_TOWER
    ARG_OWNER
    ARG_ITEM        # die id, or 20 + chit id
    ARG_PIECE       # path id, or paths + gap id
    ARG_KIND        # 0 three peasants, 1 two nobles
    ARG_GUILD
    ARG_SPLIT       # Carpenters: a fence split of the chosen area
    ARG_COUNT       # Carpenters: how many of one owner's nobles / peasants go to the far half
    ARG_CARD        # Butchers: a construction card type (given, returned or taken)

# Carpenters' fence splits (edition key "fences")
cpdef enum:
    MAXS = 6        # splits per printed area
    MAXA0 = 32      # printed areas (MAXA also holds their far halves)
    FPATH_N = 6144  # MAXA0 * MAXS * MAXP
    FGAP_N = 3072   # MAXA0 * MAXS * MAXG

# Butchers' trade log (buffer field `bt`: MAXTR records of TR_W words, `nbt` used)
cpdef enum:
    MAXTR = 12      # trades per game the log holds (activation needs room for players - 1)
    TR_W = 42       # words per trade
    TR_G = 0        # the giver (the Butcher)
    TR_R = 1        # the receiver
    TR_X = 2        # the card type given (-1 in a third seat's view)
    TR_B = 3        # the card type that came back: returned or taken (-1 hidden / pending)
    TR_LOOK = 4     # 1: nothing higher to return, the giver looked and took one (public)
    TR_DONE = 5     # 1 once the card came back
    TR_FZG = 6      # the giver's face-down defense zone then (round 2), -1 none
    TR_FZR = 7      # the receiver's
    TR_SG = 8       # the giver's public pool then (OWN words)
    TR_SR = 19      # the receiver's public pool then
    TR_LK = 30      # the receiver's hand the giver looked at (with the given card; -1 hidden)
    TR_LKO = 41     # the off-colour card in that hand (-1 none or hidden)


cdef class WalledCityPowerBoard(WalledCityRounds):
    cdef readonly int o_piv, o_pw_kind, o_pw_step, o_pw_ret, o_pw_o, o_pw_a, o_pw_b, o_pw_n, o_pw_m
    cdef readonly int o_drape, o_tused, o_nbt, o_bt
    cdef int gpower[NGUILD]
    cdef int gconst[NGUILD]
    cdef int passive[MAXO]     # seats that never activate (variants no-powers-N)
    cdef int nsplit[MAXA0]     # fence splits per printed area
    cdef int fpath[FPATH_N]    # (area, split, path): 1 borders the far half, 2 both halves (T-path side)
    cdef int fgap[FGAP_N]      # (area, split, gap): 1 borders the far half

    # pieces, dice and chits
    cdef inline int nob_at_(self, int* b, int loc, int o) noexcept
    cdef inline void add_nob_(self, int* b, int loc, int o, int d) noexcept
    cdef int count_on_board_(self, int* b, int o, int nobles, int towers) noexcept
    cdef int any_on_board_(self, int* b, int o, int nobles, int towers) noexcept
    cdef int filled_(self, int* b) noexcept
    cdef int item_loc_(self, int* b, int i) noexcept
    cdef int swap_ok_(self, int* b, int i, int j) noexcept
    cdef int swap_changes_(self, int* b, int i, int j) noexcept
    cdef int on_path_(self, int* b, int a) noexcept
    cdef int movable_(self, int* b, int a, int o) noexcept
    cdef int from_(self, int* b, int x, int y, int who, int peasants) noexcept
    cdef int next_owner_(self, int* b, int seat, int o) noexcept
    # Carpenters' fences
    cdef int active_(self, int* b, int a) noexcept
    cdef void put_fence_(self, int* b, int a, int s) noexcept
    cdef int next_part_(self, int* b, int a, int i) noexcept
    cdef int fence_items_(self, int* b, int a) noexcept
    cdef void move_items_(self, int* b, int x, int y) noexcept
    # Butchers' trades
    cdef int tot_(self, int k) noexcept
    cdef int own_cards_(self, int* b, int p) noexcept
    cdef int higher_(self, int* b, int p, int x) noexcept
    cdef int fdown_zone_(self, int* b, int p) noexcept
    cdef int decider_(self, int* b) noexcept
