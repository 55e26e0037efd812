"""Between Two Cities heuristic, cell layer: a new tile's gain read from the cells next to it.

:meth:`cell_single` and :meth:`cell_duplex` are the part of ``gain``
(``between_two_cities_gain``) that depends on the cell, for the tile of ``base_gain``, read
from the cells next to it: exactly (``bexact`` 1), but for a shop next to shops, whose lines
are bounded (``shop_join_bounds``), and for duplex halves that are not each other's
neighbours, bounded by :meth:`cell_bound` (``bexact`` 0).  The two exact readers share the
terms (``own_term``, ``join_label``, ``parks_joined``); each keeps its own loop, because one
loop over a run-time number of halves costs 3% more instructions a search
(docs/performance.md, session 9).  The greedy move bounds every candidate cell so
(``between_two_cities_values.bound_base``), and a prepared city adds a new tile's score so
(``between_two_cities_prepared.add_tile``).  Compiled by Cython (declarations in the
``.pxd``) and run unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .between_two_cities_pieces import BetweenTwoCitiesPieces
from .between_two_cities_scoring import SHOP_PTS

if not cython.compiled:
    from .between_two_cities_scoring import civic_points, park_points
    from .between_two_cities_encoding import (
        CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, NCELL, TILE)
    from .between_two_cities_rules import BetweenTwoCitiesRules
    from .kernel import ptr

if cython.compiled:  # the shop table as a C array
    SHOP_PTS_P = cython.declare(cython.int[6], SHOP_PTS)
else:
    SHOP_PTS_P = SHOP_PTS


@cython.cclass
class BetweenTwoCitiesCellGain(BetweenTwoCitiesPieces):
    """What the cells next to a cell give (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        BetweenTwoCitiesPieces.__init__(self, nc)
        self.bcat = numpy.zeros(2, dtype=numpy.intc)
        self.bkind = numpy.zeros(2, dtype=numpy.intc)
        self.blab = numpy.zeros(8, dtype=numpy.intc)
        self.aff = numpy.zeros(16, dtype=numpy.intc)
        self.shopub = numpy.array(shop_join_bounds(), dtype=numpy.intc)

    def cell_single(self, k, g, c, x):
        """``gain``'s part that depends on cell ``x`` for the single tile of ``base_gain`` (its
        base counts a new house as ``others``): read from the cells next to it, exactly
        (``bexact`` 1) but for a shop next to shops, where ``shopub`` bounds it (``bexact`` 0).
        A neighbour changes only as the tile makes it: an office by a first tavern +1, a free
        house by a factory 1 instead of ``others``, a civic building by a type it likes or
        dislikes its term with and without the tile; the new tile's own term from its
        neighbours' categories; the park groups it joins."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        plab: cython.p_int = ptr(self.plab)
        blab: cython.p_int = ptr(self.blab)
        cat: cython.int = self.bcat[0]
        kind: cython.int = self.bkind[0]
        gb: cython.int = (g * NCELL + x) * 4
        total: cython.int = 0
        nl: cython.int = 0
        mask: cython.int = 0
        d: cython.int
        y: cython.int
        cy: cython.int
        ky: cython.int
        self.bexact = 1
        for d in range(4):
            y = k.t_nb[gb + d]
            if y < 0 or ct[o + y] < 0:
                continue
            cy = ct[o + y]
            mask |= 1 << cy
            # the four neighbours are four cells (mat_geometry; tests check it): each read once
            if cy == CAT_CIVIC:
                ky = (code[o + y] - TILE) & 31
                if cat == k.t_like1[ky] or cat == k.t_like2[ky] or cat == k.t_dislike[ky]:
                    total += self.civic_change(k, g, o, y, ky, x)
            elif cy == CAT_OFFICE:
                if cat == CAT_TAVERN and not self.next_to(k, g, o, y, CAT_TAVERN):
                    total += 1
            elif cy == CAT_HOUSE:
                if cat == CAT_FACTORY and not self.next_to(k, g, o, y, CAT_FACTORY):
                    total += 1 - self.bothers
            elif cy == CAT_PARK and cat == CAT_PARK:
                nl = join_label(blab, nl, plab[o + y])
        total += own_term(k, cat, kind, mask, self.bothers)
        if cat == CAT_PARK:
            total += parks_joined(self, o, nl, 1)
        elif cat == CAT_SHOP:
            if mask & (1 << CAT_SHOP):
                self.bexact = 0
                total += max(self.shopub[self.shop_run(k, g, o, x, 2) * 5 + self.shop_run(k, g, o, x, 3)],
                             self.shopub[self.shop_run(k, g, o, x, 0) * 5 + self.shop_run(k, g, o, x, 1)])
            else:
                total += self.shopub[0]
        return total

    def cell_duplex(self, k, g, c, x):
        """:meth:`cell_single` for the duplex tile of ``base_gain`` on ``x`` and ``x + 1``
        (each half a neighbour of the other: else :meth:`cell_bound`): every tile next to a half
        once, its term with the halves and without (``near_new``), each half's own term from
        its neighbours and the other half, the park groups a park half joins (both halves
        parks: one group); a shop half next to a shop is bounded (``bexact`` 0)."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        plab: cython.p_int = ptr(self.plab)
        blab: cython.p_int = ptr(self.blab)
        aff: cython.p_int = ptr(self.aff)
        total: cython.int = 0
        nl: cython.int = 0
        na: cython.int = 0
        npark: cython.int = 0
        nshop: cython.int = 0
        near: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        y: cython.int
        cy: cython.int
        ky: cython.int
        cat: cython.int
        oc: cython.int
        kind: cython.int
        mask: cython.int
        if k.t_nb[(g * NCELL + x) * 4 + 3] != x + 1 or k.t_nb[(g * NCELL + x + 1) * 4 + 2] != x:
            self.bexact = 0
            return self.cell_bound(k, g, c, x)
        self.bexact = 1
        for i in range(2):
            cat = self.bcat[i]
            oc = self.bcat[1 - i]
            kind = self.bkind[i]
            mask = 1 << oc
            for d in range(4):
                y = k.t_nb[(g * NCELL + x + i) * 4 + d]
                if y < 0 or ct[o + y] < 0:
                    continue
                cy = ct[o + y]
                mask |= 1 << cy
                if cat == CAT_PARK and cy == CAT_PARK:
                    nl = join_label(blab, nl, plab[o + y])
                elif cat == CAT_SHOP and cy == CAT_SHOP:
                    near = 1
                for j in range(na):
                    if aff[j] == y:
                        break
                else:
                    aff[na] = y
                    na += 1
            total += own_term(k, cat, kind, mask, self.bothers)
            if cat == CAT_PARK:
                npark += 1
            elif cat == CAT_SHOP:
                nshop += 1
        for j in range(na):
            y = aff[j]
            cy = ct[o + y]
            if cy == CAT_CIVIC:
                ky = (code[o + y] - TILE) & 31
                total += self.civic_change(k, g, o, y, ky, x)
            elif cy == CAT_OFFICE:
                total += self.near_new(k, g, o, y, x, CAT_TAVERN) - self.next_to(k, g, o, y, CAT_TAVERN)
            elif cy == CAT_HOUSE:
                if not self.next_to(k, g, o, y, CAT_FACTORY) and self.near_new(k, g, o, y, x, CAT_FACTORY):
                    total += 1 - self.bothers
        if npark > 0:
            total += parks_joined(self, o, nl, npark)
        if near:  # a shop half by a shop: bounded as cell_bound bounds it
            self.bexact = 0
            total += nshop * self.shopub[24]
        elif nshop == 2:
            total += SHOP_PTS_P[2]  # the two halves alone: a line of two
        elif nshop == 1:
            total += SHOP_PTS_P[1]
        return total

    @cython.final
    def near_new(self, k, g, o, y, x, cat):
        """1 if a neighbour of ``y`` holds a tile of ``cat`` once the duplex halves of :meth:`base_gain` are on ``x``, ``x + 1``."""
        d: cython.int
        z: cython.int
        cz: cython.int
        for d in range(4):
            z = k.t_nb[(g * NCELL + y) * 4 + d]
            if z < 0:
                continue
            cz = self.bcat[0] if z == x else (self.bcat[1] if z == x + 1 else self.ct[o + z])
            if cz == cat:
                return 1
        return 0

    @cython.final
    def civic_change(self, k, g, o, y, ky, x):
        """How the term of the civic building of kind ``ky`` at ``y`` changes with the tile of
        :meth:`base_gain` on ``x`` (a duplex: its halves on ``x``, ``x + 1``)."""
        gb: cython.int = (g * NCELL + y) * 4
        d: cython.int
        z: cython.int
        cz: cython.int
        old: cython.int
        bad: cython.int = 0
        h1: cython.int = 0
        h2: cython.int = 0
        nbad: cython.int = 0
        n1: cython.int = 0
        n2: cython.int = 0
        for d in range(4):
            z = k.t_nb[gb + d]
            if z < 0:
                continue
            old = 1
            cz = self.ct[o + z]
            if z == x:
                cz = self.bcat[0]
                old = 0
            elif z == x + 1 and self.bn == 2:
                cz = self.bcat[1]
                old = 0
            if cz < 0:
                continue
            if cz == k.t_dislike[ky]:
                nbad = 1
                bad |= old
            if cz == k.t_like1[ky]:
                n1 = 1
                h1 |= old
            if cz == k.t_like2[ky]:
                n2 = 1
                h2 |= old
        return civic_points(nbad, n1 + n2) - civic_points(bad, h1 + h2)

    @cython.final
    def shop_run(self, k, g, o, x, d):
        """How many shops (at most 4) follow one another from ``x`` in direction ``d`` on the prepared city at ``o``."""
        n: cython.int = 0
        y: cython.int = k.t_nb[(g * NCELL + x) * 4 + d]
        while y >= 0 and n < 4 and self.ct[o + y] == CAT_SHOP:
            n += 1
            y = k.t_nb[(g * NCELL + y) * 4 + d]
        return n

    @cython.final
    def cell_bound(self, k, g, c, x):
        """For duplex halves on ``x`` and ``x + 1`` that are not each other's neighbours, a
        bound of :meth:`cell_duplex`'s part, read from the categories next to each half, never
        below what ``gain`` finds there.  A new office: 1 by a tavern; a new civic building: 1,
        3 or 6 as its neighbours (and the other half) allow, 1 by one it dislikes; an office
        next door gains at most 1 from a new tavern, a civic building next door at most 3 from
        a type it likes (6 - 3 for the second like), a house next door never gains (the free
        houses' gain is in the base); parks: the groups joined, exact, plus 9 (two groups of 3
        or more score 9 more than one); a shop: 2 alone, else the most any shop can add.  Not
        :meth:`cell_duplex`'s loop with a flag: these terms are counted per half and per listed
        neighbour, where ``cell_duplex`` reads each neighbour once."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        plab: cython.p_int = ptr(self.plab)
        blab: cython.p_int = ptr(self.blab)
        shopub: cython.p_int = ptr(self.shopub)
        total: cython.int = 0
        nl: cython.int = 0
        npark: cython.int = 0
        i: cython.int
        d: cython.int
        y: cython.int
        cy: cython.int
        ky: cython.int
        cat: cython.int
        oc: cython.int
        kind: cython.int
        near: cython.int
        bad: cython.int
        h1: cython.int
        h2: cython.int
        gb: cython.int
        for i in range(2):
            cat = self.bcat[i]
            kind = self.bkind[i]
            oc = self.bcat[1 - i]
            gb = (g * NCELL + x + i) * 4
            near = 0
            bad = 0
            h1 = 0
            h2 = 0
            if cat == CAT_CIVIC:
                h1 = 1 if oc == k.t_like1[kind] else 0
                h2 = 1 if oc == k.t_like2[kind] else 0
            for d in range(4):
                y = k.t_nb[gb + d]
                if y < 0:
                    continue
                cy = ct[o + y]
                if cy < 0:
                    continue
                if cy == CAT_CIVIC:
                    ky = (code[o + y] - TILE) & 31
                    if cat == k.t_like1[ky] or cat == k.t_like2[ky]:
                        total += 3
                elif cy == CAT_OFFICE and cat == CAT_TAVERN:
                    total += 1
                if cat == CAT_CIVIC:
                    if cy == k.t_dislike[kind]:
                        bad = 1
                    if cy == k.t_like1[kind]:
                        h1 = 1
                    if cy == k.t_like2[kind]:
                        h2 = 1
                elif cat == CAT_OFFICE:
                    if cy == CAT_TAVERN:
                        near = 1
                elif cat == CAT_SHOP:
                    if cy == CAT_SHOP:
                        near = 1
                elif cat == CAT_PARK and cy == CAT_PARK:
                    nl = join_label(blab, nl, plab[o + y])
            if cat == CAT_OFFICE:
                if near or oc == CAT_TAVERN:
                    total += 1
            elif cat == CAT_CIVIC:
                total += civic_points(bad, h1 + h2)
            elif cat == CAT_PARK:
                npark += 1
            elif cat == CAT_SHOP:
                total += shopub[0] if not near and oc != CAT_SHOP else shopub[24]
        if npark > 0:
            total += parks_joined(self, o, nl, npark) + (9 if npark == 2 else 0)
        return total


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(k=BetweenTwoCitiesRules)  # not an annotation: that would add a None check at each call
def own_term(k, cat: cython.int, kind: cython.int, mask: cython.int, bothers: cython.int) -> cython.int:
    """What a new tile (or half) of ``kind`` and category ``cat`` gains for the categories
    ``mask`` next to it (bits), as ``gain`` scores it with a new house counted ``bothers``: an
    office 1 by a tavern, a house ``1 - bothers`` by a factory, a civic building its term."""
    if cat == CAT_OFFICE:
        return 1 if mask & (1 << CAT_TAVERN) else 0
    if cat == CAT_HOUSE:
        return 1 - bothers if mask & (1 << CAT_FACTORY) else 0
    if cat == CAT_CIVIC:
        return civic_points(1 if mask & (1 << k.t_dislike[kind]) else 0,
                            (1 if mask & (1 << k.t_like1[kind]) else 0) + (1 if mask & (1 << k.t_like2[kind]) else 0))
    return 0


def parks_joined(pol: BetweenTwoCitiesCellGain, o: cython.int, nl: cython.int, npark: cython.int) -> cython.int:
    """What ``npark`` new parks joined to the park groups ``pol.blab[:nl]`` of the prepared city
    at ``o`` add: one group of them all in place of those groups."""
    j: cython.int
    size: cython.int = npark
    total: cython.int = 0
    for j in range(nl):
        size += pol.gsz[o + pol.blab[j]]
        total -= park_points(pol.gsz[o + pol.blab[j]])
    return total + park_points(size)


def join_label(labs: cython.p_int, n: cython.int, lab: cython.int) -> cython.int:
    """The ``n`` distinct park labels at ``labs`` with ``lab`` added if it is not there yet: their number."""
    j: cython.int
    for j in range(n):
        if labs[j] == lab:
            return n
    labs[n] = lab
    return n + 1


def shop_join_bounds() -> list:
    """``[w * 5 + e]``: the most a shop can add to the best shop lines when ``w`` shops (at most 4)
    run from it one way and ``e`` the other: in the best lines with it, it lies in a line of
    ``a + 1 + b`` (``a <= w``, ``b <= e``, 5 at most); without it that line is two lines of ``a``
    and ``b``, so the best lines without it score at least ``SHOP_PTS[a + b + 1] - SHOP_PTS[a] -
    SHOP_PTS[b]`` less.  ``[0]``: a shop alone; ``[24]``: the most any shop can add."""
    return [max(SHOP_PTS[a + b + 1] - SHOP_PTS[a] - SHOP_PTS[b]
                for a in range(w + 1) for b in range(e + 1) if a + b < 5)
            for w in range(5) for e in range(5)]
