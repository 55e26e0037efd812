"""Selection: the edge a seat takes at a node, UCB1 with progressive bias.

At a simultaneous step every acting seat selects at the same node on its own
edges (decoupled).  An untried legal move is drawn first (by the bias's best
heuristic first, ``tree_lists._untried_pick``) unless a first-play urgency
``fpu`` is set and a tried edge's UCB value beats it (``_urgent``),
else the edge of the largest UCB value.  The legal moves of this determinization are found among the seat's
edges without a per-edge key: in order when its one segment lists exactly them,
by one walk along a short sorted merged segment, else through the ``slot``
table indexed by move (``_select``).  At the hot nodes (an opponent's hidden
hand near the root) selection walks one sorted segment a seat, not dozens.
A descent is mostly cache misses on records no other iteration touched
lately, so ``_scan`` starts loading a node's edges as it walks its segments.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .tree_compact import TreeCompact

if not cython.compiled:
    from math import inf as INFINITY  # noqa: N812  (libc.math's name, compiled)
    from math import log, sqrt

    from cython_ext.shim import enum_constants

    from .kernel import dptr, ptr
    from .tree_lists import LIST_MIN
    from .tree_memory import as_int, prefetch
    from .tree_nodes import MO, N_GROUP
    from .tree_segments import E_AVAIL, E_VAL, E_VIS, INFO, LISTED, MERGE_AT, NEXT, ROOMY

    globals().update(enum_constants(__file__))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def ucb_explore(c: cython.double, lg: cython.double, nvis: cython.int) -> cython.double:
    """UCB1's exploration term of an edge of ``nvis`` visits whose availability has log ``lg``."""
    return c * sqrt(lg / nvis)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def ucb_value(total: cython.float, nvis: cython.int, expl: cython.double, bias: cython.double,
              h: cython.double) -> cython.double:
    """A tried edge's UCB1 value: its mean reward (``total`` over ``nvis`` visits), the
    exploration term ``expl`` (``ucb_explore``) and progressive bias's
    bonus for heuristic ``h``, which fades with the visits.  ``_ucb`` and ``_urgent`` both
    rank edges by it (and ``ucb_explore``), so the two can never disagree on an edge's value."""
    v: cython.double = cython.cast(cython.double, total) / nvis + expl
    if bias != 0.0:
        v += bias * h / (nvis + 1)
    return v


@cython.cclass
class TreeSelection(TreeCompact):
    """The selection of the search's trees (``ismcts.Search``)."""

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
        mo: cython.int
        prim: cython.int = -1
        done: cython.bint = False
        missing: cython.int = 0
        untried: cython.int = 0
        if self.psteps:  # no memoryview arguments built (kernel.pxd)
            nl = self.k.c_legal(ptr(self.world), seat, ptr(self.moves))
        else:
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
        if nseg == 0 or self.gs[3 * prim + INFO] & LISTED:
            self.mknode[seat] = -1  # a list may be made, or edges materialized and moved
        if nseg == 1 and self.gs[3 * prim + INFO] & LISTED and self.nd[8 * node] >= self.count_max:
            self._unlist(prim)  # before an untried move's 16-bit count could wrap
        if nseg == 1 and self.gs[3 * prim + INFO] & LISTED:
            e = self._listed_select(prim, nl)
            if e >= 0:
                return e
            done = e == -3  # counted, every legal move tried: their edges in eids
        if nseg > 1 and self.nd[8 * node] >= MERGE_AT:
            # a hot node: one sorted segment, walked in order from now on
            self.mknode[seat] = -1  # the edges move
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
                self.mknode[seat] = -1  # sorted again below: the edges move
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
            # the seat's marks (move -> edge) are kept from its last selection: at a hot node
            # of long segments (an opponent's hidden hand at the root) they are this node's
            if self.mknode[seat] != node:
                self._mark(node, seat)
            nseg = self.scount[seat]
            mo = seat * 2 * self.mm
            for i in range(nl):
                if self._slot(mo, self.mkst[seat], as_int(self.moves[i])) < 0:
                    missing += 1
            if missing > 0:
                self.mknode[seat] = -1  # until the marks are right again (_room may raise)
                g = self._room(node, seat, missing, nseg)
                ln = self.gs[3 * g + INFO] & 0x7FFFFF
                e = self.gs[3 * g] + ln
                for i in range(nl):
                    m = as_int(self.moves[i])
                    if self._slot(mo, self.mkst[seat], m) < 0:
                        self.ed[4 * e] = m
                        self.ed[4 * e + E_VIS] = 0
                        self.ed[4 * e + E_AVAIL] = 0
                        self.ef[4 * e + E_VAL] = 0.0
                        self.mk[mo + 2 * m] = e
                        self.mk[mo + 2 * m + 1] = self.mkst[seat]
                        e += 1
                self.gs[3 * g + INFO] += missing
                if self.gs[3 * g + INFO] & ROOMY:
                    if (self.gs[3 * g + INFO] & 0x7FFFFF) <= BSEARCH_MAX:
                        self._sort_seg(g)  # a merged segment short enough to search stays sorted
                    self._mark(node, seat)  # merged or sorted: the edges moved
                self.mknode[seat] = node
            for i in range(nl):
                e = self._slot(mo, self.mkst[seat], as_int(self.moves[i]))
                self.ed[4 * e + E_AVAIL] += 1
                self.eids[i] = e
                if self.ed[4 * e + E_VIS] == 0:
                    untried += 1
        if untried > 0:
            if self.fpu != INFINITY:
                e = self._urgent(nl, 0)
                if e >= 0:
                    return e
            return self.eids[self._untried_pick(nl, untried)]
        return self._ucb(nl)

    @cython.final
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

    @cython.final
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

    @cython.final
    def _mark(self, node, seat):
        """Point ``mk`` (the seat's move -> edge table) at ``seat``'s edges at ``node``,
        walking its segments from ``sfirst`` (``node`` was scanned), under a new stamp of the
        seat's (``mkst``): ``node``'s marks from now on (``mknode``), until its edges move.
        Returns how many segments ``seat`` has there."""
        g: cython.int = self.sfirst[seat]
        i: cython.int
        e: cython.int
        m: cython.int
        mo: cython.int = seat * 2 * self.mm
        left: cython.int = self.scount[seat]
        self.mkst[seat] += 1
        if self.mkst[seat] == 1 << 30:  # before it wraps: every old mark of the seat made invalid
            for i in range(max(self.mm, 1)):
                self.mk[mo + 2 * i + 1] = 0
            self.mkst[seat] = 1
        while left > 0:
            if self.gs[3 * g + INFO] >> 24 == seat:
                left -= 1
                e = self.gs[3 * g]
                for i in range(self.gs[3 * g + INFO] & 0x7FFFFF):
                    m = self.ed[4 * (e + i)]
                    self.mk[mo + 2 * m] = e + i
                    self.mk[mo + 2 * m + 1] = self.mkst[seat]
            g = self.gs[3 * g + NEXT]
        self.mknode[seat] = node
        return self.scount[seat]

    def _slot(self, mo, st, m):
        """The edge ``_mark`` put at move ``m`` in a seat's table (at offset ``mo`` in ``mk``,
        its stamp ``st``), or -1."""
        if self.mk[mo + 2 * m + 1] == st:
            return self.mk[mo + 2 * m]
        return -1

    def drop_marks(self):
        """Forget every seat's marks (``clear``, ``reroot``: the nodes they name are gone or moved)."""
        s: cython.int
        for s in range(self.n):
            self.mknode[s] = -1

    def kept_marks(self):
        """How many seats keep marks (``mknode``), or -1 if a seat's are wrong: one of its
        edges there not marked, or a mark pointing at an edge of another move (tests)."""
        kept: cython.int = 0
        s: cython.int
        g: cython.int
        i: cython.int
        e: cython.int
        m: cython.int
        n: cython.int
        mo: cython.int
        left: cython.int
        marked: cython.int
        for s in range(self.n):
            if self.mknode[s] < 0:
                continue
            self._scan(self.mknode[s])
            mo = s * 2 * self.mm
            n = 0
            g = self.sfirst[s]
            left = self.scount[s]
            while left > 0:
                if self.gs[3 * g + INFO] >> 24 == s:
                    left -= 1
                    e = self.gs[3 * g]
                    for i in range(self.gs[3 * g + INFO] & 0x7FFFFF):
                        if self._slot(mo, self.mkst[s], self.ed[4 * (e + i)]) != e + i:
                            return -1
                        n += 1
                g = self.gs[3 * g + NEXT]
            marked = 0
            for m in range(max(self.mm, 1)):
                e = self._slot(mo, self.mkst[s], m)
                if e >= 0:
                    if self.ed[4 * e] != m:
                        return -1
                    marked += 1
            if marked != n:
                return -1
            kept += 1
        return kept

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

    @cython.final
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
                    self.xterm[nvis] = ucb_explore(c, lg, nvis)
                expl = self.xterm[nvis]
            else:
                expl = ucb_explore(c, lg, nvis)
            v = ucb_value(ef[4 * e + E_VAL], nvis, expl, bias, hv[i])
            if v > bestv:
                best = i
                bestv = v
        self.xgen = xgen
        return ids[best]

    def _urgent(self, nl, av):
        """First-play urgency (Gelly & Wang 2006): the tried edge among ``eids``' ``nl`` (an
        edge of visits; the others untried) whose UCB value (``ucb_value``) beats an untried
        edge's, ``fpu`` plus the bias's term of the best untried move, or -1: an untried one
        is drawn.  ``av`` > 0: every edge's availability (a listed segment's count), else
        each edge's own.  Ties go to the untried moves, as with no urgency.  Overrides
        ``tree_lists``' (its listed and counted segments ask here too)."""
        ed: cython.p_int = self.ed  # locals: see _ucb
        ef: cython.p_float = self.ef
        ids: cython.p_int = self.eids
        hv: cython.p_double = dptr(self.hv)
        bias: cython.double = self.bias
        i: cython.int
        x: cython.int
        nvis: cython.int
        best: cython.int = -1
        v: cython.double
        expl: cython.double
        bestv: cython.double = -INFINITY
        hmax: cython.double = -INFINITY
        for i in range(nl):
            x = ids[i]
            if x < 0 or ed[4 * x + E_VIS] == 0:
                if hv[i] > hmax:
                    hmax = hv[i]
                continue
            nvis = ed[4 * x + E_VIS]
            expl = ucb_explore(self.c, log(av if av > 0 else ed[4 * x + E_AVAIL]), nvis)
            v = ucb_value(ef[4 * x + E_VAL], nvis, expl, bias, hv[i])
            if v > bestv:
                best = x
                bestv = v
        if best >= 0 and bestv > self.fpu + (bias * hmax if bias != 0.0 else 0.0):
            return best
        return -1

    @cython.final
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

    @cython.final
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
