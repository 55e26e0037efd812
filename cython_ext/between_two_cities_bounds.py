"""Between Two Cities: bounds on every competitor's final score, for the endgame solver.

``btc_bounds(k, b, lo, hi)`` writes ``lo[i] <= final score of i <= hi[i]``
for every seat (and Jamey, in the 2-player advanced game) over every way the
game can still go, and returns their number; 0 (no bounds) before the
rounds that are left are all building rounds, and with the districts
variant.  A seat's score is the lower of its two cities (their sum in the
2-player standard game), so its bounds are the lower (the sum) of its
cities' bounds: both rules are monotone in each city.

**The last turn of the last round** (``_last_turn``, asked at its choose step and at a
seat's first placement): each seat still to place puts exactly one tile in each of its
cities -- one of its two pending tiles (the placing seat may have served one city), its
chosen pair, or any pair of its hand (``legal``'s pairs), either way round -- and the
hands' last tiles are discarded.  So each city gets one known tile per side that has
not placed yet, on its empty cells, which are the cells of its 5x5 square still empty
(the square is fixed by then; otherwise no such bounds).  Each city is scored exactly
(``score_city``) for every tile of each side and each order of the cells -- a superset of
the endings, as the adjacency rule is not asked -- and its factories by the majority's
bounds from every city's fewest and most factories at the end (below); a seat's bounds are
the lowest and highest sum over its own options (2-player game: both cities are its own
alone) or the lower of its two cities' bounds, each the lowest and highest over all keys.
Otherwise, at a choose step, the category bounds below.

**What can still happen to a city.**  Every city ends as a full ``W x W``
square holding its mat, so the building cells still to fill are ``E = W*W``
minus its landscape and tile cells, and no duplex tile comes (building
rounds only): exactly ``E`` more building tiles, each from the *pool* -- the
hands, the revealed tiles not yet placed, Jamey's drawn pair, and the box
while a deal is still to come (shared/rules/between-two-cities.md).  Tiles
never move.  A neighbour cell of a tile can only gain a tile if it is
empty now (``E > 0``); whether it lies inside the final square is not
asked (looser, never wrong).

**Lower bound** (whatever is added): factories 2 each (the least of
4/3/2); shops, taverns and offices (count and tavern bonus) keep their
score now -- each is monotone: the best shop partition of today stays a
partition with the new shops as lines of one, tavern sets and office
counts only grow, a bonus once earned stays; parks: a group that cannot
grow (no empty neighbour) keeps its value, and the growable groups are
worth at least ``min(their value now, their parks + 10)``: a final group
holds whole groups of today, one that merged two or more has ``m >= their
parks + 1 >= 3`` parks and scores ``m + 9``, one that merged none scores at
least what its own group does now, and merging costs at least 10 over the
parks while leaving a group alone costs ``value - parks`` of it; houses next
to a factory 1, the others their count of types now (types only appear),
or ``min(1, that)`` if a factory can still come next to them; civic
buildings next to their disliked type 1, the others their score now
(liked neighbours only appear) unless the disliked type can still come
next to them (then 1).  New tiles score at least 0.

**Upper bound**: each category's score is bounded by a function ``U(a)``
of the number ``a`` of tiles of that category the city still gets, whatever
the other tiles are (``_upper``); then the most ``sum U(a_cat)`` over every
split ``sum a_cat <= E`` with ``a_cat`` at most the pool's tiles of that
category (a knapsack over the seven categories).  A final city with split
``a`` scores at most ``sum U(a_cat)``, so at most the knapsack.  ``U``:
factories ``4 (f + a)``; shops (only shops change them) today's score if
``a = 0``, else ``min(P(s + a), today + 10 a)`` -- ``P(n)`` the best
partition of ``n`` shops into lines of five (the line table is
superadditive), and one shop raises the best partition by at most 10 (it
joins at most two pieces of one line, ``SHOP[l1 + l2 + 1] - SHOP[l1] -
SHOP[l2] <= 10``); taverns: the kinds' counts raised one tile at a time on
the least-held kind still in the pool (``tavern_best``; equal to the
exhaustive best, tested); parks: fixed groups as they are, the growable
ones today's value if ``a = 0`` else ``min(value + 8 a, 4 (parks + a))``
(a park adds at most 8, joining two single parks; no group is worth more
than 4 a park); offices: the count's score at ``o + a``, the bonuses earned,
one for each office with an empty neighbour (only if a tavern is in the
pool) and one per new office; houses: 1 for those next to a factory, and
``min(5, types now + min(E - a, types missing from the city and in the
pool))`` for each other house and each new one; civic buildings: 1 next to
the disliked type, else the score with ``min(2, liked now + empty
neighbours)`` liked neighbours, and 6 per new one.  Factories'
majority: 2 to 4 a factory while the pool holds a factory; with none left
every city's factory count is final and the majority is scored exactly.

Tested in ``tests/between_two_cities/test_bounds.py`` against random games,
every ending of small positions and the solver without bounds, in both
modes.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

from .between_two_cities_scoring import SHOP_PTS

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .between_two_cities_encoding import (  # noqa: F401
        CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, KM, NCELL, PH_CHOOSE,
        PH_DEAL, PH_END, PH_PLACE, TILE)
    from .between_two_cities_scoring import civic_points, office_points, park_points, shop_best, tavern_points
    from .kernel import ptr

    globals().update(enum_constants(__file__))

if cython.compiled:  # the scoring layer's shop table as a C array
    SHOP_PTS_B = cython.declare(cython.int[6], SHOP_PTS)
else:
    SHOP_PTS_B = SHOP_PTS

# one row of S_SIZE ints shared by every call (category cells start at -1), and the kernel
# whose cities _city_endings keeps (held, so never another kernel at the same address)
_scratch = [None, None]
# the row as a C pointer, set once: a typed memoryview taken at every call cost 4.6% of a
# Between Two Cities 2p solve (interpreted: the array itself)
_row = cython.declare(cython.p_int, cython.NULL) if cython.compiled else None


def tavern_best(w, a):
    """The most the city's taverns ``w[S_TAV:S_TAV + 4]`` (per kind) score with ``a`` more from
    the pool's ``w[S_PTAV:S_PTAV + 4]``: each tile on the least-held kind still available."""
    i: cython.int
    j: cython.int
    best: cython.int
    for i in range(4):
        w[S_WORK + i] = w[S_TAV + i]
        w[S_WORK + 4 + i] = w[S_PTAV + i]
    for j in range(a):
        best = -1
        for i in range(4):
            if w[S_WORK + 4 + i] > 0 and (best < 0 or w[S_WORK + i] < w[S_WORK + best]):
                best = i
        if best < 0:
            break
        w[S_WORK + best] += 1
        w[S_WORK + 4 + best] -= 1
    return tavern_points(w, S_WORK)


def tavern_best_of(have, avail, a: int) -> int:
    """:func:`tavern_best` from Python (tests): ``have`` and ``avail`` are four counts each."""
    wv: cython.int[::1] = np.zeros(S_SIZE, dtype=np.intc)
    i: cython.int
    for i in range(4):
        wv[S_TAV + i] = have[i]
        wv[S_PTAV + i] = avail[i]
    return tavern_best(ptr(wv), a)


def _upper(cat, a, E, w):
    """The most category ``cat`` can score in the city described at ``w[S_V:]`` if it gets ``a``
    more tiles of that category (module docstring)."""
    n: cython.int
    t: cython.int
    if cat == CAT_FACTORY:
        return 4 * (w[S_V + V_F] + a)
    if cat == CAT_SHOP:
        if a == 0:
            return w[S_V + V_SHOPPTS]
        n = w[S_V + V_SHOPS] + a
        return min(20 * (n // 5) + SHOP_PTS_B[n % 5], w[S_V + V_SHOPPTS] + 10 * a)
    if cat == CAT_PARK:
        if a == 0:
            return w[S_V + V_PFIXED] + w[S_V + V_PGROW]
        return w[S_V + V_PFIXED] + min(w[S_V + V_PGROW] + 8 * a, 4 * (w[S_V + V_NGROW] + a))
    if cat == CAT_TAVERN:
        return tavern_best(w, a)
    if cat == CAT_OFFICE:
        return office_points(w[S_V + V_OFF] + a) + w[S_V + V_BONUS] + w[S_V + V_OPENOFF] + a
    if cat == CAT_HOUSE:
        t = w[S_V + V_OTHERS] + min(E - a, w[S_V + V_MISSING])
        return w[S_V + V_HFACT] + (w[S_V + V_HFREE] + a) * min(5, t)
    return w[S_V + V_CIVIC] + 6 * a


def _pool(k, c, w):
    """The tiles city ``c`` may still get into ``w[S_POOL:S_POOL + 11]``: the live ones and the
    revealed tiles of the seats it belongs to."""
    i: cython.int
    s: cython.int
    for i in range(11):
        w[S_POOL + i] = w[S_LIVE + i]
    for s in range(k.players):
        if k.cityt[2 * s] == c or k.cityt[2 * s + 1] == c:
            for i in range(11):
                w[S_POOL + i] += w[S_PSEAT + 11 * s + i]


def _city(k, b, c, w):
    """Bounds on city ``c``'s score without its factories into ``w[S_LO + c]``, ``w[S_HI + c]``;
    its factories into ``w[S_F + c]`` and its empty building cells into ``w[S_E + c]``."""
    base: cython.int = k.O_CITY + c * NCELL
    g: cython.int = k.geo(b, c)
    nb: cython.p_int = ptr(k.t_nb)
    cat: cython.p_int = w  # S_CAT == 0
    filled: cython.int = 0
    nt: cython.int = 0
    E: cython.int
    x: cython.int
    y: cython.int
    z: cython.int
    d: cython.int
    i: cython.int
    a: cython.int
    e: cython.int
    cx: cython.int
    kind: cython.int
    val: cython.int
    empt: cython.int
    grow: cython.int
    size: cython.int
    top: cython.int
    h: cython.int
    bad: cython.int
    l1: cython.int
    l2: cython.int
    dis: cython.int
    cap: cython.int
    best: cython.int
    lo: cython.int = 0
    ngroups: cython.int = 0
    r0: cython.int = 9
    r1: cython.int = -1
    c0: cython.int = 9
    c1: cython.int = -1
    W: cython.int = k.W
    pool_tav: cython.int
    for i in range(4):
        w[S_TAV + i] = 0
    for i in range(S_V, S_V + 14):
        w[i] = 0
    for x in range(NCELL):
        val = b[base + x]
        if val >= 1:
            filled += 1
            r0 = min(r0, x // 9)
            r1 = max(r1, x // 9)
            c0 = min(c0, x % 9)
            c1 = max(c1, x % 9)
        if val >= TILE:
            kind = (val - TILE) & 31
            cx = k.t_kcat[kind]
            cat[x] = cx
            w[S_TILES + nt] = x
            nt += 1
            if cx == CAT_FACTORY:
                w[S_V + V_F] += 1
            elif cx == CAT_SHOP:
                w[S_V + V_SHOPS] += 1
            elif cx == CAT_OFFICE:
                w[S_V + V_OFF] += 1
            elif cx == CAT_TAVERN:
                w[S_TAV + k.t_ktav[kind]] += 1
            if cx < 5:
                w[S_V + V_OTHERS] |= 1 << cx  # the types a house counts, as a bit set for now
    E = W * W - filled
    w[S_E + c] = E
    w[S_F + c] = w[S_V + V_F]
    # the types a house counts: present now, and missing but still in the pool
    a = w[S_V + V_OTHERS]
    w[S_V + V_OTHERS] = 0
    w[S_V + V_MISSING] = 0
    for i in range(5):
        if a & (1 << i):
            w[S_V + V_OTHERS] += 1
        elif w[S_POOL + i] > 0:
            w[S_V + V_MISSING] += 1
    pool_tav = w[S_POOL + CAT_TAVERN]
    # shops, taverns, offices' count: monotone, today's score is their lower bound
    if w[S_V + V_SHOPS] > 0:
        for i in range(nt):
            x = w[S_TILES + i]
            if cat[x] == CAT_SHOP:
                k.shops[x] = 1
        w[S_V + V_SHOPPTS] = shop_best(nb, g, k.shops, k.lines, 0)
        for i in range(nt):
            k.shops[w[S_TILES + i]] = 0
    lo += w[S_V + V_SHOPPTS]
    lo += tavern_points(w, S_TAV)
    lo += office_points(w[S_V + V_OFF])
    for i in range(nt):
        x = w[S_TILES + i]
        cx = cat[x]
        if cx < CAT_PARK or cx == CAT_TAVERN:
            continue
        empt = 0
        h = 0
        bad = 0
        l1 = -1
        l2 = -1
        dis = -1
        if cx == CAT_CIVIC:
            kind = (b[base + x] - TILE) & 31
            l1 = k.t_like1[kind]
            l2 = k.t_like2[kind]
            dis = k.t_dislike[kind]
        for d in range(4):
            y = nb[(g * NCELL + x) * 4 + d]
            if y < 0:
                continue
            if b[base + y] == 0:
                if max(r1, y // 9) - min(r0, y // 9) < W and max(c1, y % 9) - min(c0, y % 9) < W:
                    empt += 1  # a cell the final square may hold
            elif cat[y] >= 0:
                if cx == CAT_OFFICE and cat[y] == CAT_TAVERN:
                    h = 1
                elif cx == CAT_HOUSE and cat[y] == CAT_FACTORY:
                    bad = 1
                elif cx == CAT_CIVIC:
                    if cat[y] == dis:
                        bad = 1
                    if cat[y] == l1:
                        h |= 1
                    if cat[y] == l2:
                        h |= 2
        if E == 0:
            empt = 0
        if cx == CAT_OFFICE:
            if h:
                w[S_V + V_BONUS] += 1
            elif empt > 0 and pool_tav > 0:
                w[S_V + V_OPENOFF] += 1
        elif cx == CAT_HOUSE:
            if bad:
                w[S_V + V_HFACT] += 1
                lo += 1
            else:
                w[S_V + V_HFREE] += 1
                if empt > 0 and w[S_POOL + CAT_FACTORY] > 0:
                    lo += min(1, w[S_V + V_OTHERS])
                else:
                    lo += w[S_V + V_OTHERS]
        elif cx == CAT_CIVIC:
            h = (h & 1) + (h >> 1)
            # at most: a liked type on every open cell beside it; at least: the disliked one there
            w[S_V + V_CIVIC] += civic_points(bad, min(2, h + empt))
            lo += civic_points(1 if bad or (empt > 0 and w[S_POOL + dis] > 0) else 0, h)
        elif cx == CAT_PARK and not w[S_SEEN + x]:
            size = 0
            grow = 0
            top = 1
            w[S_STACK] = x
            w[S_SEEN + x] = 1
            while top > 0:
                top -= 1
                y = w[S_STACK + top]
                size += 1
                for d in range(4):
                    z = nb[(g * NCELL + y) * 4 + d]
                    if z < 0:
                        continue
                    if b[base + z] == 0:
                        if max(r1, z // 9) - min(r0, z // 9) < W and max(c1, z % 9) - min(c0, z % 9) < W:
                            grow = 1
                    elif cat[z] == CAT_PARK and not w[S_SEEN + z]:
                        w[S_SEEN + z] = 1
                        w[S_STACK + top] = z
                        top += 1
            a = park_points(size)
            if grow and E > 0:
                w[S_V + V_PGROW] += a
                w[S_V + V_NGROW] += size
                ngroups += 1
            else:
                w[S_V + V_PFIXED] += a
    # a park group that merges scores its parks + 9 at least with one more park
    lo += w[S_V + V_PFIXED]
    if ngroups >= 2:
        lo += min(w[S_V + V_PGROW], w[S_V + V_NGROW] + 10)
    else:
        lo += w[S_V + V_PGROW]
    lo += w[S_V + V_BONUS]
    for i in range(nt):
        x = w[S_TILES + i]
        cat[x] = -1
        w[S_SEEN + x] = 0
    # the upper bound: a knapsack of the categories' U(a) over E cells
    for e in range(E + 1):
        w[S_DP + e] = 0
    for cx in range(7):
        cap = min(E, w[S_POOL + cx])
        for a in range(cap + 1):
            w[S_NDP + a] = _upper(cx, a, E, w)
        for e in range(E, -1, -1):
            best = -1
            for a in range(min(e, cap) + 1):
                val = w[S_DP + e - a] + w[S_NDP + a]
                if val > best:
                    best = val
            w[S_DP + e] = best
    best = 0
    for e in range(E + 1):
        if w[S_DP + e] > best:
            best = w[S_DP + e]
    w[S_LO + c] = lo
    w[S_HI + c] = best - 4 * w[S_V + V_F]  # today's factories are added by btc_bounds (majority)
    return 0


def _mark(k, w, s, tl, tr):
    """Seat ``s`` may put kind ``tl`` in its left city and ``tr`` in its right one (-1: none).
    Returns -1 past 16 options (not a last turn)."""
    side: cython.int
    c: cython.int
    t: cython.int
    n: cython.int = w[S_NOPT + s]
    if n == 16:
        return -1
    w[S_OPT + 32 * s + 2 * n] = tl
    w[S_OPT + 32 * s + 2 * n + 1] = tr
    w[S_NOPT + s] = n + 1
    for side in range(2):
        t = tl if side == 0 else tr
        if t >= 0:
            c = k.cityt[2 * s + side]
            w[S_CAND + (c * 2 + side) * KM + t] = 1
    return 0


def _fac(w, NC, c, fl, high):
    """What city ``c``'s ``fl`` factories score at least (``high``: at most), from every other
    city's most and fewest factories at the end (``w[S_F]`` + ``w[S_FADD]``)."""
    i: cython.int
    above: cython.int = 0
    for i in range(NC):
        if i != c and w[S_F + i] + w[S_FADD + 2 * i + (0 if high else 1)] > fl:
            above += 1
    if high:
        return fl * (4 if above == 0 else 3)
    return fl * (4 if above == 0 else (3 if above == 1 else 2))


def _city_endings(k, b, c, w):
    """City ``c``'s lowest and highest score over the tiles its two sides may give it, on every
    order of its empty cells, into ``w[S_RANGE]`` keyed by the first side's kind (or the
    second's when the first gives none); 1, or 0 when its empty cells are not those tiles'."""
    base: cython.int = k.O_CITY + c * NCELL
    g: cython.int = k.geo(b, c)
    W: cython.int = k.W
    x: cython.int
    i: cython.int
    a: cython.int
    t0: cython.int
    t1: cython.int
    ne: cython.int = 0
    nt: cython.int
    v: cython.int
    nf: cython.int
    fl: cython.int
    has0: cython.int = 0
    has1: cython.int = 0
    n: cython.int
    r0: cython.int = 9
    r1: cython.int = -1
    c0: cython.int = 9
    c1: cython.int = -1
    for x in range(NCELL):
        w[S_COPY + x] = b[base + x]
        if b[base + x] >= 1:
            r0 = min(r0, x // 9)
            r1 = max(r1, x // 9)
            c0 = min(c0, x % 9)
            c1 = max(c1, x % 9)
    if r1 - r0 != W - 1 or c1 - c0 != W - 1:
        return 0  # the square is not fixed yet
    for x in range(NCELL):
        if b[base + x] == 0 and r0 <= x // 9 <= r1 and c0 <= x % 9 <= c1:
            if ne == 2:
                return 0
            w[S_EMPTY + ne] = x
            ne += 1
    for t0 in range(k.NKB):
        has0 |= w[S_CAND + (c * 2) * KM + t0]
        has1 |= w[S_CAND + (c * 2 + 1) * KM + t0]
    if has0 + has1 != ne:
        return 0  # not the last turn's tiles
    # the same cells and tiles as the last time this city was asked: its endings' scores are
    # kept (siblings in the search differ in one city); compared cell by cell, never hashed
    cb: cython.int = S_CACHE + c * C_STRIDE
    hit: cython.bint = w[cb] == 1 and w[cb + C_GEO] == g
    if cython.compiled:  # whole rows at once: cell by cell these compares and copies were 8% of a solve
        hit = hit and (memcmp(cython.address(w[cb + C_CELLS]), cython.address(b[base]),
                              NCELL * cython.sizeof(cython.int)) == 0
                       and memcmp(cython.address(w[cb + C_CANDS]), cython.address(w[S_CAND + c * 2 * KM]),
                                  2 * KM * cython.sizeof(cython.int)) == 0)
    else:
        hit = hit and all(w[cb + C_CELLS + x] == b[base + x] for x in range(NCELL)) and all(
            w[cb + C_CANDS + x] == w[S_CAND + c * 2 * KM + x] for x in range(2 * KM))
    if not hit:
        w[cb] = 0
        n = 0
        for t0 in range(-1, k.NKB):
            if (t0 < 0) != (has0 == 0) or (t0 >= 0 and not w[S_CAND + (c * 2) * KM + t0]):
                continue
            for t1 in range(-1, k.NKB):
                if (t1 < 0) != (has1 == 0) or (t1 >= 0 and not w[S_CAND + (c * 2 + 1) * KM + t1]):
                    continue
                for a in range(max(ne, 1)):  # the first tile's cell; the other takes the other one
                    if n == C_MAX:
                        return 0
                    nf = 0
                    i = 0
                    if t0 >= 0:
                        w[S_COPY + w[S_EMPTY + a]] = TILE + t0
                        nf += 1 if k.t_kcat[t0] == CAT_FACTORY else 0
                        i = 1
                    if t1 >= 0:
                        w[S_COPY + w[S_EMPTY + (a + i) % ne]] = TILE + t1
                        nf += 1 if k.t_kcat[t1] == CAT_FACTORY else 0
                    w[cb + C_ENDS + 3 * n] = t0 + 1 if t0 >= 0 else t1 + 1  # the key
                    w[cb + C_ENDS + 3 * n + 1] = k.score_city(w, S_COPY, g)
                    w[cb + C_ENDS + 3 * n + 2] = nf
                    n += 1
                    for i in range(ne):
                        w[S_COPY + w[S_EMPTY + i]] = 0
        if cython.compiled:
            memcpy(cython.address(w[cb + C_CELLS]), cython.address(b[base]), NCELL * cython.sizeof(cython.int))
            memcpy(cython.address(w[cb + C_CANDS]), cython.address(w[S_CAND + c * 2 * KM]),
                   2 * KM * cython.sizeof(cython.int))
        else:
            for x in range(NCELL):
                w[cb + C_CELLS + x] = b[base + x]
            for x in range(2 * KM):
                w[cb + C_CANDS + x] = w[S_CAND + c * 2 * KM + x]
        w[cb + 1] = n
        w[cb + C_GEO] = g
        w[cb] = 1
    for i in range(w[cb + 1]):
        fl = w[S_F + c] + w[cb + C_ENDS + 3 * i + 2]
        v = w[cb + C_ENDS + 3 * i + 1]
        x = S_RANGE + (c * 33 + w[cb + C_ENDS + 3 * i]) * 2
        w[x] = min(w[x], v + _fac(w, k.NC, c, fl, False))
        w[x + 1] = max(w[x + 1], v + _fac(w, k.NC, c, fl, True))
    return 1


def _last_turn(k, b, lo, hi, w):
    """Every ending of the last turn of the last round: the tiles each seat may still put in
    each of its cities (its pending tiles, its chosen pair, or any pair of its hand, either
    way round), each on each empty cell of the city's square, scored exactly but for the
    factories' majority (its bounds from every city's fewest and most factories).  A seat's
    bounds: over its own options, the sum of its cities' (2-player game), else the lower of
    its cities' bounds.  Writes them and returns the seats, or 0 when the position is not
    such a last turn (the category bounds then)."""
    NC: cython.int = k.NC
    ph: cython.int = b[k.O_PHASE]
    s: cython.int
    c: cython.int
    j: cython.int
    x: cython.int
    i: cython.int
    t0: cython.int
    t1: cython.int
    p0: cython.int
    p1: cython.int
    nt: cython.int
    nf: cython.int
    f: cython.int
    for i in range(S_CAND, S_CAND + NC * 2 * KM):
        w[i] = 0
    for i in range(S_RANGE, S_RANGE + NC * 66, 2):
        w[i] = 1 << 30
        w[i + 1] = -1
    for s in range(k.players):
        w[S_NOPT + s] = 0
        if ph == PH_PLACE:
            p0 = b[k.O_PEND + 4 * s]
            p1 = b[k.O_PEND + 4 * s + 1]
            if p0 >= 0 and p1 >= 0:
                _mark(k, w, s, p0, p1)
                _mark(k, w, s, p1, p0)
            elif p0 >= 0 or p1 >= 0:  # the seat placing, one city served
                t0 = p0 if p0 >= 0 else p1
                if b[k.O_SIDES] & 1:
                    _mark(k, w, s, -1, t0)
                else:
                    _mark(k, w, s, t0, -1)
            else:
                _mark(k, w, s, -1, -1)
        elif b[k.O_DONE + s]:
            p0 = b[k.O_CHOSEN + 2 * s]
            p1 = b[k.O_CHOSEN + 2 * s + 1]
            _mark(k, w, s, p0, p1)
            _mark(k, w, s, p1, p0)
        else:
            for t0 in range(k.NKB):
                if b[k.O_HAND + s * KM + t0] > 0:
                    for t1 in range(k.NKB):
                        if b[k.O_HAND + s * KM + t1] > (1 if t1 == t0 else 0):
                            if _mark(k, w, s, t0, t1) < 0:
                                return 0
    # every city's factories today, and the most and fewest it gets
    for c in range(NC):
        f = 0
        for x in range(NCELL):
            if b[k.O_CITY + c * NCELL + x] >= TILE and k.t_kcat[(b[k.O_CITY + c * NCELL + x] - TILE) & 31] == CAT_FACTORY:
                f += 1
        w[S_F + c] = f
        w[S_FADD + 2 * c] = 0
        w[S_FADD + 2 * c + 1] = 0
        for j in range(2):
            nt = 0
            nf = 0
            for t0 in range(k.NKB):
                if w[S_CAND + (c * 2 + j) * KM + t0]:
                    nt += 1
                    nf += 1 if k.t_kcat[t0] == CAT_FACTORY else 0
            w[S_FADD + 2 * c + 1] += 1 if nf > 0 else 0
            w[S_FADD + 2 * c] += 1 if nt > 0 and nf == nt else 0
    for c in range(NC):
        if not _city_endings(k, b, c, w):
            return 0
    for s in range(k.players):
        lo[s] = 1 << 30
        hi[s] = -(1 << 30)
        for i in range(w[S_NOPT + s]):
            t0 = w[S_OPT + 32 * s + 2 * i]
            t1 = w[S_OPT + 32 * s + 2 * i + 1]
            if k.TWOSTD:  # the seat is the only side of both its cities
                p0 = S_RANGE + (k.cityt[2 * s] * 33 + t0 + 1) * 2
                p1 = S_RANGE + (k.cityt[2 * s + 1] * 33 + t1 + 1) * 2
                lo[s] = min(lo[s], w[p0] + w[p1])
                hi[s] = max(hi[s], w[p0 + 1] + w[p1 + 1])
        if not k.TWOSTD:  # each city over every key: the lower city of the seat
            for j in range(2):
                c = k.cityt[2 * s + j]
                p0 = 1 << 30
                p1 = -1
                for x in range(33):
                    if w[S_RANGE + (c * 33 + x) * 2 + 1] >= 0:
                        p0 = min(p0, w[S_RANGE + (c * 33 + x) * 2])
                        p1 = max(p1, w[S_RANGE + (c * 33 + x) * 2 + 1])
                if j == 0:
                    lo[s] = p0
                    hi[s] = p1
                else:
                    lo[s] = min(lo[s], p0)
                    hi[s] = min(hi[s], p1)
    return k.players


def btc_bounds(k, b, lo, hi):
    """Bounds on every competitor's final score into ``lo``/``hi``; their number, or 0."""
    ph: cython.int = b[k.O_PHASE]
    r: cython.int = b[k.O_ROUND]
    NC: cython.int = k.NC
    n: cython.int = k.players + (1 if k.JAMEY else 0)
    i: cython.int
    q: cython.int
    kk: cython.int
    s: cython.int
    c: cython.int
    ca: cython.int
    cb: cython.int
    f: cython.int
    above: cython.int
    sure: cython.int
    more: cython.int
    m1: cython.int
    m2: cython.int
    live: cython.bint
    la: cython.int
    lb: cython.int
    ha: cython.int
    hb: cython.int
    wv: cython.int[::1]
    w: cython.p_int
    global _row
    if k.DIST or ph < PH_DEAL or NC > 8 or k.W * k.W > 25:
        return 0
    # asked at a choose step and at a seat's first placement: settled there, settled below, and
    # asking at every placement found no more (docs/solver.md, Round 6)
    if ph == PH_PLACE and b[k.O_SIDES] != 0:
        return 0
    if ph != PH_END:
        for i in range(r, k.NR):
            if k.t_rkind[i]:
                return 0  # a duplex round is still to come
    if _scratch[0] is None:  # calls Python: the module's scratch list
        _scratch[0] = np.zeros(S_SIZE, dtype=np.intc)  # calls Python: numpy (once)
        _scratch[0][:NCELL] = -1  # calls Python: numpy (once)
        wv = _scratch[0]  # calls Python: a memoryview of the scratch (once)
        _row = ptr(wv)
    w = _row
    if _scratch[1] is not k:  # calls Python: another kernel, another edition: forget the cities kept
        for i in range(8):
            w[S_CACHE + i * C_STRIDE] = 0
        _scratch[1] = k  # calls Python: the kernel whose cities are kept
    # the last turn of the last round: every ending, city by city
    if not k.JAMEY and r == k.NR - 1 and ((ph == PH_CHOOSE and b[k.O_HANDN] <= 3)
                                          or (ph == PH_PLACE and b[k.O_HANDN] <= 1)):
        if _last_turn(k, b, lo, hi, w) > 0:
            return k.players
    if ph == PH_PLACE:
        return 0  # the category bounds only at a choose step: at placements they settled no more
    # the pool: live tiles (hands that will still be chosen from, the box while a deal is to
    # come, Jamey's drawn pair), and each seat's revealed tiles, which only its cities get
    for i in range(S_LIVE, S_PSEAT + 11 * k.players):
        w[i] = 0
    if ph != PH_END:
        # the hands are dead once the last placement of the round has begun (end_place)
        live = ph != PH_PLACE or b[k.O_HANDN] > 1
        for kk in range(k.NKB):
            f = 0
            if live:
                for q in range(k.NPOS):
                    f += b[k.O_HAND + q * KM + kk]
            if ph == PH_DEAL or r < k.NR - 1:
                f += b[k.O_BOXB + kk]
            for i in range(2):
                if b[k.O_JPICK + i] == kk:
                    f += 1
            if f > 0:
                w[S_LIVE + k.t_kcat[kk]] += f
                if k.t_kcat[kk] == CAT_TAVERN:
                    w[S_LIVE + 7 + k.t_ktav[kk]] += f
        for s in range(k.players):
            for i in range(4):
                kk = b[k.O_PEND + 4 * s + i]
                if kk >= 0:
                    w[S_PSEAT + 11 * s + k.t_kcat[kk]] += 1
                    if k.t_kcat[kk] == CAT_TAVERN:
                        w[S_PSEAT + 11 * s + 7 + k.t_ktav[kk]] += 1
    for c in range(NC):
        _pool(k, c, w)
        _city(k, b, c, w)
        w[S_ADD + c] = min(w[S_E + c], w[S_POOL + CAT_FACTORY])
    # factories: the dense rank of a city's count among the cities' (4, 3, 2 a factory) only
    # improves as its count grows; a city with f now ends with f + w[S_ADD] at most
    more = 0
    m1 = 0
    m2 = 0
    for c in range(NC):
        more += w[S_ADD + c]
        m1 = max(m1, w[S_F + c])
    for c in range(NC):
        if w[S_F + c] < m1:
            m2 = max(m2, w[S_F + c])
    for c in range(NC):
        f = w[S_F + c]
        above = 0  # cities that may end with more factories than c has now
        sure = 0   # cities that surely end with more than c can reach
        for i in range(NC):
            if i != c:
                if w[S_F + i] + w[S_ADD + i] > f:
                    above += 1
                if w[S_F + i] > f + w[S_ADD + c]:
                    sure += 1
        if more == 0:  # every city's count is final: the majority as scored
            f *= 4 if f == m1 else (3 if f == m2 else 2)
            w[S_LO + c] += f
            w[S_HI + c] += f
            continue
        w[S_LO + c] += f * (4 if above == 0 else (3 if above == 1 else 2))
        # the knapsack counted 4 a factory, today's and new: at most 3 each takes off f at least
        w[S_HI + c] += f * (4 if sure == 0 else 3)
    for s in range(n):
        ca = k.cityt[2 * s]
        cb = k.cityt[2 * s + 1]
        la = w[S_LO + ca]
        lb = w[S_LO + cb]
        ha = w[S_HI + ca]
        hb = w[S_HI + cb]
        if k.TWOSTD:
            lo[s] = la + lb
            hi[s] = ha + hb
        else:
            lo[s] = min(la, lb)
            hi[s] = min(ha, hb)
    return n


def bounds_of(kernel, buf, lo, hi) -> int:
    """``btc_bounds`` for tests: ``kernel.score_bounds`` without the solver."""
    return kernel.score_bounds(buf, lo, hi)
