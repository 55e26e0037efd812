"""Between Two Cities heuristic: the kernel's ``move_values`` (rollout policy, progressive bias).

A seat's score is the lower of its two cities, so every value below is
weighted ``WEAK`` (1.5) for the seat's weaker city (by the building points so
far) and 1 for the other (both 1 in the 2-player standard game, scored by the
sum).

* Placement (``PH_PLACE``): the points the tile adds to its city now --
  every building type as :meth:`score_city` counts it (the city scored with
  the tile written in), plus the factory majority against the other cities'
  factory counts -- and, for a house, ``HOUSE_FUTURE`` (0.5) per building type
  the city still lacks (a house's value grows with the variety to come).
* Draft pick (``PH_CHOOSE``, a pair ``a <= b``): the two tiles' values for the
  seat's two cities, given the better of the two ways to send one tile to
  each city (as the placement rule does).  A tile's value for a city is read
  from its counts, not its geometry: a factory 3, a shop 2 (3.5 once the city
  has one: a line can grow), a park 2 (5 next to the first: a pair), a
  civic building 3, a tavern and an office the points their set gains, a house
  the types it counts now plus ``HOUSE_FUTURE`` for each missing one; plus one
  point per house for a type the city lacks.  A duplex tile: its two halves.
* Every other move (assigning Jamey's tiles): 0.

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; the kernel's ``move_values`` delegates here.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

if not cython.compiled:
    from .between_two_cities_encoding import (
        ASSIGN_BASE, CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, HALF, KM,
        NCELL, PH_CHOOSE, PH_PLACE, PLACE_BASE, TILE)
    from .between_two_cities_scoring import office_points, tavern_points
    from .kernel import ptr

WEAK = cython.declare(cython.double, 1.5)
HOUSE_FUTURE = cython.declare(cython.double, 0.5)
NCOUNT = cython.declare(cython.int, 11)  # cnt: 7 categories, then 4 tavern kinds


@cython.cclass
class BetweenTwoCitiesPolicy:
    """Scratch and code of the heuristic; one per kernel (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        self.cell = numpy.zeros(NCELL, dtype=numpy.intc)
        self.before = numpy.zeros(2, dtype=numpy.intc)
        self.fc = numpy.zeros(max(nc, 1), dtype=numpy.intc)
        self.cnt = numpy.zeros(2 * NCOUNT, dtype=numpy.intc)
        self.kv = numpy.zeros(2 * KM, dtype=numpy.float64)

    def values(self, k, buf, seat, moves, n, out):
        """``out[i]``: the value of ``moves[i]`` for ``seat`` (see the module docstring); returns 1."""
        i: cython.int
        m: cython.int
        a: cython.int
        b: cython.int
        side: cython.int
        c: cython.int
        x: cython.int
        v: cython.int
        ph: cython.int = buf[k.O_PHASE]
        duplex: cython.int
        w0: cython.double
        w1: cython.double
        if seat < 0 or (ph != PH_PLACE and ph != PH_CHOOSE):
            for i in range(n):
                out[i] = 0.0
            return 1
        duplex = k.t_rkind[buf[k.O_ROUND]]
        for side in range(2):
            c = k.city_of(seat, side)
            self.before[side] = k.score_city(ptr(buf), k.O_CITY + c * NCELL, k.geo(ptr(buf), c))
            self.kind_values(k, buf, seat, side, duplex, ph == PH_CHOOSE)
        if ph == PH_PLACE:
            for c in range(k.NC):
                self.fc[c] = 0
                for x in range(NCELL):
                    v = buf[k.O_CITY + c * NCELL + x]
                    if v >= TILE and k.t_kcat[(v - TILE) & 31] == CAT_FACTORY:
                        self.fc[c] += 1
            for i in range(n):
                m = moves[i]
                out[i] = self.place_value(k, buf, seat, m) if PLACE_BASE <= m < ASSIGN_BASE else 0.0
            return 1
        w0 = 1.0
        w1 = 1.0
        if not k.TWOSTD:
            if self.before[0] <= self.before[1]:
                w0 = WEAK
            if self.before[1] <= self.before[0]:
                w1 = WEAK
        for i in range(n):
            m = moves[i]
            a = m // KM
            b = m % KM
            out[i] = max(w0 * self.kv[a] + w1 * self.kv[KM + b], w0 * self.kv[b] + w1 * self.kv[KM + a])
        return 1

    def place_value(self, k, buf, seat, move):
        """Points placement ``move`` adds to its city now (weighted), plus a house's future."""
        m: cython.int = move - PLACE_BASE
        x: cython.int = m % NCELL
        slot: cython.int = m // NCELL // 2
        side: cython.int = m // NCELL % 2
        c: cython.int = k.city_of(seat, side)
        kind: cython.int = buf[k.O_PEND + seat * 4 + slot]
        base: cython.int = k.O_CITY + c * NCELL
        y: cython.int
        nf: cython.int = 0
        nh: cython.int = 0
        others: cython.int = 0
        i: cython.int
        cat: cython.int
        val: cython.double
        if kind < 0:
            return 0.0
        for y in range(NCELL):
            self.cell[y] = buf[base + y]
        if k.t_rkind[buf[k.O_ROUND]]:
            self.cell[x] = HALF + k.t_dleft[kind]
            self.cell[x + 1] = HALF + k.t_dright[kind]
        else:
            self.cell[x] = TILE + kind
        for y in range(x, x + 2):
            if y == x or k.t_rkind[buf[k.O_ROUND]]:
                cat = k.t_kcat[(self.cell[y] - TILE) & 31]
                if cat == CAT_FACTORY:
                    nf += 1
                elif cat == CAT_HOUSE:
                    nh += 1
        val = k.score_city(ptr(self.cell), 0, k.geo(ptr(buf), c)) - self.before[side]
        if nf > 0:
            val += self.factory_points(k, c, self.fc[c] + nf) - self.factory_points(k, c, self.fc[c])
        if nh > 0:
            for i in range(5):
                if self.cnt[side * NCOUNT + i] > 0:
                    others += 1
            val += nh * HOUSE_FUTURE * (5 - others)
        if not k.TWOSTD and self.before[side] <= self.before[1 - side]:
            val *= WEAK
        return val

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

    def kind_values(self, k, buf, seat, side, duplex, values):
        """The city's counts into ``cnt[side * NCOUNT ...]``, and with ``values``
        ``kv[side * KM + kind]`` for every kind (duplex types in a duplex round)."""
        c: cython.int = k.city_of(seat, side)
        base: cython.int = k.O_CITY + c * NCELL
        o: cython.int = side * NCOUNT
        i: cython.int
        x: cython.int
        v: cython.int
        kind: cython.int
        for i in range(NCOUNT):
            self.cnt[o + i] = 0
        for x in range(NCELL):
            v = buf[base + x]
            if v >= TILE:
                kind = (v - TILE) & 31
                self.cnt[o + k.t_kcat[kind]] += 1
                if k.t_kcat[kind] == CAT_TAVERN:
                    self.cnt[o + 7 + k.t_ktav[kind]] += 1
        if not values:  # placements read only the counts
            return
        for kind in range(k.NKD if duplex else k.NKB):
            if duplex:
                self.kv[side * KM + kind] = (self.kind_value(k, o, k.t_dleft[kind])
                                             + self.kind_value(k, o, k.t_dright[kind]))
            else:
                self.kv[side * KM + kind] = self.kind_value(k, o, kind)

    def kind_value(self, k, o, kind):
        """One tile of building ``kind`` for the city whose counts start at ``cnt[o]``."""
        cat: cython.int = k.t_kcat[kind]
        val: cython.double = 3.0
        i: cython.int
        n: cython.int
        others: cython.int = 0
        if cat == CAT_SHOP:
            val = 3.5 if self.cnt[o + CAT_SHOP] > 0 else 2.0
        elif cat == CAT_PARK:
            val = 5.0 if self.cnt[o + CAT_PARK] % 2 == 1 else 2.0
        elif cat == CAT_TAVERN:
            val = -tavern_points(ptr(self.cnt), o + 7)
            self.cnt[o + 7 + k.t_ktav[kind]] += 1
            val += tavern_points(ptr(self.cnt), o + 7)
            self.cnt[o + 7 + k.t_ktav[kind]] -= 1
        elif cat == CAT_OFFICE:
            n = self.cnt[o + CAT_OFFICE]
            val = office_points(n + 1) - office_points(n)
            if self.cnt[o + CAT_TAVERN] > 0:
                val += 0.5
        elif cat == CAT_HOUSE:
            for i in range(5):
                if self.cnt[o + i] > 0:
                    others += 1
            val = others + HOUSE_FUTURE * (5 - others)
        if cat < 5 and self.cnt[o + cat] == 0:
            val += self.cnt[o + CAT_HOUSE]
        return val
