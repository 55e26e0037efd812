"""The endgame solver's rows: the lowest layer of its compiled search loop.

The loop is three layers of ``cdef class`` inheritance, one module each (a
node's kernel calls and table probe stay C calls through the vtable):
:class:`SolverRows` here (what a node is stored in and how it is keyed) ->
:class:`cython_ext.solver_descent.SolverDescent` (the values: chance, max^n,
alpha-beta with Star1) -> :class:`cython_ext.solver_search.Searcher` (the
simultaneous steps' equilibria and the Python entries; the rules of the search
in its docstring).

Storage: the node at depth ``d`` is row ``d`` of ``bufs`` (children are built
in row ``d + 1``: one copy and one ``apply``), its value vector row ``d`` of
``vals``; its moves (or chance outcomes and their probabilities) sit on a
move stack (``ms``, ``ps``) from ``mtop``, released when the node is done.  A simultaneous step keeps
the values of the joint choices it has valued in a stack arena (``arena``,
``known``), released when the step is solved.  Every array grows by
doubling; nothing is held across a recursive call except row indices.
The table is :class:`cython_ext.solver_table.SolverTable` (keys and layout
there); the key of a row is computed here, from the table's multipliers.

Limits: ``nodes`` counts table misses; past ``max_nodes``, past
``deadline`` (the monotonic clock of ``time.perf_counter()``, <= 0: none) or
once ``stop`` (a ``threading.Event``) is set, :class:`Limit` is raised; the
clock and the flag are read every ``CHECK_EVERY`` nodes.

>>> Limit.__mro__[1] is Exception
True
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .clock import now
    from .kernel import RANK_KEYS, REWARD_WIN, terminal_rewards
    from .solver_table import bucket_of, mix64

    globals().update(enum_constants(__file__))

# values within EPS are equal (sums of probabilities round); declared in the .pxd for the layers above
EPS = 1e-12
MASK64 = 0xFFFFFFFFFFFFFFFF


class Limit(Exception):
    """The node budget, the deadline or the stop flag ended the search."""


class NotZeroSum(Exception):
    """A terminal of an alpha-beta search whose rewards do not sum to 1."""


def _grown(a, old: int, shape: tuple, dtype) -> np.ndarray:
    """A zeroed array of ``shape`` holding the first ``old`` rows of ``a``."""
    b = np.zeros(shape, dtype=dtype)
    if a is not None and old > 0:
        b[:old] = a[:old]
    return b


@cython.cclass
class SolverRows:
    """The rows of one search over ``kernel`` filling ``table`` (the solver makes the top
    layer, :class:`cython_ext.solver_search.Searcher`, with these arguments).

    ``reward_mode`` (the kernel's ``REWARD_*`` codes): ``WIN``, ``RANK`` (the kernel's ``rank_keys``),
    ``SCORE`` (``0.5 + 0.5 tanh(margin over the best other seat / scale)``) or ``FIELD``
    (over the mean of the other seats), the kernel's ``REWARD_*``.  ``zero_sum``: alpha-beta
    on seat 0 (two seats whose rewards sum to 1); ``paranoid`` (set after construction, with
    ``me``): alpha-beta on seat ``me``'s reward against every other seat.  ``has_top``/``top``: the
    highest reward a seat can get; ``forced_top``: a seat at ``top`` leaves
    nothing to the others (win shares).  ``depth``: rows allocated at first (every array
    grows as needed; small values are for the tests).
    """

    def __init__(self, kernel, table, players: cython.int, reward_mode: cython.int, scale: cython.double,
                 zero_sum: cython.bint, has_top: cython.bint, forced_top: cython.bint,
                 depth: cython.int = 32) -> None:
        self.k = kernel
        self.tt = table
        self.n = players
        self.size = kernel.size
        self.mm = max(kernel.max_moves, players, 8)
        self.reward_mode = reward_mode
        self.scale = scale
        self.zero_sum = zero_sum
        self.paranoid = False
        self.me = 0
        self.has_top = has_top
        self.top = 1.0
        self.forced_top = forced_top
        self.fallback = False
        self.step_fallback = False
        self.nodes = 0
        self.max_nodes = 10_000_000
        self.next_check = CHECK_EVERY
        self.deadline = 0.0
        self.stop = None
        self.atop = 0
        self.ktop = 0
        self.mtop = 0
        self.cap = 0
        self.bufs_np = self.vals_np = self.optoff_np = None
        self.mov_np = self.nopt_np = self.stride_np = self.pick_np = self.hs_np = None
        self.mtop = 0
        self.ms_np = np.zeros(max(1, depth // 8) * self.mm, dtype=np.intc)
        self.ms = self.ms_np
        self.ps_np = np.zeros(max(1, depth // 8) * self.mm, dtype=np.float64)
        self.ps = self.ps_np
        self.hist_np = np.zeros(players * HIST, dtype=np.intc)
        self.hist = self.hist_np
        self.sc_np = np.zeros(max(players, 1), dtype=np.intc)
        self.sc = self.sc_np
        self.kb_np = np.zeros((players + RIVALS) * RANK_KEYS, dtype=np.intc)
        self.kb = self.kb_np
        self.seats_np = np.zeros(max(self.mm, MAXSEATS), dtype=np.intc)
        self.seats = self.seats_np
        self.arena_np = np.zeros(128 * depth * players, dtype=np.float64)
        self.arena = self.arena_np
        self.known_np = np.zeros(128 * depth, dtype=np.intc)
        self.known = self.known_np
        self.bounds = False
        self.same = False
        self.lo_np = np.zeros(players + RIVALS, dtype=np.intc)
        self.lo = self.lo_np
        self.hi_np = np.zeros(players + RIVALS, dtype=np.intc)
        self.hi = self.hi_np
        self.fix_np = None
        self.fw_np = np.zeros(max(self.size, 1), dtype=np.intc)
        self.fw = self.fw_np
        self._alloc(max(depth, 2))

    # -- storage --------------------------------------------------------------------------
    def _alloc(self, cap):
        """Per-depth rows for ``cap`` depths, keeping the rows already there."""
        old: cython.int = self.cap
        n: cython.int = self.n
        mm: cython.int = self.mm
        grown = _grown
        self.bufs_np = grown(self.bufs_np, old, (cap, self.size), np.intc)
        self.vals_np = grown(self.vals_np, old, (cap, n), np.float64)
        self.optoff_np = grown(self.optoff_np, old, (cap, MAXSEATS), np.intc)
        self.mov_np = grown(self.mov_np, old, (cap, MAXSEATS), np.intc)
        self.nopt_np = grown(self.nopt_np, old, (cap, MAXSEATS), np.intc)
        self.stride_np = grown(self.stride_np, old, (cap, MAXSEATS), np.int64)
        self.pick_np = grown(self.pick_np, old, (cap,), np.int64)
        self.hs_np = grown(self.hs_np, old, (cap, 2), np.uint64)
        self.fix_np = grown(self.fix_np, old, (cap,), np.intc)
        self.fix = self.fix_np
        self.hs = self.hs_np
        self.bufs, self.vals = self.bufs_np, self.vals_np
        self.optoff, self.mov, self.nopt = self.optoff_np, self.mov_np, self.nopt_np
        self.stride, self.pick = self.stride_np, self.pick_np
        self.cap = cap
        return 0

    def _grow_moves(self, need):
        """The move stack with room for ``need`` entries."""
        self.ms_np = _grown(self.ms_np, self.mtop, (2 * need,), np.intc)
        self.ps_np = _grown(self.ps_np, self.mtop, (2 * need,), np.float64)
        self.ms = self.ms_np
        self.ps = self.ps_np

    def _grow_arena(self, nk, nv):
        """The joint-choice arena with room for ``nk`` flags and ``nv`` values."""
        if nk > self.known.shape[0]:
            self.known_np = _grown(self.known_np, self.ktop, (2 * nk,), np.intc)
            self.known = self.known_np
        if nv > self.arena.shape[0]:
            self.arena_np = _grown(self.arena_np, self.atop, (2 * nv,), np.float64)
            self.arena = self.arena_np

    def _raise(self, what):
        """Raise :class:`Limit` (``what``: 0 stopped, 1 out of time, 2 out of nodes, 3 too many
        seats at once, 4 too many joint choices) or, with 5, :class:`NotZeroSum`."""
        if what == 0:
            raise Limit("the solver was stopped")
        if what == 1:
            raise Limit("the solver ran out of time")
        if what == 2:
            raise Limit(f"the position needs more than {self.max_nodes} nodes to solve")
        if what == 3:
            raise Limit(f"more than {MAXSEATS} seats to move at once")
        if what == 4:
            raise Limit(f"a simultaneous step with more than {MAX_JOINT} joint choices")
        raise NotZeroSum()

    def _room(self):
        """Room for ``mm`` more moves (and probabilities) on the move stack past ``mtop``."""
        need: cython.int = self.mtop + self.mm
        if need > self.ms.shape[0]:
            self._grow_moves(need)  # calls Python: numpy allocates the larger stack (rare)
        return self.mtop

    def _grow(self, d):
        if d + 2 >= self.cap:
            self._alloc(2 * self.cap)  # calls Python: numpy allocates the deeper rows (rare)
        return 0

    # -- budget ----------------------------------------------------------------------------
    def _count(self):
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + CHECK_EVERY
            if self.stop is not None and self.stop.is_set():  # calls Python: the threading.Event
                self._raise(0)  # calls Python: the exception
            if self.deadline > 0 and now() >= self.deadline:
                self._raise(1)  # calls Python: the exception
        if self.nodes > self.max_nodes:
            self._raise(2)  # calls Python: the exception
        return 0

    # -- the rules, on rows --------------------------------------------------------------------
    def _key(self, d):
        """Bucket of row ``d`` (returned) and its verification key (left in ``hc``): the
        table's two hashes, finalised from the row's sums ``hs[d]``.  With ``bounds`` on, the
        words the kernel says the values no longer read (``free_words``) are left out of the
        sums, as if they were 0: positions differing only there share one entry."""
        h1: cython.ulonglong = self.hs[d, 0]
        h2: cython.ulonglong = self.hs[d, 1]
        w: cython.ulonglong
        i: cython.int
        j: cython.int
        nf: cython.int = self.k.free_words(self.bufs[d], self.fw) if self.bounds else 0
        if not cython.compiled:
            h1, h2 = int(h1), int(h2)
        for i in range(nf):
            j = self.fw[i]
            if cython.compiled:
                w = cython.cast(cython.ulonglong, cython.cast(cython.longlong, self.bufs[d, j]))
                h1 -= w * self.tt.mul1[j]
                h2 -= w * self.tt.mul2[j]
            else:
                w = int(self.bufs[d, j]) & MASK64
                h1 = (h1 - w * int(self.tt.mul1[j])) & MASK64
                h2 = (h2 - w * int(self.tt.mul2[j])) & MASK64
        self.hc = mix64(h2) | 1
        return bucket_of(mix64(h1), self.tt.buckets)

    def _rehash(self, d):
        """The sums of row ``d`` from scratch (a root): sum of word x multiplier, mod 2**64."""
        h1: cython.ulonglong = 0
        h2: cython.ulonglong = 0
        w: cython.ulonglong
        i: cython.int
        if cython.compiled:
            for i in range(self.size):
                w = cython.cast(cython.ulonglong, cython.cast(cython.longlong, self.bufs[d, i]))
                h1 += w * self.tt.mul1[i]
                h2 += w * self.tt.mul2[i]
        else:  # the same sums, vectorised (numpy wraps uint64 too)
            words = np.asarray(self.bufs[d]).astype(np.int64).astype(np.uint64)
            h1 = int((words * np.asarray(self.tt.mul1)).sum(dtype=np.uint64))
            h2 = int((words * np.asarray(self.tt.mul2)).sum(dtype=np.uint64))
        self.hs[d, 0] = h1
        self.hs[d, 1] = h2

    @cython.final
    def _rehash_child(self, d):
        """The sums of row ``d + 1`` from row ``d``'s: the sums are linear in the words, so only
        the words a move changed are multiplied (a compare per word instead of two products)."""
        h1: cython.ulonglong = self.hs[d, 0]
        h2: cython.ulonglong = self.hs[d, 1]
        w: cython.ulonglong
        i: cython.int
        a: cython.p_int
        b: cython.p_int
        m1: cython.pointer(cython.ulonglong)
        m2: cython.pointer(cython.ulonglong)
        size: cython.int
        start: cython.int
        stop: cython.int
        x: cython.int
        if cython.compiled:
            a = cython.address(self.bufs[d, 0])
            b = cython.address(self.bufs[d + 1, 0])
            m1 = cython.address(self.tt.mul1[0])
            m2 = cython.address(self.tt.mul2[0])
            size = self.size
            for start in range(0, size, 32):  # a branch-free OR over a block finds the few changes
                stop = min(start + 32, size)
                x = 0
                for i in range(start, stop):
                    x |= a[i] ^ b[i]
                if x == 0:
                    continue
                for i in range(start, stop):
                    if a[i] != b[i]:
                        w = (cython.cast(cython.ulonglong, cython.cast(cython.longlong, b[i]))
                             - cython.cast(cython.ulonglong, cython.cast(cython.longlong, a[i])))
                        h1 += w * m1[i]
                        h2 += w * m2[i]
        else:
            old = np.asarray(self.bufs[d])
            new = np.asarray(self.bufs[d + 1])
            idx = np.flatnonzero(old != new)
            if idx.size:
                dw = (new[idx].astype(np.int64) - old[idx].astype(np.int64)).astype(np.uint64)
                h1 = (int(h1) + int((dw * np.asarray(self.tt.mul1)[idx]).sum(dtype=np.uint64))) & MASK64
                h2 = (int(h2) + int((dw * np.asarray(self.tt.mul2)[idx]).sum(dtype=np.uint64))) & MASK64
        self.hs[d + 1, 0] = h1
        self.hs[d + 1, 1] = h2

    def _child(self, d, seat, move):
        """Row ``d + 1`` = row ``d`` with ``move`` applied."""
        self._child_copy(d)
        self.k.apply(self.bufs[d + 1], seat, move)
        self._rehash_child(d)

    def _joint_child(self, d, nmov, c):
        """Row ``d + 1`` = row ``d`` with joint choice ``c`` (mixed radix over the movers'
        options) applied."""
        i: cython.int
        digit: cython.longlong
        self._child_copy(d)
        for i in range(nmov):
            digit = (c // self.stride[d, i]) % self.nopt[d, i]
            self.k.apply(self.bufs[d + 1], self.mov[d, i], self.ms[self.optoff[d, i] + digit])
        self._rehash_child(d)

    @cython.final
    def _child_copy(self, d):
        """Row ``d + 1`` = a copy of row ``d``."""
        if cython.compiled:
            memcpy(cython.address(self.bufs[d + 1, 0]), cython.address(self.bufs[d, 0]),
                   self.size * cython.sizeof(cython.int))
        else:
            self.bufs[d + 1, :] = self.bufs[d, :]

    def _movers(self, d):
        """The seats to move at row ``d``, ascending, into ``mov[d]`` (CHANCE alone first)."""
        n: cython.int = self.k.to_move(self.bufs[d], self.seats)
        i: cython.int
        j: cython.int
        x: cython.int
        if n > MAXSEATS:
            self._raise(3)  # calls Python: the exception
        for i in range(n):
            x = self.seats[i]
            j = i - 1
            while j >= 0 and self.mov[d, j] > x:
                self.mov[d, j + 1] = self.mov[d, j]
                j -= 1
            self.mov[d, j + 1] = x
        return n

    def _sorted_legal(self, d, seat, out):
        """``seat``'s legal moves at row ``d`` into ``out``, ascending."""
        n: cython.int = self.k.legal(self.bufs[d], seat, out)
        i: cython.int
        j: cython.int
        x: cython.int
        for i in range(1, n):
            x = out[i]
            j = i - 1
            while j >= 0 and out[j] > x:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = x
        return n

    def _order(self, seat, out, nm):
        """Stable sort of ``out[:nm]`` by history count, highest first."""
        i: cython.int
        j: cython.int
        x: cython.int
        hx: cython.int
        base: cython.int = seat * HIST
        for i in range(1, nm):
            x = out[i]
            hx = self.hist[base + (x & HMASK)]
            j = i - 1
            while j >= 0 and self.hist[base + (out[j] & HMASK)] < hx:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = x

    def _credit(self, seat, move):
        self.hist[seat * HIST + (move & HMASK)] += 1

    def _terminal(self, d):
        """The reward vector of the finished row ``d`` into ``vals[d]`` (as ``returns_from``)."""
        if cython.compiled:
            return terminal_rewards(self.k, self.bufs[d], self.reward_mode, self.scale,  # calls Python: a refcount
                                    self.sc, self.kb, cython.address(self.vals[d, 0]))
        else:
            return terminal_rewards(self.k, self.bufs[d], self.reward_mode, self.scale, self.sc, self.kb,
                                    self.vals[d])

    def _decided(self, d):
        """Whether the kernel's score bounds settle row ``d``'s reward vector (``bounds`` on,
        win or rank rewards): 1 with it in ``vals[d]``.  Else 0, with ``fix[d]`` the seats
        whose own reward they settle (a win share of 0: someone surely scores more; a
        rank share: every other competitor surely above or below), with those settled at
        the row above (the parent: what holds for all its continuations holds here).  Only strict
        separations count: equal scores go to the tie-breaks, which bounds do not see.
        ``same``: the kernel says every move or outcome of the step at row ``d`` leads to the
        same values (``score_bounds`` returned ``-(m + 1)``), so only the first is searched."""
        m: cython.int
        i: cython.int
        j: cython.int
        below: cython.int
        open_: cython.int
        wins: cython.bint
        lost: cython.bint
        every: cython.bint = True
        mask: cython.int = 0
        inherited: cython.int = self.fix[d - 1] if d > 0 else 0  # settled above: settled here
        self.fix[d] = inherited
        self.same = False
        if not self.bounds:
            return 0
        m = self.k.score_bounds(self.bufs[d], self.lo, self.hi)
        if m < 0:  # the step here changes nothing that counts: one move or outcome stands for all
            self.same = True
            m = -m - 1
        if m <= 0:
            return 0
        if self.reward_mode == REWARD_WIN:
            for i in range(m):
                wins = True
                lost = False
                for j in range(m):
                    if j != i:
                        if self.lo[i] <= self.hi[j]:
                            wins = False
                        if self.lo[j] > self.hi[i]:
                            lost = True
                if wins:  # a rival winning leaves 0 to every seat
                    for j in range(self.n):
                        self.vals[d, j] = 1.0 if j == i else 0.0
                    return 1
                if lost and i < self.n:
                    mask |= 1 << i
            self.fix[d] = mask | inherited
            return 0
        for i in range(self.n):
            below = 0
            open_ = 0
            for j in range(m):
                if j != i:
                    if self.hi[j] < self.lo[i]:
                        below += 1
                    elif self.lo[j] <= self.hi[i]:
                        open_ += 1
            if open_ == 0:
                mask |= 1 << i
                # as terminal_rewards writes it (no ties left)
                self.vals[d, i] = (below + 0 / 2.0) / (m - 1) if m > 1 else 1.0
            else:
                every = False
        if every:
            return 1
        self.fix[d] = mask | inherited
        return 0
