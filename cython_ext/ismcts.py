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

Reward modes (the kernel's ``REWARD_*`` codes, which ``kernel.terminal_rewards``
reads), exactly as ``engine.core.returns_from``: ``WIN`` win share
(ties split) and ``RANK`` rank among every competitor of ``kernel.rank_keys``
(the game's tie-breaks, and rivals that are not seats, which take their share
or place but get no reward); ``SCORE`` the seat's margin over the best other
seat's ``kernel.scores``, and ``FIELD`` (kernel ``REWARD_FIELD``, 4) its margin
over the mean of the other seats' scores (a point taken from any rival
counts), each as ``0.5 + 0.5 tanh(margin / scale)`` with the game's
``score_scale``; seats only, so equal scores are 0.5 whatever the tie-breaks.
``CALLBACK`` calls ``reward_fn(world)``: only for
a game whose Python rank keys are not yet its kernel's (``search.core``).

The tree is a stack of layers, one module each (``cdef class`` inheritance,
so the calls between them stay C calls through the vtable):

- ``tree_nodes``: node records and the child table (``TreeNodes``);
- ``tree_segments``: the edge arena and a node's segments of edges, merged
  and recycled (``TreeSegments``);
- ``tree_lists``: listed and counted segments, a seat's untried moves as a
  16-bit list (``TreeLists``);
- ``tree_values``: the heuristic kept by node for progressive bias (``TreeValues``);
- ``tree_compact``: the kept trees copied into fresh arrays (tree reuse, ``TreeCompact``);
- ``tree_selection``: UCB1 with progressive bias among a seat's edges (``TreeSelection``);
- this module: ``Search``, the iteration (determinize, descend, roll out, back
  up), rewards and the root's statistics.

``tree_hash`` has the keys' hashing (``fold``, ``mix64``, ``view_hash``) and
``tree_memory`` the arrays' allocation, the only code that differs between the
two modes (docs/performance.md, "Tree memory": under 200 bytes a node).

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

from .tree_hash import powers, view_hash  # noqa: F401  (ismcts.view_hash: search/ismcts.py)
from .tree_selection import TreeSelection

if not cython.compiled:
    from math import log

    from cython_ext.shim import enum_constants

    from .clock import now
    from .kernel import RANK_KEYS, pointer_steps_of, ptr, terminal_rewards
    from .tree_hash import fold, mix64, words_hash  # noqa: F401  (fold: search/ismcts.py's twin)
    from .tree_memory import as_int, new_doubles, new_ints, prefetch, release, resize_ints, uptr
    from .tree_nodes import MAXSEATS, MO, N_EDGE, N_GROUP, OMNI
    from .tree_segments import E_VAL, E_VIS
    from .tree_selection import LOGTAB, XTAB

    globals().update(enum_constants(__file__))


@cython.cclass
class Search(TreeSelection):
    """The search tree and iteration loop over one game kernel.

    ``mode``: SO (one tree owned by ``root_seat``), MO (one tree per seat) or
    OMNI (one tree, every move visible: UCT on a fixed world, as pimc's trees;
    with ``determinize`` on, on a world drawn from the root seat's view each
    iteration, the ISMCTS player's ``tree=det``).
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
            self.codes = [0] * (MAXSEATS * MAXSEATS)
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
        self.psteps = pointer_steps_of(kernel)
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
        # True (make_search's reveal, with a kernel that turns up hidden choices at a step's
        # end): the keys take those choices as seen once the step is over (_reveal_keys)
        self.reveal = False
        self.bias = 0.0  # > 0: untried moves by heuristic, + bias * value / (visits + 1) (Task E)
        # expansion threshold (Coulom 2006; Fuego's and Pachi's expand_n): above 1, a node
        # grows a child only once its visits reach it, else the descent stops there
        self.expand_after = 1
        # first-play urgency (Gelly & Wang 2006): finite, an untried edge scores it in UCB1
        # and a tried one above it is taken first; infinite, untried moves first, as always
        self.fpu = np.inf
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
        self.mast = None
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
        self.pool_k = 0
        self.pool_np = None
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
        self.mk = new_ints(2 * max(self.mm, 1) * players, 0)
        self.mkst = new_ints(players, 0)
        self.mknode = new_ints(players, -1)
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
        self.compacting = True
        self.clear()

    def __dealloc__(self):
        self._free_tree()
        release(self.rvec)
        release(self.rcount)
        release(self.eids)
        release(self.slot)
        release(self.mk)
        release(self.mkst)
        release(self.mknode)
        release(self.path_e)
        release(self.path_s)
        release(self.path_nodes)
        release(self.rmask)
        release(self.lgtab)
        release(self.vmi)

    @cython.final
    def _free_tree(self):
        self._free_nodes()
        self._free_segments()
        self._free_lists()
        self._free_values()

    def clear(self):
        """Drop every tree; the roots are nodes 0..ntrees-1."""
        t: cython.int
        self._free_tree()
        self._clear_nodes()
        self._clear_segments()
        self._clear_lists()
        self._clear_values()
        for t in range(self.ntrees):
            self.roots[t] = self._new_node(-1, 0)
        self.drop_marks()
        self.reset_root_stats()

    def reset_root_stats(self):
        i: cython.int
        for i in range(max(self.mm, 1) * self.n):
            self.rvec[i] = 0.0
        for i in range(max(self.mm, 1)):
            self.rcount[i] = 0

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

    # -- root ---------------------------------------------------------------
    def set_root(self, buf, determinize: cython.bint):
        b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
        self.root[:] = b
        self.determinize = determinize
        self.fix_worlds(0, None)  # worlds drawn from another root's view are not this one's

    def fix_worlds(self, count: cython.int, rng):
        """Draw ``count`` worlds from the root seat's view now, with ``rng``; the iterations then
        search them in turn, each world every ``count``-th iteration (0, or a search that does not
        determinize: a world drawn anew each iteration, as before).  With ``tree=det`` the
        worlds' own moves key the nodes below the root, so each world grows its own deep
        subtree as in pimc, while the root's moves are chosen on statistics pooled over all
        of them.  A new root (``set_root``) drops the worlds."""
        i: cython.int
        self.pool_k = 0
        self.pool_np = None
        if count <= 0 or not self.determinize:
            return 0
        self.pool_np = np.empty((count, self.size), dtype=np.intc)
        self.pool = self.pool_np
        for i in range(count):
            self.pool[i, :] = self.root
            self.k.determinize(self.pool[i], self.root_seat, rng)
        self.pool_k = count
        return count

    def reroot(self, node: cython.int):
        """Make ``node`` the root of the (single) tree, keeping its subtree."""
        self.reroot_trees([node])

    def reroot_trees(self, nodes):
        """Make ``nodes[t]`` the root of tree ``t`` (one per seat in MO mode), keeping its
        subtree; a negative entry starts that tree afresh at a new root node (the seat's path
        could not be followed).  With ``compacting`` (the default) the kept subtrees are
        copied into fresh arrays (``tree_compact``: node ids change, the roots become
        ``0..ntrees-1``); without, the old nodes stay in the arena, unreachable."""
        t: cython.int
        if len(nodes) != self.ntrees:
            raise ValueError(f"reroot_trees needs one node per tree ({self.ntrees})")
        for t in range(self.ntrees):
            if nodes[t] >= self.nn:
                raise ValueError(f"reroot_trees: no node {nodes[t]}")
        for t in range(self.ntrees):
            self.roots[t] = nodes[t] if nodes[t] >= 0 else self._new_node(-1, 0)
        if self.compacting:
            self.compact()
            self.scanned = -1
        self.root_depth = self.depth(self.roots[self.root_seat if self.mode == MO else 0])
        self.drop_marks()
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

    @cython.final
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

    @cython.final
    def _grow_paths(self):
        self.path_e = resize_ints(self.path_e, self.pcap, self.pcap * 2)
        self.path_s = resize_ints(self.path_s, self.pcap, self.pcap * 2)
        self.path_nodes = resize_ints(self.path_nodes, self.pcap, self.pcap * 2)
        self.pcap *= 2
        return 0

    @cython.final
    def iterate(self):
        """One iteration: determinize, descend (adding at most one node per tree), roll out,
        back up.  A tree whose node lacks the child reached stops the descent there; it adds
        that child unless ``max_nodes`` is reached or the node's visits are under
        ``expand_after`` (above 1: the expansion threshold; 1 grows at once, as always)."""
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
        ka: cython.int = self.expand_after
        grown: cython.bint
        # keys by moves only: a step's keys are final once its moves are folded
        early: cython.bint = self.mode != OMNI and not self.view_keys
        reveal: cython.bint = self.reveal and self.mode != OMNI
        hidden: cython.bint
        code: cython.int
        vh: cython.ulonglong
        # the kernel's pointer steps where it has them (kernel.pxd: no memoryview built a call)
        fast: cython.bint = self.psteps
        wp: cython.p_int
        sp: cython.p_int
        if self.pool_k > 0:
            self.world[:] = self.pool[self.iterations % self.pool_k]
        else:
            self.world[:] = self.root
            if self.determinize:
                k.determinize(self.world, self.root_seat, self.rng)  # calls Python: the Rng object
        wp = ptr(self.world)
        sp = ptr(self.seats)
        for t in range(T):
            self.cur[t] = self.roots[t]
            self.path_nodes[nlen] = self.roots[t]
            nlen += 1
        while True:
            na = k.c_to_move(wp, sp) if fast else k.to_move(self.world, self.seats)
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
            hidden = False
            for j in range(na):
                s = self.acting[j]
                m = self.chosen[j]
                for t in range(T):
                    code = self._code(t, s, m)  # calls Python: observed_move may raise
                    if reveal:
                        self.codes[t * MAXSEATS + j] = code
                        hidden = hidden or code != m
                    self.evk[t] = fold(self.evk[t], s, code)
                if j == na - 1 and early and not hidden:
                    # the keys are final: load while the step is applied
                    self._prefetch_children(T, self.cur, self.evk)
                if fast:
                    k.c_apply(wp, s, m)
                else:
                    k.apply(self.world, s, m)
            if hidden:
                self._reveal_keys(T, na)
            while True:
                nc = k.c_to_move(wp, sp) if fast else k.to_move(self.world, self.seats)
                if nc == 0 or self.seats[0] >= 0:
                    break
                o = k.sample_chance(self.world, self.rng)  # calls Python: the Rng object
                if self.mode == OMNI:
                    # SO/MO: what an owner sees of chance shows in its view hash below,
                    # so a kernel reporting hidden deals as seen cannot split nodes
                    self.evk[0] = fold(self.evk[0], -1, o)
                if fast:
                    k.c_apply(wp, -1, o)
                else:
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
            if not early or hidden:
                self._prefetch_children(T, self.cur, self.evk)
            grown = False
            for t in range(T):
                c = self._child_get(self.cur[t], self.evk[t])
                if c < 0:
                    grown = True
                    # each tree by its own node's visits (backed-up iterations, its creation's
                    # included): the root's first iteration grows at ka = 1, as always
                    if self.nn < self.max_nodes and (ka <= 1 or self.nd[8 * self.cur[t]] >= ka):
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
        if self.mast is not None:
            # MAST: the tree's moves are this iteration's moves too (the rollout adds its own)
            for i in range(plen):
                self.mast.add(self.path_s[i], self.ed[4 * (self.path_e[i])])
        if k.to_move(self.world, self.seats) > 0:
            if self.rollout_fn is not None:
                self.rollout_fn(self.world_np, self.rng)  # calls Python: the optional Python rollout
            else:
                k.rollout(self.world, self.rng)  # calls Python: the Rng object
        self._reward()
        if self.mast is not None:
            self.mast.learn(self.r)
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

    @cython.final
    def _reveal_keys(self, T, na):
        """The step's keys again (``evk``), each hidden move as its tree's owner sees it now
        that the step is over (``kernel.revealed_move``: Between Two Cities' choices, turned
        up together), so that the nodes below know what every seat has seen since."""
        t: cython.int
        j: cython.int
        s: cython.int
        m: cython.int
        code: cython.int
        shown: cython.int
        owner: cython.int
        for t in range(T):
            owner = t if self.mode == MO else self.root_seat
            self.evk[t] = 0
            for j in range(na):
                s = self.acting[j]
                m = self.chosen[j]
                code = self.codes[t * MAXSEATS + j]
                if code != m:
                    shown = self.k.revealed_move(self.world, s, m, owner)  # calls Python: may raise
                    if shown >= 0:
                        code = shown
                self.evk[t] = fold(self.evk[t], s, code)
        return 0

    @cython.final
    def _owner_view_hash(self, t):
        owner: cython.int = t if self.mode == MO else self.root_seat
        self.tmp[:] = self.world
        self.k.observe(self.tmp, owner)
        return words_hash(ptr(self.tmp), self.pw, self.size)

    @cython.final
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

    # -- the root's statistics -----------------------------------------------
    def root_vector(self, move: cython.int):
        """``(iterations through move, mean reward vector)`` of the root seat's move."""
        c: cython.int = self.rcount[move]
        return c, [self.rvec[move * self.n + i] / c if c else 0.0 for i in range(self.n)]

    def get_roots(self):
        return [self.roots[t] for t in range(self.ntrees)]
