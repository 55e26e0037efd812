"""Between Two Cities heuristic, base layer: every city in the pieces the heuristic reads.

The policy (``between_two_cities_policy``, the kernel's ``move_values`` and greedy
move) is built in layers, each its own module, each a ``cdef class`` on the one below:

* this module -- each city's pieces as :meth:`read` reads them: cell codes and
  categories, counts, tile cells, free houses, types present, park groups and
  ``score_city`` summed from them; the readers of those pieces (a tile's own term,
  its neighbours) and every city's factories;
* ``between_two_cities_gain`` -- what ``score_city`` gains from new tiles (``gain``);
* ``between_two_cities_cell_gain`` -- that gain read from the cells next to one cell,
  exactly or as a bound;
* ``between_two_cities_prepared`` -- the pieces kept along a game (``prepare``);
* ``between_two_cities_values`` -- the heuristic's values (placements, draft pairs);
* ``between_two_cities_policy`` -- the greedy move (``greedy_place``).

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))  # NCOUNT
    from .between_two_cities_encoding import (
        CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, KM, NCELL, TILE)
    from .between_two_cities_placement import INFO
    from .between_two_cities_scoring import office_points, shop_best, tavern_points
    from .kernel import ptr


@cython.cclass
class BetweenTwoCitiesPieces:
    """Every city's pieces and their readers (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        nc = max(nc, 1)
        # every city as read() last read it (c * NCELL + cell, c * NCOUNT + count)
        self.code = numpy.zeros(nc * NCELL, dtype=numpy.intc)
        self.ct = numpy.full(nc * NCELL, -1, dtype=numpy.intc)
        self.tl = numpy.zeros(nc * NCELL, dtype=numpy.intc)
        self.plab = numpy.full(nc * NCELL, -1, dtype=numpy.intc)
        self.gsz = numpy.zeros(nc * NCELL, dtype=numpy.intc)
        self.cnt = numpy.zeros(nc * NCOUNT, dtype=numpy.intc)
        self.ntl = numpy.zeros(nc, dtype=numpy.intc)
        self.nlab = numpy.zeros(nc, dtype=numpy.intc)
        self.nfree = numpy.zeros(nc, dtype=numpy.intc)
        self.oth = numpy.zeros(nc, dtype=numpy.intc)
        self.score = numpy.zeros(nc, dtype=numpy.intc)
        self.geoc = numpy.full(nc, -1, dtype=numpy.intc)  # the mat it was read with; -1 never read
        # place_value: each city's gain by (single or duplex, kind, cell), stamped with the city's version
        self.ver = numpy.ones(nc, dtype=numpy.intc)
        self.memo = numpy.zeros(nc * 4 * KM * NCELL, dtype=numpy.intc)  # stamp and gain side by side
        self.cinfo = numpy.zeros(nc * INFO, dtype=numpy.intc)  # each city's city_info (need and s aside) as read
        self.info0 = numpy.zeros(INFO, dtype=numpy.intc)
        self.stk = numpy.zeros(NCELL, dtype=numpy.intc)
        self.sh = numpy.zeros(NCELL, dtype=numpy.intc)
        self.lines = numpy.zeros(NCELL * 5, dtype=numpy.intc)
        self.fc = numpy.zeros(nc, dtype=numpy.intc)
        self.fcode = numpy.full(nc * NCELL, -1, dtype=numpy.intc)  # each city as fc last counted it
        self.fcok = 0

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

    def changed(self, c):
        """City ``c`` prepared anew: the gains kept for it (``memo``) no longer hold."""
        i: cython.int
        o: cython.int = c * 4 * KM * NCELL
        self.ver[c] += 1
        if self.ver[c] >= 1 << 30:  # far from wrapping round: forget every stamp of the city
            for i in range(0, 4 * KM * NCELL, 2):
                self.memo[o + i] = 0
            self.ver[c] = 1

    def label_park(self, k, g, o, x, lab):
        """Label ``lab`` the park group of cell ``x`` (joined groups take the new label) and keep its size."""
        ct: cython.p_int = ptr(self.ct)
        plab: cython.p_int = ptr(self.plab)
        stk: cython.p_int = ptr(self.stk)
        y: cython.int
        z: cython.int
        d: cython.int
        size: cython.int = 0
        top: cython.int = 1
        stk[0] = x
        plab[o + x] = lab
        while top > 0:
            top -= 1
            y = stk[top]
            size += 1
            for d in range(4):
                z = k.t_nb[(g * NCELL + y) * 4 + d]
                if z >= 0 and ct[o + z] == CAT_PARK and plab[o + z] != lab:
                    plab[o + z] = lab
                    stk[top] = z
                    top += 1
        self.gsz[o + lab] = size

    def count(self, k, o, kind):
        """One tile of ``kind`` into the counts at ``cnt[o]`` (its category; a tavern, its kind too)."""
        self.cnt[o + k.t_kcat[kind]] += 1
        if k.t_kcat[kind] == CAT_TAVERN:
            self.cnt[o + 7 + k.t_ktav[kind]] += 1

    def next_to(self, k, g, o, y, cat):
        """1 if a neighbour of ``y`` on the prepared city at ``o`` holds a tile of ``cat``."""
        d: cython.int
        z: cython.int
        for d in range(4):
            z = k.t_nb[(g * NCELL + y) * 4 + d]
            if z >= 0 and self.ct[o + z] == cat:
                return 1
        return 0

    def tile_term(self, k, g, o, y, others):
        """The points ``score_city`` gives the tile at ``y`` for its neighbours: an office
        by a tavern 1, a house 1 by a factory else ``others``, a civic building 1, 3 or 6."""
        ct: cython.p_int = ptr(self.ct)
        cx: cython.int = ct[o + y]
        gb: cython.int = (g * NCELL + y) * 4
        d: cython.int
        z: cython.int
        kind: cython.int
        h1: cython.int = 0
        h2: cython.int = 0
        bad: cython.int = 0
        if cx == CAT_OFFICE:
            return self.next_to(k, g, o, y, CAT_TAVERN)
        if cx == CAT_HOUSE:
            return 1 if self.next_to(k, g, o, y, CAT_FACTORY) else others
        if cx == CAT_CIVIC:
            kind = (self.code[o + y] - TILE) & 31
            for d in range(4):
                z = k.t_nb[gb + d]
                if z >= 0 and ct[o + z] >= 0:
                    if ct[o + z] == k.t_dislike[kind]:
                        bad = 1
                    if ct[o + z] == k.t_like1[kind]:
                        h1 = 1
                    if ct[o + z] == k.t_like2[kind]:
                        h2 = 1
            return civic_term(bad, h1, h2)
        return 0

    def count_factories(self, k, b):
        """Every city's factories into ``fc`` (compiled: a city unchanged since it was last
        counted, one memcmp, keeps its count)."""
        c: cython.int
        x: cython.int
        v: cython.int
        fcode: cython.p_int = ptr(self.fcode)
        for c in range(k.NC):
            if cython.compiled:
                if memcmp(cython.address(fcode[c * NCELL]), cython.address(b[k.O_CITY + c * NCELL]),
                          NCELL * cython.sizeof(cython.int)) == 0:
                    continue
                memcpy(cython.address(fcode[c * NCELL]), cython.address(b[k.O_CITY + c * NCELL]),
                       NCELL * cython.sizeof(cython.int))
            self.fc[c] = 0
            for x in range(NCELL):
                v = b[k.O_CITY + c * NCELL + x]
                if v >= TILE and k.t_kcat[(v - TILE) & 31] == CAT_FACTORY:
                    self.fc[c] += 1
        self.fcok = 1

    def factory_points(self, k, c, f):
        """City ``c``'s factory points with ``f`` factories, the others' counts as in ``fc``."""
        m1: cython.int = f
        m2: cython.int = 0
        o: cython.int
        for o in range(k.NC):
            if o != c and self.fc[o] > m1:
                m1 = self.fc[o]
        if f < m1:
            m2 = f
        for o in range(k.NC):
            if o != c and m2 < self.fc[o] < m1:
                m2 = self.fc[o]
        if f == m1:
            return 4 * f
        if f == m2:
            return 3 * f
        return 2 * f


def civic_term(bad: cython.int, h1: cython.int, h2: cython.int) -> cython.int:
    """A civic building's points: 1 by a type it dislikes, else 1, 3 or 6 as it has 0, 1 or 2 of the types it likes."""
    return 1 if bad else (6 if h1 + h2 == 2 else (3 if h1 + h2 == 1 else 1))


def park_points(size: cython.int) -> cython.int:
    """A group of ``size`` parks: 2, 8, then 9 + size (as ``score_city`` scores it)."""
    return 2 if size == 1 else (8 if size == 2 else 9 + size)
