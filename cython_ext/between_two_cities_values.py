"""Between Two Cities heuristic, values layer: the kernel's ``move_values`` (rollout policy, progressive bias).

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

A placement's value is bounded per cell for the greedy move (:meth:`bound_base`,
:meth:`bound_finish`, with ``between_two_cities_cell_gain``), by ``place_value``'s own
steps.  Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; the kernel's ``move_values`` delegates here (through ``between_two_cities_policy``).
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .between_two_cities_prepared import BetweenTwoCitiesPrepared

if not cython.compiled:
    from .between_two_cities_encoding import (
        ASSIGN_BASE, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, HALF, KM, NCELL,
        PH_CHOOSE, PH_PLACE, PLACE_BASE, TILE)
    from .between_two_cities_pieces import NCOUNT
    from .between_two_cities_scoring import office_points, tavern_points
    from .kernel import ptr

WEAK = cython.declare(cython.double, 1.5)
HOUSE_FUTURE = cython.declare(cython.double, 0.5)


@cython.cclass
class BetweenTwoCitiesValues(BetweenTwoCitiesPrepared):
    """The heuristic's values of placements and draft pairs (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        BetweenTwoCitiesPrepared.__init__(self, nc)
        self.before = numpy.zeros(2, dtype=numpy.intc)
        self.kv = numpy.zeros(2 * KM, dtype=numpy.float64)
        self.need = numpy.zeros(KM, dtype=numpy.intc)
        self.kl = numpy.zeros(KM, dtype=numpy.intc)
        self.nk = 0

    def values(self, k, buf, seat, moves, n, out):
        """``out[i]``: the value of ``moves[i]`` for ``seat`` (see the module docstring); returns 1."""
        i: cython.int
        m: cython.int
        a: cython.int
        b: cython.int
        side: cython.int
        c: cython.int
        ph: cython.int = buf[k.O_PHASE]
        duplex: cython.int
        w0: cython.double
        w1: cython.double
        if seat < 0 or (ph != PH_PLACE and ph != PH_CHOOSE):
            for i in range(n):
                out[i] = 0.0
            return 1
        duplex = k.t_rkind[buf[k.O_ROUND]]
        if ph == PH_PLACE:
            self.begin_place(k, buf, seat)
            for i in range(n):
                m = moves[i]
                out[i] = self.place_value(k, ptr(buf), seat, m) if PLACE_BASE <= m < ASSIGN_BASE else 0.0
            return 1
        self.nk = 0
        for i in range(n):  # only the kinds these pairs hold are valued (a hand holds few of them)
            self.need_kind(moves[i] // KM)
            self.need_kind(moves[i] % KM)
        for side in range(2):
            c = k.cityt[2 * seat + side]
            self.prepare(k, buf, c)
            self.before[side] = self.score[c]
            self.kind_values(k, c, side, duplex)
        for i in range(self.nk):
            self.need[self.kl[i]] = 0
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

    def begin_place(self, k, buf, seat):
        """Set up :meth:`place_value` for ``seat``: both its cities prepared, their scores in ``before``."""
        side: cython.int
        c: cython.int
        for side in range(2):
            c = k.cityt[2 * seat + side]
            self.prepare(k, buf, c)
            self.before[side] = self.score[c]
        self.fcok = 0  # every city's factories: counted at the first factory valued

    def place_value(self, k, b, seat, move):
        """Points placement ``move`` adds to its city now (weighted), plus a house's future."""
        m: cython.int = move - PLACE_BASE
        x: cython.int = m % NCELL
        slot: cython.int = m // NCELL // 2
        side: cython.int = m // NCELL % 2
        c: cython.int = k.cityt[2 * seat + side]
        kind: cython.int = b[k.O_PEND + seat * 4 + slot]
        nf: cython.int = 0
        nh: cython.int = 0
        nn: cython.int = 1
        i: cython.int
        mi: cython.int
        cat: cython.int
        val: cython.double
        if kind < 0:
            return 0.0
        if k.t_rkind[b[k.O_ROUND]]:
            nn = 2
            self.newx[0] = x
            self.newx[1] = x + 1
            self.newc[0] = HALF + k.t_dleft[kind]
            self.newc[1] = HALF + k.t_dright[kind]
        else:
            self.newx[0] = x
            self.newc[0] = TILE + kind
        for i in range(nn):
            cat = k.t_kcat[(self.newc[i] - TILE) & 31]
            if cat == CAT_FACTORY:
                nf += 1
            elif cat == CAT_HOUSE:
                nh += 1
        mi = 2 * (((c * 2 + nn - 1) * KM + kind) * NCELL + x)
        if self.memo[mi] != self.ver[c]:  # the gain depends on the city alone: kept while it is unchanged
            self.memo[mi + 1] = self.gain(k, k.geo(b, c), c, nn)
            self.memo[mi] = self.ver[c]
        val = self.memo[mi + 1]
        if nf > 0:
            if not self.fcok:
                self.count_factories(k, b)
            val += self.factory_points(k, c, self.fc[c] + nf) - self.factory_points(k, c, self.fc[c])
        if nh > 0:
            val += nh * HOUSE_FUTURE * (5 - self.oth[c])
        if not k.TWOSTD and self.before[side] <= self.before[1 - side]:
            val *= WEAK
        return val

    def bound_base(self, k, b, seat, slot, side):
        """The part of :meth:`cell_single`'s (:meth:`cell_duplex`'s) answer that does not depend
        on the cell, for pending tile ``slot`` into ``seat``'s city on ``side`` (:meth:`base_gain`); and, as
        :meth:`place_value` adds them, the factory majority's change, a house's future and the
        weaker city's weight (kept for :meth:`bound_finish`).  The tile's halves go to ``bkind``
        and ``bcat``, their number to ``bn``."""
        c: cython.int = k.cityt[2 * seat + side]
        kind: cython.int = b[k.O_PEND + seat * 4 + slot]
        total: cython.int
        if k.t_rkind[b[k.O_ROUND]]:
            self.bn = 2
            self.bkind[0] = k.t_dleft[kind]
            self.bkind[1] = k.t_dright[kind]
        else:
            self.bn = 1
            self.bkind[0] = kind
        total = self.base_gain(k, c)
        self.bfd = 0
        if self.bnf > 0:
            if not self.fcok:
                self.count_factories(k, b)
            self.bfd = self.factory_points(k, c, self.fc[c] + self.bnf) - self.factory_points(k, c, self.fc[c])
        self.bhf = self.bnh * HOUSE_FUTURE * (5 - self.oth[c])
        self.bweak = 1 if not k.TWOSTD and self.before[side] <= self.before[1 - side] else 0
        return total

    def bound_finish(self, u):
        """A bound of the gain ``u`` made a bound of :meth:`place_value`, by its own steps in its
        own order (each step is monotone, so the bound stays above the value in floating point)."""
        val: cython.double = u
        if self.bnf > 0:
            val += self.bfd
        if self.bnh > 0:
            val += self.bhf
        if self.bweak:
            val *= WEAK
        return val

    @cython.final
    def need_kind(self, kind):
        """``kind`` into the kinds :meth:`kind_values` values (``kl``), once."""
        if not self.need[kind]:
            self.need[kind] = 1
            self.kl[self.nk] = kind
            self.nk += 1

    @cython.final
    def kind_values(self, k, c, side, duplex):
        """``kv[side * KM + kind]`` for every kind listed in ``kl`` (duplex types in a duplex
        round) from the counts of the prepared city ``c``, the seat's city on ``side``."""
        o: cython.int = c * NCOUNT
        i: cython.int
        kind: cython.int
        for i in range(self.nk):
            kind = self.kl[i]
            if duplex:
                self.kv[side * KM + kind] = (self.kind_value(k, o, k.t_dleft[kind])
                                             + self.kind_value(k, o, k.t_dright[kind]))
            else:
                self.kv[side * KM + kind] = self.kind_value(k, o, kind)

    @cython.final
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
