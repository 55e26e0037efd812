"""Between Two Cities heuristic, prepared layer: every city's pieces kept along a game.

:meth:`prepare` brings a city's pieces (``between_two_cities_pieces``) up to its cells in a
buffer: kept while it is unchanged, added to tile by tile when the cells that differ are a
few new tiles (:meth:`add_tile`, which scores each by the cell reads of
``between_two_cities_cell_gain``), else read afresh (:meth:`read`).  In a rollout most
cities are not touched between two decisions of a seat.  Compiled by Cython (declarations in the ``.pxd``)
and run unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .between_two_cities_gain import BetweenTwoCitiesGain

if not cython.compiled:
    from .between_two_cities_encoding import CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, HALF, NCELL, TILE
    from .between_two_cities_pieces import NCOUNT, new_tiles
    from .between_two_cities_placement import INFO
    from .between_two_cities_scoring import office_points, park_points, shop_best, tavern_points
    from .kernel import ptr


@cython.cclass
class BetweenTwoCitiesPrepared(BetweenTwoCitiesGain):
    """Every city's pieces kept along a game (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        BetweenTwoCitiesGain.__init__(self, nc)
        self.dx = numpy.zeros(4, dtype=numpy.intc)
        self.cinfo = numpy.zeros(max(nc, 1) * INFO, dtype=numpy.intc)  # each city's city_info (need and s aside)
        self.info0 = numpy.zeros(INFO, dtype=numpy.intc)

    def prepare(self, k, buf, c):
        """City ``c`` of ``buf`` into the pieces, its ``score_city`` into ``score[c]``: kept
        while the city is unchanged; when the cells that differ are a few new tiles on cells
        that were empty (a rollout's placements since), each is added by :meth:`add_tile`;
        else the city is read again (``read``)."""
        o: cython.int = c * NCELL
        base: cython.int = k.O_CITY + c * NCELL
        g: cython.int = k.geo(ptr(buf), c)
        code: cython.p_int = ptr(self.code)
        i: cython.int
        nd: cython.int
        dx: cython.p_int = ptr(self.dx)
        if self.geoc[c] == g:
            if cython.compiled:  # most calls find the city unchanged: one wide compare first
                if memcmp(cython.address(code[o]), cython.address(buf[base]), NCELL * cython.sizeof(cython.int)) == 0:
                    return
            nd = new_tiles(code, o, ptr(buf), base, dx, 4)  # -1: not a few new tiles, read again
            if nd > 0 and self.nlab[c] + 4 >= NCELL:
                nd = -1
            if nd >= 0:
                for i in range(nd):
                    self.add_tile(k, g, c, dx[i], buf[base + dx[i]])
                    k.city_add(ptr(self.cinfo), c * INFO, dx[i], 1 if buf[base + dx[i]] < HALF else 0)
                return
        self.read(k, ptr(buf), c, g)

    @cython.final
    def read(self, k, b, c, g):
        """City ``c`` of buffer ``b``, on mat ``g``, read afresh into the pieces: its cells,
        their categories, its counts (``cnt``), its tile cells, its free houses (no factory next
        door), its park groups, its ``city_info``; and its ``score_city`` into ``score[c]``,
        summed from these pieces as ``gain`` sums its changes."""
        o: cython.int = c * NCELL
        co: cython.int = c * NCOUNT
        base: cython.int = k.O_CITY + c * NCELL
        code: cython.p_int = ptr(self.code)
        ct: cython.p_int = ptr(self.ct)
        tl: cython.p_int = ptr(self.tl)
        plab: cython.p_int = ptr(self.plab)
        x: cython.int
        v: cython.int
        i: cython.int
        nt: cython.int = 0
        nfree: cython.int = 0
        others: cython.int = 0
        ng: cython.int = 0
        total: cython.int
        for i in range(NCOUNT):
            self.cnt[co + i] = 0
        for x in range(NCELL):
            v = b[base + x]
            code[o + x] = v
            plab[o + x] = -1
            if v >= TILE:
                ct[o + x] = k.t_kcat[(v - TILE) & 31]
                tl[o + nt] = x
                nt += 1
                self.count(k, co, (v - TILE) & 31)
            else:
                ct[o + x] = -1
        for i in range(5):
            if self.cnt[co + i] > 0:
                others += 1
        for i in range(nt):
            x = tl[o + i]
            if ct[o + x] == CAT_HOUSE:
                if not self.next_to(k, g, o, x, CAT_FACTORY):
                    nfree += 1
            elif ct[o + x] == CAT_PARK and plab[o + x] < 0:
                self.label_park(k, g, o, x, ng)
                ng += 1
        self.nfree[c] = nfree
        self.oth[c] = others
        self.ntl[c] = nt
        self.nlab[c] = ng
        self.changed(c)
        # score_city from the same pieces: count terms, per-tile terms, park groups, shop lines
        total = tavern_points(ptr(self.cnt), co + 7) + office_points(self.cnt[co + CAT_OFFICE])
        for i in range(nt):
            total += self.tile_term(k, g, o, tl[o + i], others)
            if ct[o + tl[o + i]] == CAT_SHOP:
                self.sh[tl[o + i]] = 1
        for i in range(ng):
            total += park_points(self.gsz[o + i])
        if self.cnt[co + CAT_SHOP] > 0:
            total += shop_best(ptr(k.t_nb), g, ptr(self.sh), ptr(self.lines), 0)
            for i in range(nt):
                self.sh[tl[o + i]] = 0
        self.score[c] = total
        self.geoc[c] = g
        k.city_info(b, c, 0, ptr(self.info0))  # the placement rules' view of the city, kept alike
        for i in range(INFO):
            self.cinfo[c * INFO + i] = self.info0[i]

    @cython.final
    def add_tile(self, k, g, c, x, v):
        """The tile (or duplex half) of code ``v`` built on the empty cell ``x`` of the prepared
        city ``c``: ``score[c]`` gains what :meth:`gain` would read from the cells it touches
        (:meth:`base_gain` and :meth:`cell_single`; ``gain`` itself for a shop by shops), then the
        pieces are updated (counts, types present, free houses from the cells next to it, the
        park group it joins: one new label, the groups it joins keep theirs unused)."""
        o: cython.int = c * NCELL
        co: cython.int = c * NCOUNT
        kind: cython.int = (v - TILE) & 31
        cat: cython.int = k.t_kcat[kind]
        ct: cython.p_int = ptr(self.ct)
        tl: cython.p_int = ptr(self.tl)
        plab: cython.p_int = ptr(self.plab)
        i: cython.int
        d: cython.int
        y: cython.int
        lab: cython.int
        gn: cython.int
        others: cython.int = 0
        nfree: cython.int
        self.bn = 1
        self.bkind[0] = kind
        gn = self.base_gain(k, c) + self.cell_single(k, g, c, x)
        if not self.bexact:  # a shop by shops: the lines through it
            self.newx[0] = x
            self.newc[0] = v
            gn = self.gain(k, g, c, 1)
        self.score[c] += gn
        self.changed(c)
        # free houses: the new house if no factory is next door; a new factory's free neighbours no longer
        nfree = self.nfree[c]
        if cat == CAT_HOUSE and not self.next_to(k, g, o, x, CAT_FACTORY):
            nfree += 1
        elif cat == CAT_FACTORY:
            for d in range(4):
                y = k.t_nb[(g * NCELL + x) * 4 + d]
                if y >= 0 and ct[o + y] == CAT_HOUSE and not self.next_to(k, g, o, y, CAT_FACTORY):
                    nfree -= 1  # (the four neighbours are four cells)
        self.nfree[c] = nfree
        self.code[o + x] = v
        ct[o + x] = cat
        plab[o + x] = -1
        tl[o + self.ntl[c]] = x
        self.ntl[c] += 1
        self.count(k, co, kind)
        for i in range(5):
            if self.cnt[co + i] > 0:
                others += 1
        self.oth[c] = others
        if cat == CAT_PARK:
            lab = self.nlab[c]
            self.nlab[c] = lab + 1
            self.label_park(k, g, o, x, lab)

