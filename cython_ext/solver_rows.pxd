# Declarations of solver_rows.py for Cython: the endgame solver's rows (per-depth
# buffers and values, the move stack, the joint-choice arena), the node budget, a
# row's table key, children, movers and ordered moves, terminal rewards and score
# bounds: the lowest of the loop's layers solver_rows -> solver_descent ->
# solver_search (rules in solver_search.py).  The game kernel is called through the
# cimported Kernel base (vtable calls) on rows of a per-depth buffer stack.  The
# constants are cimported by the layers above from here.

from libc.string cimport memcpy, memset
from cython_ext.clock cimport now
from cython_ext.kernel cimport Kernel, RANK_KEYS, REWARD_WIN, terminal_rewards
from cython_ext.solver_table cimport SolverTable, bucket_of, mix64

cpdef enum:
    MAXSEATS = 8       # seats moving at one simultaneous step
    RIVALS = 8         # rank-key room for competitors that are not seats
    HIST = 4096        # history-heuristic slots per seat (move & HMASK)
    HMASK = 4095
    CHECK_EVERY = 16   # nodes between looks at the clock and the stop flag
    MAX_JOINT = 1048576  # joint choices of one simultaneous step the loop will hold


cdef double EPS                      # values within EPS are equal (sums of probabilities round)


cdef class SolverRows:
    cdef Kernel k
    cdef SolverTable tt
    cdef public int n, size, mm, reward_mode, cap
    cdef public double scale, top, deadline
    cdef public bint zero_sum, has_top, forced_top, fallback, step_fallback
    cdef public bint paranoid        # alpha-beta on seat me's reward against all the others
    cdef public int me               # the maximising seat of an alpha-beta search (0 when zero_sum)
    cdef public bint bounds          # read the kernel's score_bounds (decided nodes, fixed seats)
    cdef bint same                   # set by _decided: the step at the row changes no value, one child is searched
    cdef public long long nodes, max_nodes, next_check
    cdef public object stop
    cdef unsigned long long hc
    cdef long long atop, ktop
    cdef object bufs_np, vals_np, optoff_np, mov_np, nopt_np, stride_np, pick_np, hs_np, ms_np, ps_np
    cdef object hist_np, sc_np, kb_np, seats_np, arena_np, known_np, lo_np, hi_np, fix_np
    cdef int[:, ::1] bufs
    cdef double[:, ::1] vals
    cdef int[:, ::1] optoff          # per row and mover: where its options start on the move stack
    cdef int[::1] ms                 # the move stack (moves, chance outcomes) and its probabilities
    cdef double[::1] ps
    cdef int mtop
    cdef int[:, ::1] mov
    cdef int[:, ::1] nopt
    cdef long long[:, ::1] stride
    cdef long long[::1] pick
    cdef unsigned long long[:, ::1] hs   # per row: the table's two hash sums (before mixing)
    cdef int[::1] hist
    cdef int[::1] sc
    cdef int[::1] kb
    cdef int[::1] seats
    cdef double[::1] arena
    cdef int[::1] known
    cdef int[::1] lo                 # score_bounds' output (competitors)
    cdef int[::1] hi
    cdef int[::1] fix                # per row: bit s set when seat s's reward is the same in every continuation
    cdef object fw_np
    cdef int[::1] fw                 # the kernel's free_words at the row being keyed

    cdef int _grow(self, int d) except -1
    cdef int _room(self) except -1
    cdef int _count(self) except -1
    cdef unsigned long long _key(self, int d) noexcept
    cdef void _rehash(self, int d) noexcept
    cdef void _rehash_child(self, int d) noexcept
    cdef void _child(self, int d, int seat, int move) noexcept
    cdef void _child_copy(self, int d) noexcept
    cdef void _joint_child(self, int d, int nmov, long long c) noexcept
    cdef int _movers(self, int d) except -1
    cdef int _sorted_legal(self, int d, int seat, int[::1] out) except -1
    cdef void _order(self, int seat, int[::1] out, int nm) noexcept
    cdef void _credit(self, int seat, int move) noexcept
    cdef int _terminal(self, int d) except -1
    cdef int _decided(self, int d) except -1
