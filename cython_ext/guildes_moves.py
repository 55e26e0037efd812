"""Guildes' move numbers that are not guilds: a redistribution deal's
permutation number (``perm_decode``) and the bound on every move id
(``move_bound``).  The rules are in :mod:`cython_ext.guildes_rules` (the
layers from :mod:`cython_ext.guildes_layout`).

This file is compiled by Cython (declarations in ``guildes_moves.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
import numpy as np

try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from .kernel import ptr


def c_perm_decode(code, n, out, avail):
    """Permutation number ``code`` (0 <= code < n!) as out[i] = source seat of
    seat i (``avail[n]`` is scratch)."""
    i: cython.int
    j: cython.int
    f: cython.int = 1
    d: cython.int
    m: cython.int = n
    for i in range(n):
        avail[i] = i
    for i in range(2, n):
        f *= i
    for i in range(n):
        d = code // f
        code = code % f
        out[i] = avail[d]
        for j in range(d, m - 1):
            avail[j] = avail[j + 1]
        m -= 1
        if i < n - 1:
            f //= (n - 1 - i)


def perm_decode(code: cython.int, n: cython.int, out: cython.int[::1]) -> None:
    """The redistribution deal ``code`` as ``out[i]`` = the seat whose discard seat i receives.

    >>> out = np.zeros(3, dtype=np.intc)
    >>> perm_decode(3, 3, out)
    >>> [int(x) for x in out]
    [1, 2, 0]
    """
    avail = np.zeros(max(n, 1), dtype=np.intc)
    c_perm_decode(code, n, ptr(out), ptr(avail))


def move_bound(n: cython.int, G: cython.int, events: cython.int, tricks: cython.int, nevents: cython.int = 0) -> int:
    """An honest bound on move ids: guilds; the event draw (a chance outcome per
    event card, drawn in every game: its arrow gives the direction); n!
    redistribution deals; trick encodings.

    >>> move_bound(3, 4, 0, 0, 6)  # more event cards than guilds
    6
    """
    m: cython.int = max(G, nevents)
    f: cython.int = 1
    i: cython.int
    if events:
        for i in range(2, n + 1):
            f *= i
        m = max(m, f)
    if tricks:
        m = max(m, 1 + n * n * G * G, 16)
    return m
