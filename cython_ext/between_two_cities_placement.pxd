# Declarations of between_two_cities_placement.py: the base layer of the Between
# Two Cities kernel (configuration, city boards, where a tile may go).

from cython_ext.kernel cimport Kernel, ptr
from cython_ext.between_two_cities_encoding cimport BW, NCELL, CENTER, TILE, HALF, MAX_MOVES

cpdef enum:
    ROWS = 8            # city_info: where the row masks start (tiles, then empty cells)
    INFO = 26           # city_info: its size (ROWS + 2 * BW)


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
    cdef int* cells         # legal: the cells gen_cells finds for one city
    cdef int* bra           # feasible: bridge jumps a -> b of every mat (bro[g] .. bro[g + 1])
    cdef int* brb
    cdef int* bro
    cdef unsigned int colfirst, collast  # feasible: the first and last column of a window mask
    cdef int* info          # gen_cells: city_info of the city
    cdef int* cand0         # gen_cells: candidate cells
    cdef int* adj           # candidates: per row, the cells next to a tile (bit mask)

    cdef int* scratch(self, int n) except NULL
    cdef void bridges(self)
    cdef int geo(self, const int* buf, int c) noexcept
    cpdef int city_of(self, int s, int side)
    cdef int jside(self, int s) noexcept
    cdef int feasible(self, const int* info, int x1, int x2) noexcept
    cdef void city_info(self, const int* buf, int c, int duplex, int* info) noexcept
    cdef int candidates(self, const int* buf, int c, int duplex, int strict, int* info, int* out) noexcept
    cdef int placeable(self, const int* buf, int c, int duplex, int x, int* info) noexcept
    cdef int gen_cells(self, const int* buf, int c, int duplex, int* out) noexcept
