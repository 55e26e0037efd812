"""The monotonic clock the search loop and the solver read against their deadlines.

Deadlines are made by Python code from ``time.perf_counter()``, which on
Linux is ``CLOCK_MONOTONIC``; compiled, :func:`now` reads that clock with
``clock_gettime`` without the GIL, interpreted it is ``time.perf_counter()``.
Compiled, :func:`now` is a C function (cimported by ``ismcts`` and
``solver_rows``), not visible from Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    import time


def now():
    """Seconds on the monotonic clock of ``time.perf_counter()``."""
    if cython.compiled:
        ts = cython.declare(timespec)
        clock_gettime(CLOCK_MONOTONIC, cython.address(ts))
        return ts.tv_sec + ts.tv_nsec * 1e-9
    else:
        return time.perf_counter()
