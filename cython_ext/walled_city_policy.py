"""The Walled City heuristic: the kernel's ``move_values`` (rollout policy, progressive bias).

Votes come from majorities: places in each neighbourhood (5/3/2/0, each
changed by its survey chits), each faction's value to the owner with most
citizens beside its dice, and each tower's defense cards to its most
watchmen.  So every value below is a change of majorities, read from the
buffer once per call: citizens and nobles per *unit* and owner, where a unit
is an area in round 1 (the roads still to come will cut most areas off
alone) and a neighbourhood in round 2 (the roads are all built), with the
unit's faction symbols and chits.

* ``gain(u, c)``: settling ``c`` citizens of the seat in unit ``u`` -- its
  place votes after minus before (as the count splits them, nobles breaking
  ties), less the mean change of the other owners' (taking a place costs the
  owner who held it), plus the unit's faction symbols times the change in
  the seat's lead there (1 alone on top, 1/2 level on top).  A unit the seat
  already holds gains little, a contested one most.
* Construct (``P_LOC``): a road, ``gain`` of 2 citizens on the better area of
  each side; a wall, ``gain`` of 3 in its neighbourhood plus 1/2 per own
  noble there (up to 2) that could be promoted.
* Card (``P_CARD``): its two numbers summed (citizens to settle).
* Split (``P_SPLIT``): round 1, ``gain`` of each number on its side; round 2,
  ``gain`` of the settled half plus ``PROMOTE`` per own noble the other half
  could promote (those there and those being settled).
* Nobles (``P_N1``/``P_N2``, how many of the citizens are nobles): nobles
  spent in proportion to the supply (``-|k - target| / 2``), plus 1 for at
  least one noble where the seat then ties a rival's count (nobles break the
  tie); in round 2 plus 1/2 per noble the promote step may move.
* Promote (``P_PROMOTE``): the change in the seat's tower lead (1 alone on
  top, 1/2 level) times the tower's stake (``TOWER`` per filled adjacent
  defense zone, plus 1), plus 1/4 for one of its own; stopping is 0.
* Adjust (``P_ADJUST``): a die +1 when the seat leads that faction's
  majority (-1 when a rival does), -1 the other way round; flipping a chit
  ``-2 * chit`` for the seat if it has citizens in the chit's unit, less the
  mean for the rivals present; no adjustment 0.
* Defense card (``P_DCARD``): round 1, minus its numbers (the citizens it
  would have settled in round 2; the zone pays whoever wins the tower);
  round 2 its numbers.  Zone (``P_DZONE``): each number times the seat's
  lead in the tower it faces (+1 alone on top, -1 behind).
* Everything else (starting roads, guild choice, activating a power, the
  powers' own steps, ending a turn): 0, so the rollout policy draws among
  them at random.

Reads only the public board, the seat's own pieces and the card the seat is
placing (``sel_card``); never a hand or a face-down defense card.  Compiled
by Cython (declarations in the ``.pxd``) and run unchanged as plain Python;
the kernel's ``move_values`` delegates here.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

if not cython.compiled:
    from .kernel import ptr
    from .walled_city_board import (CHIT_BASE, K, MAXA, MAXO, NDICE, NF, OWN, P_ADJUST, P_CARD, P_DCARD, P_DZONE,
                                    P_LOC, P_N1, P_N2, P_PROMOTE, P_SPLIT)

ROAD_C = cython.declare(cython.int, 2)   # citizens a road is valued for on each side
WALL_C = cython.declare(cython.int, 3)   # citizens a wall is valued for
PROMOTE = cython.declare(cython.double, 1.0)
TOWER = cython.declare(cython.double, 2.5)  # expected half of a defense card


@cython.cclass
class WalledCityPolicy:
    """Scratch and code of the heuristic; one per kernel (see the module docstring)."""

    def __init__(self) -> None:
        self.comp = numpy.zeros(MAXA, dtype=numpy.intc)
        self.ucnt = numpy.zeros(MAXA * MAXO, dtype=numpy.intc)
        self.unob = numpy.zeros(MAXA * MAXO, dtype=numpy.intc)
        self.udice = numpy.zeros(MAXA, dtype=numpy.intc)
        self.uchit = numpy.zeros(MAXA, dtype=numpy.intc)
        self.cnt = numpy.zeros(MAXO, dtype=numpy.intc)
        self.nob = numpy.zeros(MAXO, dtype=numpy.intc)
        self.add = numpy.zeros(MAXO, dtype=numpy.intc)
        self.fcnt = numpy.zeros(NF * MAXO, dtype=numpy.intc)
        self.fnob = numpy.zeros(NF * MAXO, dtype=numpy.intc)
        self.fmark = numpy.zeros(NF * MAXA, dtype=numpy.intc)

    def values(self, k, buf, seat, moves, n, out):
        """``out[i]``: the value of ``moves[i]`` for ``seat`` (see the module docstring); returns 1."""
        i: cython.int
        m: cython.int
        ph: cython.int = buf[k.o_phase]
        r2: cython.int = buf[k.o_round] == 2
        loc: cython.int = buf[k.o_sel_loc]
        c: cython.int
        a: cython.int
        bb: cython.int
        u: cython.int
        x: cython.int
        y: cython.int
        for i in range(n):
            out[i] = 0.0
        if seat < 0 or seat >= k.players:
            return 1
        if ph == P_CARD or ph == P_DCARD:
            for i in range(n):
                m = moves[i]
                if m < (OWN if ph == P_CARD else K):
                    out[i] = k.card_a[m] + k.card_b[m]
                    if ph == P_DCARD and not r2:
                        out[i] = -out[i]
            return 1
        if ph != P_LOC and ph != P_SPLIT and ph != P_N1 and ph != P_N2 and ph != P_PROMOTE \
                and ph != P_ADJUST and ph != P_DZONE:
            return 1
        self.units(k, buf, r2)
        if ph == P_LOC:
            for i in range(n):
                m = moves[i]
                if r2 and m < k.ng:
                    u = self.comp[buf[k.o_garea + m]]
                    out[i] = self.gain(k, seat, u, WALL_C) + 0.5 * min(self.unob[u * k.no + seat], 2)
                elif not r2 and m < k.np_:
                    out[i] = self.side_gain(k, buf, seat, m, 0, ROAD_C) + self.side_gain(k, buf, seat, m, 2, ROAD_C)
        elif ph == P_SPLIT:
            c = buf[k.o_sel_card]
            a = k.card_a[c]
            bb = k.card_b[c]
            for i in range(n):
                m = moves[i]
                if r2 and m < 2:
                    u = self.comp[buf[k.o_garea + loc]]
                    out[i] = self.gain(k, seat, u, a if m == 0 else bb) + PROMOTE * min(
                        bb if m == 0 else a, self.unob[u * k.no + seat] + min(a if m == 0 else bb, buf[k.o_nob + seat]))
                elif not r2 and m < 8:
                    x = buf[k.o_pside + loc * 4 + (m // 2) % 2]
                    y = buf[k.o_pside + loc * 4 + 2 + m % 2]
                    if m >= 4:
                        x, y = y, x
                    if x >= 0 and y >= 0:
                        out[i] = self.gain(k, seat, self.comp[x], a) + self.gain(k, seat, self.comp[y], bb)
        elif ph == P_N1 or ph == P_N2:
            self.noble_values(k, buf, seat, ph, moves, n, out)
        elif ph == P_PROMOTE:
            self.promote_values(k, buf, seat, moves, n, out)
        elif ph == P_ADJUST:
            self.adjust_values(k, buf, seat, moves, n, out)
        else:
            self.zone_values(k, buf, seat, moves, n, out)
        return 1

    def units(self, k, buf, r2):
        """Units (areas in round 1, neighbourhoods in round 2) into ``comp``, and per unit the
        citizens and nobles of each owner, its faction symbols and its chits."""
        a: cython.int
        o: cython.int
        u: cython.int
        d: cython.int
        no: cython.int = k.no
        if r2:
            k.comps_(ptr(buf), ptr(self.comp))
        else:
            for a in range(k.na):
                self.comp[a] = a
        for a in range(k.na):
            self.udice[a] = 0
            self.uchit[a] = 0
            for o in range(no):
                self.ucnt[a * no + o] = 0
                self.unob[a * no + o] = 0
        for a in range(k.na):
            u = self.comp[a]
            for o in range(no):
                self.ucnt[u * no + o] += buf[k.o_an + a * no + o] + buf[k.o_ap + a * no + o]
                self.unob[u * no + o] += buf[k.o_an + a * no + o]
        for d in range(NDICE):
            a = buf[k.o_dloc + d]
            if 0 <= a < k.na:
                self.udice[self.comp[a]] += buf[k.o_die_v + d]
        for d in range(k.nc):
            a = buf[k.o_cloc + d]
            if 0 <= a < k.na:
                self.uchit[self.comp[a]] += buf[k.o_chit + d]

    def side_gain(self, k, buf, seat, p, s, c):
        """The better ``gain`` of ``c`` citizens over the (one or two) areas of path ``p``'s side
        starting at ``s`` (0: side a, 2: side b); 0 when the side has none."""
        j: cython.int
        x: cython.int
        g: cython.double
        best: cython.double = 0.0
        found: cython.int = 0
        for j in range(s, s + 2):
            x = buf[k.o_pside + p * 4 + j]
            if x >= 0:
                g = self.gain(k, seat, self.comp[x], c)
                if not found or g > best:
                    best = g
                    found = 1
        return best

    def gain(self, k, seat, u, c):
        """Settling ``c`` citizens of ``seat`` in unit ``u``: its place votes' change less the
        other owners' mean change, plus the unit's symbols times the change of its lead."""
        o: cython.int
        no: cython.int = k.no
        before: cython.double
        after: cython.double
        rivals: cython.double = 0.0
        v: cython.double
        if c <= 0:
            return 0.0
        for o in range(no):
            self.cnt[o] = self.ucnt[u * no + o]
            self.nob[o] = self.unob[u * no + o]
            self.add[o] = 0
        k.place_split_(ptr(self.cnt), ptr(self.nob), self.uchit[u], ptr(self.add))
        before = self.lead(k, seat)
        for o in range(no):
            rivals -= self.add[o] if o != seat else 0
        v = -self.add[seat]
        for o in range(no):
            self.add[o] = 0
        self.cnt[seat] += c
        k.place_split_(ptr(self.cnt), ptr(self.nob), self.uchit[u], ptr(self.add))
        after = self.lead(k, seat)
        for o in range(no):
            rivals += self.add[o] if o != seat else 0
        v += self.add[seat]
        if no > 1:
            v -= rivals / (no - 1)
        return v + self.udice[u] * (after - before)

    def lead(self, k, seat):
        """1 when ``seat`` alone has most in ``cnt`` (nobles breaking ties), 1/2 level on top, else 0."""
        o: cython.int
        level: cython.int = 0
        if self.cnt[seat] <= 0:
            return 0.0
        for o in range(k.no):
            if o == seat:
                continue
            if self.cnt[o] > self.cnt[seat] or (self.cnt[o] == self.cnt[seat] and self.nob[o] > self.nob[seat]):
                return 0.0
            if self.cnt[o] == self.cnt[seat] and self.nob[o] == self.nob[seat]:
                level = 1
        return 0.5 if level else 1.0

    def noble_values(self, k, buf, seat, ph, moves, n, out):
        """How many of the citizens being settled are nobles (see the module docstring)."""
        i: cython.int
        o: cython.int
        m: cython.int
        no: cython.int = k.no
        cnt: cython.int = buf[k.o_sel_nx] if ph == P_N1 else buf[k.o_sel_ny]
        area: cython.int = buf[k.o_sel_x] if ph == P_N1 else buf[k.o_sel_y]
        nob: cython.int = buf[k.o_nob + seat]
        pea: cython.int = buf[k.o_pea + seat]
        u: cython.int
        tie: cython.int = 0
        mine: cython.int
        target: cython.double = cnt * nob / cython.cast(cython.double, nob + pea) if nob + pea > 0 else 0.0
        if area < 0 or area >= k.na:
            return
        u = self.comp[area]
        mine = self.ucnt[u * no + seat] + cnt
        for o in range(no):
            if o != seat and self.ucnt[u * no + o] == mine:
                tie = 1
        for i in range(n):
            m = moves[i]
            if m > cnt:
                continue
            out[i] = -0.5 * abs(m - target)
            if tie and m > 0:
                out[i] += 1.0
            if buf[k.o_round] == 2:
                out[i] += 0.5 * min(m, buf[k.o_sel_left])

    def tower_lead(self, k, buf, seat, t, extra):
        """``seat``'s lead in tower ``t`` (1 alone on top, 1/2 level, 0 not on top) with one more
        watchman of owner ``extra`` (-1: none)."""
        o: cython.int
        for o in range(k.no):
            self.cnt[o] = buf[k.o_tw + t * k.no + o] + (1 if o == extra else 0)
            self.nob[o] = 0
        return self.lead(k, seat)

    def tower_stake(self, k, buf, t):
        """What tower ``t`` is worth to win: 1, plus ``TOWER`` per filled defense zone beside it."""
        z: cython.int
        v: cython.double = 1.0
        for z in range(k.nz):
            if buf[k.o_zown + z] != 0 and (k.zone_tw[2 * z] == t or k.zone_tw[2 * z + 1] == t):
                v += TOWER
        return v

    def promote_values(self, k, buf, seat, moves, n, out):
        """Promoting owner ``o``'s noble to the wall's tower ``side`` (move ``1 + 2o + side``)."""
        i: cython.int
        m: cython.int
        o: cython.int
        t: cython.int
        loc: cython.int = buf[k.o_sel_loc]
        for i in range(n):
            m = moves[i]
            if m <= 0 or m > 2 * k.no:
                continue
            o = (m - 1) // 2
            t = k.gap_tw[loc * 2 + (m - 1) % 2]
            out[i] = self.tower_stake(k, buf, t) * (
                self.tower_lead(k, buf, seat, t, o) - self.tower_lead(k, buf, seat, t, -1))
            if o == seat:
                out[i] += 0.25

    def adjust_values(self, k, buf, seat, moves, n, out):
        """Raising or lowering a die by the seat's standing in its faction; flipping a chit."""
        i: cython.int
        m: cython.int
        d: cython.int
        f: cython.int
        a: cython.int
        u: cython.int
        o: cython.int
        no: cython.int = k.no
        ch: cython.int
        present: cython.int
        s: cython.double
        for i in range(NF * k.na):
            self.fmark[i] = 0
        for i in range(NF * no):
            self.fcnt[i] = 0
            self.fnob[i] = 0
        for d in range(NDICE):  # each faction's units, counted once
            a = buf[k.o_dloc + d]
            if 0 <= a < k.na:
                u = self.comp[a]
                f = buf[k.o_die_f + d]
                if not self.fmark[f * k.na + u]:
                    self.fmark[f * k.na + u] = 1
                    for o in range(no):
                        self.fcnt[f * no + o] += self.ucnt[u * no + o]
                        self.fnob[f * no + o] += self.unob[u * no + o]
        for i in range(n):
            m = moves[i]
            if 0 < m < CHIT_BASE:
                f = buf[k.o_die_f + (m - 1) // 2]
                for o in range(no):
                    self.cnt[o] = self.fcnt[f * no + o]
                    self.nob[o] = self.fnob[f * no + o]
                s = self.standing(k, seat)
                out[i] = s if m % 2 == 1 else -s
            elif CHIT_BASE <= m < CHIT_BASE + k.nc:
                a = buf[k.o_cloc + m - CHIT_BASE]
                if a < 0 or a >= k.na:
                    continue
                u = self.comp[a]
                ch = buf[k.o_chit + m - CHIT_BASE]
                present = 0
                for o in range(no):
                    if o != seat and self.ucnt[u * no + o] > 0:
                        present += 1
                out[i] = -2.0 * ch * ((1 if self.ucnt[u * no + seat] > 0 else 0) - present / cython.cast(cython.double, max(no - 1, 1)))

    def standing(self, k, seat):
        """1 when ``seat`` holds the majority in ``cnt``/``nob``, -1 when a rival does, 0 level or empty."""
        o: cython.int
        best: cython.int = -1
        for o in range(k.no):
            if o != seat and (best < 0 or self.cnt[o] > self.cnt[best]
                              or (self.cnt[o] == self.cnt[best] and self.nob[o] > self.nob[best])):
                best = o
        if best < 0:
            return 1.0 if self.cnt[seat] > 0 else 0.0
        if self.cnt[seat] > self.cnt[best] or (self.cnt[seat] == self.cnt[best] and self.nob[seat] > self.nob[best]):
            return 1.0
        if self.cnt[best] == 0 or (self.cnt[seat] == self.cnt[best] and self.nob[seat] == self.nob[best]):
            return 0.0
        return -1.0

    def zone_values(self, k, buf, seat, moves, n, out):
        """Placing the card ``sel_card`` in zone ``z`` turned ``ori`` (move ``2z + ori``)."""
        i: cython.int
        m: cython.int
        z: cython.int
        c: cython.int = buf[k.o_sel_card]
        first: cython.int
        second: cython.int
        for i in range(n):
            m = moves[i]
            z = m // 2
            if z >= k.nz:
                continue
            first = k.card_a[c] if m % 2 == 0 else k.card_b[c]
            second = k.card_b[c] if m % 2 == 0 else k.card_a[c]
            out[i] = first * self.tower_side(k, buf, seat, k.zone_tw[2 * z]) \
                + second * self.tower_side(k, buf, seat, k.zone_tw[2 * z + 1])

    def tower_side(self, k, buf, seat, t):
        """+1 when ``seat`` alone has most watchmen in tower ``t``, -1 when a rival does, 0 else."""
        o: cython.int
        if t < 0:
            return 0.0
        for o in range(k.no):
            self.cnt[o] = buf[k.o_tw + t * k.no + o]
            self.nob[o] = 0
        return self.standing(k, seat)
