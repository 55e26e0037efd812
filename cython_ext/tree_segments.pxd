# Declarations of tree_segments.py for Cython: the edge arena and the segments
# that link a node's edges, a run of one seat's edges each (layout documented there).

from libc.stdlib cimport free
from cython_ext.tree_memory cimport new_ints, resize_ints
from cython_ext.tree_nodes cimport TreeNodes, N_EDGE, N_GROUP

# a segment's record: three ints of gs (first edge, INFO, NEXT)
cpdef enum:
    INFO = 1        # offsets in a segment's record (gs)
    NEXT = 2
    ROOMY = 0x800000  # flag of an edge segment with room (its size in the entry before it)
    LISTED = 0x400000  # flag of a segment keeping its untried moves as a list (header before it)
    COUNTED = 0x200000  # a listed segment's list has an availability per move
    LENGTH = 0x1FFFFF  # a segment's length (edge records) in its INFO word
    MERGE_AT = 16   # node visits from which a seat's edges are one sorted segment
    RECYCLE = 32    # runs of up to this many entries left by merges are reused

# an edge's record: four words of ed (the move first), the reward sum in ef
cpdef enum:
    E_VIS = 1
    E_AVAIL = 2
    E_VAL = 3


cdef float* floats_of(int* ed, float* ef, int old, int n) noexcept


cdef class TreeSegments(TreeNodes):
    # edge segments: runs of edges of one seat at one node, linked from the node
    cdef int ng, gcap
    cdef int* gs  # three ints a segment: first edge, INFO, NEXT
    cdef int* freed
    # edge arena
    cdef int ne, ecap
    cdef long long dead
    cdef int* ed
    cdef float* ef

    cdef int _clear_segments(self) except -1
    cdef int _free_segments(self) noexcept
    cdef int _segment(self, int node, int seat, int size, int room) except -1
    cdef int _run(self, int n) except -1
    cdef int _copy_edge(self, int src, int dst) noexcept
    cdef int _recycle(self, int g) noexcept
    cdef int _exact(self, int node, int seat, int n) except -1
    cdef int _seg_room(self, int g) noexcept
    cdef int _merge(self, int node, int seat, int missing) except -1
    cdef int _sort_seg(self, int g) noexcept
