"""The endgame solver's transposition table: fixed size, compact keys.

Not a game kernel: the table of :mod:`search.solver`, compiled because the
solver probes it at every node.  Sized once from a budget in megabytes and
never grown.

Key: two independent 64-bit hashes of the state buffer, each the sum over
the words of ``word * multiplier[position]`` (random odd multipliers, sums
modulo 2**64) passed through the splitmix64 finaliser.  The first picks a
two-slot bucket, the second is stored and compared (the verification), so
two positions are confused only if both collide.  Interpreted, numpy
computes the same sums, so both modes give the same keys.

Entry: the verification key (8 bytes), one float64 value per seat and a
32-bit word (subtree size << 2 | bound flag): 8 + 8 * players + 4 bytes, 60
for six players; seven players store float32 values (40 bytes).  A store
overwrites the slot holding the same key, else an empty one, else the one
whose subtree cost fewer nodes (depth-preferred replacement).

>>> import numpy as np
>>> t = SolverTable(3, 1.0, 16)
>>> buf = np.arange(16, dtype=np.intc)
>>> k = t.key(buf)
>>> t.get(k) is None
True
>>> t.put(k, (0.5, 0.5, 0.0), 10, EXACT)
>>> t.get(k)
((0.5, 0.5, 0.0), 0)
>>> t.nbytes <= 1 << 20
True
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    from cython_ext.shim import enum_constants

    globals().update(enum_constants(__file__))

MASK64 = 0xFFFFFFFFFFFFFFFF
MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
WORK_MAX = cython.declare(cython.longlong, (1 << 30) - 1)


def mix64(z):
    """splitmix64's finaliser: every input bit reaches every output bit."""
    z = (z ^ (z >> 30)) * MIX1
    if not cython.compiled:
        z &= MASK64
    z = (z ^ (z >> 27)) * MIX2
    if not cython.compiled:
        z &= MASK64
    return z ^ (z >> 31)


def _zeros(n: int, dtype) -> np.ndarray:
    """Zeroed memory faulted in 4 KB pages as the table fills, not in the 2 MB huge pages numpy
    asks Linux for: faulting in a huge page can stall a store for milliseconds (compaction), far
    past the solver's deadline checks."""
    multiarray = getattr(getattr(np, "_core", None), "multiarray", None)
    set_huge = getattr(multiarray, "_set_madvise_hugepage", None)
    if set_huge is None:
        return np.zeros(n, dtype=dtype)
    before = set_huge(False)
    try:
        return np.zeros(n, dtype=dtype)
    finally:
        set_huge(before)


def _multipliers(n: int, seed: int) -> np.ndarray:
    out = np.empty(n, dtype=np.uint64)
    z = seed
    for i in range(n):
        z = (z + 0x9E3779B97F4A7C15) & MASK64
        out[i] = mix64(z) | 1
    return out


@cython.cclass
class SolverTable:
    """Fixed-size two-way table from state buffers of ``size`` words to value vectors."""

    def __init__(self, players: int, megabytes: float, size: int) -> None:
        self.players = players
        self.size = size
        self.single = players > 6
        self.entry_bytes = 8 + players * (4 if self.single else 8) + 4
        slots = (int(megabytes * (1 << 20)) - 16 * size) // self.entry_bytes  # the multipliers count too
        buckets = 1 << max(0, (slots // 2).bit_length() - 1)  # a power of two: a mask picks one
        self.mask = buckets - 1
        self.capacity = 2 * buckets
        keys = _zeros(self.capacity, np.uint64)  # 0 marks an empty slot
        meta = _zeros(self.capacity, np.uintc)
        vals = _zeros(self.capacity * players if not self.single else 1, np.float64)
        vals32 = _zeros(self.capacity * players if self.single else 1, np.float32)
        mul1, mul2 = _multipliers(size, 1), _multipliers(size, 2)
        self._arrays = (keys, meta, vals, vals32, mul1, mul2)  # kept alive behind the views
        self.keys, self.meta, self.vals, self.vals32 = keys, meta, vals, vals32
        self.mul1, self.mul2 = mul1, mul2
        self.nbytes = keys.nbytes + meta.nbytes + vals.nbytes + vals32.nbytes + mul1.nbytes + mul2.nbytes
        self.hits = self.stores = self.replaced = 0

    def key(self, buf):
        """(bucket, verification key) of a buffer of ``size`` words."""
        h1: cython.ulonglong = 0
        h2: cython.ulonglong = 0
        w: cython.ulonglong
        i: cython.int
        if buf.shape[0] != self.size:
            raise ValueError(f"a buffer of {buf.shape[0]} words in a table for {self.size}")
        if not cython.compiled:  # the same sums, vectorised (numpy wraps uint64 too)
            words = np.asarray(buf).astype(np.int64).astype(np.uint64)
            arrays = self._arrays
            h1 = int((words * arrays[4]).sum(dtype=np.uint64))
            h2 = int((words * arrays[5]).sum(dtype=np.uint64))
        else:
            for i in range(self.size):
                w = cython.cast(cython.ulonglong, cython.cast(cython.longlong, buf[i]))
                h1 += w * self.mul1[i]
                h2 += w * self.mul2[i]
        return (mix64(h1) & self.mask, mix64(h2) | 1)  # never 0, the empty mark

    def get(self, key):
        """(values, flag) stored for ``key``, or None."""
        slot: cython.longlong = self.find(key[0], key[1])
        j: cython.int
        if slot < 0:
            return None
        v = tuple([float(self.value_at(slot, j)) for j in range(self.players)])
        return v, self.flag_at(slot)

    def find(self, b, check):
        """The slot holding ``check`` in bucket ``b``, or -1 (the search loop's probe)."""
        slot: cython.longlong = 2 * b
        if self.keys[slot] == check or self.keys[slot + 1] == check:
            self.hits += 1
            return slot if self.keys[slot] == check else slot + 1
        return -1

    def value_at(self, slot, j):
        if self.single:
            return cython.cast(cython.double, self.vals32[slot * self.players + j])
        return cython.cast(cython.double, self.vals[slot * self.players + j])

    def flag_at(self, slot):
        return cython.cast(cython.int, self.meta[slot] & 3)

    def _slot_for(self, b, check, work, flag):
        """The slot a store of ``check`` goes to (its key and meta word written): the same key,
        else an empty slot, else the one whose subtree cost fewer nodes."""
        a: cython.longlong = 2 * b
        c: cython.longlong = 2 * b + 1
        slot: cython.longlong
        if self.keys[a] == check or self.keys[a] == 0:
            slot = a
        elif self.keys[c] == check or self.keys[c] == 0:
            slot = c
        else:  # both taken by others: evict the cheaper one
            slot = a if (self.meta[a] >> 2) <= (self.meta[c] >> 2) else c
            self.replaced += 1
        self.stores += 1
        self.keys[slot] = check
        if work > WORK_MAX:
            work = WORK_MAX
        self.meta[slot] = cython.cast(cython.uint, (work << 2) | flag)
        return slot

    def put(self, key, value, work, flag):
        """Store ``value`` (one float per seat) for ``key`` with its subtree size and bound flag."""
        slot: cython.longlong = self._slot_for(key[0], key[1], work, flag)
        j: cython.int
        for j in range(self.players):
            if self.single:
                self.vals32[slot * self.players + j] = value[j]
            else:
                self.vals[slot * self.players + j] = value[j]

    def store(self, b, check, value, work, flag):
        """:meth:`put` from the search loop: ``value`` a row of doubles."""
        slot: cython.longlong = self._slot_for(b, check, work, flag)
        j: cython.int
        for j in range(self.players):
            if self.single:
                self.vals32[slot * self.players + j] = cython.cast(cython.float, value[j])
            else:
                self.vals[slot * self.players + j] = value[j]

    def clear(self):
        i: cython.longlong
        for i in range(self.capacity):
            self.keys[i] = 0

    def used(self):
        n: cython.longlong = 0
        i: cython.longlong
        for i in range(self.capacity):
            if self.keys[i] != 0:
                n += 1
        return n
