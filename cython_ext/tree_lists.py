"""Listed segments: a seat's untried moves at a node kept as a 16-bit move list.

A node first visited keeps, for a seat with ``LIST_MIN`` (33) legal moves or
more, only the moves tried there as edge records (City and Guilds' ~150
placements a seat, of which a node tries one or two: 2-4 bytes an untried edge
instead of 16).  One availability count serves them all while the legal list
stays the same; a 16-bit availability per untried move once it changes
(counted).  So the many rarely visited nodes waste nothing.  The search's
choices are those of exact segments throughout (``lists`` off: every edge a
record, ``tree_segments``); only the storage differs.

This layer also holds the selection's scratch that it shares with
``tree_selection`` (the legal ``moves``, their edges ``eids``, the ``slot``
table and its ``stamp``, each seat's segments ``sfirst``/``scount``) and the
draw of an untried move (``_untried_pick``), and reads a node's edges back
(``edges_of``, ``availability_of``).
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .tree_segments import TreeSegments

if not cython.compiled:
    from math import inf as INFINITY  # noqa: N812  (libc.math's name, compiled)

    from cython_ext.shim import enum_constants

    from .kernel import dptr, ptr
    from .tree_memory import as_int, new_shorts, resize_shorts
    from .tree_nodes import N_GROUP
    from .tree_segments import COUNTED, E_AVAIL, E_VAL, E_VIS, INFO, LENGTH, LISTED, NEXT

    globals().update(enum_constants(__file__))


def mv_size(c):
    """The run sizes of the move lists' classes: 4, 6, 8, 12, 16, 24, ... words (steps
    of 1.5 and 4/3: a list that grows to the next size wastes a third at most)."""
    return (2 + (c & 1)) << ((c >> 1) + 1)


@cython.cclass
class TreeLists(TreeSegments):
    """Listed and counted segments, their move lists, and reading a node's edges back."""

    def _clear_lists(self):
        """No move list (``Search.clear``)."""
        t: cython.int
        # the untried moves of listed segments, 16 bits a move and a count (every game's
        # move ids fit; an untried move's count is under max_moves without first-play
        # urgency, see _count, and under the node's visits, which count_max bounds)
        self.lists = self.mm < 1 << 16
        self.count_max = COUNT_MAX
        self.nmv = 0
        self.mvdead = 0
        self.mvcap = 4096
        self.mv = new_shorts(self.mvcap)
        for t in range(64):
            self.mvfree[t] = -1
        return 0

    def _free_lists(self):
        if cython.compiled:  # interpreted, _clear_lists just replaces the list
            free(self.mv)
            self.mv = cython.NULL
        return 0

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
        x: cython.int
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
        if self.fpu != INFINITY:
            # every edge's availability is the count: a tried edge's E_AVAIL is its list index
            for i in range(nl):
                self.eids[i] = -1
            for j in range(k):
                if self.ed[4 * (f + j) + E_VIS] > 0:
                    self.eids[self.ed[4 * (f + j) + E_AVAIL]] = f + j
            x = self._urgent(nl, self.ed[4 * h + L_COUNT])
            if x >= 0:
                return x
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

    @cython.final
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

    @cython.final
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

    @cython.final
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

    @cython.final
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
    # most the moves tried there since -- a selection with an untried legal move tries
    # one -- or, with first-play urgency, which may take a tried edge instead, the node's
    # visits: ``_unlist`` makes the segment exact before they reach 65,535), in no order,
    # with room; its records are in the order they were made, their E_AVAIL words their
    # availabilities.  Header: room, list offset, entries, list room.

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

    @cython.final
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
        if self.fpu != INFINITY:
            x = self._urgent(nl, 0)
            if x >= 0:
                return x
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

    @cython.final
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
        raise AssertionError(f"tree: {cnt} untried moves counted, none found")  # calls Python: unreachable (the callers count them in the same listing)

    def _urgent(self, nl, av):
        """First-play urgency's choice among ``eids``' ``nl`` edges: a tried edge, or -1 (an
        untried move is drawn).  It compares UCB values, which are the selection layer's:
        ``tree_selection.TreeSelection._urgent`` overrides this; here there is no urgency."""
        return -1

    @cython.final
    def _new_stamp(self):
        """A new ``stamp``: every mark in ``slot`` made invalid."""
        i: cython.int
        self.stamp += 1
        if self.stamp == 1 << 30:  # before it wraps: every old mark made invalid
            for i in range(max(self.mm, 1)):
                self.slot[2 * i + 1] = 0
            self.stamp = 1
        return 0

    @cython.final
    def _unlist(self, g):
        """Listed segment ``g`` made the exact segment it stands for, counted or not, before
        a count outgrows its 16 bits: with first-play urgency a selection may take a tried
        edge while untried moves stay legal, so an untried move's count is bounded only by
        the node's visits (``count_max``, below 65,535).  The same choices from here: only
        the storage changes."""
        f: cython.int = self.gs[3 * g]
        k: cython.int = self.gs[3 * g + INFO] & LENGTH
        off: cython.int = self.ed[4 * (f - 1) + L_LIST]
        nu: cython.int = self.ed[4 * (f - 1) + L_LEN]
        d: cython.int
        i: cython.int
        if not self.gs[3 * g + INFO] & COUNTED:
            return self._materialize(g)
        d = self._run(k + nu)
        for i in range(k):  # the records, their availabilities already counts
            self._copy_edge(f + i, d + i)
        for i in range(nu):  # each untried entry a record with its count
            self.ed[4 * (d + k + i)] = self.mv[off + 2 * i]
            self.ed[4 * (d + k + i) + E_VIS] = 0
            self.ed[4 * (d + k + i) + E_AVAIL] = self.mv[off + 2 * i + 1]
            self.ef[4 * (d + k + i) + E_VAL] = 0.0
        self._mv_free(off, 2 * self.ed[4 * (f - 1) + L_COUNT])
        self._recycle(g)
        self.gs[3 * g] = d
        self.gs[3 * g + INFO] = (self.gs[3 * g + INFO] >> 24 << 24) | (k + nu)
        return 0

    @cython.final
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

    # -- reading the tree ---------------------------------------------------
    def _edge_rows(self, node: cython.int, only: cython.int = -1):
        """``(seat, move, visits, value_sum, availability)`` of every edge of ``node`` (of seat
        ``only``'s alone when it is not -1), segment by segment (a listed segment's untried
        moves included)."""
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
            if only >= 0 and s != only:
                pass
            elif self.gs[3 * g + INFO] & COUNTED:
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

    def seat_edges(self, node: cython.int, seat: cython.int):
        """``(move, visits, value_sum)`` of ``seat``'s edges at ``node``, in no order: the rows
        :meth:`edges_of` lists for that seat, without sorting every seat's (a root's edges run
        to thousands, and a move's report read them all twice: milliseconds)."""
        return [row[1:4] for row in self._edge_rows(node, seat)]

    def availability_of(self, node: cython.int):
        """``(seat, move, availability)`` of every edge of ``node``, by seat then move: in how
        many of the selections there the move was legal for the seat."""
        return sorted((s, m, a) for s, m, _v, _w, a in self._edge_rows(node))
