"""Between Two Cities kernel, scoring layer: cities, districts, seats.

Every building type of one city (:meth:`score_city`, factories aside: their
majority needs all cities), the factory majority and the district cards
across cities (:meth:`city_scores`), and a seat's score (:meth:`scores`: the
lower of its two cities, or their sum in the 2-player standard game).  The
rulebook's terms (``tavern_points``, ``office_points``, ``park_points``,
``civic_points``) are module functions, written once here: the heuristic
(``between_two_cities_cell_gain`` ... ``_prepared``) and the bounds call them too.

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .between_two_cities_placement import BetweenTwoCitiesPlacement

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .between_two_cities_encoding import (
        CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, NCELL, TILE)
    from .kernel import RANK_KEYS, ptr

    globals().update(enum_constants(__file__))  # SHOP_MEMO

SHOP_PTS = (0, 2, 5, 10, 15, 20)   # a line of 1..5 shops
TAV_PTS = (0, 1, 4, 9, 17)         # a set of 1..4 different taverns
OFF_PTS = (0, 1, 3, 6, 10, 15)     # 1..5 offices (a set of six: 21, then the count restarts)
if cython.compiled:  # the same tables as C arrays
    SHOP_PTS_C = cython.declare(cython.int[6], SHOP_PTS)
    TAV_PTS_C = cython.declare(cython.int[5], TAV_PTS)
    OFF_PTS_C = cython.declare(cython.int[6], OFF_PTS)
else:
    SHOP_PTS_C, TAV_PTS_C, OFF_PTS_C = SHOP_PTS, TAV_PTS, OFF_PTS


@cython.cclass
class BetweenTwoCitiesScoring(BetweenTwoCitiesPlacement):
    """City and seat scores of the Between Two Cities kernel."""

    def __init__(self, cfg) -> None:
        BetweenTwoCitiesPlacement.__init__(self, cfg)
        self.cs = self.scratch(self.NC)
        self.fc = self.scratch(self.NC)
        self.region = self.scratch(self.NC)
        self.cat = self.scratch(NCELL)
        self.visited = self.scratch(NCELL)
        self.stack = self.scratch(NCELL)
        self.shops = self.scratch(NCELL)
        self.lines = self.scratch(NCELL * 5)
        self.present = self.scratch(7)
        self.tav = self.scratch(4)
        self.catn = self.scratch(self.NC * 7)
        self.tl = self.scratch(NCELL)
        self.pk = self.scratch(NCELL)
        self.shopkey = self.scratch(SHOP_MEMO * 4)
        self.shopval = self.scratch(SHOP_MEMO)
        for i in range(NCELL):
            self.cat[i] = -1  # score_city leaves every cell -1 when it returns

    def city_scores(self, buf, out):
        """Score of every city (all building types, districts included) into ``out``."""
        c: cython.int
        self.city_scores_c(buf, self.cs)
        for c in range(self.NC):
            out[c] = self.cs[c]

    @cython.final
    def city_scores_c(self, buf, out):
        """Every city's score into ``out``, and its tiles of each category into ``catn``."""
        NC: cython.int = self.NC; m1: cython.int = 0; m2: cython.int = 0
        c: cython.int; k: cython.int; f: cython.int; per: cython.int
        fc: cython.p_int = self.fc
        cn: cython.p_int = self.catn
        present: cython.p_int = self.present
        b: cython.p_int = ptr(buf)
        for c in range(NC):
            out[c] = self.score_city(b, self.O_CITY + c * NCELL, self.geo(b, c))
            for k in range(7):
                cn[c * 7 + k] = present[k]
            fc[c] = present[CAT_FACTORY]
        # factories: 4 each in the cities with the most, 3 with the second most, else 2
        for c in range(NC):
            m1 = max(m1, fc[c])
        for c in range(NC):
            if fc[c] < m1:
                m2 = max(m2, fc[c])
        for c in range(NC):
            f = fc[c]
            per = 4 if f == m1 else (3 if f == m2 else 2)
            out[c] += f * per
        if self.DIST and buf[self.O_DCARD + 5] >= 0:
            self.district_points(b, out)

    @cython.final
    def district_points(self, buf, out):
        """Add the three districts' points: 1st and 2nd largest region of its two categories.

        Tied firsts share both prizes (rounded down); tied seconds share the second.
        """
        NC: cython.int = self.NC
        i: cython.int; a: cython.int; b: cython.int; c: cython.int; p1: cython.int; p2: cython.int
        v1: cython.int; n1: cython.int; v2: cython.int; n2: cython.int
        size: cython.p_int = self.region
        for i in range(3):
            a = self.t_cardcat[buf[self.O_DCARD + 2 * i]]
            b = self.t_cardcat[buf[self.O_DCARD + 2 * i + 1]]
            for c in range(NC):
                size[c] = self.largest_region(buf, self.O_CITY + c * NCELL, self.geo(buf, c), a, b)
            p1 = self.t_dpts[2 * i]
            p2 = self.t_dpts[2 * i + 1]
            v1 = 0
            for c in range(NC):
                v1 = max(v1, size[c])
            if v1 == 0:
                continue
            n1 = 0
            for c in range(NC):
                if size[c] == v1:
                    n1 += 1
            if n1 > 1:
                for c in range(NC):
                    if size[c] == v1:
                        out[c] += (p1 + p2) // n1
                continue
            v2 = 0
            for c in range(NC):
                if size[c] < v1:
                    v2 = max(v2, size[c])
            n2 = 0
            for c in range(NC):
                if size[c] == v2:
                    n2 += 1
            for c in range(NC):
                if size[c] == v1:
                    out[c] += p1
                elif v2 > 0 and size[c] == v2:
                    out[c] += p2 // n2

    @cython.final
    def score_city(self, buf, base, g):
        """Every building type except factories (which need all cities) for the city at ``base``.

        Leaves the tiles of each category in ``present``.  Only the tile cells
        are visited after one pass over the board (``tl``); ``cat``, ``pk``
        and ``shops`` are -1, 0 and 0 on every other cell, and are put back so
        for the tile cells before returning.
        """
        x: cython.int; v: cython.int; kind: cython.int; d: cython.int; i: cython.int
        no: cython.int; others: cython.int; cx: cython.int; gb: cython.int; y: cython.int
        nextf: cython.int; l1: cython.int; l2: cython.int; dis: cython.int; h1: cython.int
        h2: cython.int; bad: cython.int; size: cython.int; top: cython.int; z: cython.int
        total: cython.int = 0
        nt: cython.int = 0
        m0: cython.uint = 0  # the shops' cells as three 27-bit words (the key of shop_points)
        m1: cython.uint = 0
        m2: cython.uint = 0
        cat: cython.p_int = self.cat
        seen: cython.p_int = self.pk
        stack: cython.p_int = self.stack
        sh: cython.p_int = self.shops
        present: cython.p_int = self.present
        tav: cython.p_int = self.tav
        tl: cython.p_int = self.tl
        for i in range(7):
            present[i] = 0
        for i in range(4):
            tav[i] = 0
        for x in range(NCELL):
            v = buf[base + x]
            if v >= TILE:
                kind = (v - TILE) & 31
                cx = self.t_kcat[kind]
                cat[x] = cx
                tl[nt] = x
                nt += 1
                present[cx] += 1
                if cx == CAT_TAVERN:
                    tav[self.t_ktav[kind]] += 1
        total += tavern_points(tav, 0)
        total += office_points(present[CAT_OFFICE])  # +1 each next to a tavern (below)
        others = 0  # the types a house counts: factory, shop, park, tavern, office
        for i in range(5):
            if present[i] > 0:
                others += 1
        for i in range(nt):
            x = tl[i]
            cx = cat[x]
            gb = (g * NCELL + x) * 4
            if cx == CAT_OFFICE:
                for d in range(4):
                    y = self.t_nb[gb + d]
                    if y >= 0 and cat[y] == CAT_TAVERN:
                        total += 1
                        break
            elif cx == CAT_HOUSE:
                nextf = 0
                for d in range(4):
                    y = self.t_nb[gb + d]
                    if y >= 0 and cat[y] == CAT_FACTORY:
                        nextf = 1
                total += 1 if nextf else others
            elif cx == CAT_CIVIC:
                kind = (buf[base + x] - TILE) & 31
                l1 = self.t_like1[kind]; l2 = self.t_like2[kind]; dis = self.t_dislike[kind]
                h1 = 0; h2 = 0; bad = 0
                for d in range(4):
                    y = self.t_nb[gb + d]
                    if y >= 0 and cat[y] >= 0:
                        if cat[y] == dis:
                            bad = 1
                        if cat[y] == l1:
                            h1 = 1
                        if cat[y] == l2:
                            h2 = 1
                total += civic_points(bad, h1 + h2)
            elif cx == CAT_PARK and not seen[x]:
                size = 0
                top = 1
                stack[0] = x
                seen[x] = 1
                while top > 0:
                    top -= 1
                    y = stack[top]
                    size += 1
                    for d in range(4):
                        z = self.t_nb[(g * NCELL + y) * 4 + d]
                        if z >= 0 and cat[z] == CAT_PARK and not seen[z]:
                            seen[z] = 1
                            stack[top] = z
                            top += 1
                total += park_points(size)
            elif cx == CAT_SHOP:
                sh[x] = 1
                if x < 27:
                    m0 |= cython.cast(cython.uint, 1) << x
                elif x < 54:
                    m1 |= cython.cast(cython.uint, 1) << (x - 27)
                else:
                    m2 |= cython.cast(cython.uint, 1) << (x - 54)
        if present[CAT_SHOP]:
            total += self.shop_points(g, sh, m0, m1, m2)
        for i in range(nt):
            x = tl[i]
            cat[x] = -1
            seen[x] = 0
            sh[x] = 0
        return total

    @cython.final
    def shop_points(self, g, sh, m0, m1, m2):
        """``shop_best`` of the shops ``sh`` (the cells of ``m0``, ``m1``, ``m2``) on mat ``g``,
        remembered by (mat, cells) in a table of SHOP_MEMO entries, each slot keeping the last
        key hashed to it: the partition search is exponential and a search scores its cities
        at every finished playout (3.5% of a built-in search's instructions)."""
        h: cython.uint = (m0 * cython.cast(cython.uint, 2654435761) ^ m1 * cython.cast(cython.uint, 2246822519)
                          ^ m2 * cython.cast(cython.uint, 3266489917) ^ cython.cast(cython.uint, g + 1) * 668265263)
        i: cython.int = ((h ^ (h >> 16)) & (SHOP_MEMO - 1))
        key: cython.p_int = self.shopkey
        o: cython.int = i * 4
        v: cython.int
        if (key[o] == g + 1 and key[o + 1] == cython.cast(cython.int, m0) and key[o + 2] == cython.cast(cython.int, m1)
                and key[o + 3] == cython.cast(cython.int, m2)):
            return self.shopval[i]
        v = shop_best(ptr(self.t_nb), g, sh, self.lines, 0)
        key[o] = g + 1
        key[o + 1] = cython.cast(cython.int, m0)
        key[o + 2] = cython.cast(cython.int, m1)
        key[o + 3] = cython.cast(cython.int, m2)
        self.shopval[i] = v
        return v

    @cython.final
    def largest_region(self, buf, base, g, a, b):
        """Size of the largest connected group of tiles of categories ``a`` or ``b``."""
        best: cython.int = 0
        x: cython.int; v: cython.int; cx: cython.int; size: cython.int; top: cython.int
        y: cython.int; d: cython.int; z: cython.int; cz: cython.int
        seen: cython.p_int = self.visited
        stack: cython.p_int = self.stack
        for x in range(NCELL):
            seen[x] = 0
        for x in range(NCELL):
            v = buf[base + x]
            if v < TILE or seen[x]:
                continue
            cx = self.t_kcat[(v - TILE) & 31]
            if cx != a and cx != b:
                continue
            size = 0
            top = 1
            stack[0] = x
            seen[x] = 1
            while top > 0:
                top -= 1
                y = stack[top]
                size += 1
                for d in range(4):
                    z = self.t_nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and not seen[z] and buf[base + z] >= TILE:
                        cz = self.t_kcat[(buf[base + z] - TILE) & 31]
                        if cz == a or cz == b:
                            seen[z] = 1
                            stack[top] = z
                            top += 1
            best = max(best, size)
        return best

    def scores(self, buf, out):
        """Each seat's score: the lower of its two cities (the sum in the 2-player standard game)."""
        s: cython.int; a: cython.int; b: cython.int
        cs: cython.p_int = self.cs
        self.city_scores_c(buf, cs)
        for s in range(self.players):
            a = cs[self.cityt[2 * s]]
            b = cs[self.cityt[2 * s + 1]]
            if self.TWOSTD:
                out[s] = a + b
            else:
                out[s] = min(a, b)

    def rank_keys(self, buf, out):
        """Rank keys of the seats, then of Jamey (2-player advanced: cities 2 and 1).

        The rulebook's order: the final score, the higher city (not in the
        2-player standard game, whose score is the sum), then the tiles of both
        cities by category -- factories, shops, parks, taverns, offices,
        houses, civic.  A seat's two cities hold at most 40 tiles, so each
        count takes 6 bits and the seven fit in two keys without changing the
        order: ``f << 12 | s << 6 | p`` and ``t << 18 | o << 12 | h << 6 | c``.
        """
        n: cython.int = self.players + (1 if self.JAMEY else 0)
        c: cython.int; a: cython.int; b: cython.int
        o: cython.int; k: cython.int; j: cython.int
        cs: cython.p_int = self.cs
        cn: cython.p_int = self.catn
        self.city_scores_c(buf, cs)  # also counts each city's tiles by category into catn
        for c in range(n):
            a = self.cityt[2 * c]
            b = self.cityt[2 * c + 1]
            o = c * RANK_KEYS
            for j in range(RANK_KEYS):
                out[o + j] = 0
            if self.TWOSTD:
                out[o] = cs[a] + cs[b]
                o += 1
            else:
                out[o] = min(cs[a], cs[b])
                out[o + 1] = max(cs[a], cs[b])
                o += 2
            for k in range(3):
                out[o] = (out[o] << 6) | (cn[a * 7 + k] + cn[b * 7 + k])
            for k in range(3, 7):
                out[o + 1] = (out[o + 1] << 6) | (cn[a * 7 + k] + cn[b * 7 + k])
        return n


def shop_best(nb, g, sh, lines, start):
    """Best partition of the shops flagged in ``sh`` into straight lines (exact search).

    The lowest unassigned shop starts its line (lines run east or south), so
    trying every length in both directions from it covers every partition.
    The start cell grows with the depth, so the cells of the line tried at
    each depth go to ``lines[x * 5 ...]`` of their start cell ``x``.
    """
    x: cython.int = start; best: cython.int = -1
    d: cython.int; di: cython.int; L: cython.int; y: cython.int; v: cython.int; i: cython.int
    while x < NCELL and not sh[x]:
        x += 1
    if x >= NCELL:
        return 0
    for di in range(2):
        d = 3 if di == 0 else 1  # east, then south
        L = 0
        y = x
        while y >= 0 and L < 5 and sh[y]:
            sh[y] = 0
            lines[x * 5 + L] = y
            L += 1
            if L >= 2 or d == 3:  # a single shop counted once (as an eastward line)
                v = SHOP_PTS_C[L] + shop_best(nb, g, sh, lines, x + 1)
                if v > best:
                    best = v
            y = nb[(g * NCELL + y) * 4 + d]
        for i in range(L):
            sh[lines[x * 5 + i]] = 1
    return best


def score_one_city(kernel, buf, base: cython.int, g: cython.int) -> cython.int:
    """One city's score without factories (tests and benchmarks compare the two modes on it)."""
    k: BetweenTwoCitiesScoring = kernel
    return k.score_city(ptr(buf), base, g)


def score_city_at(kernel, buf, c: cython.int) -> cython.int:
    """City ``c``'s score without factories and districts, on its own mat (the narrator scores
    copies of a city holding some categories only with it, in both modes)."""
    k: BetweenTwoCitiesScoring = kernel
    b: cython.p_int = ptr(buf)
    return k.score_city(b, k.O_CITY + c * NCELL, k.geo(b, c))


def scoring_terms(largest: cython.int) -> tuple:
    """``park_points`` of groups of 1 to ``largest`` parks and ``civic_points`` of a civic
    building by no disliked type, then by one, with 0, 1 and 2 liked types (tests compare them
    with the rulebook in both modes)."""
    size: cython.int
    bad: cython.int
    liked: cython.int
    return ([park_points(size) for size in range(1, largest + 1)],
            [[civic_points(bad, liked) for liked in range(3)] for bad in range(2)])


def tavern_points(cnt, o):
    """Points of the taverns counted per kind in ``cnt[o:o + 4]``: sets of different kinds,
    largest sets first (the table is convex)."""
    t0: cython.int = cnt[o]
    t1: cython.int = cnt[o + 1]
    t2: cython.int = cnt[o + 2]
    t3: cython.int = cnt[o + 3]
    total: cython.int = 0
    d: cython.int
    while True:
        d = 0
        if t0 > 0:
            d += 1
            t0 -= 1
        if t1 > 0:
            d += 1
            t1 -= 1
        if t2 > 0:
            d += 1
            t2 -= 1
        if t3 > 0:
            d += 1
            t3 -= 1
        if d == 0:
            return total
        total += TAV_PTS_C[d]


def office_points(n):
    """Points of ``n`` offices: a set of six scores 21 and the count restarts."""
    return (n // 6) * 21 + OFF_PTS_C[n % 6]


def park_points(size):
    """Points of a connected group of ``size`` parks: 2, 8, 12, then 1 more a park."""
    return 2 if size == 1 else (8 if size == 2 else 9 + size)


def civic_points(bad, liked):
    """Points of a civic building next to the type it dislikes (``bad`` 1) or not (0), and to
    ``liked`` (0, 1 or 2) of the two types it likes: 1 by the disliked type, else 1, 3 or 6."""
    return 1 if bad else (6 if liked == 2 else (3 if liked == 1 else 1))


def shop_two_ways(kernel, g: cython.int, cells) -> tuple:
    """The shop-line points of shops on ``cells`` of mat ``g``, through the remembered
    ``shop_points`` and by ``shop_best`` directly (tests compare the two in both modes)."""
    k: BetweenTwoCitiesScoring = kernel
    x: cython.int
    words = [0, 0, 0]  # calls Python: a test's helper
    sh: cython.p_int = k.shops
    for x in cells:
        sh[x] = 1
        words[x // 27] |= 1 << (x % 27)
    remembered = k.shop_points(g, sh, words[0], words[1], words[2])
    direct = shop_best(ptr(k.t_nb), g, sh, k.lines, 0)
    for x in cells:
        sh[x] = 0
    return remembered, direct
