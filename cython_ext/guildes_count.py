"""The Guildes vote count, and the tie rule of one event card.

Every round ends with a count of the cards in front of the seats: per guild
the most cards takes the first place's votes, the next count the next
place, and so on (the edition says how many places each guild pays in each
round and what each place is worth).  The Militia is not counted by places:
each Militia card is worth ``militia_votes``.

``c_count_votes`` and ``c_exclude_ties`` work on raw buffers for the rules
kernel (:mod:`cython_ext.guildes_rules`); their Python entry points
``count_votes`` and ``exclude_ties`` (the engine's heuristic and the tests
call them) are in :mod:`cython_ext.guildes`.

This file is compiled by Cython (declarations in ``guildes_count.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))


def c_count_votes(table, n, G, rnd, militia, mvotes, places, values, out):
    """Add the votes of one count to ``out[n]``.

    ``table[n*G]`` card counts; ``places[3*G]`` how many places each guild
    pays in each round; ``values[(3*G)*MAXP]`` the votes of each place.
    Tied players share the values of the places they occupy, rounded down;
    places beyond the guild's last pay nothing; one card is needed to score.

    From the most cards down, one level at a time, while the guild pays places;
    each pass over the seats is written as selections, not branches on the counts
    (compiled to conditional moves: branching on them mispredicted most of the time,
    11-12% of a built-in search's time before session 25).
    """
    g: cython.int
    i: cython.int
    c: cython.int
    npl: cython.int
    vbase: cython.int
    pos: cython.int
    level: cython.int
    best: cython.int
    m: cython.int
    total: cython.int
    q: cython.int
    share: cython.int
    hi: cython.int
    for g in range(G):
        if g == militia:
            for i in range(n):
                out[i] += mvotes * table[i * G + g]
            continue
        npl = places[rnd * G + g]
        vbase = (rnd * G + g) * MAXP
        pos = 0
        level = 1 << 30
        while pos < npl:
            # the next lower count held by anyone
            best = 0
            for i in range(n):
                c = table[i * G + g]
                c = c * (c < level)  # a product, not a select: gcc branched on c < level
                best = c if c > best else best
            if best == 0:
                break
            m = 0
            for i in range(n):
                m += table[i * G + g] == best
            # the m tied seats share the places pos .. pos + m - 1 (those that pay)
            hi = pos + m
            if hi > npl:
                hi = npl
            total = 0
            for q in range(pos, hi):
                total += values[vbase + q]
            share = total if m == 1 else total // m
            for i in range(n):
                out[i] += share * (table[i * G + g] == best)
            pos += m
            level = best


def c_exclude_ties(table, n, G, militia, mark):
    """Event "tied players are not counted": per guild, zero every count (of
    at least one card) that another player also has.  Militia untouched.
    ``mark[n]`` is scratch."""
    g: cython.int
    i: cython.int
    j: cython.int
    c: cython.int
    for g in range(G):
        if g == militia:
            continue
        for i in range(n):
            c = table[i * G + g]
            mark[i] = 0
            if c > 0:
                for j in range(n):
                    if j != i and table[j * G + g] == c:
                        mark[i] = 1
        for i in range(n):
            if mark[i]:
                table[i * G + g] = 0
