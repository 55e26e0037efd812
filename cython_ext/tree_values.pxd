# Declarations of tree_values.py for Cython: the heuristic values kept by node
# for progressive bias (value_cache: MO trees, and SO trees for public values; see _values there).

from libc.stdlib cimport free
from cython_ext.kernel cimport Kernel, dptr, ptr
from cython_ext.tree_memory cimport as_int, new_doubles, new_ints, resize_doubles, resize_ints
from cython_ext.tree_nodes cimport MO
from cython_ext.tree_lists cimport TreeLists

cpdef enum:
    SEAT_BITS = 0xFF  # a kept-values record's seat word: the seat,
    PER_MOVE = 0x100  # and this flag when it keeps values of single moves (see _values)
    SO_KEEP_AT = 4    # node visits from which an SO tree keeps values, at least (see _values)


cdef class TreeValues(TreeLists):
    cdef Kernel k
    cdef bint psteps               # pointer_steps_of(k): the loop calls k's pointer steps
    cdef int[::1] world            # the determinized world being searched
    cdef public bint value_cache   # a node's heuristic kept for its seat (MO; SO: public values only)
    cdef public long long value_calls  # kernel.move_values calls made by selections
    cdef public int expand_after   # the search's expansion threshold: values kept from it (see _values)
    cdef object vm_np, vo_np
    cdef int[::1] vm               # _move_values: moves whose values are asked for, and those values
    cdef double[::1] vo
    cdef int* vmi                  # their indices in the legal list
    cdef int vcap, nvc, vccap
    cdef long long vcdead
    cdef bint vpublic              # the kernel has answered 4 (public values): SO trees keep them
    cdef int* vnode                # per node: its first kept heuristic record in vc (-1: none)
    cdef int* vc                   # records: seat, length, next record, room, moves (see _values)
    cdef double* vv                # the kept values, at the same offsets as their moves in vc

    cdef int _clear_values(self) except -1
    cdef int _free_values(self) noexcept
    cdef int _values(self, int node, int seat, int nl) except -1
    cdef int _record_of(self, int node, int seat) except -2  # -1: no record
    cdef int _vgrow(self, int node) except -1
    cdef int _keep(self, int node, int o, int seat, int nl, int code) except -1
    cdef int _vrecord(self, int node, int room) except -1
    cdef int _move_values(self, int node, int o, int seat, int nl) except -1
