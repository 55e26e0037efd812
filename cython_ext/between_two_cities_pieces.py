"""Between Two Cities heuristic, base layer: every city in the pieces the heuristic reads.

The policy (``between_two_cities_policy``, the kernel's ``move_values`` and greedy
move) is built in layers, each its own module, each a ``cdef class`` on the one below:

* this module -- each city's pieces: cell codes and categories, counts, tile cells,
  free houses, types present, park groups, ``score_city``; their small readers (a
  cell's neighbours, a park group's flood) and every city's factories;
* ``between_two_cities_cell_gain`` -- a new tile's gain read from the cells next to its
  cell, exactly or as a bound;
* ``between_two_cities_gain`` -- what ``score_city`` gains from new tiles (``gain``), the
  per-tile terms it reads (``tile_term``), and the part of the gain that does not depend
  on the cell (``base_gain``);
* ``between_two_cities_prepared`` -- the pieces kept along a game (``prepare``, ``read``);
* ``between_two_cities_values`` -- the heuristic's values (placements, draft pairs);
* ``between_two_cities_policy`` -- the greedy move (``greedy_place``).

The pieces are filled by ``between_two_cities_prepared``.

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
    from .between_two_cities_encoding import CAT_FACTORY, CAT_PARK, CAT_TAVERN, KM, NCELL, TILE
    from .kernel import ptr


@cython.cclass
class BetweenTwoCitiesPieces:
    """Every city's pieces and their readers (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        nc = max(nc, 1)
        # every city as prepare() last read it (c * NCELL + cell, c * NCOUNT + count)
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
        self.stk = numpy.zeros(NCELL, dtype=numpy.intc)
        self.fc = numpy.zeros(nc, dtype=numpy.intc)
        self.fcode = numpy.full(nc * NCELL, -1, dtype=numpy.intc)  # each city as fc last counted it
        self.fdx = numpy.zeros(NCELL, dtype=numpy.intc)  # count_factories: the cells changed since
        self.fcok = 0

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

    @cython.final
    def count_factories(self, k, b):
        """Every city's factories into ``fc``: a city's count follows the cells that changed
        since it was last counted (``fcode``), so a rollout's new tile costs one cell, not a
        recount of the city (compiled: an unchanged city, one memcmp)."""
        c: cython.int
        i: cython.int
        n: cython.int
        x: cython.int
        v: cython.int
        w: cython.int
        fcode: cython.p_int = ptr(self.fcode)
        fdx: cython.p_int = ptr(self.fdx)
        for c in range(k.NC):
            if cython.compiled:
                if memcmp(cython.address(fcode[c * NCELL]), cython.address(b[k.O_CITY + c * NCELL]),
                          NCELL * cython.sizeof(cython.int)) == 0:
                    continue
            n = cells_differ(fcode, c * NCELL, b, k.O_CITY + c * NCELL, fdx, NCELL)
            for i in range(n):
                x = fdx[i]
                v = b[k.O_CITY + c * NCELL + x]
                w = fcode[c * NCELL + x]
                if v >= TILE and k.t_kcat[(v - TILE) & 31] == CAT_FACTORY:
                    self.fc[c] += 1
                if w >= TILE and k.t_kcat[(w - TILE) & 31] == CAT_FACTORY:
                    self.fc[c] -= 1
                fcode[c * NCELL + x] = v
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




def cells_differ(a, ao, b, bo, out, most):
    """The cells (``0 <= x < NCELL``) where the city at ``a[ao]`` and the one at ``b[bo]``
    differ, in order, into ``out``; their number, or ``most + 1`` once there are more than
    ``most`` (``out`` then holds the first ``most``).  Compiled, eight cells are compared at
    once and only a block that differs is read cell by cell: a rollout's city differs from
    the one kept by a tile or two, and the cell-by-cell scan was 6% of a default search."""
    n: cython.int = 0
    i: cython.int = 0
    j: cython.int
    w: cython.Py_ssize_t = 0  # a 64-bit index: gcc folds w + 2 into the load's address
    pa: cython.pointer[cython.const[cython.int]]  # the cities are read only (const in the .pxd)
    pb: cython.pointer[cython.const[cython.int]]
    w0: cython.ulonglong
    w1: cython.ulonglong
    w2: cython.ulonglong
    w3: cython.ulonglong
    v0: cython.ulonglong
    v1: cython.ulonglong
    v2: cython.ulonglong
    v3: cython.ulonglong
    if cython.compiled:  # scalar words, not arrays: gcc keeps them in registers
        pa = cython.address(a[ao])
        pb = cython.address(b[bo])
        while w + 8 <= NCELL:
            memcpy(cython.address(w0), cython.address(pa[w]), 8)
            memcpy(cython.address(w1), cython.address(pa[w + 2]), 8)
            memcpy(cython.address(w2), cython.address(pa[w + 4]), 8)
            memcpy(cython.address(w3), cython.address(pa[w + 6]), 8)
            memcpy(cython.address(v0), cython.address(pb[w]), 8)
            memcpy(cython.address(v1), cython.address(pb[w + 2]), 8)
            memcpy(cython.address(v2), cython.address(pb[w + 4]), 8)
            memcpy(cython.address(v3), cython.address(pb[w + 6]), 8)
            if ((w0 ^ v0) | (w1 ^ v1) | (w2 ^ v2) | (w3 ^ v3)) != 0:
                for j in range(w, w + 8):
                    if pa[j] != pb[j]:
                        if n == most:
                            return most + 1
                        out[n] = j
                        n += 1
            w += 8
        i = w
    for j in range(i, NCELL):
        if a[ao + j] != b[bo + j]:
            if n == most:
                return most + 1
            out[n] = j
            n += 1
    return n


def new_tiles(a, ao, b, bo, out, most):
    """:func:`cells_differ`'s cells into ``out`` and their number when there are at most
    ``most`` and each is a tile in ``b`` on a cell empty in ``a`` (a rollout's placements since
    ``a`` was kept); else -1 (read the city afresh)."""
    i: cython.int
    n: cython.int = cells_differ(a, ao, b, bo, out, most)
    if n > most:
        return -1
    for i in range(n):
        if a[ao + out[i]] >= TILE or b[bo + out[i]] < TILE:
            return -1
    return n


def differing_cells(a, ao: cython.int, b, bo: cython.int, most: cython.int) -> list:
    """:func:`cells_differ` of the int arrays ``a`` and ``b`` at those offsets: the cells it
    reports, then its answer (their number, or ``most + 1``).  Tests compare it with numpy and
    the two modes with each other."""
    out = numpy.zeros(max(most, 1), dtype=numpy.intc)
    n: cython.int = cells_differ(ptr(a), ao, ptr(b), bo, ptr(out), most)
    return [int(out[i]) for i in range(min(n, most))] + [n]


def kept_factories(policy, kernel, buf) -> list:
    """Every city's factories as ``policy`` counts them from ``buf`` (kept from its earlier calls)."""
    pol: BetweenTwoCitiesPieces = policy
    k: BetweenTwoCitiesRules = kernel
    pol.count_factories(k, ptr(buf))
    return [int(pol.fc[c]) for c in range(k.NC)]
