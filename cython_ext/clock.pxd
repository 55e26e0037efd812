# Declarations of clock.py for Cython: the one monotonic clock the search loop
# (ismcts) and the solver (solver_rows) read against their deadlines.  Not
# inline: an inline declaration without its body in a .pxd makes Cython warn,
# and the call through the cimported pointer costs nothing beside the syscall.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef double now() noexcept nogil
