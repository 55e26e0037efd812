"""City and Guilds: every ending of a draw close to the end played out, for the solver's bounds.

``cag_endings(k, b, lo, hi, incremental)`` writes into ``lo``/``hi`` the lowest
and highest final money of each seat over every ending of the draw ``b`` (at
most ``ENDINGS`` empty spaces, fewer than the seats: every seat still to place
holds its tiles already) and returns how many endings it saw; why these are
bounds is in :mod:`cython_ext.city_and_guilds_bounds` (``cag_bounds``).  The
kernel plays out each tile with each option on each empty space, and each tavern
or none; the draws and face-up refills between them change no money and are
skipped.

**The final count, incrementally.**  Tiles are only added, so the chains of an
ending's board are the chains of the draw's board joined through the tiles the
ending put on the draw's empty spaces.  The draw's chains are labelled once
(``_base_chains``: per chain its size, blocks, guild and value, each guild's
chains best first).  An ending's guild values (``_chain_values``) group its new
tiles of one guild (side by side, or both next to one of the draw's chains of
their guild), join each group with the draw's chains of that guild next to it (so
no chain joins two groups), and take as a guild's value the best of its groups and
of its first chain not joined (a chain not joined is unchanged).  "Best" is the rules'
order (``_chain_value``: most tiles, then the higher value), so the value is the
rules' full count of the ending's board -- tested against it on random late
positions (``tests/city_and_guilds/test_endings.py``, both modes).  With
``incremental`` the kernel's game end leaves the count to this module
(``count_final`` off while the endings play out) and the kernel pays it from
these values (``_pay_final``, the rules' payment); without, the kernel makes its
full count (the reference the tests compare with).

Why: most of the solver's time at 10-12 decisions from the end went to the
kernel's full count of the whole board's chains, once an ending, for the one or
two tiles an ending adds (docs/solver.md, Round 8).
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .city_and_guilds_layout import DRAW, EMPTY, END, MINSTREL, NG, NK, PLACE, TAVERN_PH  # noqa: F401
    from .city_and_guilds_scoring import chain_points, popcount
    from .kernel import ptr

    globals().update(enum_constants(__file__))

_work = [None]  # the endings' scratch rows, one per placement or tavern on the way
_chs = [None]  # the chains' scratch (rows R_*)


def _base_chains(k, b, ch):
    """Label the chains of board ``b`` into ``ch`` (rows ``R_*``) and list each guild's chains
    best first (most tiles, then the higher value); returns the chains."""
    nc: cython.int = k._chains(b, ptr(ch[R_COMP]), ptr(ch[R_SIZE]), ptr(ch[R_MASK]), ptr(ch[R_GUILD]))
    c: cython.int
    g: cython.int
    j: cython.int
    x: cython.int
    nb: cython.int
    n: cython.int = 0
    for c in range(nc):
        nb = popcount(ch[R_MASK, c])
        ch[R_VAL, c] = chain_points(ch[R_SIZE, c], nb)
        ch[R_MARK, c] = 0
    for g in range(NG):
        ch[R_MISC, C_FIRST + g] = n
        for c in range(nc):
            if ch[R_GUILD, c] != g:
                continue
            j = n  # insertion: after every chain at least as good
            while j > ch[R_MISC, C_FIRST + g]:
                x = ch[R_ORDER, j - 1]
                if ch[R_SIZE, x] > ch[R_SIZE, c] or (ch[R_SIZE, x] == ch[R_SIZE, c] and ch[R_VAL, x] >= ch[R_VAL, c]):
                    break
                ch[R_ORDER, j] = x
                j -= 1
            ch[R_ORDER, j] = c
            n += 1
    ch[R_MISC, C_FIRST + NG] = n
    ch[R_MISC, C_STAMP] = 0
    return nc


def _empties(k, b, ch):
    """The empty spaces of board ``b`` (at most ``ENDINGS``) into ``ch[R_MISC, C_EMPTY:]``, in
    order; how many.  Every ending fills only these."""
    n: cython.int = 0
    s: cython.int
    for s in range(k.S):
        if b[k.o_tile + s] == EMPTY and n < ENDINGS:
            ch[R_MISC, C_EMPTY + n] = s
            n += 1
    ch[R_MISC, C_NE] = n
    return n


def _chain_values(k, b, ch):
    """Each guild's final chain value of board ``b`` into ``ch[R_GVAL]``: the board of
    ``_base_chains`` with guild tiles added on its empty spaces (module docstring)."""
    stamp: cython.int = ch[R_MISC, C_STAMP] + 1
    n: cython.int = 0
    i: cython.int
    j: cython.int
    x: cython.int
    r: cython.int
    d: cython.int
    e: cython.int
    y: cython.int
    s: cython.int
    c: cython.int
    g: cython.int
    size: cython.int
    mask: cython.int
    nb: cython.int
    v: cython.int
    old: cython.int
    side: cython.bint
    ch[R_MISC, C_STAMP] = stamp
    for i in range(ch[R_MISC, C_NE]):
        s = ch[R_MISC, C_EMPTY + i]
        if b[k.o_tile + s] < 8:  # a guild tile (a building or a market)
            ch[R_MISC, C_NEW + n] = s
            ch[R_MISC, C_GRP + n] = n
            n += 1
    for i in range(n):  # the groups: new tiles of one guild joined, directly or through a chain
        s = ch[R_MISC, C_NEW + i]
        for j in range(i):
            x = ch[R_MISC, C_NEW + j]
            if b[k.o_tile + x] // 2 != b[k.o_tile + s] // 2 or ch[R_MISC, C_GRP + i] == ch[R_MISC, C_GRP + j]:
                continue
            side = False
            for d in range(4):  # side by side, or both next to one chain of their guild
                y = k.adj[s * 4 + d]
                if y == x:
                    side = True
                elif y >= 0 and ch[R_COMP, y] >= 0 and ch[R_GUILD, ch[R_COMP, y]] == b[k.o_tile + s] // 2:
                    for e in range(4):
                        if k.adj[x * 4 + e] >= 0 and ch[R_COMP, k.adj[x * 4 + e]] == ch[R_COMP, y]:
                            side = True
            if side:
                old = ch[R_MISC, C_GRP + i]
                for r in range(n):
                    if ch[R_MISC, C_GRP + r] == old:
                        ch[R_MISC, C_GRP + r] = ch[R_MISC, C_GRP + j]
    for g in range(NG):
        ch[R_GVAL, g] = 0
        ch[R_BSIZE, g] = 0
    for r in range(n):  # each group with the chains next to it
        size = 0
        mask = 0
        g = -1
        for i in range(n):
            if ch[R_MISC, C_GRP + i] != r:
                continue
            s = ch[R_MISC, C_NEW + i]
            g = b[k.o_tile + s] // 2
            size += 1
            mask |= 1 << k.block_of[s]
            for d in range(4):
                x = k.adj[s * 4 + d]
                if x < 0:
                    continue
                c = ch[R_COMP, x]  # -1 on a space empty before: a new tile, counted in its group
                if c >= 0 and ch[R_GUILD, c] == g and ch[R_MARK, c] != stamp:
                    ch[R_MARK, c] = stamp
                    size += ch[R_SIZE, c]
                    mask |= ch[R_MASK, c]
        if g < 0:
            continue
        nb = popcount(mask)
        v = chain_points(size, nb)
        if size > ch[R_BSIZE, g] or (size == ch[R_BSIZE, g] and v > ch[R_GVAL, g]):
            ch[R_BSIZE, g] = size
            ch[R_GVAL, g] = v
    for g in range(NG):  # the best chain not joined, unchanged
        for i in range(ch[R_MISC, C_FIRST + g], ch[R_MISC, C_FIRST + g + 1]):
            c = ch[R_ORDER, i]
            if ch[R_MARK, c] == stamp:
                continue
            if ch[R_SIZE, c] > ch[R_BSIZE, g] or (ch[R_SIZE, c] == ch[R_BSIZE, g] and ch[R_VAL, c] > ch[R_GVAL, g]):
                ch[R_BSIZE, g] = ch[R_SIZE, c]
                ch[R_GVAL, g] = ch[R_VAL, c]
            break


def _endings(k, w, ch, level, lo, hi, found):
    """Every ending from scratch row ``level`` (a draw, a placing turn or a tavern), each
    seat's placements from the hand it holds there, on any empty space: the lowest and highest
    money into ``lo``/``hi`` (``found``: endings seen before); returns the endings seen."""
    P: cython.int = k.players
    S: cython.int = k.S
    n: cython.int = k.size
    ph: cython.int = w[level, k.o_phase]
    seat: cython.int
    men: cython.int
    kind: cython.int
    opt: cython.int
    sp: cython.int
    e: cython.int
    p: cython.int
    m: cython.int
    if ph == END:
        if not k.count_final:  # the game's end left the count to us
            _chain_values(k, ptr(w[level]), ch)
            k._pay_final(ptr(w[level]), ptr(ch[R_GVAL]))
        for p in range(P):
            m = w[level, k.o_money + p]
            if found == 0 or m < lo[p]:
                lo[p] = m
            if found == 0 or m > hi[p]:
                hi[p] = m
        return found + 1
    if ph == DRAW:  # the drawn tile goes to a seat that places no more: skipped
        w[level, k.o_phase] = PLACE
        w[level, k.o_cur] = (w[level, k.o_cur] + 1) % P
        ph = PLACE
    seat = w[level, k.o_cur]
    if ph == TAVERN_PH:
        for e in range(-1, ch[R_MISC, C_NE]):  # -1: no tavern
            sp = -1 if e < 0 else ch[R_MISC, C_EMPTY + e]
            if sp >= 0 and w[level, k.o_tile + sp] != EMPTY:
                continue
            _copy(w, level, n)
            k.apply(w[level + 1], seat, 19 * S if sp < 0 else 18 * S + sp)  # the layout's moves
            found = _endings(k, w, ch, level + 1, lo, hi, found)
        return found
    men = w[level, k.o_men + seat]
    for kind in range(NK):
        if w[level, k.o_hand + seat * NK + kind] <= 0:
            continue
        for opt in range(2):
            if opt == 1 and not ((kind == MINSTREL and men >= 1) or (kind < 8 and kind % 2 == 0 and men >= 2)):
                continue
            for e in range(ch[R_MISC, C_NE]):  # the draw's empty spaces: no other is empty
                sp = ch[R_MISC, C_EMPTY + e]
                if w[level, k.o_tile + sp] != EMPTY:
                    continue
                _copy(w, level, n)
                k.apply(w[level + 1], seat, kind * 2 * S + sp * 2 + opt)
                found = _endings(k, w, ch, level + 1, lo, hi, found)
    return found


def _copy(w, level, n):
    """Scratch row ``level + 1`` = row ``level`` (``n`` words)."""
    i: cython.int
    if cython.compiled:
        memcpy(cython.address(w[level + 1, 0]), cython.address(w[level, 0]), n * cython.sizeof(cython.int))
    else:
        for i in range(n):
            w[level + 1, i] = w[level, i]


def cag_endings(k, b, lo, hi, incremental):
    """Every ending of the draw ``b`` (module docstring): the lowest and highest final money
    into ``lo``/``hi``; how many endings.  ``incremental``: the final count from the draw's
    chains and each ending's new tiles, else the kernel's full count."""
    w: cython.int[:, ::1]
    ch: cython.int[:, ::1]
    i: cython.int
    found: cython.int
    if _work[0] is None or _work[0].shape[1] < k.size:  # calls Python: the module's scratch list
        _work[0] = np.zeros((2 * ENDINGS + 2, k.size), dtype=np.intc)  # calls Python: numpy (once)
    w = _work[0]  # calls Python: a memoryview of the scratch
    if _chs[0] is None or _chs[0].shape[1] < max(k.S, COLS):  # calls Python: the module's scratch list
        _chs[0] = np.zeros((ROWS, max(k.S, COLS)), dtype=np.intc)  # calls Python: numpy (once)
    ch = _chs[0]  # calls Python: a memoryview of the scratch
    if cython.compiled:
        memcpy(cython.address(w[0, 0]), b, k.size * cython.sizeof(cython.int))
    else:
        for i in range(k.size):
            w[0, i] = b[i]
    _empties(k, b, ch)
    if not incremental:
        found = _endings(k, w, ch, 0, lo, hi, 0)
    else:
        _base_chains(k, b, ch)
        k.count_final = False
        try:
            found = _endings(k, w, ch, 0, lo, hi, 0)
        finally:
            k.count_final = True  # calls Python: the finally clause keeps an exception raised above
    return found


def endings_bounds(k, buf: cython.int[::1], lo: cython.int[::1], hi: cython.int[::1],
                   incremental: cython.bint = True) -> cython.int:
    """``cag_endings`` for Python callers and tests."""
    return cag_endings(k, ptr(buf), ptr(lo), ptr(hi), incremental)


def chain_values(k, base: cython.int[::1], buf: cython.int[::1], out: cython.int[::1]) -> None:
    """Each guild's final chain value of ``buf`` into ``out``, counted from the chains of
    ``base`` (the same board with at most ``ENDINGS`` spaces still empty) and the guild tiles
    ``buf`` adds on them: what the endings pay (for tests)."""
    g: cython.int
    ch: cython.int[:, ::1] = np.zeros((ROWS, max(k.S, COLS)), dtype=np.intc)
    _base_chains(k, ptr(base), ch)
    _empties(k, ptr(base), ch)
    _chain_values(k, ptr(buf), ch)
    for g in range(NG):
        out[g] = ch[R_GVAL, g]
