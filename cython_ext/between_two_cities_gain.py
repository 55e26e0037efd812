"""Between Two Cities heuristic, gain layer: what ``score_city`` gains from new tiles.

:meth:`gain` reads the change from the cells the new tiles touch on a city kept in
pieces (``between_two_cities_pieces``); ``place_value`` (``between_two_cities_values``)
and a prepared city's new tiles (``between_two_cities_prepared``) call it.
:meth:`tile_term` is the points ``score_city`` gives a tile for its neighbours (an office by
a tavern, a house, a civic building), which ``gain`` reads before and after and ``read`` sums.
:meth:`base_gain` is the part of the gain that does not depend on the cell, once per tile; the
cell's part is ``cell_single`` / ``cell_duplex`` (``between_two_cities_cell_gain``).  Compiled by Cython
(declarations in the ``.pxd``) and run unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .between_two_cities_cell_gain import BetweenTwoCitiesCellGain

if not cython.compiled:
    from .between_two_cities_encoding import (
        CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, NCELL, TILE)
    from .between_two_cities_cell_gain import join_label
    from .between_two_cities_pieces import NCOUNT
    from .between_two_cities_scoring import civic_points, office_points, park_points, shop_best, tavern_points
    from .kernel import ptr


@cython.cclass
class BetweenTwoCitiesGain(BetweenTwoCitiesCellGain):
    """The gain of new tiles on a city kept in pieces (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        BetweenTwoCitiesCellGain.__init__(self, nc)
        self.newx = numpy.zeros(2, dtype=numpy.intc)
        self.newc = numpy.zeros(2, dtype=numpy.intc)
        self.oldc = numpy.zeros(2, dtype=numpy.intc)
        self.lab = numpy.zeros(16, dtype=numpy.intc)
        self.seen5 = numpy.zeros(5, dtype=numpy.intc)
        self.tav = numpy.zeros(4, dtype=numpy.intc)
        self.vis = numpy.zeros(NCELL, dtype=numpy.intc)
        self.vl = numpy.zeros(NCELL, dtype=numpy.intc)
        self.sh = numpy.zeros(NCELL, dtype=numpy.intc)
        self.lines = numpy.zeros(NCELL * 5, dtype=numpy.intc)

    def gain(self, k, g, c, nn):
        """What ``score_city`` gains from the ``nn`` tiles ``newc`` at ``newx`` on the
        prepared city ``c``, found from the cells they touch: the score is a sum of
        count terms (taverns, offices), of per-tile terms that read only the tile's
        neighbours (an office by a tavern, a house, a civic building: those next to a
        new tile are scored before and after) and of houses times the types present,
        plus the park groups and shop lines the new tiles join (the neighbour table is
        symmetric: every edition's bridges lead both ways)."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        aff: cython.p_int = ptr(self.aff)
        cn: cython.p_int = ptr(self.cnt)
        tav: cython.p_int = ptr(self.tav)
        co: cython.int = c * NCOUNT
        na: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        y: cython.int
        cat: cython.int
        nt: cython.int = 0
        no: cython.int = 0
        parks: cython.int = 0
        shops: cython.int = 0
        others: cython.int = 0
        fa: cython.int = 0
        total: cython.int = 0
        for i in range(nn):
            aff[na] = self.newx[i]
            na += 1
        for i in range(nn):
            for d in range(4):
                y = k.t_nb[(g * NCELL + self.newx[i]) * 4 + d]
                if y >= 0 and ct[o + y] >= 0:
                    for j in range(na):
                        if aff[j] == y:
                            break
                    else:
                        aff[na] = y
                        na += 1
        for j in range(na):
            y = aff[j]
            if ct[o + y] >= 0:
                total -= self.tile_term(k, g, o, y, self.oth[c])
                if ct[o + y] == CAT_HOUSE and not self.next_to(k, g, o, y, CAT_FACTORY):
                    fa += 1
        for i in range(4):
            tav[i] = cn[co + 7 + i]
        for i in range(5):
            self.seen5[i] = 1 if cn[co + i] > 0 else 0
        for i in range(nn):
            cat = k.t_kcat[(self.newc[i] - TILE) & 31]
            ct[o + self.newx[i]] = cat
            self.oldc[i] = code[o + self.newx[i]]
            code[o + self.newx[i]] = self.newc[i]
            if cat < 5:
                self.seen5[cat] = 1
            if cat == CAT_TAVERN:
                tav[k.t_ktav[(self.newc[i] - TILE) & 31]] += 1
                nt += 1
            elif cat == CAT_OFFICE:
                no += 1
            elif cat == CAT_PARK:
                parks += 1
            elif cat == CAT_SHOP:
                shops += 1
        for i in range(5):
            others += self.seen5[i]
        for j in range(na):
            total += self.tile_term(k, g, o, aff[j], others)
        total += (self.nfree[c] - fa) * (others - self.oth[c])
        if nt > 0:
            total += tavern_points(tav, 0) - tavern_points(cn, co + 7)
        if no > 0:
            total += office_points(cn[co + CAT_OFFICE] + no) - office_points(cn[co + CAT_OFFICE])
        if parks > 0:
            total += self.park_gain(k, g, c, nn)
        if shops > 0:
            total += self.shop_gain(k, g, c, nn)
        for i in range(nn):
            ct[o + self.newx[i]] = -1
            code[o + self.newx[i]] = self.oldc[i]
        return total

    @cython.final
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
            return civic_points(bad, h1 + h2)
        return 0

    @cython.final
    def park_gain(self, k, g, c, nn):
        """Park points gained: the groups through the new parks, less the old groups they join."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        plab: cython.p_int = ptr(self.plab)
        vis: cython.p_int = ptr(self.vis)
        stk: cython.p_int = ptr(self.stk)
        lab: cython.p_int = ptr(self.lab)
        nv: cython.int = 0
        nl: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        x: cython.int
        y: cython.int
        z: cython.int
        size: cython.int
        top: cython.int
        total: cython.int = 0
        for i in range(nn):
            x = self.newx[i]
            if ct[o + x] != CAT_PARK or vis[x]:
                continue
            size = 0
            top = 1
            stk[0] = x
            vis[x] = 1
            self.vl[nv] = x
            nv += 1
            while top > 0:
                top -= 1
                y = stk[top]
                size += 1
                if plab[o + y] >= 0:
                    nl = join_label(lab, nl, plab[o + y])
                for d in range(4):
                    z = k.t_nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and ct[o + z] == CAT_PARK and not vis[z]:
                        vis[z] = 1
                        self.vl[nv] = z
                        nv += 1
                        stk[top] = z
                        top += 1
            total += park_points(size)
        for j in range(nl):
            total -= park_points(self.gsz[o + lab[j]])
        for i in range(nv):
            vis[self.vl[i]] = 0
        return total

    @cython.final
    def shop_gain(self, k, g, c, nn):
        """Shop points gained: the best lines of the shops joined to the new ones, with and without them."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        sh: cython.p_int = ptr(self.sh)
        stk: cython.p_int = ptr(self.stk)
        nv: cython.int = 0
        i: cython.int
        d: cython.int
        x: cython.int
        y: cython.int
        z: cython.int
        top: cython.int
        total: cython.int
        for i in range(nn):
            x = self.newx[i]
            if ct[o + x] != CAT_SHOP or sh[x]:
                continue
            top = 1
            stk[0] = x
            sh[x] = 1
            self.vl[nv] = x
            nv += 1
            while top > 0:
                top -= 1
                y = stk[top]
                for d in range(4):
                    z = k.t_nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and ct[o + z] == CAT_SHOP and not sh[z]:
                        sh[z] = 1
                        self.vl[nv] = z
                        nv += 1
                        stk[top] = z
                        top += 1
        total = shop_best(ptr(k.t_nb), g, sh, ptr(self.lines), 0)
        for i in range(nn):
            if ct[o + self.newx[i]] == CAT_SHOP:
                sh[self.newx[i]] = 0
        for i in range(nv):
            if sh[self.vl[i]]:  # an old shop joined: the lines it had without the new ones
                total -= shop_best(ptr(k.t_nb), g, sh, ptr(self.lines), 0)
                break
        for i in range(nv):
            sh[self.vl[i]] = 0
        return total

    def base_gain(self, k, c):
        """What :meth:`gain` finds for the ``bn`` tiles of kinds ``bkind`` on the prepared city ``c``
        wherever they go, a new house counted ``others``: what the counts gain (taverns,
        offices), the free houses times the types gained.  Sets ``bcat``, ``bothers`` (the
        types a house counts with the tiles), ``bnf`` and ``bnh`` (factories, houses)."""
        co: cython.int = c * NCOUNT
        cn: cython.p_int = ptr(self.cnt)
        tav: cython.p_int = ptr(self.tav)
        i: cython.int
        cat: cython.int
        nt: cython.int = 0
        no: cython.int = 0
        nf: cython.int = 0
        nh: cython.int = 0
        others: cython.int = 0
        total: cython.int
        for i in range(4):
            tav[i] = cn[co + 7 + i]
        for i in range(5):
            self.seen5[i] = 1 if cn[co + i] > 0 else 0
        for i in range(self.bn):
            cat = k.t_kcat[self.bkind[i]]
            self.bcat[i] = cat
            if cat < 5:
                self.seen5[cat] = 1
            if cat == CAT_TAVERN:
                tav[k.t_ktav[self.bkind[i]]] += 1
                nt += 1
            elif cat == CAT_OFFICE:
                no += 1
            elif cat == CAT_FACTORY:
                nf += 1
            elif cat == CAT_HOUSE:
                nh += 1
        for i in range(5):
            others += self.seen5[i]
        # a house already there gains the new types, less where a new factory is next door (a
        # house by a factory counts 1 <= others); a new house counts others at most
        total = self.nfree[c] * (others - self.oth[c]) + nh * others
        if nt > 0:
            total += tavern_points(tav, 0) - tavern_points(cn, co + 7)
        if no > 0:
            total += office_points(cn[co + CAT_OFFICE] + no) - office_points(cn[co + CAT_OFFICE])
        self.bnf = nf
        self.bnh = nh
        self.bothers = others
        return total
