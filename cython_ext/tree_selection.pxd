# Declarations of tree_selection.py for Cython: a seat's selection at a node
# (UCB1, progressive bias, the lookups of its legal moves among its edges).

from libc.math cimport INFINITY, sqrt, log
from cython_ext.kernel cimport dptr, ptr
from cython_ext.tree_memory cimport as_int, prefetch
from cython_ext.tree_nodes cimport MO, N_GROUP
from cython_ext.tree_segments cimport E_AVAIL, E_VAL, E_VIS, INFO, LISTED, MERGE_AT, NEXT, ROOMY
from cython_ext.tree_lists cimport LIST_MIN
from cython_ext.tree_compact cimport TreeCompact

cpdef enum:
    BSEARCH_MAX = 32  # a merged segment up to this long is kept sorted and walked (longer: slot table)
    XTAB = 64       # exploration terms kept for edges of fewer visits (per log of availability)
    LOGTAB = 4096   # log(i) kept for availabilities below this


cdef class TreeSelection(TreeCompact):
    cdef int scanned               # the node whose segments sfirst and scount describe (-1: none)
    # root mask (searchmoves): rmask[move] != 0 for the root seat's allowed moves
    cdef int* rmask
    cdef public bint masked
    cdef double* lgtab
    cdef double xterm[XTAB]
    cdef int xstamp[XTAB]
    cdef int xgen
    # each seat's move -> edge marks (mk[seat * 2mm + 2m], valid iff mk[... + 1] == mkst[seat])
    # at node mknode[seat] (-1: none), kept from one of its selections to the next
    cdef int* mk
    cdef int* mkst
    cdef int* mknode

    cdef int _select(self, int node, int seat) except -1
    cdef int _scan(self, int node) noexcept
    cdef int _lookup(self, int first, int n, int nl) noexcept
    cdef inline int _prefetch_seg(self, int g) noexcept
    cdef int _mark(self, int node, int seat) noexcept
    cdef inline int _slot(self, int mo, int st, int m) noexcept
    cdef int _room(self, int node, int seat, int missing, int nseg) except -1
    cdef int _ucb(self, int nl) noexcept
    cdef int _urgent(self, int nl, int av) noexcept
    cdef int _in_order(self, int first, int nl) noexcept
    cdef int _mask_root(self, int nl) except -1
