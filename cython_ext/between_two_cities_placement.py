"""Between Two Cities kernel, base layer: configuration, city boards, placement.

Holds what every other layer reads -- the variant flags, the buffer offsets
and the edition tables the Game passes in its ``cfg`` dict -- and decides
where a tile may go: next to a tile already built, and only where the city
can still be completed (:meth:`feasible`).  The encoding of cells and moves
is documented in :mod:`cython_ext.between_two_cities_encoding`; the layers
above add scoring (``between_two_cities_scoring``), the turn order
(``between_two_cities_rules``), chance and hidden information
(``between_two_cities``).

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .kernel import Kernel

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .between_two_cities_encoding import BW, CENTER, HALF, MAX_MOVES, NCELL, TILE
    from .kernel import ptr

    globals().update(enum_constants(__file__))  # ROWS, ADJ, INFO, GMEMO, GREC

# config keys: the Game passes a dict with these ints and the table arrays
CFG_INTS = ("NC", "NPOS", "NR", "W", "JAMEY", "TWOSTD", "DIST", "NMAT", "HASMAT", "NKB", "NKD")
OFFSETS = ("phase", "round", "turn", "ptr", "sub", "sides", "mat", "dcard", "ddisc", "city",
           "dcnt", "dpl", "boxb", "boxd", "hand", "handn", "done", "chosen", "pend", "jpick",
           "disc", "jdisc")
TABLES = ("kcat", "ktav", "like1", "like2", "dislike", "dleft", "dright", "totb", "totd",
          "nb", "openm", "land", "mbox", "rkind", "rdir", "rhand", "dpts", "cardcat")


def table(cfg, name):
    """A table of ``cfg`` as the kernel holds it: a flat int array compiled, a list interpreted."""
    a = numpy.ascontiguousarray(cfg[name], dtype=numpy.intc).ravel().copy()
    if not cython.compiled:
        return a.tolist()  # plain Python indexes a list several times faster than an array
    return a


@cython.cclass
class BetweenTwoCitiesPlacement(Kernel):
    """Configuration and city boards of the Between Two Cities kernel.

    ``cfg`` holds ``players`` and ``size``, the ints of ``CFG_INTS`` (cities,
    hand positions, rounds, window width, variant flags, mats, kinds), the
    buffer ``offsets`` of the fields named in ``OFFSETS``, and the tables of
    ``TABLES`` (categories, taverns, civic likes, duplex halves, tile counts,
    neighbours, mats, rounds, districts).
    """

    def __init__(self, cfg) -> None:
        Kernel.__init__(self, int(cfg["players"]), int(cfg["size"]), MAX_MOVES)
        self.NC = cfg["NC"]; self.NPOS = cfg["NPOS"]; self.NR = cfg["NR"]; self.W = cfg["W"]
        self.JAMEY = cfg["JAMEY"]; self.TWOSTD = cfg["TWOSTD"]; self.DIST = cfg["DIST"]
        self.NMAT = cfg["NMAT"]; self.HASMAT = cfg["HASMAT"]; self.NKB = cfg["NKB"]; self.NKD = cfg["NKD"]
        off = cfg["offsets"]
        self.O_PHASE = off["phase"]; self.O_ROUND = off["round"]; self.O_TURN = off["turn"]
        self.O_PTR = off["ptr"]; self.O_SUB = off["sub"]; self.O_SIDES = off["sides"]
        self.O_MAT = off["mat"]; self.O_DCARD = off["dcard"]; self.O_DDISC = off["ddisc"]
        self.O_CITY = off["city"]; self.O_DCNT = off["dcnt"]; self.O_DPL = off["dpl"]
        self.O_BOXB = off["boxb"]; self.O_BOXD = off["boxd"]; self.O_HAND = off["hand"]
        self.O_HANDN = off["handn"]; self.O_DONE = off["done"]; self.O_CHOSEN = off["chosen"]
        self.O_PEND = off["pend"]; self.O_JPICK = off["jpick"]; self.O_DISC = off["disc"]
        self.O_JDISC = off["jdisc"]
        self.t_kcat = table(cfg, "kcat"); self.t_ktav = table(cfg, "ktav")
        self.t_like1 = table(cfg, "like1"); self.t_like2 = table(cfg, "like2")
        self.t_dislike = table(cfg, "dislike"); self.t_dleft = table(cfg, "dleft")
        self.t_dright = table(cfg, "dright"); self.t_totb = table(cfg, "totb")
        self.t_totd = table(cfg, "totd"); self.t_nb = table(cfg, "nb")
        self.t_openm = table(cfg, "openm"); self.t_land = table(cfg, "land")
        self.t_mbox = table(cfg, "mbox"); self.t_rkind = table(cfg, "rkind")
        self.t_rdir = table(cfg, "rdir"); self.t_rhand = table(cfg, "rhand")
        self.t_dpts = table(cfg, "dpts"); self.t_cardcat = table(cfg, "cardcat")
        self._arrays = []
        self.cells = self.scratch(NCELL)
        self.cells1 = self.scratch(NCELL)
        self.info = self.scratch(INFO)
        self.cand0 = self.scratch(NCELL)
        self.lowbit = self.scratch(1 << BW)
        self.openrows = self.scratch((self.NMAT + 1) * BW)
        self.gmemo = self.scratch(GMEMO * GREC)
        self.gmul = self.scratch(NCELL + 1)
        for i in range(NCELL + 1):  # fixed odd multipliers of the cells (an LCG): the memo's hash
            self.gmul[i] = ((i + 1) * 2654435761 + 40503) % (1 << 30) * 2 + 1
        for i in range(NCELL * (self.NMAT + 1)):
            if (self.HASMAT and self.t_openm[i]) or (not self.HASMAT and i % NCELL == CENTER):
                self.openrows[i // NCELL * BW + i % NCELL // BW] |= 1 << (i % BW)
        for i in range(1, 1 << BW):
            self.lowbit[i] = self.lowbit[i >> 1] + 1 if i % 2 == 0 else 0
        seats = max(self.NPOS, self.players + 1)
        self.cityt = self.scratch(2 * seats)
        for i in range(2 * seats):
            self.cityt[i] = self.city_of(i // 2, i % 2)
        self.bridges()

    @cython.final
    def bridges(self):
        """The window masks and the jumps across bridges (where ``nb`` is not the grid) of every mat."""
        G: cython.int = self.NMAT + 1
        g: cython.int; x: cython.int; d: cython.int; y: cython.int; yg: cython.int; n: cython.int = 0
        r: cython.int; cc: cython.int; most: cython.int
        W: cython.int = self.W
        self.colfirst = 0
        self.collast = 0
        for r in range(W):
            self.colfirst |= cython.cast(cython.uint, 1) << (r * W)
            self.collast |= cython.cast(cython.uint, 1) << (r * W + W - 1)
        self.bro = self.scratch(G + 1)
        for g in range(G):
            for x in range(NCELL):
                for d in range(4):
                    y = self.t_nb[(g * NCELL + x) * 4 + d]
                    r = x // BW + (-1 if d == 0 else (1 if d == 1 else 0))
                    cc = x % BW + (-1 if d == 2 else (1 if d == 3 else 0))
                    yg = r * BW + cc if 0 <= r < BW and 0 <= cc < BW else -1
                    if y >= 0 and y != yg:
                        n += 1
        self.bra = self.scratch(n)
        self.brb = self.scratch(n)
        n = 0
        for g in range(G):
            self.bro[g] = n
            for x in range(NCELL):
                for d in range(4):
                    y = self.t_nb[(g * NCELL + x) * 4 + d]
                    r = x // BW + (-1 if d == 0 else (1 if d == 1 else 0))
                    cc = x % BW + (-1 if d == 2 else (1 if d == 3 else 0))
                    yg = r * BW + cc if 0 <= r < BW and 0 <= cc < BW else -1
                    if y >= 0 and y != yg:
                        self.bra[n] = x
                        self.brb[n] = y
                        n += 1
        self.bro[G] = n
        self.pairs_table()
        # feasible_cells: a record per window, bridges both ways
        most = 0
        self.bsym = 1
        for g in range(G):
            most = max(most, self.bro[g + 1] - self.bro[g])
            for x in range(self.bro[g], self.bro[g + 1]):
                y = 0
                for d in range(self.bro[g], self.bro[g + 1]):
                    if self.bra[d] == self.brb[x] and self.brb[d] == self.bra[x]:
                        y = 1
                if not y:
                    self.bsym = 0
        self.wrl = 8 + 2 * most
        self.wrec = self.scratch((BW - W + 1) * (BW - W + 1) * self.wrl)
        self.wone = self.scratch(self.wrl)

    @cython.final
    def pairs_table(self):
        """``ptab[f << W | w]``: the disjoint pairs of a window row that :meth:`feasible` counts.

        ``f`` the row's free cells, ``w`` those within reach; pairs of free
        cells side by side, one of them within reach, taken greedily from the
        left (a pair found, the scan goes on after it).
        """
        W: cython.int = self.W
        f: cython.int; w: cython.int; cc: cython.int; pairs: cython.int
        self.ptab = self.scratch(1 << (2 * W))
        for f in range(1 << W):
            for w in range(1 << W):
                pairs = 0
                cc = 0
                while cc < W - 1:
                    if (f >> cc) & 1 and (f >> (cc + 1)) & 1 and ((w >> cc) & 1 or (w >> (cc + 1)) & 1):
                        pairs += 1
                        cc += 2
                    else:
                        cc += 1
                self.ptab[(f << W) | w] = pairs

    def scratch(self, n):
        """A work buffer of ``n`` ints allocated once: C pointer compiled, list interpreted."""
        a = numpy.zeros(max(n, 1), dtype=numpy.intc)  # calls Python: set-up, once per kernel
        if not cython.compiled:
            return a.tolist()
        self._arrays.append(a)  # calls Python: keeps the memory the pointer points into
        return ptr(a)  # calls Python: set-up, once per kernel

    # ------------------------------------------------------------------ geometry
    @cython.final
    def geo(self, buf, c):
        """The mat of city ``c`` (``NMAT``: no mat, the plain board of the beginner game)."""
        m: cython.int = buf[self.O_MAT + c]
        return m if m >= 0 else self.NMAT

    def city_of(self, s, side):
        """The city on ``side`` (0 left, 1 right) of seat ``s`` (Jamey's: ``s == players``); in C, ``cityt[2 * s + side]``."""
        if self.TWOSTD:
            return 2 * s + side
        if side == 0:
            return s
        return (s + self.NPOS - 1) % self.NPOS

    def jside(self, s):
        """2-player advanced: seat 0 shares its right city with Jamey, seat 1 its left."""
        return 1 if s == 0 else 0

    @cython.final
    def feasible(self, info, x1, x2):
        """Can the city of ``info`` (:meth:`city_info`) still be completed by adjacent placements after ``x1``/``x2`` are built?

        ``info`` gives the mat ``g``, the bounding box ``rmin..cmax`` of the
        mat and the tiles so far, ``need`` and ``s`` (below) and the rows.
        Some WxW window must hold the box; inside it every free cell must be
        connected to a tile (through free cells, bridges included), and the
        ``need`` duplex tiles to come must find free horizontal pairs that the
        ``s`` single tiles placed before them can reach: with ``s == 0`` one
        pair next to a tile and the other next to a tile or to the first pair.

        A window is a W*W-bit mask (bit ``r * W + c``); the breadth-first
        search from the tiles grows a mask of reached cells one step (one
        distance) at a time: shifts for the grid, the bridge table for the
        jumps across the water.
        """
        g: cython.int = info[0]
        rmin: cython.int = info[1]; rmax: cython.int = info[2]
        cmin: cython.int = info[3]; cmax: cython.int = info[4]
        need: cython.int = info[6]; s: cython.int = info[7]
        W: cython.int = self.W
        r: cython.int; cc: cython.int
        rlo: cython.int; rhi: cython.int; clo: cython.int; chi: cython.int
        wr: cython.int; wc: cython.int
        free: cython.uint; reach: cython.uint; bit: cython.uint
        rec: cython.p_int = self.wone
        if x1 >= 0:
            r = x1 // BW; cc = x1 % BW
            rmin = min(rmin, r); rmax = max(rmax, r); cmin = min(cmin, cc); cmax = max(cmax, cc)
        if x2 >= 0:
            r = x2 // BW; cc = x2 % BW
            rmin = min(rmin, r); rmax = max(rmax, r); cmin = min(cmin, cc); cmax = max(cmax, cc)
        if rmax - rmin + 1 > W or cmax - cmin + 1 > W:
            return 0
        rlo = max(rmax - W + 1, 0)
        rhi = min(rmin, BW - W)
        clo = max(cmax - W + 1, 0)
        chi = min(cmin, BW - W)
        if rlo > rhi or clo > chi:
            return 0
        for wr in range(rlo, rhi + 1):
            for wc in range(clo, chi + 1):
                self.window_load(info, wr, wc, rec, 0)
                # the new tile (both halves of a duplex): inside every window tried
                bit = cython.cast(cython.uint, 1) << ((x1 // BW - wr) * W + x1 % BW - wc)
                if x2 >= 0:
                    bit |= cython.cast(cython.uint, 1) << ((x2 // BW - wr) * W + x2 % BW - wc)
                free = cython.cast(cython.uint, rec[3]) & ~bit
                reach = self.spread(rec, 0, cython.cast(cython.uint, rec[2]) | bit, free, s + 1, 1)
                if free & ~reach:
                    continue  # a free cell no tile can ever be placed next to
                if need <= 0:
                    return 1
                if self.room_for_duplex(g, wr, wc, free, self.s_near & free, self.s_within & free, need, s):
                    return 1
        return 0

    @cython.final
    def feasible_cells(self, info, cand, m, duplex, out):
        """The cells of ``cand[:m]`` (each next to a tile) that :meth:`feasible` accepts, into ``out``; how many.

        The same answers as ``feasible`` cell by cell, with the work shared
        (``legal`` lists every cell): each window's breadth-first search is
        done once for the city as it is (:meth:`window_of`).  A tile placed
        next to a tile does not change whether every free cell of a window
        can be reached from a tile (what was reachable stays so through the
        new tile; what was cut off was not next to it), and the cells within
        k steps of the tiles and the new tile are those within k steps of
        the old tiles or of the new tile alone; so per cell only a search of
        ``s + 1`` steps from the new tile is left.  Bridges must lead both
        ways (``bsym``), as every edition's do.
        """
        g: cython.int = info[0]
        need: cython.int = info[6]; s: cython.int = info[7]
        W: cython.int = self.W; lim: cython.int = s + 1
        NW: cython.int = BW - W + 1
        L: cython.int = self.wrl
        n: cython.int = 0
        i: cython.int; o: cython.int; ok: cython.int
        x: cython.int; x2: cython.int
        rmin: cython.int; rmax: cython.int; cmin: cython.int; cmax: cython.int
        rlo: cython.int; rhi: cython.int; clo: cython.int; chi: cython.int
        wr: cython.int; wc: cython.int
        free: cython.uint; reach: cython.uint; bit: cython.uint
        rec: cython.p_int = self.wrec
        for i in range(NW * NW):
            rec[i * L] = 0
        for i in range(m):
            x = cand[i]
            x2 = x + 1 if duplex else -1
            rmin = min(info[1], x // BW); rmax = max(info[2], x // BW)
            cmin = min(info[3], x % BW); cmax = max(info[4], x % BW + (1 if duplex else 0))
            if rmax - rmin + 1 > W or cmax - cmin + 1 > W:
                continue
            rlo = max(rmax - W + 1, 0)
            rhi = min(rmin, BW - W)
            clo = max(cmax - W + 1, 0)
            chi = min(cmin, BW - W)
            ok = 0
            for wr in range(rlo, rhi + 1):
                for wc in range(clo, chi + 1):
                    o = (wr * NW + wc) * L
                    if rec[o] == 0:
                        self.window_of(info, wr, wc, rec, o)
                    if rec[o + 1] == 0:
                        continue  # a free cell no tile can ever be placed next to
                    if need <= 0:
                        ok = 1
                        break
                    bit = cython.cast(cython.uint, 1) << ((x // BW - wr) * W + x % BW - wc)
                    if x2 >= 0:
                        bit |= cython.cast(cython.uint, 1) << ((x2 // BW - wr) * W + x2 % BW - wc)
                    free = cython.cast(cython.uint, rec[o + 3]) & ~bit
                    # the cells within one and within lim steps of the new tile
                    reach = self.spread(rec, o, bit, free, lim, 0)
                    if self.room_for_duplex(g, wr, wc, free, (cython.cast(cython.uint, rec[o + 4]) | self.s_near) & free,
                                            (cython.cast(cython.uint, rec[o + 5]) | reach) & free, need, s):
                        ok = 1
                        break
                if ok:
                    break
            if ok:
                out[n] = x
                n += 1
        return n

    @cython.final
    def window_load(self, info, wr, wc, rec, o):
        """Window (``wr``, ``wc``) of the city of ``info`` as it is, into ``rec[o:]``: its tiles (``rec[o + 2]``),
        free cells (``o + 3``), the count of bridges inside it (``o + 6``) and their bit jumps, (a, b) pairs from
        ``o + 8``."""
        g: cython.int = info[0]
        W: cython.int = self.W
        wmask: cython.uint = (1 << W) - 1
        r: cython.int; cc: cython.int; r2: cython.int; c2: cython.int
        j: cython.int; a: cython.int; b: cython.int; nbw: cython.int = 0
        tiles: cython.uint = 0; free: cython.uint = 0
        for r in range(W):
            tiles |= ((cython.cast(cython.uint, info[ROWS + wr + r]) >> wc) & wmask) << (r * W)
            free |= ((cython.cast(cython.uint, info[ROWS + BW + wr + r]) >> wc) & wmask) << (r * W)
        for j in range(self.bro[g], self.bro[g + 1]):
            a = self.bra[j]
            b = self.brb[j]
            r = a // BW - wr; cc = a % BW - wc; r2 = b // BW - wr; c2 = b % BW - wc
            if 0 <= r < W and 0 <= cc < W and 0 <= r2 < W and 0 <= c2 < W:
                rec[o + 8 + 2 * nbw] = r * W + cc
                rec[o + 9 + 2 * nbw] = r2 * W + c2
                nbw += 1
        rec[o + 2] = tiles
        rec[o + 3] = free
        rec[o + 6] = nbw

    @cython.final
    def spread(self, rec, o, start, free, lim, full):
        """The cells reached from ``start`` through the ``free`` cells of the window loaded at ``rec[o:]``
        (grid steps, then its bridges), one step at a time: all of them (``full``) or those within ``lim``
        steps; ``s_near`` and ``s_within`` are left holding those within one and within ``lim`` steps."""
        W: cython.int = self.W
        j: cython.int; k: cython.int = 0
        nbw: cython.int = rec[o + 6]
        colf: cython.uint = self.colfirst
        coll: cython.uint = self.collast
        reach: cython.uint = start
        grow: cython.uint
        self.s_near = start
        self.s_within = start
        while full or k < lim:
            grow = ((reach << 1) & ~colf) | ((reach >> 1) & ~coll) | (reach << W) | (reach >> W)
            for j in range(nbw):
                grow |= ((reach >> rec[o + 8 + 2 * j]) & 1) << rec[o + 9 + 2 * j]
            grow &= free & ~reach
            if grow == 0:
                break
            reach |= grow
            k += 1
            if k == 1:
                self.s_near = reach
            if k <= lim:
                self.s_within = reach
        return reach

    @cython.final
    def window_of(self, info, wr, wc, rec, o):
        """Window (``wr``, ``wc``) of the city of ``info`` as it is, into ``rec[o:]``: computed (1), every free cell
        reachable from a tile (1/0), then :meth:`window_load`'s fields, and the cells within one and within
        ``s + 1`` steps of a tile (``o + 4``, ``o + 5``; all as :meth:`feasible` computes them)."""
        reach: cython.uint
        self.window_load(info, wr, wc, rec, o)
        reach = self.spread(rec, o, cython.cast(cython.uint, rec[o + 2]), cython.cast(cython.uint, rec[o + 3]),
                            info[7] + 1, 1)
        rec[o] = 1
        rec[o + 1] = 0 if cython.cast(cython.uint, rec[o + 3]) & ~reach else 1
        rec[o + 4] = self.s_near
        rec[o + 5] = self.s_within

    @cython.final
    def room_for_duplex(self, g, wr, wc, free, near, within, need, s):
        """Can the ``need`` duplex tiles still to come find room in window (``wr``, ``wc``)?

        ``free``, ``near`` and ``within``: the window's free cells, those next
        to a tile and those within ``s + 1`` steps of one (see :meth:`feasible`).
        """
        W: cython.int = self.W
        wmask: cython.uint = (1 << W) - 1
        r: cython.int; cc: cython.int; r2: cython.int; c2: cython.int; pairs: cython.int
        x: cython.int; y: cython.int; z: cython.int; z2: cython.int; d: cython.int
        i: cython.int; j: cython.int
        nb: cython.p_int = ptr(self.t_nb)
        ptab: cython.p_int = self.ptab
        if need == 1 or s > 0:
            # disjoint free pairs whose nearer half is within reach (greedy per row)
            pairs = 0
            for r in range(W):
                pairs += ptab[(((free >> (r * W)) & wmask) << W) | ((within >> (r * W)) & wmask)]
            return 1 if pairs >= need else 0
        # two duplex tiles next: one next to a tile, the other next to a tile or to it
        for r in range(W):
            for cc in range(W - 1):
                i = r * W + cc
                if not ((free >> i) & 1 and (free >> (i + 1)) & 1
                        and ((near >> i) & 1 or (near >> (i + 1)) & 1)):
                    continue
                x = (wr + r) * BW + wc + cc
                for r2 in range(W):
                    for c2 in range(W - 1):
                        j = r2 * W + c2
                        if not ((free >> j) & 1 and (free >> (j + 1)) & 1):
                            continue
                        if j == i or j == i + 1 or j + 1 == i:
                            continue
                        if (near >> j) & 1 or (near >> (j + 1)) & 1:
                            return 1
                        y = (wr + r2) * BW + wc + c2
                        for d in range(4):
                            z = nb[(g * NCELL + y) * 4 + d]
                            z2 = nb[(g * NCELL + y + 1) * 4 + d]
                            if z == x or z == x + 1 or z2 == x or z2 == x + 1:
                                return 1
        return 0

    @cython.final
    def city_info(self, buf, c, duplex, info):
        """What the placement rules need to know of city ``c`` for its next tile, into ``info``.

        ``info``: mat, bounding box of the mat and the tiles (rmin, rmax, cmin,
        cmax), tiles built, duplex tiles still to come after this one (need),
        single tiles the city still gets before them (s) -- see :meth:`feasible`
        --, single tiles built; then from ``ROWS`` the tiles of each row as a
        bit mask (bit = column), the empty cells of each row, and from ``ADJ``
        the cells next to a tile (grid neighbours and the far ends of
        bridges; bits may spill past the board's edge, the empty-cell masks
        clear them).  Only ``need`` and ``s`` depend on more than the city's
        cells, so a playout keeps the rest up to date with :meth:`city_add`.
        """
        g: cython.int = self.geo(buf, c)
        base: cython.int = self.O_CITY + c * NCELL
        rmin: cython.int; rmax: cython.int; cmin: cython.int; cmax: cython.int
        ntiles: cython.int = 0; nsingle: cython.int = 0
        r: cython.int; cc: cython.int; v: cython.int; tr: cython.int; er: cython.int
        j: cython.int; a: cython.int; b: cython.int; near: cython.int
        if self.HASMAT:
            rmin = self.t_mbox[g * 4]; rmax = self.t_mbox[g * 4 + 1]
            cmin = self.t_mbox[g * 4 + 2]; cmax = self.t_mbox[g * 4 + 3]
        else:
            rmin = 99; rmax = -1; cmin = 99; cmax = -1
        for r in range(BW):
            tr = 0
            er = 0
            for cc in range(BW):
                v = buf[base + r * BW + cc]
                if v >= TILE:
                    tr |= 1 << cc
                    ntiles += 1
                    if v < HALF:
                        nsingle += 1
                    rmin = min(rmin, r); rmax = max(rmax, r); cmin = min(cmin, cc); cmax = max(cmax, cc)
                elif v == 0:
                    er |= 1 << cc
            info[ROWS + r] = tr
            info[ROWS + BW + r] = er
        for r in range(BW):
            near = (info[ROWS + r] << 1) | (info[ROWS + r] >> 1)
            if r > 0:
                near |= info[ROWS + r - 1]
            if r < BW - 1:
                near |= info[ROWS + r + 1]
            info[ADJ + r] = near
        for j in range(self.bro[g], self.bro[g + 1]):
            a = self.bra[j]
            b = self.brb[j]
            if (info[ROWS + b // BW] >> (b % BW)) & 1:
                info[ADJ + a // BW] |= 1 << (a % BW)
        info[0] = g; info[1] = rmin; info[2] = rmax; info[3] = cmin; info[4] = cmax
        info[5] = ntiles; info[8] = nsingle
        self.city_need(buf, c, duplex, info)

    @cython.final
    def city_need(self, buf, c, duplex, info):
        """Set ``need`` and ``s`` of ``info`` (see :meth:`city_info`) for a tile of the round's kind now."""
        need: cython.int = 2 - buf[self.O_DCNT + c] - duplex
        info[6] = need
        # single tiles this city still gets before its duplex tiles (after this one)
        info[7] = max(self.t_rhand[0] - 2 - info[8], 0) if need == 2 else 0

    def city_add(self, info, o, x, single):
        """Update the ``info`` at offset ``o`` (:meth:`city_info`, need and s aside) for a tile built at empty cell ``x``.

        ``single``: a building (1) or half of a duplex (0).
        """
        r: cython.int = x // BW
        cc: cython.int = x % BW
        g: cython.int = info[o]
        bit: cython.int = 1 << cc
        j: cython.int; a: cython.int
        info[o + 1] = min(info[o + 1], r); info[o + 2] = max(info[o + 2], r)
        info[o + 3] = min(info[o + 3], cc); info[o + 4] = max(info[o + 4], cc)
        info[o + 5] += 1
        info[o + 8] += single
        info[o + ROWS + r] |= bit
        info[o + ROWS + BW + r] &= ~bit
        info[o + ADJ + r] |= (bit << 1) | (bit >> 1)
        if r > 0:
            info[o + ADJ + r - 1] |= bit
        if r < BW - 1:
            info[o + ADJ + r + 1] |= bit
        for j in range(self.bro[g], self.bro[g + 1]):
            if self.brb[j] == x:
                a = self.bra[j]
                info[o + ADJ + a // BW] |= 1 << (a % BW)

    @cython.final
    def candidates(self, buf, c, duplex, strict, info, out):
        """Write the cells of city ``c`` that pass the cheap placement checks; return how many.

        The cell (both cells of a duplex) must be empty; the first tile goes
        to an opening of the mat (the centre without one); a later one keeps
        the city's box within a WxW window and, if ``strict``, lies next to a
        tile already built.  :meth:`placeable` then decides.
        """
        g: cython.int = info[0]
        W: cython.int = self.W
        n: cython.int = 0
        r: cython.int
        rlo: cython.int; rhi: cython.int; clo: cython.int; chi: cython.int
        cand: cython.int; near: cython.int; cols: cython.int
        if info[5] == 0:
            for r in range(BW):
                cand = info[ROWS + BW + r] & self.openrows[g * BW + r]
                if duplex:
                    cand &= info[ROWS + BW + r] >> 1  # the cell to the right empty too
                while cand:
                    out[n] = r * BW + self.lowbit[cand]
                    n += 1
                    cand &= cand - 1
            return n
        # rows and columns that keep the box within W (a duplex also covers column cc + 1)
        rlo = max(info[2] - W + 1, 0)
        rhi = min(info[1] + W - 1, BW - 1)
        clo = max(info[4] - W + 1, 0)
        chi = min(info[3] + W - 1 - duplex, BW - 1 - duplex)
        cols = ((1 << (chi + 1)) - 1) & ~((1 << clo) - 1)
        for r in range(rlo, rhi + 1):
            cand = info[ROWS + BW + r]
            if duplex:
                cand &= cand >> 1  # this cell and the next one empty
            if strict:
                near = info[ADJ + r]  # next to a tile
                if duplex:
                    near |= near >> 1
                cand &= near
            cand &= cols
            while cand:
                out[n] = r * BW + self.lowbit[cand]
                n += 1
                cand &= cand - 1
        return n

    @cython.final
    def placeable(self, buf, c, duplex, x, info):
        """Does city ``c`` stay completable with the tile at ``x`` (a candidate)?"""
        return self.feasible(info, x, x + 1 if duplex else -1)

    @cython.final
    def gen_cells(self, buf, c, duplex, out):
        """Write the legal cells for a building (or a duplex's left half) in city ``c``; return how many.

        The answer depends on the city's cells, its mat, its duplex tiles built and the
        tile's kind only; it is remembered by those in a table of GMEMO entries (each slot
        keeps the last one hashed to it, checked cell by cell): a search lists the moves
        of the same cities at every visit of a node (7% of a built-in 3-player search).
        :meth:`cells_now` finds it.
        """
        base: cython.int = self.O_CITY + c * NCELL
        g: cython.int = self.geo(buf, c)
        dc: cython.int = buf[self.O_DCNT + c]
        memo: cython.p_int = self.gmemo
        mul: cython.p_int = self.gmul
        h: cython.uint = cython.cast(cython.uint, (g * 4 + dc) * 2 + duplex)
        x: cython.int; o: cython.int; n: cython.int; hit: cython.bint
        w: cython.ulonglong; h64: cython.ulonglong = 0
        wm: cython.pointer(cython.ulonglong)
        if cython.compiled:  # two cells a multiply: 81 multiply-adds were 2% of a search
            wm = cython.cast(cython.pointer(cython.ulonglong), mul)
            for x in range(NCELL // 2):
                memcpy(cython.address(w), cython.address(buf[base + 2 * x]), 8)
                h64 += w * wm[x]
            h64 += cython.cast(cython.ulonglong, cython.cast(cython.uint, buf[base + NCELL - 1])) * wm[NCELL // 2]
            h += cython.cast(cython.uint, h64 >> 32) ^ cython.cast(cython.uint, h64)
        else:  # another hash, the same answers: it only picks the slot
            for x in range(NCELL):
                h += (int(buf[base + x]) & 0xFFFFFFFF) * mul[x]
            h &= 0xFFFFFFFF  # the C unsigned wrap
        o = ((h ^ (h >> 15)) & (GMEMO - 1)) * GREC
        hit = memo[o] == g + 1 and memo[o + 1] == duplex and memo[o + 2] == dc
        if cython.compiled:
            hit = hit and memcmp(cython.address(memo[o + 4]), cython.address(buf[base]), NCELL * cython.sizeof(cython.int)) == 0
            if hit:
                n = memo[o + 3]
                memcpy(out, cython.address(memo[o + 4 + NCELL]), n * cython.sizeof(cython.int))
                return n
            n = self.cells_now(buf, c, duplex, out)
            memcpy(cython.address(memo[o + 4]), cython.address(buf[base]), NCELL * cython.sizeof(cython.int))
            memcpy(cython.address(memo[o + 4 + NCELL]), out, n * cython.sizeof(cython.int))
        else:
            hit = hit and all(memo[o + 4 + x] == buf[base + x] for x in range(NCELL))
            if hit:
                n = memo[o + 3]
                for x in range(n):
                    out[x] = memo[o + 4 + NCELL + x]
                return n
            n = self.cells_now(buf, c, duplex, out)
            for x in range(NCELL):
                memo[o + 4 + x] = buf[base + x]
            for x in range(n):
                memo[o + 4 + NCELL + x] = out[x]
        memo[o] = g + 1
        memo[o + 1] = duplex
        memo[o + 2] = dc
        memo[o + 3] = n
        return n

    @cython.final
    def cells_now(self, buf, c, duplex, out):
        """:meth:`gen_cells` found afresh.

        Adjacency is required, and ``feasible`` keeps the city completable by
        adjacent placements; should no adjacent cell pass (not seen in random
        play), any completable empty cell is allowed so that a seat always has
        a move (docs/rulings).
        """
        n: cython.int = 0
        m: cython.int; i: cython.int; si: cython.int
        info: cython.p_int = self.info
        cand: cython.p_int = self.cand0
        self.city_info(buf, c, duplex, info)
        for si in range(2):  # adjacent cells first; any completable cell as the fallback
            m = self.candidates(buf, c, duplex, 1 - si, info, cand)
            if si == 0 and info[5] > 0 and self.bsym:
                n = self.feasible_cells(info, cand, m, duplex, out)
            else:
                for i in range(m):
                    if self.placeable(buf, c, duplex, cand[i], info):
                        out[n] = cand[i]
                        n += 1
            if n > 0 or info[5] == 0:
                break
        return n


def gen_cells_two_ways(kernel, buf, c: cython.int, duplex: cython.int):
    """City ``c``'s legal cells through the remembered ``gen_cells`` and found afresh by
    ``cells_now`` (tests compare the two in both modes)."""
    k: BetweenTwoCitiesPlacement = kernel
    i: cython.int; m: cython.int; n: cython.int
    a = numpy.zeros(NCELL, dtype=numpy.intc)
    b = numpy.zeros(NCELL, dtype=numpy.intc)
    m = k.gen_cells(ptr(buf), c, duplex, ptr(a) if cython.compiled else a)
    n = k.cells_now(ptr(buf), c, duplex, ptr(b) if cython.compiled else b)
    return [int(a[i]) for i in range(m)], [int(b[i]) for i in range(n)]


def cells_two_ways(kernel, buf, c: cython.int, duplex: cython.int):
    """The adjacent cells of city ``c`` that keep it completable, found by ``feasible_cells`` and by
    ``feasible`` cell by cell (tests compare the two); ``None`` for the first when it does not apply."""
    k: BetweenTwoCitiesPlacement = kernel
    i: cython.int; m: cython.int; n: cython.int
    b: cython.p_int = ptr(buf)
    info = numpy.zeros(INFO, dtype=numpy.intc)
    cand = numpy.zeros(NCELL, dtype=numpy.intc)
    out = numpy.zeros(NCELL, dtype=numpy.intc)
    k.city_info(b, c, duplex, ptr(info))
    m = k.candidates(b, c, duplex, 1, ptr(info), ptr(cand))
    one = [int(cand[i]) for i in range(m) if k.feasible(ptr(info), cand[i], cand[i] + 1 if duplex else -1)]
    if info[5] == 0:
        return None, one
    n = k.feasible_cells(ptr(info), ptr(cand), m, duplex, ptr(out))
    return [int(out[i]) for i in range(n)], one
