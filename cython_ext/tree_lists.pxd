# Declarations of tree_lists.py for Cython: listed and counted segments (a
# seat's untried moves as a 16-bit move list), the selection's scratch they
# share with tree_selection, and reading a node's edges back.

from libc.math cimport INFINITY
from libc.stdlib cimport free
from cython_ext.kernel cimport Rng, dptr, ptr
from cython_ext.tree_memory cimport as_int, new_shorts, resize_shorts
from cython_ext.tree_nodes cimport MAXSEATS, N_GROUP
from cython_ext.tree_segments cimport (
    TreeSegments, COUNTED, E_AVAIL, E_VAL, E_VIS, INFO, LENGTH, LISTED, NEXT)

cpdef enum:
    LIST_MIN = 33   # a seat's first segment is listed from this many legal moves (fewer: records)
    L_LIST = 1      # words of a listed segment's header entry (word 0: its room)
    L_LEN = 2
    L_COUNT = 3
    COUNT_MAX = 65000  # node visits from which a listed segment is made exact (_unlist)


cdef int mv_size(int c) noexcept


cdef class TreeLists(TreeSegments):
    # move lists of listed segments (untried moves: see _listed)
    cdef public bint lists  # False: no new listed segments (every edge a record, as before)
    cdef public int count_max  # node visits from which a listed segment is made exact (16-bit counts)
    cdef int nmv, mvcap
    cdef long long mvdead
    cdef unsigned short* mv
    cdef int mvfree[64]  # runs of move-list words left behind, by size class (see _mv_free)
    # the selection's scratch (tree_selection fills it)
    cdef Rng rng
    cdef public double c           # the exploration constant (UCB1)
    cdef public double bias        # progressive bias weight (kernel.move_values); 0: none
    cdef public double fpu         # first-play urgency of an untried edge; INFINITY: tried first
    cdef object hv_np, moves_np
    cdef double[::1] hv            # the heuristic of the legal moves (bias only)
    cdef int[::1] moves            # the selecting seat's legal moves
    cdef int* eids                 # their edges (or a counted list's entries, -2 - i)
    cdef int* slot
    cdef int stamp
    cdef int sfirst[MAXSEATS]
    cdef int scount[MAXSEATS]

    cdef int _clear_lists(self) except -1
    cdef int _free_lists(self) noexcept
    cdef int _listed(self, int node, int seat, int nl) except -1
    cdef int _listed_select(self, int g, int nl) except -2
    cdef int _listed_edge(self, int g, int pos) except -1
    cdef int _listed_room(self, int g) except -1
    cdef int _mv_run(self, int n) except -1
    cdef int _mv_free(self, int off, int n) noexcept
    cdef int _count(self, int g) except -1
    cdef int _counted_select(self, int g, int nl) except -2
    cdef int _untried_pick(self, int nl, int untried) except -1
    cdef int _urgent(self, int nl, int av) noexcept
    cdef int _new_stamp(self) noexcept
    cdef int _materialize(self, int g) except -1
    cdef int _unlist(self, int g) except -1
