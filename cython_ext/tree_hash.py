"""Hashing of the search tree's keys: a node's key folds what its owner observed.

``fold`` folds one observed event (an actor and what the owner saw of its move)
into a running 64-bit key, ``mix64`` spreads a key's bits (the child table's
slots, the view hash mixed into a key), ``words_hash`` hashes a seat's view
(the buffer's words from ``HEADER``) and ``view_hash`` is its Python entry, the
hash a later search looks its root up by (``Search.find_node``).  C wraps the
unsigned arithmetic modulo 2**64; interpreted, every product is masked so the
two modes give the same keys.

>>> import numpy
>>> view_hash(numpy.zeros(6, dtype=numpy.intc), 6) == view_hash(numpy.zeros(6, dtype=numpy.intc), 6)
True
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

MASK64 = (1 << 64) - 1
HASH_MUL = cython.declare(cython.ulonglong, 0x100000001B3)  # odd multiplier of the view hash polynomial

if not cython.compiled:
    from .kernel import HEADER, ptr
    from .tree_memory import uptr

    # Compiled, ``mix64`` and ``fold`` are the .pxd's inline bodies (every module of the
    # loop folds keys: inlined there, not called through a pointer); these are their
    # interpreted twins, every product masked as C wraps it (tests/search/test_twins.py
    # compares the keys and trees of the two modes).
    MIX1 = 0xBF58476D1CE4E5B9
    MIX2 = 0x94D049BB133111EB

    def mix64(z):
        """splitmix64 finaliser: spreads the bits of a 64-bit key."""
        z &= MASK64
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def fold(h, actor, code):
        """Fold one observed event ``(actor, code)`` into the running key ``h``: the actor
        (>= -1, chance) plus 2 above the code read as an unsigned 32-bit word."""
        return mix64(h ^ (((actor + 2) << 32) + (code & 0xFFFFFFFF)))


def words_hash(b, pw, size):
    """Hash of buffer words ``HEADER:size`` (a seat's view): sum of the words (as
    unsigned 32-bit) times the powers ``pw`` of ``HASH_MUL``, modulo 2**64."""
    i: cython.int
    h: cython.ulonglong = 0
    if cython.compiled:
        for i in range(HEADER, size):
            h += cython.cast(cython.ulonglong, cython.cast(cython.uint, b[i])) * pw[i]
    else:  # the same sum, vectorised (numpy's uint64 wraps like C)
        words = (np.asarray(b[HEADER:size], dtype=np.int64) & 0xFFFFFFFF).astype(np.uint64)
        h = int((words * pw[HEADER:size]).sum(dtype=np.uint64))
    return mix64(h)


_POW: dict = {}


def powers(size):
    """``HASH_MUL ** i`` modulo 2**64 for ``i < size`` (a shared, read-only uint64 array)."""
    if size not in _POW:
        p = np.zeros(max(size, 1), dtype=np.ulonglong)
        x = 1
        for i in range(size):
            p[i] = x
            x = (x * HASH_MUL) & MASK64
        _POW[size] = p
    return _POW[size]


def view_hash(buf, size: cython.int):
    """The view hash the tree stores on a node, of a seat's view ``buf`` (``find_node`` looks it up)."""
    b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
    pw: cython.ulonglong[::1] = powers(size)
    return words_hash(ptr(b), uptr(pw), size)
