"""The endgame solver's transposition table: fixed size, compact keys.

Not a game kernel: the table of :mod:`search.solver`, compiled because the
solver probes it at every node.  Sized once from a budget in megabytes and
never grown.

Key: two independent 64-bit hashes of the state buffer, each the sum over
the words of ``word * multiplier[position]`` (random odd multipliers, sums
modulo 2**64) passed through the splitmix64 finaliser.  The first picks a
two-slot bucket (``bucket_of``: any number of buckets, the whole budget), the second is stored and compared (the verification), so
two positions are confused only if both collide.  Interpreted, numpy
computes the same sums, so both modes give the same keys.

Entry: 64-bit words side by side in one array (a probe reads one or two
cache lines, and a bucket of two 32-byte entries, two seats, is one line):
the verification key, a word of subtree size << 2 | bound flag, and one
float64 value per seat: 8 * (2 + players) bytes, 64 for six players; seven
or more players store float32 values, two to a word (48 bytes for seven).  A store
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


def bucket_of(z, buckets):
    """Bucket of hash ``z`` among ``buckets`` (below 2**32): the top 32 bits scaled to the
    count (a multiply and a shift, as Lemire's range reduction), so the count need not be a
    power of two and the table fills its whole budget."""
    return ((z >> 32) * buckets) >> 32


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


def _aligned(words: int) -> np.ndarray:
    """``words`` zeroed 64-bit words starting on a 64-byte line (so a two-slot bucket of
    32-byte entries is one cache line)."""
    raw = _zeros(words + 8, np.uint64)
    off = (-raw.ctypes.data % 64) // 8
    return raw[off:off + words]


@cython.cclass
class SolverTable:
    """Fixed-size two-way table from state buffers of ``size`` words to value vectors."""

    def __init__(self, players: int, megabytes: float, size: int) -> None:
        self.players = players
        self.size = size
        self.single = players > 6
        # one entry = whole 64-bit words side by side (one probe touches one or two cache
        # lines, not one per array): key, meta, then the values
        self.w = 2 + ((players + 1) // 2 if self.single else players)
        self.entry_bytes = 8 * self.w
        budget = int(megabytes * (1 << 20)) - 16 * size - 64  # the multipliers and the alignment count too
        slots = budget // self.entry_bytes
        buckets = max(1, min(slots // 2, (1 << 32) - 1))  # bucket_of scales a hash to any count
        self.buckets = buckets
        self.capacity = 2 * buckets
        ent = _aligned(self.capacity * self.w)  # a key of 0 marks an empty slot
        mul1, mul2 = _multipliers(size, 1), _multipliers(size, 2)
        self._arrays = (ent, mul1, mul2)  # kept alive behind the views
        self.ent = ent
        self.entd = ent.view(np.float64)
        self.entf = ent.view(np.float32)
        self.mul1, self.mul2 = mul1, mul2
        self.nbytes = (ent.nbytes + 64) + mul1.nbytes + mul2.nbytes
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
            h1 = int((words * arrays[1]).sum(dtype=np.uint64))
            h2 = int((words * arrays[2]).sum(dtype=np.uint64))
        else:
            for i in range(self.size):
                w = cython.cast(cython.ulonglong, cython.cast(cython.longlong, buf[i]))
                h1 += w * self.mul1[i]
                h2 += w * self.mul2[i]
        return (bucket_of(mix64(h1), self.buckets), mix64(h2) | 1)  # never 0, the empty mark

    def get(self, key):
        """(values, flag) stored for ``key``, or None."""
        slot: cython.longlong = self.find(key[0], key[1])
        j: cython.int
        if slot < 0:
            return None
        v = tuple([float(self.value_at(slot, j)) for j in range(self.players)])
        return v, self.flag_at(slot)

    @cython.final
    def find(self, b, check):
        """The slot holding ``check`` in bucket ``b``, or -1 (the search loop's probe)."""
        slot: cython.longlong = 2 * b
        w: cython.longlong = self.w
        if self.ent[slot * w] == check:
            self.hits += 1
            return slot
        if self.ent[(slot + 1) * w] == check:
            self.hits += 1
            return slot + 1
        return -1

    @cython.final
    def value_at(self, slot, j):
        if self.single:
            return cython.cast(cython.double, self.entf[2 * (slot * self.w + 2) + j])
        return self.entd[slot * self.w + 2 + j]

    @cython.final
    def flag_at(self, slot):
        return cython.cast(cython.int, self.ent[slot * self.w + 1] & 3)

    @cython.final
    def _slot_for(self, b, check, work, flag):
        """The slot a store of ``check`` goes to (its key and meta word written): the same key,
        else an empty slot, else the one whose subtree cost fewer nodes."""
        a: cython.longlong = 2 * b
        c: cython.longlong = 2 * b + 1
        w: cython.longlong = self.w
        slot: cython.longlong
        ka: cython.ulonglong = self.ent[a * w]
        kc: cython.ulonglong = self.ent[c * w]
        if ka == check or ka == 0:
            slot = a
        elif kc == check or kc == 0:
            slot = c
        else:  # both taken by others: evict the cheaper one
            slot = a if (self.ent[a * w + 1] >> 2) <= (self.ent[c * w + 1] >> 2) else c
            self.replaced += 1
        self.stores += 1
        self.ent[slot * w] = check
        if work > WORK_MAX:
            work = WORK_MAX
        self.ent[slot * w + 1] = cython.cast(cython.ulonglong, (work << 2) | flag)
        return slot

    def put(self, key, value, work, flag):
        """Store ``value`` (one float per seat) for ``key`` with its subtree size and bound flag."""
        slot: cython.longlong = self._slot_for(key[0], key[1], work, flag)
        j: cython.int
        for j in range(self.players):
            if self.single:
                self.entf[2 * (slot * self.w + 2) + j] = value[j]
            else:
                self.entd[slot * self.w + 2 + j] = value[j]

    def store(self, b, check, value, work, flag):
        """:meth:`put` from the search loop: ``value`` a row of doubles."""
        slot: cython.longlong = self._slot_for(b, check, work, flag)
        j: cython.int
        for j in range(self.players):
            if self.single:
                self.entf[2 * (slot * self.w + 2) + j] = cython.cast(cython.float, value[j])
            else:
                self.entd[slot * self.w + 2 + j] = value[j]

    def clear(self):
        i: cython.longlong
        for i in range(self.capacity):
            self.ent[i * self.w] = 0

    def used(self):
        n: cython.longlong = 0
        i: cython.longlong
        for i in range(self.capacity):
            if self.ent[i * self.w] != 0:
                n += 1
        return n
