"""A transposition table of fixed size: the solver's memory is its budget.

Keys are 128 bits of the SHA-1 digest of the state buffer (the fastest
hash in hashlib here, SHA-NI): 64 bits pick the bucket, the other 64 are stored and compared (the verification), so two
positions are confused only if 128 bits collide.  Each bucket has two
slots: a lookup checks both; a store overwrites the slot with the same key,
or else the slot whose subtree cost fewer nodes (depth-preferred
replacement, so the expensive results survive and cheap ones churn).

An entry is the key (8 bytes), one float64 value per seat and one 32-bit
word (subtree size, bound flag): 8 + 8 * players + 4 bytes, 60 bytes for six
players.  Seven players store float32 values (40 bytes) to keep under 64.

>>> import numpy as np
>>> t = TranspositionTable(players=3, megabytes=1)
>>> buf = np.arange(10, dtype=np.int32)
>>> k = t.key(buf)
>>> t.get(k) is None
True
>>> t.put(k, (0.5, 0.5, 0.0), work=10)
>>> t.get(k)
((0.5, 0.5, 0.0), 0)
>>> t.nbytes <= 1 << 20
True
"""
from __future__ import annotations

import hashlib
from typing import Optional

import numpy as np

EXACT, LOWER, UPPER = 0, 1, 2  # bound flags (LOWER/UPPER: alpha-beta cut-offs, seat 0's value)
_WORK_MAX = (1 << 30) - 1
MIN_MB, MAX_MB = 1, 65536


class TranspositionTable:
    """Fixed-size two-way table from state buffers to value vectors."""

    def __init__(self, players: int, megabytes: float = 64) -> None:
        if not MIN_MB <= megabytes <= MAX_MB:
            raise ValueError(f"memory must be {MIN_MB}-{MAX_MB} MB, not {megabytes}")
        self.players = players
        vtype = np.float64 if players <= 6 else np.float32
        self.entry_bytes = 8 + players * np.dtype(vtype).itemsize + 4
        slots = int(megabytes * (1 << 20)) // self.entry_bytes
        buckets = 1 << max(0, (slots // 2).bit_length() - 1)  # a power of two, so a mask picks one
        self.mask = buckets - 1
        self.keys = np.zeros(2 * buckets, dtype=np.uint64)  # 0 marks an empty slot
        self.vals = np.zeros((2 * buckets, players), dtype=vtype)
        self.meta = np.zeros(2 * buckets, dtype=np.uint32)  # work << 2 | flag
        self.hits = self.stores = self.replaced = 0

    @property
    def nbytes(self) -> int:
        return self.keys.nbytes + self.vals.nbytes + self.meta.nbytes

    @property
    def capacity(self) -> int:
        return len(self.keys)

    def key(self, buf: np.ndarray) -> tuple[int, int]:
        """(bucket, verification key) of a buffer."""
        d = hashlib.sha1(buf).digest()
        check = int.from_bytes(d[:8], "little") | 1  # never 0, the empty mark
        return int.from_bytes(d[8:16], "little") & self.mask, check

    def get(self, key: tuple[int, int]) -> Optional[tuple[tuple[float, ...], int]]:
        """(values, flag) stored for ``key``, or None."""
        b, check = key
        keys = self.keys
        for slot in (2 * b, 2 * b + 1):
            if keys[slot] == check:
                self.hits += 1
                return tuple(self.vals[slot].tolist()), int(self.meta[slot]) & 3
        return None

    def put(self, key: tuple[int, int], value: tuple[float, ...], work: int, flag: int = EXACT) -> None:
        b, check = key
        a, c = 2 * b, 2 * b + 1
        keys, meta = self.keys, self.meta
        if keys[a] == check or keys[a] == 0:
            slot = a
        elif keys[c] == check or keys[c] == 0:
            slot = c
        else:  # both taken by others: evict the cheaper one
            slot = a if meta[a] >> 2 <= meta[c] >> 2 else c
            self.replaced += 1
        self.stores += 1
        keys[slot] = check
        self.vals[slot] = value
        meta[slot] = (min(work, _WORK_MAX) << 2) | flag

    def clear(self) -> None:
        self.keys[:] = 0

    def used(self) -> int:
        return int(np.count_nonzero(self.keys))
