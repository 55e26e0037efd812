# Declarations of ismcts.py for Cython: the ISMCTS iteration loop (the tree,
# its keys and the reward modes are documented in ismcts.py).  The game kernel
# is called through the cimported Kernel base (vtable calls); compiled, the
# tree lives in malloc'ed flat arrays with two open-addressed hash tables.

from libc.stdlib cimport realloc, free
from libc.math cimport sqrt, log
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from cython_ext.kernel cimport Kernel, Rng, HEADER, RANK_KEYS, dptr, ptr, terminal_rewards

cpdef enum:
    MAXSEATS = 8    # seats of one search (the C arrays of a simultaneous step)
    ROOMY = 0x800000  # flag of an edge segment with room (its size in the entry before it)
    LISTED = 0x400000  # flag of a segment keeping its untried moves as a list (header before it)
    COUNTED = 0x200000  # a listed segment's list has an availability per move
    LENGTH = 0x1FFFFF  # a segment's length (edge records) in its INFO word
    LIST_MIN = 33   # a seat's first segment is listed from this many legal moves (fewer: records)
    RIVALS = 8      # room for competitors that are not seats (kernel.rank_keys)
    MERGE_AT = 16   # node visits from which a seat's edges are one sorted segment
    BSEARCH_MAX = 32  # a merged segment up to this long is kept sorted and walked (longer: slot table)
    RECYCLE = 32    # runs of up to this many entries left by merges are reused
    XTAB = 64       # exploration terms kept for edges of fewer visits (per log of availability)
    LOGTAB = 4096   # log(i) kept for availabilities below this
    SEAT_BITS = 0xFF  # a kept-values record's seat word: the seat,
    PER_MOVE = 0x100  # and this flag when it keeps values of single moves (see _values)
    INFO = 1        # offsets in a segment's record (gs)
    NEXT = 2
    L_LIST = 1      # words of a listed segment's header entry (word 0: its room)
    L_LEN = 2
    L_COUNT = 3

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

# an edge's record: four words of ed (the move first), the reward sum in ef
cpdef enum:
    E_VIS = 1
    E_AVAIL = 2
    E_VAL = 3

# tree modes
cpdef enum:
    SO = 0
    MO = 1
    OMNI = 2

# reward modes
cpdef enum:
    WIN = 0
    RANK = 1
    SCORE = 2
    CALLBACK = 3


cdef inline unsigned long long mix64(unsigned long long z) noexcept nogil
cdef inline unsigned long long fold(unsigned long long h, int actor, int code) noexcept nogil
cdef unsigned long long words_hash(int* b, unsigned long long* pw, int size) noexcept
cdef inline double now() noexcept nogil

# the tree's arrays: malloc'ed compiled, Python lists interpreted
cdef void* grow(void* p, size_t nbytes) except NULL
cdef int* new_ints(int n, int fill) except NULL
cdef unsigned long long* new_keys(int n) except NULL
cdef double* new_doubles(int n) except NULL
cdef unsigned short* new_shorts(int n) except NULL
cdef unsigned short* resize_shorts(unsigned short* p, int old, int n) except NULL
cdef float* floats_of(int* ed, float* ef, int old, int n) noexcept
cdef unsigned long long* keys_of(int* nd, unsigned long long* nk, int old, int n) noexcept
cdef int* resize_ints(int* p, int old, int n) except NULL
cdef unsigned long long* resize_keys(unsigned long long* p, int old, int n) except NULL
cdef double* resize_doubles(double* p, int old, int n) except NULL
cdef void release(void* p) noexcept
cdef int mv_size(int c) noexcept


cdef inline unsigned long long* uptr(unsigned long long[::1] v) noexcept:
    return &v[0]


cdef extern from *:
    void __builtin_prefetch(const void* addr) nogil


# Start loading p[i] into the cache (interpreted: nothing).
cdef inline void prefetch(int* p, long i) noexcept nogil:
    __builtin_prefetch(p + i)


# A buffer word as a C int (interpreted: numpy scalar -> Python int).
cdef inline int as_int(int x) noexcept nogil:
    return x


cdef class Search:
    cdef Kernel k
    cdef public int n, size, mm, root_seat, mode, reward_mode, max_nodes, hash_depth, ntrees
    cdef public int root_depth
    cdef public double c, scale
    cdef public object reward_fn, rollout_fn
    cdef public bint determinize, view_keys
    cdef public double bias        # progressive bias weight (kernel.move_values); 0: none
    cdef object hv_np
    cdef double[::1] hv            # _select: the heuristic of the listed moves (bias only)
    cdef object vm_np, vo_np
    cdef int[::1] vm               # _move_values: moves whose values are asked for, and those values
    cdef double[::1] vo
    cdef int* vmi                  # their indices in the legal list
    cdef public bint value_cache   # MO trees: a node's heuristic kept for its seat's same legal list
    cdef public long long value_calls  # kernel.move_values calls made by selections
    cdef int vcap, nvc, vccap
    cdef long long vcdead
    cdef int* vnode                # per node: its first kept heuristic record in vc (-1: none)
    cdef int* vc                   # records: seat, length, next record, room, moves (see _values)
    cdef double* vv                # the kept values, at the same offsets as their moves in vc
    cdef public long long iterations, node_visits_total
    cdef Rng rng
    cdef object world_np, tmp_np, root_np, seats_np, moves_np, sc_np, pw_np, kb_np
    cdef int[::1] world, tmp, root, seats, moves, sc, kb
    # nodes
    cdef int nn, ncap
    cdef int* nd
    cdef unsigned long long* nk
    cdef int hcap
    cdef unsigned long long* nhash
    # child table: child ids (low idbits bits) under hash tags, found by (nparent, nev)
    cdef int chcap, chcount, idbits
    cdef int* ch_val
    # edge segments: runs of edges of one seat at one node, linked from the node
    cdef int ng, gcap
    cdef int* gs  # three ints a segment: first edge, INFO, NEXT
    cdef int* freed
    # edge arena
    cdef int ne, ecap
    cdef long long dead
    cdef int* ed
    cdef float* ef
    # move lists of listed segments (untried moves: see _listed)
    cdef public bint lists  # False: no new listed segments (every edge a record, as before)
    cdef int nmv, mvcap
    cdef long long mvdead
    cdef unsigned short* mv
    cdef int mvfree[64]  # runs of move-list words left behind, by size class (see _mv_free)
    # roots and root report
    cdef int roots[MAXSEATS]
    cdef double* rvec
    cdef int* rcount
    cdef unsigned long long* pw
    # scratch
    cdef int* eids
    cdef int* slot
    cdef int stamp
    cdef int pcap
    cdef int* path_e
    cdef int* path_s
    cdef int* path_nodes
    # root mask (searchmoves): rmask[move] != 0 for the root seat's allowed moves
    cdef int* rmask
    cdef public bint masked
    cdef int acting[MAXSEATS]
    cdef int chosen[MAXSEATS]
    cdef int cur[MAXSEATS]
    cdef unsigned long long evk[MAXSEATS]
    cdef unsigned long long vks[MAXSEATS]
    cdef double r[MAXSEATS]
    cdef int sfirst[MAXSEATS]
    cdef int scount[MAXSEATS]
    cdef int scanned
    cdef double* lgtab
    cdef double xterm[XTAB]
    cdef int xstamp[XTAB]
    cdef int xgen

    cdef void _free_tree(self) noexcept
    cdef int _new_node(self, int parent, unsigned long long ev) except -1
    cdef inline int _child_pos(self, int node, unsigned long long ev) noexcept
    cdef inline int _child_get(self, int node, unsigned long long ev) noexcept
    cdef int _prefetch_next(self, int T) noexcept
    cdef int _prefetch_children(self, int T) noexcept
    cdef inline int _prefetch_seg(self, int g) noexcept
    cdef int _child_put(self, int child) except -1
    cdef int _segment(self, int node, int seat, int size, int room) except -1
    cdef int _mark(self, int node, int seat, bint on) noexcept
    cdef int _room(self, int node, int seat, int missing, int nseg) except -1
    cdef int _merge(self, int node, int seat, int missing) except -1
    cdef int _recycle(self, int g) noexcept
    cdef int _run(self, int n) except -1
    cdef int _copy_edge(self, int src, int dst) noexcept
    cdef int _listed(self, int node, int seat, int nl) except -1
    cdef int _listed_select(self, int g, int nl) except -2
    cdef int _listed_edge(self, int g, int pos) except -1
    cdef int _listed_room(self, int g) except -1
    cdef int _mv_run(self, int n) except -1
    cdef int _mv_free(self, int off, int n) noexcept
    cdef int _count(self, int g) except -1
    cdef int _counted_select(self, int g, int nl) except -2
    cdef inline int _untried_pick(self, int nl, int untried) except -1
    cdef inline int _new_stamp(self) noexcept
    cdef int _materialize(self, int g) except -1
    cdef int _seg_room(self, int g) noexcept
    cdef int _exact(self, int node, int seat, int n) except -1
    cdef int _lookup(self, int first, int n, int nl) noexcept
    cdef int _scan(self, int node) noexcept
    cdef inline int _slot(self, int m) noexcept
    cdef int _sort_seg(self, int g) noexcept
    cdef inline int _code(self, int t, int actor, int move) except? -2
    cdef int _select(self, int node, int seat) except -1
    cdef int _ucb(self, int nl) noexcept
    cdef int _in_order(self, int first, int nl) noexcept
    cdef int _values(self, int node, int seat, int nl) except -1
    cdef int _vrecord(self, int node, int room) except -1
    cdef int _move_values(self, int node, int o, int seat, int nl) except -1
    cdef int _mask_root(self, int nl) except -1
    cdef int _grow_paths(self) except -1
    cdef int iterate(self) except -1
    cdef unsigned long long _owner_view_hash(self, int t) except? 0
    cdef int _reward(self) except -1
    cpdef long long run(self, Rng rng, long long max_iters, double deadline, long long max_node_visits)
