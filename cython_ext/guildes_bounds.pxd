# Declarations of guildes_bounds.py for Cython: the endgame solver's bounds on
# each seat's final votes (contracts in the .py).

from cython_ext.guildes_count cimport MAXP
from cython_ext.guildes_layout cimport GuildesLayout, PLAY

cpdef enum:
    MAXN = 8            # seats the scratch holds
    MAXG = 64           # guilds the scratch holds
    KW = 4              # cards a seat may keep back, 0 .. KW - 1 (its slack)
    BIG = 1000000       # past any knapsack entry a way reaches
    FULLMAX = 1048576   # a seat's cards of one guild the column keys hold
    # the scratch (``d``): offsets, then its size
    S_SLACK = 0         # per seat: the cards of its hand it will not play (MAXN)
    S_CNT = 8           # per seat: one guild's counts (MAXN)
    S_DP = 16           # the knapsack's row (KW)
    S_FULL = 32         # per seat and guild: its cards with its whole hand played (MAXN x MAXG)
    S_KEEP = 544        # per seat and guild: the most it may keep back (MAXN x MAXG)
    S_EXTRA = 1056      # per seat and guild: its cards past its plays left (MAXN x MAXG)
    S_KEY = 1568        # per guild and seat: the column last valued, -1 none (MAXG x MAXN)
    S_GAIN = 2080       # per guild, seat and bound: the votes per card kept back (MAXG x MAXN x 2 x KW)
    SCRATCH = 6176


cpdef bint monotone(object values, object places, int G, int militia, int mvotes)
cpdef bint bounds_fit(int n, int G, int dealt)
cdef int _votes(int* d, int n, int npl, int* vals, int vbase, int who) noexcept nogil
cdef void _column(GuildesLayout k, int* d, int g) noexcept
cdef int _extreme(GuildesLayout k, int* d, int i, bint most) noexcept
cdef int gu_bounds(GuildesLayout k, int* b, int* lo, int* hi, int* d) noexcept
cdef void bounds_scratch(int* d) noexcept nogil
