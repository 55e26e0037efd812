"""City and Guilds: bounds on each seat's final money, and the steps that change nothing,
for the endgame solver.

``cag_bounds(k, b, lo, hi)`` writes, for a position in the ``DRAW`` phase,
``lo[p] <= final money of p <= hi[p]`` for every way the game can still
go, and returns the number of seats ``P``; elsewhere it writes none (0).
It returns ``-(P + 1)`` (a draw) or ``-1`` (the face-up refill, a chance
step) instead when **the step to take changes nothing that counts**: with
``E`` empty spaces the turns go round one a space, so a seat drawing with
``E < P`` never places again, and a refill with ``E <= P`` only feeds such
draws; the hands, the face-up tiles and the piles are read by nothing
else that moves money (placements come from the hands already held, and
the winner is the most money, ties shared), so every move or outcome there
leads to the same values and the solver searches one.

Money only changes at three events, each bounded from the rules
(shared/rules/city-and-guilds.md).  A seat ``p`` places at most ``R[p]``
more tiles (the turns from the seat to place next, one a space; taverns
fill spaces too, which only lowers it), each a building with at least one
of its men (``min(R, men)`` buildings), a market or a minstrel's house,
one guild's tile each.  Several bounds below are sums over *units* (blocks,
guilds) of what a seat gains there; the seats' tiles are then budgets:

* **unused men** (-1 each at the end): at most two placed a tile, so the
  penalty lies in ``[-men, -max(0, men - 2 R)]``.
* **block counts** of the blocks not yet full (each is counted once, when
  it fills; the game ends when all are).  Value: today's plus, for each
  empty space, the dearest tile still to come (taverns left, minstrels
  and markets not on the board).  Ownership: buildings with men are never
  removed, men are only added with a building, and the white and black
  cubes follow (buildings, men) with the placer having to surpass, so a
  rival whose (buildings, men) stay below the seat's stays behind it.
  *Lowest*: a rival gets ahead of the seat in a block by adding
  ``max(1, b[p] - b[q])`` buildings there (none if it is ahead or level
  now -- men or cubes may favour it), from its ``min(R, men)``, all rivals
  together at most the block's empty spaces; the rivals spend their
  budgets to hurt the seat most (``_least``: a dynamic programme over the
  tiles each has spent), and the seat is paid the standard pay of its place
  on today's value (a tie for third is a rival level with it, so counted
  ahead).  *Highest*: the seat adds ``j`` buildings to a block; a rival with
  more buildings than ``b[p] + j`` (or, with ``j = 0``, level with more
  men) stays ahead; the pay of that place at the highest value, all of it
  when no rival is there yet, the two-player pay plus £1 at 1st and 2nd;
  the seat's ``min(R, men)`` split where it pays most (``_most``, a knapsack).
  *Guild count*: a guild whose tiles there plus those that can still come
  (empty spaces, its tiles not on the board) reach the most tiles of any
  guild may control it, and pays at most £7 (alone on its track), £4, £2
  or £1 by the seat's best track place; a guild with more tiles than any
  other can reach surely controls it, and pays at least £4, £2, £1 by the
  seat's worst place (with the final count below).
* **the final guild count**: a guild's value ``V`` is its largest chain's
  tiles plus the block bonus.  *Lowest*: today's largest chain unchanged
  keeps today's ``V`` (an equal chain counts only if worth more), grown it
  is worth more, and a larger chain without it (at least ``size + 2``)
  needs more than ``size`` tiles from the other chains next to an empty
  space and the ``L = min(E, the guild's tiles not on the board)`` new
  ones.  *Highest*: a chain of today unchanged, or at most ``n`` new tiles
  on empty spaces with the chains next to those spaces: at most the ``n``
  spaces with the most chain tiles around them, and as many blocks as the
  ``n`` spaces with the most blocks around them, or the chains' blocks plus
  one a new tile.  Track places: a cube only moves forward, by its owner's
  tiles of that guild, at most two spaces a tile, and reaching an occupied
  space ranks behind it.  *Lowest*: a rival passes the seat with
  ``(pos[p] - pos[q]) // 2 + 1`` tiles of the guild (none if ahead now),
  from its ``R``, all rivals together at most ``L``; the same rivals'
  budgets over the four guilds, each guild paying the standard pay of the
  seat's place on the lowest ``V`` plus the guild counts of the blocks it
  surely controls (``_least``); off the track, nothing.  *Highest*: the
  ``E`` tiles to come shared between the guilds (``n`` of a guild: its
  value with ``n`` new tiles), the seat's ``R`` among them moving it up two
  spaces each: the best split (``_final_most``, a knapsack on both), each
  guild paying the best place's pay, all of it when no rival is on the
  track.

Bounds from sums whose parts are each bounded hold for the sum; the
budgets (what one tile can do) only remove impossible combinations.

With at most ``ENDINGS`` (3) empty spaces and fewer than the seats, they
are the lowest and highest money over **every ending** instead: each seat
still to place holds its tiles already (a seat draws after its own
placement, and none places twice).  The kernel plays out each tile with
each option the placer's men allow on each empty space, and each tavern or
none, to the final count -- the draws and the face-up refills change no
money and are skipped (``cython_ext/city_and_guilds_endings.py``, which also
makes the final count from the draw's chains and each ending's new tiles).
Exact with one space left (it is the only
target); with two, a tile may be tried on a space the adjacency rule
would refuse (looser, never wrong).  (With as many spaces as seats the
drawing seat places last, from its hand plus a face-up tile; playing that
out cost 0.5 ms a draw, more than the search it saved once the steps that
change nothing were searched once, and 0.35 ms with the count incremental:
the budgeted bounds serve there.)

Tested in ``tests/city_and_guilds/test_bounds.py`` against random
continuations and exhaustive solves, in both modes.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .city_and_guilds_endings import ENDINGS, cag_endings
    from .city_and_guilds_layout import DRAW, EMPTY, END, MINSTREL, NFACE, NG, NK, PLACE, TAVERN_PH  # noqa: F401
    from .city_and_guilds_scoring import chain_points, half_up, popcount

    globals().update(enum_constants(__file__))

_scratch = [None]  # _least's and _most's units and tables (offsets S_CAP, T, F, G, S_DP)


def _turns(first, E, P, p):
    """Tile placements seat ``p`` can still make: at most ``E`` turns, in seat order from ``first``."""
    return E // P + (1 if (p - first + P) % P < E % P else 0)


def _pay(v, place):
    """The standard pay of ``place`` (1-based) on a value ``v``: halves rounded up, none from 4th."""
    p1: cython.int = half_up(v)
    if place == 1:
        return p1
    if place == 2:
        return half_up(p1)
    if place == 3:
        return half_up(half_up(p1))
    return 0


def _pay_hi(v, place, lone):
    """The most ``place`` can be paid on ``v`` (block rules): all of it alone, the two-player
    pay plus 1 at 1st and 2nd, the third's half at 3rd."""
    if place == 1 and lone:
        return v
    if place <= 2:
        return _pay(v, place) + 1
    return _pay(v, place)


def _track(k, b, g, p, first, E, worst):
    """Seat ``p``'s best track place on guild ``g`` from now to the end (0: never on the
    track), or with ``worst`` its worst place at the end; the best place is negative when
    no other seat is on the track yet (it may stay alone)."""
    P: cython.int = k.players
    pp: cython.int = b[k.o_inv + g * P + p]
    rp: cython.int = _turns(first, E, P, p)
    q: cython.int
    pq: cython.int
    place: cython.int = 1
    lone: cython.bint = True
    ahead: cython.bint
    if pp == 0 and (worst or rp == 0):
        return 0
    for q in range(P):
        if q == p:
            continue
        pq = b[k.o_inv + g * P + q]
        if pq > 0:
            lone = False
        ahead = pq > 0 and k.track_before(b, g, q, p)
        if worst:
            if ahead or pq + 2 * _turns(first, E, P, q) > pp:
                place += 1
        elif ahead and pp + 2 * rp <= pq:
            place += 1
    return -place if lone and not worst else place


def _guild_value(k, b, d, g, nc, E, near, emask, lo, scan):
    """Guild ``g``'s final chain value: its lowest (``lo``) or highest possible, from the
    ``nc`` chains ``_chains`` wrote; ``near[c]``: chain ``c`` is next to an empty space.
    ``scan``: count each empty space's neighbours (highest), else reuse the counts of the
    last call that did, for the same guild and board (they do not depend on ``E``).

    New tiles of the guild: at most ``L`` (the empty spaces, its tiles not on the board).
    Lowest: today's largest chain ``C`` unchanged keeps the value (a chain of its size
    that grew to it pays at least as much, the higher value counting); ``C`` grown is
    worth more; a larger chain without ``C`` is at least ``size + 2`` and needs more than
    ``size`` tiles from the other chains next to an empty space and the new ones.
    Highest: a chain of today unchanged, or the new tiles (on ``L`` empty spaces) with the
    chains next to those spaces: at most the ``L`` spaces with the most chain tiles around
    (and, apart, the most blocks), each new tile adding at most one block."""
    on: cython.int = 0
    size: cython.int = 0
    c: cython.int
    v: cython.int
    nb: cython.int
    vhi: cython.int = 0
    msum: cython.int = 0
    mask: cython.int = 0
    left: cython.int
    big: cython.int = -1
    others: cython.int = 0
    bval: cython.int = 0
    n: cython.int = 0
    s: cython.int
    i: cython.int
    j: cython.int
    t: cython.int
    x: cython.int
    m: cython.int
    tsum: cython.int
    bsum: cython.int
    for c in range(nc):
        if k.cguild[c] != g:
            continue
        on += k.csize[c]  # every tile of the guild is in one of its chains
        nb = popcount(k.cmask[c])
        v = chain_points(k.csize[c], nb)
        if k.csize[c] > size or (k.csize[c] == size and v > bval):
            size = k.csize[c]
            big = c
            bval = v
        if v > vhi:
            vhi = v  # a chain of today, unchanged
        if near[c]:  # new tiles may join it
            msum += k.csize[c]
            mask |= k.cmask[c]
    left = k.totals[2 * g] + k.totals[2 * g + 1] - on  # tiles of the guild not on the board
    if left > E:
        left = E
    if left <= 0:
        return bval
    if lo:
        for c in range(nc):
            if k.cguild[c] == g and near[c] and c != big:
                others += k.csize[c]
        if others + left <= size:
            return bval
        return bval if bval < size + 2 else size + 2
    # per empty space: the guild's chain tiles around it, and the blocks of those chains and
    # its own (a chain next to it twice is counted once)
    for s in range(k.S if scan else 0):
        if b[k.o_tile + s] != EMPTY:
            continue
        t = 0
        m = 1 << k.block_of[s]
        for i in range(4):
            x = k.adj[s * 4 + i]
            if x < 0 or k.comp[x] < 0 or k.cguild[k.comp[x]] != g:
                continue
            c = k.comp[x]
            for j in range(i):  # the same chain on an earlier side
                if k.adj[s * 4 + j] >= 0 and k.comp[k.adj[s * 4 + j]] == c:
                    c = -1
                    break
            if c >= 0:
                t += k.csize[c]
                m |= k.cmask[c]
        d[S_W + n] = t
        d[S_W + MAXS + n] = popcount(m)
        n += 1
    if scan:
        d[S_NW] = n
    n = d[S_NW]
    tsum = _top_sum(d, S_W, n, left)
    bsum = _top_sum(d, S_W + MAXS, n, left)
    if tsum < msum:
        msum = tsum
    nb = popcount(mask)
    v = popcount(emask & ~mask)
    nb += v if v < left else left
    if bsum < nb:
        nb = bsum
    v = chain_points(msum + left, nb)
    return v if v > vhi else vhi


def _top_sum(d, o, n, L):
    """The sum of the ``L`` largest of ``d[o:o + n]`` (reorders them)."""
    i: cython.int
    j: cython.int
    best: cython.int
    x: cython.int
    tot: cython.int = 0
    for i in range(L if L < n else n):
        best = i
        for j in range(i + 1, n):
            if d[o + j] > d[o + best]:
                best = j
        x = d[o + i]
        d[o + i] = d[o + best]
        d[o + best] = x
        tot += d[o + i]
    return tot


def _least(d, U, P, p):
    """The least total pay ``p`` can be left with over ``U`` units when the rivals spend
    their tiles against it: unit ``u`` pays ``d[S_PAY + u*(P+1) + a]`` with ``a`` rivals ahead,
    rival ``q`` gets ahead there by spending ``d[S_COST + u*P + q]`` of its ``d[S_CAP + q]`` tiles
    (``BIG``: it cannot), the rivals together at most ``d[S_UCAP + u]`` there (the unit's
    empty spaces, or its guild's tiles to come).  Exact over the rivals' budgets (a dynamic
    programme on the tiles each has spent) when they have at most ``DPMAX`` combinations;
    beyond, each unit on its own (every rival that can get ahead there does: lower still,
    so still a bound)."""
    states: cython.int = 1
    q: cython.int
    u: cython.int
    s: cython.int
    m: cython.int
    r: cython.int
    a: cython.int
    ns: cython.int
    mult: cython.int
    rest: cython.int
    used: cython.int
    cap: cython.int
    spent: cython.int
    val: cython.int
    tot: cython.int = 0
    cur: cython.int = S_DP
    nxt: cython.int = S_DP + DPMAX
    ok: cython.bint
    for q in range(P):
        if q != p:
            states *= d[S_CAP + q] + 1
            if states > DPMAX:
                break
    if states > DPMAX:
        for u in range(U):
            a = 0
            for q in range(P):
                if q != p and d[S_COST + u * P + q] <= d[S_CAP + q]:
                    a += 1
            tot += d[S_PAY + u * (P + 1) + a]
        return tot
    for s in range(states):
        d[cur + s] = BIG
    d[cur] = 0
    for u in range(U):
        for s in range(states):
            d[nxt + s] = BIG
        for s in range(states):
            if d[cur + s] == BIG:
                continue
            for m in range(1 << (P - 1)):  # the rivals that get ahead here (bit r: r-th rival)
                ns = 0
                mult = 1
                rest = s
                a = 0
                r = 0
                ok = True
                spent = 0
                for q in range(P):
                    if q == p:
                        continue
                    cap = d[S_CAP + q]
                    used = rest % (cap + 1)
                    rest = rest // (cap + 1)
                    if (m >> r) & 1:
                        used += d[S_COST + u * P + q]
                        spent += d[S_COST + u * P + q]
                        a += 1
                        if used > cap or spent > d[S_UCAP + u]:
                            ok = False
                            break
                    ns += used * mult
                    mult *= cap + 1
                    r += 1
                if ok:
                    val = d[cur + s] + d[S_PAY + u * (P + 1) + a]
                    if val < d[nxt + ns]:
                        d[nxt + ns] = val
        s = cur
        cur = nxt
        nxt = s
    tot = BIG
    for s in range(states):
        if d[cur + s] < tot:
            tot = d[cur + s]
    return tot


def _most(d, U, c):
    """The most a seat with ``c`` tiles to place can be paid over ``U`` units, unit ``u``
    paying at most ``d[S_GAIN + u*(KMAX+1) + j]`` with ``j`` of its tiles there (``j`` up to
    ``c``, non-decreasing; entry ``KMAX`` holds its most when ``c > KMAX``): the best
    split of the tiles (a knapsack) when ``c <= KMAX``, else each unit at its most."""
    u: cython.int
    x: cython.int
    j: cython.int
    v: cython.int
    tot: cython.int = 0
    if c > KMAX:
        for u in range(U):
            tot += d[S_GAIN + u * (KMAX + 1) + KMAX]
        return tot
    for x in range(c + 1):
        d[S_DP + x] = 0  # the most with at most x tiles spent (entries are >= 0)
    for u in range(U):
        for x in range(c, -1, -1):  # downwards: d[S_DP + x - j] still holds the units before u
            v = d[S_DP + x] + d[S_GAIN + u * (KMAX + 1)]
            for j in range(1, x + 1):
                if d[S_DP + x - j] + d[S_GAIN + u * (KMAX + 1) + j] > v:
                    v = d[S_DP + x - j] + d[S_GAIN + u * (KMAX + 1) + j]
            d[S_DP + x] = v
    return d[S_DP + c]


def _gc_pay(place):
    """The least a seat at ``place`` on the controlling guild's track is paid at a block's
    guild count: 4, 2, 1 (7 alone, 4 and 2 for two), nothing from 4th."""
    return 4 if place == 1 else 2 if place == 2 else 1 if place == 3 else 0


def _value_gain(k, d, empt):
    """The most ``empt`` empty spaces of a block can add to its value: the dearest tiles
    still to come first (``d[S_AV]``: minstrels not on the board, ``d[S_AV + 1]``: taverns
    left, ``d[S_AV + 2]``: markets not on the board; a building adds nothing)."""
    gain: cython.int = 0
    n: cython.int = 0
    i: cython.int
    r: cython.int
    take: cython.int
    best: cython.int
    used: cython.int = 0  # bit i: kind i already counted
    while n < empt:
        best = -1
        for i in range(3):
            if not (used >> i) & 1 and d[S_AV + i] > 0 and _kind_value(k, i) > 0:
                if best < 0 or _kind_value(k, i) > _kind_value(k, best):
                    best = i
        if best < 0:
            break
        used |= 1 << best
        r = empt - n
        take = d[S_AV + best] if d[S_AV + best] < r else r
        gain += take * _kind_value(k, best)
        n += take
    return gain


def _kind_value(k, i):
    """What a minstrel (0), a tavern (1) or a market (2) adds to its block's value."""
    return k.values[2] if i == 0 else k.values[3] if i == 1 else k.values[1]


def cag_bounds(k, b, lo, hi):
    """Bounds on every seat's final money into ``lo``/``hi``; the number of seats, or 0."""
    P: cython.int = k.players
    ph: cython.int = b[k.o_phase]
    E: cython.int = 0
    first: cython.int
    s: cython.int
    t: cython.int
    p: cython.int
    q: cython.int
    g: cython.int
    blk: cython.int
    i: cython.int
    j: cython.int
    a: cython.int
    u: cython.int
    nc: cython.int
    v: cython.int
    empt: cython.int
    left: cython.int
    place: cython.int
    top: cython.int
    gc: cython.int
    cp: cython.int
    pp: cython.int
    pq: cython.int
    need: cython.int
    U: cython.int
    emask: cython.int = 0
    vnow: cython.int
    lone: cython.bint
    same: cython.bint
    d: cython.int[::1]
    bld: cython.p_int = k.bld
    cnt: cython.p_int = k.cnt
    near: cython.p_int = k.stack  # per chain: next to an empty space (scoring scratch, free after _chains)
    gcode: cython.p_int = k.order  # per seat: its guild-count pays, 3 bits a guild (scoring scratch)
    c: cython.int
    if (ph != DRAW and ph != PLACE) or b[k.o_setupleft] > 0:
        return 0
    for s in range(k.S):
        if b[k.o_tile + s] == EMPTY:
            E += 1
            emask |= 1 << k.block_of[s]
    if ph == PLACE:  # the face-up refill before a turn (chance) feeds only draws that no longer count
        return -1 if E <= P and k.need_refill(b) else 0
    # a draw: it no longer counts when the drawing seat places no more
    same = E < P
    first = (b[k.o_cur] + 1) % P
    if E <= ENDINGS and same:  # every placer left holds its tiles already
        if cag_endings(k, b, lo, hi, True) > 0:
            return -P - 1
    if k.B > MAXU or P > 7 or k.S > MAXS:  # beyond the scratch (the rules have up to 5 seats)
        return -1 if same else 0
    if _scratch[0] is None:  # calls Python: the module's scratch list
        _scratch[0] = np.zeros(SCRATCH, dtype=np.intc)  # calls Python: numpy (once)
    d = _scratch[0]  # calls Python: a memoryview of the scratch
    # what is not on the board yet: each guild's tiles, minstrels, markets (and taverns left)
    for g in range(NG):
        d[S_LEFT + g] = k.totals[2 * g] + k.totals[2 * g + 1]
    d[S_AV] = k.totals[MINSTREL]
    d[S_AV + 1] = b[k.o_tavleft]
    d[S_AV + 2] = 0
    for g in range(NG):
        d[S_AV + 2] += k.totals[2 * g + 1]
    for s in range(k.S):
        t = b[k.o_tile + s]
        if t == MINSTREL:
            d[S_AV] -= 1
        elif t < 8:
            d[S_LEFT + t // 2] -= 1
            if t % 2 == 1:
                d[S_AV + 2] -= 1
    for p in range(P):
        left = b[k.o_men + p] - 2 * _turns(first, E, P, p)
        lo[p] = b[k.o_money + p] - b[k.o_men + p]
        hi[p] = b[k.o_money + p] - (left if left > 0 else 0)
        gcode[p] = 0
    # the final guild count
    nc = k._chains(b, k.comp, k.csize, k.cmask, k.cguild)
    for c in range(nc):
        near[c] = 0
    for s in range(k.S):
        if b[k.o_tile + s] == EMPTY:
            for i in range(4):
                t = k.adj[s * 4 + i]
                if t >= 0 and k.comp[t] >= 0:
                    near[k.comp[t]] = 1
    for g in range(NG):
        d[S_VLO + g] = _guild_value(k, b, d, g, nc, E, near, emask, True, False)
        d[S_VHI + g] = _guild_value(k, b, d, g, nc, E, near, emask, False, True)
        d[S_CTL + g] = 0  # open blocks the guild surely controls
        if E <= EMAX:  # the highest value with n new tiles, for _final_most
            for j in range(E + 1):
                d[S_VN + g * (EMAX + 1) + j] = _guild_value(k, b, d, g, nc, j, near, emask, False, False)
        for p in range(P):
            place = _track(k, b, g, p, first, E, False)
            # what the seat's place pays at most at a block's guild count (3 bits a guild)
            t = 0 if place == 0 else 7 if place < 0 else 4 if place == 1 else 2 if place == 2 else 1 if place == 3 else 0
            gcode[p] |= t << (3 * g)
    # the blocks still to fill: their guild counts
    for blk in range(k.B):
        if b[k.o_done + blk]:
            continue
        empt = _block_census(k, b, blk, cnt)
        top = 0
        for g in range(NG):
            if cnt[g] > top:
                top = cnt[g]
        for g in range(NG):  # a guild with more tiles than any other can reach controls it
            t = 0
            for i in range(NG):
                if i != g:
                    a = cnt[i] + (d[S_LEFT + i] if d[S_LEFT + i] < empt else empt)
                    if a > t:
                        t = a
            if cnt[g] > t:
                d[S_CTL + g] += 1
        for p in range(P):
            gc = 0
            for g in range(NG):  # a guild that can still have the most tiles
                a = cnt[g] + (d[S_LEFT + g] if d[S_LEFT + g] < empt else empt)
                if a == 0 or a < top:
                    continue
                t = (gcode[p] >> (3 * g)) & 7
                if t > gc:
                    gc = t
            hi[p] += gc
    for p in range(P):
        # the tracks, least: the rivals spend their tiles to pass the seat (one guild a tile)
        for q in range(P):
            d[S_CAP + q] = _turns(first, E, P, q)
        U = 0
        for g in range(NG):
            pp = b[k.o_inv + g * P + p]
            if pp == 0:
                continue  # off the track: paid nothing, whatever happens
            for q in range(P):
                pq = b[k.o_inv + g * P + q]
                if q == p:
                    d[S_COST + U * P + q] = BIG
                elif pq > 0 and k.track_before(b, g, q, p):
                    d[S_COST + U * P + q] = 0
                else:
                    d[S_COST + U * P + q] = (pp - pq) // 2 + 1  # two spaces a tile, past its space
            d[S_UCAP + U] = d[S_LEFT + g] if d[S_LEFT + g] < E else E  # the guild's tiles to come
            for a in range(P):
                d[S_PAY + U * (P + 1) + a] = (_pay(d[S_VLO + g], a + 1) if d[S_VLO + g] > 0 else 0) + d[S_CTL + g] * _gc_pay(a + 1)
            d[S_PAY + U * (P + 1) + P] = 0
            U += 1
        lo[p] += _least(d, U, P, p)
        # the tracks, most: the seat spends its tiles to move up (the final count only)
        cp = _turns(first, E, P, p)
        if E <= EMAX and cp <= KMAX:
            hi[p] += _final_most(k, b, d, p, E, cp)
        else:
            for g in range(NG):
                for j in range(KMAX + 1):
                    a = cp if j == KMAX or j > cp else j
                    d[S_GAIN + g * (KMAX + 1) + j] = _final_pay(k, b, g, p, d[S_VHI + g], a)
            hi[p] += _most(d, NG, cp)
        # the blocks' owners, least: the rivals spend buildings (a man each) to get ahead
        for q in range(P):
            t = _turns(first, E, P, q)
            d[S_CAP + q] = t if t < b[k.o_men + q] else b[k.o_men + q]
        U = 0
        for blk in range(k.B):
            if b[k.o_done + blk]:
                continue
            k._block_counts(b, blk, bld, k.menc)
            if bld[p] == 0:
                continue
            empt = _block_census(k, b, blk, cnt)
            for q in range(P):
                if q == p:
                    d[S_COST + U * P + q] = BIG
                elif bld[q] > bld[p] or (bld[q] == bld[p] and k.menc[q] >= k.menc[p]):
                    d[S_COST + U * P + q] = 0  # ahead or level now (the men, the cubes may favour it)
                else:
                    need = bld[p] - bld[q] if bld[p] > bld[q] else 1
                    d[S_COST + U * P + q] = need if need <= empt else BIG
            d[S_UCAP + U] = empt  # one building a space
            vnow = k._block_value(b, blk)
            for a in range(P + 1):
                d[S_PAY + U * (P + 1) + a] = _pay(vnow, a + 1)
            U += 1
        lo[p] += _least(d, U, P, p)
        # the blocks' owners, most: the seat's buildings (a man each) where they pay most
        t = _turns(first, E, P, p)
        cp = t if t < b[k.o_men + p] else b[k.o_men + p]
        U = 0
        for blk in range(k.B):
            if b[k.o_done + blk]:
                continue
            k._block_counts(b, blk, bld, k.menc)
            empt = _block_census(k, b, blk, cnt)
            v = k._block_value(b, blk) + _value_gain(k, d, empt)
            lone = True
            for q in range(P):
                if q != p and bld[q] > 0:
                    lone = False
            for j in range(KMAX + 1):
                a = cp if j == KMAX or j > cp else j
                if a > empt:
                    a = empt
                t = 0
                if bld[p] + a > 0:  # its best place among the buildings
                    place = 1
                    for q in range(P):
                        if q != p and (bld[q] > bld[p] + a or (a == 0 and bld[q] == bld[p] and k.menc[q] > k.menc[p])):
                            place += 1
                    t = _pay_hi(v, place, lone)
                d[S_GAIN + U * (KMAX + 1) + j] = t
            U += 1
        hi[p] += _most(d, U, cp)
    return -P - 1 if same else P


def cag_free_words(k, b, out):
    """The words of a position its values no longer read (``Kernel.free_words``) into
    ``out``; how many.

    With ``E`` empty spaces the turns go round one a space, so the seats still to place
    are the next ``E`` from the one placing now (``PLACE``: the current seat first; at a
    ``DRAW`` or a tavern the current seat has placed, so the next one first; a tavern
    filling a space only ends it sooner).  Once no draw that follows can feed a seat that
    places again (``E < P``, or ``E <= P`` before a placement: the seat drawing next then
    draws with fewer spaces than seats) the draws and refills are steps that change
    nothing (``cag_bounds``), and nothing else reads the face-up tiles, the piles or the
    deal counter.  A seat that places no more is read by nothing through its hand (its
    draws change nothing; placements read the placer's hand), and no seat's ``known``
    words (what the others saw drawn) are read by a move, a chance outcome or the money:
    they serve the views.  So two positions differing only in these words have the same
    moves that count, in the same order, with the same money: the same values.  Free:
    ``face``, ``supply``, ``dealt``, every seat's ``known``, and ``hand`` and ``hsize`` of
    the seats that place no more.  None during the setup or elsewhere."""
    P: cython.int = k.players
    ph: cython.int = b[k.o_phase]
    E: cython.int = 0
    s: cython.int
    i: cython.int
    p: cython.int
    first: cython.int
    n: cython.int = 0
    if (ph != DRAW and ph != PLACE and ph != TAVERN_PH) or b[k.o_setupleft] > 0:
        return 0
    for s in range(k.S):
        if b[k.o_tile + s] == EMPTY:
            E += 1
    first = b[k.o_cur] if ph == PLACE else (b[k.o_cur] + 1) % P
    if E > P or (E == P and ph != PLACE):
        return 0
    for i in range(NFACE):
        out[n] = k.o_face + i
        n += 1
    for i in range(NK):
        out[n] = k.o_supply + i
        n += 1
    out[n] = k.o_dealt
    n += 1
    for i in range(P * NK):
        out[n] = k.o_known + i
        n += 1
    for p in range(P):
        if (p - first + P) % P < E:
            continue  # still places: its hand counts
        for i in range(NK):
            out[n] = k.o_hand + p * NK + i
            n += 1
        out[n] = k.o_hsize + p
        n += 1
    return n


def _final_pay(k, b, g, p, v, a):
    """The most seat ``p`` is paid on guild ``g`` at the final count, on a value of at most
    ``v``, after moving up with ``a`` of its tiles (two spaces each; reaching an occupied
    space ranks behind it): nothing off the track, the whole value alone on it."""
    P: cython.int = k.players
    pp: cython.int = b[k.o_inv + g * P + p]
    pq: cython.int
    q: cython.int
    place: cython.int = 1
    lone: cython.bint = True
    if v <= 0 or (pp == 0 and a == 0):
        return 0
    for q in range(P):
        pq = b[k.o_inv + g * P + q]
        if q != p and pq > 0:
            lone = False
            if k.track_before(b, g, q, p) and pp + 2 * a <= pq:
                place += 1
    return _pay_hi(v, place, lone)


def _final_most(k, b, d, p, E, cp):
    """The most seat ``p`` is paid at the final count: the ``E`` tiles still to come are
    shared between the guilds (``n`` new tiles of a guild: its value at most
    ``d[S_VN + g*(EMAX+1) + n]``), ``p`` placing at most ``cp`` of them, each moving it up one
    guild; the best split over the four guilds (a knapsack on both counts)."""
    g: cython.int
    n: cython.int
    j: cython.int
    x: cython.int
    y: cython.int
    v: cython.int
    w: cython.int = cp + 1
    best: cython.int
    for g in range(NG):  # the pays, once: d[S_FP + (g*(EMAX+1) + n)*(KMAX+1) + j]
        for n in range(E + 1):
            for j in range(cp + 1):
                d[S_FP + (g * (EMAX + 1) + n) * (KMAX + 1) + j] = _final_pay(k, b, g, p, d[S_VN + g * (EMAX + 1) + n], j)
    for x in range((E + 1) * w):
        d[S_DP + x] = 0  # the most with at most x // w new tiles, x % w of them the seat's
    for g in range(NG):
        for x in range(E, -1, -1):  # downwards: smaller entries still hold the guilds before g
            for y in range(cp, -1, -1):
                best = d[S_DP + x * w + y] + d[S_FP + g * (EMAX + 1) * (KMAX + 1)]
                for n in range(1, x + 1):
                    for j in range((n if n < y else y) + 1):
                        v = d[S_DP + (x - n) * w + y - j] + d[S_FP + (g * (EMAX + 1) + n) * (KMAX + 1) + j]
                        if v > best:
                            best = v
                d[S_DP + x * w + y] = best
    return d[S_DP + E * w + cp]


def _block_census(k, b, blk, cnt):
    """Guild tiles of block ``blk`` into ``cnt`` (per guild); returns its empty spaces."""
    empt: cython.int = 0
    g: cython.int
    i: cython.int
    t: cython.int
    for g in range(NG):
        cnt[g] = 0
    for i in range(k.block_first[blk], k.block_first[blk + 1]):
        t = b[k.o_tile + k.block_spaces[i]]
        if t == EMPTY:
            empt += 1
        elif t < 8:
            cnt[t // 2] += 1
    return empt
