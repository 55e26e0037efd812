"""The ISMCTS iteration loop over one game kernel.

One *arena* holds the nodes of every tree (one tree in SO/omniscient mode, one
per seat in MO mode).  A node is a decision point (some seats to move, chance
already resolved).  Its children are found by ``(node, ev)`` where ``ev`` is a
64-bit fold of the events between the two decision points *as the tree's owner
observes them* (``kernel.observed_move``: a hidden pick of another seat folds
to the same code whatever it was, so the tree does not branch on it), then of
the hash of the owner's view at the new decision point (what the step revealed
to it: a hand received, cards turned face up).  So a node is an information
set of its owner, and a later search finds its root in the tree by view hash.
Chance outcomes enter the key only through that view hash (in omniscient
mode, used by the PIMC baseline, every move and outcome is folded as is).

Statistics live on *edges* ``(node, seat, move)``: visits, availability and
the sum of ``seat``'s reward.  At a simultaneous step every acting seat selects
at the same node on its own edges (decoupled), then the joint step is applied.

Reward modes, exactly as ``engine.core.returns_from``: ``WIN`` win share
(ties split) and ``RANK`` rank among every competitor of ``kernel.rank_keys``
(the game's tie-breaks, and rivals that are not seats, which take their share
or place but get no reward); ``SCORE`` normalised score margin over the
seats' ``kernel.scores``.  ``CALLBACK`` calls ``reward_fn(world)``: only for
a game whose Python rank keys are not yet its kernel's (``search.core``).

Storage (under 200 bytes a node, see docs/performance.md): a node is a
record of eight ints indexed by id (visits, first child, next sibling, first
segment, parent, that segment's first edge, its 64-bit key in the last two: one
cache line); children
are found through one open-addressed table of child ids (linear probing, -1 =
empty) checked against those; a slot's spare high bits keep part of the hash,
so a probe reads only the records of likely matches.  An edge is a record of four words (move,
visits, availability, reward sum).  A node's edges are *segments*: runs of
consecutive edge records, each of one seat, linked from the node.  A seat's first segment has exactly its first legal moves; moves a later
determinization shows go to one more exact segment each time; at a node
visited ``MERGE_AT`` (16) times or more, a seat's segments are merged into
one sorted segment with room to grow by a quarter (moved on when full; what a
merge leaves behind is reused by the next new segment of that size).  Before
that, a seat's first segment is *listed* (``_listed``): its moves a 16-bit list,
only the moves tried there edge records, one availability count for all while
the legal list stays the same, a 16-bit availability per untried move once it
changes (counted); only from ``LIST_MIN`` (33) legal moves (City and Guilds'
~150 placements a seat, of which a node tries one or two: 2-4 bytes an
untried edge instead of 16).  So the
many rarely visited nodes waste nothing, and at the hot ones (an opponent's
hidden hand near the root) selection walks one sorted segment a seat, not
dozens.  Elsewhere selection maps the seat's moves through a scratch table
indexed by move, so no per-edge key is stored.  A segment's three ints (first
edge, seat and length, next segment) sit side by side in ``gs``: walking a
node's segments reads one cache line per segment.  A descent is mostly
cache misses on records no other iteration touched lately, so the loop asks
for them early (``prefetch``): every tree's child lookup, then every tree's
next segment and edges, at once.  Reward sums are 32-bit floats (exact for
win rewards up to 2**24 visits; ties and rank rewards round at 2**-24 relative).  View hashes are
stored only with ``view_keys`` (tree reuse by view).  Every array grows by
doubling; compiled they are ``malloc``'ed C arrays, interpreted Python lists
(numpy float32 for the sums; compiled they are the edge records' last word,
``ef`` being ``ed`` read as floats); the helpers ``new_*``/``resize_*``/
``floats_of``/``keys_of``/``release`` are the only code that differs.

This file is compiled by Cython (declarations in ``ismcts.pxd``) and runs
unchanged as plain Python; both modes use the random generator identically
(same calls, same order), so they give the same trees for the same kernel,
root and seed.

>>> import numpy
>>> view_hash(numpy.zeros(6, dtype=numpy.intc), 6) == view_hash(numpy.zeros(6, dtype=numpy.intc), 6)
True
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    import time
    from math import log, sqrt

    from cython_ext.shim import enum_constants

    from .kernel import HEADER, RANK_KEYS, dptr, ptr, terminal_rewards

    globals().update(enum_constants(__file__))

    def uptr(v):
        """Interpreted stand-in for the ``.pxd``'s pointer to ``v[0]``: the array itself."""
        return v

    def prefetch(p, i):
        """Interpreted stand-in for the ``.pxd``'s cache prefetch of ``p[i]``: nothing."""

    def as_int(x):
        """Interpreted stand-in for the ``.pxd``'s C int: a numpy scalar read from a
        buffer becomes a Python int (numpy int32 arithmetic would wrap in the keys)."""
        return int(x)

MASK64 = (1 << 64) - 1
GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
LOW32 = cython.declare(cython.uint, 0xFFFFFFFF)
HASH_MUL = cython.declare(cython.ulonglong, 0x100000001B3)  # odd multiplier of the view hash polynomial


def mix64(z):
    """splitmix64 finaliser: spreads the bits of a 64-bit key."""
    if not cython.compiled:  # C wraps unsigned arithmetic modulo 2**64
        z &= MASK64
    z = (z ^ (z >> 30)) * MIX1
    if not cython.compiled:
        z &= MASK64
    z = (z ^ (z >> 27)) * MIX2
    if not cython.compiled:
        z &= MASK64
    return z ^ (z >> 31)


def fold(h, actor, code):
    """Fold one observed event ``(actor, code)`` into the running key ``h``."""
    a: cython.ulonglong = actor + 2        # actor >= -1 (chance)
    c: cython.ulonglong = code & LOW32       # the code as an unsigned 32-bit word
    return mix64(h ^ ((a << 32) + c))


def words_hash(b, pw, size):
    """Hash of buffer words ``HEADER:size`` (a seat's view): sum of the words (as
    unsigned 32-bit) times the powers ``pw`` of ``HASH_MUL``, modulo 2**64."""
    i: cython.int
    h: cython.ulonglong = 0
    if cython.compiled:
        for i in range(HEADER, size):
            h += cython.cast(cython.ulonglong, cython.cast(cython.uint, b[i])) * pw[i]
    else:  # the same sum, vectorised (numpy's uint64 wraps like C)
        words = (np.asarray(b[HEADER:size], dtype=np.int64) & 0xFFFFFFFF).astype(np.uint64)
        h = int((words * pw[HEADER:size]).sum(dtype=np.uint64))
    return mix64(h)


_POW: dict = {}


def powers(size):
    """``HASH_MUL ** i`` modulo 2**64 for ``i < size`` (a shared, read-only uint64 array)."""
    if size not in _POW:
        p = np.zeros(max(size, 1), dtype=np.ulonglong)
        x = 1
        for i in range(size):
            p[i] = x
            x = (x * HASH_MUL) & MASK64
        _POW[size] = p
    return _POW[size]


def view_hash(buf, size: cython.int):
    """The view hash the tree stores on a node, of a seat's view ``buf`` (``find_node`` looks it up)."""
    b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
    pw: cython.ulonglong[::1] = powers(size)
    return words_hash(ptr(b), uptr(pw), size)


def now():
    """The monotonic clock of ``time.perf_counter()``, in seconds."""
    if cython.compiled:
        ts = cython.declare(timespec)
        clock_gettime(CLOCK_MONOTONIC, cython.address(ts))
        return ts.tv_sec + ts.tv_nsec * 1e-9
    else:
        return time.perf_counter()


# -- the tree's arrays: the only code that differs between the two modes ------

def grow(p, nbytes):
    """``realloc``, raising MemoryError on failure (compiled only)."""
    q: cython.p_void = realloc(p, nbytes)
    if q == cython.NULL:
        raise MemoryError("search tree: out of memory")  # calls Python: raise
    return q


def new_ints(n, fill):
    """A fresh array of ``n`` ints set to ``fill``."""
    i: cython.int
    if cython.compiled:
        p: cython.p_int = cython.cast(cython.p_int, grow(cython.NULL, n * cython.sizeof(cython.int)))
    else:
        p = [0] * n
    for i in range(n):
        p[i] = fill
    return p


def new_keys(n):
    """A fresh array of ``n`` zero 64-bit keys."""
    i: cython.int
    if cython.compiled:
        p: cython.p_ulonglong = cython.cast(cython.p_ulonglong, grow(cython.NULL, n * cython.sizeof(cython.ulonglong)))
        for i in range(n):
            p[i] = 0
        return p
    else:
        return [0] * n


def new_doubles(n):
    """A fresh array of ``n`` zero doubles."""
    i: cython.int
    if cython.compiled:
        p: cython.p_double = cython.cast(cython.p_double, grow(cython.NULL, n * cython.sizeof(cython.double)))
        for i in range(n):
            p[i] = 0.0
        return p
    else:
        return [0.0] * n


def new_shorts(n):
    """A fresh array of ``n`` unsigned 16-bit words (written before they are read)."""
    if cython.compiled:
        return cython.cast(cython.p_ushort, grow(cython.NULL, n * cython.sizeof(cython.ushort)))
    else:
        return [0] * n


def resize_shorts(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_ushort, grow(p, n * cython.sizeof(cython.ushort)))
    else:
        return p[:old] + [0] * (n - old)


def resize_ints(p, old, n):
    """``p`` (``old`` entries) grown to ``n`` entries, keeping its contents."""
    if cython.compiled:
        return cython.cast(cython.p_int, grow(p, n * cython.sizeof(cython.int)))
    else:
        return p[:old] + [0] * (n - old)


def resize_keys(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_ulonglong, grow(p, n * cython.sizeof(cython.ulonglong)))
    else:
        return p[:old] + [0] * (n - old)


def resize_doubles(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_double, grow(p, n * cython.sizeof(cython.double)))
    else:
        return p[:old] + [0.0] * (n - old)


def floats_of(ed, ef, old, n):
    """The reward sums of the edge records ``ed`` (``n`` records, ``old`` of them in
    ``ef`` already): compiled, ``ed`` itself read as floats (the sum is each record's
    last word); interpreted, a float32 array of as many words, grown keeping ``ef``."""
    if cython.compiled:
        return cython.cast(cython.p_float, ed)
    elif old == 0:
        return np.zeros(4 * n, dtype=np.float32)
    else:
        return np.concatenate([ef[:4 * old], np.zeros(4 * (n - old), dtype=np.float32)])


def keys_of(nd, nk, old, n):
    """The 64-bit keys of the node records ``nd`` (``n`` records of ``NODE_INTS`` ints):
    compiled, ``nd`` read as 64-bit words (a key is a record's last two ints);
    interpreted, a list of as many words, grown keeping ``nk``."""
    if cython.compiled:
        return cython.cast(cython.p_ulonglong, nd)
    else:
        return (nk[:NODE_INTS // 2 * old] if old else []) + [0] * (NODE_INTS // 2 * (n - old))


def mv_size(c):
    """The run sizes of the move lists' classes: 4, 6, 8, 12, 16, 24, ... words (steps
    of 1.5 and 4/3: a list that grows to the next size wastes a third at most)."""
    return (2 + (c & 1)) << ((c >> 1) + 1)


def release(p):
    """Free an array (interpreted, the list is simply dropped)."""
    if cython.compiled:
        free(p)


@cython.cclass
class Search:
    """The search tree and iteration loop over one game kernel.

    ``mode``: SO (one tree owned by ``root_seat``), MO (one tree per seat) or
    OMNI (one tree, every move visible: determinized UCT on a fixed world).
    """

    def __init__(self, kernel, players: cython.int, root_seat: cython.int, mode: cython.int,
                 exploration: cython.double, reward_mode: cython.int, scale: cython.double,
                 max_nodes: cython.int, hash_depth: cython.int, reward_fn=None, rollout_fn=None):
        i: cython.int
        if players > MAXSEATS:
            raise ValueError(f"the search handles at most {MAXSEATS} seats")
        if not cython.compiled:  # the C arrays of the .pxd
            self.roots = [0] * MAXSEATS
            self.acting = [0] * MAXSEATS
            self.chosen = [0] * MAXSEATS
            self.cur = [0] * MAXSEATS
            self.evk = [0] * MAXSEATS
            self.r = [0.0] * MAXSEATS
            self.sfirst = [0] * MAXSEATS
            self.scount = [0] * MAXSEATS
            self.vks = [0] * MAXSEATS
            self.xterm = [0.0] * XTAB
            self.xstamp = [0] * XTAB
            self.mvfree = [0] * 64
            self.nk = []
            self.ef = None
        self.k = kernel
        self.n = players
        self.size = kernel.size
        self.mm = kernel.max_moves
        self.root_seat = root_seat
        self.mode = mode
        self.c = exploration
        self.reward_mode = reward_mode
        self.scale = scale
        self.max_nodes = max_nodes
        self.hash_depth = hash_depth
        self.view_keys = True  # False: children keyed by observed moves only
        self.bias = 0.0  # > 0: untried moves by heuristic, + bias * value / (visits + 1) (Task E)
        self.value_cache = True  # MO: a node's values kept while its seat's legal list is the same
        self.value_calls = 0
        self.hv_np = np.zeros(max(self.mm, 1), dtype=np.float64)
        self.hv = self.hv_np
        self.vm_np = np.zeros(max(self.mm, 1), dtype=np.intc)  # _move_values: the moves it asks for
        self.vm = self.vm_np
        self.vo_np = np.zeros(max(self.mm, 1), dtype=np.float64)  # and their values
        self.vo = self.vo_np
        self.vmi = new_ints(max(self.mm, 1), 0)
        self.reward_fn = reward_fn
        self.rollout_fn = rollout_fn
        self.ntrees = players if mode == MO else 1
        self.world_np = np.zeros(self.size, dtype=np.intc)
        self.tmp_np = np.zeros(self.size, dtype=np.intc)
        self.root_np = np.zeros(self.size, dtype=np.intc)
        self.seats_np = np.zeros(players + 1, dtype=np.intc)
        self.moves_np = np.zeros(max(self.mm, 1), dtype=np.intc)
        self.sc_np = np.zeros(players, dtype=np.intc)
        self.kb_np = np.zeros((players + RIVALS) * RANK_KEYS, dtype=np.intc)
        self.world = self.world_np
        self.tmp = self.tmp_np
        self.root = self.root_np
        self.seats = self.seats_np
        self.moves = self.moves_np
        self.sc = self.sc_np
        self.kb = self.kb_np
        self.determinize = True
        self.iterations = 0
        self.node_visits_total = 0
        self.scanned = -1
        self.xgen = 0
        for i in range(XTAB):
            self.xstamp[i] = 0
        self.pw_np = powers(self.size)
        self.pw = uptr(self.pw_np)
        self.eids = new_ints(max(self.mm, 1), 0)
        # slot[2m]: the edge of move m, valid for this selection iff slot[2m + 1] == stamp
        # (side by side: a lookup reads one cache line)
        self.slot = new_ints(2 * max(self.mm, 1), 0)
        self.stamp = 0
        self.rvec = new_doubles(max(self.mm, 1) * players)
        self.rcount = new_ints(max(self.mm, 1), 0)
        self.pcap = 256
        self.path_e = new_ints(self.pcap, 0)
        self.path_s = new_ints(self.pcap, 0)
        self.path_nodes = new_ints(self.pcap, 0)
        self.rmask = new_ints(max(self.mm, 1), 0)
        self.lgtab = new_doubles(LOGTAB)  # the same libm log as _select's, read instead of called
        for i in range(1, LOGTAB):
            self.lgtab[i] = log(i)
        self.masked = False
        self.clear()

    def __dealloc__(self):
        self._free_tree()
        release(self.rvec)
        release(self.rcount)
        release(self.eids)
        release(self.slot)
        release(self.path_e)
        release(self.path_s)
        release(self.path_nodes)
        release(self.rmask)
        release(self.lgtab)
        release(self.vmi)

    def _free_tree(self):
        if cython.compiled:  # interpreted, clear() just replaces the lists
            free(self.nd); free(self.nhash); free(self.ch_val)
            free(self.gs); free(self.freed); free(self.ed); free(self.mv)
            free(self.vnode); free(self.vc); free(self.vv)
            self.vnode = cython.NULL; self.vc = cython.NULL; self.vv = cython.NULL
            self.nd = cython.NULL; self.nk = cython.NULL
            self.nhash = cython.NULL; self.ch_val = cython.NULL
            self.gs = cython.NULL; self.freed = cython.NULL
            self.ed = cython.NULL; self.ef = cython.NULL; self.mv = cython.NULL

    # -- arena --------------------------------------------------------------
    def clear(self):
        """Drop every tree; the roots are nodes 0..ntrees-1."""
        t: cython.int
        self._free_tree()
        self.nn = 0
        self.ncap = 1024
        # node i: nd[8i + N_VIS] visits, + N_CHILD first child, + N_SIB next sibling,
        # + N_GROUP first edge segment, + N_PARENT, + N_EDGE that segment's first edge (so its
        # edges load alongside its segment record), and in its last two ints (nk[4i + N_KEY])
        # the key under which the parent finds it: what a visit reads, in one cache line
        self.nd = new_ints(NODE_INTS * self.ncap, 0)
        self.nk = keys_of(self.nd, self.nk, 0, self.ncap)
        self.hcap = 1                                  # view hashes: only with view_keys
        self.nhash = new_keys(self.hcap)
        self.chcap = 1024
        self.chcount = 0
        self.ch_val = new_ints(self.chcap, -1)         # child ids and tags; -1: empty slot
        self.idbits = 1                                # bits of a child id in its slot
        while (1 << self.idbits) < self.max_nodes + MAXSEATS and self.idbits < 30:
            self.idbits += 1
        self.ng = 0
        self.gcap = 1024
        # segment g: gs[3g] its first edge, gs[3g + INFO] seat << 24 | ROOMY | length,
        # gs[3g + NEXT] the next segment of the same node (one record: one cache line)
        self.gs = new_ints(3 * self.gcap, 0)
        self.freed = new_ints(RECYCLE + 1, -1)         # dead runs of k entries, for reuse
        self.ne = 0
        self.dead = 0
        self.ecap = 4096
        # edge e: ed[4e] its move, + E_VIS visits, + E_AVAIL availability, ef[4e + E_VAL]
        # the sum of its seat's rewards (compiled, ef is ed read as floats): one record
        self.ed = new_ints(4 * self.ecap, 0)
        self.ef = floats_of(self.ed, self.ef, 0, self.ecap)
        # the untried moves of listed segments, 16 bits a move and a count (every game's
        # move ids fit; an untried move's count is under max_moves, see _count)
        self.lists = self.mm < 1 << 16
        self.nmv = 0
        self.mvdead = 0
        self.mvcap = 4096
        self.mv = new_shorts(self.mvcap)
        for t in range(64):
            self.mvfree[t] = -1
        # the heuristic kept by node (bias with value_cache only: see _values)
        self.vcap = 1
        self.vnode = new_ints(self.vcap, -1)
        self.nvc = 0
        self.vcdead = 0
        self.vccap = 256
        self.vc = new_ints(self.vccap, 0)
        self.vv = new_doubles(self.vccap)
        for t in range(self.ntrees):
            self.roots[t] = self._new_node(-1, 0)
        self.reset_root_stats()

    def reset_root_stats(self):
        i: cython.int
        for i in range(max(self.mm, 1) * self.n):
            self.rvec[i] = 0.0
        for i in range(max(self.mm, 1)):
            self.rcount[i] = 0

    def node_count(self):
        return self.nn

    def edge_count(self):
        """Entries of the edge arena used (edges, old copies of merged segments, room)."""
        return self.ne

    def memory_bytes(self):
        """Bytes allocated for the tree's arrays and table (compiled; interpreted a C-sized
        estimate).  Capacities double, and pages never written are not resident."""
        return (self.ncap * 32 + self.hcap * 8 + self.chcap * 4 + self.gcap * 12 + self.ecap * 16
                + self.mvcap * 2 + self.vcap * 4 + self.vccap * 12)

    def used_bytes(self):
        """Bytes of the entries in use: nodes, child table, segments, edge arena, move lists."""
        return (self.nn * 32 + self.hcap * 8 + self.chcap * 4 + self.ng * 12 + self.ne * 16
                + self.nmv * 2 + self.vcap * 4 + self.nvc * 12)

    def memory_parts(self):
        """``used_bytes`` by part: node records, view hashes, child table, segment records,
        edge arena (records, headers, room, runs left for reuse), move lists (and of
        those, lists left behind when a segment was made exact, counted or moved)."""
        return {"nodes": self.nn * 32, "view_hashes": self.hcap * 8, "child_table": self.chcap * 4,
                "segments": self.ng * 12, "edge_arena": self.ne * 16, "move_lists": self.nmv * 2,
                "move_lists_dead": self.mvdead * 2, "kept_values": self.vcap * 4 + self.nvc * 12,
                "kept_values_dead": self.vcdead * 12}

    def live_edges(self):
        """Edges reachable from nodes, tried or not (the arena also holds merged segments'
        old copies and room; a listed segment's untried edges are only its move list)."""
        g: cython.int
        n: cython.longlong = 0
        for g in range(self.ng):
            if self.gs[3 * g + INFO] & LISTED:
                n += self.ed[4 * (self.gs[3 * g] - 1) + L_LEN]
                if self.gs[3 * g + INFO] & COUNTED:
                    n += self.gs[3 * g + INFO] & LENGTH
            else:
                n += self.gs[3 * g + INFO] & 0x7FFFFF
        return n - self.dead

    def _new_node(self, parent, ev):
        i: cython.int = self.nn
        j: cython.int
        if i == self.ncap:
            self.nd = resize_ints(self.nd, NODE_INTS * self.ncap, NODE_INTS * self.ncap * 2)
            self.nk = keys_of(self.nd, self.nk, self.ncap, self.ncap * 2)
            self.ncap *= 2
        if self.view_keys and i >= self.hcap:
            self.nhash = resize_keys(self.nhash, self.hcap, self.ncap)
            for j in range(self.hcap, self.ncap):
                self.nhash[j] = 0
            self.hcap = self.ncap
        self.nn += 1
        self.nd[8 * i] = 0
        if i < self.hcap:
            self.nhash[i] = 0
        self.nk[4 * i + N_KEY] = ev
        self.nd[8 * i + N_PARENT] = parent
        self.nd[8 * i + N_CHILD] = -1
        self.nd[8 * i + N_SIB] = -1
        self.nd[8 * i + N_GROUP] = -1
        self.nd[8 * i + N_EDGE] = 0
        if parent >= 0:
            self._child_put(i)
            self.nd[8 * i + N_SIB] = self.nd[8 * parent + N_CHILD]
            self.nd[8 * parent + N_CHILD] = i
        return i

    def _child_pos(self, node, ev):
        """Where the child table's probe for ``(node, ev)`` starts."""
        return mix64(ev ^ (node * GOLDEN)) & (self.chcap - 1)

    def _child_get(self, node, ev):
        mask: cython.int = self.chcap - 1
        pos: cython.int
        h: cython.ulonglong
        tag: cython.int
        c: cython.int = self.nd[8 * node + N_CHILD]
        if c >= 0 and self.nk[4 * c + N_KEY] == ev:
            return c  # the newest child: most nodes deep in a tree have just one
        h = mix64(ev ^ (node * GOLDEN))
        pos = h & mask
        tag = h >> 33
        c = self.ch_val[pos]
        while c != -1:
            # a slot's tag bits rule out most other nodes' children without reading
            # their records (each one a cache miss), a miss-free probe past them
            if (c ^ tag) >> self.idbits == 0:
                c &= (1 << self.idbits) - 1
                if self.nd[8 * c + N_PARENT] == node and self.nk[4 * c + N_KEY] == ev:
                    return c
            pos = (pos + 1) & mask
            c = self.ch_val[pos]
        return -1

    def _child_put(self, child):
        """Enter ``child`` in the child table: its id in the low ``idbits`` bits of its slot,
        the high bits of its hash (a tag) above, up to bit 30."""
        i: cython.int
        oldcap: cython.int
        mask: cython.int
        pos: cython.int
        oldbits: cython.int = self.idbits
        h: cython.ulonglong
        ov: cython.p_int
        while child >> self.idbits:  # more nodes than max_nodes foresaw: fewer tag bits
            self.idbits += 1
        if (self.chcount + 1) * 2 > self.chcap or self.idbits != oldbits:
            # rehash into a table twice as large (or as large, with the new tags)
            oldcap, ov = self.chcap, self.ch_val
            if (self.chcount + 1) * 2 > self.chcap:
                self.chcap = oldcap * 2
            self.ch_val = new_ints(self.chcap, -1)
            self.chcount = 0
            for i in range(oldcap):
                if ov[i] != -1:
                    self._child_put(ov[i] & ((1 << oldbits) - 1))
            release(ov)
        mask = self.chcap - 1
        h = mix64(self.nk[4 * child + N_KEY] ^ (self.nd[8 * child + N_PARENT] * GOLDEN))
        pos = h & mask
        while self.ch_val[pos] != -1:
            pos = (pos + 1) & mask
        self.ch_val[pos] = ((h >> 33) & ~((1 << self.idbits) - 1)) | child
        self.chcount += 1
        return 0

    def _segment(self, node, seat, size, room):
        """A new segment of ``size`` edges of ``seat`` at ``node``, first in the node's list;
        returns its id.  ``room > size``: room for ``room`` edges, kept in the entry before
        the segment (flag ``ROOMY``)."""
        g: cython.int = self.ng
        f: cython.int
        extra: cython.int = 1 if room > size else 0
        if g == self.gcap:
            self.gs = resize_ints(self.gs, 3 * self.gcap, 6 * self.gcap)
            self.gcap *= 2
        self.ng += 1
        self.gs[3 * g + INFO] = (seat << 24) | size | (ROOMY if extra else 0)
        self.gs[3 * g + NEXT] = self.nd[8 * node + N_GROUP]
        self.nd[8 * node + N_GROUP] = g
        f = self._run(room + extra)
        if extra:
            self.ed[4 * f] = room
        self.gs[3 * g] = f + extra
        self.nd[8 * node + N_EDGE] = self.gs[3 * g]
        return g

    def _run(self, n):
        """The first of ``n`` fresh consecutive entries of the edge arena: a run of exactly
        that size that a merge or a listed segment left behind, else new ones at its end."""
        f: cython.int
        newcap: cython.int = self.ecap
        if 0 < n <= RECYCLE and self.freed[n] >= 0:
            f = self.freed[n]
            self.freed[n] = self.ed[4 * f]
            return f
        while self.ne + n > newcap:
            newcap *= 2
        if newcap != self.ecap:
            self.ed = resize_ints(self.ed, 4 * self.ecap, 4 * newcap)
            self.ef = floats_of(self.ed, self.ef, self.ecap, newcap)
            self.ecap = newcap
        f = self.ne
        self.ne += n
        return f

    def _copy_edge(self, src, dst):
        """Edge record ``src`` copied to entry ``dst``."""
        self.ed[4 * dst] = self.ed[4 * src]
        self.ed[4 * dst + E_VIS] = self.ed[4 * src + E_VIS]
        self.ed[4 * dst + E_AVAIL] = self.ed[4 * src + E_AVAIL]
        self.ef[4 * dst + E_VAL] = self.ef[4 * src + E_VAL]
        return 0

    def _recycle(self, g):
        """Offer the entries of unlinked segment ``g`` (with a merged or listed one's header
        entry) to the next new run of that many entries (``_run``): ``freed[k]`` chains runs
        of ``k`` entries through their first ``e_move``."""
        first: cython.int = self.gs[3 * g]
        run: cython.int = self.gs[3 * g + INFO] & 0x7FFFFF
        if self.gs[3 * g + INFO] & (ROOMY | LISTED):
            first -= 1
            run = self.ed[4 * first] + 1
        if 0 < run <= RECYCLE:
            self.ed[4 * first] = self.freed[run]
            self.freed[run] = first
        return 0

    def _exact(self, node, seat, n):
        """A new empty segment of ``seat`` at ``node`` with room for exactly ``n`` edges."""
        g: cython.int = self._segment(node, seat, n, n)
        self.gs[3 * g + INFO] -= n
        return g

    def _seg_room(self, g):
        """How many edges segment ``g`` can hold."""
        if self.gs[3 * g + INFO] & ROOMY:
            return self.ed[4 * (self.gs[3 * g] - 1)]
        return self.gs[3 * g + INFO] & 0x7FFFFF

    def _mark(self, node, seat, on):
        """Point ``slot[move]`` at ``seat``'s edge of that move at ``node`` (``on``), or reset it
        to -1, walking the seat's segments from ``sfirst`` (``node`` was scanned); returns how
        many segments ``seat`` has there.  A mark is valid while ``stamp`` is unchanged."""
        g: cython.int = self.sfirst[seat]
        i: cython.int
        e: cython.int
        m: cython.int
        left: cython.int = self.scount[seat]
        while left > 0:
            if self.gs[3 * g + INFO] >> 24 == seat:
                left -= 1
                e = self.gs[3 * g]
                for i in range(self.gs[3 * g + INFO] & 0x7FFFFF):
                    m = self.ed[4 * (e + i)]
                    self.slot[2 * m] = e + i if on else -1
                    self.slot[2 * m + 1] = self.stamp
            g = self.gs[3 * g + NEXT]
        return self.scount[seat]

    def _slot(self, m):
        """The edge ``_mark`` put at move ``m`` during this selection, or -1."""
        if self.slot[2 * m + 1] == self.stamp:
            return self.slot[2 * m]
        return -1

    def _room(self, node, seat, missing, nseg):
        """The segment of ``seat`` at ``node`` where ``missing`` new edges go, with that room
        (``sfirst`` and ``scount`` follow: a new segment comes first in the node's list)."""
        g: cython.int = self.sfirst[seat]
        if nseg > 0 and (self.gs[3 * g + INFO] & 0x7FFFFF) + missing <= self._seg_room(g):
            return g  # the merged segment has room
        if nseg == 0 or self.nd[8 * node] < MERGE_AT:
            g = self._exact(node, seat, missing)  # one more exact segment
            self.scount[seat] += 1
        else:
            g = self._merge(node, seat, missing)
            self.scount[seat] = 1
        self.sfirst[seat] = g
        return g

    def _merge(self, node, seat, missing):
        """Merge ``seat``'s segments at ``node`` into one (unsorted) with room to grow by
        a quarter, plus ``missing`` (a hot node has mostly seen its moves by then); the old
        entries are offered for reuse.  Returns the new segment."""
        g: cython.int = self.nd[8 * node + N_GROUP]
        h: cython.int
        prev: cython.int
        i: cython.int
        d: cython.int
        total: cython.int = 0
        while g >= 0:
            if self.gs[3 * g + INFO] >> 24 == seat:
                total += self.gs[3 * g + INFO] & 0x7FFFFF
            g = self.gs[3 * g + NEXT]
        h = self._segment(node, seat, 0, total + missing + (total + missing) // 4 + 1)
        d = self.gs[3 * h]
        g = self.gs[3 * h + NEXT]
        prev = h
        while g >= 0:
            if self.gs[3 * g + INFO] >> 24 == seat:
                for i in range(self.gs[3 * g + INFO] & 0x7FFFFF):
                    self.ed[4 * d] = self.ed[4 * (self.gs[3 * g] + i)]
                    self.ed[4 * d + E_VIS] = self.ed[4 * (self.gs[3 * g] + i) + E_VIS]
                    self.ed[4 * d + E_AVAIL] = self.ed[4 * (self.gs[3 * g] + i) + E_AVAIL]
                    self.ef[4 * d + E_VAL] = self.ef[4 * (self.gs[3 * g] + i) + E_VAL]
                    d += 1
                self.dead += self.gs[3 * g + INFO] & 0x7FFFFF
                self.gs[3 * prev + NEXT] = self.gs[3 * g + NEXT]  # unlinked
                self._recycle(g)
            else:
                prev = g
            g = self.gs[3 * prev + NEXT]
        self.gs[3 * h + INFO] = (seat << 24) | ROOMY | total
        return h

    # A seat's first segment at a node, from ``LIST_MIN`` legal moves, is *listed*: its
    # ``nl`` legal moves of that first selection are kept as a move list (``mv``, 16 bits
    # a move), and only the moves tried there get edge records, sorted by their index in
    # the list (which their ``E_AVAIL`` word holds meanwhile).  While every selection
    # there lists the same moves, every edge's availability is the number of those
    # selections, one count in the header entry before the records (room, list offset,
    # list length, count).  The first selection with another list makes it counted
    # (``_count``); the first with every move tried turns it into the exact segment it
    # stands for (``_materialize``).  The search's choices are those of exact segments
    # throughout (``lists`` off: every edge a record), only the storage differs.

    def _listed(self, node, seat, nl):
        """A new listed segment of ``seat`` at ``node`` for the ``nl`` moves in ``moves``."""
        g: cython.int = self._segment(node, seat, 0, 1)
        h: cython.int = self.gs[3 * g] - 1
        i: cython.int
        off: cython.int = self._mv_run(nl)
        self.gs[3 * g + INFO] = (seat << 24) | LISTED
        for i in range(nl):
            self.mv[off + i] = as_int(self.moves[i])
        self.ed[4 * h + L_LIST] = off
        self.ed[4 * h + L_LEN] = nl
        self.ed[4 * h + L_COUNT] = 0
        self.sfirst[seat] = g
        self.scount[seat] = 1
        return g

    def _listed_select(self, g, nl):
        """The edge chosen at listed segment ``g`` for the ``nl`` moves in ``moves`` when
        they are its list and some are untried: one drawn at random (by the bias's best
        heuristic first), as for exact edges.  Another list: the segment made counted,
        then as ``_counted_select``.  Every move tried: -1, the segment made exact."""
        h: cython.int = self.gs[3 * g] - 1
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        off: cython.int = self.ed[4 * h + L_LIST]
        i: cython.int
        j: cython.int
        pos: cython.int
        tried: cython.int = 0
        same: cython.bint = self.ed[4 * h + L_LEN] == nl
        if self.gs[3 * g + INFO] & COUNTED:
            return self._counted_select(g, nl)
        if same:
            for i in range(nl):
                if self.mv[off + i] != as_int(self.moves[i]):
                    same = False
                    break
        if same:
            for j in range(k):
                if self.ed[4 * (f + j) + E_VIS] > 0:
                    tried += 1
        if not same:
            self._count(g)
            return self._counted_select(g, nl)
        if tried == nl:
            self._materialize(g)
            return -1
        self.ed[4 * h + L_COUNT] += 1
        if self.bias == 0.0:
            # the r-th untried move: skip the tried indices up to it (ascending)
            pos = self.rng.below(nl - tried)
            for j in range(k):
                if self.ed[4 * (f + j) + E_VIS] > 0:
                    if self.ed[4 * (f + j) + E_AVAIL] <= pos:
                        pos += 1
                    else:
                        break
            return self._listed_edge(g, pos)
        for i in range(nl):
            self.eids[i] = -1
        for j in range(k):
            if self.ed[4 * (f + j) + E_VIS] > 0:
                self.eids[self.ed[4 * (f + j) + E_AVAIL]] = f + j
        return self._listed_edge(g, self._untried_pick(nl, nl - tried))

    def _listed_edge(self, g, pos):
        """The edge record of move ``pos`` of listed segment ``g``'s list, made if new (the
        records move to a run twice as large when full)."""
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        j: cython.int = 0
        i: cython.int
        while j < k and self.ed[4 * (f + j) + E_AVAIL] < pos:
            j += 1
        if j < k and self.ed[4 * (f + j) + E_AVAIL] == pos:
            return f + j  # made by an iteration that raised before its backup
        f = self._listed_room(g)
        for i in range(k - 1, j - 1, -1):
            self._copy_edge(f + i, f + i + 1)
        self.ed[4 * (f + j)] = self.mv[self.ed[4 * (f - 1) + L_LIST] + pos]
        self.ed[4 * (f + j) + E_VIS] = 0
        self.ed[4 * (f + j) + E_AVAIL] = pos
        self.ef[4 * (f + j) + E_VAL] = 0.0
        self.gs[3 * g + INFO] += 1
        return f + j

    def _listed_room(self, g):
        """Listed segment ``g``'s first record, with room for one more (the records move
        to a run twice as large when full: runs of 2, 4, 8, ... entries, reused by size)."""
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        room: cython.int = self.ed[4 * (f - 1)]
        d: cython.int
        i: cython.int
        if k < room:
            return f
        d = self._run(2 * room + 2) + 1
        self.ed[4 * (d - 1)] = 2 * room + 1
        for i in range(L_LIST, L_COUNT + 1):
            self.ed[4 * (d - 1) + i] = self.ed[4 * (f - 1) + i]
        for i in range(k):
            self._copy_edge(f + i, d + i)
        self._recycle(g)
        self.gs[3 * g] = d
        return d

    def _mv_run(self, n):
        """The offset of ``n`` fresh words of the move lists: a run left behind of at least
        that size (of the class of the next size of ``mv_size``), else at the end."""
        newcap: cython.int = self.mvcap
        c: cython.int = 0
        off: cython.int
        while mv_size(c) < n:
            c += 1
        if n >= 4 and self.mvfree[c] >= 0:
            off = self.mvfree[c]
            self.mvfree[c] = (self.mv[off] | (self.mv[off + 1] << 16)) - 1
            self.mvdead -= n
            return off
        while self.nmv + n > newcap:
            newcap *= 2
        if newcap != self.mvcap:
            self.mv = resize_shorts(self.mv, self.mvcap, newcap)
            self.mvcap = newcap
        self.nmv += n
        return self.nmv - n

    def _mv_free(self, off, n):
        """Offer the run of ``n`` move-list words at ``off`` for reuse: chained (its first
        two words the next run's offset + 1) in the class of the size of ``mv_size`` at
        or below ``n``."""
        c: cython.int = 0
        if n < 4:
            return 0
        while mv_size(c + 1) <= n:
            c += 1
        self.mv[off] = (self.mvfree[c] + 1) & 0xFFFF
        self.mv[off + 1] = (self.mvfree[c] + 1) >> 16
        self.mvfree[c] = off
        self.mvdead += n
        return 0

    # A *counted* listed segment (a list that a selection found different: City and
    # Guilds' placements, which vary with the determinized tiles) keeps each untried move
    # with its own availability, two 16-bit words (an untried move's availability is at
    # most the moves tried there since: a selection with an untried legal move tries
    # one), in no order, with room; its records are in the order they were made, their
    # E_AVAIL words their availabilities.  Header: room, list offset, entries, list room.

    def _count(self, g):
        """Listed segment ``g`` made counted: each untried move of its list with the count of
        selections as its availability, and so every record's."""
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        nl: cython.int = self.ed[4 * (f - 1) + L_LEN]
        off: cython.int = self.ed[4 * (f - 1) + L_LIST]
        cnt: cython.int = self.ed[4 * (f - 1) + L_COUNT]
        cap: cython.int = 2
        d: cython.int
        c: cython.int = 0
        while mv_size(c) < 2 * (nl - k + (nl - k) // 8 + 2):  # sizes reused by class
            c += 1
        cap = mv_size(c) // 2
        d = self._mv_run(2 * cap)
        i: cython.int
        j: cython.int = 0
        u: cython.int = 0
        for i in range(nl):
            if j < k and self.ed[4 * (f + j) + E_AVAIL] == i:
                self.ed[4 * (f + j) + E_AVAIL] = cnt
                j += 1
            else:
                self.mv[d + 2 * u] = self.mv[off + i]
                self.mv[d + 2 * u + 1] = cnt
                u += 1
        self._mv_free(off, nl)
        self.ed[4 * (f - 1) + L_LIST] = d
        self.ed[4 * (f - 1) + L_LEN] = u
        self.ed[4 * (f - 1) + L_COUNT] = cap
        self.gs[3 * g + INFO] |= COUNTED
        return 0

    def _counted_select(self, g, nl):
        """The untried edge chosen at counted segment ``g`` for the ``nl`` moves in ``moves``
        (as ``_listed_select``); -3 when every one is tried, their edges in ``eids``."""
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        off: cython.int = self.ed[4 * (f - 1) + L_LIST]
        nu: cython.int = self.ed[4 * (f - 1) + L_LEN]
        cap: cython.int = self.ed[4 * (f - 1) + L_COUNT]
        i: cython.int
        m: cython.int
        x: cython.int
        d: cython.int
        missing: cython.int = 0
        untried: cython.int = 0
        stamp: cython.int
        # the three passes below on locals: stored through ``self``'s pointers, every store
        # reloaded them (perf: this was the search's costliest function at City and Guilds'
        # default, the stamping of a setup node's ~150 untried entries)
        ed: cython.p_int = self.ed
        slot: cython.p_int = self.slot
        mvp: cython.p_ushort = self.mv
        lm: cython.p_int = ptr(self.moves)
        ids: cython.p_int = self.eids
        self._new_stamp()
        stamp = self.stamp
        for i in range(k):  # move -> its record (>= 0) or -2 - its list entry
            m = ed[4 * (f + i)]
            slot[2 * m] = f + i
            slot[2 * m + 1] = stamp
        for i in range(nu):
            m = mvp[off + 2 * i]
            slot[2 * m] = -2 - i
            slot[2 * m + 1] = stamp
        for i in range(nl):  # the moves legal here before: their edges or entries counted
            m = as_int(lm[i])
            if slot[2 * m + 1] != stamp:
                missing += 1
                continue
            x = slot[2 * m]
            ids[i] = x
            if x >= 0:
                ed[4 * x + E_AVAIL] += 1
                if ed[4 * x + E_VIS] == 0:
                    untried += 1
            else:
                mvp[off + 2 * (-2 - x) + 1] += 1
                untried += 1
        if missing > 0:  # moves never legal here before: new entries, legal once
            if nu + missing > cap:
                while nu + missing > cap:
                    cap = cap + cap // 2 if cap & (cap - 1) == 0 else cap // 3 * 4  # next mv_size
                d = self._mv_run(2 * cap)
                for i in range(2 * nu):
                    self.mv[d + i] = self.mv[off + i]
                self._mv_free(off, 2 * self.ed[4 * (f - 1) + L_COUNT])
                off = d
                self.ed[4 * (f - 1) + L_LIST] = off
                self.ed[4 * (f - 1) + L_COUNT] = cap
            for i in range(nl):
                m = as_int(self.moves[i])
                if self.slot[2 * m + 1] != self.stamp:
                    self.mv[off + 2 * nu] = m
                    self.mv[off + 2 * nu + 1] = 1
                    self.slot[2 * m] = -2 - nu
                    self.slot[2 * m + 1] = self.stamp
                    self.eids[i] = -2 - nu
                    nu += 1
                    untried += 1
            self.ed[4 * (f - 1) + L_LEN] = nu
        if untried == 0:
            return -3
        x = self.eids[self._untried_pick(nl, untried)]
        if x >= 0:
            return x  # made by an iteration that raised before its backup
        i = -2 - x
        f = self._listed_room(g)
        x = f + k
        self.ed[4 * x] = self.mv[off + 2 * i]
        self.ed[4 * x + E_VIS] = 0
        self.ed[4 * x + E_AVAIL] = self.mv[off + 2 * i + 1]
        self.ef[4 * x + E_VAL] = 0.0
        self.gs[3 * g + INFO] += 1
        nu -= 1  # the last entry takes its place
        self.mv[off + 2 * i] = self.mv[off + 2 * nu]
        self.mv[off + 2 * i + 1] = self.mv[off + 2 * nu + 1]
        self.ed[4 * (f - 1) + L_LEN] = nu
        return x

    def _untried_pick(self, nl, untried):
        """The index of the legal move drawn among the ``untried`` untried ones (``eids`` < 0
        or an edge of no visits), the bias's best by heuristic first: as ``_select`` draws."""
        i: cython.int
        x: cython.int
        r: cython.int
        cnt: cython.int = untried  # without a bias every one of them is drawn
        bestv: cython.double = 0.0
        ed: cython.p_int = self.ed  # locals: see _counted_select
        ids: cython.p_int = self.eids
        hv: cython.p_double = dptr(self.hv)
        biased: cython.bint = self.bias != 0.0
        if biased:
            cnt = 0
            for i in range(nl):
                x = ids[i]
                if x < 0 or ed[4 * x + E_VIS] == 0:
                    if cnt == 0 or hv[i] > bestv:
                        bestv = hv[i]
                        cnt = 0
                    if hv[i] == bestv:
                        cnt += 1
        r = self.rng.below(cnt)
        for i in range(nl):
            x = ids[i]
            if (x < 0 or ed[4 * x + E_VIS] == 0) and (not biased or hv[i] == bestv):
                if r == 0:
                    return i
                r -= 1
        return -1

    def _new_stamp(self):
        """A new ``stamp``: every mark in ``slot`` made invalid."""
        i: cython.int
        self.stamp += 1
        if self.stamp == 1 << 30:  # before it wraps: every old mark made invalid
            for i in range(max(self.mm, 1)):
                self.slot[2 * i + 1] = 0
            self.stamp = 1
        return 0

    def _materialize(self, g):
        """Listed segment ``g`` made the exact segment it stands for: an edge for each move
        of its list in order, every availability the count of its selections."""
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        nl: cython.int = self.ed[4 * (f - 1) + L_LEN]
        off: cython.int = self.ed[4 * (f - 1) + L_LIST]
        cnt: cython.int = self.ed[4 * (f - 1) + L_COUNT]
        d: cython.int = self._run(nl)
        i: cython.int
        j: cython.int = 0
        for i in range(nl):
            if j < k and self.ed[4 * (f + j) + E_AVAIL] == i:
                self._copy_edge(f + j, d + i)
                j += 1
            else:
                self.ed[4 * (d + i)] = self.mv[off + i]
                self.ed[4 * (d + i) + E_VIS] = 0
                self.ef[4 * (d + i) + E_VAL] = 0.0
            self.ed[4 * (d + i) + E_AVAIL] = cnt
        self._recycle(g)
        self.gs[3 * g] = d
        self.gs[3 * g + INFO] = (self.gs[3 * g + INFO] >> 24 << 24) | nl
        self._mv_free(off, nl)
        return 0

    # -- root ---------------------------------------------------------------
    def set_root(self, buf, determinize: cython.bint):
        b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
        self.root[:] = b
        self.determinize = determinize

    def set_root_mask(self, moves):
        """Search only ``moves`` (move ids) for the root seat at its root (UCI's
        ``searchmoves``); None: every legal move.  Only the root's move list is
        filtered: nodes below the root, and the other seats, are searched as always."""
        i: cython.int
        for i in range(max(self.mm, 1)):
            self.rmask[i] = 0
        self.masked = moves is not None
        if moves is not None:
            for i in moves:
                if not 0 <= i < max(self.mm, 1):
                    raise ValueError(f"root mask move {i} is not a move id of this game")
                self.rmask[i] = 1

    def _mask_root(self, nl):
        """Keep the masked root moves among the ``nl`` listed (all of them if none is legal
        in this determinization, which a mask drawn from the view's legal moves never meets)."""
        i: cython.int
        kept: cython.int = 0
        m: cython.int
        for i in range(nl):
            m = as_int(self.moves[i])
            if self.rmask[m]:
                self.moves[kept] = m
                kept += 1
        return kept if kept > 0 else nl

    def find_node(self, h: cython.ulonglong):
        """The most visited node of the root seat's tree whose view hash is ``h``."""
        best: cython.int = -1
        bv: cython.int = -1
        x: cython.int
        c: cython.int
        d: cython.int
        tree_root: cython.int = self.roots[self.root_seat if self.mode == MO else 0]
        stack = [(tree_root, 0)]  # (node, depth below the root)
        while stack:
            x, d = stack.pop()
            if x != tree_root and x < self.hcap and self.nhash[x] == h and self.nd[8 * x] > bv:
                best, bv = x, self.nd[8 * x]
            if d < self.hash_depth:
                c = self.nd[8 * x + N_CHILD]
                while c >= 0:
                    stack.append((c, d + 1))
                    c = self.nd[8 * c + N_SIB]
        return best

    def depth(self, node: cython.int):
        """Depth of ``node`` below its tree's first root (not stored: parents are)."""
        d: cython.int = 0
        while self.nd[8 * node + N_PARENT] >= 0:
            node = self.nd[8 * node + N_PARENT]
            d += 1
        return d

    def reroot(self, node: cython.int):
        """Make ``node`` the root of the (single) tree, keeping its subtree."""
        self.roots[0] = node
        self.root_depth = self.depth(node)
        self.reset_root_stats()

    # -- the iteration ------------------------------------------------------
    def _code(self, t, actor, move):
        """What the owner of tree ``t`` sees of ``actor`` playing ``move``."""
        owner: cython.int
        if self.mode == OMNI:
            return move
        owner = t if self.mode == MO else self.root_seat
        if actor == owner:
            return move
        return self.k.observed_move(self.world, actor, move, owner)

    def _select(self, node, seat):
        """UCB1 among ``seat``'s edges at ``node`` (an untried one first, drawn at random).

        The legal moves of this determinization are looked up in the seat's
        segments: none when its one segment lists exactly them in order (edge i
        is move i: the usual case), by one walk along both lists when the seat has
        one merged segment (kept sorted by move: the hot nodes) of at most
        ``BSEARCH_MAX`` edges, else
        through ``slot`` (move -> edge, valid only where its stamp word holds this
        selection's ``stamp``, so nothing is reset on leaving), which costs two
        linear passes over the edges but no search per move.  Moves never seen here get edges
        in a segment with room, or a new one."""
        nl: cython.int
        i: cython.int
        e: cython.int
        m: cython.int
        g: cython.int
        ln: cython.int
        first: cython.int
        nseg: cython.int = 0
        prim: cython.int = -1
        done: cython.bint = False
        missing: cython.int = 0
        untried: cython.int = 0
        nl = self.k.legal(self.world, seat, self.moves)
        if self.masked and seat == self.root_seat and node == self.roots[self.root_seat if self.mode == MO else 0]:
            nl = self._mask_root(nl)
        if node != self.scanned:
            self._scan(node)
        if self.bias != 0.0 and nl > 1:  # one legal move: chosen whatever its value
            self._values(node, seat, nl)
        prim = self.sfirst[seat]
        nseg = self.scount[seat]
        if nseg == 0 and self.lists and nl >= LIST_MIN:
            prim = self._listed(node, seat, nl)
            nseg = 1
        if nseg == 1 and self.gs[3 * prim + INFO] & LISTED:
            e = self._listed_select(prim, nl)
            if e >= 0:
                return e
            done = e == -3  # counted, every legal move tried: their edges in eids
        if nseg > 1 and self.nd[8 * node] >= MERGE_AT:
            # a hot node: one sorted segment, walked in order from now on
            prim = self._merge(node, seat, 0)
            if (self.gs[3 * prim + INFO] & 0x7FFFFF) <= BSEARCH_MAX:
                self._sort_seg(prim)
            nseg = 1
            self.sfirst[seat] = prim
            self.scount[seat] = 1
        if nseg == 1 and (self.gs[3 * prim + INFO] & 0x7FFFFF) == nl:
            # the usual case: the seat's one segment lists exactly these moves in this
            # order (made from such a list, or sorted like it), so edge i is move i
            untried = self._in_order(self.gs[3 * prim], nl)
            done = untried >= 0
            untried = max(untried, 0)
        if not done and nseg == 1 and self.gs[3 * prim + INFO] & ROOMY and (self.gs[3 * prim + INFO] & 0x7FFFFF) <= BSEARCH_MAX:
            first = self.gs[3 * prim]
            ln = self.gs[3 * prim + INFO] & 0x7FFFFF
            missing = self._lookup(first, ln, nl)
            if missing > 0 and ln + missing <= self._seg_room(prim):
                e = first + ln
                for i in range(nl):
                    m = as_int(self.moves[i])
                    if self.eids[i] < 0:
                        self.ed[4 * e] = m
                        self.ed[4 * e + E_VIS] = 0
                        self.ed[4 * e + E_AVAIL] = 0
                        self.ef[4 * e + E_VAL] = 0.0
                        e += 1
                self.gs[3 * prim + INFO] += missing
                self._sort_seg(prim)
                ln += missing
                missing = self._lookup(first, ln, nl)
            if missing == 0:
                for i in range(nl):
                    e = self.eids[i]
                    self.ed[4 * e + E_AVAIL] += 1
                    if self.ed[4 * e + E_VIS] == 0:
                        untried += 1
                done = True
            missing = 0
        if not done:
            self._new_stamp()
            nseg = self._mark(node, seat, True)
            for i in range(nl):
                if self._slot(as_int(self.moves[i])) < 0:
                    missing += 1
            if missing > 0:
                g = self._room(node, seat, missing, nseg)
                ln = self.gs[3 * g + INFO] & 0x7FFFFF
                e = self.gs[3 * g] + ln
                for i in range(nl):
                    m = as_int(self.moves[i])
                    if self._slot(m) < 0:
                        self.ed[4 * e] = m
                        self.ed[4 * e + E_VIS] = 0
                        self.ed[4 * e + E_AVAIL] = 0
                        self.ef[4 * e + E_VAL] = 0.0
                        self.slot[2 * m] = e
                        self.slot[2 * m + 1] = self.stamp
                        e += 1
                self.gs[3 * g + INFO] += missing
                if self.gs[3 * g + INFO] & ROOMY:
                    if (self.gs[3 * g + INFO] & 0x7FFFFF) <= BSEARCH_MAX:
                        self._sort_seg(g)  # a merged segment short enough to search stays sorted
                    self._mark(node, seat, True)  # merged or sorted: the edges moved
            for i in range(nl):
                e = self._slot(as_int(self.moves[i]))
                self.ed[4 * e + E_AVAIL] += 1
                self.eids[i] = e
                if self.ed[4 * e + E_VIS] == 0:
                    untried += 1
        if untried > 0:
            return self.eids[self._untried_pick(nl, untried)]
        return self._ucb(nl)

    def _ucb(self, nl):
        """The edge of the largest UCB value (plus the bias's term) among ``eids``' ``nl``
        edges, every one tried.  The arrays are read through locals: with
        ``-fno-strict-aliasing`` the C compiler reloads ``self``'s pointers after every
        store otherwise (City and Guilds: hundreds of edges a selection at the root)."""
        ed: cython.p_int = self.ed
        ef: cython.p_float = self.ef
        ids: cython.p_int = self.eids
        hv: cython.p_double = dptr(self.hv)
        lgtab: cython.p_double = self.lgtab
        bias: cython.double = self.bias
        c: cython.double = self.c
        xgen: cython.int = self.xgen
        i: cython.int
        j: cython.int
        e: cython.int
        nvis: cython.int
        best: cython.int = 0
        lastav: cython.int = -1
        v: cython.double
        bestv: cython.double = -1.0e300
        lg: cython.double = 0.0
        expl: cython.double
        for i in range(nl):
            e = ids[i]
            nvis = ed[4 * e + E_VIS]
            if ed[4 * e + E_AVAIL] != lastav:  # a seat's edges often share their availability
                lastav = ed[4 * e + E_AVAIL]
                lg = lgtab[lastav] if lastav < LOGTAB else log(lastav)
                xgen += 1  # the exploration terms below were of another log
                if xgen == 1 << 30:
                    for j in range(XTAB):
                        self.xstamp[j] = 0
                    xgen = 1
            if nvis < XTAB:  # and many their visits (wide nodes: hundreds of edges of a few visits)
                if self.xstamp[nvis] != xgen:
                    self.xstamp[nvis] = xgen
                    self.xterm[nvis] = c * sqrt(lg / nvis)
                expl = self.xterm[nvis]
            else:
                expl = c * sqrt(lg / nvis)
            v = cython.cast(cython.double, ef[4 * e + E_VAL]) / nvis + expl
            if bias != 0.0:
                v += bias * hv[i] / (nvis + 1)
            if v > bestv:
                best = i
                bestv = v
        self.xgen = xgen
        return ids[best]

    def _in_order(self, first, nl):
        """When the edges from ``first`` are the ``nl`` legal moves in order: each one's
        availability counted, ``eids`` set, and the number untried returned; else -1 and
        nothing changed.  On locals, as ``_ucb``."""
        ed: cython.p_int = self.ed
        lm: cython.p_int = ptr(self.moves)
        ids: cython.p_int = self.eids
        i: cython.int
        e: cython.int
        untried: cython.int = 0
        for i in range(nl):
            if ed[4 * (first + i)] != as_int(lm[i]):
                return -1
        for i in range(nl):
            e = first + i
            ed[4 * e + E_AVAIL] += 1
            ids[i] = e
            if ed[4 * e + E_VIS] == 0:
                untried += 1
        return untried

    def _values(self, node, seat, nl):
        """``hv``: the heuristic (``kernel.move_values``) of ``seat``'s ``nl`` legal moves at
        ``node``.  In MO trees with ``value_cache`` (a node there is its seat's own
        information set, reached by what the seat observed), the values are kept by node
        and seat: a heuristic that reads only what the seat sees (as a search heuristic
        must) and what the node's moves fix gives the same values there, so the tree is
        the same for a fraction of the calls.  What is kept follows ``move_values``'s
        answer: 1, the values of the list, reused while the legal list is the same in the
        same order (The Walled City: one call in 16 at its placements); 3, values of
        single moves, every move's whatever the list (kept as a sorted set, see
        ``_move_values``: City and Guilds' placements, whose legal list changes with the
        tiles each world deals the seat); 2, values that read a chance outcome the moves
        do not fix (City and Guilds' face-up display at a draw): not kept.
        Record at ``o``: ``vc[o]`` seat (| ``PER_MOVE``), ``vc[o+1]`` length, ``vc[o+2]`` the
        node's next record, ``vc[o+3]`` room, then the moves from ``vc[o+4]``; values at the
        same offsets in ``vv``.  A list that does not fit its record gets a new one."""
        i: cython.int
        o: cython.int
        n: cython.int
        code: cython.int
        same: cython.bint
        if not self.value_cache or self.mode != MO:
            self.value_calls += 1
            self.k.move_values(self.world, seat, self.moves, nl, self.hv)
            return 0
        if node >= self.vcap:
            n = self.ncap
            self.vnode = resize_ints(self.vnode, self.vcap, n)
            for i in range(self.vcap, n):
                self.vnode[i] = -1
            self.vcap = n
        o = self.vnode[node]
        while o >= 0 and (self.vc[o] & SEAT_BITS) != seat:
            o = self.vc[o + 2]
        if o >= 0 and self.vc[o] & PER_MOVE:
            return self._move_values(node, o, seat, nl)
        if o >= 0 and self.vc[o + 1] == nl:
            same = True
            for i in range(nl):
                if self.vc[o + 4 + i] != as_int(self.moves[i]):
                    same = False
                    break
            if same:
                for i in range(nl):
                    self.hv[i] = self.vv[o + 4 + i]
                return 0
        self.value_calls += 1
        code = self.k.move_values(self.world, seat, self.moves, nl, self.hv)
        if code == 2:
            return 0  # this world's chance outcomes read: not the node's values
        if code == 3:
            for i in range(1, nl):
                if as_int(self.moves[i]) <= as_int(self.moves[i - 1]):
                    return 0  # kept sorted: a list that does not ascend is not kept (kernels' ascend)
        if o >= 0 and self.vc[o + 3] < nl:
            self.vc[o] = -1  # left behind: the new record goes first in the node's chain
            self.vcdead += self.vc[o + 3] + 4
            o = -1
        if o < 0:
            o = self._vrecord(node, nl)
        self.vc[o] = seat | (PER_MOVE if code == 3 else 0)
        self.vc[o + 1] = nl
        for i in range(nl):
            self.vc[o + 4 + i] = as_int(self.moves[i])
            self.vv[o + 4 + i] = self.hv[i]
        return 0

    def _vrecord(self, node, room):
        """A new kept-values record for ``room`` moves, first in ``node``'s chain."""
        n: cython.int = self.vccap
        o: cython.int = self.nvc
        if self.nvc + room + 4 > self.vccap:
            while self.nvc + room + 4 > n:
                n *= 2
            self.vc = resize_ints(self.vc, self.vccap, n)
            self.vv = resize_doubles(self.vv, self.vccap, n)
            self.vccap = n
        self.nvc += room + 4
        self.vc[o + 1] = 0
        self.vc[o + 2] = self.vnode[node]
        self.vc[o + 3] = room
        self.vnode[node] = o
        return o

    def _move_values(self, node, o, seat, nl):
        """``hv`` from record ``o`` of values of single moves (sorted by move): the moves it
        lacks asked of the kernel in one call (``vm``, their indices in ``vmi``) and added,
        in a record twice as large when they do not fit."""
        r: cython.int = self.vc[o + 1]
        i: cython.int
        j: cython.int
        a: cython.int
        w: cython.int
        m: cython.int
        nm: cython.int = 0
        prevm: cython.int = -1
        x: cython.double
        # the walk below runs at most selections (City and Guilds' bias: 4.7 an iteration,
        # ~70 moves each); local pointers, as the C compiler reloads ``self``'s at each store
        kc: cython.p_int = self.vc
        kv: cython.p_double = self.vv
        lm: cython.p_int = ptr(self.moves)
        hv: cython.p_double = dptr(self.hv)
        lack: cython.p_int = ptr(self.vm)
        at: cython.p_int = self.vmi
        start: cython.int = o + 4
        end: cython.int = o + 4 + r
        lim: cython.int = min(r, nl)
        i0: cython.int = 0
        while i0 < lim and kc[start + i0] == as_int(lm[i0]):
            # the usual case (City and Guilds: 96% of the moves): the record is the list
            hv[i0] = kv[start + i0]
            i0 += 1
        j = start + i0
        if i0 > 0:
            prevm = as_int(lm[i0 - 1])
        for i in range(i0, nl):  # one walk along both while the legal moves ascend
            m = as_int(lm[i])
            if m <= prevm:
                j = start
            prevm = m
            while j < end and kc[j] < m:
                j += 1
            if j < end and kc[j] == m:
                hv[i] = kv[j]
                j += 1  # the next move is larger, or the walk starts over
            else:
                lack[nm] = m
                at[nm] = i
                nm += 1
        if nm == 0:
            return 0
        self.value_calls += 1
        if self.k.move_values(self.world, seat, self.vm, nm, self.vo) != 3:
            # not values of single moves after all: the whole list, nothing more kept
            self.k.move_values(self.world, seat, self.moves, nl, self.hv)
            return 0
        for i in range(nm):
            self.hv[self.vmi[i]] = self.vo[i]
        for i in range(1, nm):  # the new moves in order (they are unless the list did not ascend)
            m = as_int(self.vm[i])
            x = self.vo[i]
            j = i - 1
            while j >= 0 and as_int(self.vm[j]) > m:
                self.vm[j + 1] = self.vm[j]
                self.vo[j + 1] = self.vo[j]
                j -= 1
            self.vm[j + 1] = m
            self.vo[j + 1] = x
        if r + nm > self.vc[o + 3]:
            self.vc[o] = -1  # left behind
            self.vcdead += self.vc[o + 3] + 4
            a = self._vrecord(node, 2 * (r + nm))
            for i in range(r):
                self.vc[a + 4 + i] = self.vc[o + 4 + i]
                self.vv[a + 4 + i] = self.vv[o + 4 + i]
            o = a
            self.vc[o] = seat | PER_MOVE
        a = r - 1  # merged from the end, in place
        w = r + nm - 1
        j = nm - 1
        while j >= 0:
            if a >= 0 and self.vc[o + 4 + a] > as_int(self.vm[j]):
                self.vc[o + 4 + w] = self.vc[o + 4 + a]
                self.vv[o + 4 + w] = self.vv[o + 4 + a]
                a -= 1
            else:
                self.vc[o + 4 + w] = as_int(self.vm[j])
                self.vv[o + 4 + w] = self.vo[j]
                j -= 1
            w -= 1
        self.vc[o + 1] = r + nm
        return 0

    def _scan(self, node):
        """Every seat's first segment and segment count at ``node`` (``sfirst``, ``scount``),
        in one walk for all the seats that select there in this step; a seat's select
        changes only its own segments, so the others' entries stay right."""
        g: cython.int = self.nd[8 * node + N_GROUP]
        s: cython.int
        for s in range(self.n):
            self.sfirst[s] = -1
            self.scount[s] = 0
        while g >= 0:
            s = self.gs[3 * g + INFO] >> 24
            self._prefetch_seg(g)
            if self.sfirst[s] < 0:
                self.sfirst[s] = g
            self.scount[s] += 1
            g = self.gs[3 * g + NEXT]
        self.scanned = node
        return 0

    def _lookup(self, first, n, nl):
        """``eids[i]``: the edge of legal move ``i`` among the ``n`` edges from ``first``
        (sorted by move), or -1; returns how many are missing.  One walk along both
        lists while the legal moves ascend (kernels list them so), a restart where not."""
        i: cython.int
        m: cython.int
        j: cython.int = first
        end: cython.int = first + n
        prevm: cython.int = -1
        missing: cython.int = 0
        for i in range(nl):
            m = as_int(self.moves[i])
            if m <= prevm:
                j = first
            prevm = m
            while j < end and self.ed[4 * j] < m:
                j += 1
            if j < end and self.ed[4 * j] == m:
                self.eids[i] = j
            else:
                self.eids[i] = -1
                missing += 1
        return missing

    def _sort_seg(self, g):
        """Sort segment ``g``'s edges by move (insertion sort: its runs are already sorted)."""
        first: cython.int = self.gs[3 * g]
        n: cython.int = self.gs[3 * g + INFO] & 0x7FFFFF
        i: cython.int
        j: cython.int
        m: cython.int
        vi: cython.int
        av: cython.int
        val: cython.float
        for i in range(first + 1, first + n):
            m = self.ed[4 * i]
            if self.ed[4 * (i - 1)] <= m:
                continue
            vi = self.ed[4 * i + E_VIS]
            av = self.ed[4 * i + E_AVAIL]
            val = self.ef[4 * i + E_VAL]
            j = i - 1
            while j >= first and self.ed[4 * j] > m:
                self.ed[4 * (j + 1)] = self.ed[4 * j]
                self.ed[4 * (j + 1) + E_VIS] = self.ed[4 * j + E_VIS]
                self.ed[4 * (j + 1) + E_AVAIL] = self.ed[4 * j + E_AVAIL]
                self.ef[4 * (j + 1) + E_VAL] = self.ef[4 * j + E_VAL]
                j -= 1
            self.ed[4 * (j + 1)] = m
            self.ed[4 * (j + 1) + E_VIS] = vi
            self.ed[4 * (j + 1) + E_AVAIL] = av
            self.ef[4 * (j + 1) + E_VAL] = val
        return 0

    def _prefetch_next(self, T):
        """Start loading what the next step's selections read first, for every tree at
        once: the first segment record of each tree's new node and, together with it
        (the node keeps where its first segment's edges start), their first lines
        (a descent is mostly cache misses; issued together they overlap)."""
        t: cython.int
        g: cython.int
        e: cython.int
        for t in range(T):
            g = self.nd[8 * self.cur[t] + N_GROUP]
            if g >= 0:
                prefetch(self.gs, 3 * g)
                e = self.nd[8 * self.cur[t] + N_EDGE]
                prefetch(self.ed, 4 * e)
                prefetch(self.ed, 4 * (e + 4))
                prefetch(self.ed, 4 * (e + 8))
        return 0

    def _prefetch_children(self, T):
        """Start loading, for every tree at once, what finding its next node reads: the
        newest child's record, and the child table's slot where it is not the one."""
        t: cython.int
        c: cython.int
        for t in range(T):
            c = self.nd[8 * self.cur[t] + N_CHILD]
            if c >= 0:
                prefetch(self.nd, 8 * c)
            prefetch(self.ch_val, self._child_pos(self.cur[t], self.evk[t]))
        return 0

    def _prefetch_seg(self, g):
        """Start loading the cache lines of segment ``g``'s edges (at most 16 edges)."""
        first: cython.int = self.gs[3 * g]
        n: cython.int = min(self.gs[3 * g + INFO] & 0x7FFFFF, 16)
        i: cython.int
        for i in range(0, n, 4):
            prefetch(self.ed, 4 * (first + i))
        if n > 0:
            prefetch(self.ed, 4 * (first + n - 1))
        return 0

    def _grow_paths(self):
        self.path_e = resize_ints(self.path_e, self.pcap, self.pcap * 2)
        self.path_s = resize_ints(self.path_s, self.pcap, self.pcap * 2)
        self.path_nodes = resize_ints(self.path_nodes, self.pcap, self.pcap * 2)
        self.pcap *= 2
        return 0

    def iterate(self):
        """One iteration: determinize, descend (adding one node per tree), roll out, back up."""
        k: Kernel = self.k  # calls Python: a reference to the kernel
        n: cython.int = self.n
        T: cython.int = self.ntrees
        na: cython.int
        j: cython.int
        s: cython.int
        t: cython.int
        m: cython.int
        e: cython.int
        o: cython.int
        c: cython.int
        i: cython.int
        nc: cython.int
        plen: cython.int = 0
        nlen: cython.int = 0
        grown: cython.bint
        # keys by moves only: a step's keys are final once its moves are folded
        early: cython.bint = self.mode != OMNI and not self.view_keys
        vh: cython.ulonglong
        self.world[:] = self.root
        if self.determinize:
            k.determinize(self.world, self.root_seat, self.rng)  # calls Python: the Rng object
        for t in range(T):
            self.cur[t] = self.roots[t]
            self.path_nodes[nlen] = self.roots[t]
            nlen += 1
        while True:
            na = k.to_move(self.world, self.seats)
            if na == 0 or self.seats[0] < 0:
                break
            for j in range(na):
                self.acting[j] = as_int(self.seats[j])
            self.scanned = -1  # segments may have changed since the last step
            for j in range(na):
                s = self.acting[j]
                t = s if self.mode == MO else 0
                e = self._select(self.cur[t], s)
                self.chosen[j] = self.ed[4 * e]
                if plen == self.pcap:
                    self._grow_paths()
                self.path_e[plen] = e
                self.path_s[plen] = s
                plen += 1
            for t in range(T):
                self.evk[t] = 0
            for j in range(na):
                s = self.acting[j]
                m = self.chosen[j]
                for t in range(T):
                    self.evk[t] = fold(self.evk[t], s, self._code(t, s, m))  # calls Python: observed_move may raise
                if j == na - 1 and early:
                    self._prefetch_children(T)  # the keys are final: load while the step is applied
                k.apply(self.world, s, m)
            while True:
                nc = k.to_move(self.world, self.seats)
                if nc == 0 or self.seats[0] >= 0:
                    break
                o = k.sample_chance(self.world, self.rng)  # calls Python: the Rng object
                if self.mode == OMNI:
                    # SO/MO: what an owner sees of chance shows in its view hash below,
                    # so a kernel reporting hidden deals as seen cannot split nodes
                    self.evk[0] = fold(self.evk[0], -1, o)
                k.apply(self.world, -1, o)
            for t in range(T):
                vh = 0
                if self.mode != OMNI and self.view_keys:
                    # what the owner now sees (cards revealed, hands received) is part
                    # of its information set, not only the observed moves; with keys by
                    # moves the hash is not needed (nor stored: no reuse by view hash)
                    vh = self._owner_view_hash(t)  # calls Python: observe may raise
                    self.evk[t] = mix64(self.evk[t] ^ vh)
                self.vks[t] = vh
            if not early:
                self._prefetch_children(T)
            grown = False
            for t in range(T):
                c = self._child_get(self.cur[t], self.evk[t])
                if c < 0:
                    grown = True
                    if self.nn < self.max_nodes:
                        c = self._new_node(self.cur[t], self.evk[t])
                        if c < self.hcap:
                            self.nhash[c] = self.vks[t]
                self.cur[t] = c
                if c >= 0:
                    if nlen == self.pcap:
                        self._grow_paths()
                    self.path_nodes[nlen] = c
                    nlen += 1
            if grown:
                break
            self._prefetch_next(T)
        if k.to_move(self.world, self.seats) > 0:
            if self.rollout_fn is not None:
                self.rollout_fn(self.world_np, self.rng)  # calls Python: the optional Python rollout
            else:
                k.rollout(self.world, self.rng)  # calls Python: the Rng object
        self._reward()
        for i in range(plen):
            e = self.path_e[i]
            self.ed[4 * e + E_VIS] += 1
            self.ef[4 * e + E_VAL] = cython.cast(cython.double, self.ef[4 * e + E_VAL]) + self.r[self.path_s[i]]
        for i in range(nlen):
            self.nd[8 * (self.path_nodes[i])] += 1
        # root move report: the root seat's edge is the first one chosen by it
        for i in range(plen):
            if self.path_s[i] == self.root_seat:
                m = self.ed[4 * (self.path_e[i])]
                self.rcount[m] += 1
                for j in range(n):
                    self.rvec[m * n + j] += self.r[j]
                break
        self.iterations += 1
        self.node_visits_total += nlen
        return 0

    def _owner_view_hash(self, t):
        owner: cython.int = t if self.mode == MO else self.root_seat
        self.tmp[:] = self.world
        self.k.observe(self.tmp, owner)
        return words_hash(ptr(self.tmp), self.pw, self.size)

    def _reward(self):
        """Fill ``r`` with every seat's reward for the finished world."""
        i: cython.int
        if self.reward_mode == CALLBACK:
            vals = self.reward_fn(self.world_np)  # calls Python: the optional Python reward
            for i in range(self.n):
                self.r[i] = float(vals[i])  # calls Python: its result
            return 0
        k: Kernel = self.k  # calls Python: a reference to the kernel
        return terminal_rewards(k, self.world, self.reward_mode, self.scale, self.sc, self.kb, self.r)

    def reward_of(self, buf):
        """The reward vector the search backs up for the finished state ``buf``."""
        i: cython.int
        b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
        self.world[:] = b
        self._reward()
        return [self.r[i] for i in range(self.n)]

    def run(self, rng, max_iters, deadline, max_node_visits):
        """Run up to ``max_iters`` iterations, stopping early once the monotonic
        clock (``time.perf_counter()``) passes ``deadline`` (<= 0: none) or the node
        visits reach ``max_node_visits`` (<= 0: none).  Returns the iterations run."""
        done: cython.longlong = 0
        self.rng = rng
        while done < max_iters:
            self.iterate()
            done += 1
            if deadline > 0 and now() >= deadline:
                break
            if 0 < max_node_visits <= self.node_visits_total:
                break
            if self.rollout_fn is not None and getattr(self.rollout_fn, "cut", False):
                break  # a stopped search cut that rollout (rollout_policy.stop): no more
        return done

    # -- reading the tree ---------------------------------------------------
    def _edge_rows(self, node: cython.int):
        """``(seat, move, visits, value_sum, availability)`` of every edge of ``node``,
        segment by segment (a listed segment's untried moves included)."""
        g: cython.int = self.nd[8 * node + N_GROUP]
        i: cython.int
        e: cython.int
        h: cython.int
        s: cython.int
        j: cython.int
        out = []
        while g >= 0:
            s = self.gs[3 * g + INFO] >> 24
            e = self.gs[3 * g]
            if self.gs[3 * g + INFO] & COUNTED:
                h = e - 1
                for i in range(e, e + (self.gs[3 * g + INFO] & LENGTH)):
                    out.append((s, self.ed[4 * i], self.ed[4 * i + E_VIS], float(self.ef[4 * i + E_VAL]),
                                self.ed[4 * i + E_AVAIL]))
                for i in range(self.ed[4 * h + L_LEN]):
                    j = self.ed[4 * h + L_LIST] + 2 * i
                    out.append((s, self.mv[j], 0, 0.0, self.mv[j + 1]))
            elif self.gs[3 * g + INFO] & LISTED:
                h, j = e - 1, 0
                for i in range(self.ed[4 * h + L_LEN]):
                    if j < (self.gs[3 * g + INFO] & LENGTH) and self.ed[4 * (e + j) + E_AVAIL] == i:
                        out.append((s, self.ed[4 * (e + j)], self.ed[4 * (e + j) + E_VIS],
                                    float(self.ef[4 * (e + j) + E_VAL]), self.ed[4 * h + L_COUNT]))
                        j += 1
                    else:
                        out.append((s, self.mv[self.ed[4 * h + L_LIST] + i], 0, 0.0, self.ed[4 * h + L_COUNT]))
            else:
                for i in range(e, e + (self.gs[3 * g + INFO] & 0x7FFFFF)):
                    out.append((s, self.ed[4 * i], self.ed[4 * i + E_VIS], float(self.ef[4 * i + E_VAL]),
                                self.ed[4 * i + E_AVAIL]))
            g = self.gs[3 * g + NEXT]
        return out

    def edges_of(self, node: cython.int):
        """``(seat, move, visits, value_sum)`` of every edge of ``node``, by seat then move."""
        return sorted(row[:4] for row in self._edge_rows(node))

    def availability_of(self, node: cython.int):
        """``(seat, move, availability)`` of every edge of ``node``, by seat then move: in how
        many of the selections there the move was legal for the seat."""
        return sorted((s, m, a) for s, m, _v, _w, a in self._edge_rows(node))

    def children_of(self, node: cython.int):
        """``(child, visits)`` of every child of ``node``, in creation order."""
        c: cython.int = self.nd[8 * node + N_CHILD]
        out = []
        while c >= 0:
            out.append((c, self.nd[8 * c]))
            c = self.nd[8 * c + N_SIB]
        out.reverse()
        return out

    def child_of(self, node: cython.int, key: cython.ulonglong):
        """The child of ``node`` stored under event key ``key`` (see ``iterate``), or -1."""
        return self._child_get(node, key)

    def key_of(self, node: cython.int):
        """The event key under which ``node``'s parent finds it (``child_of``); 0 at a root."""
        return self.nk[4 * node + N_KEY]

    def node_info(self, node: cython.int):
        """``(visits, depth, acting-seat mask)``."""
        g: cython.int = self.nd[8 * node + N_GROUP]
        mask: cython.int = 0
        while g >= 0:
            mask |= 1 << (self.gs[3 * g + INFO] >> 24)
            g = self.gs[3 * g + NEXT]
        return self.nd[8 * node], self.depth(node), mask

    def root_vector(self, move: cython.int):
        """``(iterations through move, mean reward vector)`` of the root seat's move."""
        c: cython.int = self.rcount[move]
        return c, [self.rvec[move * self.n + i] / c if c else 0.0 for i in range(self.n)]

    def get_roots(self):
        return [self.roots[t] for t in range(self.ntrees)]
