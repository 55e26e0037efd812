"""A transposition table of fixed size: the solver's memory is its budget.

The table itself is compiled (:mod:`cython_ext.solver_table`: keys, layout
of an entry, replacement policy); this module picks the compiled or the
interpreted one and checks the budget.

>>> import numpy as np
>>> t = TranspositionTable(players=3, megabytes=1, size=10)
>>> buf = np.arange(10, dtype=np.int32)
>>> k = t.key(buf)
>>> t.get(k) is None
True
>>> t.put(k, (0.5, 0.5, 0.0), 10, EXACT)
>>> t.get(k)
((0.5, 0.5, 0.0), 0)
>>> t.nbytes <= 1 << 20
True
"""
from __future__ import annotations

from typing import Any

from cython_ext import select
from engine.errors import BadConfig

_table = select.load("solver_table")
EXACT, LOWER, UPPER = _table.EXACT, _table.LOWER, _table.UPPER
MIN_MB, MAX_MB = 1, 65536


def TranspositionTable(players: int, megabytes: float = 64, size: int = 1024) -> Any:
    """A table of ``megabytes`` for positions of ``players`` seats held in buffers of ``size`` words."""
    if not MIN_MB <= megabytes <= MAX_MB:
        raise ValueError(f"memory must be {MIN_MB}-{MAX_MB} MB, not {megabytes}")
    try:
        return _table.SolverTable(players, megabytes, size)
    except MemoryError:  # numpy's _ArrayMemoryError is one: a budget above what the machine has
        raise BadConfig(f"cannot allocate the solver's {megabytes:g} MB table: not enough memory "
                        "on this machine (a smaller memory budget)") from None
