# Declarations of tree_nodes.py for Cython: the node records of the search's
# trees and the child table that finds them (the layout is documented there).

from libc.stdlib cimport free
from cython_ext.tree_hash cimport mix64
from cython_ext.tree_memory cimport new_ints, new_keys, prefetch, release, resize_ints, resize_keys

cpdef enum:
    MAXSEATS = 8    # seats of one search (the C arrays of a simultaneous step)

# a node's record: NODE_INTS ints of nd (the key: 64-bit word N_KEY of its four in nk)
cpdef enum:
    N_VIS = 0
    N_CHILD = 1
    N_SIB = 2
    N_GROUP = 3
    N_PARENT = 4
    N_EDGE = 5      # the first edge of the first segment: loads start from the node
    N_KEY = 3
    NODE_INTS = 8

# tree modes
cpdef enum:
    SO = 0
    MO = 1
    OMNI = 2


cdef unsigned long long* keys_of(int* nd, unsigned long long* nk, int old, int n) noexcept


cdef class TreeNodes:
    cdef public int n, mm, root_seat, mode, max_nodes, hash_depth, ntrees
    cdef public int root_depth
    cdef public bint view_keys
    cdef int roots[MAXSEATS]
    # nodes
    cdef int nn, ncap
    cdef int* nd
    cdef unsigned long long* nk
    cdef int hcap
    cdef unsigned long long* nhash
    # child table: child ids (low idbits bits) under hash tags, found by (nparent, nev)
    cdef int chcap, chcount, idbits
    cdef int* ch_val

    cdef int _clear_nodes(self) except -1
    cdef int _free_nodes(self) noexcept
    cdef int _new_node(self, int parent, unsigned long long ev) except -1
    cdef int _prefetch_children(self, int T, int* cur, unsigned long long* evk) noexcept
    cdef inline int _child_pos(self, int node, unsigned long long ev) noexcept
    cdef int _child_get(self, int node, unsigned long long ev) noexcept
    cdef int _child_put(self, int child) except -1
