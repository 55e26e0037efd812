# Declarations of between_two_cities_placement.py: the base layer of the Between
# Two Cities kernel (configuration, city boards, where a tile may go).

from libc.string cimport memcmp, memcpy
from cython_ext.kernel cimport Kernel, ptr
from cython_ext.between_two_cities_encoding cimport BW, NCELL, CENTER, TILE, HALF, MAX_MOVES

cpdef enum:
    ROWS = 9            # city_info: where the row masks start (tiles, then empty cells)
    ADJ = 27            # city_info: the row masks of the cells next to a tile (ROWS + 2 * BW)
    INFO = 36           # city_info: its size (ADJ + BW)
    GMEMO = 512         # gen_cells: entries of its table (a power of two)
    GREC = 166          # gen_cells: an entry (mat + 1, duplex, duplex tiles built, count, NCELL cells, NCELL answers)


cdef class BetweenTwoCitiesPlacement(Kernel):
    # variant and edition sizes
    cdef public int NC, NPOS, NR, W, JAMEY, TWOSTD, DIST, NMAT, HASMAT, NKB, NKD
    # buffer offsets (engine/between_two_cities/game.py lays the buffer out)
    cdef public int O_PHASE, O_ROUND, O_TURN, O_PTR, O_SUB, O_SIDES, O_MAT, O_DCARD, O_DDISC
    cdef public int O_CITY, O_DCNT, O_DPL, O_BOXB, O_BOXD, O_HAND, O_HANDN, O_DONE, O_CHOSEN
    cdef public int O_PEND, O_JPICK, O_DISC, O_JDISC
    # edition and round tables (engine/between_two_cities/edition.py kernel_tables)
    cdef int[::1] t_kcat, t_ktav, t_like1, t_like2, t_dislike, t_dleft, t_dright, t_totb, t_totd
    cdef int[::1] t_nb, t_openm, t_land, t_mbox, t_rkind, t_rdir, t_rhand, t_dpts, t_cardcat
    cdef object _arrays     # the numpy arrays behind the int* scratch buffers of every layer
    cdef int* cells         # legal: the cells gen_cells finds for one city (the left one at a placement)
    cdef int* cells1        # legal: the right city's cells at a placement
    cdef int* bra           # feasible: bridge jumps a -> b of every mat (bro[g] .. bro[g + 1])
    cdef int* brb
    cdef int* bro
    cdef int* wrec          # feasible_cells: a record of wrl ints per window (window_of)
    cdef int* wone          # feasible: the record of the window tried (window_load)
    cdef unsigned int s_near, s_within  # spread: the cells within one and within lim steps
    cdef int wrl, bsym      # its length; do all bridges lead both ways
    cdef int* ptab          # feasible: pairs of a window row by free and within-reach cells (pairs_table)
    cdef unsigned int colfirst, collast  # feasible: the first and last column of a window mask
    cdef int* info          # gen_cells: city_info of the city
    cdef int* cand0         # gen_cells: candidate cells
    cdef int* gmemo         # gen_cells: its table (GMEMO entries of GREC ints)
    cdef int* gmul          # gen_cells: the hash's multiplier of each cell
    cdef int* openrows      # candidates: per mat and row, the cells a city's first tile may take (bit mask)
    cdef int* lowbit        # candidates: the lowest set bit of a row mask (BW bits)
    cdef int* cityt         # city_of(s, side) at [2 * s + side], Jamey's seat included

    cdef int* scratch(self, int n) except NULL
    cdef void bridges(self)
    cdef void pairs_table(self)
    cdef int geo(self, const int* buf, int c) noexcept
    cpdef int city_of(self, int s, int side)
    cdef int jside(self, int s) noexcept
    cdef int feasible(self, const int* info, int x1, int x2) noexcept
    cdef int feasible_cells(self, const int* info, const int* cand, int m, int duplex, int* out) noexcept
    cdef void window_load(self, const int* info, int wr, int wc, int* rec, int o) noexcept
    cdef unsigned int spread(self, const int* rec, int o, unsigned int start, unsigned int free, int lim, int full) noexcept
    cdef void window_of(self, const int* info, int wr, int wc, int* rec, int o) noexcept
    cdef int room_for_duplex(self, int g, int wr, int wc, unsigned int free, unsigned int near, unsigned int within, int need, int s) noexcept
    cdef void city_info(self, const int* buf, int c, int duplex, int* info) noexcept
    cdef void city_need(self, const int* buf, int c, int duplex, int* info) noexcept
    cdef void city_add(self, int* info, int o, int x, int single) noexcept
    cdef int candidates(self, const int* buf, int c, int duplex, int strict, int* info, int* out) noexcept
    cdef int placeable(self, const int* buf, int c, int duplex, int x, int* info) noexcept
    cdef int gen_cells(self, const int* buf, int c, int duplex, int* out) noexcept
    cdef int cells_now(self, const int* buf, int c, int duplex, int* out) noexcept
