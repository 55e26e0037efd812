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

The pieces are filled by ``between_two_cities_prepared``.  Every layer's scratch arrays
are views of one block (:func:`scratch_block`), laid out in the order the policy had
before its split into layers.

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
    from .between_two_cities_placement import INFO
    from .kernel import ptr

# Every layer's scratch arrays as (name, length, length per city, item, fill), in the order
# the policy allocated them before its split into layers (d580186): views of one block
# (scratch_block), because the split's own order, each layer's arrays after its base's,
# cost 1-5% CPU time in L1 write misses (docs/performance.md, sessions 9 and 10).
SCRATCH = (
    ("before", 2, 0, "i", 0), ("fc", 0, 1, "i", 0), ("fcode", 0, NCELL, "i", -1),
    ("kv", 2 * KM, 0, "d", 0), ("need", KM, 0, "i", 0), ("cnt", 0, NCOUNT, "i", 0),
    ("code", 0, NCELL, "i", 0), ("ct", 0, NCELL, "i", -1), ("tl", 0, NCELL, "i", 0),
    ("plab", 0, NCELL, "i", -1), ("gsz", 0, NCELL, "i", 0), ("nfree", 0, 1, "i", 0),
    ("oth", 0, 1, "i", 0), ("score", 0, 1, "i", 0), ("geoc", 0, 1, "i", -1), ("ntl", 0, 1, "i", 0),
    ("ver", 0, 1, "i", 1), ("memo", 0, 4 * KM * NCELL, "i", 0), ("nlab", 0, 1, "i", 0),
    ("dx", 4, 0, "i", 0), ("newx", 2, 0, "i", 0), ("newc", 2, 0, "i", 0), ("oldc", 2, 0, "i", 0),
    ("aff", 16, 0, "i", 0), ("lab", 16, 0, "i", 0), ("seen5", 5, 0, "i", 0), ("tav", 4, 0, "i", 0),
    ("vis", NCELL, 0, "i", 0), ("vl", NCELL, 0, "i", 0), ("stk", NCELL, 0, "i", 0),
    ("sh", NCELL, 0, "i", 0), ("lines", NCELL * 5, 0, "i", 0), ("gslot", 8, 0, "i", 0),
    ("gside", 8, 0, "i", 0), ("inplay", 2, 0, "i", 0), ("ncand", 2, 0, "i", 0),
    ("cand0", NCELL, 0, "i", 0), ("cand1", NCELL, 0, "i", 0), ("info0", INFO, 0, "i", 0),
    ("info1", INFO, 0, "i", 0), ("cinfo", 0, INFO, "i", 0), ("chk", 2 * NCELL, 0, "i", 0),
    ("em", 8 * NCELL, 0, "i", 0), ("ti", 8 * NCELL, 0, "i", 0), ("ev", 8 * NCELL, 0, "d", 0),
    ("ub", 8 * NCELL, 0, "d", 0), ("done", 8 * NCELL, 0, "i", 0), ("bcat", 2, 0, "i", 0),
    ("bkind", 2, 0, "i", 0), ("blab", 8, 0, "i", 0), ("shopub", 25, 0, "i", 0))


def scratch_block(nc) -> dict:
    """``SCRATCH``'s arrays for ``nc`` cities (at least 1), each a view of one zeroed block
    at a 16-byte boundary (as malloc placed the separate arrays), filled as listed."""
    n = max(nc, 1)
    sizes = [(base + per * n) * (8 if item == "d" else 4) for _, base, per, item, _ in SCRATCH]
    block = numpy.zeros(sum((s + 15) // 16 * 16 for s in sizes) + 16, dtype=numpy.uint8)
    o = (-block.ctypes.data) % 16
    parts = {}
    for (name, _, _, item, fill), s in zip(SCRATCH, sizes):
        part = block[o:o + s].view(numpy.float64 if item == "d" else numpy.intc)
        part[:] = fill
        parts[name] = part
        o += (s + 15) // 16 * 16
    return parts


@cython.cclass
class BetweenTwoCitiesPieces:
    """Every city's pieces and their readers (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        p = self.parts = scratch_block(nc)  # every layer takes its arrays from here
        self.code = p["code"]
        self.ct = p["ct"]
        self.tl = p["tl"]
        self.plab = p["plab"]
        self.gsz = p["gsz"]
        self.cnt = p["cnt"]
        self.ntl = p["ntl"]
        self.nlab = p["nlab"]
        self.nfree = p["nfree"]
        self.oth = p["oth"]
        self.score = p["score"]
        self.geoc = p["geoc"]
        self.ver = p["ver"]
        self.memo = p["memo"]
        self.stk = p["stk"]
        self.fc = p["fc"]
        self.fcode = p["fcode"]
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

