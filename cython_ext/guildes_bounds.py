"""Guildes: bounds on each seat's final votes, for the endgame solver.

``gu_bounds(k, b, lo, hi, d)`` writes, for a base-game position in the last
round's play phase, ``lo[i] <= final votes of i <= hi[i]`` for
every way the game can still go, and returns the number of seats; elsewhere
it writes none (0).  The solver settles a position (or a seat) where they
separate the seats (docs/solver.md, "What is solved").

The votes still to come are the last count, of the tables as they will be
after the last plays (shared/rules/guildes.md, "Counting Votes"); the
scores so far are known.  A seat's votes for a guild never fall when it
adds a card of that guild and never rise when another seat adds one, as
long as each guild's places pay less or the same from one place to the
next (``monotone``: the kernel asks for bounds only then).  The reason: a
tied group shares the sum of the places it occupies, divided by its size;
a seat that adds a card joins a group that sits at or above its old
place, so every place it now shares pays at least its old place's share,
and a seat that joins or leaves the group from below or above adds a lower
place to the shared sum or takes its highest away.  So the two bounds need
no search over the ways the seats' cards meet.  Each seat plays all but a
few of the cards in its hand (its ``slack``: the hand less its plays left),
so it surely plays at least ``hand[g] - slack`` of each guild ``g``:

* **highest**: the best ``c`` of the cards the seat can still add, ``c``
  its plays left, every other seat with its sure cards only (those on its
  table, the card it has chosen at this step, its sure plays).
* **lowest**: the worst ``c`` of the seat's cards, every other seat adding,
  in each guild independently, as many cards of it as it can (``min(its
  cards of that guild, its plays left)``): each guild's votes are then at
  their lowest, which no single continuation goes under.

Both are a knapsack over the guilds (``_extreme``) on the few cards the seat
keeps back (its slack: 2 or 1 with the rulebook's table), not on the many
it plays.  A guild's votes for each seat and each number kept back depend
only on that guild's column (each seat's cards there, and how many it may
keep back or still add), which a play step changes in a few guilds only:
each guild keeps the column it last valued and those votes (``_column``),
and values them again only when the column differs.

Only the last round's play phase gets bounds: in its draft a seat may
still take any card going round, and bounds that wide settled nothing
(measured: the same nodes); earlier rounds, the deal, and the variants (the
events change what is counted, the dirty tricks move cards between tables)
get none.

This file is compiled by Cython (declarations in ``guildes_bounds.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .guildes_count import MAXP
    from .guildes_layout import PLAY

    globals().update(enum_constants(__file__))


def monotone(values, places, G, militia, mvotes):
    """Whether the last round's places pay no more from one place to the next in every guild
    (and nothing negative), so that the bounds hold (module docstring).

    >>> import numpy as np
    >>> places = np.array([1, 2, 3], dtype=np.intc)        # one guild: 1, 2, 3 places a round
    >>> values = np.zeros(3 * 4, dtype=np.intc)
    >>> values[8:11] = [7, 4, 1]
    >>> monotone(values, places, 1, -1, 3)
    True
    >>> values[9] = 8
    >>> monotone(values, places, 1, -1, 3)
    False
    """
    if mvotes < 0:
        return False
    for g in range(G):
        if g == militia:
            continue
        last = 1 << 30
        for q in range(places[2 * G + g]):
            v = values[(2 * G + g) * MAXP + q]
            if v < 0 or v > last:
                return False
            last = v
    return True


def bounds_fit(n, G, dealt):
    """Whether ``n`` seats, ``G`` guilds and hands of ``dealt`` cards fit the scratch and its
    column keys."""
    return n <= MAXN and G <= MAXG and dealt < 16


def _votes(d, n, npl, vals, vbase, who):
    """Seat ``who``'s votes for one guild with ``d[S_CNT:S_CNT + n]`` cards, its places'
    values at ``vals[vbase:]``: the count's own rule
    (:func:`cython_ext.guildes_count.c_count_votes`), one guild, one seat.  A one-seat form
    of that count, not a call to it: calling it on a one-guild table cost 16% more of a
    solve's instructions (session 34); tests/guildes/test_bounds.py holds this one to the
    count's results (the last seat to choose gets exactly its fewest and most votes)."""
    c: cython.int = d[S_CNT + who]
    pos: cython.int = 0
    m: cython.int = 0
    i: cython.int
    q: cython.int
    top: cython.int
    total: cython.int = 0
    if c <= 0:
        return 0
    for i in range(n):
        pos += d[S_CNT + i] > c
        m += d[S_CNT + i] == c
    if pos >= npl:
        return 0
    top = pos + m
    if top > npl:
        top = npl
    for q in range(pos, top):
        total += vals[vbase + q]
    return total // m


def _column(k, d, g):
    """Guild ``g``'s votes for every seat, both bounds, each number of cards kept back
    (``S_GAIN``), valued again only if its column (``S_KEY``) changed since they were."""
    n: cython.int = k.n
    G: cython.int = k.G
    i: cython.int
    j: cython.int
    x: cython.int
    most: cython.int
    key: cython.int
    same: cython.bint = True
    at: cython.int
    for j in range(n):
        key = (d[S_FULL + j * MAXG + g] << 8) | (d[S_KEEP + j * MAXG + g] << 4) | d[S_EXTRA + j * MAXG + g]
        if d[S_KEY + g * MAXN + j] != key:
            d[S_KEY + g * MAXN + j] = key
            same = False
    if same:
        return
    for i in range(n):
        for most in range(2):
            at = S_GAIN + ((g * MAXN + i) * 2 + most) * KW
            if g == k.militia:
                for x in range(d[S_KEEP + i * MAXG + g] + 1):
                    d[at + x] = k.mvotes * (d[S_FULL + i * MAXG + g] - x)
                continue
            # the others: their sure cards (most), or all they can add (fewest)
            for j in range(n):
                d[S_CNT + j] = d[S_FULL + j * MAXG + g] - (
                    d[S_KEEP + j * MAXG + g] if most else d[S_EXTRA + j * MAXG + g])
            for x in range(d[S_KEEP + i * MAXG + g] + 1):
                d[S_CNT + i] = d[S_FULL + i * MAXG + g] - x
                d[at + x] = _votes(d, n, k.c_places[2 * G + g], k.c_values, (2 * G + g) * MAXP, i)


def _extreme(k, d, i, most):
    """Seat ``i``'s most (``most``) or fewest votes from the last count over the cards it keeps
    back, the others' counts fixed per guild (``_column``): a knapsack over the guilds where
    it may keep some back, ``dp[r]`` the best with exactly ``r`` kept back so far (``-BIG``
    for the most, ``BIG`` for the fewest, where no way exists yet: the seat's hand always
    holds its slack, so ``dp[slack]`` ends real); the other guilds add their one value."""
    G: cython.int = k.G
    slack: cython.int = d[S_SLACK + i]
    sign: cython.int = 1 if most else -1  # the fewest is minus the most of minus the votes
    g: cython.int
    x: cython.int
    r: cython.int
    a: cython.int
    v: cython.int
    best: cython.int
    at: cython.int
    fixed: cython.int = 0
    d[S_DP] = 0
    for r in range(1, slack + 1):
        d[S_DP + r] = -BIG
    for g in range(G):
        at = S_GAIN + ((g * MAXN + i) * 2 + most) * KW
        a = d[S_KEEP + i * MAXG + g]
        if a == 0:
            fixed += d[at]
            continue
        # the new row from the top down, so that dp[r - x] is still the old row's
        r = slack
        while r >= 0:
            best = d[S_DP + r] + sign * d[at]
            x = 1
            while x <= a and x <= r:
                v = d[S_DP + r - x] + sign * d[at + x]
                best = v if v > best else best
                x += 1
            d[S_DP + r] = best
            r -= 1
    return sign * d[S_DP + slack] + fixed


def gu_bounds(k, b, lo, hi, d):
    """Bounds on every seat's final votes in the last round's play phase (module docstring),
    base game only; the number of seats, or 0 where it writes none.  ``d`` is ``SCRATCH``
    words of scratch whose column keys start at -1 (``bounds_scratch``); the kernel asks only
    where ``bounds_fit`` and ``monotone`` hold."""
    n: cython.int = k.n
    G: cython.int = k.G
    phase: cython.int = b[k.o_phase]
    i: cython.int
    g: cython.int
    f: cython.int
    cap: cython.int
    slack: cython.int
    a: cython.int
    full: cython.int
    if k.ev_on or k.tr_on or b[k.o_round] != 2 or phase != PLAY:
        return 0
    for i in range(n):
        f = b[k.o_pending + i]
        if f < -1:  # a view (another seat's choice hidden): not a state
            return 0
        cap = k.k - b[k.o_step] - (f >= 0)  # plays left besides the card chosen at this step
        slack = -cap  # the cards of its hand it will not play
        for g in range(G):
            slack += b[k.o_kept + i * G + g]
        slack -= f >= 0
        if cap < 0 or slack < 0 or slack >= KW:  # not a state of the rules, or too much slack
            return 0
        d[S_SLACK + i] = slack
        for g in range(G):
            full = b[k.o_table + i * G + g] + b[k.o_kept + i * G + g]
            a = b[k.o_kept + i * G + g] - (f == g)
            if full >= FULLMAX or a < 0 or a >= 16:  # not a state of the rules, or past the keys
                return 0
            d[S_FULL + i * MAXG + g] = full
            d[S_KEEP + i * MAXG + g] = a if a < slack else slack
            d[S_EXTRA + i * MAXG + g] = a - cap if a > cap else 0
    for g in range(G):
        _column(k, d, g)
    for i in range(n):
        lo[i] = b[k.o_score + i] + _extreme(k, d, i, False)
        hi[i] = b[k.o_score + i] + _extreme(k, d, i, True)
    return n


def bounds_scratch(d):
    """Start ``d`` (``SCRATCH`` words) for ``gu_bounds``: no column valued yet."""
    i: cython.int
    for i in range(MAXG * MAXN):
        d[S_KEY + i] = -1
