"""City and Guilds: bounds on each seat's final money, for the endgame solver.

``cag_bounds(k, b, lo, hi)`` writes, for a position in the ``DRAW`` phase,
``lo[p] <= final money of p <= hi[p]`` for every way the game can still
go, and returns the number of seats (0 in the other phases: no bounds).  Money only changes at three events, each bounded
from the rules (shared/rules/city-and-guilds.md):

* **unused men** (-1 each at the end): a seat only loses men by placing its
  own tiles, at most two a tile, and it places at most one tile a turn, the
  turns going round the table from the seat to place next, one a space: at
  most ``R[p]`` more tiles with ``E`` empty spaces (taverns fill spaces too,
  which only lowers the count).  So the penalty lies in
  ``[-men, -max(0, men - 2 R)]``.
* **block counts** of the blocks not yet full (each is counted once, when it
  fills; the game ends when all are): the block's value can only grow by
  the dearest of a market, a minstrel's house or a tavern per empty space.
  Buildings with men are never removed and a seat adds at most one per
  tile it places there, so a rival with more buildings than the seat can
  reach stays ahead of it in the block (a placing player must surpass);
  the seat takes at most the pay of its best possible place (all of it
  when no other seat has a building there yet, else the two-player pay
  plus £1, the third's half).  The seat holding the white (black) cube
  keeps first (second) place unless a rival can reach its buildings, so it
  is paid at least first's (second's) standard pay on today's value.  The guild count goes to a guild whose tiles
  there plus the empty spaces reach the most tiles of any guild, and pays
  at most £7 (alone on its track), £4, £2 or £1 by the best track place
  the seat can reach when the block fills (below); at least nothing.
* **the final guild count**: a guild's value ``V`` is its largest chain's
  tiles plus the block bonus.  Chains only grow, so the final largest chain
  is either the current one unchanged (value at least today's ``V``) or
  larger (at least its size + 2): ``V >= min(V now, size + 2)``.  And the
  final largest chain is either a chain of today unchanged, or holds new
  tiles -- at most ``L = min(E, the guild's tiles not on the board)`` of
  them, all on spaces empty today -- and then only chains of today next to
  a space empty today: ``V <= max(the highest value of a chain today,
  their sizes + L + the bonus of their blocks and the empty spaces'
  blocks)``.  Track places: a cube only moves forward, by its owner's
  tiles, at most two spaces a tile, and reaching an occupied space ranks
  behind it.  So a rival is surely ahead of ``p`` if it is ahead now and
  ``p`` cannot pass it (``pos[p] + 2 R[p] <= pos[q]``), and may end ahead if
  it is ahead now or can move past (``pos[q] + 2 R[q] > pos[p]``).  The pay
  is monotone in ``V`` and in the place, and the one- and two-player
  payouts are never below the standard ones, so the lower bound is the
  standard pay (halves rounded up, nothing from 4th) of the worst place at
  the lowest ``V`` (only for a seat already on the track), and the upper
  bound the pay of the best place at the highest ``V``, the whole value when
  no other seat is on the track yet.

The bounds are written at the draw that ends a turn (the phase before the
next seat's tile; a placing turn has the same board, so asking there too
found no more: City and Guilds 3p, 7 decisions from the end).  With at most
``ENDINGS`` (3) empty spaces left, no more than the seats, they are the
lowest and highest money over every ending instead: each seat still to
place holds its tiles already (a seat draws after its own placement, and
none places twice) but for the seat drawing now, which places last when
the spaces equal the seats and then holds its hand plus the face-up tile
it takes (each is tried).  The kernel plays out each tile with each option
the placer's men allow on each empty space, and each tavern or none, to
the final count -- the other draws and the face-up refills change no
money and are skipped.  Exact with one space left (it is the only
target); with two, a tile may be tried on a space the adjacency rule
would refuse (looser, never wrong).

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

    from .city_and_guilds_layout import DRAW, EMPTY, END, MINSTREL, NG, NK, PLACE, TAVERN_PH  # noqa: F401
    from .city_and_guilds_scoring import half_up, popcount

    globals().update(enum_constants(__file__))

_work = [None]  # the endings' scratch rows, one per placement or tavern on the way


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


def _guild_value(k, g, nc, E, near, emask, lo):
    """Guild ``g``'s final chain value: its lowest (``lo``) or highest possible, from the
    ``nc`` chains ``_chains`` wrote; ``near[c]``: chain ``c`` is next to an empty space."""
    on: cython.int = 0
    size: cython.int = 0
    c: cython.int
    v: cython.int
    nb: cython.int
    vhi: cython.int = 0
    msum: cython.int = 0
    mask: cython.int = emask
    left: cython.int
    for c in range(nc):
        if k.cguild[c] != g:
            continue
        on += k.csize[c]  # every tile of the guild is in one of its chains
        if k.csize[c] > size:
            size = k.csize[c]
        nb = popcount(k.cmask[c])
        v = k.csize[c] + nb * (nb + 1) // 2
        if v > vhi:
            vhi = v  # a chain of today, unchanged
        if near[c]:  # new tiles may join it
            msum += k.csize[c]
            mask |= k.cmask[c]
    left = k.totals[2 * g] + k.totals[2 * g + 1] - on  # tiles of the guild not on the board
    if left > E:
        left = E
    if left <= 0:
        return k._chain_value(nc, g)
    if lo:
        v = k._chain_value(nc, g)
        return v if v < size + 2 else size + 2
    nb = popcount(mask)
    v = msum + left + nb * (nb + 1) // 2
    return v if v > vhi else vhi


def _endings(k, w, level, lo, hi, found, again):
    """Every ending from scratch row ``level`` (a draw, a placing turn or a tavern), each
    seat's placements from the hand it holds there, on any empty space: the lowest and highest
    money into ``lo``/``hi`` (``found``: endings seen before); returns the endings seen.
    ``again``: the seat drawing at row 0 places the last tile (each face-up tile it may take)."""
    P: cython.int = k.players
    S: cython.int = k.S
    n: cython.int = k.size
    ph: cython.int = w[level, k.o_phase]
    seat: cython.int
    men: cython.int
    kind: cython.int
    opt: cython.int
    sp: cython.int
    i: cython.int
    p: cython.int
    m: cython.int
    if ph == END:
        for p in range(P):
            m = w[level, k.o_money + p]
            if found == 0 or m < lo[p]:
                lo[p] = m
            if found == 0 or m > hi[p]:
                hi[p] = m
        return found + 1
    if ph == DRAW and level == 0 and again:
        # the drawing seat places the last tile: each face-up tile it may take (the refill
        # after it only feeds draws of seats that place no more)
        seat = w[level, k.o_cur]
        for i in range(3):
            kind = w[level, k.o_face + i]
            if kind == EMPTY or (i > 0 and w[level, k.o_face] == kind) or (i > 1 and w[level, k.o_face + 1] == kind):
                continue
            for sp in range(n):
                w[level + 1, sp] = w[level, sp]
            k.apply(w[level + 1], seat, 19 * S + 1 + i)  # the layout's draw of face-up slot i
            found = _endings(k, w, level + 1, lo, hi, found, again)
        return found
    if ph == DRAW:  # the drawn tile goes to a seat that places no more: skipped
        w[level, k.o_phase] = PLACE
        w[level, k.o_cur] = (w[level, k.o_cur] + 1) % P
        ph = PLACE
    seat = w[level, k.o_cur]
    if ph == TAVERN_PH:
        for sp in range(-1, S):  # -1: no tavern
            if sp >= 0 and w[level, k.o_tile + sp] != EMPTY:
                continue
            for i in range(n):
                w[level + 1, i] = w[level, i]
            k.apply(w[level + 1], seat, 19 * S if sp < 0 else 18 * S + sp)  # the layout's moves
            found = _endings(k, w, level + 1, lo, hi, found, again)
        return found
    men = w[level, k.o_men + seat]
    for kind in range(NK):
        if w[level, k.o_hand + seat * NK + kind] <= 0:
            continue
        for opt in range(2):
            if opt == 1 and not ((kind == MINSTREL and men >= 1) or (kind < 8 and kind % 2 == 0 and men >= 2)):
                continue
            for sp in range(S):
                if w[level, k.o_tile + sp] != EMPTY:
                    continue
                for i in range(n):
                    w[level + 1, i] = w[level, i]
                k.apply(w[level + 1], seat, kind * 2 * S + sp * 2 + opt)
                found = _endings(k, w, level + 1, lo, hi, found, again)
    return found


def cag_bounds(k, b, lo, hi):
    """Bounds on every seat's final money into ``lo``/``hi``; the number of seats, or 0."""
    P: cython.int = k.players
    ph: cython.int = b[k.o_phase]
    E: cython.int = 0
    first: cython.int
    gain: cython.int
    s: cython.int
    t: cython.int
    p: cython.int
    q: cython.int
    g: cython.int
    blk: cython.int
    i: cython.int
    nc: cython.int
    v: cython.int
    empt: cython.int
    left: cython.int
    place: cython.int
    reach: cython.int
    top: cython.int
    gc: cython.int
    emask: cython.int = 0
    vnow: cython.int
    lone: cython.bint
    w: cython.int[:, ::1]
    bld: cython.p_int = k.bld
    cnt: cython.p_int = k.cnt
    near: cython.p_int = k.stack  # per chain: next to an empty space (scoring scratch, free after _chains)
    gcode: cython.p_int = k.order  # per seat: its guild-count pays, 3 bits a guild (scoring scratch)
    c: cython.int
    if ph != DRAW:
        return 0
    if b[k.o_setupleft] > 0:
        return 0
    for s in range(k.S):
        if b[k.o_tile + s] == EMPTY:
            E += 1
            emask |= 1 << k.block_of[s]
    first = b[k.o_cur] if ph == PLACE else (b[k.o_cur] + 1) % P
    if E <= ENDINGS and E <= P:  # every placer left holds its tiles already (or draws now)
        if _work[0] is None or _work[0].shape[1] < k.size:  # calls Python: the module's scratch list
            _work[0] = np.zeros((2 * ENDINGS + 2, k.size), dtype=np.intc)  # calls Python: numpy (once)
        w = _work[0]  # calls Python: a memoryview of the scratch
        for i in range(k.size):
            w[0, i] = b[i]
        if _endings(k, w, 0, lo, hi, 0, E == P) > 0:
            return P
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
        v = _guild_value(k, g, nc, E, near, emask, True)
        if v > 0:
            for p in range(P):
                place = _track(k, b, g, p, first, E, True)
                if place > 0:
                    lo[p] += _pay(v, place)
        v = _guild_value(k, g, nc, E, near, emask, False)
        for p in range(P):
            place = _track(k, b, g, p, first, E, False)
            if place == 0:
                continue
            if v > 0:
                hi[p] += _pay_hi(v, place if place > 0 else 1, place < 0)
            # what the seat's place pays at most at a block's guild count (3 bits a guild)
            t = 7 if place < 0 else 4 if place == 1 else 2 if place == 2 else 1 if place == 3 else 0
            gcode[p] |= t << (3 * g)
    # the blocks still to fill
    gain = k.values[1]
    for i in range(2, 4):
        if k.values[i] > gain:
            gain = k.values[i]
    if gain < 0:
        gain = 0
    for blk in range(k.B):
        if b[k.o_done + blk]:
            continue
        empt = 0
        for g in range(NG):
            cnt[g] = 0
        for i in range(k.block_first[blk], k.block_first[blk + 1]):
            t = b[k.o_tile + k.block_spaces[i]]
            if t == EMPTY:
                empt += 1
            elif t < 8:
                cnt[t // 2] += 1
        top = 0
        for g in range(NG):
            if cnt[g] > top:
                top = cnt[g]
        vnow = k._block_value(b, blk)
        v = vnow + gain * empt
        k._block_counts(b, blk, bld, k.menc)
        for p in range(P):
            reach = _turns(first, E, P, p)
            if reach > empt:
                reach = empt
            if bld[p] + reach > 0:  # the block count: its best place among the buildings
                place = 1
                lone = True
                for q in range(P):
                    if q != p and bld[q] > 0:
                        lone = False
                        if bld[q] > bld[p] + reach:
                            place += 1
                hi[p] += _pay_hi(v, place, lone)
            # white or black now: stays ahead of whoever cannot reach its buildings
            place = 0
            if b[k.o_white + blk] == p + 1:
                place = 1
            elif b[k.o_black + blk] == p + 1:
                place = 2
            if place > 0:
                for q in range(P):
                    if q == p or q + 1 == b[k.o_white + blk]:
                        continue
                    reach = _turns(first, E, P, q)
                    if reach > empt:
                        reach = empt
                    if bld[q] + reach >= bld[p]:
                        place += 1
                if place <= 2:
                    lo[p] += _pay(vnow, place)
            gc = 0
            for g in range(NG):  # the guild count: a guild that can still have the most tiles
                if cnt[g] + empt == 0 or cnt[g] + empt < top:
                    continue
                t = (gcode[p] >> (3 * g)) & 7
                if t > gc:
                    gc = t
            hi[p] += gc
    return P
