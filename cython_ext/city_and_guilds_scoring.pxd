# Declarations of city_and_guilds_scoring.py for Cython (contracts there).
from cython_ext.kernel cimport Kernel, ptr
from cython_ext.city_and_guilds_layout cimport NK, MINSTREL, TAVERN, EMPTY, NG, NFACE


cdef class CityAndGuildsScoring(Kernel):
    cdef public int S, B, men0, taverns, track_max
    cdef object _arrays            # the numpy arrays the int* attributes below point into
    # edition tables
    cdef int* adj
    cdef int* block_of
    cdef int* block_first
    cdef int* block_spaces
    cdef int* totals
    cdef int* values
    # scratch of the counts
    cdef int* bld
    cdef int* menc
    cdef int* order
    cdef int* comp
    cdef int* csize
    cdef int* cmask
    cdef int* cguild
    cdef int* stack
    cdef int* seen                 # 0 per space between calls (_guild_control's walk)
    cdef int* cnt
    cdef int* clen
    cdef int* cblk
    cdef int* gval                 # each guild's chain value, between _final_count's two halves
    # False while the endgame solver's endings play out: the game's end then leaves the final
    # count to them (city_and_guilds_endings counts it from the chains before their last tiles)
    cdef public bint count_final
    # buffer offsets of the fields
    cdef int o_phase, o_cur, o_stamp, o_tavleft, o_dealt, o_setupleft, o_money, o_men
    cdef int o_hsize, o_hand, o_known, o_pend, o_putback, o_face, o_supply, o_tile, o_mowner
    cdef int o_nmen, o_white, o_black, o_done, o_inv, o_istamp

    cdef bint need_refill(self, int* b) noexcept nogil
    cdef int piles_left(self, int* b) noexcept nogil
    cdef int men_placed(self, int* b, int seat, int kind, int opt) noexcept nogil
    cdef int invest_steps(self, int kind, int opt) noexcept nogil
    cdef void invest(self, int* b, int g, int p, int steps) noexcept nogil
    cdef bint track_before(self, int* b, int g, int p, int q) noexcept nogil
    cdef int rank_track(self, int* b, int g, int* order) noexcept nogil
    cdef int _block_counts(self, int* b, int blk, int* bld, int* menc) noexcept nogil
    cdef void update_owner(self, int* b, int blk, int p) noexcept nogil
    cdef int _chains(self, int* b, int* comp, int* csize, int* cmask, int* cguild) noexcept nogil
    cdef void pay_block_rules(self, int* b, int value, int first, int second, int third,
                              int present) noexcept nogil
    cdef int _block_value(self, int* b, int blk) noexcept nogil
    cdef int _block_third(self, int* b, int blk, int* bld, int* menc) noexcept nogil
    cdef int _guild_control(self, int* b, int blk) noexcept nogil
    cdef void _score_block(self, int* b, int blk) noexcept nogil
    cdef int _guild_chain_value(self, int* b, int g) noexcept nogil
    cdef int _chain_value(self, int nc, int g) noexcept nogil
    cdef void _final_count(self, int* b) noexcept nogil
    cdef void _pay_final(self, int* b, int* gval) noexcept nogil


cdef int half_up(int v) noexcept nogil
cdef int chain_points(int size, int blocks) noexcept nogil
cdef int popcount(unsigned int x) noexcept nogil
cdef int cmp3(int a0, int a1, int a2, int b0, int b1, int b2) noexcept nogil
